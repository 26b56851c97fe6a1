"""
Bai Buu evaluation and settlement (rules/baibuu.md 3).
"""
from __future__ import annotations
import numpy
import numpy.typing
import typing
__all__: list[str] = ['arrangement_low', 'class_of_strength', 'highest_card', 'house_way', 'is_valid', 'natural', 'settle', 'settle_many', 'two_card_strength', 'two_card_strength_many']
def arrangement_low(holding: typing.SupportsInt | typing.SupportsIndex, index: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The Low hand (mask) of arrangement ``index`` 0-5 of a four-card holding mask.
    
    >>> arrangement_low(15, 5)
    12
    """
def class_of_strength(strength: typing.SupportsInt | typing.SupportsIndex) -> str:
    """
    The class name of a two-card strength.
    
    >>> class_of_strength(12)
    'cong_lon'
    """
def highest_card(cards: typing.Any) -> int:
    """
    Card id of the highest card by rank (ace high), then suit ♠ > ♥ > ♣ > ♦.
    
    >>> highest_card("Ac Ad")
    48
    """
def house_way(cards: typing.Any) -> int | None:
    """
    The house way's arrangement index 0-5 (rules/baibuu.md 3.9), None for a Natural.
    
    >>> house_way("Qs Kh 6c 4d")
    0
    """
def is_valid(low: typing.Any, high: typing.Any) -> bool:
    """
    Whether High is strictly stronger than Low (rules/baibuu.md 3.6).
    
    >>> is_valid("4s 5h", "Ks Kh")
    True
    """
def natural(cards: typing.Any) -> str | None:
    """
    The Natural a four-card holding makes, or None.
    
    >>> natural("6s 7s 8s 9s")
    'straight_flush'
    """
def settle(banker_cards: typing.SupportsInt | typing.SupportsIndex, banker_low: typing.SupportsInt | typing.SupportsIndex, player_cards: typing.SupportsInt | typing.SupportsIndex, player_low: typing.SupportsInt | typing.SupportsIndex) -> dict[str, typing.Any]:
    """
    Settles one player hand against the banker (masks; a Low of 0 means the house way).
    
    >>> settle(0xF0000, 0, 0xF, 0)["reason"]
    'player_natural'
    """
def settle_many(banker: numpy.ndarray, player: numpy.ndarray, player_low: numpy.ndarray | None, threads: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.uint8]:
    """
    Packed outcomes of whole arrays of rounds: bit 0 player wins, bits 1-3 the reason (0 hands,
    1 high_card, 2 player_natural, 3 banker_natural, 4 player_foul), bits 4-5 and 6-7 the Low and High results (0 banker, 1 player, 2 tie, 3 not
    compared).
    
    >>> import numpy as np
    >>> settle_many(np.array([0xF0000], np.uint64), np.array([0xF], np.uint64), None, 1).tolist()
    [245]
    """
def two_card_strength(cards: typing.Any) -> int:
    """
    Strength 1-25 of a two-card hand: Score p is 1 + p, Công Nhỏ 11, Công Lớn 12,
    a pair 13 (twos) to 25 (aces).
    
    >>> two_card_strength("Ah 9c"), two_card_strength("2s 2h")
    (11, 13)
    """
def two_card_strength_many(masks: numpy.ndarray, threads: typing.SupportsInt | typing.SupportsIndex, out: numpy.ndarray | None = None) -> numpy.typing.NDArray[numpy.int32]:
    """
    Strengths of a 1-D C-contiguous uint64 array of 2-card masks, with the GIL released,
    written to ``out`` (int32, same length) when given.
    
    >>> import numpy as np
    >>> two_card_strength_many(np.array([3], dtype=np.uint64), 1, None).tolist()
    [13]
    """
