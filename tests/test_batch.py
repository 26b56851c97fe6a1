"""The batch calls of every evaluator: equal to the scalar calls, independent of the
thread count, and strict about their input."""

from __future__ import annotations

import inspect
import itertools
import platform
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import cardcore as cc
from cardcore import _core

# (batch function, scalar function, cards per hand)
EVALUATORS: dict[str, tuple[Callable[..., Any], Callable[[int], int], int]] = {
    "buh": (cc.buh.strength_many, cc.buh.strength, 4),
    "badugi": (cc.badugi.strength_many, cc.badugi.strength, 4),
    "baibuu": (cc.baibuu.strength_many, cc.baibuu.strength, 2),
}
GAMES = list(EVALUATORS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("threads", [1, 2, 3, None])
def test_batch_equals_scalar_whatever_the_thread_count(game: str, threads: int | None) -> None:
    many, one, k = EVALUATORS[game]
    masks = cc.random_hands(100_003, k, seed=4)
    result = many(masks, threads=threads)
    assert result.dtype == np.int32 and result.shape == masks.shape
    assert result[:2000].tolist() == [one(int(m)) for m in masks[:2000]]
    assert np.array_equal(result, many(masks, threads=1))


@pytest.mark.parametrize("game", GAMES)
def test_other_integer_dtypes_shapes_and_layouts_are_converted(game: str) -> None:
    many, _, k = EVALUATORS[game]
    masks = cc.random_hands(60, k, seed=1)
    expected = many(masks)
    assert np.array_equal(many(masks.astype(np.int64)), expected)
    assert np.array_equal(many(masks.tolist()), expected)
    grid = masks.reshape(6, 10)
    assert np.array_equal(many(grid), expected.reshape(6, 10))
    assert np.array_equal(many(np.asfortranarray(grid)), expected.reshape(6, 10))
    assert np.array_equal(many(masks[::2]), expected[::2])
    assert many(np.array([], dtype=np.uint64)).shape == (0,)
    assert many(np.uint64(masks[0])).shape == ()


@pytest.mark.parametrize("game", GAMES)
def test_out_receives_the_result(game: str) -> None:
    many, _, k = EVALUATORS[game]
    masks = cc.random_hands(50, k, seed=2)
    out = np.zeros(50, dtype=np.int32)
    assert many(masks, out=out) is out
    assert np.array_equal(out, many(masks))
    for bad in (np.zeros(50, np.int64), np.zeros(49, np.int32), np.zeros(100, np.int32)[::2]):
        with pytest.raises(ValueError, match="out must be"):
            many(masks, out=bad)


@pytest.mark.parametrize("game", GAMES)
def test_large_results_reuse_freed_memory_and_never_a_live_ones(game: str) -> None:
    # A result of 1 MB or more comes from a pool of the blocks freed last (result_pool.cpp):
    # already mapped, so no page is zeroed again, and never the block of a live array.
    many, one, k = EVALUATORS[game]
    big, other = cc.random_hands(1_000_000, k, seed=5), cc.random_hands(1_000_000, k, seed=6)
    first = many(big)
    second = many(other)
    assert not np.shares_memory(first, second)
    address = first.ctypes.data
    expected_first = first.copy()
    del first
    third = many(other)
    assert third.ctypes.data == address  # the freed block, taken again
    assert np.array_equal(third, second) and third.flags.writeable and third.flags.c_contiguous
    assert third[:500].tolist() == [one(int(m)) for m in other[:500]]
    assert np.array_equal(many(big), expected_first)
    # A result of 1.2 MB does not take a 4 MB block: none more than twice its size.
    del third
    small = many(big[:300_000])
    assert small.ctypes.data != address
    assert np.array_equal(small, expected_first[:300_000])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("masks", "message"),
    [
        (np.array([1.5]), "integer .* array, got dtype float64"),
        (np.array([True]), "integer .* array, got dtype bool"),
        (np.array(["As"]), "integer .* array, got dtype <U2"),
        (np.array([15, -3]), r"masks\[1\] is negative"),
    ],
)
def test_wrong_dtypes_and_values_are_rejected(game: str, masks: Any, message: str) -> None:
    many, _, _ = EVALUATORS[game]
    with pytest.raises(ValueError, match=message):
        many(masks)


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_element_is_named_by_its_first_index(game: str) -> None:
    many, _, k = EVALUATORS[game]
    masks = cc.random_hands(200_000, k, seed=3)
    masks[150_001] = 0b111  # three cards
    masks[170_000] = 1 << 60
    for threads in (1, 2):
        with pytest.raises(ValueError, match=rf"masks\[150001\] = 7: .* needs {k} cards, got 3"):
            many(masks, threads=threads)
    masks[150_001] = masks[0]
    with pytest.raises(ValueError, match=r"masks\[170000\] = 1152921504606846976: .* bits outside"):
        many(masks)


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, 257, 2**40])
def test_bad_thread_counts(threads: Any) -> None:
    with pytest.raises(ValueError, match=r"threads must be None .* or an integer 1 to 256, got"):
        cc.buh.strength_many(cc.random_hands(4, 4), threads=threads)


def test_the_core_checks_its_arrays_too() -> None:
    masks = cc.random_hands(10, 4)
    with pytest.raises(ValueError, match="uint64 array, got dtype int64"):
        _core.buh.strength_many(masks.astype(np.int64), 1)
    with pytest.raises(ValueError, match="1-D"):
        _core.buh.strength_many(masks.reshape(2, 5), 1)
    with pytest.raises(ValueError, match="C-contiguous"):
        _core.buh.strength_many(masks[::2], 1)


# The four-card strength_many of Buh and Badugi and Bai Buu's settle_many by the house way run
# the best vector kernel the CPU has (AVX-512, else AVX2) and the portable loop otherwise;
# _core._limit_batch_kernel makes them run a lower one on any CPU.
KERNEL_GAMES = (cc.buh, cc.badugi)
KERNEL_NAMES = ("portable", "avx2", "avx512")  # the slowest first
BEST_KERNEL = _core._batch_kernel()
KERNELS = KERNEL_NAMES[: KERNEL_NAMES.index(BEST_KERNEL) + 1]  # every kernel this CPU runs


@contextmanager
def batch_kernel(most: str) -> Iterator[None]:
    """Runs the block on the best kernel the CPU has up to ``most``."""
    _core._limit_batch_kernel(most)
    try:
        yield
    finally:
        _core._limit_batch_kernel("avx512")


def expected_best_kernel() -> str | None:
    """The kernel this CPU's flags call for, where Linux lists them (None elsewhere)."""
    if platform.machine() not in ("x86_64", "AMD64") or sys.maxsize < 2**32:
        return "portable"  # the vector kernels are built for 64-bit x86 only
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        return None
    lines = [line for line in cpuinfo.splitlines() if line.startswith("flags")]
    if not lines:
        return None
    flags = set(lines[0].split())
    if {"avx512f", "avx512cd"} <= flags:
        return "avx512"
    return "avx2" if "avx2" in flags else "portable"


def evaluator_settings(module: ModuleType, verb: str = "strength_many") -> list[dict[str, Any]]:
    """Every combination of the house rules in the game's spec that its ``verb`` takes."""
    keywords = inspect.signature(getattr(module, verb)).parameters
    rules = [field for field in module.SPEC.house_rules if field.name in keywords]
    assert all(field.kind in ("choice", "bool") for field in rules)
    values = [field.choices if field.kind == "choice" else (False, True) for field in rules]
    return [dict(zip([field.name for field in rules], setting, strict=True))
            for setting in itertools.product(*values)]


KERNEL_CASES = [pytest.param(module, rules, id=f"{module.SPEC.name}-{rules}")
                for module in KERNEL_GAMES for rules in evaluator_settings(module)]


def test_buh_has_four_evaluator_settings_badugi_one_and_bai_buu_settlement_two() -> None:
    assert [len(evaluator_settings(module)) for module in KERNEL_GAMES] == [4, 1]
    assert len(evaluator_settings(cc.baibuu, "settle_many")) == 2


def test_the_best_kernel_is_the_best_the_cpu_has() -> None:
    assert BEST_KERNEL in KERNEL_NAMES
    expected = expected_best_kernel()
    assert expected in (None, BEST_KERNEL)


@pytest.mark.parametrize("most", KERNEL_NAMES)
def test_a_limit_runs_the_best_kernel_below_it_and_is_lifted(most: str) -> None:
    with batch_kernel(most):
        assert _core._batch_kernel() == min(most, BEST_KERNEL, key=KERNEL_NAMES.index)
    assert _core._batch_kernel() == BEST_KERNEL


def test_an_unknown_kernel_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown batch kernel 'sse'"):
        _core._limit_batch_kernel("sse")
    assert _core._batch_kernel() == BEST_KERNEL


# Each vector kernel against the portable loop (on a CPU without it, the best one below it).
@pytest.mark.parametrize("kernel", KERNEL_NAMES[1:])
@pytest.mark.parametrize(("module", "rules"), KERNEL_CASES)
def test_the_kernels_agree_on_every_hand(
    module: ModuleType, rules: dict[str, Any], kernel: str
) -> None:
    hands = cc.all_hands(4)  # 270,725: AVX-512's steps of 16, AVX2's blocks of 64, and tails
    with batch_kernel(kernel):
        vector = module.strength_many(hands, threads=1, **rules)
    with batch_kernel("portable"):
        portable = module.strength_many(hands, threads=1, **rules)
    assert np.array_equal(vector, portable)
    sample = hands[::1009]
    assert portable[::1009].tolist() == [module.strength(int(m), **rules) for m in sample]


@pytest.mark.parametrize("module", KERNEL_GAMES)
@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize(
    ("bad", "message"),
    [(0b111, "needs 4 cards, got 3"), (0b11111, "needs 4 cards, got 5"),
     (0, "needs 4 cards, got 0"), (0b111 | 1 << 52, "bits outside"),
     (0b111 | 1 << 63, "bits outside")],
)
def test_each_kernel_names_the_first_bad_mask_wherever_it_is(
    module: ModuleType, kernel: str, bad: int, message: str
) -> None:
    n = 136  # AVX-512's 8 steps of 16, AVX2's 2 blocks of 64, and a tail of 8
    hands = cc.random_hands(n, 4, seed=5)
    for index in range(n):
        masks = hands.copy()
        masks[index] = bad
        masks[min(index + 17, n - 1):] = 1 << 60 if index < n - 1 else bad  # later offenders
        with batch_kernel(kernel), pytest.raises(ValueError, match=message) as error:
            module.strength_many(masks, threads=1)
        assert f"masks[{index}] = {bad}" in str(error.value)


def rounds(n: int, seed: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """The banker's and the player's hands of ``n`` random Bai Buu rounds, contiguous."""
    deals = cc.random_deals(n, (4, 4), seed=seed)
    return np.ascontiguousarray(deals[:, 0]), np.ascontiguousarray(deals[:, 1])


@pytest.mark.parametrize("kernel", KERNEL_NAMES[1:])
@pytest.mark.parametrize("rules", evaluator_settings(cc.baibuu, "settle_many"), ids=str)
def test_the_kernels_settle_alike(rules: dict[str, Any], kernel: str) -> None:
    banker, player = rounds(300_007, seed=8)  # AVX-512's steps of 16, AVX2's blocks of 64, tails
    with batch_kernel(kernel):
        vector = cc.baibuu.settle_many(banker, player, threads=1, **rules).codes
    with batch_kernel("portable"):
        portable = cc.baibuu.settle_many(banker, player, threads=1, **rules).codes
    assert np.array_equal(vector, portable)
    assert len(np.unique(portable)) >= 10  # many kinds of outcome, not one repeated


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize(
    ("spoil", "message"),
    [("shared", "share"), ("three", "needs 4 cards, got 3"), ("bit-52", "bits outside")],
)
def test_each_kernel_names_the_first_bad_round_wherever_it_is(
    kernel: str, spoil: str, message: str
) -> None:
    n = 136  # AVX-512's 8 steps of 16, AVX2's 2 blocks of 64, and a tail of 8
    banker, player = rounds(n, seed=9)
    for index in range(n):
        b, p = banker.copy(), player.copy()
        if spoil == "shared":
            p[index] = b[index]
        elif spoil == "three":
            b[index] = 0b111
        else:
            p[index] = 0b111 | 1 << 52
        b[min(index + 17, n - 1):] = b[index] if index == n - 1 else 1 << 60  # later offenders
        with batch_kernel(kernel), pytest.raises(ValueError, match=message) as error:
            cc.baibuu.settle_many(b, p, threads=1)
        assert str(error.value).startswith(f"round {index}:")
