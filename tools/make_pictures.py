"""Writes the pictures of fixed states: one per game for docs/pictures.md (in
docs/_static/pictures, as seat 0 sees it) and the golden pictures that
tests/test_pictures.py compares byte for byte (in tests/data/pictures: the same states with
every card shown in the dark theme, and a short animated replay).

Run ``python tools/make_pictures.py`` after a change to the drawing, and review the
pictures' diff; the docs build (docs/conf.py) runs it too, and ``--check`` only says which
files are not current (exit status 1).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardcore as cc

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "_static" / "pictures"
GOLDEN = ROOT / "tests" / "data" / "pictures"


def _after(state: Any, moves: int,
           pick: Callable[[list[int]], int] = lambda legal: legal[0]) -> Any:
    """``state`` after ``moves`` moves, each the one ``pick`` chooses of the legal ones."""
    for _ in range(moves):
        state.apply_action(pick(state.legal_actions()))
    return state


def states() -> dict[str, Any]:
    """The fixed state drawn for each game."""
    hucklebuck = cc.hucklebuck.Game(players=4).new_initial_state(seed=4)
    while hucklebuck.phase != "play":
        hucklebuck.apply_action(hucklebuck.legal_actions()[0])
    return {
        "badugi": _after(cc.badugi.Game().new_initial_state(seed=1), 3, lambda legal: legal[-1]),
        "buh": _after(cc.buh.Game(players=5).new_initial_state(seed=2), 4, lambda legal: legal[-1]),
        "baibuu": _after(cc.baibuu.Game(player_hands=3, banker="agent")
                         .new_initial_state(seed=3), 4),
        "hucklebuck": _after(hucklebuck, 2),
    }


def pictures() -> dict[Path, str]:
    """Every picture this script writes, by path."""
    out: dict[Path, str] = {}
    for name, state in states().items():
        out[DOCS / f"{name}.svg"] = state.to_svg(0)
        out[GOLDEN / f"{name}-all-dark.svg"] = state.to_svg(None, theme="dark", scale=0.75)
    game = _after(cc.badugi.Game().new_initial_state(seed=1), 3, lambda legal: legal[-1])
    out[GOLDEN / "badugi-replay-seat1.svg"] = cc.replay(game).to_svg(viewer=1)
    return out


def stale() -> list[Path]:
    """The pictures whose file is missing or not what this script draws."""
    return [path for path, text in pictures().items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def write(under: Path = ROOT) -> None:
    """Writes the pictures whose path is under ``under`` (the docs build: DOCS only)."""
    for path, text in pictures().items():
        if path.is_relative_to(under):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        old = stale()
        print("\n".join(f"not current: {path.relative_to(ROOT)}" for path in old))
        sys.exit(1 if old else 0)
    write()
