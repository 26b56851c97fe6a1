"""The documentation site builds with warnings as errors (the examples on its pages run in
test_doctests.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"

for name in ("sphinx", "myst_parser", "furo"):
    pytest.importorskip(name, reason=f"the docs build needs {name} (pip install '.[docs]')")


def test_site_builds_without_warnings(tmp_path: Path) -> None:
    # -W: any warning (a broken reference, a page outside the toctree, a docstring autodoc
    # cannot import or parse) fails the build; -E: no cached environment.
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-E", "-q", "-b", "html",
         str(DOCS), str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    pages = {str(p.relative_to(DOCS).with_suffix("")) for p in DOCS.rglob("*.md")
             if "_build" not in p.parts}
    built = {str(p.relative_to(tmp_path).with_suffix("")) for p in tmp_path.rglob("*.html")}
    assert pages <= built, f"pages not built: {sorted(pages - built)}"
    # The compiled classes are documented from the extension module's docstrings.
    api = (tmp_path / "api.html").read_text(encoding="utf-8")
    for game in ("buh", "badugi", "baibuu", "hucklebuck"):
        for cls in ("Game", "State"):
            assert f'id="cardcore.{game}.{cls}"' in api, f"cardcore.{game}.{cls} is undocumented"
