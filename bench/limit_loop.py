"""The scalar C table limit of the four-card strength_many (``limit_loop.c``), and the
machine's memory limit, compiled here with ``$CC`` (default ``cc``) ``-O3 -march=native``
into a temporary directory and called through ctypes, so that ``report.py`` measures them in
the same run as cardcore."""

from __future__ import annotations

import ctypes
import functools
import os
import shlex
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import cardcore as cc

SOURCE = Path(__file__).with_name("limit_loop.c")
FLAGS = ("-O3", "-march=native", "-shared", "-fPIC", "-pthread")


def compiler() -> str:
    """The compiler command, as it is run."""
    return shlex.join([*shlex.split(os.environ.get("CC", "cc")), *FLAGS[:2]])

Loop = Callable[[npt.NDArray[np.uint64], npt.NDArray[np.int32]], int]


@functools.cache
def _library() -> ctypes.CDLL:
    """Compiles ``limit_loop.c`` once a process; raises OSError with the compiler's words."""
    directory = Path(tempfile.mkdtemp(prefix="cardcore-limit-"))
    target = directory / "limit_loop.so"
    command = [*shlex.split(os.environ.get("CC", "cc")), *FLAGS, str(SOURCE), "-o", str(target)]
    try:
        subprocess.run(command, check=True, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as error:
        words = getattr(error, "stderr", None) or str(error)
        raise OSError(f"cannot compile the C limit loop ({shlex.join(command)}): {words}") \
            from error
    library = ctypes.CDLL(str(target))
    library.limit_init()
    for name in ("limit_checked", "limit_bare", "memory_pass"):
        getattr(library, name).restype = ctypes.c_int64
    return library


@functools.cache
def _table() -> npt.NDArray[np.uint16]:
    """Badugi's strength of every four-card hand in colex order, as uint16."""
    return cc.badugi.strength_many(cc.all_hands(4)).astype(np.uint16)


def _arguments(*arrays: npt.NDArray[Any], masks: npt.NDArray[np.uint64],
               out: npt.NDArray[np.int32]) -> list[Any]:
    """The C arguments ``(*arrays, masks, out, n)`` of a loop over ``masks`` into ``out``."""
    assert masks.flags.c_contiguous and out.flags.c_contiguous and len(out) >= len(masks)
    pointers = [ctypes.c_void_p(a.ctypes.data) for a in (*arrays, masks, out)]
    return [*pointers, ctypes.c_size_t(len(masks))]


def loop(name: str) -> Loop:
    """``limit_checked`` or ``limit_bare`` as a call ``(masks, out) -> -1 or 0``."""
    function = getattr(_library(), name)
    table = _table()

    def run(masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int32]) -> int:
        return int(function(*_arguments(table, masks=masks, out=out)))

    return run


def memory_pass(threads: int) -> Loop:
    """``memory_pass`` on 1 or 2 threads as a call ``(masks, out) -> 0``: ``out = masks & 7``."""
    function = _library().memory_pass

    def run(masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int32]) -> int:
        if function(*_arguments(masks=masks, out=out), ctypes.c_int(threads)) != 0:
            raise OSError("memory_pass could not start its second thread")
        return 0

    return run
