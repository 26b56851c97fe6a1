"""Regenerates the stubs of ``cardcore._core`` with pybind11-stubgen, into ``python/`` or the
directory given, and leaves the games out of ``_core/__init__.pyi``: each game's stub is its
own file (``_core/<game>.pyi``), which a type checker finds by its path, and the list of
games is ``_core.GAMES``, read when the module is imported. So no stub outside a game's own
names it (CONTRIBUTING.md, "Adding a game").

    python tools/stubs.py            # from the repository root
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cardcore import _core


def regenerate(output: Path) -> None:
    subprocess.run([sys.executable, "-m", "pybind11_stubgen", "cardcore._core", "-o", str(output)],
                   check=True, capture_output=True)
    init = output / "cardcore" / "_core" / "__init__.pyi"
    games = set(_core.GAMES)
    lines = [line for line in init.read_text().splitlines(keepends=True)
             if not (line.startswith("from . import ") and line.split()[-1] in games)]
    text = "".join(lines)
    text = re.sub(r"^__all__: list\[str\] = \[(.*)\]$",
                  lambda match: "__all__: list[str] = [" + ", ".join(
                      name for name in match[1].split(", ") if name.strip("'") not in games) + "]",
                  text, flags=re.MULTILINE)
    text = re.sub(r"^GAMES: tuple = \(.*\)$", "GAMES: tuple[str, ...]", text, flags=re.MULTILINE)
    init.write_text(text)


if __name__ == "__main__":
    regenerate(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("python"))
