"""cc.search.ismcts, the native information-set MCTS (docs/search.md): legal moves only, the
same result on any number of threads, no peeking at hidden cards (a state resampled from
the searcher's information state gives the same search), one simulation plays the rollout
policy's move, a search that converges on the exact best arrangement in Bai Buu, the
search as a policy everywhere a policy is taken, and bad input."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from tests.games.test_conformance import CONFIGS

GAMES = list(cc.GAMES)
HORIZONS = ("game", "hand")


def configs(name: str) -> list[dict[str, Any]]:
    """A game's default configuration, its first other one and its first multi-hand one."""
    chosen = CONFIGS[name][:2]
    chosen += [c for c in CONFIGS[name] if c.get("hands", 1) not in (1, None)][:1]
    return chosen


def module(name: str) -> Any:
    return getattr(cc, name)


def decisions(name: str, config: dict[str, Any], seed: int, count: int) -> Iterator[Any]:
    """Up to `count` player decisions of seeded games of `config`, reached by random play
    (a copy of each)."""
    rng = random.Random(seed)
    found = 0
    game = cc.GAMES[name](**config)
    while found < count:
        state = game.new_initial_state(seed=rng.randrange(2**32))
        while not state.is_terminal() and found < count:
            if rng.randrange(3) == 0:
                found += 1
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))


def every_decision() -> list[tuple[str, dict[str, Any]]]:
    return [(name, config) for name in GAMES for config in configs(name)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, config = case
    return name + "".join(f"-{k}={v}" for k, v in config.items())


CASES = every_decision()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_chooses_a_legal_action_and_spends_every_simulation(
        case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    rollouts = module(name).SPEC.policies
    for i, state in enumerate(decisions(name, config, 11, 6)):
        rollout = rollouts[i % len(rollouts)]
        result = cc.search.ismcts(state, simulations=150, rollout=rollout, seed=i)
        legal = state.legal_actions()
        assert result.action in legal
        assert sorted(result.visits) == legal and sorted(result.values) == legal
        assert sum(result.visits.values()) == 150
        assert result.player == state.current_player()
        assert result.visits[result.action] == max(result.visits.values())
        for action, visits in result.visits.items():
            assert math.isnan(result.values[action]) == (visits == 0)
            if visits:  # a mean of returns from here on: within the game's utility range
                assert cc.GAMES[name](**config).min_utility - 1e-9 <= result.values[action]
                assert result.values[action] <= cc.GAMES[name](**config).max_utility + 1e-9


@pytest.mark.parametrize("uct_c", [1e300, 2.7e307, np.finfo(np.float64).max])
@pytest.mark.parametrize("threads", [1, 3])
def test_any_finite_exploration_weight_chooses_a_legal_action(uct_c: float, threads: int) -> None:
    """uct_c times the largest return seen may overflow; the search still picks among the
    legal moves (it once chose from no edge and wrote out of bounds)."""
    for name in GAMES:
        for state in decisions(name, {}, 2, 2):
            result = cc.search.ismcts(state, simulations=40, uct_c=uct_c, threads=threads, seed=1)
            assert result.action in state.legal_actions()
            assert sum(result.visits.values()) == 40


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_same_result_on_any_number_of_threads(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    for i, state in enumerate(decisions(name, config, 5, 3)):
        horizon = HORIZONS[i % 2]
        results = [cc.search.ismcts(state, simulations=203, seed=40 + i, threads=t,
                                    horizon=horizon) for t in (1, 2, 3, 4, 7)]
        assert all(r == results[0] for r in results)
        assert results[0].visits == cc.search.ismcts(state, simulations=203, seed=40 + i,
                                                     horizon=horizon).visits
        # ... and the seed matters: another seed searches otherwise somewhere.
    varied = [cc.search.ismcts(state, simulations=203, seed=s).visits for s in range(4)]
    assert any(v != varied[0] for v in varied) or len(state.legal_actions()) == 1


def hidden_differs(state: Any, other: Any) -> bool:
    """Whether two states differ in their history (the cards dealt where the player cannot
    see them), so that a test over both can fail."""
    return bool(state.history() != other.history())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_peeking(case: tuple[str, dict[str, Any]]) -> None:
    """The search sees the state only through what the player to move knows: the same
    search of a state whose hidden cards were redrawn (resample_from_infostate, which keeps
    what he knows) gives the same action and the same visit counts for a fixed seed."""
    name, config = case
    differed = 0
    for i, state in enumerate(decisions(name, config, 23, 6)):
        player = state.current_player()
        horizon = HORIZONS[i % 2]
        mine = cc.search.ismcts(state, simulations=120, seed=i, horizon=horizon)
        for k in range(3):
            world = state.resample_from_infostate(player, 1000 * i + k)
            assert world.information_state_string(player) == state.information_state_string(player)
            differed += hidden_differs(state, world)
            theirs = cc.search.ismcts(world, simulations=120, seed=i, horizon=horizon)
            assert (theirs.action, theirs.visits) == (mine.action, mine.visits)
            assert theirs.values == pytest.approx(mine.values, nan_ok=True)
    assert differed > 0  # the test saw other worlds


@pytest.mark.parametrize("name", GAMES)
def test_one_simulation_plays_the_rollout_policys_move(name: str) -> None:
    spec = module(name).SPEC
    policies = [p for p in spec.policies if p not in spec.random_policies]
    for config in configs(name):
        for i, state in enumerate(decisions(name, config, 3, 8)):
            for policy in policies:
                expected = module(name).policy_action(state, policy, seed=i)
                result = cc.search.ismcts(state, simulations=1, rollout=policy, seed=i)
                assert result.action == expected
                assert result.visits[expected] == 1 and sum(result.visits.values()) == 1


def test_finds_the_best_bai_buu_arrangement() -> None:
    """Bai Buu's player hand decides once against the house-way banker: with enough
    simulations the search's most visited arrangement is the exact best one
    (policy 'optimal', checked against an oracle in tests/test_baibuu.py) in most hands,
    and its value is close to that arrangement's exact expectation."""
    game = cc.GAMES["baibuu"]()
    agree = hands = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        if state.is_terminal() or len(state.legal_actions()) == 1:
            continue
        hands += 1
        best = cc.baibuu.policy_action(state, "optimal")
        result = cc.search.ismcts(state, simulations=6000, uct_c=0.5, seed=seed)
        agree += result.action == best
    assert hands >= 20 and agree >= 0.7 * hands


def hucklebuck_to_target(hand: int) -> Any:
    """A decision of seat 0 in hand `hand` of a Hucklebuck game to 11, reached by
    rule-based play."""
    state = cc.hucklebuck.Game(players=4, hands=None).new_initial_state(seed=7)
    while state.hand_number < hand or state.current_player() != 0:
        state.apply_action(cc.hucklebuck.policy_action(state, "rule_based"))
    return state


def test_a_hand_horizon_values_the_hand_in_points() -> None:
    """A game to the target pays +1 or -1/3 at its end; with horizon="hand" the search
    values the hand in play instead: the player's score change in it, -3 to +5 (the
    first decision of a later hand too, right after the hand that completed before)."""
    largest = 0.0
    for hand in (1, 2, 3):
        state = hucklebuck_to_target(hand)
        game_values = cc.search.ismcts(state, simulations=400, seed=1).values.values()
        hand_values = cc.search.ismcts(state, simulations=400, seed=1,
                                       horizon="hand").values.values()
        assert all(-1 / 3 - 1e-9 <= v <= 1 + 1e-9 for v in game_values if not math.isnan(v))
        assert all(-3 <= v <= 5 for v in hand_values if not math.isnan(v))
        largest = max(largest, *(abs(v) for v in hand_values if not math.isnan(v)))
    assert largest > 1  # out of a game return's range: points


def late_badugi_decision(hand: int) -> tuple[Any, int]:
    """The first decision of hand `hand` of a seeded Badugi match of that many hands, with
    deep stacks and seats that never bet or raise (so that it lasts), and the history index
    where the hand began."""
    rng = random.Random(5)
    state = cc.badugi.Game(hands=hand, stacks=(10**6, 10**6)).new_initial_state(seed=5)
    begin = 0
    while state.hand_number < hand or state.current_player() < 0:
        if state.hand_number < hand:
            begin = len(state.history()) + 1  # after the action to come, if it ends the hand
        legal = state.legal_actions()
        state.apply_action(1 if 1 in legal else 2 if 2 in legal else rng.choice(legal))
    return state, begin


def test_a_search_late_in_a_long_match_keeps_the_memory_of_a_hand() -> None:
    """A search's worlds share the hands completed before the one in play with the root, so
    the memory a search may need (what memory_limit bounds) at hand 1,000 of a match is
    what it needs at hand 1, not a copy of 1,000 hands' history a world."""
    first, _ = late_badugi_decision(1)
    late, _ = late_badugi_decision(1000)
    assert late.hand_number == 1000 and len(late.history()) > 1000 * 8
    with pytest.raises(ValueError, match=r"may need up to \d+ MiB") as refused:
        cc.search.ismcts(first, simulations=1000, memory_limit=1)
    found = re.search(r"may need up to (\d+) MiB", str(refused.value))
    assert found is not None
    needed = int(found.group(1))
    limit = 2 * (needed + 1) << 20
    cc.search.ismcts(first, simulations=1000, memory_limit=limit)
    cc.search.ismcts(late, simulations=1000, memory_limit=limit)


def test_no_peeking_late_in_a_long_match() -> None:
    """At hand 300, the search of a state whose hidden cards were redrawn (in every hand:
    resample_from_infostate keeps none of the hidden cards of the hands before either) is
    the same search: it reads nothing of the hands before but what is public."""
    state, begin = late_badugi_decision(300)
    player = state.current_player()
    mine = cc.search.ismcts(state, simulations=200, seed=3, horizon="hand")
    earlier_redrawn = 0
    for k in range(3):
        world = state.resample_from_infostate(player, k)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.hands[player] == state.hands[player]
        assert len(world.history()) == len(state.history())
        earlier_redrawn += world.history()[:begin] != state.history()[:begin]
        theirs = cc.search.ismcts(world, simulations=200, seed=3, horizon="hand")
        assert (theirs.action, theirs.visits) == (mine.action, mine.visits)
    assert earlier_redrawn > 0


@pytest.mark.parametrize(("state", "options", "unit"), [
    (cc.badugi.Game().new_initial_state(seed=2), {}, "chips"),
    (cc.baibuu.Game(banker="agent").new_initial_state(seed=2), {}, "chips"),
    (cc.hucklebuck.Game().new_initial_state(seed=2), {}, "points"),
    (cc.hucklebuck.Game(hands=None).new_initial_state(seed=2), {}, "game results (+1 a win)"),
    (cc.hucklebuck.Game(hands=None).new_initial_state(seed=2), {"horizon": "hand"}, "points"),
], ids=["badugi", "baibuu", "hucklebuck", "hucklebuck to the target", "its hand"])
def test_the_values_name_their_unit(state: Any, options: dict[str, Any], unit: str) -> None:
    result = cc.search.ismcts(state, simulations=50, seed=1, **options)
    assert result.unit == unit
    assert repr(result).splitlines()[0].endswith(f"simulations, values in {unit}:")


def test_a_hand_horizon_searches_a_single_hand_game_as_the_game() -> None:
    """In a game of one hand, the hand's end is the game's: the same search."""
    for name in GAMES:
        for i, state in enumerate(decisions(name, {}, 31, 3)):
            assert (cc.search.ismcts(state, simulations=150, seed=i, horizon="hand")
                    == cc.search.ismcts(state, simulations=150, seed=i))


def test_repr_shows_the_moves_in_words() -> None:
    state = cc.GAMES["badugi"]().new_initial_state(seed=3)
    result = cc.search.ismcts(state, simulations=300, seed=1)
    text = repr(result)
    assert f"plays {state.action_to_string(result.action)!r}" in text
    for action in state.legal_actions():
        assert state.action_to_string(action) in text
    assert "300 simulations" in text and "visits" in text and "value" in text


# The search as a policy.


def test_policy_action_takes_the_search_as_name_pair_or_text() -> None:
    state = cc.GAMES["hucklebuck"]().new_initial_state(seed=4)
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[0])
    by_pair = cc.hucklebuck.policy_action(state, ("ismcts", {"simulations": 50}), seed=3)
    by_text = cc.hucklebuck.policy_action(state, "ismcts:simulations=50", seed=3)
    assert by_pair == by_text and by_pair in state.legal_actions()
    assert cc.hucklebuck.policy_action(state, "ismcts", seed=3) in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_simulate_plays_the_search_the_same_on_any_thread_count(name: str) -> None:
    game = cc.GAMES[name]()
    seats = game.acting_players
    rollout = module(name).SPEC.policies[-1]
    policies: list[Any] = [("ismcts", {"simulations": 30, "rollout": rollout})]
    policies += [module(name).SPEC.opponent] * (seats - 1)
    one = cc.simulate(game, 12, policies=policies, seed=5, threads=1)
    two = cc.simulate(game, 12, policies=policies, seed=5, threads=2)
    np.testing.assert_array_equal(one.returns, two.returns)
    assert one.policies[0].startswith("ismcts:simulations=30")
    if seats > 1:  # a callable seat next to the search: the same deals, the same decisions
        opponent = module(name).SPEC.opponent

        def other(state: Any) -> int:
            return int(module(name).policy_action(state, opponent))

        called = cc.simulate(game, 12, policies=[*policies[:-1], other], seed=5)
        # A deterministic opponent plays the same as natively.
        if opponent not in module(name).SPEC.random_policies:
            np.testing.assert_array_equal(called.returns, one.returns)


def test_vector_env_opponents_may_search() -> None:
    env = cc.VectorEnv("badugi", 3, seat=0, opponents=("ismcts", {"simulations": 20}), seed=2)
    assert env.opponents[1].startswith("ismcts:simulations=20")
    step = env.reset()
    for _ in range(6):
        step = env.step(step.legal_mask.argmax(axis=1))
    assert step.rewards.shape == (3, 2)


def test_cli_simulate_and_play_take_the_search() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardcore", "simulate", "badugi", "--hands", "20", "--policy",
         "ismcts:simulations=30", "rule_based", "--json", "/dev/stdout"],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "ismcts:simulations=30" in out.stdout
    played = subprocess.run(
        [sys.executable, "-m", "cardcore", "play", "badugi", "--opponents", "ismcts:simulations=30",
         "--seed", "1"], input="fold\n", capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    assert "game over" in played.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "cardcore", "simulate", "badugi", "--hands", "5", "--policy",
         "ismcts:simulations=zero"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "simulations" in bad.stderr and "Traceback" not in bad.stderr


# Bad input.


@pytest.mark.parametrize(("options", "words"), [
    ({"simulation": 10}, "unknown ismcts option 'simulation'"),
    ({"simulations": 0}, "simulations must be"),
    ({"simulations": -5}, "simulations must be"),
    ({"simulations": 10**9}, "simulations must be"),
    ({"simulations": 2.5}, "simulations must be"),
    ({"simulations": True}, "simulations must be"),
    ({"simulations": "100"}, "simulations must be"),
    ({"uct_c": -1.0}, "uct_c must be"),
    ({"uct_c": math.nan}, "uct_c must be"),
    ({"uct_c": math.inf}, "uct_c must be"),
    ({"uct_c": "1"}, "uct_c must be"),
    ({"rollout": "ismcts"}, "rollout policy 'ismcts'"),
    ({"rollout": "smart"}, "rollout policy 'smart'"),
    ({"rollout": 1}, "rollout policy 1"),
    ({"threads": 0}, "threads must be"),
    ({"threads": 10**6}, "threads must be"),
    ({"seed": -1}, "seed must be"),
    ({"seed": 2**64}, "seed must be"),
    ({"horizon": "turn"}, "horizon must be 'game' or 'hand', got 'turn'"),
    ({"horizon": None}, "horizon must be"),
])
def test_bad_options(options: dict[str, Any], words: str) -> None:
    state = cc.GAMES["buh"]().new_initial_state(seed=1)
    before = state.serialize()
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        cc.search.ismcts(state, **options)
    assert state.serialize() == before


@pytest.mark.parametrize("name", GAMES)
def test_terminal_states_chance_nodes_and_non_states(name: str) -> None:
    game = cc.GAMES[name]()
    with pytest.raises(ValueError, match="chance node"):
        cc.search.ismcts(game.new_initial_state())
    state = game.new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="game is over"):
        cc.search.ismcts(state)
    with pytest.raises(ValueError, match="needs a cardcore State"):
        cc.search.ismcts(game)
    # The compiled function checks the same (for users who reach for it).
    core = getattr(cc._core, name)
    with pytest.raises(ValueError, match="game is over"):
        core.ismcts(state, 10, 1.0, "random", 0, 1, "game")
    with pytest.raises(ValueError, match="simulations"):
        core.ismcts(game.new_initial_state(seed=1), 0, 1.0, "random", 0, 1, "game")
    with pytest.raises(ValueError, match=r"unknown .* policy 'x"):
        core.ismcts(game.new_initial_state(seed=1), 10, 1.0, "x" * 500, 0, 1, "game")
    with pytest.raises(ValueError, match="horizon must be 'game' or 'hand'"):
        core.ismcts(game.new_initial_state(seed=1), 10, 1.0, "random", 0, 1, "deal")


@pytest.mark.parametrize(("policy", "words"), [
    ("ismcts:simulations", "is not name=value"),
    ("ismcts:simulations=ten", "simulations must be int"),
    ("ismcts:simulations=5,simulations=6", "given twice"),
    ("ismcts:depth=3", "unknown ismcts option 'depth'"),
    ("ismcts:rollout=ismcts", "rollout policy 'ismcts'"),
    ("ismcts:horizon=round", "horizon must be"),
    (("ismcts", [("simulations", 5)]), "options are a dict"),
    (("ismcts", {"simulations": 0}), "simulations must be"),
    (("random", {"simulations": 5}), "takes no options"),
    ("ismctsx", "unknown badugi policy"),
    (("smart", {}), "unknown badugi policy"),
])
def test_bad_search_policies(policy: Any, words: str) -> None:
    state = cc.GAMES["badugi"]().new_initial_state(seed=1)
    with pytest.raises(ValueError, match=words):
        cc.badugi.policy_action(state, policy)
    with pytest.raises(ValueError, match=words):
        cc.simulate("badugi", 2, policies=[policy, "random"])
    with pytest.raises(ValueError, match=words):
        cc.VectorEnv("badugi", 2, seat=0, opponents=[policy])


def test_the_compiled_policy_text_is_checked_too() -> None:
    """The compiled simulate reads "ismcts:..." itself (the CLI and the Python layer give it
    checked text; a user calling _core directly gets the same errors)."""
    core = cc._core.badugi
    game = cc.GAMES["badugi"]()
    for text, words in [("ismcts:simulations=0", "simulations must be"),
                        ("ismcts:uct_c=-2", "uct_c must be"),
                        ("ismcts:rollout=nope", "unknown badugi policy 'nope'"),
                        ("ismcts:seed=x", "seed must be"),
                        ("ismcts:a", "is not name=value"),
                        ("ismcts:threads=1,threads=2", "given twice"),
                        ("ismcts:horizon=all", "horizon must be game or hand"),
                        ("ismcts:z=1", "unknown option 'z'")]:
        with pytest.raises(ValueError, match=words):
            core.simulate(game, 0, 2, 1, [text, "random"], 1)
    returns, _ = core.simulate(game, 0, 2, 1, ["ismcts:simulations=5", "random"], 1)
    assert returns.shape == (2, 2)
    assert json.dumps(returns.tolist())


def test_a_search_policy_keeps_the_simulate_table_aligned() -> None:
    """The search's policy text names its options, longer than a built-in policy's name:
    the table's columns widen to it, so each row's mean sits under the header's."""
    result = cc.simulate(cc.badugi.Game(), 4, seed=1,
                         policies=[("ismcts", {"simulations": 5}), "rule_based"])
    lines = result.table().splitlines()
    header, rows = lines[1], lines[2:4]
    assert rows[0].split()[1].startswith("ismcts:")
    mean_end = header.index("mean") + len("mean")
    for row in rows:
        mean = row.split()[2]
        assert row.index(mean) + len(mean) == mean_end, "\n".join(lines)
