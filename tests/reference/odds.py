"""A brute-force oracle of draw odds, from the rules alone.

A draw throws a legal discard (Badugi: any 0 to 4 cards, ``docs/rulebook/badugi.md``; Buh:
0 to 2 cards, or 3 only when the card kept is an ace, never 4, ``docs/rulebook/buh.md`` 1.3
#9) and replaces it with as many cards from the unseen ones (the deck less the hand and the
dead cards), every set of them equally likely. The oracle lists every such set and ranks
each final hand by the reference evaluators' keys (``tests/reference/badugi.py`` and
``buh.py``, through ``every_hand``): a strength is the dense rank of the key among the keys
of all four-card hands, 1 for the worst, and a class is what the evaluator names.

The lists are NumPy arrays only for speed: the sets are ``itertools.combinations`` of the
unseen cards, and a final hand is found among all four-card hands by binary search.
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from . import every_hand
from .cards import rank_index

ACE = 12
GAMES = ("badugi", "buh")


@functools.cache
def _masks() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
    """Every four-card hand's mask in ascending order, and the position in
    ``every_hand.hands()`` of each."""
    hands = np.array(every_hand.hands(), dtype=np.uint64)
    masks = np.bitwise_or.reduce(np.uint64(1) << hands, axis=1)
    order = np.argsort(masks)
    return masks[order], order


@functools.cache
def _keys_and_classes(game: str) -> tuple[list[Any], list[str]]:
    """The reference key (lower wins) and class of every hand of ``every_hand.hands()``."""
    if game == "badugi":
        results = every_hand.badugi_keys_and_cards()
        return [key for key, _ in results], [f"{-key[0]}-card" for key, _ in results]
    evaluations = every_hand.buh_evaluations()
    keys = [(1 if e["is_skunk"] else 0, 0 if e["is_skunk"] else e["value"], e["hooch"])
            for e in evaluations]
    return keys, [str(e["hand_class"]) for e in evaluations]


@functools.cache
def strengths(game: str) -> npt.NDArray[np.int64]:
    """The strength of every hand of ``every_hand.hands()``: 1 for the largest key (the
    worst hand) up to the number of distinct keys for the smallest."""
    keys, _ = _keys_and_classes(game)
    distinct = sorted(set(keys))
    rank = {key: len(distinct) - i for i, key in enumerate(distinct)}
    return np.array([rank[key] for key in keys], dtype=np.int64)


@functools.cache
def class_of_strength(game: str) -> dict[int, str]:
    """The class of each strength (the rules make it a function of the key)."""
    _, classes = _keys_and_classes(game)
    result: dict[int, str] = {}
    for s, name in zip(strengths(game).tolist(), classes, strict=True):
        assert result.setdefault(s, name) == name
    return result


def strength_of(game: str, cards: tuple[int, ...]) -> int:
    return int(strengths(game)[every_hand.position(cards)])


def is_legal_discard(game: str, hand: tuple[int, ...], discard: tuple[int, ...]) -> bool:
    """Whether ``discard`` (a subset of the four-card ``hand``) may be thrown in a draw."""
    if game == "badugi":
        return True
    kept = [c for c in hand if c not in discard]
    if len(discard) <= 2:
        return True
    return len(discard) == 3 and rank_index(kept[0]) == ACE


def legal_discards(game: str, hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [d for k in range(5) for d in combinations(hand, k) if is_legal_discard(game, hand, d)]


@functools.cache
def _subsets(n: int, k: int) -> npt.NDArray[np.intp]:
    """Every k-subset of range(n), one row each."""
    flat = np.fromiter((i for combo in combinations(range(n), k) for i in combo), dtype=np.intp)
    return flat.reshape(-1, k)


def final_strengths(game: str, hand: tuple[int, ...], discard: tuple[int, ...],
                    dead: tuple[int, ...] = ()) -> npt.NDArray[np.int64]:
    """The strength of the hand after each possible draw (one entry per draw)."""
    unseen = np.array([c for c in range(52) if c not in hand and c not in dead], dtype=np.uint64)
    kept = np.uint64(sum(1 << c for c in hand if c not in discard))
    k = len(discard)
    if k == 0:
        finals = np.array([kept], dtype=np.uint64)
    else:
        bits = np.uint64(1) << unseen[_subsets(len(unseen), k)]
        finals = np.bitwise_or.reduce(bits, axis=1) | kept
    masks, order = _masks()
    found = np.searchsorted(masks, finals)
    assert np.array_equal(masks[found], finals)
    result: npt.NDArray[np.int64] = strengths(game)[order[found]]
    return result


def draw_counts(game: str, hand: tuple[int, ...], discard: tuple[int, ...],
                dead: tuple[int, ...] = ()) -> Counter[int]:
    """How many draws end with each strength."""
    return Counter(final_strengths(game, hand, discard, dead).tolist())


def class_counts(game: str, counts: Counter[int]) -> Counter[str]:
    classes = class_of_strength(game)
    result: Counter[str] = Counter()
    for s, n in counts.items():
        result[classes[s]] += n
    return result
