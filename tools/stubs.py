"""Regenerates the stubs of ``cardcore._core`` with pybind11-stubgen, into ``python/`` or the
directory given, and leaves the games out of ``_core/__init__.pyi``: each game's stub is its
own file (``_core/<game>.pyi``), which a type checker finds by its path, and the list of
games is ``_core.GAMES``, read when the module is imported. A function bound for every game
(the solver's, one overload a game) takes the protocol's ``cardcore.protocol.Game`` in the
stubs instead. So no stub outside a game's own names it (CONTRIBUTING.md, "Adding a game").

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
    for stub in sorted((output / "cardcore" / "_core").glob("*.pyi")):
        if stub.stem not in games:
            stub.write_text(_without_games(stub.read_text(), games))


_OVERLOAD = re.compile(r'@typing\.overload\ndef (\w+)\((.*)\n    """\n((?:    .*\n)*?)    """\n')
"""One overload of a function as pybind11-stubgen writes it: its name, the rest of its
signature line, and its docstring."""


def _without_games(text: str, games: set[str]) -> str:
    """A stub whose overloads by game (``game: cardcore._core.<game>.Game``) become one
    function over ``cardcore.protocol.Game``, and which imports no game's stub."""
    names = "|".join(sorted(games))
    if not re.search(rf"cardcore\._core\.(?:{names})\.Game", text):
        return text
    text = re.sub(rf"cardcore\._core\.(?:{names})\.Game", "cardcore.protocol.Game", text)
    text = re.sub(rf"^import cardcore\._core\.(?:{names})\n", "", text, flags=re.MULTILINE)
    text = text.replace("import collections.abc\n",
                        "import cardcore.protocol\nimport collections.abc\n", 1)
    seen: dict[str, int] = {}
    for match in _OVERLOAD.finditer(text):
        seen[match[0]] = seen.get(match[0], 0) + 1
    for block, count in seen.items():
        if count > 1:  # the same overload for every game: one plain function
            first = text.index(block)
            text = text[:first] + block.replace("@typing.overload\n", "", 1) + text[
                first + len(block):].replace(block, "")
    return text


if __name__ == "__main__":
    regenerate(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("python"))
