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
- ``reset(seed=[...])`` takes one seed per env, as Gymnasium's vector API does: env ``i``
  restarts from stream ``i`` of ``seed[i]``, or continues its stream where ``seed[i]`` is
  None (see :meth:`cardcore.vector.VectorEnv.reset`).
- ``action_masks()`` is the legal mask as bools, one row per env (sb3-contrib's
  ``MaskablePPO`` asks for it by that name).
- ``render_mode="ansi"``: ``render()`` is a tuple of one text per env, its state's
  ``observation_string`` for the agent's seat (what that seat may know, no other seat's
  hidden card).
- Importing this module registers every game with Gymnasium as ``cardcore/<Name>-v0``
  (``Badugi``, ``Buh``, ``BaiBuu``, ``Hucklebuck``), for ``gymnasium.make_vec``; its
  keyword arguments go to :func:`make_vector_env`.

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
>>> import gymnasium as gym
>>> env = gym.make_vec("cardcore/Badugi-v0", num_envs=2, opponents="rule_based",
...                    render_mode="ansi")
>>> observation, info = env.reset(seed=[5, 6])
>>> env.action_masks().shape, env.render()[0].splitlines()[0]
((2, 21), 'hand 1 of 1, dealer P0, bet 1 (pre-draw)')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as _GymVectorEnv
from gymnasium.vector.utils import batch_space

from cardcore._checks import shown
from cardcore._namespace import public_dir
from cardcore._registry import MODULES, spec_of

if TYPE_CHECKING:
    from cardcore.vector import VectorEnv, VectorStep

__all__ = ["GymnasiumVectorEnv", "gymnasium_id", "make_vector_env"]

RENDER_MODES = ("ansi",)
"""The render modes: text until pictures exist."""

Array = npt.NDArray[Any]


class GymnasiumVectorEnv(_GymVectorEnv[Array, Array, Array]):
    """``env`` (a :class:`cardcore.vector.VectorEnv` in single-agent mode) behind Gymnasium's
    vector API."""

    def __init__(self, env: VectorEnv, *, copy: bool = True,
                 render_mode: str | None = None) -> None:
        if env.seat is None:
            raise ValueError("as_gymnasium needs single-agent mode: a VectorEnv built with "
                             "seat=k (self-play has no one agent)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                             f"got {shown(render_mode)}")
        self.env = env
        """The cardcore VectorEnv behind this one."""
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP,
                         "render_modes": list(RENDER_MODES)}
        self.render_mode = render_mode
        self._last: VectorStep | None = None
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

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """Starts a new episode in every env; ``seed`` (an int) restarts every env's stream
        from it, a list of one per env restarts env ``i`` from stream ``i`` of ``seed[i]``
        (None: env ``i`` continues its stream)."""
        if options:
            raise ValueError(f"reset takes no options, got {shown(options)}")
        step = self._last = self.env.reset(seed)
        observation = step.observation.copy() if self.copy else step.observation
        return observation, self._info(step)

    def step(self, actions: npt.ArrayLike) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Applies one action id per env (see cardcore.VectorEnv.step)."""
        step = self._last = self.env.step(actions)
        rewards = step.rewards[:, self.seat]
        observation, terminated = step.observation, step.terminated
        if self.copy:
            observation, terminated = observation.copy(), terminated.copy()
        rewards = np.ascontiguousarray(rewards)
        truncated = np.zeros(self.num_envs, bool)
        return observation, rewards, terminated, truncated, self._info(step)

    def _current(self) -> VectorStep:
        if self._last is None:
            raise ValueError("call reset() first")
        return self._last

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now: ``(num_envs, num_actions)`` bools (``info["action_mask"]``
        as bools, all False in an env whose episode just ended), the method sb3-contrib's
        ``MaskablePPO`` calls."""
        masks: npt.NDArray[np.bool_] = self._current().legal_mask.copy()
        return masks

    def render(self) -> tuple[str, ...] | None:
        """With ``render_mode="ansi"``, one text per env: its state's observation string
        for the agent's seat. Without a render mode, None (and Gymnasium's warning)."""
        self._current()
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render mode: make the env with "
                                  f"render_mode={RENDER_MODES[0]!r}")
            return None
        return tuple(self.env.state(i).observation_string(self.seat)
                     for i in range(self.num_envs))


def make_vector_env(game: str | Any, num_envs: int, *, seat: int = 0, copy: bool = True,
                    render_mode: str | None = None, **options: Any) -> GymnasiumVectorEnv:
    """A :class:`GymnasiumVectorEnv` of ``cardcore.VectorEnv(game, num_envs, seat=seat,
    **options)``: the entry point of the games registered with Gymnasium, so
    ``gymnasium.make_vec("cardcore/Badugi-v0", num_envs=8, opponents="rule_based")`` is
    ``make_vector_env("badugi", 8, opponents="rule_based")``. ``game`` is a registered name
    or a ``Game`` (a configured game)."""
    from cardcore.vector import VectorEnv

    return GymnasiumVectorEnv(VectorEnv(game, num_envs, seat=seat, **options), copy=copy,
                              render_mode=render_mode)


def gymnasium_id(game: str | Any) -> str:
    """The Gymnasium id of a game (a registered name or a ``Game``):
    ``cardcore/<display name without spaces>-v0``.

    >>> gymnasium_id("baibuu")
    'cardcore/BaiBuu-v0'
    """
    return f"cardcore/{spec_of(game).display_name.replace(' ', '')}-v0"


def _register() -> None:
    """Registers every game of the registry with Gymnasium (vector entry point only: the
    games have no single-env ``gymnasium.Env``)."""
    for module in MODULES:
        name = module.SPEC.name
        if gymnasium_id(name) not in gymnasium.registry:
            gymnasium.register(id=gymnasium_id(name),
                               vector_entry_point=f"{__name__}:make_vector_env",
                               kwargs={"game": name})


_register()

__dir__ = public_dir(__all__)
