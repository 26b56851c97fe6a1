"""The oracles' answers for every four-card hand, computed once per process.

Several tests compare cardcore with an oracle over all 270,725 four-card hands, and the
pure-Python oracles take seconds (Buh) to about half a minute (Bai Buu's house way) for one
pass. Each function here makes that pass the first time it is called and keeps what the
oracle returned, hand by hand, so that the tests of a game share it. Those tests carry
``pytest.mark.xdist_group(GROUP[game])``: with ``--dist loadgroup`` (pyproject.toml) one
pytest-xdist worker runs all of them, and the pass is made once per run.

Nothing here is an oracle of its own: every value is what the functions of
``tests/reference/<game>.py`` return for that hand. Equal results are stored once (most hands
share their Buh evaluation with many others), and the Bai Buu arrangements are kept as
arrays of masks (six per hand), which is how the tests compare them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from . import badugi, baibuu, buh
from .cards import all_hands

# The xdist group of each game's exhaustive tests (pytest.mark.xdist_group(GROUP[game])).
GROUP = {"buh": "buh-every-hand", "badugi": "badugi-every-hand", "baibuu": "baibuu-every-hand"}

@functools.cache
def hands() -> list[tuple[int, ...]]:
    """Every four-card hand as a sorted tuple of card ids, in lexicographic order
    (``cards.all_hands(4)``): the order of every list below."""
    return list(all_hands(4))


@functools.cache
def _positions() -> dict[tuple[int, ...], int]:
    return {hand: i for i, hand in enumerate(hands())}


def _shared(table: dict[Any, Any], value: Any) -> Any:
    """``value``, or an equal value stored before (one object for many hands)."""
    return table.setdefault(value, value)


def position(hand: tuple[int, ...]) -> int:
    """The index of a hand (its card ids in any order) in ``hands()``."""
    return _positions()[tuple(sorted(hand))]


def mask(cards: tuple[int, ...]) -> int:
    """The 64-bit mask of card ids (bit id set)."""
    return sum(1 << c for c in cards)


@functools.cache
def buh_evaluations() -> list[Mapping[str, object]]:
    """``buh.evaluate(hand)`` for every hand of ``hands()`` (read-only mappings)."""
    seen: dict[Any, Any] = {}
    results: list[Mapping[str, object]] = []
    for hand in hands():
        result = buh.evaluate(hand)
        items = tuple(result.items())
        if items not in seen:
            seen[items] = MappingProxyType(result)
        results.append(seen[items])
    return results


@functools.cache
def badugi_keys_and_cards() -> list[tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]]:
    """``(badugi.key(hand), badugi.best_cards(hand))`` for every hand of ``hands()``, from one
    enumeration of the hand's subsets (``badugi.key_and_cards``)."""
    seen: dict[Any, Any] = {}
    results = []
    for hand in hands():
        key, used = badugi.key_and_cards(hand)
        results.append((_shared(seen, key), used))
    return results


@functools.cache
def baibuu_naturals() -> list[str | None]:
    """``baibuu.natural(hand)`` for every hand of ``hands()``."""
    return [baibuu.natural(hand) for hand in hands()]


@functools.cache
def baibuu_house_ways() -> list[baibuu.Arrangement | None]:
    """``baibuu.house_way(hand)`` for every hand of ``hands()``."""
    return [baibuu.house_way(hand) for hand in hands()]


@functools.cache
def baibuu_arrangements() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.bool_]]:
    """For every hand of ``hands()``, row by row, its six ``baibuu.arrangements`` in their order:
    the mask of each one's Low cards, and ``baibuu.is_valid(low, high)``."""
    lows = np.zeros((len(hands()), 6), dtype=np.uint64)
    valid = np.zeros((len(hands()), 6), dtype=bool)
    for row, hand in enumerate(hands()):
        arrangements = baibuu.arrangements(hand)
        lows[row] = [mask(low) for low, _ in arrangements]
        valid[row] = [baibuu.is_valid(low, high) for low, high in arrangements]
    return lows, valid
