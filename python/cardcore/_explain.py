"""What ``cardcore eval`` and ``cardcore compare`` print, shared by the game modules' own
``explain`` and ``explain_compare``."""

from __future__ import annotations

from collections.abc import Callable

from cardcore.cards import CardLike

_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


def beats(percentile: float, hand_size: int) -> str:
    """``beats 93.5% of four-card hands``: a hand's :attr:`percentile` in words.

    >>> beats(93.4817, 4), beats(0.0, 2)
    ('beats 93.5% of four-card hands', 'beats 0.0% of two-card hands')
    """
    return f"beats {percentile:.1f}% of {_COUNTS.get(hand_size, str(hand_size))}-card hands"


def versus(explain: Callable[[CardLike], str], compare: Callable[[CardLike, CardLike], int],
           a: CardLike, b: CardLike, tie: str = "tie") -> str:
    """Both hands explained, then which wins (``tie`` names an equal pair)."""
    verdict = {1: "first wins", -1: "second wins", 0: tie}[compare(a, b)]
    return f"{explain(a)}\n{explain(b)}\n=> {verdict}"
