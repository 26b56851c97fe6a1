"""A Strategy plays a place at the table, not a seat number (docs/solve.md, "A strategy as
a player").

Simulations, matches and vector environments move the dealer from game to game, so a
strategy solved with seat 0 dealing meets states whose first dealer is another seat. Its
information sets are keyed by ``information_state_string``, which names the seat and the
first dealer: looked up as they stand, every such decision would miss, and a sampled
strategy would play each legal action alike there (the Badugi blueprint once did). The
strategy must instead play the state's history replayed in its own seating, where every
card goes to the seat as many places on from the dealer.

The strategies here are written in the file format of docs/solve.md by this module, from
decisions of the game with seat 0 dealing, each given probabilities of its own."""

from __future__ import annotations

import random
import struct
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc
from cardcore._registry import module_of

MAGIC = b"cardcore.solution\n"
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def fnv1a(data: bytes) -> int:
    value = FNV_OFFSET
    for byte in data:
        value = ((value ^ byte) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return value


def text(value: str) -> bytes:
    raw = value.encode()
    return struct.pack("<I", len(raw)) + raw


def solution_file(path: Path, game: str, sets: dict[tuple[int, str], dict[int, float]],
                  *, uniform_elsewhere: bool) -> Path:
    """A solution file (version 2) of ``game`` listing ``sets``: (player, key) -> {action:
    probability}."""
    body = MAGIC + struct.pack("<I", 2) + text(game) + text("cfr+")
    body += struct.pack("<BqddI", uniform_elsewhere, 1, 0.0, 0.0, 0)
    body += struct.pack("<I", len(sets))
    for (player, key), probabilities in sets.items():
        body += struct.pack("<B", player) + text(key) + struct.pack("<I", len(probabilities))
        for action, probability in sorted(probabilities.items()):
            body += struct.pack("<id", action, probability)
    path.write_bytes(body + struct.pack("<Q", fnv1a(body)))
    return path


def game_text(module: Any, config: dict[str, Any]) -> str:
    """``"<name> <config>"``, a solution's game: the configuration as a serialized state's
    header gives it (docs/design.md, "Serialized states")."""
    header = module.Game(**config).new_initial_state().serialize().split(" | ")[0]
    return f"{module.SPEC.name} {header.split(' ', 1)[1]}"


def replayed(module: Any, config: dict[str, Any], state: Any) -> Any:
    """The state's history replayed in the game of ``config`` with explicit chance."""
    copy = module.Game(**config).new_initial_state()
    for action in state.history():
        copy.apply_action(action)
    return copy


def decisions(module: Any, config: dict[str, Any], count: int, seed: int) -> list[Any]:
    """``count`` decisions of random hands of the game of ``config``."""
    rng = random.Random(seed)
    game = module.Game(**config)
    found: list[Any] = []
    number = 0
    while len(found) < count:
        state = game.new_initial_state(seed=number)
        number += 1
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.3:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found[:count]


def skewed(legal: list[int], rng: random.Random) -> dict[int, float]:
    """Probabilities far from uniform: most of the weight on one action."""
    weights = [rng.random() for _ in legal]
    hot = rng.randrange(len(legal))
    weights[hot] += 20
    total = sum(weights)
    return {action: weight / total for action, weight in zip(legal, weights, strict=True)}


def two_seat_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game whose dealer moves and that seats two (the solvers' strategies
    are of two players): its two-seat configuration, and one of three hands where it has
    hands."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name, game in cc.GAMES.items():
        spec = module_of(name).SPEC
        if not spec.rotates_dealer or spec.min_players > 2:
            continue
        config = {spec.seats_field: 2} if spec.seats_field else {}
        found.append((name, config))
        if "hands" in game().config:
            found.append((name, {**config, "hands": 3}))
    return found


CASES = two_seat_cases()
NAME, CONFIG = next((name, config) for name, config in CASES if "hands" in cc.GAMES[name]().config)
"""The game of the tests below: a configuration of hands=2 is another game of it."""


@pytest.mark.parametrize(("name", "config"), CASES)
@pytest.mark.parametrize("solved_dealer", [0, 1])
def test_a_strategy_plays_its_sets_from_either_seat(tmp_path: Path, name: str,
                                                    config: dict[str, Any],
                                                    solved_dealer: int) -> None:
    module = module_of(name)
    solved = {**config, "first_dealer": solved_dealer}
    rng = random.Random(5)
    places = decisions(module, solved, 40, seed=solved_dealer)
    sets = {}
    for state in places:
        player = state.current_player()
        sets[(player, state.information_state_string(player))] = skewed(state.legal_actions(), rng)
    strategy = cc.solve.load(solution_file(tmp_path / "s.bin", game_text(module, solved), sets,
                                           uniform_elsewhere=True)).policy
    other = {**config, "first_dealer": 1 - solved_dealer}
    for state in places:
        key = (state.current_player(), state.information_state_string(state.current_player()))
        turned = replayed(module, other, state)
        assert turned.current_player() == 1 - state.current_player()
        assert strategy.action_probabilities(state) == pytest.approx(sets[key], abs=0)
        assert strategy.action_probabilities(turned) == pytest.approx(sets[key], abs=0)
        for seed in range(3):
            assert (module.policy_action(turned, strategy, seed=seed)
                    == module.policy_action(state, strategy, seed=seed))


def test_another_configuration_is_refused(tmp_path: Path) -> None:
    module = module_of(NAME)
    state = decisions(module, CONFIG, 1, seed=1)[0]
    player = state.current_player()
    sets = {(player, state.information_state_string(player)): skewed(state.legal_actions(),
                                                                     random.Random(1))}
    strategy = cc.solve.load(solution_file(tmp_path / "s.bin", game_text(module, CONFIG), sets,
                                           uniform_elsewhere=True)).policy
    other = {**CONFIG, "hands": 2}
    message = rf"a strategy of '{NAME} .*hands=1.*' cannot play '{NAME} .*hands=2"
    with pytest.raises(ValueError, match=message):
        strategy.action_probabilities(replayed(module, other, state))
    with pytest.raises(ValueError, match=message):
        cc.simulate(module.Game(**other), 10, policies=[strategy, "random"], seed=1)


def test_a_missing_set_names_the_player_and_no_card(tmp_path: Path) -> None:
    module = module_of(NAME)
    listed, missing = decisions(module, CONFIG, 2, seed=2)
    player = listed.current_player()
    key = (player, listed.information_state_string(player))
    sets = {key: skewed(listed.legal_actions(), random.Random(2))}
    strategy = cc.solve.load(solution_file(tmp_path / "s.bin", game_text(module, CONFIG), sets,
                                           uniform_elsewhere=False)).policy
    turned = replayed(module, {**CONFIG, "first_dealer": 1}, listed)
    assert strategy.action_probabilities(turned) == sets[key]
    with pytest.raises(ValueError, match="no information set of player") as error:
        strategy.action_probabilities(missing)
    hidden = missing.information_state_string(missing.current_player()).split(" | ", 1)[1]
    assert not any(part in str(error.value) for part in hidden.split(" | "))
