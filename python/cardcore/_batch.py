"""What every batch call shares: mask arrays, thread counts and the strength kernels.

Thread safety. Every evaluator (scalar or batch), every batch call (``strength_many``,
``settle_many``, ``random_hands``, ``random_deals``, ``all_hands``, ``ids_from_masks``,
``masks_from_ids``), ``cc.simulate`` and ``baibuu.player_expectation`` may be called from
any number of Python threads at once; results never depend on it, nor on ``threads=``.
``strength_many``, ``settle_many``, ``random_hands``, ``random_deals`` and the simulations
release the GIL while C++ works, so Python threads run them in parallel (the others hold it:
they are safe, one at a time). The batch calls read their input arrays and write only their
output: do not modify an input array, or an ``out=`` array, from another thread while a call
on it is running. The tables behind the evaluators are built once, on first use (importing
cardcore builds none), as C++ function-local statics, whose
initialisation C++11 makes thread-safe (racing threads wait for the one building), and never
change afterwards; the first use of Bai Buu's optimal arrangement builds its table (about a
second) and blocks the callers meanwhile. A ``Game`` is immutable: share one between threads
freely. A ``State`` is a plain value with no shared parts, and its clones share nothing with
it, so states in different threads are independent; one state must not be used from two
threads at once (give each thread its own, or a ``clone()``). Tested by
``tests/test_threads.py``.
"""

from __future__ import annotations

import functools
import os
from typing import Protocol

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._checks import MAX_THREADS, checked_threads

MaskArray = npt.NDArray[np.uint64]
StrengthArray = npt.NDArray[np.int32]


class StrengthKernel(Protocol):
    def __call__(
        self, masks: MaskArray, threads: int, out: StrengthArray | None
    ) -> StrengthArray: ...


def as_mask_array(masks: npt.ArrayLike, name: str = "masks") -> MaskArray:
    """``masks`` as a C-contiguous uint64 array of the same shape. Integer arrays of other
    widths are converted; other dtypes and negative values are a ValueError."""
    array = np.asarray(masks)
    if array.size == 0 and not isinstance(masks, np.ndarray):
        array = array.astype(np.uint64)  # NumPy gives an empty list dtype float64
    if array.dtype.kind not in "iu":
        raise ValueError(f"{name} must be an integer (uint64) array, got dtype {array.dtype}")
    if array.dtype.kind == "i" and array.size and array.min() < 0:
        index = int(np.argmax(array.reshape(-1) < 0))
        raise ValueError(f"{name}[{index}] is negative: a card mask is a non-negative integer")
    return np.asarray(array, dtype=np.uint64, order="C")


def resolve_threads(threads: int | None, size: int) -> int:
    """The thread count for a batch of ``size`` items: ``None`` means every core (at most
    MAX_THREADS) for large batches and one thread for small ones, else checked_threads.
    Results never depend on it."""
    if threads is None:
        return min(os.cpu_count() or 1, MAX_THREADS) if size >= 1 << 16 else 1
    return checked_threads(threads, none="every core for a large batch")


def map_strengths(
    kernel: StrengthKernel,
    masks: npt.ArrayLike,
    threads: int | None,
    out: StrengthArray | None,
) -> StrengthArray:
    """Runs a strength kernel over masks of any shape; the result has the same shape."""
    array = as_mask_array(masks)
    flat_out = None
    if out is not None:
        if not isinstance(out, np.ndarray) or out.dtype != np.int32 or out.shape != array.shape:
            raise ValueError(
                f"out must be an int32 array of shape {array.shape}, got "
                f"{getattr(out, 'dtype', type(out).__name__)} {getattr(out, 'shape', '')}"
            )
        if not out.flags.c_contiguous:
            raise ValueError("out must be C-contiguous")
        if not out.flags.writeable:
            raise ValueError("out must be a writeable array, got a read-only one")
        flat_out = out.reshape(-1)
    result = kernel(array.reshape(-1), resolve_threads(threads, array.size), flat_out)
    return out if out is not None else result.reshape(array.shape)


@functools.cache
def _sorted_strengths(kernel: StrengthKernel, hand_size: int) -> StrengthArray:
    """The strength of every ``hand_size``-card hand, sorted (built once per game)."""
    hands = np.asarray(_core.all_hands(hand_size))
    return np.sort(kernel(hands, resolve_threads(None, hands.size), None))


def share_beaten(kernel: StrengthKernel, hand_size: int, strength: int) -> float:
    """The share of all ``hand_size``-card hands that a hand of ``strength`` beats (by the
    game's ``kernel``, higher wins), a tie counting half: its percentile rank. The first
    call of a game ranks all its hands (270,725 of four cards: a few milliseconds in C++)."""
    table = _sorted_strengths(kernel, hand_size)  # type: ignore[arg-type]  # a pybind11 function
    below = int(np.searchsorted(table, strength, side="left"))
    ties = int(np.searchsorted(table, strength, side="right")) - below
    return (below + ties / 2) / len(table)
