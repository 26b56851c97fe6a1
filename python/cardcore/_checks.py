"""The argument checks that every Python-side call shares (integers, thread counts, real
numbers, text), and the bound on the user's input that a message quotes."""

from __future__ import annotations

import math
import numbers
import operator
import os
from collections.abc import Callable
from pathlib import Path
from typing import SupportsIndex

import numpy as np

from cardcore import _core

MAX_QUOTED = 200
"""The most characters a message shows of the user's input, the '…' of an elision included
(``kMaxQuoted`` of ``cardcore/core/text.hpp``, which bounds the C++ messages the same way)."""


def _part_shown(text: str, max_chars: int) -> tuple[str, str]:
    """What a message shows of ``text``, and the note of its length ('' when it is whole)."""
    max_chars = max(max_chars, 1)
    if len(text) <= max_chars:
        return text, ""
    head = max_chars // 2
    tail = max_chars - 1 - head
    return f"{text[:head]}…{text[len(text) - tail:]}", f" ({len(text):,} characters)"


def elide_input(text: str, max_chars: int = MAX_QUOTED) -> str:
    """``text`` as a message shows it, without quotes (for text that quotes itself, like a
    repr): whole when it has at most ``max_chars`` characters; otherwise its first
    ``max_chars // 2`` characters, '…' and its last ones, ``max_chars`` characters in all,
    followed by its length. Characters are code points (``len``), as the C++ helper counts
    them in UTF-8. Only the part shown is copied.

    >>> elide_input("As Kd")
    'As Kd'
    >>> elide_input("0123456789" * 3, 11)
    '01234…56789 (30 characters)'
    """
    part, note = _part_shown(text, max_chars)
    return part + note


def quote_input(text: str, max_chars: int = MAX_QUOTED) -> str:
    """``text`` in single quotes, elided as :func:`elide_input` does with its length after
    the closing quote: every message that names text the user gave quotes it this way.

    >>> quote_input("smart")
    "'smart'"
    >>> quote_input("cardcore.badugi/1 " + "x" * 10**7, 20)
    "'cardcore.b…xxxxxxxxx' (10,000,018 characters)"
    """
    part, note = _part_shown(text, max_chars)
    return f"'{part}'{note}"


def shown(value: object, max_chars: int = MAX_QUOTED) -> str:
    """A value the user gave as a message shows it: a str quoted (:func:`quote_input`),
    anything else as its repr, elided in the middle with its length stated when long.

    >>> print(shown("robot"), shown(1.5), shown(list(range(100)), 11))
    'robot' 1.5 [0, 1…, 99] (390 characters)
    """
    if isinstance(value, str):
        return quote_input(value, max_chars)
    return elide_input(repr(value), max_chars)


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
    refused = CardcoreTypeError(
        f"{name} must be {expected}, got {type(value).__name__} {shown(value)}")
    if type(value) is int:  # the common case, without the slow isinstance of a Protocol
        number = value
    elif isinstance(value, (bool, np.bool_)) or not isinstance(value, SupportsIndex):
        raise refused
    else:
        try:
            number = operator.index(value)
        except TypeError:  # a NumPy array has __index__, which refuses it
            raise refused from None
    if not valid(number):
        raise ValueError(f"{name} must be {expected}, got {shown(value)}")
    return number


def checked_seed(seed: object, name: str = "seed") -> int:
    """A seed for the C++ generators: an integer in [0, 2**64) (checked_int; ``name`` is
    the argument's, as the error shows it).

    >>> checked_seed(np.uint64(7))
    7
    """
    return checked_int(seed, name, "an integer in [0, 2**64)", lambda n: 0 <= n < 2**64)


MAX_THREADS: int = next(option["max"] for option in _core.search_options()
                        if option["name"] == "threads")
"""The most threads any call takes (``threads=``): the search's bound, as the C++ core
declares it."""


def read_user_file(path: str | os.PathLike[str], what: str) -> bytes:
    """The bytes of the file ``path`` that the user named; one that cannot be read (missing,
    a directory, no permission) is a ValueError naming ``what``, the path and the reason.

    >>> read_user_file("/", "the record")
    Traceback (most recent call last):
    ValueError: cannot read the record '/': Is a directory
    """
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise ValueError(f"cannot read {what} {quote_input(str(path))}: "
                         f"{error.strerror}") from None


def write_user_file(path: str | os.PathLike[str], data: str | bytes, what: str) -> None:
    """Writes ``data`` (text as UTF-8) to the file ``path`` that the user named; one that
    cannot be written (a directory, a missing folder, no permission) is a ValueError
    naming ``what``, the path and the reason.

    >>> write_user_file("/", "x", "the record")
    Traceback (most recent call last):
    ValueError: cannot write the record '/': Is a directory
    """
    try:
        if isinstance(data, str):
            Path(path).write_text(data, encoding="utf-8")
        else:
            Path(path).write_bytes(data)
    except OSError as error:
        raise ValueError(f"cannot write {what} {quote_input(str(path))}: "
                         f"{error.strerror}") from None


def checked_executor(executor: object) -> object:
    """``executor`` as every call that takes ``executor=`` checks it: None, or an object
    whose ``submit`` method runs a task (a ``concurrent.futures`` executor, or a Dask
    client's ``get_executor()``), checked before any work is sent.

    >>> checked_executor(None) is None
    True
    >>> checked_executor(4)
    Traceback (most recent call last):
    ValueError: executor must be None or an executor (one with submit()), got 4
    """
    if executor is None or callable(getattr(executor, "submit", None)):
        return executor
    raise ValueError(f"executor must be None or an executor (one with submit()), got "
                     f"{shown(executor)}")


def checked_threads(threads: object, *, none: str = "") -> int:
    """A thread count: an integer 1 to :data:`MAX_THREADS` (checked_int), as every call that
    takes ``threads`` checks it; ``none`` says what None means where the caller takes it
    (the caller resolves None first).

    >>> checked_threads(np.int32(4))
    4
    >>> checked_threads(2**40, none="every core")
    Traceback (most recent call last):
    ValueError: threads must be None (every core) or an integer 1 to 256, got 1099511627776
    """
    expected = f"an integer 1 to {MAX_THREADS}"
    return checked_int(threads, "threads", f"None ({none}) or {expected}" if none else expected,
                       lambda n: 1 <= n <= MAX_THREADS)


def checked_real(value: object, name: str, expected: str,
                 valid: Callable[[float], bool] = lambda _: True) -> float:
    """``value`` as a float if it is a finite real number (an int, a float, a NumPy number:
    anything ``numbers.Real`` but a bool) for which ``valid`` holds. Otherwise "<name> must
    be <expected>, got ...": a CardcoreTypeError for another type, a ValueError for a value
    out of range or too large for a float.

    >>> checked_real(np.float32(1.5), "uct_c", "a finite number >= 0", lambda c: c >= 0)
    1.5
    >>> checked_real(float("nan"), "uct_c", "a finite number >= 0")
    Traceback (most recent call last):
    ValueError: uct_c must be a finite number >= 0, got nan
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise CardcoreTypeError(
            f"{name} must be {expected}, got {type(value).__name__} {shown(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond a float's range
        number = math.inf
    if not (math.isfinite(number) and valid(number)):
        raise ValueError(f"{name} must be {expected}, got {shown(value)}")
    return number


def refuse_bytes(value: object, name: str, expected: str) -> None:
    """Bytes where a name or a list of names is meant are a CardcoreTypeError: they are a
    sequence of ints, which would be read as that many entries.

    >>> refuse_bytes(b"x", "name", "a str")
    Traceback (most recent call last):
    cardcore._checks.CardcoreTypeError: name must be a str, got bytes b'x': decode it to a str
    """
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise CardcoreTypeError(f"{name} must be {expected}, got {type(value).__name__} "
                                f"{shown(value)}: decode it to a str")


def physical_memory() -> int | None:
    """This machine's memory in bytes, or None where the platform does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def byte_size(count: float) -> str:
    """A byte count for people: ``byte_size(3 * 2**30)`` is ``'3.0 GiB'``.

    >>> byte_size(16 * 10**15)
    '14.2 PiB'
    """
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if count < 1024:
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count:.1f} PiB"


def check_allocation(needed: int, what: str, instead: str) -> None:
    """Raises ValueError before an allocation of ``needed`` bytes that this machine's
    memory cannot hold, saying how much ``what`` needs and what to do ``instead``."""
    memory = physical_memory()
    if memory is not None and needed > memory:
        raise ValueError(f"{what} needs {byte_size(needed)}, more than this machine's "
                         f"{byte_size(memory)} of memory; {instead}")
