"""A check the draw games share: the text of a draw names cards of the drawer's hand, so
outside the draw (or exchange) there is no hand to read it against and it is refused."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest


def assert_refused_outside_the_draw(game: Any, verb: str, drawing: Callable[[Any], bool]) -> None:
    """Plays random games of `game`; at every decision where `drawing(state)` is false,
    "`verb` <a card of the player>" must raise "nobody is drawing now"."""
    rng = random.Random(4)
    refused = 0
    for seed in range(10):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            if player >= 0 and not drawing(state):
                card = str(state.hands[player]).split()[0]
                with pytest.raises(ValueError, match="nobody is drawing now"):
                    state.string_to_action(f"{verb} {card}")
                refused += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert refused > 20
