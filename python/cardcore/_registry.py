"""The registry: the one list of games on the Python side (the C++ one is
``games/registry.hpp``). Everything that works over every game iterates it: ``cc.GAMES``,
``cc.simulate``, the command line, ``play``, both adapters, the fuzz harnesses and the
conformance suite.

>>> list(GAMES)
['badugi', 'buh', 'baibuu', 'hucklebuck']
>>> spec_of("Badugi").display_name
'Badugi'
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from cardcore import badugi, baibuu, buh, hucklebuck
from cardcore._checks import shown
from cardcore.spec import GameSpec

MODULES: tuple[ModuleType, ...] = (badugi, buh, baibuu, hucklebuck)
"""Each game's module, in the registry's order."""

GAMES: dict[str, Any] = {module.SPEC.name: module.Game for module in MODULES}
"""The game engines by name; each builds states that follow the engine protocol."""


def module_of(game: str | Any) -> ModuleType:
    """The module of a game given as a registered name (any case) or a ``Game``; anything
    else is a ValueError listing the games."""
    for module in MODULES:
        named = isinstance(game, str) and game.lower() == module.SPEC.name
        if named or isinstance(game, module.Game):
            return module
    if isinstance(game, str):
        raise ValueError(f"unknown game {shown(game)}: expected one of {', '.join(GAMES)}")
    raise ValueError(f"not a cardcore game: {shown(game)}")


def spec_of(game: str | Any) -> GameSpec:
    """The spec of a game given as a name or a ``Game``."""
    spec: GameSpec = module_of(game).SPEC
    return spec
