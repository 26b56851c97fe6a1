"""The C++ core as a CMake package: `cmake --install` gives headers, the static library and
a config that a separate project (examples/cpp) finds with find_package(cardcore) and links
as cardcore::core. Installs the core from the shared CMake build of the source checkout
(tests/conftest.py, cpp_build; a minute or two when this run has not built it yet)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import cardcore as cc
from tests.conftest import CPP_BUILD_GROUP, REPO

CMAKE = shutil.which("cmake")

pytestmark = [
    pytest.mark.skipif(CMAKE is None, reason="needs cmake (and a C++20 compiler) on PATH"),
    pytest.mark.skipif(not (REPO / "CMakeLists.txt").is_file(),
                       reason="needs the source checkout (CMakeLists.txt next to tests/)"),
    pytest.mark.xdist_group(CPP_BUILD_GROUP),
]


def cmake(*args: str | Path) -> None:
    command = [str(CMAKE), *map(str, args)]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout}{result.stderr}"


def build(source: Path, binary: Path, *defines: str) -> None:
    cmake("-S", source, "-B", binary, "-DCMAKE_BUILD_TYPE=Release", *defines)
    cmake("--build", binary, "--config", "Release", "-j2")


@pytest.fixture(scope="module")
def sim(cpp_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example simulator, built against the core installed into a fresh prefix from the
    shared build (tests/conftest.py)."""
    work = tmp_path_factory.mktemp("cpp_package")
    prefix = work / "prefix"
    cmake("--install", cpp_build, "--prefix", prefix, "--config", "Release")
    assert (prefix / "include" / "cardcore" / "games" / "badugi" / "state.hpp").is_file()
    build(REPO / "examples" / "cpp", work / "sim", f"-DCMAKE_PREFIX_PATH={prefix}")
    # Single-config generators put it in the build directory, multi-config ones in Release/.
    for candidate in ("sim", "sim.exe", "Release/sim.exe"):
        if (work / "sim" / candidate).is_file():
            return work / "sim" / candidate
    raise AssertionError(f"no sim executable in {work / 'sim'}")


def run(sim: Path, *args: str) -> dict[str, str]:
    """The simulator's report, one `name value` line each, as a dict."""
    result = subprocess.run([str(sim), *args], capture_output=True, text=True, check=True)
    return dict(line.rsplit(" ", 1) for line in result.stdout.splitlines())


def test_the_installed_package_builds_a_program(sim: Path) -> None:
    report = run(sim, "300", "11")
    assert (report["hands"], report["seed"]) == ("300", "11")
    # Badugi is zero-sum, and every hand ends with both players holding four cards.
    assert int(report["seat 0 total"]) + int(report["seat 1 total"]) == 0
    classes = [int(report[name]) for name in ("badugi", "three-card", "two-card", "one-card")]
    assert sum(classes) == 2 * 300
    # Four random cards make a badugi about 6% of the time, a three-card hand most often.
    assert classes[1] > classes[0] > 0


def test_the_same_seed_gives_the_same_hands(sim: Path) -> None:
    assert run(sim, "200", "5") == run(sim, "200", "5")
    assert run(sim, "200", "5") != run(sim, "200", "6")


def test_it_plays_the_hands_python_simulates(sim: Path) -> None:
    report = run(sim, "400", "3")
    result = cc.simulate("badugi", 400, policies=["random", "random"], seed=3)
    assert float(report["seat 0 total"]) == result.returns[:, 0].sum()
    assert float(report["seat 0 mean"]) == pytest.approx(np.mean(result.returns[:, 0]), abs=1e-6)


def test_bad_arguments_get_a_usage_message(sim: Path) -> None:
    result = subprocess.run([str(sim), "0"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "usage: sim [n [seed]] (n must be at least 1)" in result.stderr
