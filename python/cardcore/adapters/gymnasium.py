"""A single-agent :class:`cardcore.vector.VectorEnv` as a ``gymnasium.vector.VectorEnv``
(``pip install "cardcore[rl]"``; ``docs/vector.md``).

- Observations are the engine's tensor for the agent's seat, batched: a float32 ``Box`` of
  shape ``(num_envs, D)`` whose bounds come from the game's tensor segments; actions are a
  ``MultiDiscrete`` of the engine's action ids, ``single_action_space`` is
  ``Discrete(num_distinct_actions)``.
- The legal actions are ``info["action_mask"]`` (int8, 1 at the legal ids, one row per
  env), Gymnasium's masked-action convention (``Discrete.sample(mask=...)``); at a
  terminated step the row is all zeros.
- Rewards are the agent's chips; ``truncated`` is always False (every game ends).
- Auto-reset is Gymnasium's next-step mode (``metadata["autoreset_mode"]``): the step after
  a terminated one resets that env and ignores its action. Its reward is zero, except in a
  game that was settled inside with no decision of the agent (a Bai Buu Natural), whose
  chips it carries.
- With ``copy=True`` (the default) every call returns new arrays; ``copy=False`` returns
  the environment's own, which the next call overwrites (faster).

>>> import numpy as np
>>> import cardcore as cc
>>> env = cc.VectorEnv("baibuu", 4, seat=0, seed=1).as_gymnasium()
>>> env.single_action_space, env.observation_space.shape
(Discrete(6), (4, 68))
>>> observation, info = env.reset(seed=2)
>>> actions = np.array([env.single_action_space.sample(mask=m) for m in info["action_mask"]])
>>> observation, rewards, terminated, truncated, info = env.step(actions)
>>> terminated.tolist(), rewards.dtype
([True, True, True, True], dtype('float32'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as _GymVectorEnv
from gymnasium.vector.utils import batch_space

from cardcore._checks import shown
from cardcore._namespace import public_dir

if TYPE_CHECKING:
    from cardcore.vector import VectorEnv, VectorStep

__all__ = ["GymnasiumVectorEnv"]

Array = npt.NDArray[Any]


class GymnasiumVectorEnv(_GymVectorEnv[Array, Array, Array]):
    """``env`` (a :class:`cardcore.vector.VectorEnv` in single-agent mode) behind Gymnasium's
    vector API."""

    def __init__(self, env: VectorEnv, *, copy: bool = True) -> None:
        if env.seat is None:
            raise ValueError("as_gymnasium needs single-agent mode: a VectorEnv built with "
                             "seat=k (self-play has no one agent)")
        self.env = env
        """The cardcore VectorEnv behind this one."""
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
        self.seat: int = env.seat
        self.copy = copy
        self.num_envs = env.num_envs
        game = env.game
        segments = (game.information_state_segments if env.observation_kind == "information_state"
                    else game.observation_segments)
        size = env.observation_size
        low, high = np.zeros(size, np.float32), np.ones(size, np.float32)
        for _, offset, length, segment_low, segment_high in segments:
            low[offset:offset + length], high[offset:offset + length] = segment_low, segment_high
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def _info(self, step: VectorStep) -> dict[str, Any]:
        mask = step.legal_mask.astype(np.int8)
        return {"action_mask": mask, "_action_mask": np.ones(self.num_envs, bool)}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """Starts a new episode in every env; ``seed`` (an int) restarts every env's stream
        from it."""
        if isinstance(seed, list):
            raise ValueError("seed must be one int for all envs (each env draws its own "
                             "stream of it) or None")
        if options:
            raise ValueError(f"reset takes no options, got {shown(options)}")
        step = self.env.reset(seed)
        observation = step.observation.copy() if self.copy else step.observation
        return observation, self._info(step)

    def step(self, actions: npt.ArrayLike) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Applies one action id per env (see cardcore.VectorEnv.step)."""
        step = self.env.step(actions)
        rewards = step.rewards[:, self.seat]
        observation, terminated = step.observation, step.terminated
        if self.copy:
            observation, terminated = observation.copy(), terminated.copy()
        rewards = np.ascontiguousarray(rewards)
        truncated = np.zeros(self.num_envs, bool)
        return observation, rewards, terminated, truncated, self._info(step)


__dir__ = public_dir(__all__)
