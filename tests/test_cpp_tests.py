"""The native C++ tests (cpp/tests): configures the source checkout with
-DCARDCORE_BUILD_TESTS=ON, builds the core and the test executables with warnings as errors,
and runs them with ctest (a minute or two). A failing C++ test fails here with ctest's output.

Set CARDCORE_CPP_TESTS_BUILD_DIR to a directory to keep the build there and rebuild only what
changed on the next run. This file does not import cardcore: it needs no installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CMAKE = shutil.which("cmake")
CTEST = shutil.which("ctest")
NINJA = shutil.which("ninja")

pytestmark = [
    pytest.mark.skipif(CMAKE is None or CTEST is None,
                       reason="needs cmake and ctest (and a C++20 compiler) on PATH"),
    pytest.mark.skipif(not (REPO / "CMakeLists.txt").is_file(),
                       reason="needs the source checkout (CMakeLists.txt next to tests/)"),
]


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                          text=True)


def report(result: subprocess.CompletedProcess[str]) -> str:
    return f"{' '.join(map(str, result.args))}\n{result.stdout}{result.stderr}"


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build directory, configured and built; a failure shows the compiler's output."""
    cached = os.environ.get("CARDCORE_CPP_TESTS_BUILD_DIR")
    binary = Path(cached).resolve() if cached else tmp_path_factory.mktemp("cpp_tests")
    # Ninja when there is one (and the directory is new: a cache keeps its generator).
    generator = ["-G", "Ninja"] if NINJA and not (binary / "CMakeCache.txt").is_file() else []
    configure = run(CMAKE, "-S", REPO, "-B", binary, *generator, "-DCMAKE_BUILD_TYPE=Release",
                    "-DCARDCORE_BUILD_TESTS=ON", "-DCMAKE_COMPILE_WARNING_AS_ERROR=ON")
    assert configure.returncode == 0, report(configure)
    compiled = run(CMAKE, "--build", binary, "--config", "Release", "-j2")
    assert compiled.returncode == 0, (
        "the C++ tests do not build (warnings are errors here):\n" + report(compiled))
    return binary


def test_every_cpp_test_passes(build: Path) -> None:
    result = run(CTEST, "-C", "Release", "--output-on-failure", "--no-tests=error", "-j2",
                 cwd=build)
    assert result.returncode == 0, "a C++ test failed:\n" + report(result)
    assert "100% tests passed" in result.stdout, report(result)


def test_a_filter_that_matches_no_case_fails(build: Path) -> None:
    """ctest names each game's cases by a filter (engine_buh runs `test_engines buh`): a
    misspelt one must fail rather than run nothing."""
    executable = next(path for path in (build / "test_engines", build / "test_engines.exe",
                                        build / "Release" / "test_engines.exe")
                      if path.is_file())
    result = run(executable, "no such game")
    assert result.returncode == 1, report(result)
    assert "no test case matches the filter 'no such game'" in result.stderr
