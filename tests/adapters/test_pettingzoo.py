"""The PettingZoo adapter: PettingZoo's API and seed tests on every game, action masks and
rewards against an engine state replaying the same game, hidden cards, bad input, and the
example script."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

import numpy as np

import cardcore as cc
from cardcore.adapters import pettingzoo as cz

with warnings.catch_warnings():
    # pettingzoo.test loads a classic env for its own fixtures by the path PettingZoo 1.27
    # deprecates (when pygame is installed)
    warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

REPO = Path(__file__).resolve().parents[2]

CASES: list[tuple[str, dict[str, Any]]] = [
    ("badugi", {}),
    ("badugi", {"hands": 12, "stacks": (10, 30)}),
    ("buh", {"players": 2}),
    ("buh", {"players": 6}),
    ("baibuu", {}),
    ("baibuu", {"banker": "agent"}),
    ("baibuu", {"player_hands": 3, "banker": "agent", "hands": 4}),
    ("hucklebuck", {"players": 3}),
    ("hucklebuck", {"players": 7}),
    ("hucklebuck", {"players": 5, "scores": (9, 2, 5, 8, 10), "hands": 3}),
    ("hucklebuck", {"players": 4, "hands": None, "target": 5}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, config = case
    return name + "".join(f"-{k}={v}" for k, v in config.items())


@pytest.fixture(params=CASES, ids=case_id)
def case(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    return request.param  # type: ignore[no-any-return]


# api_test warns about dict observations (observation and action_mask) unless the env is one
# of PettingZoo's own classic games, which it lists by name; the layout is PettingZoo's own.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    api_test(cz.env(name, **config), num_cycles=1000, verbose_progress=False)


def test_pettingzoo_seeding(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    seed_test(lambda: cz.env(name, **config), num_cycles=1000)


def first_observations(env: Any, seeds: list[int | None]) -> list[bytes]:
    """The selected agent's first observation after each reset."""
    found = []
    for seed in seeds:
        env.reset(seed=seed)
        found.append(env.observe(env.agent_selection)["observation"].tobytes())
    return found


def test_seeds_choose_the_deals() -> None:
    env = cz.env("badugi")
    seeded = first_observations(env, [1, None, None, 1, None, None])
    assert seeded[:3] == seeded[3:], "a seed fixes the deals of the resets that follow it"
    assert len(set(seeded[:3])) == 3, "later resets deal new hands"
    assert first_observations(env, [2]) != seeded[:1]


@pytest.mark.parametrize("name", [name for name in cc.GAMES
                                  if "first_dealer" in cc.GAMES[name]().config])
def test_the_dealer_rotates(name: str) -> None:
    """Where the rules have a dealer, the first dealer of an episode varies: drawn from a
    reset's seed, then one seat on at each reset without one; a seed gives the same seats."""
    env = cz.raw_env(name)
    seats = env.game.num_players

    def dealers(seeds: list[int | None]) -> list[int]:
        found = []
        for seed in seeds:
            env.reset(seed=seed)
            found.append(env.episode_game.config["first_dealer"])
            assert env.engine_state.serialize().startswith(
                env.episode_game.new_initial_state().serialize().split(" | ")[0])
        return found

    rotation = dealers([5] + [None] * (2 * seats - 1))
    assert rotation == [(rotation[0] + k) % seats for k in range(2 * seats)]
    assert dealers([5]) == rotation[:1], "the same seed, the same first dealer"
    assert set(dealers(list(range(40)))) == set(range(seats)), "seeds choose every seat"
    fixed = cz.raw_env(name, first_dealer=1)
    for seed in (None, 1, None, 2):
        fixed.reset(seed=seed)
        assert fixed.episode_game.config["first_dealer"] == 1


def test_player_0_plays_both_badugi_positions() -> None:
    """The issue's case: player_0 is the dealer (small blind) in some episodes and the big
    blind in others, whether reset with a new seed each time or without one."""
    env = cz.raw_env("badugi")
    by_seed = set()
    for seed in range(20):
        env.reset(seed=seed)
        by_seed.add(cast(cc.badugi.State, env.engine_state).button)
    in_turn = []
    for _ in range(4):
        env.reset()
        in_turn.append(cast(cc.badugi.State, env.engine_state).button)
    assert by_seed == {0, 1}
    assert in_turn in ([0, 1, 0, 1], [1, 0, 1, 0])


def seat_of(agent: str) -> int:
    return int(agent.removeprefix("player_"))


def test_masks_and_rewards_follow_the_engine(case: tuple[str, dict[str, Any]]) -> None:
    """Random games through the wrapped env next to an engine state with explicit chance
    nodes that receives the same deals (read from the env's state) and the same actions."""
    name, config = case
    env = cz.env(name, **config)
    for seed in range(8):
        rng = random.Random(seed)
        env.reset(seed=seed)
        replica = env.unwrapped.episode_game.new_initial_state()
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            dealt = env.unwrapped.engine_state.history()
            while replica.is_chance_node():
                replica.apply_action(dealt[len(replica.history())])
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            assert not truncated
            if terminated:
                assert replica.is_terminal()
                env.step(None)
                continue
            seat = seat_of(agent)
            legal = replica.legal_actions()
            assert replica.current_player() == seat
            assert np.flatnonzero(observation["action_mask"]).tolist() == legal
            assert np.array_equal(observation["observation"], replica.observation_tensor(seat))
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            action = rng.choice(legal)
            env.step(action)
            replica.apply_action(action)
        returns = replica.returns()
        assert totals == {agent: returns[seat_of(agent)] for agent in totals}


def test_observations_stay_in_their_spaces(case: tuple[str, dict[str, Any]]) -> None:
    name, config = case
    env = cz.env(name, **config)
    rng = np.random.default_rng(0)
    for seed in range(15):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            for watcher in env.agents:
                observed = env.observe(watcher)
                assert env.observation_space(watcher).contains(observed), (watcher, observed)
            mask = env.observe(agent)["action_mask"]
            env.step(None if env.terminations[agent] else int(rng.choice(np.flatnonzero(mask))))


def test_observations_hide_other_players_cards(case: tuple[str, dict[str, Any]]) -> None:
    """An agent observes the same (tensor and action mask) in every state that redraws the
    cards hidden from it."""
    name, config = case
    env = cz.raw_env(name, **config)
    actions = env.game.num_distinct_actions
    rng = random.Random(0)
    for seed in range(6):
        env.reset(seed=seed)
        state = env.engine_state
        while not state.is_terminal():
            for seat in range(env.num_agents):
                seen = cz._observation(state, seat, actions)
                for resample_seed in range(3):
                    other = state.resample_from_infostate(seat, resample_seed)
                    again = cz._observation(other, seat, actions)
                    assert np.array_equal(seen["observation"], again["observation"])
                    assert np.array_equal(seen["action_mask"], again["action_mask"])
            env.step(rng.choice(state.legal_actions()))


def test_agents_are_the_seats_that_decide() -> None:
    assert cz.raw_env("buh", players=5).possible_agents == [f"player_{i}" for i in range(5)]
    # the house-way banker arranges inside the engine; an agent banker is the last agent
    assert cz.raw_env("baibuu", player_hands=3).possible_agents == ["player_0", "player_1",
                                                                    "player_2"]
    assert len(cz.raw_env("baibuu", player_hands=3, banker="agent").possible_agents) == 4


def test_no_episode_starts_over() -> None:
    """About 2% of one-hand Bai Buu deals give the player a Natural and settle at once;
    the env deals again rather than start an episode nobody can act in."""
    game = cc.baibuu.Game()
    assert sum(game.new_initial_state(seed=s).is_terminal() for s in range(300)) > 0
    env = cz.env("baibuu")
    env.reset(seed=0)
    for _ in range(300):
        env.reset()
        assert not any(env.terminations.values())
        assert env.observe(env.agent_selection)["action_mask"].any()


def test_illegal_actions() -> None:
    raw = cz.raw_env("hucklebuck", players=4)
    raw.reset(seed=5)
    before, selected = raw.engine_state.serialize(), raw.agent_selection
    legal = set(raw.engine_state.legal_actions())
    illegal = next(a for a in range(raw.game.num_distinct_actions) if a not in legal)
    for bad in (illegal, None, 1.5, "0"):
        with pytest.raises(ValueError):
            raw.step(bad)  # type: ignore[arg-type]
    assert raw.engine_state.serialize() == before and raw.agent_selection == selected

    # wrapped, as PettingZoo's classic games: the offender loses the game's minimum
    env = cz.env("hucklebuck", players=4)
    env.reset(seed=5)
    offender = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: (cc.hucklebuck.Game(players=4).min_utility if a == offender
                               else 0) for a in env.agents}


@pytest.mark.parametrize(
    ("name", "config", "message"),
    [
        ("poker", {}, "unknown game 'poker'"),
        ("buh", {"playres": 3}, "buh has no config field playres"),
        ("buh", {"players": 9}, "players"),
        ("badugi", {"hands": "x"}, "badugi config: hands must be an integer, got str 'x'"),
        ("badugi", {"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_games_and_configs(name: str, config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cz.env(name, **config)


def test_render() -> None:
    env = cz.env("buh", players=3, render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == repr(env.unwrapped.engine_state)
    quiet = cz.env("buh")
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def rgb(colour: str) -> list[int]:
    """A ``#rrggbb`` colour as its three channels."""
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def test_rgb_array_render_is_the_picture_as_pixels() -> None:
    pytest.importorskip("resvg_py", reason="the render extra is not installed")
    from cardcore.picture import THEMES, to_rgb_array

    env = cz.env("badugi", render_mode="rgb_array")
    env.reset(seed=3)
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
    root = ET.fromstring(env.unwrapped.engine_state.to_svg())
    assert frame.shape == (int(root.get("height")), int(root.get("width")), 3)
    assert frame[2, 2].tolist() == rgb(THEMES["light"]["page"])  # a corner of the page
    assert frame[300, 200].tolist() == rgb(THEMES["light"]["felt"])  # the table, left
    # Every card is face up (the omniscient picture, as "ansi"): more white card faces
    # than in the picture seat 0 sees, where seat 1's cards are backs.
    def white(pixels: Any) -> int:
        return int((pixels == 255).all(axis=2).sum())

    seen = to_rgb_array(env.unwrapped.engine_state, 0)
    assert seen.shape == frame.shape and white(frame) > white(seen)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][-1]))
    assert (env.render() != frame).any()


def test_metadata() -> None:
    for name in cc.GAMES:
        metadata = cz.raw_env(name).metadata
        assert metadata["name"] == f"cardcore_{name}_v0"
        assert metadata["render_modes"] == ["ansi", "rgb_array"]
        assert not metadata["is_parallelizable"]


def test_docstring_examples_run() -> None:
    results = doctest.testmod(cz, optionflags=doctest.ELLIPSIS)
    assert results.attempted and not results.failed


def test_import_cardcore_leaves_the_adapters_alone() -> None:
    code = "import sys, cardcore; print(sorted(m for m in sys.modules if 'pettingzoo' in m))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_example_script() -> None:
    script = REPO / "examples" / "pettingzoo_random.py"
    result = subprocess.run([sys.executable, str(script), "--games", "5"], capture_output=True,
                            text=True, check=True)
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(cc.GAMES)
    for name, line in zip(cc.GAMES, lines, strict=True):
        _, count, _, *cells = line.split()
        assert count == "5"
        agents, values = cells[::2], [float(v) for v in cells[1::2]]
        assert agents == cz.raw_env(name).possible_agents
        if name in ("badugi", "buh"):  # zero-sum games
            assert abs(sum(values)) < 0.01
