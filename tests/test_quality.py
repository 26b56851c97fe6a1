"""The package passes mypy --strict and ruff, as CI requires."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import MYPY_GROUP

REPO = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True)


@pytest.mark.xdist_group(MYPY_GROUP)
def test_mypy_strict() -> None:
    result = run(sys.executable, "-m", "mypy", "--strict", "python/cardcore", "tests/typing")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff() -> None:
    result = run(sys.executable, "-m", "ruff", "check", "python", "tests", "bench", "examples",
                 "fuzz", "tools")
    assert result.returncode == 0, result.stdout + result.stderr
