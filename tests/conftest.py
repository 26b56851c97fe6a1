"""Shared fixtures: every four-card hand, as masks and as card-id tuples (the oracles'
form), in colex order (the order of cardcore.all_hands); and the CMake build of the C++ core
and its tests that tests/test_cpp_tests.py and tests/test_cpp_package.py share."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

# cardcore is imported by the fixtures that use it, not here: tests that need no installed
# package (tests/test_cpp_tests.py, tests/test_format.py) run without one.

REPO = Path(__file__).resolve().parents[1]
# The xdist group of the tests that use the cpp_build fixture: with --dist loadgroup
# (pyproject.toml) one worker runs them all, so the C++ is compiled once per run.
CPP_BUILD_GROUP = "cpp-build"
# The tests that run mypy: one worker runs them in turn, sharing the checkout's mypy cache.
MYPY_GROUP = "mypy"
# Why the PokerKit cross-checks skip (pyproject.toml's test extra installs it from 3.11).
POKERKIT_MISSING = "pokerkit is not installed: it needs Python 3.11 or later"


@pytest.fixture(scope="session")
def four_card_masks() -> npt.NDArray[np.uint64]:
    import cardcore as cc

    return cc.all_hands(4)


@pytest.fixture(scope="session")
def four_card_hands(four_card_masks: npt.NDArray[np.uint64]) -> list[tuple[int, ...]]:
    import cardcore as cc

    return [tuple(row) for row in cc.ids_from_masks(four_card_masks, 4).tolist()]


def dense_ranks(keys: list[object], lower_wins: bool = True) -> npt.NDArray[np.int32]:
    """Strength-style dense ranks of oracle keys: 1 for the worst, equal keys equal."""
    distinct = sorted(set(keys), reverse=lower_wins)  # worst first
    rank = {key: i + 1 for i, key in enumerate(distinct)}
    return np.array([rank[key] for key in keys], dtype=np.int32)


def vector_ids(vectors: list[tuple[object, ...]]) -> list[str]:
    """pytest ids from the vector names in the first column of a rules table."""
    return [str(vector[0]) for vector in vectors]


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Runs a command, capturing its output as text (never raises on a failure)."""
    return subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                          text=True)


def report(result: subprocess.CompletedProcess[str]) -> str:
    """A command and everything it printed, for an assertion message."""
    return f"{' '.join(map(str, result.args))}\n{result.stdout}{result.stderr}"


def cmake_build(binary: Path, *targets: str) -> None:
    """Builds targets (all by default) of a configured build directory, Release, -j2."""
    cmake = shutil.which("cmake")
    assert cmake is not None, "needs cmake (the tests that build C++ skip without it)"
    chosen = [arg for target in targets for arg in ("--target", target)]
    compiled = run(cmake, "--build", binary, "--config", "Release", "-j2", *chosen)
    assert compiled.returncode == 0, (
        "the C++ does not build (warnings are errors here):\n" + report(compiled))


@pytest.fixture(scope="session")
def cpp_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A CMake build of the source checkout, configured once per run (Release at -O1, a unity
    build, warnings as errors, -DCARDCORE_BUILD_TESTS=ON) with the core library built.
    tests/test_cpp_package.py installs the core from it, and tests/test_cpp_tests.py builds
    and runs the C++ tests in it, so the core is compiled once. A failure shows the
    compiler's output.

    Set CARDCORE_CPP_TESTS_BUILD_DIR to a directory to keep the build there and rebuild only
    what changed on the next run."""
    cmake = shutil.which("cmake")
    assert cmake is not None, "needs cmake (the tests that build C++ skip without it)"
    cached = os.environ.get("CARDCORE_CPP_TESTS_BUILD_DIR")
    binary = Path(cached).resolve() if cached else tmp_path_factory.mktemp("cpp_build")
    # Ninja when there is one (and the directory is new: a cache keeps its generator).
    ninja = shutil.which("ninja") and not (binary / "CMakeCache.txt").is_file()
    # A unity build compiles the core as one translation unit (a third of the CPU time of
    # file by file), and -O1 compiles the tests in four fifths of -O2's time; they run as
    # fast. The wheel's -O2 build of the same sources shows -O2's own warnings.
    configure = run(cmake, "-S", REPO, "-B", binary, *(["-G", "Ninja"] if ninja else []),
                    "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG",
                    "-DCARDCORE_BUILD_TESTS=ON", "-DCMAKE_UNITY_BUILD=ON",
                    "-DCMAKE_COMPILE_WARNING_AS_ERROR=ON")
    assert configure.returncode == 0, report(configure)
    cmake_build(binary, "cardcore_core")
    return binary
