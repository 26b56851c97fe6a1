"""The OpenSpiel adapter: registration, OpenSpiel's own random-simulation checks, and the
adapter agreeing with the engine on actions, observations and what stays hidden."""

from __future__ import annotations

import doctest
import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import cardcore as cc

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from cardcore.adapters import openspiel  # noqa: E402

GameType = pyspiel.GameType

# OpenSpiel parameters each game is played under, two or three per game.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "badugi": [{}, {"hands": 12, "stacks": "5 100"}],
    "buh": [{"players": 2}, {"players": 5}, {"players": 4, "hands": 6, "stacks": "12 12 12 12"}],
    "baibuu": [
        {},
        {"player_hands": 3, "banker": "agent", "hands": 4},
        {"player_hands": 2, "commission_bp": 0, "banker_commission_bp": 0},
    ],
    "hucklebuck": [{"players": 3}, {"players": 7}, {"players": 4, "hands": 0, "target": 5}],
}
CASES = [(name, params) for name, configs in CONFIGS.items() for params in configs]
IDS = [name + "".join(f"-{k}={v}".replace(" ", ",") for k, v in params.items())
       for name, params in CASES]
INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    openspiel.register()


def load(name: str, params: dict[str, Any]) -> Any:
    return pyspiel.load_game(f"python_cardcore_{name}", params)


def random_states(game: Any, count: int, seed: int = 0) -> list[Any]:
    """Every state of `count` games played with uniform chance and uniform random actions."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_import_cardcore_leaves_openspiel_alone() -> None:
    code = "import sys, cardcore, cardcore.adapters; assert 'pyspiel' not in sys.modules"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_register_adds_every_game_once() -> None:
    openspiel.register()  # again: nothing happens
    names = pyspiel.registered_names()
    for name in cc.GAMES:
        assert names.count(f"python_cardcore_{name}") == 1


@pytest.mark.parametrize("name", cc.GAMES)
def test_default_parameters_are_the_engine_defaults(name: str) -> None:
    game = pyspiel.load_game(f"python_cardcore_{name}")
    assert game.engine.config == cc.GAMES[name]().config
    assert set(game.get_type().parameter_specification) == set(cc.GAMES[name]().config)


@pytest.mark.parametrize("name", [name for name in cc.GAMES
                                  if "first_dealer" in cc.GAMES[name]().config])
def test_chance_draws_the_first_dealer(name: str) -> None:
    """Where the rules have a dealer, the first chance node draws him, each seat equally
    likely, so the rl_environment's episodes seat the button everywhere; first_dealer=k
    fixes him and starts at the deal."""
    game = load(name, {})
    seats = game.num_players()
    assert game.get_parameters()["first_dealer"] == -1
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(s, 1 / seats)
                                                                  for s in range(seats)]
    for seat in range(seats):
        child = state.child(seat)
        expected = cc.GAMES[name](first_dealer=seat).new_initial_state()
        assert child.engine.serialize() == expected.serialize()
        assert child.chance_outcomes() == expected.chance_outcomes()
    env = rl_environment.Environment(game)
    dealers = set()
    for _ in range(30):
        env.reset()
        dealers.add(env.get_state.history()[0])
    assert dealers == set(range(seats))
    fixed = load(name, {"first_dealer": 1})
    start = fixed.new_initial_state()
    assert len(start.chance_outcomes()) == 52
    assert start.engine.serialize() == cc.GAMES[name](first_dealer=1).new_initial_state(
    ).serialize()


def test_parameters_reach_the_engine() -> None:
    buh = load("buh", {"players": 5, "stacks": "3 8 20 5 40", "first_dealer": 2})
    expected = cc.buh.Game(players=5, stacks=(3, 8, 20, 5, 40), first_dealer=2).config
    assert buh.engine.config == expected
    hucklebuck = load("hucklebuck", {"players": 3, "scores": "4 0 9", "hands": 0})
    assert hucklebuck.engine.config["hands"] is None
    assert hucklebuck.engine.config["scores"] == (4, 0, 9)
    baibuu = load("baibuu", {"commission_bp": 250})
    assert baibuu.engine.config["banker_commission_bp"] == 250
    # A game's string loads the same game back, and so does pickle.
    assert pyspiel.load_game(str(buh)).engine.config == expected
    assert pickle.loads(pickle.dumps(buh)).engine.config == expected


def test_bad_parameters_are_errors() -> None:
    with pytest.raises(ValueError, match="stacks must be a string of space-separated integers"):
        load("buh", {"stacks": "10 x"})
    with pytest.raises(ValueError, match="players"):
        load("buh", {"players": 9})
    with pytest.raises(ValueError, match="unknown buh parameter"):
        openspiel.GAME_CLASSES["buh"]({"player": 3})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("badugi", {"players": 3})


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_game_type_and_info(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    engine, kind = game.engine, game.get_type()
    assert kind.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == GameType.Dynamics.SEQUENTIAL
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    one_hand = params.get("hands", 1) == 1
    assert kind.reward_model == (
        GameType.RewardModel.TERMINAL if one_hand else GameType.RewardModel.REWARDS
    )
    assert kind.min_num_players <= game.num_players() <= kind.max_num_players
    assert game.num_players() == engine.num_players
    assert game.num_distinct_actions() == engine.num_distinct_actions
    assert game.max_chance_outcomes() == engine.max_chance_outcomes
    assert game.max_game_length() == engine.max_game_length
    assert (game.min_utility(), game.max_utility()) == (engine.min_utility, engine.max_utility)
    assert game.observation_tensor_shape() == engine.observation_tensor_shape
    assert game.information_state_tensor_shape() == engine.information_state_tensor_shape

    # The utility is what play shows: general sum exactly when some game's returns do not
    # cancel (random_sim_test below checks the zero-sum claims game by game).
    sums = cc.simulate(engine, 300, seed=1).returns.sum(axis=1)
    zero_sum = bool(np.allclose(sums, 0.0))
    assert kind.utility == (GameType.Utility.ZERO_SUM if zero_sum else GameType.Utility.GENERAL_SUM)
    if zero_sum:
        assert game.utility_sum() == 0.0


def test_player_counts_are_the_rules() -> None:
    counts = {"buh": (2, 8), "hucklebuck": (3, 7)}
    for name, (low, high) in counts.items():
        kind = load(name, {}).get_type()
        assert (kind.min_num_players, kind.max_num_players) == (low, high)
        load(name, {"players": low})
        load(name, {"players": high})
        for outside in (low - 1, high + 1):
            with pytest.raises(ValueError, match="players"):
                load(name, {"players": outside})
    kind = load("baibuu", {}).get_type()  # 1 to 6 player hands and the banker
    assert (kind.min_num_players, kind.max_num_players) == (2, 7)
    assert load("baibuu", {"player_hands": 6}).num_players() == 7


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_openspiel_random_simulation(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's checks: clones, legal-action masks, observations at every node, rewards
    adding up to returns, returns within the utility bounds and summing as declared, and
    serialization round trips."""
    game = load(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_every_step_is_the_engines(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    config = openspiel.engine_config(name, params)
    for state in random_states(game, 2):
        # A fresh engine state given the same actions is at the same place (where chance
        # draws the first dealer, the first action is the dealer's seat).
        history = state.history()
        if game.dealers is not None:
            if not history:
                assert state.chance_outcomes() == [(seat, 1 / game.num_players())
                                                   for seat in range(game.num_players())]
                assert state.action_to_string(1) == "dealer 1"
                continue
            config = {**config, "first_dealer": history[0]}
            history = history[1:]
        engine = cc.GAMES[name](**config).new_initial_state()
        for action in history:
            engine.apply_action(action)
        assert state.current_player() == engine.current_player()
        assert state.is_chance_node() == (engine.current_player() == cc.CHANCE)
        assert state.is_terminal() == (state.current_player() == pyspiel.PlayerId.TERMINAL)
        assert state.legal_actions() == engine.legal_actions()
        assert state.is_terminal() == engine.is_terminal()
        assert state.returns() == engine.returns()
        if state.is_chance_node():
            assert state.chance_outcomes() == engine.chance_outcomes()
        assert [state.action_to_string(a) for a in state.legal_actions()] == [
            engine.action_to_string(a) for a in engine.legal_actions()
        ]


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_observations_are_the_engines(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    observation = make_observation(game)
    info_state = make_observation(game, INFO_STATE)
    assert observation.tensor.size == game.observation_tensor_size()
    assert info_state.tensor.size == game.information_state_tensor_size()
    assert list(observation.dict) == ["observation"]
    assert list(info_state.dict) == ["info_state"]
    for state in random_states(game, 1)[::3]:
        if state.dealer_pending:  # nothing has happened: every view is empty
            for player in range(game.num_players()):
                observation.set_from(state, player)
                assert not observation.tensor.any()
                assert state.observation_string(player) == "the first dealer is to be drawn"
            continue
        for player in range(game.num_players()):
            observation.set_from(state, player)
            info_state.set_from(state, player)
            engine = state.engine
            assert np.array_equal(observation.tensor, engine.observation_tensor(player))
            assert np.array_equal(info_state.tensor, engine.information_state_tensor(player))
            # What C++ code reads (through the game's own observers) is the same.
            assert np.array_equal(state.observation_tensor(player), observation.tensor)
            assert np.array_equal(state.information_state_tensor(player), info_state.tensor)
            assert state.observation_string(player) == engine.observation_string(player)
            assert state.information_state_string(player) == (
                engine.information_state_string(player)
            )


def test_observer_rejects_views_the_engine_has_not() -> None:
    game = load("badugi", {})
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="private_info=SINGLE_PLAYER"):
        make_observation(game, public_only)
    with pytest.raises(ValueError, match="observation parameters"):
        make_observation(game, INFO_STATE, {"detail": "full"})


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_resampling_hides_other_players_cards(name: str, params: dict[str, Any]) -> None:
    """A state resampled for player p looks the same to p (OpenSpiel's resampling test), and
    the redrawn cards do change what other players hold, so the equality is not empty."""
    game = load(name, params)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others_changed = hidden_redrawn = 0
    for state in random_states(game, 2)[::2]:
        if state.is_chance_node() or state.is_terminal():
            continue
        for player in range(game.num_players()):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.current_player() == state.current_player()
            assert sample.information_state_string(player) == state.information_state_string(
                player
            )
            assert sample.information_state_tensor(player) == state.information_state_tensor(
                player
            )
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            hidden_redrawn += sample.history() != state.history()
            others_changed += any(
                sample.information_state_tensor(q) != state.information_state_tensor(q)
                for q in range(game.num_players())
                if q != player
            )
    assert hidden_redrawn > 0 and others_changed > 0


def test_rl_environment_pays_every_hand() -> None:
    """OpenSpiel's RL environment: the rewards of a multi-hand game add up to its returns,
    and some arrive before the end."""
    env = rl_environment.Environment(load("buh", {"players": 3, "hands": 4, "stacks": "9 9 9"}))
    rng = random.Random(3)
    step = env.reset()
    total, early = np.zeros(3), 0
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == env.observation_spec()[
            "info_state"
        ][0]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        total += step.rewards
        early += not step.last() and any(step.rewards)
    assert np.allclose(total, env.get_state.returns())
    assert early > 0


def test_docstring_examples_run() -> None:
    finder = doctest.DocTestFinder()
    tests = [t for t in finder.find(openspiel, openspiel.__name__) if t.examples]
    assert tests
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_rl_environment_episodes_start_with_a_player_to_act() -> None:
    """OpenSpiel's own Environment can start a Bai Buu episode at a
    terminal state (every player hand a Natural); the adapter's Environment deals again."""
    name = next(n for n in cc.GAMES if cc.GAMES[n]().acting_players < cc.GAMES[n]().num_players)
    short = openspiel.SHORT_NAMES[name]
    plain = rl_environment.Environment(short)
    plain.seed(1)
    starts = [plain.reset().observations["current_player"] for _ in range(1000)]
    assert pyspiel.PlayerId.TERMINAL in starts  # the rough edge the adapter smooths
    env = openspiel.Environment(short)
    env.seed(1)
    for _ in range(1000):
        step = env.reset()
        assert step.observations["current_player"] == 0
        assert not env.get_state.is_terminal()
        step = env.step([step.observations["legal_actions"][0][0]])
        assert step.last()


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_tensors_without_a_player_are_the_current_players(name: str) -> None:
    """observation_tensor() and information_state_tensor() with no
    argument mean the player to act, as in OpenSpiel."""
    state = load(name, {}).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        player = state.current_player()
        assert state.observation_tensor() == state.observation_tensor(player)
        assert state.information_state_tensor() == state.information_state_tensor(player)
        np.testing.assert_array_equal(state.observation_tensor(),
                                      state.engine.observation_tensor(player))
        state.apply_action(rng.choice(state.legal_actions()))
