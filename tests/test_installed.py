"""What an installed cardcore gives a user who type-checks: the PEP 561 marker and the stubs
of the C++ module ship inside the package, and a user's typed code passes mypy --strict
against the installed copy, run from outside the checkout. The wheel stage (.ci/wheel) runs
this file against the installed wheel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cardcore
from tests.conftest import MYPY_GROUP

REPO = Path(__file__).resolve().parents[1]
PACKAGE = Path(cardcore.__file__).resolve().parent
# scikit-build-core's editable install finds the package through an import hook, which mypy
# does not follow: the user's view needs the package installed as files (pip install .).
EDITABLE = (REPO / "python" / "cardcore").resolve() == PACKAGE


def test_the_package_is_marked_typed() -> None:
    assert (PACKAGE / "py.typed").is_file(), f"no py.typed in {PACKAGE}"


def test_the_stubs_of_the_module_ship_with_it() -> None:
    committed = REPO / "python" / "cardcore" / "_core"
    names = sorted(str(p.relative_to(committed)) for p in committed.rglob("*.pyi"))
    assert names, "no committed stubs"
    for name in names:
        installed = PACKAGE / "_core" / name
        assert installed.is_file(), f"{name} is not installed"
        assert installed.read_text() == (committed / name).read_text(), f"{name} differs"


@pytest.mark.skipif(EDITABLE, reason="an editable install: mypy cannot see it as a user does")
@pytest.mark.xdist_group(MYPY_GROUP)
def test_typed_user_code_passes_mypy_strict_against_the_installed_package(
    tmp_path: Path,
) -> None:
    examples = sorted((REPO / "tests" / "typing").glob("*.py"))
    assert examples
    for example in examples:  # copied out, so that nothing of the checkout is on the path
        (tmp_path / example.name).write_text(example.read_text())
    # The checkout's cache (tests/test_quality.py fills it; the same xdist group runs both
    # in turn) spares parsing NumPy's stubs again; the cardcore modules, at another path
    # here, are checked anew.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(REPO / ".mypy_cache"),
         *(example.name for example in examples)],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
