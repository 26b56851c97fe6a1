"""cardcore: fast, exact hand evaluators and game engines for Buh, Badugi, Bai Buu and
Hucklebuck, with a C++ core.

>>> import cardcore as cc
>>> cc.badugi.evaluate("As 2h 3d 4c").description
'4-card 4-3-2-A'
>>> cc.buh.evaluate("As Ah Ac Ad").hand_class
'star'
"""

# No ``from __future__ import annotations`` here: its name would show in ``dir(cardcore)``.
from importlib import metadata as _metadata
from typing import TYPE_CHECKING as _TYPE_CHECKING

from cardcore import _core, search, solve
from cardcore._registry import GAMES as _GAMES
from cardcore._registry import load_state
from cardcore.cards import (
    Card,
    CardLike,
    CardSet,
    all_hands,
    ids_from_masks,
    masks_from_ids,
    random_deals,
    random_hands,
)
from cardcore.matches import MatchResult, match
from cardcore.picture import replay
from cardcore.record import load_record, save_record, to_record
from cardcore.simulation import SimulationResult, simulate
from cardcore.vector import VectorEnv, VectorEnvPart, VectorStep
from cardcore.view import view

if _TYPE_CHECKING:  # the games' modules, for type checkers; at run time the registry imports
    # each game of _core.GAMES (cardcore._registry), and the import makes it an attribute here.
    from cardcore import badugi as badugi
    from cardcore import baibuu as baibuu
    from cardcore import buh as buh
    from cardcore import hucklebuck as hucklebuck
    from cardcore import kuhn as kuhn
    from cardcore import leduc as leduc

__version__: str = _metadata.version("cardcore")
"""The installed version (project(cardcore VERSION ...) in CMakeLists.txt)."""

CHANCE: int = _core.CHANCE
"""What current_player() returns at a chance node."""
TERMINAL: int = _core.TERMINAL
"""What current_player() returns at the end of a game."""

GAMES = _GAMES
"""The game engines by name, in the registry's order (``_core.GAMES``); each builds states
that follow the engine protocol."""


__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Card",
    "CardLike",
    "CardSet",
    "MatchResult",
    "SimulationResult",
    "VectorEnv",
    "VectorEnvPart",
    "VectorStep",
    "__version__",
    "all_hands",
    "ids_from_masks",
    "load_record",
    "load_state",
    "masks_from_ids",
    "match",
    "random_deals",
    "random_hands",
    "replay",
    "save_record",
    "search",
    "simulate",
    "solve",
    "to_record",
    "view",
    *GAMES,  # each game's module, cardcore.<game>
]
