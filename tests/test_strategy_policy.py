"""A Strategy is a policy wherever a built-in policy's name goes (docs/solve.md, "A strategy
as a player"): cc.simulate, VectorEnv's opponents, policy_action, play and the search's
rollouts play it in C++ by its probabilities. Checked against the exact distribution of
Kuhn poker's outcomes, enumerated from the strategy's own action_probabilities."""

from __future__ import annotations

import io
import pickle
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore.play import play

GAMES = 100_000
CHI_SQUARE_AT_1E6 = {1: 23.93, 2: 27.63, 3: 30.66, 4: 33.38, 5: 35.89}
"""The chi-square statistic exceeded with probability 1e-6, by degrees of freedom: a
correct sampler fails the test once in a million seeds."""


@pytest.fixture(scope="module")
def strategy() -> cc.solve.Strategy:
    return cc.solve.cfr("kuhn", 50).policy  # far from pure: every action has some weight


def always_pass(state: Any) -> dict[int, float]:
    return {0: 1.0}


def exact_outcomes(seats: list[Callable[[Any], dict[int, float]]]) -> dict[float, float]:
    """The probability of each return of seat 0 when seat s plays by seats[s] (a function
    state -> {action: probability}), every deal enumerated."""
    outcomes: Counter[float] = Counter()

    def walk(state: Any, weight: float) -> None:
        if state.is_terminal():
            outcomes[state.returns()[0]] += weight
            return
        if state.is_chance_node():
            branches = state.chance_outcomes()
        else:
            branches = list(seats[state.current_player()](state).items())
        for action, probability in branches:
            if probability > 0:
                child = state.clone()
                child.apply_action(action)
                walk(child, weight * probability)

    walk(cc.kuhn.Game().new_initial_state(), 1.0)
    return dict(outcomes)


def chi_square(counts: Counter[float], expected: dict[float, float]) -> tuple[float, int]:
    """The statistic of ``counts`` against the probabilities ``expected``, and its degrees
    of freedom; an outcome that ``expected`` gives no weight counts as infinitely far."""
    total = sum(counts.values())
    if set(counts) - set(expected):
        return float("inf"), len(expected) - 1
    statistic = sum((counts.get(k, 0) - total * p) ** 2 / (total * p) for k, p in expected.items())
    return statistic, len(expected) - 1


def assert_plays_by(counts: Counter[float], expected: dict[float, float],
                    wrong: dict[float, float]) -> None:
    statistic, freedom = chi_square(counts, expected)
    assert statistic < CHI_SQUARE_AT_1E6[freedom], (statistic, counts, expected)
    # The test can fail: the same counts reject another strategy's distribution.
    statistic, freedom = chi_square(counts, wrong)
    assert statistic > CHI_SQUARE_AT_1E6[freedom]


def uniform(state: Any) -> dict[int, float]:
    return {0: 0.5, 1: 0.5}


def test_simulate_plays_a_strategy_by_its_probabilities(strategy: cc.solve.Strategy) -> None:
    result = cc.simulate("kuhn", GAMES, policies=[strategy, "random"], seed=5)
    assert result.policies == ("strategy", "random")
    counts = Counter(result.returns[:, 0].tolist())
    assert_plays_by(counts, exact_outcomes([strategy.action_probabilities, uniform]),
                    exact_outcomes([uniform, uniform]))


def test_a_strategy_plays_the_same_through_an_executor(strategy: cc.solve.Strategy) -> None:
    """A Strategy pickles as its solution and registers again in each worker process."""
    again = pickle.loads(pickle.dumps(strategy))
    assert again.game == strategy.game and len(again) == len(strategy)
    local = cc.simulate("kuhn", 3000, policies=["rule_based", strategy], seed=2, threads=2)
    with ProcessPoolExecutor(2) as executor:
        remote = cc.simulate("kuhn", 3000, policies=["rule_based", strategy], seed=2,
                             executor=executor)
    np.testing.assert_array_equal(local.returns, remote.returns)


def test_vector_env_opponents_play_a_strategy_by_its_probabilities(
        strategy: cc.solve.Strategy) -> None:
    env = cc.VectorEnv("kuhn", 1000, seat=1, opponents=strategy, seed=3)
    step = env.reset()
    counts: Counter[float] = Counter()
    while sum(counts.values()) < GAMES:
        step = env.step(np.zeros(1000, np.int64))  # the agent always passes
        for returns in step.episode_returns[step.terminated]:
            counts[float(returns[0])] += 1
    assert_plays_by(counts, exact_outcomes([strategy.action_probabilities, always_pass]),
                    exact_outcomes([uniform, always_pass]))


def test_policy_action_and_the_search_take_a_strategy(strategy: cc.solve.Strategy) -> None:
    state = cc.kuhn.Game().new_initial_state(seed=1)
    probabilities = strategy.action_probabilities(state)
    chosen = Counter(cc.kuhn.policy_action(state, strategy, seed) for seed in range(20_000))
    expected = {action: p for action, p in probabilities.items() if p > 0}
    statistic, freedom = chi_square(Counter({float(k): v for k, v in chosen.items()}),
                                    {float(k): p for k, p in expected.items()})
    assert statistic < CHI_SQUARE_AT_1E6[freedom]
    found = cc.search.ismcts(state, simulations=200, rollout=strategy, seed=1)
    assert found.action in state.legal_actions()
    assert cc.kuhn.policy_action(state, ("ismcts", {"simulations": 50, "rollout": strategy}),
                                 seed=1) in state.legal_actions()


def test_play_takes_a_strategy_and_the_command_line_a_saved_solution(
        strategy: cc.solve.Strategy, tmp_path: Any) -> None:
    out = io.StringIO()
    assert play("kuhn", seed=2, opponents=strategy, stdin=io.StringIO("1\n1\n"), stdout=out) == 0
    assert "against strategy players" in out.getvalue() and "game over" in out.getvalue()
    solution = cc.solve.cfr("kuhn", 20)
    path = tmp_path / "kuhn.solution"
    solution.save(path)
    from cardcore.cli import main

    assert main(["simulate", "kuhn", "--hands", "1000", "--policy", str(path), "random"]) == 0


def test_a_strategy_of_another_game_is_refused_everywhere(strategy: cc.solve.Strategy) -> None:
    message = "a strategy of kuhn cannot play leduc"
    with pytest.raises(ValueError, match=message):
        cc.simulate("leduc", 10, policies=[strategy, "random"])
    with pytest.raises(ValueError, match=message):
        cc.VectorEnv("leduc", 2, seat=0, opponents=strategy)
    with pytest.raises(ValueError, match=message):
        cc.leduc.policy_action(cc.leduc.Game().new_initial_state(seed=1), strategy)
    with pytest.raises(ValueError, match=message):
        cc.search.ismcts(cc.leduc.Game().new_initial_state(seed=1), simulations=10,
                         rollout=strategy)
