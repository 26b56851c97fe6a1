"""Reference oracle for Badugi hand evaluation, written from docs/rulebook/badugi.md 2.5.

1. Ace is low: A = 1, 2..10 = pips, J = 11, Q = 12, K = 13.
2. A legal subset has pairwise distinct ranks AND pairwise distinct suits.
3. k = the size of the largest legal subset; the hand's value is, among the legal subsets of
   size k, the one whose ranks sorted descending are lexicographically smallest.
5. Sort key (lower wins): (-k, ranks sorted descending).
6. The cards used: the best legal subset of size k with the lowest card ids (here: the
   lexicographically smallest sorted-ascending id tuple).

Everything is computed by literally enumerating every subset of the four cards.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from .cards import check_cards, rank_index, suit


@functools.cache  # a pure function of 52 cards
def badugi_rank(card: int) -> int:
    """A = 1 (always low), 2..10 = pips, J = 11, Q = 12, K = 13 (2.5 #1)."""
    r = rank_index(card)
    return 1 if r == 12 else r + 2


@functools.cache  # a pure function of the subset: the exhaustive passes meet each one often
def is_legal(subset: tuple[int, ...]) -> bool:
    """Pairwise distinct ranks and pairwise distinct suits (2.5 #2)."""
    ranks = {badugi_rank(c) for c in subset}
    suits = {suit(c) for c in subset}
    return len(ranks) == len(subset) and len(suits) == len(subset)


def legal_subsets(hand: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every non-empty legal subset of the hand, as sorted id tuples."""
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(sorted(hand), size):
            if is_legal(subset):
                yield subset


def descending_ranks(subset: tuple[int, ...]) -> tuple[int, ...]:
    """The subset's ranks sorted from highest to lowest."""
    return tuple(sorted((badugi_rank(c) for c in subset), reverse=True))


def _best(cards: Iterable[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(k, best descending ranks, card ids used) per 2.5 #3 and #6."""
    hand = check_cards(cards, (4,))
    subsets = list(legal_subsets(hand))
    k = max(len(s) for s in subsets)
    largest = [s for s in subsets if len(s) == k]
    best_ranks = min(descending_ranks(s) for s in largest)
    used = min(s for s in largest if descending_ranks(s) == best_ranks)
    return k, best_ranks, used


def key(cards: Iterable[int]) -> tuple[int, tuple[int, ...]]:
    """(-k, ranks sorted descending); lower wins (2.5 #5).

    >>> from .cards import parse
    >>> key(parse("A♠ 2♥ 3♦ K♦"))
    (-3, (3, 2, 1))
    """
    k, ranks, _ = _best(cards)
    return (-k, ranks)


def best_cards(cards: Iterable[int]) -> tuple[int, ...]:
    """The card ids used, sorted ascending (2.5 #6)."""
    return _best(cards)[2]


def key_and_cards(cards: Iterable[int]) -> tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]:
    """``(key(cards), best_cards(cards))`` from one enumeration of the subsets."""
    k, ranks, used = _best(cards)
    return (-k, ranks), used


def compare(a: Iterable[int], b: Iterable[int]) -> int:
    """+1 if a wins, -1 if b wins, 0 for a split (2.5 #4)."""
    ka, kb = key(a), key(b)
    if ka < kb:
        return 1
    if kb < ka:
        return -1
    return 0
