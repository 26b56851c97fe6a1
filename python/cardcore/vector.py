"""Vector environments: ``num_envs`` games stepped together in C++ by one call, for agents
written in NumPy, PyTorch or JAX (``docs/vector.md``).

A batch of seeded states lives in C++; ``step(actions)`` applies one action id per env with
the GIL released, the batch split over ``threads``, and writes the observations, legal
masks, rewards and terminations into NumPy arrays that every call reuses.

- **Self-play** (``seat=None``): each env stops at every player decision, whoever's it is;
  ``current_player`` says whose. Chance is resolved inside.
- **Single-agent** (``seat=k``): the other seats are played inside C++ by built-in policies
  (``opponents``, one name per seat, as ``cc.simulate`` takes them), so every step is a
  decision of seat ``k``.
- **Auto-reset** is Gymnasium 1.x's *next-step* mode: the step after the one that ended an
  episode (``terminated``) starts that env's next episode and ignores its action.
- A game that ends with no decision to stop at (a Bai Buu round whose hands are all dealt
  Naturals; in single-agent mode any game that ends before seat ``k`` acts) is settled
  inside and the next one dealt, so no episode starts terminal: its chips arrive as the
  reward of the step that starts the episode, and count in that episode's returns.
- Env ``i`` draws from its own stream of the seed, so trajectories are the same for any
  ``threads``.
- The dealer moves, in a game that has one (``first_dealer`` in its configuration): env
  ``i``'s first episode after a seeded reset has first dealer ``first_dealer + i`` (mod the
  seats), and each episode after that the next seat (a game dealt again for want of a
  decision keeps its dealer), so that an agent at seat ``k`` plays every position equally
  often. ``rotate_dealer=False`` keeps the game's ``first_dealer`` in every game.

>>> import numpy as np
>>> import cardcore as cc
>>> env = cc.VectorEnv("badugi", 8, seed=1)
>>> step = env.reset()
>>> step.observation.shape, step.legal_mask.shape, step.current_player.tolist()  # dealers alternate
((8, 378), (8, 21), [0, 1, 0, 1, 0, 1, 0, 1])
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0
...                         for row in step.legal_mask])
...     step = env.step(actions)
>>> step.rewards.dtype, step.rewards.shape
(dtype('float32'), (8, 2))
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._checks import (
    CardcoreTypeError,
    check_allocation,
    checked_int,
    checked_seed,
    checked_threads,
    refuse_bytes,
    shown,
)
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, module_of
from cardcore.search import policy_text
from cardcore.solve import Strategy

if TYPE_CHECKING:
    from cardcore.adapters.gymnasium import GymnasiumVectorEnv

__all__ = ["VectorEnv", "VectorEnvPart", "VectorStep"]

MAX_ENVS = 1 << 24
"""The most envs one VectorEnv holds."""
_STATE_BYTES = 2048
"""A bound on one engine State's memory, its history included (docs/performance.md)."""


@dataclass(frozen=True)
class VectorStep:
    """What a reset or step of a :class:`VectorEnv` returns: one row per env.

    The arrays are the environment's own and the next ``reset`` or ``step`` overwrites them
    in place; keep a :meth:`copy` to hold on to one step.

    >>> import cardcore as cc
    >>> env = cc.VectorEnv("baibuu", 4, seed=3)
    >>> first = env.reset()
    >>> kept = first.copy()
    >>> second = env.step(first.legal_mask.argmax(axis=1))
    >>> second.observation is first.observation, kept.observation is first.observation
    (True, False)
    """

    observation: npt.NDArray[np.float32]
    """``(num_envs, D)``: the engine's tensor for the player to act (at a terminated step,
    for the seat that acted, or for ``seat`` in single-agent mode)."""
    legal_mask: npt.NDArray[np.bool_]
    """``(num_envs, A)``: True at the legal action ids; all False at a terminated step."""
    current_player: npt.NDArray[np.int8]
    """``(num_envs,)``: the seat to act, or ``cc.TERMINAL`` (-4) at a terminated step."""
    rewards: npt.NDArray[np.float32]
    """``(num_envs, players)``: chips won by each seat since that env's previous step."""
    terminated: npt.NDArray[np.bool_]
    """``(num_envs,)``: the step ended an episode; the next step starts the next one."""
    episode_returns: npt.NDArray[np.float32]
    """``(num_envs, players)``: at a terminated step, the episode's returns (the sum of its
    rewards); zeros elsewhere."""

    def copy(self) -> VectorStep:
        """A copy that later steps leave alone."""
        return VectorStep(self.observation.copy(), self.legal_mask.copy(),
                          self.current_player.copy(), self.rewards.copy(), self.terminated.copy(),
                          self.episode_returns.copy())


def _threads(threads: object, num_envs: int) -> int:
    if threads is None:
        return min(os.cpu_count() or 1, 8) if num_envs >= 512 else 1
    return checked_threads(threads, none="every core, at most 8, from 512 envs")


class VectorEnv:
    """``num_envs`` states of ``game`` (a ``Game`` or a registered name) stepped together in
    C++ (see the module's documentation for the modes and conventions).

    ``seat=None`` is self-play; ``seat=k`` plays seat ``k`` against ``opponents``: built-in
    policy names of the game's ``SPEC.policies``, one per seat (the entry at ``seat`` is
    ignored and may be None), or one per other seat in seat order, or one name for all
    (default: the spec's ``opponent``). ``observation`` is ``"observation"`` or
    ``"information_state"``, the tensor the steps carry. ``rotate_dealer`` moves the dealer
    from game to game (see the module's documentation).

    >>> import cardcore as cc
    >>> env = cc.VectorEnv(cc.baibuu.Game(player_hands=6), 4, seat=0, opponents="random",
    ...                    seed=7)
    >>> step = env.reset()
    >>> step.current_player.tolist(), step.legal_mask.shape
    ([0, 0, 0, 0], (4, 6))
    >>> step = env.step(step.legal_mask.argmax(axis=1))
    >>> step.terminated.tolist()  # one round, one decision of seat 0
    [True, True, True, True]
    >>> bool((step.episode_returns.sum(axis=1) <= 0).all())  # the commission's cut
    True
    """

    def __init__(self, game: Any, num_envs: int, *, seat: int | None = None,
                 opponents: object = None, seed: int = 0,
                 threads: int | None = None,
                 observation: Literal["observation", "information_state"] = "observation",
                 rotate_dealer: bool = True) -> None:
        module = module_of(game)
        self.spec = module.SPEC
        self.game = GAMES[self.spec.name]() if isinstance(game, str) else game
        """The game every env plays."""
        self.num_envs = checked_int(num_envs, "num_envs", f"an integer 1 to {MAX_ENVS}",
                                    lambda n: 1 <= n <= MAX_ENVS)
        if observation not in ("observation", "information_state"):
            raise ValueError("observation must be 'observation' or 'information_state', got "
                             f"{shown(observation)}")
        self.observation_kind = observation
        if not isinstance(rotate_dealer, (bool, np.bool_)):
            raise ValueError(f"rotate_dealer must be True or False, got {shown(rotate_dealer)}")
        players = int(self.game.num_players)
        self.num_players = players
        self.num_actions = int(self.game.num_distinct_actions)
        self.seat: int | None = None
        policies: list[str] = []
        if seat is None:
            if opponents is not None:
                raise ValueError("opponents are for single-agent mode: give a seat, or no "
                                 "opponents for self-play")
        else:
            acting = int(self.game.acting_players)
            self.seat = checked_int(seat, "seat", f"None or a deciding seat 0 to {acting - 1}",
                                    lambda k: 0 <= k < acting)
            policies = self._policies(opponents, self.seat, players)
        self.opponents = tuple(policies)
        """Each seat's policy in single-agent mode ('' at the agent's seat)."""
        self._seed = checked_seed(seed)
        self.threads = _threads(threads, self.num_envs)
        shape = (self.game.information_state_tensor_shape if observation == "information_state"
                 else self.game.observation_tensor_shape)
        # Per env: the outputs (float32 observation, bool mask, int8 player, two float32 rows
        # of rewards, a bool) and its State, two kilobytes at most.
        per_env = 4 * int(shape[0]) + self.num_actions + 1 + 8 * players + 1 + _STATE_BYTES
        check_allocation(self.num_envs * per_env, f"a VectorEnv of {self.num_envs:,} envs",
                         "use fewer envs, or several VectorEnvs in turn")
        self._env = getattr(_core, self.spec.name).VectorEnv(
            self.game, self.num_envs, -1 if self.seat is None else self.seat, policies,
            observation == "information_state", self.threads, bool(rotate_dealer))
        self._step = VectorStep(*self._env.outputs())
        self._started = False

    def _policies(self, opponents: object, seat: int, players: int) -> list[str]:
        """One policy name per seat ('' at ``seat``) from the ``opponents`` argument."""
        names = self.spec.policies
        refuse_bytes(opponents, "opponents", "a policy name or a list of them")
        if opponents is None:
            given: list[object] = [self.spec.opponent] * (players - 1)
        elif isinstance(opponents, (str, Strategy)) or (
                isinstance(opponents, tuple) and len(opponents) == 2
                and isinstance(opponents[1], dict)):
            given = [opponents] * (players - 1)
        elif isinstance(opponents, Sequence):
            given = list(opponents)
            if len(given) == players:
                del given[seat]
            elif len(given) != players - 1:
                raise ValueError(f"opponents needs one policy per seat ({players}) or per other "
                                 f"seat ({players - 1}), got {len(given)}")
        else:
            raise ValueError(f"opponents must be a policy name or a list of them, got "
                             f"{shown(opponents)}")
        result: list[str] = []
        for name in given:
            native = policy_text(name, self.spec)
            if native is None:
                raise ValueError(f"unknown {self.spec.name} policy {shown(name)}: expected one of "
                                 f"{', '.join(names)}, 'ismcts' (or ('ismcts', {{options}})), or "
                                 "a Strategy")
            result.append(native)
        result.insert(seat, "")
        return result

    @property
    def observation_size(self) -> int:
        """D, the length of one env's observation."""
        return int(self._step.observation.shape[1])

    def reset(self, seed: int | Sequence[int | None] | None = None) -> VectorStep:
        """Starts a new episode in every env. A seed restarts every env's stream from it;
        None continues the streams (the first reset uses the constructor's seed). A list of
        one seed per env restarts env ``i`` from stream ``i`` of ``seed[i]`` (so ``[s] *
        num_envs`` is ``s``), or continues its stream where ``seed[i]`` is None."""
        if isinstance(seed, (list, tuple)) or (isinstance(seed, np.ndarray) and seed.ndim == 1):
            if len(seed) != self.num_envs:
                raise ValueError(f"seed must be an int, None or a list of one per env "
                                 f"({self.num_envs}), got a list of {len(seed)}")
            default = None if self._started else self._seed
            self._env.reset_each([default if s is None else checked_seed(s, f"seed[{i}]")
                                  for i, s in enumerate(seed)])
            self._started = True
            return self._step
        new_seed = self._seed if seed is None else checked_seed(seed)
        self._env.reset(new_seed if seed is not None or not self._started else None)
        self._seed, self._started = new_seed, True
        return self._step

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Applies ``actions[i]`` (an action id) in env ``i`` for every env. An env whose
        previous step ended its episode ignores its action and starts the next episode. An
        illegal action is a ValueError naming the env and its legal actions, and no env
        changes."""
        self._env.step(self._actions(actions))
        return self._step

    def step_async(self, actions: npt.ArrayLike) -> None:
        """Starts :meth:`step` on a background thread and returns at once;
        :meth:`step_wait` waits for it and returns its step. Meanwhile the calling thread is
        free (to choose the actions of another VectorEnv: see docs/vector.md, "Overlapping
        the agent and the envs"), and this env's arrays are being rewritten: read them after
        ``step_wait``. Any other call of this env before ``step_wait`` is a ValueError; so
        is an illegal action, which starts nothing.

        >>> import cardcore as cc
        >>> env = cc.VectorEnv("badugi", 4, seed=2)
        >>> step = env.reset()
        >>> env.step_async(step.legal_mask.argmax(axis=1))
        >>> env.step_wait().current_player.shape
        (4,)
        """
        self._env.step_async(self._actions(actions))

    def step_wait(self) -> VectorStep:
        """The step that :meth:`step_async` started, once it is done (the GIL released
        while waiting)."""
        self._env.step_wait()
        return self._step

    def split(self, parts: int) -> list[VectorEnvPart]:
        """This env's envs cut into ``parts`` contiguous parts of (nearly) equal size, each
        stepped asynchronously on this env's threads (:class:`VectorEnvPart`): an agent
        chooses one part's actions while the others step, and both cores stay busy (see
        docs/vector.md, "Overlapping the agent and the envs"). Trajectories are those of
        :meth:`step` with the same actions. While a part has a step in flight, this env's
        own ``reset``, ``step`` and ``state`` are refused.

        >>> import cardcore as cc
        >>> env = cc.VectorEnv("badugi", 6, seed=2, threads=2)
        >>> step = env.reset()
        >>> parts = env.split(2)
        >>> [part.envs for part in parts]
        [range(0, 3), range(3, 6)]
        >>> for part in parts:
        ...     part.step_async(part.rows.legal_mask.argmax(axis=1))
        >>> parts[0].step_wait().current_player.shape
        (3,)
        >>> parts[1].step_wait().observation.base is not None  # rows of env's arrays
        True
        """
        count = checked_int(parts, "parts", f"an integer 1 to num_envs ({self.num_envs})",
                            lambda k: 1 <= k <= self.num_envs)
        bounds = [self.num_envs * k // count for k in range(count + 1)]
        return [VectorEnvPart(self, first, last) for first, last in pairwise(bounds)]

    def _actions(self, actions: npt.ArrayLike,
                 count: int | None = None) -> npt.NDArray[np.int64] | npt.NDArray[np.uint64]:
        """``actions`` as a C-contiguous int64 (or uint64) array of shape ``(count,)``
        (``num_envs`` by default), or a ValueError naming the expected dtype and shape. The
        engine copies it before it reads it."""
        if not self._started:
            raise ValueError("call reset() before step()")
        count = self.num_envs if count is None else count
        array = np.asarray(actions)
        if array.dtype.kind not in "iu" or array.shape != (count,):
            raise ValueError(f"actions must be an integer array of shape ({count},), got "
                             f"{array.dtype} {array.shape}")
        wide = np.uint64 if array.dtype == np.uint64 else np.int64  # both hold any integer dtype
        return np.ascontiguousarray(array, dtype=wide)

    def state(self, i: int) -> Any:
        """A copy of env ``i``'s current state (for debugging and tests)."""
        index = checked_int(i, "i", f"an env index 0 to {self.num_envs - 1}",
                            lambda n: 0 <= n < self.num_envs)
        if not self._started:
            raise ValueError("call reset() first")
        return self._env.state(index)

    def as_gymnasium(self, *, render_mode: str | None = None) -> GymnasiumVectorEnv:
        """This env (single-agent mode) as a ``gymnasium.vector.VectorEnv``
        (``cardcore.adapters.gymnasium``; needs ``pip install "cardcore[rl]"``), rendering
        text with ``render_mode="ansi"``."""
        from cardcore.adapters.gymnasium import GymnasiumVectorEnv

        return GymnasiumVectorEnv(self, render_mode=render_mode)

    def __repr__(self) -> str:
        mode = "self-play" if self.seat is None else f"seat {self.seat} against {self.opponents}"
        return (f"VectorEnv({self.spec.name}, num_envs={self.num_envs}, {mode}, "
                f"threads={self.threads})")



class VectorEnvPart:
    """Envs ``envs`` of a :class:`VectorEnv` (made by :meth:`VectorEnv.split`), stepped
    asynchronously on its threads: :meth:`step_async` starts them and returns at once, and
    :meth:`step_wait` has the calling thread step what the env's other threads have not
    taken yet, then returns the part's rows. Env ``first + i`` takes ``actions[i]``.

    Parts share the env's threads: with parts A and B, an agent that waits for A, chooses
    A's next actions and starts them, then does the same for B, chooses for one part while
    the threads step the other. Each part's :attr:`rows` are views of the env's arrays (the
    rows of its envs), rewritten by its steps.
    """

    def __init__(self, env: VectorEnv, first: int, last: int) -> None:
        if not isinstance(env, VectorEnv):
            raise CardcoreTypeError(f"a VectorEnvPart is part of a VectorEnv, got "
                                    f"{type(env).__name__}")
        first = checked_int(first, "first", f"an env index 0 to {env.num_envs - 1}",
                            lambda n: 0 <= n < env.num_envs)
        last = checked_int(last, "last", f"an integer {first + 1} to {env.num_envs}",
                           lambda n: first < n <= env.num_envs)
        self.env = env
        """The VectorEnv the part belongs to."""
        self.envs = range(first, last)
        """The indices of the part's envs in :attr:`env`."""
        self.num_envs = last - first
        self._part = getattr(_core, env.spec.name).VectorEnvPart(env._env, first, last)
        self.rows = VectorStep(*(array[first:last] for array in env._env.outputs()))
        """The part's rows of the env's arrays: what its last step (or the env's last reset
        or step) wrote."""

    def step_async(self, actions: npt.ArrayLike) -> None:
        """Starts a step of the part's envs (``actions``, one per env of the part) and returns
        at once. An illegal action is a ValueError naming the env, and starts nothing; so is a
        step of a part whose previous step is still in flight."""
        self._part.step_async(self.env._actions(actions, self.num_envs))

    def step_wait(self) -> VectorStep:
        """The step that :meth:`step_async` started, once done (the GIL released while the
        calling thread steps the envs left and waits): the part's :attr:`rows`."""
        self._part.step_wait()
        return self.rows

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """:meth:`step_async` then :meth:`step_wait`."""
        self.step_async(actions)
        return self.step_wait()

    def __repr__(self) -> str:
        return f"VectorEnvPart(envs {self.envs.start} to {self.envs.stop - 1} of {self.env!r})"


__dir__ = public_dir(__all__)
