"""
Hucklebuck tricks (rules/hucklebuck.md 4.3).
"""
from __future__ import annotations
import collections.abc
import typing
__all__: list[str] = ['legal_plays', 'trick_winner']
def legal_plays(hand: typing.Any, led_suit: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Mask of the cards of ``hand`` that may be played; led_suit -1 when leading.
    
    >>> legal_plays("Ks 4s 9h 2c 7d", 3) == 1 << 11 | 1 << 47  # 4s and Ks
    True
    """
def trick_winner(plays: collections.abc.Iterable[typing.Any], trump: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Index of the winning play (lead first); trump is a suit index 0-3 (c d h s).
    
    >>> trick_winner(["7s", "Ks", "2h", "As"], 2)
    2
    """
