"""cc.simulate with Python callables at scale and in evaluation: a picklable callable runs on
an executor with the same result as in one process; runs of consecutive ranges of games
(start=) merge into the result of one run; and a callable is handed, by default, an
Observation that holds only what its seat may know."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore.simulation import POLICIES, Observation, SimulationResult


def cautious(seen: Any) -> int:
    """Checks when it can, otherwise calls or stands pat; never bets. Module-level, so that
    it pickles for a process pool; a function of what it is given only."""
    words = {seen.action_to_string(action): action for action in seen.legal_actions()}
    for word in ("check", "call", "stand"):
        if word in words:
            return words[word]
    return int(seen.legal_actions()[0])


def test_a_callable_on_a_process_pool_plays_as_in_one_process() -> None:
    """Game i is played from stream i wherever its chunk runs: the same returns, counts and
    streamed summary as one process (three chunks of 10,000 games, one of them partial)."""
    policies: list[Any] = [cautious, "rule_based"]
    here = cc.simulate("badugi", 25_000, policies=policies, seed=2)
    streamed = cc.simulate("badugi", 25_000, policies=policies, seed=2, keep_returns=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = cc.simulate("badugi", 25_000, policies=policies, seed=2, executor=pool)
        pooled_streamed = cc.simulate("badugi", 25_000, policies=policies, seed=2,
                                      executor=pool, keep_returns=False)
    assert np.array_equal(here.returns, pooled.returns) and here.counts == pooled.counts
    assert pooled.policies == ("cautious", "rule_based")
    assert np.array_equal(streamed.mean, pooled_streamed.mean)
    assert np.array_equal(streamed.std, pooled_streamed.std)
    assert np.array_equal(streamed._summary().histogram, pooled_streamed._summary().histogram)


def test_a_callable_on_a_dask_cluster_plays_as_in_one_process() -> None:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    policies: list[Any] = [cautious, "rule_based"]
    here = cc.simulate("badugi", 12_000, policies=policies, seed=6)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = cc.simulate("badugi", 12_000, policies=policies, seed=6,
                             executor=client.get_executor())
    assert np.array_equal(here.returns, remote.returns) and here.counts == remote.counts


def test_threads_with_a_callable_are_one_or_an_error() -> None:
    one = cc.simulate("badugi", 300, policies=[cautious, "random"], seed=1, threads=1)
    assert np.array_equal(one.returns,
                          cc.simulate("badugi", 300, policies=[cautious, "random"], seed=1).returns)
    with pytest.raises(ValueError, match=r"threads=2 with a callable policy: .*executor="):
        cc.simulate("badugi", 300, policies=[cautious, "random"], threads=2)


@pytest.mark.parametrize("name", sorted(cc.GAMES))
def test_shards_merge_into_one_run(name: str) -> None:
    """Two runs of consecutive ranges merge to one run of all the games: kept returns bit
    for bit (so every figure), streamed summaries exactly in their counts and to rounding
    in their moments; start offsets the dealer rotation with the streams."""
    game = cc.GAMES[name]()
    policies = [POLICIES[name][-1]] * game.acting_players
    whole = cc.simulate(game, 3000, policies=policies, seed=9)
    first = cc.simulate(game, 1234, policies=policies, seed=9)
    second = cc.simulate(game, 3000 - 1234, policies=policies, seed=9, start=1234)
    assert second.start == 1234 and second.to_dict()["start"] == 1234
    assert "(games 1,234 to 2,999)" in second.table().splitlines()[0]
    merged = SimulationResult.merge(second, first)
    assert np.array_equal(merged.returns, whole.returns) and merged.counts == whole.counts
    assert np.array_equal(merged.mean, whole.mean) and np.array_equal(merged.std, whole.std)
    assert all(np.array_equal(a, b) for a, b in zip(merged.interval, whole.interval, strict=True))
    assert merged.to_dict() == whole.to_dict()

    streamed = [cc.simulate(game, n, policies=policies, seed=9, start=s, keep_returns=False)
                for s, n in ((0, 1234), (1234, 3000 - 1234))]
    for parts in (streamed, [streamed[0], second]):  # streamed, or streamed and kept
        summed = SimulationResult.merge(*parts)
        assert summed.streamed and summed.games == 3000 and summed.counts == whole.counts
        assert np.array_equal(summed.win_rate, whole.win_rate)
        np.testing.assert_allclose(summed.mean, whole.mean, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(summed.std, whole.std, rtol=1e-12, atol=1e-12)
        one = cc.simulate(game, 3000, policies=policies, seed=9, keep_returns=False)
        assert np.array_equal(summed._summary().histogram, one._summary().histogram)


def test_shards_of_a_callable_merge_into_one_run() -> None:
    policies: list[Any] = [cautious, "rule_based"]
    whole = cc.simulate("badugi", 23_000, policies=policies, seed=4)
    parts = [cc.simulate("badugi", 11_500, policies=policies, seed=4, start=s)
             for s in (0, 11_500)]
    merged = SimulationResult.merge(*parts)
    assert np.array_equal(merged.returns, whole.returns) and merged.counts == whole.counts


def test_merge_refuses_runs_that_are_not_one_run() -> None:
    first = cc.simulate("buh", 100, seed=1)
    with pytest.raises(ValueError, match=r"games 0 to 99 and 0 to 99 overlap"):
        SimulationResult.merge(first, first)
    with pytest.raises(ValueError, match=r"games 0 to 99 and 200 to 299 leave a gap"):
        SimulationResult.merge(first, cc.simulate("buh", 100, seed=1, start=200))
    with pytest.raises(ValueError, match=r"same game, configuration, policies and seed; their "
                                         r"seeds differ: 1 and 2$"):
        SimulationResult.merge(first, cc.simulate("buh", 100, seed=2, start=100))
    with pytest.raises(ValueError, match=r"their policies differ: \('random', 'random'\) and "
                                         r"\('rule_based', 'random'\)"):
        SimulationResult.merge(first, cc.simulate("buh", 100, seed=1, start=100,
                                                  policies=["rule_based", "random"]))
    with pytest.raises(ValueError, match=r"their configurations differ: \{'ante': 1\} and "
                                         r"\{'ante': 2\}$"):
        SimulationResult.merge(first, cc.simulate(cc.buh.Game(ante=2), 100, seed=1, start=100))
    with pytest.raises(ValueError, match=r"merge takes SimulationResults, got 3"):
        SimulationResult.merge(first, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"at least one"):
        SimulationResult.merge()


def decisions(name: str, games: int) -> list[Any]:
    """Copies of the states of every decision in ``games`` games of ``name`` with random
    players (a callable given the whole state, policy_input="state")."""
    rng = random.Random(5)
    states: list[Any] = []

    def record(state: Any) -> int:
        states.append(state.clone())
        return int(rng.choice(state.legal_actions()))

    game = cc.GAMES[name]()
    cc.simulate(game, games, policies=[record] * game.acting_players, seed=3,
                policy_input="state")
    return states


def views(seen: Observation) -> tuple[Any, ...]:
    """Everything an Observation tells, its private world included."""
    legal = seen.legal_actions()
    return (seen.current_player(), legal, seen.legal_actions_mask().tolist(),
            [seen.action_to_string(action) for action in legal],
            seen.observation_string(), seen.observation_tensor().tolist(),
            seen.information_state_string(), seen.information_state_tensor().tolist(),
            seen.resample(11).serialize(), repr(seen), seen._world.serialize())


@pytest.mark.parametrize("name", sorted(cc.GAMES))
def test_an_observation_is_the_same_for_states_its_seat_cannot_tell_apart(name: str) -> None:
    """An Observation is a function of its seat's information only: built from the true
    state or from one whose hidden cards were all drawn again, everything in it is the
    same (so no hidden card can be read from it), and it tells the seat's own view."""
    states = decisions(name, 30)
    assert states
    differ = 0
    for state in states:
        seat = state.current_player()
        seen = Observation(state)
        assert seen.observation_string() == state.observation_string(seat)
        assert seen.information_state_string() == state.information_state_string(seat)
        assert seen.legal_actions() == state.legal_actions()
        for k in (1, 2):
            other = state.resample_from_infostate(seat, k)
            differ += other.serialize() != state.serialize()
            assert views(Observation(other)) == views(seen)
    assert differ  # some resamples did change hidden cards


def test_a_callable_is_given_an_observation_by_default() -> None:
    """The default hands a callable an Observation: no State, nothing that holds a hand,
    and no other seat's cards in any of its strings; policy_input="state" hands the State."""
    given: list[Any] = []
    hidden: list[bool] = []

    def look(seen: Any) -> int:
        given.append(type(seen))
        return int(seen.legal_actions()[0])

    def peek(state: Any) -> int:
        seen = Observation(state)
        seat = state.current_player()
        texts = [seen.observation_string(), seen.information_state_string(), repr(seen),
                 *(seen.action_to_string(action) for action in seen.legal_actions())]
        for card in state.hands[1 - seat]:
            hidden.append(not any(form in text for text in texts
                                  for form in (str(card), card.pretty())))
        return int(state.legal_actions()[0])

    cc.simulate("badugi", 20, policies=[look, "random"], seed=1)
    assert given and set(given) == {Observation}
    for attribute in ("hands", "serialize", "history", "clone", "apply_action", "returns"):
        assert not hasattr(Observation, attribute), attribute
    cc.simulate("badugi", 20, policies=[peek, "random"], seed=1, policy_input="state")
    assert len(hidden) >= 80 and all(hidden)


def test_an_observation_answers_only_for_its_seat() -> None:
    state = decisions("badugi", 1)[0]
    seen = Observation(state)
    other = 1 - seen.current_player()
    with pytest.raises(ValueError, match=rf"only seat {1 - other}'s view, asked for the "
                                         rf"observation of {other}"):
        seen.observation_string(other)
    with pytest.raises(ValueError, match=r"asked for the view of"):
        seen.action_to_string(seen.legal_actions()[0], viewer=other)
    with pytest.raises(ValueError, match=r"an Observation is of a player's decision, not of a "
                                         r"chance node"):
        Observation(cc.badugi.Game().new_initial_state())  # unseeded: the deal is to come
    with pytest.raises(ValueError, match=r"policy_input must be one of 'observation', 'state', "
                                         r"got 'full'"):
        cc.simulate("badugi", 10, policies=[cautious, "random"], policy_input="full")


@pytest.mark.parametrize("name", sorted(cc.GAMES))
def test_a_built_in_player_decides_the_same_from_an_observation(name: str) -> None:
    """policy_action takes the Observation a callable is handed, and the built-in players
    decide from their seat's information only: the same action as from the State."""
    policy_action = getattr(cc, name).policy_action
    for state in decisions(name, 10)[:40]:
        for policy in POLICIES[name]:
            assert policy_action(Observation(state), policy, seed=1) == \
                policy_action(state, policy, seed=1), (name, policy, state.serialize())
