"""Every game's Game and State satisfy cardcore.protocol (checked by mypy --strict)."""

from __future__ import annotations

import cardcore as cc
from cardcore.protocol import Game, State

games: list[Game] = [cc.badugi.Game(), cc.buh.Game(), cc.baibuu.Game(), cc.hucklebuck.Game()]
states: list[State] = [game.new_initial_state(seed=1) for game in games]
copies: list[State] = [state.clone() for state in states]
