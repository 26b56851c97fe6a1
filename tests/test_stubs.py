"""The committed stubs of the C++ module are exactly what tools/stubs.py (pybind11-stubgen,
with the games left out of ``_core/__init__.pyi``) generates now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COMMITTED = REPO / "python" / "cardcore" / "_core"
REGENERATE = "python tools/stubs.py"


def test_stubs_are_up_to_date(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(REPO / "tools" / "stubs.py"), str(tmp_path)], check=True,
                   capture_output=True)
    generated = tmp_path / "cardcore" / "_core"
    names = sorted(str(p.relative_to(generated)) for p in generated.rglob("*.pyi"))
    assert names == sorted(str(p.relative_to(COMMITTED)) for p in COMMITTED.rglob("*.pyi")), (
        f"stub files differ; regenerate with `{REGENERATE}` from the repository root"
    )
    for name in names:
        assert (generated / name).read_text() == (COMMITTED / name).read_text(), (
            f"{name} is stale; regenerate with `{REGENERATE}` from the repository root"
        )
