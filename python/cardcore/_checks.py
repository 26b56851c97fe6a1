"""The integer argument checks that every Python-side call shares."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import SupportsIndex

import numpy as np


class CardcoreTypeError(TypeError, ValueError):
    """An argument of the wrong type: a TypeError by Python convention, and a ValueError as
    cardcore promises for every bad input (so ``except ValueError`` catches it too)."""


def checked_int(value: object, name: str, expected: str,
                valid: Callable[[int], bool] = lambda _: True) -> int:
    """``value`` as an int if it is an integer (an int, a NumPy integer: anything with
    ``__index__`` but a bool) for which ``valid`` holds. Otherwise "<name> must be
    <expected>, got ...": a CardcoreTypeError for another type, a ValueError for a value
    out of range.

    >>> checked_int(np.int64(2), "threads", "a positive integer", lambda n: n >= 1)
    2
    """
    if type(value) is int:  # the common case, without the slow isinstance of a Protocol
        number = value
    elif isinstance(value, (bool, np.bool_)) or not isinstance(value, SupportsIndex):
        raise CardcoreTypeError(f"{name} must be {expected}, got {type(value).__name__} {value!r}")
    else:
        number = operator.index(value)
    if not valid(number):
        raise ValueError(f"{name} must be {expected}, got {value!r}")
    return number


def checked_seed(seed: object) -> int:
    """A seed for the C++ generators: an integer in [0, 2**64) (checked_int).

    >>> checked_seed(np.uint64(7))
    7
    """
    return checked_int(seed, "seed", "an integer in [0, 2**64)", lambda n: 0 <= n < 2**64)
