"""The engine protocol (docs/design.md), checked the same way for every registered game:
random play to the end in both chance modes, clone, serialize and pickle, illegal actions,
conservation of chips and cards, hidden information, determinism."""

from __future__ import annotations

import os
import pickle
import random
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore._registry import MODULES

# Configurations each game is played under; every game in cc.GAMES must have some.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "badugi": [
        {},
        {"hands": 12},
        {"stacks": (7, 30), "first_dealer": 1},
        {"max_raises": 0},
        {"stacks": (3, 100), "hands": 12},  # all-ins: hands that end on a draw
    ],
    "buh": [
        *({"players": n} for n in range(2, 9)),
        {"players": 5, "stacks": (3, 8, 20, 5, 40), "first_dealer": 2},
        {"players": 4, "hands": 6, "stacks": 12},
        {"players": 8, "stacks": 4, "ante": 2},
    ],
    "baibuu": [
        {},
        {"player_hands": 6},
        {"player_hands": 3, "banker": "agent", "hands": 4},
        {"player_hands": 2, "wagers": (10, 3500), "commission_bp": 355, "banker_commission_bp": 0},
    ],
    "hucklebuck": [
        *({"players": n} for n in range(3, 8)),
        {"players": 5, "scores": (9, 2, 5, 8, 10), "hands": 3, "first_dealer": 4},
        {"players": 4, "hands": None, "target": 5},
        {"players": 7, "hands": None, "target": 4, "max_hands": 3},
    ],
    "kuhn": [{}],  # the reference games have one configuration, OpenSpiel's
    "leduc": [{}],
}
# The house rules at their other settings (each game's SPEC.house_rules), played in fewer
# games than the configurations above: each changes one rule of an engine that the default
# cases already check at length.
HOUSE_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "badugi": [],
    "buh": [
        {"players": 3, "flush_buh": "double", "hooch_order": "lowest_then_fewest"},
        {"players": 6, "declare_after_draw": False, "hands": 3, "stacks": 10},
    ],
    "baibuu": [
        {"player_hands": 4, "banker_takes_3_4_points": "any_class"},
        {"player_hands": 2, "banker": "agent", "banker_takes_3_4_points": "any_class"},
    ],
    "hucklebuck": [
        {"players": 4, "hands": None, "game_end": "first_to_target", "target": 5},
        {"players": 7, "upcard": "bottom_of_stock"},
        {"players": 6, "hands": None, "target": 6, "game_end": "first_to_target",
         "upcard": "bottom_of_stock", "max_hands": 4},
    ],
    "kuhn": [],
    "leduc": [],
}
ZERO_SUM = {"badugi", "buh", "kuhn", "leduc"}
FACE_UP = {"kuhn", "leduc"}
"""The games with no face-down move: every action is seen by every seat as it is taken."""


def cases() -> list[tuple[str, dict[str, Any]]]:
    return [(name, config) for name in cc.GAMES
            for config in CONFIGS[name] + HOUSE_CONFIGS.get(name, [])]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, config = case
    return name + "".join(f"-{k}={v}" for k, v in config.items())


CASES = cases()

# Random games a configuration plays in test_random_play_follows_the_protocol, in each
# chance mode: 21,600 games in all, and 1,120 under the house rules. The sanitizer stage
# (tools/sanitize.sh), ten times slower per game, plays fewer. The C++ tests
# (cpp/tests/test_engines.cpp) make the same checks, and more, natively at every step of
# random games under random configurations.
GAMES_PER_CASE = int(os.environ.get("CARDCORE_CONFORMANCE_GAMES", "400"))
# Games whose every third state tries every illegal action (16 by default). Each refusal is
# a C++ exception, which AddressSanitizer makes about 15 times dearer: its stage plays 6.
ILLEGAL_ACTION_GAMES = max(2, GAMES_PER_CASE // 25)
# A house rule case plays a fifth of that.
HOUSE_GAMES_PER_CASE = max(2, GAMES_PER_CASE // 5)


def games_per_case(name: str, config: dict[str, Any]) -> int:
    return GAMES_PER_CASE if config in CONFIGS[name] else HOUSE_GAMES_PER_CASE


def test_every_game_has_configurations() -> None:
    assert set(CONFIGS) == set(HOUSE_CONFIGS) == set(cc.GAMES)


def test_every_house_rule_is_played_at_each_setting() -> None:
    for name, module in ((m.SPEC.name, m) for m in MODULES):
        for rule in module.SPEC.house_rules:
            played = {config.get(rule.name, rule.default)
                      for config in CONFIGS[name] + HOUSE_CONFIGS[name]}
            assert played == (set(rule.choices) or {False, True}), (name, rule.name)


def random_games(name: str, config: dict[str, Any], count: int, seeded: bool) -> list[Any]:
    """Plays `count` games with random legal actions and returns every state passed."""
    game = cc.GAMES[name](**config)
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed) if seeded else game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


NO_CARDS = cc.CardSet()


def check_cards(state: Any) -> None:
    """Every card is in exactly one place (of the games that show their places: the
    reference games bind none, and cpp/tests/test_engines.cpp checks theirs)."""
    if not hasattr(state, "stock"):
        return
    union = total = 0
    for place in (*state.hands, state.stock, getattr(state, "dead_cards", NO_CARDS)):
        union |= place.mask
        total += place.mask.bit_count()
    assert total == union.bit_count() == 52


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "explicit"])
def test_random_play_follows_the_protocol(case: tuple[str, dict[str, Any]], seeded: bool) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    # Every step of every game is checked: the loop only keeps its lookups out of the steps.
    num_players, num_actions = game.num_players, game.num_distinct_actions
    max_outcomes = game.max_chance_outcomes
    for seed in range(games_per_case(name, config)):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed) if seeded else game.new_initial_state()
        total_rewards = np.array(state.rewards())  # a seeded deal can settle a round at once
        length = 0
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            assert legal, "a non-terminal state has legal actions"
            if player == cc.CHANCE:
                assert not seeded, "a seeded state never stops at a chance node"
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                assert list(actions) == legal
                assert abs(sum(probabilities) - 1) < 1e-9
                assert len(set(probabilities)) == 1 and len(legal) <= max_outcomes
            else:
                assert 0 <= player < num_players
                assert min(legal) >= 0 and max(legal) < num_actions
            check_cards(state)
            action = rng.choice(legal)
            # The chosen action reads back from its text (the C++ tests check every one).
            assert state.string_to_action(state.action_to_string(action)) == action
            state.apply_action(action)
            total_rewards += state.rewards()
            length += 1
        assert state.current_player() == cc.TERMINAL and state.legal_actions() == []
        assert length <= game.max_game_length
        returns = state.returns()
        assert np.allclose(total_rewards, returns)
        assert game.min_utility <= min(returns) and max(returns) <= game.max_utility
        if name in ZERO_SUM:
            assert sum(returns) == 0
        check_cards(state)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_illegal_actions_change_nothing(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    for state in random_games(name, config, ILLEGAL_ACTION_GAMES, seeded=False)[::3]:
        before = state.serialize()
        legal = set(state.legal_actions())
        for action in [-1, 52, 128, 10**6, *range(game.num_distinct_actions)]:
            if action in legal:
                continue
            try:  # pytest.raises(ValueError), without its cost in this loop
                state.apply_action(action)
            except ValueError:
                pass
            else:
                pytest.fail(f"illegal action {action} was applied at {before}")
            assert state.serialize() == before


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "explicit"])
def test_clone_serialize_and_pickle_round_trip(
    case: tuple[str, dict[str, Any]], seeded: bool
) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    states = random_games(name, config, 10, seeded)
    for state in states[::2]:
        text = state.serialize()
        copies = (state.clone(), game.deserialize_state(text), pickle.loads(pickle.dumps(state)))
        for copy in copies:
            assert copy.serialize() == text
            assert copy.history() == state.history()
            assert copy.current_player() == state.current_player()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.returns() == state.returns()
            for p in range(game.num_players):
                assert copy.observation_string(p) == state.observation_string(p)
                assert np.array_equal(copy.information_state_tensor(p),
                                      state.information_state_tensor(p))
        if not state.is_terminal():  # a clone is independent of its original
            copy = state.clone()
            copy.apply_action(copy.legal_actions()[0])
            assert state.serialize() == text


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_corrupt_serialized_states_are_rejected(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    text = random_games(name, config, 1, seeded=True)[-1].serialize()
    head, _, history = text.rpartition("|")
    corruptions = ["", "garbage", text[:10], head + "| 99 99", head + "| x",
                   text.replace("seed=", "seed=x"), head + "|" + history + " 3 3 3 3 3 3 3 3",
                   *(text.replace(field, field + "9") for field in ("hands=", "players=")
                     if field in text)]  # each game has one of them, or both
    for corrupt in corruptions:
        with pytest.raises(ValueError):
            game.deserialize_state(corrupt)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_same_game(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    first = [s.history() for s in random_games(name, config, 5, seeded=True)]
    again = [s.history() for s in random_games(name, config, 5, seeded=True)]
    assert first == again


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_hide_what_the_player_cannot_see(case: tuple[str, dict[str, Any]]) -> None:
    """Resampling redraws every card hidden from a player; nothing he observes may change,
    and the resampled state is a legal continuation of the same public history."""
    name, config = case
    game = cc.GAMES[name](**config)
    for index, state in enumerate(random_games(name, config, 15, seeded=True)):
        for player in range(game.num_players):
            other = state.resample_from_infostate(player, seed=index)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(
                other.observation_tensor(player), state.observation_tensor(player)
            )
            assert np.array_equal(other.information_state_tensor(player),
                                  state.information_state_tensor(player))
            assert other.current_player() == state.current_player()
            assert len(other.history()) == len(state.history())
            check_cards(other)
            text = other.serialize()  # a resampled seeded state serializes and continues
            assert game.deserialize_state(text).serialize() == text
            assert pickle.loads(pickle.dumps(other)).history() == other.history()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_action_as_a_seat_sees_it_shows_only_what_it_knows(
        case: tuple[str, dict[str, Any]]) -> None:
    """`action_to_string(a, viewer=v)` of the action taken next: the actor's own words for
    the actor; for any other seat, the same text in every world that seat cannot tell from
    this one (the resampled states), so it names no card hidden from that seat."""
    name, config = case
    game = cc.GAMES[name](**config)
    face_down = 0
    for index, (state, action) in enumerate(random_decisions(name, config, 10)):
        actor = state.current_player()
        assert state.action_to_string(action, viewer=actor) == state.action_to_string(action)
        for viewer in range(game.num_players):
            if viewer == actor:
                continue
            seen = state.action_to_string(action, viewer=viewer)
            other = state.resample_from_infostate(viewer, seed=index)
            if action in other.legal_actions():  # not a card play the world gave another hand
                assert other.action_to_string(action, viewer=viewer) == seen
            if seen != state.action_to_string(action):
                face_down += 1
                verb, count, unit = seen.split()
                full = state.action_to_string(action).split()
                assert (verb, int(count), unit) == (full[0], len(full) - 1,
                                                    "card" if len(full) == 2 else "cards")
    # Every game but the reference games has a face-down move (a draw, an arrangement).
    assert (face_down > 0) == (name not in FACE_UP)


def random_decisions(name: str, config: dict[str, Any], count: int) -> list[tuple[Any, int]]:
    """Each player decision of `count` seeded random games, with the action taken there."""
    decisions = []
    for seed in range(count):
        rng = random.Random(seed)
        state = cc.GAMES[name](**config).new_initial_state(seed=seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            decisions.append((state.clone(), action))
            state.apply_action(action)
    return decisions


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_resampling_changes_the_hidden_cards(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    state = cc.GAMES[name](**config).new_initial_state(seed=1)
    changed = {tuple(state.resample_from_infostate(0, seed=s).history()) for s in range(20)}
    assert len(changed) > 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_tensor_shapes(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    state = game.new_initial_state(seed=3)
    assert state.observation_tensor(0).shape == tuple(game.observation_tensor_shape)
    assert state.information_state_tensor(0).shape == tuple(game.information_state_tensor_shape)
    assert state.observation_tensor(0).dtype == np.float32


VERBS = ["fold", "check_or_call", "bet_or_raise", "stand", "discard", "declare", "pass_",
         "arrange", "in_", "out", "exchange", "play"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_verbs_never_act_at_chance_nodes_or_the_end(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    game = cc.GAMES[name](**config)
    chance = game.new_initial_state()
    finished = random_games(name, config, 1, seeded=True)[-1]
    for state in (chance, finished):
        before = state.serialize()
        for verb in VERBS:
            if not hasattr(state, verb):
                continue
            method = getattr(state, verb)
            args: tuple[Any, ...] = ()
            if verb in ("arrange", "exchange", "play"):
                args = ("2c",) if verb == "play" else (["2c", "2d"],)
            with pytest.raises(ValueError, match="not legal"):
                method(*args)
            assert state.serialize() == before
