"""Local best response (cc.solve.local_best_response, docs/solve.md "Local best response"):
its bound against the exact exploitability, its range against the exact posterior, its
determinism and its refusals."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore import _lbr
from cardcore._registry import module_of


@pytest.fixture(scope="module")
def leduc_cfr() -> cc.solve.Strategy:
    return cc.solve.cfr("leduc", 5).policy


@pytest.mark.parametrize("game", ["kuhn", "leduc"])
@pytest.mark.parametrize("policy", ["random", "rule_based", "cfr"])
def test_lbr_does_not_exceed_the_exact_best_response(game: str, policy: str) -> None:
    # LBR is a strategy of one seat, so in each seat it wins at most the exact best
    # response's value, and over both at most their mean, the exploitability (NashConv / 2).
    played: Any = cc.solve.cfr(game, 5).policy if policy == "cfr" else policy
    result = cc.solve.local_best_response(game, played, 3000, seed=4)
    low, high = result.interval
    assert low <= cc.solve.exploitability(game, played)
    assert result.exact == result.decisions > 0 and result.misses == 0
    for seat in (0, 1):
        values = result.values[seat::2]
        half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
        assert values.mean() - half <= cc.solve.best_response(game, played, seat)[0]
    # ... and it is not far below it: it exploits what a bet and a call down can.
    assert high > 0.3 * cc.solve.exploitability(game, played)


def test_lbr_against_a_policy_that_never_bets_wins_the_blinds() -> None:
    # Kuhn: a policy that always passes folds to every bet, so LBR bets and wins the
    # opponent's ante in every hand, in both seats: exactly the best response.
    def passive(state: Any) -> dict[int, float]:
        return {0: 1.0, 1: 0.0}

    result = cc.solve.local_best_response("kuhn", passive, 200, seed=1)
    assert result.values.tolist() == [1.0] * 200
    assert cc.solve.exploitability("kuhn", passive) == pytest.approx(1.0)


def test_lbr_wins_far_more_than_nothing_against_random() -> None:
    leduc = cc.solve.local_best_response("leduc", "random", 2000, seed=2)
    assert leduc.interval[0] > 1.0  # exploitability 2.37
    badugi = cc.solve.local_best_response("badugi", "random", 60, seed=2, samples=16)
    assert badugi.interval[0] > 1.0 and badugi.exact == 0


SEARCH = ("ismcts", {"simulations": 100})


def test_lbr_against_the_search_stays_below_the_searchs_exact_exploitability() -> None:
    # The search as LBR sees it is a deterministic policy (each information state's action
    # is the search's seeded by it), whose exact best response the solver computes.
    searched = _lbr.searched(cc.leduc, SEARCH)
    exact = cc.solve.exploitability("leduc", searched)
    result = cc.solve.local_best_response("leduc", SEARCH, 400, seed=3)
    assert result.policy == "ismcts:simulations=100,rollout=rule_based"
    assert result.interval[0] <= exact and result.interval[1] > 0.3 * exact
    for seat in (0, 1):
        values = result.values[seat::2]
        half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
        assert values.mean() - half <= cc.solve.best_response("leduc", searched, seat)[0]
    assert result.exact == result.decisions > 0 and result.misses == 0


def test_the_searchs_action_is_one_an_information_state_and_reads_no_hidden_card() -> None:
    # Worlds the player cannot tell apart (resampled from its information state, other
    # cards for the other seats) get the same action, each asked of a fresh cache, in every
    # game of the registry.
    rng = random.Random(5)
    policy = ("ismcts", {"simulations": 30})
    for name in cc.GAMES:
        module = module_of(name)
        checked = 0
        for trial in range(4):
            state = module.Game().new_initial_state(seed=trial)
            for decision in range(trial + 1):  # the trial-th decision of a random game
                while state.is_chance_node():
                    state.apply_action(rng.choice(state.legal_actions()))
                if decision == trial or state.is_terminal():
                    break
                legal = state.legal_actions()
                state.apply_action(rng.choice([a for a in legal if a != 0] or legal))  # 0: fold
            if state.is_terminal():
                continue
            player = state.current_player()
            chosen = _lbr.searched(module, policy)(state)
            assert list(chosen.values()) == [1.0] and set(chosen) <= set(state.legal_actions())
            checked += 1
            for world_seed in range(3):
                world = state.resample_from_infostate(player, seed=world_seed)
                assert _lbr.searched(module, policy)(world) == chosen
        assert checked >= 1, name  # Bai Buu: one decision a game


def _history(game: Any, seat: int, probabilities: _lbr.Probabilities, decisions: int,
             seed: int) -> tuple[Any, list[_lbr._Step]]:
    """A hand played to the seat's decision after ``decisions`` of its own (arbitrary
    actions; the other seat by the policy; chance uniform), with the steps as the seat saw
    them."""
    rng = random.Random(seed)
    for _ in range(1000):  # hands that end before that decision are dealt again
        state, steps, made = game.new_initial_state(), [], 0
        while not state.is_terminal():
            player = state.current_player()
            if player == seat:
                if made == decisions:
                    return state, steps
                made += 1
                action = rng.choice(state.legal_actions())
            elif player < 0:
                action = rng.choice(state.legal_actions())
            else:
                found = probabilities(state)
                action = rng.choices(list(found), weights=list(found.values()))[0]
            steps.append(_lbr._seen_step(state, seat, action))
            state.apply_action(action)
    raise AssertionError(f"no hand reached decision {decisions} of seat {seat}")


def _posterior(game: Any, seat: int, probabilities: _lbr.Probabilities,
               target: str) -> dict[object, float]:
    """The exact posterior over the other seat's information state at the seat's
    information state ``target``, by walking every history: chance's probability times the
    policy's reach of the other seat's actions."""
    found: dict[object, float] = {}

    def walk(state: Any, reach: float) -> None:
        if state.is_terminal() or reach == 0:
            return
        player = state.current_player()
        if player == seat and state.information_state_string(seat) == target:
            key = state.information_state_string(1 - seat)
            found[key] = found.get(key, 0.0) + reach
            return
        if player < 0:
            moves = state.chance_outcomes()
        elif player == seat:
            moves = [(a, 1.0) for a in state.legal_actions()]
        else:
            moves = list(probabilities(state).items())
        for action, p in moves:
            child = state.clone()
            child.apply_action(action)
            walk(child, reach * p)

    walk(game.new_initial_state(), 1.0)
    total = sum(found.values())
    return {key: value / total for key, value in found.items()}


@pytest.mark.parametrize(("game_name", "seat", "decisions"), [
    ("kuhn", 0, 0), ("kuhn", 0, 1), ("kuhn", 1, 0),  # every decision Kuhn poker has
    ("leduc", 0, 0), ("leduc", 0, 2), ("leduc", 1, 0), ("leduc", 1, 1), ("leduc", 1, 2)])
def test_the_range_is_the_exact_posterior(game_name: str, seat: int, decisions: int,
                                          leduc_cfr: cc.solve.Strategy) -> None:
    game = cc.leduc.Game() if game_name == "leduc" else cc.kuhn.Game()
    policy = leduc_cfr if game_name == "leduc" else cc.solve.cfr("kuhn", 5).policy
    probabilities = _lbr.probabilities_of(game, policy)
    for seed in range(4):
        state, steps = _history(game, seat, probabilities, decisions, seed)
        expected = _posterior(game, seat, probabilities, state.information_state_string(seat))
        exact = _lbr.Range(game, seat, probabilities, 64, random.Random(seed))
        exact.extend(steps)
        assert exact.exact
        got = exact.posterior(lambda world: world.information_state_string(1 - seat))
        assert got.keys() == expected.keys()
        for key, p in expected.items():
            assert got[key] == pytest.approx(p, abs=1e-9)
        # The particle filter from the start agrees to its sampling error.
        particles = _lbr.Range(game, seat, probabilities, 4000, random.Random(seed),
                               exact=False)
        particles.extend(steps)
        assert not particles.exact and len(particles.worlds) == 4000
        sampled = particles.posterior(lambda world: world.information_state_string(1 - seat))
        for key, p in expected.items():
            assert sampled.get(key, 0.0) == pytest.approx(p, abs=0.04)


def test_a_deterministic_policy_narrows_the_range_to_its_hands() -> None:
    # Leduc's rule-based player raises with a pair or a king (docs/games/leduc.md): after
    # its first raise, P1 (holding a jack) puts it on one of the two kings, evenly.
    game = cc.leduc.Game()
    rule_based = _lbr.probabilities_of(game, "rule_based")
    state = game.new_initial_state()
    steps = []
    for action in (4, 0, 2):  # P0 a king (hidden from P1), P1 a jack; P0 raises
        steps.append(_lbr._seen_step(state, 1, action))
        state.apply_action(action)
    hand_range = _lbr.Range(game, 1, rule_based, 64, random.Random(1))
    hand_range.extend(steps)
    got = hand_range.posterior(lambda world: world.information_state_string(0).split("]")[1])
    assert got == {"[Private: 4": 0.5, "[Private: 5": 0.5}
    assert [step.visible for step in steps] == [False, True, True]


def test_the_same_seed_gives_the_same_result_on_any_threads() -> None:
    one = cc.solve.local_best_response("leduc", "rule_based", 100, seed=7)
    again = cc.solve.local_best_response("leduc", "rule_based", 100, seed=7)
    two = cc.solve.local_best_response("leduc", "rule_based", 100, seed=7, threads=2)
    with ThreadPoolExecutor(2) as pool:
        pooled = cc.solve.local_best_response("leduc", "rule_based", 100, seed=7,
                                              executor=pool)
    other = cc.solve.local_best_response("leduc", "rule_based", 100, seed=8)
    for result in (again, two, pooled):
        assert result.values.tolist() == one.values.tolist()
    assert other.values.tolist() != one.values.tolist()
    badugi = [cc.solve.local_best_response("badugi", "rule_based", 20, seed=3, samples=8,
                                           threads=threads) for threads in (1, 2)]
    assert badugi[0].values.tolist() == badugi[1].values.tolist()


def _illegal(state: Any) -> dict[int, float]:
    return {99: 1.0}


def _short(state: Any) -> dict[int, float]:
    return {state.legal_actions()[0]: 0.5}


@pytest.mark.parametrize(("game", "policy", "kwargs", "message"), [
    (cc.buh.Game(players=3), "random", {}, "the solver needs a two-player game, and buh has 3"),
    ("baibuu", "random", {}, "the solver needs a zero-sum game, and baibuu"),
    (cc.badugi.Game(hands=12), "random", {}, "plays one hand a game, got hands=12"),
    ("leduc", _illegal, {}, "a policy callable gave the illegal action 99"),
    ("leduc", _short, {}, "a policy callable's probabilities must sum to 1, got 0.5"),
    ("leduc", ("ismcts", {"simulation": 5}), {}, "unknown ismcts option 'simulation'"),
    ("leduc", ("rule_based", {"simulations": 5}), {}, "takes no options"),
    ("leduc", "nobody", {}, "needs a policy's probabilities, and 'nobody' is not"),
    ("leduc", 3, {}, "a policy is a Strategy, a built-in policy's name or a callable"),
    ("leduc", "random", {"hands": 0}, "hands must be a positive number of hands, got 0"),
    ("leduc", "random", {"samples": 0}, "samples must be a positive integer, got 0"),
    ("leduc", "random", {"threads": 0}, "threads must be"),
])
def test_bad_input_is_a_clear_value_error(game: Any, policy: Any, kwargs: dict[str, Any],
                                          message: str) -> None:
    arguments: dict[str, Any] = {"hands": 10, "seed": 1, **kwargs}
    with pytest.raises(ValueError, match=None) as error:
        cc.solve.local_best_response(game, policy, **arguments)
    assert message in str(error.value)


def test_the_result_reports_itself() -> None:
    result = cc.solve.local_best_response("kuhn", "random", 100, seed=1)
    data = result.to_dict()
    assert data["hands"] == 100 and data["policy"] == "random" and data["samples"] == 64
    assert data["ci95"][0] < data["mean"] < data["ci95"][1]
    assert np.mean(result.seat_means) == pytest.approx(result.mean)
    assert "'kuhn' against random" in repr(result) and "ranges exact" in repr(result)


def test_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    from cardcore.cli import main

    out = tmp_path / "lbr.json"
    assert main(["lbr", "kuhn", "random", "--hands", "300", "--seed", "2", "--json",
                 str(out)]) == 0
    printed = capsys.readouterr().out
    expected = cc.solve.local_best_response("kuhn", "random", 300, seed=2)
    assert f"{expected.mean:+.4f} a hand" in printed and "300 hands" in printed
    assert '"hands": 300' in out.read_text()
    assert main(["lbr", "hucklebuck", "random"]) == 2
    assert "the solver needs a two-player game, and hucklebuck has 4" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["lbr", "--help"])
    help_text = capsys.readouterr().out
    assert "with a 95% interval" in " ".join(help_text.split()) and "%%" not in help_text
