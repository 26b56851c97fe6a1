"""The native C++ tests (cpp/tests): built with warnings as errors in the CMake build of
the source checkout that tests/test_cpp_package.py shares (tests/conftest.py, cpp_build:
-DCARDCORE_BUILD_TESTS=ON), and run with ctest (a minute or two with the build). A failing
C++ test fails here with ctest's output.

Set CARDCORE_CPP_TESTS_BUILD_DIR to a directory to keep the build there and rebuild only what
changed on the next run. This file does not import cardcore: it needs no installed package."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import CPP_BUILD_GROUP, REPO, cmake_build, report, run

CMAKE = shutil.which("cmake")
CTEST = shutil.which("ctest")

pytestmark = [
    pytest.mark.skipif(CMAKE is None or CTEST is None,
                       reason="needs cmake and ctest (and a C++20 compiler) on PATH"),
    pytest.mark.skipif(not (REPO / "CMakeLists.txt").is_file(),
                       reason="needs the source checkout (CMakeLists.txt next to tests/)"),
    pytest.mark.xdist_group(CPP_BUILD_GROUP),
]


@pytest.fixture(scope="module")
def tests_build(cpp_build: Path) -> Path:
    """The shared build directory with the C++ test executables built too."""
    cmake_build(cpp_build)
    return cpp_build


def test_every_cpp_test_passes(tests_build: Path) -> None:
    result = run(CTEST, "-C", "Release", "--output-on-failure", "--no-tests=error", "-j2",
                 cwd=tests_build)
    assert result.returncode == 0, "a C++ test failed:\n" + report(result)
    assert "100% tests passed" in result.stdout, report(result)


def test_a_filter_that_matches_no_case_fails(tests_build: Path) -> None:
    """ctest names each game's cases by a filter (engine_buh runs `test_engines buh`): a
    misspelt one must fail rather than run nothing."""
    candidates = ("test_engines", "test_engines.exe", "Release/test_engines.exe")
    executable = next(tests_build / name for name in candidates if (tests_build / name).is_file())
    result = run(executable, "no such game")
    assert result.returncode == 1, report(result)
    assert "no test case matches the filter 'no such game'" in result.stderr
