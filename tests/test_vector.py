"""cc.VectorEnv (docs/vector.md) against independent States driven through the engine
protocol: lockstep in both modes across auto-resets for every registered game, the same
trajectories for any thread count, conservation of rewards, and bad input."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pytest

import cardcore as cc
from cardcore import _core
from tests.games.test_conformance import CONFIGS
from tests.reference.rng import Rng

GAMES = list(cc.GAMES)


def _configs(name: str) -> list[dict[str, Any]]:
    """A game's default configuration, its first non-default one and a multi-hand one."""
    configs = CONFIGS[name]
    chosen = configs[:2]  # the reference games have one configuration
    chosen += [c for c in configs if c.get("hands", 1) not in (1, None)][:1]
    return chosen


class ReferenceEnv:
    """One env as docs/vector.md describes it, built from the protocol alone: episode k of
    env i starts from ``new_initial_state(seed=g.next())`` where ``g`` is stream i of the
    seed; a policy decision inside uses ``policy_action(state, policy, g.next())``; games
    with no decision to stop at are settled inside and their returns carried into the
    first reward of the episode; auto-reset in next-step mode. Where the game has a dealer,
    env i's first episode has ``first_dealer + i`` (mod the seats) and each episode after it
    the next seat (a game dealt again in an episode keeps its dealer)."""

    def __init__(self, game: Any, index: int, seed: int, seat: int | None,
                 policies: list[str], information_state: bool) -> None:
        self.game, self.seat, self.policies = game, seat, policies
        self.players = game.num_players
        first = game.config.get("first_dealer")
        self.dealer = None if first is None else (first + index) % self.players
        self.rng = Rng(seed, index)
        self.information_state = information_state
        self.policy_action = getattr(_core, type(game).__module__.rsplit(".", 1)[-1]).policy_action
        self.skipped = 0  # games settled inside with no decision

    def _play_others(self) -> None:
        while self.seat is not None:
            player = self.state.current_player()
            if player < 0 or player == self.seat:
                return
            action = self.policy_action(self.state, self.policies[player], self.rng.next())
            self.state.apply_action(action)

    def _game(self) -> Any:
        if self.dealer is None:
            return self.game
        return type(self.game)(**{**self.game.config, "first_dealer": self.dealer})

    def start(self) -> None:
        carried = np.zeros(self.players)
        while True:
            self.state = self._game().new_initial_state(seed=self.rng.next())
            self._play_others()
            if not self.state.is_terminal():
                break
            self.skipped += 1
            carried += self.state.returns()
        if self.dealer is not None:
            self.dealer = (self.dealer + 1) % self.players
        self.reported = np.array(self.state.returns())
        self.reward = carried + self.reported
        self.episode = self.reward.copy()
        self.done = False
        self.viewer = self.state.current_player()

    def step(self, action: int) -> None:
        if self.done:
            return self.start()
        actor = self.state.current_player()
        self.state.apply_action(action)
        self._play_others()
        now = np.array(self.state.returns())
        self.reward = now - self.reported
        self.reported = now
        self.episode += self.reward
        self.done = self.state.is_terminal()
        self.viewer = (self.seat if self.seat is not None else actor) if self.done \
            else self.state.current_player()
        return None

    def observation(self) -> npt.NDArray[np.float32]:
        if self.information_state:
            return np.asarray(self.state.information_state_tensor(self.viewer))
        return np.asarray(self.state.observation_tensor(self.viewer))

    def legal_mask(self, actions: int) -> npt.NDArray[np.bool_]:
        mask = np.zeros(actions, bool)
        if not self.done:
            mask[self.state.legal_actions()] = True
        return mask


def _check_same(env: cc.VectorEnv, step: cc.VectorStep, refs: list[ReferenceEnv],
                where: str) -> None:
    for i, ref in enumerate(refs):
        at = f"{where}, env {i}"
        np.testing.assert_array_equal(step.observation[i], ref.observation(), err_msg=at)
        np.testing.assert_array_equal(step.legal_mask[i], ref.legal_mask(env.num_actions),
                                      err_msg=at)
        assert step.current_player[i] == ref.state.current_player(), at
        np.testing.assert_array_equal(step.rewards[i], ref.reward.astype(np.float32), err_msg=at)
        assert step.terminated[i] == ref.done, at
        expected = ref.episode if ref.done else np.zeros(ref.players)
        np.testing.assert_array_equal(step.episode_returns[i], expected.astype(np.float32),
                                      err_msg=at)


def _random_actions(rng: np.random.Generator, step: cc.VectorStep) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per env; a terminated env gets a junk id, which
    next-step auto-reset must ignore."""
    actions = np.full(len(step.legal_mask), 999, np.int64)
    for i, row in enumerate(step.legal_mask):
        if row.any():
            actions[i] = rng.choice(np.flatnonzero(row))
    return actions


def _lockstep(game: Any, seat: int | None, policies: list[str] | None, *, num_envs: int,
              steps: int, seed: int, information_state: bool = False,
              threads: int = 2) -> list[ReferenceEnv]:
    kind: Literal["observation", "information_state"] = (
        "information_state" if information_state else "observation")
    env = cc.VectorEnv(game, num_envs, seat=seat, opponents=policies, seed=seed,
                       threads=threads, observation=kind)
    full = list(env.opponents)
    refs = [ReferenceEnv(game, i, seed, seat, full, information_state) for i in range(num_envs)]
    step = env.reset()
    for ref in refs:
        ref.start()
    _check_same(env, step, refs, "reset")
    rng = np.random.default_rng(seed)
    for t in range(steps):
        actions = _random_actions(rng, step)
        step = env.step(actions)
        for ref, action in zip(refs, actions, strict=True):
            ref.step(int(action))
        _check_same(env, step, refs, f"step {t}")
        if t % 97 == 0:
            for i, ref in enumerate(refs):
                assert env.state(i).serialize() == ref.state.serialize()
    return refs


@pytest.mark.parametrize("name", GAMES)
def test_lockstep_self_play(name: str) -> None:
    for index, config in enumerate(_configs(name)):
        game = cc.GAMES[name](**config)
        refs = _lockstep(game, None, None, num_envs=6, steps=400, seed=11 + index,
                         information_state=index == 1)
        assert all(ref.rng is not None for ref in refs)


@pytest.mark.parametrize("name", GAMES)
def test_lockstep_single_agent(name: str) -> None:
    spec = cc._registry.spec_of(name)
    for index, config in enumerate(_configs(name)):
        game = cc.GAMES[name](**config)
        players, acting = game.num_players, game.acting_players
        for seat in (0, acting - 1):
            # Each other seat a policy of the spec, in turn.
            opponents = [spec.policies[(s + index) % len(spec.policies)]
                         for s in range(players) if s != seat]
            _lockstep(game, seat, opponents, num_envs=5, steps=300, seed=23 + seat + index)


def test_bai_buu_rounds_with_no_decision_are_settled_inside() -> None:
    """One player hand, the banker by the house way: a Natural dealt to seat 0 gives it no
    decision. Such rounds never start an episode, and their chips arrive as the reward of
    the step that starts the next one (the reference counts them)."""
    name = next(n for n in GAMES if cc._registry.spec_of(n).seats_field == "player_hands")
    game = cc.GAMES[name]()
    refs = _lockstep(game, 0, None, num_envs=16, steps=300, seed=5)
    assert sum(ref.skipped for ref in refs) > 0
    refs = _lockstep(game, None, None, num_envs=16, steps=300, seed=6)
    assert sum(ref.skipped for ref in refs) > 0


DEALT = [name for name in GAMES if "first_dealer" in cc.GAMES[name]().config]


@pytest.mark.parametrize("name", DEALT)
@pytest.mark.parametrize("rotate", [True, False])
def test_every_seat_deals_equally_often(name: str, rotate: bool) -> None:
    """The dealers of the episodes of 24 envs, over 400 steps: each seat as often as another
    when the dealer rotates (each env's episodes deal in turn, so the counts differ by at
    most one an env), the game's own first_dealer if not."""
    game = cc.GAMES[name](first_dealer=1)
    envs, players = 24, game.num_players
    env = cc.VectorEnv(game, envs, seat=0, opponents="random", seed=3, threads=2,
                       rotate_dealer=rotate)
    step = env.reset()
    dealers = [env.state(i).button for i in range(envs)]
    rng = np.random.default_rng(0)
    for _ in range(400):
        ended = np.flatnonzero(step.terminated)
        step = env.step(_random_actions(rng, step))
        dealers += [env.state(int(i)).button for i in ended]
    counts = [dealers.count(seat) for seat in range(players)]
    if rotate:
        assert min(counts) > 0 and max(counts) - min(counts) <= envs, counts
    else:
        assert counts[1] == len(dealers), counts


def _trajectory(game: Any, threads: int, seat: int | None, steps: int = 150) -> list[Any]:
    env = cc.VectorEnv(game, 64, seat=seat, seed=99, threads=threads)
    step = env.reset()
    rng = np.random.default_rng(1)
    record = [step.copy()]
    for _ in range(steps):
        step = env.step(_random_actions(rng, step))
        record.append(step.copy())
    return record


@pytest.mark.parametrize("name", GAMES)
def test_the_same_trajectories_for_any_thread_count(name: str) -> None:
    game = cc.GAMES[name]()
    for seat in (None, 0):
        one, two, three = (_trajectory(game, t, seat) for t in (1, 2, 3))
        for a, b, c in zip(one, two, three, strict=True):
            for field in ("observation", "legal_mask", "current_player", "rewards",
                          "terminated", "episode_returns"):
                np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
                np.testing.assert_array_equal(getattr(a, field), getattr(c, field))


def _pipelined_trajectory(game: Any, seat: int | None, steps: int = 150) -> list[Any]:
    """Two envs of 32 (seeds 99 and 98) stepped with step_async/step_wait as a pipeline:
    one env's actions are chosen while the other steps."""
    halves = [cc.VectorEnv(game, 32, seat=seat, seed=seed, threads=2) for seed in (99, 98)]
    steps_now = [half.reset() for half in halves]
    rng = np.random.default_rng(1)
    record = [[step.copy() for step in steps_now]]
    halves[0].step_async(_random_actions(rng, steps_now[0]))
    for _ in range(steps):
        second = _random_actions(rng, steps_now[1])  # while the first half steps
        steps_now[0] = halves[0].step_wait()
        halves[1].step_async(second)
        first = _random_actions(rng, steps_now[0])  # while the second half steps
        steps_now[1] = halves[1].step_wait()
        record.append([step.copy() for step in steps_now])
        halves[0].step_async(first)
    halves[0].step_wait()
    return record


@pytest.mark.parametrize("name", GAMES)
def test_step_async_then_step_wait_is_step(name: str) -> None:
    # The same actions through step() and through step_async()/step_wait(), in both modes,
    # across auto-resets, with another env stepped in between (the pipelined use).
    game = cc.GAMES[name]()
    for seat in (None, 0):
        plain = [cc.VectorEnv(game, 32, seat=seat, seed=seed, threads=1) for seed in (99, 98)]
        steps_now = [env.reset() for env in plain]
        rng = np.random.default_rng(1)
        record = [[step.copy() for step in steps_now]]
        # The pipeline's order of the random draws: env 0's actions, then each round env 1's
        # and env 0's next.
        first = _random_actions(rng, steps_now[0])
        for _ in range(150):
            second = _random_actions(rng, steps_now[1])
            steps_now[0] = plain[0].step(first)
            steps_now[1] = plain[1].step(second)
            first = _random_actions(rng, steps_now[0])
            record.append([step.copy() for step in steps_now])
        pipelined = _pipelined_trajectory(game, seat)
        assert len(pipelined) == len(record)
        for mine, theirs in zip(pipelined, record, strict=True):
            for a, b in zip(mine, theirs, strict=True):
                for field in ("observation", "legal_mask", "current_player", "rewards",
                              "terminated", "episode_returns"):
                    np.testing.assert_array_equal(getattr(a, field), getattr(b, field))


def test_a_step_in_flight_must_be_waited_for() -> None:
    env = cc.VectorEnv("hucklebuck", 8, seed=4, threads=2)
    with pytest.raises(ValueError, match="no step in flight"):
        env.step_wait()
    with pytest.raises(ValueError, match="reset"):
        env.step_async(np.zeros(8, np.int64))
    step = env.reset()
    actions = step.legal_mask.argmax(axis=1)
    wrong = actions.copy()
    wrong[3] = np.flatnonzero(~step.legal_mask[3])[0]
    before = [env.state(i).serialize() for i in range(8)]
    with pytest.raises(ValueError, match=r"env 3\b.*no env was stepped"):
        env.step_async(wrong)
    with pytest.raises(ValueError, match="shape"):
        env.step_async(np.zeros(7, np.int64))
    with pytest.raises(ValueError, match="no step in flight"):  # nothing started
        env.step_wait()
    assert [env.state(i).serialize() for i in range(8)] == before
    env.step_async(actions)
    for call in (lambda: env.step(actions), lambda: env.step_async(actions), env.reset,
                 lambda: env.state(0)):
        with pytest.raises(ValueError, match=r"in flight: call step_wait\(\) first"):
            call()
    after = env.step_wait()
    assert after is step  # the same arrays, rewritten
    assert [env.state(i).serialize() for i in range(8)] != before
    env.step(after.legal_mask.argmax(axis=1))  # usable again


def test_an_env_dropped_with_a_step_in_flight_finishes_the_step_first() -> None:
    env = cc.VectorEnv("buh", 256, seed=5, threads=2)
    step = env.reset()
    env.step_async(step.legal_mask.argmax(axis=1))
    del env, step  # the arrays and states outlive the step that writes them
    gc.collect()


FIELDS = ("observation", "legal_mask", "current_player", "rewards", "terminated",
          "episode_returns")


def _split_trajectory(game: Any, seat: int | None, parts: int, threads: int,
                      steps: int = 150) -> list[Any]:
    """_trajectory's env and random draws, split into `parts`: each step's actions handed
    to every part by step_async (all in flight at once), then each part waited for."""
    env = cc.VectorEnv(game, 64, seat=seat, seed=99, threads=threads)
    step = env.reset()
    pieces = env.split(parts)
    rng = np.random.default_rng(1)
    record = [step.copy()]
    for _ in range(steps):
        actions = _random_actions(rng, step)
        for piece in pieces:
            piece.step_async(actions[piece.envs.start:piece.envs.stop])
        for piece in reversed(pieces):
            piece.step_wait()
        record.append(step.copy())  # the env's arrays, which the parts' steps rewrote
    return record


@pytest.mark.parametrize("name", GAMES)
def test_a_split_env_steps_as_the_whole_env_does(name: str) -> None:
    game = cc.GAMES[name]()
    for seat in (None, 0):
        whole = _trajectory(game, 1, seat)
        for parts, threads in ((1, 2), (2, 2), (3, 2), (2, 1), (5, 3)):
            split = _split_trajectory(game, seat, parts, threads)
            for a, b in zip(whole, split, strict=True):
                for field in FIELDS:
                    np.testing.assert_array_equal(getattr(a, field), getattr(b, field))


@pytest.mark.parametrize("name", ["badugi", "baibuu"])
def test_split_parts_pipelined_step_as_the_whole_env_does(name: str) -> None:
    # The pipeline of docs/vector.md: wait for a part, choose its actions from its rows and
    # start it, then the next part; against the whole env given the same draws.
    game = cc.GAMES[name]()
    env = cc.VectorEnv(game, 48, seed=7, threads=2)
    whole = cc.VectorEnv(game, 48, seed=7, threads=1)
    env.reset()
    reference = whole.reset()
    parts = env.split(2)
    rng, reference_rng = np.random.default_rng(3), np.random.default_rng(3)
    for part in parts:
        part.step_async(_random_actions(rng, part.rows))
    for _ in range(120):
        actions = [_random_actions(reference_rng, cc.VectorStep(
            *(getattr(reference, field)[part.envs.start:part.envs.stop] for field in FIELDS)))
            for part in parts]
        reference = whole.step(np.concatenate(actions))
        for part in parts:
            rows = part.step_wait()
            for field in FIELDS:
                np.testing.assert_array_equal(
                    getattr(rows, field), getattr(reference, field)[part.envs.start:part.envs.stop])
            part.step_async(_random_actions(rng, rows))
    for part in parts:
        part.step_wait()


def _serialized(env: cc.VectorEnv) -> list[str]:
    return [env.state(i).serialize() for i in range(env.num_envs)]


def test_split_parts_check_their_actions_and_the_env_waits_for_them() -> None:
    env = cc.VectorEnv("hucklebuck", 10, seed=4, threads=2)
    for bad in (0, 11, "2", 1.5):
        with pytest.raises(ValueError, match="parts must be an integer 1 to num_envs"):
            env.split(bad)  # type: ignore[arg-type]
    parts = env.split(3)
    assert [part.envs for part in parts] == [range(0, 3), range(3, 6), range(6, 10)]
    with pytest.raises(ValueError, match="reset"):
        parts[0].step_async(np.zeros(3, np.int64))
    step = env.reset()
    with pytest.raises(ValueError, match="no step in flight"):
        parts[1].step_wait()
    actions = step.legal_mask.argmax(axis=1)
    wrong = actions[6:].copy()
    wrong[2] = np.flatnonzero(~step.legal_mask[8])[0]
    before = _serialized(env)
    with pytest.raises(ValueError, match=r"actions\[2\] = \d+ is not legal in env 8\b.*no env "
                                         r"was stepped"):
        parts[2].step_async(wrong)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        parts[2].step_async(actions)
    assert _serialized(env) == before
    parts[0].step_async(actions[:3])
    with pytest.raises(ValueError, match="this part has a step in flight"):
        parts[0].step_async(actions[:3])
    for call in (lambda: env.step(actions), lambda: env.step_async(actions), env.reset,
                 lambda: env.state(0)):
        with pytest.raises(ValueError, match=r"a part of this VectorEnv \(split\) has a step in "
                                             r"flight"):
            call()
    rows = parts[1].step(actions[3:6])  # another part steps meanwhile
    assert np.shares_memory(rows.observation, step.observation)
    parts[0].step_wait()
    after = _serialized(env)
    assert all(after[i] != before[i] for i in range(6))
    assert after[6:] == before[6:]
    env.step_async(step.legal_mask.argmax(axis=1))
    with pytest.raises(ValueError, match="a step_async\\(\\) of the whole VectorEnv is in flight"):
        parts[2].step_async(step.legal_mask[6:].argmax(axis=1))
    env.step_wait()
    env.step(step.legal_mask.argmax(axis=1))  # usable again


def test_a_part_dropped_with_a_step_in_flight_finishes_the_step_first() -> None:
    env = cc.VectorEnv("buh", 256, seed=5, threads=2)
    step = env.reset()
    part = env.split(2)[1]
    part.step_async(step.legal_mask[128:].argmax(axis=1))
    del part
    gc.collect()
    env.step(step.legal_mask.argmax(axis=1))  # the env is free again


@pytest.mark.parametrize("name", GAMES)
def test_rewards_add_up_to_the_episode_returns(name: str) -> None:
    game = cc.GAMES[name](**_configs(name)[-1])
    for seat in (None, 0):
        env = cc.VectorEnv(game, 32, seat=seat, seed=4)
        step = env.reset()
        totals = step.rewards.astype(np.float64)
        previous_done = np.zeros(32, bool)
        rng = np.random.default_rng(2)
        episodes = 0
        for _ in range(300):
            step = env.step(_random_actions(rng, step))
            totals[previous_done] = 0.0  # those envs started a new episode
            totals += step.rewards
            done = step.terminated.copy()
            np.testing.assert_allclose(step.episode_returns[done], totals[done], atol=1e-3)
            assert (step.episode_returns[~done] == 0).all()
            episodes += int(done.sum())
            previous_done = done
        assert episodes > 0
        # Chips are conserved: a zero-sum game's episode returns sum to zero.
        if game.utility == "zero_sum":
            assert abs(float(step.episode_returns.sum())) < 1e-3


def test_reset_with_a_seed_repeats_and_without_continues() -> None:
    for name in GAMES:
        env = cc.VectorEnv(name, 8, seed=3)
        first = env.reset().copy()
        again = env.reset(seed=3).copy()
        np.testing.assert_array_equal(first.observation, again.observation)
        later = env.reset()
        assert not np.array_equal(later.observation, first.observation) or name == "baibuu"


@pytest.mark.parametrize("name", GAMES)
def test_a_list_of_seeds_gives_each_env_its_own(name: str) -> None:
    """reset([s0, s1, ...]) restarts env i as ReferenceEnv(i, s_i) starts; a None entry
    continues env i's stream."""
    game = cc.GAMES[name]()
    env = cc.VectorEnv(game, 3, seat=0, seed=5, threads=2)
    full = list(env.opponents)
    refs = [ReferenceEnv(game, i, seed, 0, full, False)
            for i, seed in enumerate([9, 2**64 - 1, 9])]
    step = env.reset([9, 2**64 - 1, 9])
    rng = np.random.default_rng(0)
    for t in range(120):
        if t == 60:
            refs[1] = ReferenceEnv(game, 1, 4, 0, full, False)
            step = env.reset(np.array([None, 4, None]))
        if t in (0, 60):
            for ref in refs:
                ref.start()
            _check_same(env, step, refs, f"reset at {t}")
        actions = _random_actions(rng, step)
        step = env.step(actions)
        for ref, action in zip(refs, actions, strict=True):
            ref.step(int(action))
        _check_same(env, step, refs, f"step {t}")


def test_state_is_a_copy() -> None:
    env = cc.VectorEnv(GAMES[0], 2, seed=1)
    step = env.reset()
    copy = env.state(0)
    copy.apply_action(int(np.flatnonzero(step.legal_mask[0])[0]))
    assert env.state(0).serialize() != copy.serialize()
    assert env.state(0).current_player() == step.current_player[0]


# Bad input.


def test_bad_actions_name_the_expected_dtype_and_shape() -> None:
    env = cc.VectorEnv(GAMES[0], 4, seed=1)
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(4, np.int64))
    step = env.reset()
    good = step.legal_mask.argmax(axis=1)
    for bad in (good.astype(np.float64), good.astype(bool), good[:3], good.reshape(2, 2),
                np.array(["a"] * 4), np.int64(1)):
        with pytest.raises(ValueError, match=r"integer array of shape \(4,\)"):
            env.step(bad)
    env.step(good.astype(np.int32))  # any integer dtype
    env.step(list(env.step(good).legal_mask.argmax(axis=1)))


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_names_the_env_and_changes_nothing(name: str) -> None:
    env = cc.VectorEnv(name, 6, seed=2, threads=2)
    step = env.reset()
    before = [env.state(i).serialize() for i in range(6)]
    kept = step.copy()
    actions = step.legal_mask.argmax(axis=1)
    illegal = [a for a in range(env.num_actions) if not step.legal_mask[4, a]]
    for bad in (*illegal[:1], -1, env.num_actions, 10**12):
        wrong = actions.copy()
        wrong[4] = bad
        legal = ", ".join(str(a) for a in np.flatnonzero(step.legal_mask[4]))
        with pytest.raises(ValueError, match=rf"env 4\b.*legal actions are \[{legal}\]"):
            env.step(wrong)
        assert [env.state(i).serialize() for i in range(6)] == before
        for field in ("observation", "legal_mask", "current_player", "rewards"):
            np.testing.assert_array_equal(getattr(step, field), getattr(kept, field))
    env.step(actions)  # still usable


def test_bad_construction_is_a_clear_error() -> None:
    name = GAMES[0]
    spec = cc._registry.spec_of(name)
    players = cc.GAMES[name]().num_players
    cases: list[tuple[dict[str, Any], str]] = [
        ({"seat": players}, "seat must be"),
        ({"seat": -1}, "seat must be"),
        ({"seat": 1.5}, "seat must be"),
        ({"seat": True}, "seat must be"),
        ({"seat": 0, "opponents": ["nobody"] * (players - 1)}, "unknown .* policy 'nobody'"),
        ({"seat": 0, "opponents": "x" * 10**6}, "characters"),
        ({"seat": 0, "opponents": [spec.policies[0]] * (players + 1)}, "one policy per seat"),
        ({"seat": 0, "opponents": 3}, "policy name or a list"),
        ({"opponents": [spec.policies[0]]}, "single-agent mode"),
        ({"observation": "pixels"}, "observation must be"),
        ({"threads": 0}, "threads must be"),
        ({"seed": -1}, "seed must be"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            cc.VectorEnv(name, 4, **kwargs)
    for num_envs in (0, -3, 2**40, 2.0):
        with pytest.raises(ValueError, match="num_envs must be"):
            cc.VectorEnv(name, num_envs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        cc.VectorEnv("chess", 4)
    env = cc.VectorEnv(name, 4)
    with pytest.raises(ValueError, match="reset"):
        env.state(0)
    env.reset()
    for index in (4, -1, "0"):
        with pytest.raises(ValueError, match="i must be"):
            env.state(index)  # type: ignore[arg-type]


def test_a_seat_with_no_decisions_is_refused() -> None:
    """A Bai Buu banker arranging by the house way never decides: it cannot be the seat."""
    for name in GAMES:
        game = cc.GAMES[name]()
        if game.acting_players < game.num_players:
            with pytest.raises(ValueError, match="deciding seat"):
                cc.VectorEnv(game, 2, seat=game.num_players - 1)


# The Gymnasium wrapper.


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_vector_env(name: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.passive_env_checker import check_action_space, check_observation_space
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    game = cc.GAMES[name]()
    env = cc.VectorEnv(game, 5, seat=0, seed=1).as_gymnasium()
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    check_observation_space(env.single_observation_space)
    check_action_space(env.single_action_space)
    assert env.single_observation_space.shape == tuple(game.observation_tensor_shape)
    assert env.single_action_space == gymnasium.spaces.Discrete(game.num_distinct_actions)
    assert env.observation_space == batch_space(env.single_observation_space, 5)
    assert env.action_space == batch_space(env.single_action_space, 5)
    segments = cc._registry.spec_of(name).observation_layout.values()
    for segment in segments:
        assert (env.single_observation_space.low[segment.slice] == segment.low).all()
        assert (env.single_observation_space.high[segment.slice] == segment.high).all()

    observation, info = env.reset(seed=3)
    again, _ = env.reset(seed=3)
    np.testing.assert_array_equal(observation, again)  # reset seed determinism
    assert observation is not again  # data not reused
    env.single_action_space.seed(0)
    previous_terminated = np.zeros(5, bool)
    for _ in range(60):
        assert env.observation_space.contains(observation)
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (5, game.num_distinct_actions)
        actions = np.array([env.single_action_space.sample(mask=row) if row.any() else 0
                            for row in mask])
        assert env.action_space.contains(actions)
        observation, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.shape == (5,) and terminated.dtype == bool and not truncated.any()
        # Next-step mode: an env terminated at the previous step is reset now.
        assert not terminated[previous_terminated].any()
        assert (info["action_mask"][terminated] == 0).all()
        previous_terminated = terminated


def test_gymnasium_needs_single_agent_mode_and_rejects_bad_resets() -> None:
    pytest.importorskip("gymnasium")
    with pytest.raises(ValueError, match="single-agent"):
        cc.VectorEnv(GAMES[0], 2).as_gymnasium()
    env = cc.VectorEnv(GAMES[0], 2, seat=1).as_gymnasium()
    with pytest.raises(ValueError, match="no options"):
        env.reset(options={"x": 1})
    # Step determinism: two wrappers, the same seed and actions, the same outputs.
    other = cc.VectorEnv(GAMES[0], 2, seat=1).as_gymnasium()
    (a, info), (b, _) = env.reset(seed=4), other.reset(seed=4)
    for _ in range(30):
        np.testing.assert_array_equal(a, b)
        actions = np.array([np.flatnonzero(row)[-1] if row.any() else 0
                            for row in info["action_mask"]])
        a, reward_a, _, _, info = env.step(actions)
        b, reward_b, _, _, _ = other.step(actions)
        np.testing.assert_array_equal(reward_a, reward_b)


def _two_waiters(start: Callable[[], object], wait: Callable[[], object],
                 rounds: int = 60) -> list[str]:
    """Each round `start`s a step and has two Python threads `wait` for it at once: what
    each wait did ("collected", or its ValueError's message)."""
    outcomes: list[str] = []

    def waiter(barrier: threading.Barrier) -> None:
        barrier.wait()
        try:
            wait()
            outcomes.append("collected")
        except ValueError as error:
            outcomes.append(str(error))

    for _ in range(rounds):
        start()
        barrier = threading.Barrier(2)
        threads = [threading.Thread(target=waiter, args=(barrier,)) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert outcomes.count("collected") == rounds
    return outcomes


def test_two_threads_waiting_for_one_step_collect_it_once() -> None:
    """One thread collects the step, the other is told why not, and the env stays usable
    (two waiters of a part used to crash the interpreter)."""
    env = cc.VectorEnv("badugi", 512, seed=3, threads=2)
    step = env.reset()
    part = env.split(2)[0]
    told = _two_waiters(lambda: part.step_async(part.rows.legal_mask.argmax(axis=1)),
                        part.step_wait)
    assert set(told) - {"collected"} <= {"no step in flight: call step_async(actions) first",
                                         "another thread is waiting for this part's step"}
    env.step(step.legal_mask.argmax(axis=1))  # free again: no part counts as in flight
    told = _two_waiters(lambda: env.step_async(step.legal_mask.argmax(axis=1)), env.step_wait)
    assert set(told) - {"collected"} <= {"no step in flight: call step_async(actions) first",
                                         "this VectorEnv is in use by another thread"}


def test_overlapping_parts_are_not_stepped_at_once() -> None:
    env = cc.VectorEnv("badugi", 8, seed=2, threads=2)
    step = env.reset()
    whole, halves = env.split(1)[0], env.split(2)
    actions = step.legal_mask.argmax(axis=1)
    before = _serialized(env)
    whole.step_async(actions)
    for half, rows in zip(halves, (slice(0, 4), slice(4, 8)), strict=True):
        with pytest.raises(ValueError, match=r"envs \d to \d share envs with another part that "
                                             r"has a step in flight"):
            half.step_async(actions[rows])
    whole.step_wait()
    stepped = _serialized(env)
    assert all(stepped[i] != before[i] for i in range(8))
    halves[0].step_async(env.split(1)[0].rows.legal_mask[:4].argmax(axis=1))
    halves[1].step(step.legal_mask[4:].argmax(axis=1))  # parts apart step together
    halves[0].step_wait()


def test_a_step_reads_its_actions_once_before_any_env_moves() -> None:
    """Another thread writes an illegal id into the actions array while each step runs: the
    step either took the legal actions (every env moved) or refused, naming the env (none
    moved)."""
    env = cc.VectorEnv("hucklebuck", 4096, seed=5, threads=2)
    step = env.reset()
    for _ in range(30):
        actions = step.legal_mask.argmax(axis=1)
        legal_last = int(actions[-1])
        stop = threading.Event()

        def scribble(actions: npt.NDArray[np.int64] = actions, legal: int = legal_last,
                     stop: threading.Event = stop) -> None:
            while not stop.is_set():
                actions[-1] = 999
                actions[-1] = legal

        writer = threading.Thread(target=scribble)
        writer.start()
        before = env.state(0).serialize(), env.state(4095).serialize()
        try:
            step = env.step(actions)
        except ValueError as error:
            assert "actions[4095] = 999 is not legal in env 4095" in str(error)
            assert (env.state(0).serialize(), env.state(4095).serialize()) == before
        else:
            assert env.state(0).serialize() != before[0]
            assert env.state(4095).serialize() != before[1]
        finally:
            stop.set()
            writer.join()


def test_uint64_actions_are_read_whole_and_named_by_their_env() -> None:
    env = cc.VectorEnv("badugi", 6, seed=1, threads=2)
    step = env.reset()
    huge = np.iinfo(np.uint64).max
    actions = step.legal_mask.argmax(axis=1).astype(np.uint64)
    actions[4] = huge
    with pytest.raises(ValueError, match=r"actions\[1\] = a uint64 above 2\*\*63 - 1 is not legal "
                                         r"in env 4\b"):
        env.split(2)[1].step_async(actions[3:])
    with pytest.raises(ValueError, match=r"actions\[4\] = a uint64 above 2\*\*63 - 1 is not legal "
                                         r"in env 4\b"):
        env.step(actions)
    # An env whose episode ended ignores its action, whatever the integer.
    rng = np.random.default_rng(0)
    while not step.terminated.any():
        step = env.step(_random_actions(rng, step))
    ended = np.flatnonzero(step.terminated)
    actions = _random_actions(rng, step).astype(np.uint64)
    actions[ended] = huge
    env.step(actions)
