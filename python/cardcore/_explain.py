"""What ``cardcore eval`` and ``cardcore compare`` print, shared by the game modules' own
``explain`` and ``explain_compare``."""

from __future__ import annotations

from collections.abc import Callable

from cardcore.cards import CardLike


def versus(explain: Callable[[CardLike], str], compare: Callable[[CardLike, CardLike], int],
           a: CardLike, b: CardLike, tie: str = "tie") -> str:
    """Both hands explained, then which wins (``tie`` names an equal pair)."""
    verdict = {1: "first wins", -1: "second wins", 0: tie}[compare(a, b)]
    return f"{explain(a)}\n{explain(b)}\n=> {verdict}"
