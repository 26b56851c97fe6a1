"""A built-in policy plays a place at the table, not a seat number.

Simulations and matches move the dealer from game to game, so a policy that played one
seat differently from another (the Badugi blueprint once met no trained table when seat 1
dealt, and bet at random there) would be measured as a mix of two players. Replaying a
hand's history in the same game with the first dealer k seats on deals every card to the
seat k places on, so it is the same hand with the seats turned: every built-in policy
must then take the same action for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardcore as cc
from cardcore._registry import module_of


def cases() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game whose dealer moves: its default configuration, its fewest and
    most seats, and a game of three hands where it has hands."""
    found = []
    for name, game in cc.GAMES.items():
        spec = module_of(name).SPEC
        if not spec.rotates_dealer:
            continue
        found.append((name, {}))
        if spec.seats_field:
            found += [(name, {spec.seats_field: n}) for n in (spec.min_players, spec.max_players)]
        if "hands" in game().config:
            found.append((name, {"hands": 3}))
    return found


def turned(module: Any, config: dict[str, Any], state: Any, k: int) -> Any:
    """The state's history replayed with the first dealer k seats on."""
    copy = module.Game(**config, first_dealer=k).new_initial_state()
    for action in state.history():
        copy.apply_action(action)
    return copy


@pytest.mark.parametrize(("name", "config"), cases())
def test_every_built_in_policy_plays_the_turned_hand_alike(name: str,
                                                           config: dict[str, Any]) -> None:
    module = module_of(name)
    game = module.Game(**config)
    seats = game.num_players
    rng = random.Random(3)
    decisions = 0
    for number in range(12):
        state = game.new_initial_state(seed=number)
        k = 1 + number % (seats - 1)
        while not state.is_terminal():
            if not state.is_chance_node():
                other = turned(module, config, state, k)
                assert other.current_player() == (state.current_player() + k) % seats
                for policy in module.SPEC.policies:
                    for seed in range(2):
                        assert (module.policy_action(other, policy, seed=seed)
                                == module.policy_action(state, policy, seed=seed)), (policy, seed)
                decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert decisions > 50
