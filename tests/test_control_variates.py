"""Control variates (``control_variates=k`` of cc.simulate and cc.match): corrected returns
keep the exact means and narrow the spread, and the games are played as without them."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore import _core, cli

Probabilities = Callable[[Any], dict[int, float]]


def uniform(state: Any) -> dict[int, float]:
    legal = state.legal_actions()
    return {action: 1.0 / len(legal) for action in legal}


def one_hot(game: str, name: str) -> Probabilities:
    """A deterministic built-in player as probabilities: its one action has all the weight."""
    def probabilities(state: Any) -> dict[int, float]:
        return {int(getattr(_core, game).policy_action(state, name, 0)): 1.0}
    return probabilities


def exact_value(game: str, seats: list[Probabilities]) -> float:
    """Seat 0's expected return when seat s plays by seats[s], every card and action
    enumerated from the game's tree (explicit chance)."""
    def value(state: Any) -> float:
        if state.is_terminal():
            return float(state.returns()[0])
        branches = (state.chance_outcomes() if state.is_chance_node()
                    else list(seats[state.current_player()](state).items()))
        total = 0.0
        for action, probability in branches:
            if probability > 0:
                child = state.clone()
                child.apply_action(action)
                total += probability * value(child)
        return total

    return value(getattr(cc, game).Game().new_initial_state())


def probabilities_of(game: str, policy: Any) -> Probabilities:
    if isinstance(policy, cc.solve.Strategy):
        return policy.action_probabilities
    return uniform if policy == "random" else one_hot(game, policy)


def seat_zero(result: Any) -> tuple[float, float]:
    """Seat 0's mean return and its standard error."""
    column = result.returns[:, 0]
    return float(column.mean()), float(column.std(ddof=1) / math.sqrt(len(column)))


@pytest.fixture(scope="module")
def kuhn_strategy() -> cc.solve.Strategy:
    return cc.solve.cfr("kuhn", 50).policy  # every action has some weight


CASES = [(game, games, seats) for game, games in (("kuhn", 4000), ("leduc", 1500))
         for seats in (("rule_based", "random"), ("random", "rule_based"), ("random", "random"))]
CASES += [("kuhn", 4000, ("strategy", "random")), ("kuhn", 4000, ("rule_based", "strategy"))]


@pytest.mark.parametrize("game,games,seats", CASES)
def test_corrected_means_are_the_exact_values(game: str, games: int, seats: tuple[str, str],
                                              kuhn_strategy: cc.solve.Strategy) -> None:
    policies = [kuhn_strategy if seat == "strategy" else seat for seat in seats]
    exact = exact_value(game, [probabilities_of(game, policy) for policy in policies])
    corrected = cc.simulate(game, games, policies=policies, seed=3, deal="seats",
                            control_variates=8)
    plain = cc.simulate(game, games, policies=policies, seed=3, deal="seats")
    mean, error = seat_zero(corrected)
    assert abs(mean - exact) < 4.5 * error, (mean, exact, error)
    # The corrections take out much of the luck: narrower than the plain games'.
    assert error < seat_zero(plain)[1] * 0.75
    assert np.allclose(corrected.returns.sum(axis=1), 0.0)  # still zero-sum


@pytest.mark.slow
@pytest.mark.parametrize("seats", [("rule_based", "random"), ("blueprint", "rule_based")])
def test_badugi_corrected_mean_agrees_with_plain_games(seats: tuple[str, str]) -> None:
    """Badugi's tree is too large to enumerate: the corrected mean of 1,000 games must agree
    with that of 400,000 plain ones, within their errors."""
    corrected = cc.simulate("badugi", 1000, policies=list(seats), seed=5, deal="seats",
                            control_variates=16)
    plain = cc.simulate("badugi", 400_000, policies=list(seats), seed=6, deal="seats")
    (mean, error), (plain_mean, plain_error) = seat_zero(corrected), seat_zero(plain)
    assert abs(mean - plain_mean) < 4.5 * math.hypot(error, plain_error)
    assert error * math.sqrt(1000) < plain_error * math.sqrt(400_000) * 0.85


def test_the_games_are_played_as_without_corrections() -> None:
    seats = ["random", "rule_based"]
    corrected = cc.simulate("badugi", 60, policies=seats, seed=9, deal="seats",
                            control_variates=2)
    plain = cc.simulate("badugi", 60, policies=seats, seed=9, deal="seats")
    assert corrected.counts == plain.counts
    assert not np.array_equal(corrected.returns, plain.returns)  # but corrected


def test_the_same_for_any_threads_executor_and_summaries() -> None:
    args: dict[str, Any] = {"policies": ["rule_based", "random"], "seed": 4, "deal": "seats",
                            "control_variates": 3}
    one = cc.simulate("leduc", 300, threads=1, **args)
    two = cc.simulate("leduc", 300, threads=2, **args)
    assert np.array_equal(one.returns, two.returns)
    with ProcessPoolExecutor(2) as pool:  # chunks of 1,000 games: sent as three tasks
        pooled = cc.simulate("leduc", 2500, executor=pool, **args)
    assert np.array_equal(pooled.returns, cc.simulate("leduc", 2500, **args).returns)
    summary = cc.simulate("leduc", 300, threads=2, keep_returns=False, **args)
    assert np.allclose(summary.mean, one.mean)


def test_a_match_with_control_variates() -> None:
    corrected = cc.match("kuhn", ["rule_based", "random"], 2000, seed=1, control_variates=8)
    plain = cc.match("kuhn", ["rule_based", "random"], 2000, seed=1)
    assert corrected.control_variates == 8 and corrected.to_dict()["control_variates"] == 8
    assert "control variates of 8 playouts" in corrected.table()
    assert corrected.std[0] < plain.std[0] / 2
    exact = np.mean([exact_value("kuhn", [one_hot("kuhn", "rule_based"), uniform]),
                     -exact_value("kuhn", [uniform, one_hot("kuhn", "rule_based")])])
    low, high = corrected.interval
    assert low[0] - corrected.std[0] / 10 < exact < high[0] + corrected.std[0] / 10


def test_the_search_plays_its_own_decisions_uncorrected() -> None:
    """The search's probabilities are unknown: its decisions are not corrected, but the
    cards and the other seat's decisions are, its playouts played by its rollout player."""
    result = cc.match("kuhn", [("ismcts", {"simulations": 20}), "random"], 40, seed=2,
                      control_variates=2)
    assert result.hands == 40 and result.mean.sum() == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("kwargs,message", [
    ({"control_variates": -1}, "control_variates"),
    ({"control_variates": True}, "control_variates"),
    ({"control_variates": 2}, "deal='seats'"),  # the default deal is the stock
    ({"control_variates": 2, "deal": "seats", "policies": [lambda seen: 0, "random"]},
     "callable"),
])
def test_bad_control_variates(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.simulate("kuhn", 10, **kwargs)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["match", "kuhn", "rule_based", "random", "--hands", "200",
                     "--control-variates", "4"]) == 0
    assert "control variates of 4 playouts" in capsys.readouterr().out
