"""Kuhn and Leduc poker and the solver against OpenSpiel (docs/solve.md, "How the results
are checked against OpenSpiel"): the engines in lockstep with pyspiel over random histories
and over the whole trees; the exploitability of the uniform policy, of OpenSpiel's CFR
average policies and of our CFR and CFR+ equal to pyspiel's to 1e-9; Kuhn's game value;
threads, saving and loading; and policies given as callables, right and wrong."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")
if not {"kuhn", "leduc"} <= set(cc.GAMES):
    pytest.skip("Kuhn and Leduc poker are not registered in Python yet", allow_module_level=True)

GAMES = {"kuhn": "kuhn_poker", "leduc": "leduc_poker"}
HISTORIES = {"kuhn": 58, "leduc": 9457}  # chance and terminals included


def same_now(ours: Any, theirs: Any) -> None:
    """Our state and pyspiel's agree on everything the protocol says of them now."""
    assert ours.is_terminal() == theirs.is_terminal()
    assert ours.current_player() == theirs.current_player()
    if ours.is_terminal():
        assert list(ours.returns()) == list(theirs.returns())
    elif ours.is_chance_node():
        assert list(ours.chance_outcomes()) == pytest.approx(theirs.chance_outcomes(), abs=1e-15)
    else:
        assert list(ours.legal_actions()) == list(theirs.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_random_histories_in_lockstep_with_openspiel(name: str) -> None:
    game, theirs_game = cc.GAMES[name](), pyspiel.load_game(GAMES[name])
    rng = random.Random(7)
    for _ in range(3000):
        ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
        same_now(ours, theirs)
        while not theirs.is_terminal():
            action = rng.choice(list(theirs.legal_actions()))
            ours.apply_action(action)
            theirs.apply_action(action)
            same_now(ours, theirs)


@pytest.mark.parametrize("name", GAMES)
def test_the_whole_tree_in_lockstep_with_openspiel(name: str) -> None:
    def walk(ours: Any, theirs: Any) -> int:
        same_now(ours, theirs)
        count = 1
        for action in theirs.legal_actions():
            child = ours.clone()
            child.apply_action(action)
            count += walk(child, theirs.child(action))
        return count

    game, theirs_game = cc.GAMES[name](), pyspiel.load_game(GAMES[name])
    assert walk(game.new_initial_state(), theirs_game.new_initial_state()) == HISTORIES[name]


def reading(theirs: Any) -> Callable[[Any], dict[int, float]]:
    """Our callable policy playing a pyspiel policy, by the information-state string (the
    engines' strings are OpenSpiel's)."""
    def play(state: Any) -> dict[int, float]:
        return dict(theirs.get_state_policy(state.information_state_string(state.current_player())))
    return play


def openspiel_runs(name: str, solver: Callable[[Any], Any],
                   check: Callable[[int, Any, Any], None]) -> None:
    """Calls ``check(iterations, game, average policy)`` after 1, 10 and 100 iterations of a
    pyspiel solver (its policies live only as long as it does)."""
    game = pyspiel.load_game(GAMES[name])
    run = solver(game)
    for iterations in range(1, 101):
        run.evaluate_and_update_policy()
        if iterations in (1, 10, 100):
            check(iterations, game, run.average_policy())


@pytest.mark.parametrize("name", GAMES)
def test_exploitability_agrees_with_openspiel(name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    uniform = pyspiel.UniformRandomPolicy(game)
    assert abs(cc.solve.exploitability(name, "random") - pyspiel.exploitability(game, uniform)) \
        < 1e-9

    def check(iterations: int, game: Any, theirs: Any) -> None:
        ours = cc.solve.exploitability(name, reading(theirs))
        assert abs(ours - pyspiel.exploitability(game, theirs)) < 1e-9, iterations

    openspiel_runs(name, pyspiel.CFRSolver, check)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("algorithm", "solver"), [("cfr", "CFRSolver"),
                                                   ("cfr+", "CFRPlusSolver")])
def test_cfr_and_cfr_plus_agree_with_openspiel(name: str, algorithm: str, solver: str) -> None:
    history = dict(cc.solve.cfr(name, 100, algorithm=algorithm).history)

    def check(iterations: int, game: Any, theirs: Any) -> None:
        assert abs(history[iterations] - pyspiel.exploitability(game, theirs)) < 1e-9, iterations

    openspiel_runs(name, getattr(pyspiel, solver), check)


def test_kuhn_converges_to_its_game_value() -> None:
    # Kuhn poker's value for the first player is -1/18 (Kuhn 1950): each best response to a
    # near-equilibrium gains that, or minus it, and a little more.
    solution = cc.solve.cfr("kuhn", 3000)
    assert solution.exploitability < 1e-3
    for player, value in ((0, -1 / 18), (1, 1 / 18)):
        response, _ = cc.solve.best_response("kuhn", solution.policy, player)
        assert value <= response < value + 2e-3


def test_threads_save_and_load(tmp_path: Path) -> None:
    one = cc.solve.cfr("leduc", 50, algorithm="dcfr")
    two = cc.solve.cfr("leduc", 50, algorithm="dcfr", threads=2)
    assert one == two
    path = tmp_path / "leduc.solution"
    one.save(path)
    loaded = cc.solve.load(path)
    assert loaded == one
    assert (loaded.algorithm, loaded.iterations, loaded.history) == ("dcfr", 50, one.history)
    assert cc.solve.exploitability("leduc", loaded.policy) == one.exploitability
    with pytest.raises(ValueError, match="a solution of 'leduc players=2' is not a policy of kuhn"):
        cc.solve.exploitability("kuhn", loaded.policy)
    data = path.read_bytes()
    path.write_bytes(data[:-5])
    with pytest.raises(ValueError, match="its checksum does not match"):
        cc.solve.load(path)


def test_a_strategy_plays_its_probabilities() -> None:
    solution = cc.solve.cfr("kuhn", 200)
    state = cc.GAMES["kuhn"]().new_initial_state()
    with pytest.raises(ValueError, match="a strategy plays a player's decision, not a chance node"):
        solution.policy.action_probabilities(state)
    state.apply_action(2)
    state.apply_action(0)
    found = solution.policy.action_probabilities(state)
    assert sorted(found) == list(state.legal_actions())
    assert sum(found.values()) == pytest.approx(1)
    # The king bets or checks by the strategy; with a best response the values are one-hot.
    _, response = cc.solve.best_response("kuhn", solution.policy, 0)
    assert sorted(response.action_probabilities(state).values()) == [0.0, 1.0]


def test_built_in_policies_as_policies() -> None:
    random_value = cc.solve.exploitability("kuhn", "random")
    rule_based = cc.solve.exploitability("kuhn", "rule_based")
    assert random_value == pytest.approx(0.4583333333333333, abs=1e-12)
    assert rule_based > 0
    with pytest.raises(ValueError, match="unknown policy 'greedy' of kuhn: expected random, "
                                         "rule_based"):
        cc.solve.exploitability("kuhn", "greedy")


def test_a_callable_policy_is_valued_as_the_policy_it_plays() -> None:
    def uniform(state: Any) -> dict[int, float]:
        legal = state.legal_actions()
        return {action: 1 / len(legal) for action in legal}

    assert cc.solve.exploitability("leduc", uniform) == pytest.approx(
        cc.solve.exploitability("leduc", "random"), abs=1e-12)
    solution = cc.solve.cfr("leduc", 10, algorithm="cfr")
    assert solution.exploitability > 0.1  # far from an equilibrium: a wrong reading shows
    assert cc.solve.exploitability("leduc", solution.policy.action_probabilities) == \
        pytest.approx(solution.exploitability, abs=1e-12)


@pytest.mark.parametrize(("policy", "message"), [
    (lambda state: {state.legal_actions()[0]: 0.5}, "probabilities must sum to 1, got 0.5"),
    (lambda state: {99: 1.0}, "gave the illegal action 99 at information set"),
    (lambda state: [1.0], "must return a dict {action: probability}, got list"),
    (lambda state: {state.legal_actions()[0]: 1.5, state.legal_actions()[1]: -0.5},
     "a probability must be a number 0 to 1, got 1.5"),
    (3, "a policy is a Strategy, a built-in policy's name or a callable"),
])
def test_bad_callable_policies_are_refused(policy: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("{", r"\{").replace("}", r"\}")):
        cc.solve.exploitability("kuhn", policy)
