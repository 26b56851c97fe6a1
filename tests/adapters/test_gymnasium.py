"""The Gymnasium wrapper as Gymnasium's ecosystem uses it: a list of seeds at reset, text
rendering that shows only what the agent's seat may know, every game registered for
``gymnasium.make_vec``, and ``action_masks()`` for sb3-contrib's MaskablePPO."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed")

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import cardcore as cc
from cardcore.adapters.gymnasium import GymnasiumVectorEnv, gymnasium_id

GAMES = list(cc.GAMES)


def _legal(rng: np.random.Generator, mask: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per row (0 in a row with none)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])


def _rows(env: GymnasiumVectorEnv, seed: Any, actions: list[npt.NDArray[np.int64]]
          ) -> list[tuple[Any, ...]]:
    """The observations, rewards and terminations of a reset with ``seed`` then steps with
    ``actions`` (each env a legal action where the given one is not)."""
    observation, info = env.reset(seed=seed)
    rows: list[tuple[Any, ...]] = [(observation,)]
    for chosen in actions:
        mask = info["action_mask"]
        legal = mask[np.arange(env.num_envs), chosen] == 1
        observation, reward, terminated, _, info = env.step(np.where(legal, chosen,
                                                                     mask.argmax(axis=1)))
        rows.append((observation, reward, terminated))
    return rows


@pytest.mark.parametrize("name", GAMES)
def test_a_list_of_seeds_restarts_env_i_from_stream_i_of_its_seed(name: str) -> None:
    seeds = [11, 4, 11, 2**64 - 1]
    rng = np.random.default_rng(1)
    actions = [rng.integers(0, cc.GAMES[name]().num_distinct_actions, 4) for _ in range(40)]
    listed = _rows(cc.VectorEnv(name, 4, seat=0).as_gymnasium(), seeds, actions)
    for threads in (1, 2):  # the same for any thread count
        again = _rows(cc.VectorEnv(name, 4, seat=0, threads=threads).as_gymnasium(), seeds,
                      actions)
        for row, other in zip(listed, again, strict=True):
            for a, b in zip(row, other, strict=True):
                np.testing.assert_array_equal(a, b)
    for i, seed in enumerate(seeds):  # env i is env i of a reset with seed[i] alone
        whole = _rows(cc.VectorEnv(name, 4, seat=0).as_gymnasium(), seed, actions)
        for row, other in zip(listed, whole, strict=True):
            for a, b in zip(row, other, strict=True):
                np.testing.assert_array_equal(a[i], b[i])


def test_a_none_in_the_list_continues_that_envs_stream() -> None:
    env = cc.VectorEnv("badugi", 3, seat=0, seed=8).as_gymnasium()
    reference = cc.VectorEnv("badugi", 3, seat=0, seed=8)
    first, _ = env.reset(seed=[None, 5, None])  # the first reset: the constructor's seed
    np.testing.assert_array_equal(first[[0, 2]], reference.reset().observation[[0, 2]])
    assert not np.array_equal(first[1], reference.reset(seed=8).observation[1])
    reference.reset(seed=8)
    continued, _ = env.reset(seed=[None, 5, 6])
    np.testing.assert_array_equal(continued[0], reference.reset().observation[0])
    np.testing.assert_array_equal(continued[1], first[1])  # seed 5 again: the same deal


def test_a_bad_list_of_seeds_is_a_clear_error() -> None:
    env = cc.VectorEnv("buh", 3, seat=0).as_gymnasium()
    with pytest.raises(ValueError, match=r"one per env \(3\), got a list of 2"):
        env.reset(seed=[1, 2])
    with pytest.raises(ValueError, match=r"seed\[1\] must be an integer in \[0, 2\*\*64\), "
                                         r"got str 'x'"):
        env.reset(seed=[1, "x", 3])
    with pytest.raises(ValueError, match=r"seed\[2\] must be an integer .* got -1"):
        env.reset(seed=(1, 2, -1))


@pytest.mark.parametrize("name", GAMES)
def test_render_shows_each_env_what_the_agent_may_know(name: str) -> None:
    env = cc.VectorEnv(name, 3, seat=0).as_gymnasium(render_mode="ansi")
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=3)
    for _ in range(20):
        frames = env.render()
        assert isinstance(frames, tuple) and len(frames) == 3
        for i, frame in enumerate(frames):
            state = env.env.state(i)
            assert frame == state.observation_string(0)
            # Nothing in it depends on a card the agent cannot see.
            if not state.is_terminal():
                for resample in range(3):
                    other = state.resample_from_infostate(0, resample)
                    assert other.observation_string(0) == frame
        _, _, _, _, info = env.step(_legal(rng, info["action_mask"]))


def test_render_modes() -> None:
    env = cc.VectorEnv("badugi", 2, seat=0).as_gymnasium(render_mode="ansi")
    assert env.metadata["render_modes"] == ["ansi"]
    with pytest.raises(ValueError, match="call reset"):
        env.render()
    quiet = cc.VectorEnv("badugi", 2, seat=0).as_gymnasium()
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render mode"):
        assert quiet.render() is None
    with pytest.raises(ValueError, match=r"render_mode must be None or one of ansi, got "
                                         r"'rgb_array'"):
        cc.VectorEnv("badugi", 2, seat=0).as_gymnasium(render_mode="rgb_array")


@pytest.mark.parametrize("mode", [None, "vector_entry_point"])
@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_registered_for_make_vec(name: str, mode: str | None) -> None:
    game = cc.GAMES[name]()
    env = gym.make_vec(gymnasium_id(name), num_envs=3, vectorization_mode=mode, seed=4,
                       opponents="random", render_mode="ansi")
    assert isinstance(env, GymnasiumVectorEnv)
    assert env.num_envs == 3 and env.env.spec.name == name and env.render_mode == "ansi"
    assert env.spec is not None and env.spec.id == gymnasium_id(name)
    assert env.single_action_space == gym.spaces.Discrete(game.num_distinct_actions)
    direct = cc.VectorEnv(name, 3, seat=0, seed=4, opponents="random").as_gymnasium()
    np.testing.assert_array_equal(env.reset()[0], direct.reset()[0])


def test_make_vec_takes_a_configured_game_and_the_env_options() -> None:
    env = gym.make_vec("cardcore/Hucklebuck-v0", num_envs=2,
                       game=cc.hucklebuck.Game(players=5), seat=2, threads=2)
    assert env.env.game.num_players == 5 and env.seat == 2 and env.env.threads == 2
    assert gymnasium_id(cc.baibuu.Game()) == "cardcore/BaiBuu-v0"
    # The games have no single gymnasium.Env, so Gymnasium's own vectorizers refuse them.
    with pytest.raises(gym.error.Error, match="doesn't have an entry point"):
        gym.make_vec("cardcore/Badugi-v0", num_envs=2, vectorization_mode="sync")


def test_make_vec_imports_the_adapter_by_its_module_prefix() -> None:
    """Gymnasium's ``module:id`` form registers the games in a fresh process."""
    code = ("import gymnasium as gym; "
            "env = gym.make_vec('cardcore.adapters.gymnasium:cardcore/Buh-v0', num_envs=2); "
            "print(type(env).__name__, env.num_envs)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["GymnasiumVectorEnv", "2"]


@pytest.mark.parametrize("name", GAMES)
def test_action_masks_is_the_legal_mask_as_bools(name: str) -> None:
    env = cc.VectorEnv(name, 4, seat=0).as_gymnasium()
    with pytest.raises(ValueError, match="call reset"):
        env.action_masks()
    rng = np.random.default_rng(3)
    _, info = env.reset(seed=5)
    for _ in range(30):
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (4, env.single_action_space.n)
        np.testing.assert_array_equal(masks, info["action_mask"] == 1)
        for i in range(4):
            if not masks[i].any():  # the episode just ended
                continue
            assert np.flatnonzero(masks[i]).tolist() == env.env.state(i).legal_actions()
        masks[:] = True  # a copy: the env's mask stays
        np.testing.assert_array_equal(env.action_masks(), info["action_mask"] == 1)
        _, _, _, _, info = env.step(_legal(rng, info["action_mask"]))
