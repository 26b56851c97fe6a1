#!/usr/bin/env python3
"""Fuzzes the batch calls with arbitrary arrays: any dtype, shape and strides, masks with
the right number of cards, more, fewer, or bits outside the 52 card positions. Each call
goes through the public function and straight into the C++ binding. A batch call must
succeed exactly when every element is valid, and then agree with the scalar call."""

from __future__ import annotations

import functools
import operator
from typing import Any

import atheris
import numpy as np
from _common import attempt, cc, main

from cardcore import _core
from cardcore._registry import MODULES

# Each batch evaluator of the registered games: the module, its binding and its hand size.
EVALUATORS = tuple(
    (m, getattr(_core, m.SPEC.name).strength_many, m.HAND_SIZE)
    for m in MODULES if hasattr(m, "strength_many")
)
SETTLERS = tuple(m for m in MODULES if hasattr(m, "settle_many"))
DTYPES = ("<u8", ">u8", "<i8", "u4", "i4", "u1", "i1", "f8", "f4", "?", "O", "Q", "q", "U3")


def mask(fdp: atheris.FuzzedDataProvider, cards: int) -> int:
    """A 64-bit mask: ``cards`` cards, one more or fewer, or anything."""
    kind = fdp.ConsumeIntInRange(0, 4)
    if kind == 4:
        return fdp.ConsumeIntInRange(0, 2**64 - 1)
    count = max(0, cards + kind - 2) if kind in (1, 3) else cards
    ids = {fdp.ConsumeIntInRange(0, 51 if kind else 63) for _ in range(count)}
    return sum(1 << i for i in ids)


def array(fdp: atheris.FuzzedDataProvider, cards: int) -> Any:
    """An array of masks in a fuzzed dtype, shape and layout."""
    values = np.array(
        [mask(fdp, cards) for _ in range(fdp.ConsumeIntInRange(0, 24))], dtype=np.uint64
    )
    dtype = DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)]
    result: Any = values.astype(dtype)
    layout = fdp.ConsumeIntInRange(0, 4)
    if layout == 1 and result.size % 2 == 0:
        result = result.reshape(2, -1)
    elif layout == 2:
        result = result[:: fdp.ConsumeIntInRange(1, 3)]  # strided
    elif layout == 3 and result.size % 2 == 0:
        result = np.asfortranarray(result.reshape(-1, 2))
    elif layout == 4 and result.size:
        result = result[0]  # a 0-d array or a scalar
    return result


def scalar_results(call: Any, values: Any) -> list[Any] | None:
    """``call`` on each element, or None if any is rejected."""
    results = []
    for value in np.asarray(values).reshape(-1).tolist():
        ok, result = attempt(call, value)
        if not ok:
            return None
        results.append(result)
    return results


def check_strengths(fdp: atheris.FuzzedDataProvider) -> None:
    module, kernel, cards = EVALUATORS[fdp.ConsumeIntInRange(0, len(EVALUATORS) - 1)]
    masks = array(fdp, cards)
    threads = (None, 1, 2, 3, 0, -1, 64)[fdp.ConsumeIntInRange(0, 6)]
    out = None
    if fdp.ConsumeBool():
        out = np.empty(np.shape(masks), dtype=("i4", "i8", "u4")[fdp.ConsumeIntInRange(0, 2)])
    ok, strengths = attempt(module.strength_many, masks, threads=threads, out=out)
    if ok:
        expected = scalar_results(module.strength, masks)
        assert expected is not None and strengths.reshape(-1).tolist() == expected, masks
        assert strengths.shape == np.shape(masks) and strengths.dtype == np.int32
    elif (
        isinstance(masks, np.ndarray)
        and masks.dtype.kind == "u"
        and out is None
        and threads not in (0, -1)
    ):  # then something in the masks must be wrong
        assert scalar_results(module.strength, masks) is None, masks
    # The binding itself, with whatever it is given.
    raw_threads = threads if isinstance(threads, int) else 1
    attempt(kernel, masks, raw_threads, out)


def check_settle(fdp: atheris.FuzzedDataProvider) -> None:
    module = SETTLERS[fdp.ConsumeIntInRange(0, len(SETTLERS) - 1)]
    banker, player = array(fdp, 4), array(fdp, 4)
    low = array(fdp, 2) if fdp.ConsumeBool() else None
    ok, rounds = attempt(
        module.settle_many, banker, player, player_low=low, threads=fdp.ConsumeIntInRange(1, 3)
    )
    if ok:
        for i in range(min(len(rounds), 3)):  # a few rounds against the scalar settle
            b, p = int(np.ravel(banker)[i]), int(np.ravel(player)[i])
            side: Any = p if low is None else (int(np.ravel(low)[i]), p & ~int(np.ravel(low)[i]))
            ok_one, outcome = attempt(module.settle, b, side)
            if ok_one:  # settle() also rejects a (low, high) that is not two pairs
                assert bool(rounds.player_wins[i]) == (outcome.winner == "player"), (b, side)
                assert module.REASONS[rounds.reason[i]] == outcome.reason, (b, side)
    attempt(getattr(_core, module.SPEC.name).settle_many, banker, player, low, 1)


def check_ids(fdp: atheris.FuzzedDataProvider) -> None:
    k = fdp.ConsumeIntInRange(-1, 53)
    masks = array(fdp, max(k, 0))
    ok, ids = attempt(cc.ids_from_masks, masks, k)
    if ok:
        assert ids.shape == (np.size(masks), k)
        back = cc.masks_from_ids(ids)
        assert back.tolist() == np.asarray(masks).reshape(-1).astype(np.uint64).tolist()
    attempt(_core.ids_from_masks, masks, k)
    # Arbitrary id tables the other way.
    table = np.array([fdp.ConsumeIntInRange(-2, 60) for _ in range(fdp.ConsumeIntInRange(0, 12))])
    table = table.astype(DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)])
    if table.size % 3 == 0 and fdp.ConsumeBool():
        table = table.reshape(-1, 3)
    ok, built = attempt(cc.masks_from_ids, table)
    if ok:
        assert [int(m).bit_count() for m in built] == [table.shape[1]] * len(built)


def check_random(fdp: atheris.FuzzedDataProvider) -> None:
    n, seed = fdp.ConsumeIntInRange(-2, 40), fdp.ConsumeInt(9)
    k = fdp.ConsumeIntInRange(-2, 60)
    ok, hands = attempt(cc.random_hands, n, k, seed=seed)
    if ok:
        assert hands.shape == (n,) and all(int(m).bit_count() == k for m in hands)
    sizes = [fdp.ConsumeIntInRange(-1, 30) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    ok, deals = attempt(cc.random_deals, n, sizes, seed=seed)
    if ok:
        assert deals.shape == (n, len(sizes))
        for row in deals.tolist():
            assert [m.bit_count() for m in row] == sizes
            assert sum(row) == functools.reduce(operator.or_, row, 0)  # disjoint hands
    k = fdp.ConsumeIntInRange(-2, 60)
    if k not in (4, 5):  # C(52, 4) and C(52, 5) hands are too slow for a fuzz input
        ok, every = attempt(cc.all_hands, k)
        if ok:
            assert len(every) == len(set(every.tolist()))


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    (check_strengths, check_settle, check_ids, check_random)[fdp.ConsumeIntInRange(0, 3)](fdp)


if __name__ == "__main__":
    main(test_one_input)
