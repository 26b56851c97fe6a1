"""PettingZoo AEC environments for every cardcore game (``pip install "cardcore[rl]"``).

``env(name, **config)`` builds ``cc.GAMES[name](**config)`` behind PettingZoo's agent
environment cycle, wrapped as PettingZoo's classic card games are; ``raw_env`` is the same
without the wrappers. Agents ``player_0`` ... are the engine's seats that make decisions:
every seat, except the Bai Buu banker when it arranges by the house way inside the engine
(the default ``banker="house_way"``; with ``banker="agent"`` it is the last agent).

- Observations are dicts: ``observation``, the engine's ``observation_tensor(seat)``
  (float32), and ``action_mask`` (int8), 1 exactly at the legal actions of the agent to act,
  all zeros for the others. Actions are the engine's action ids.
- Chance is resolved inside: every episode is ``game.new_initial_state(seed=...)`` with a
  seed drawn from the environment's generator, which ``reset(seed=...)`` seeds.
- The dealer rotates where the rules have one (a game whose configuration has
  ``first_dealer``): ``reset(seed=s)`` draws the first dealer of the episode from the
  seeded generator, and each reset after it without a seed moves the dealer one seat to
  the left, so every agent plays every position equally often and the same seed gives the
  same seats. ``first_dealer=`` in the configuration fixes the dealer instead. (The Bai Buu
  banker is always the last seat: its player hands have no positions.) A deal that
  leaves nobody a decision (one-round Bai Buu where every player hand is a Natural, about 2%
  of deals with one hand) is dealt again, as PettingZoo episodes start with live agents;
  averages over episodes leave those rounds out.
- Each step pays every agent the change in the engine's ``returns()``, so the rewards of an
  episode add up to its returns: zero until a hand ends, then the chips won or lost (the
  score change in Hucklebuck, or its +1 and -1/(n-1) at the end of a game to the target).
  Multi-hand configs pay each hand as it ends.
- An illegal action ends the episode, the offender receiving the game's ``min_utility``
  (``env`` only; ``raw_env`` raises ``ValueError`` and leaves the game unchanged).

>>> from cardcore.adapters import pettingzoo as cz
>>> env = cz.env("baibuu", player_hands=2, render_mode="ansi")
>>> env.reset(seed=7)
>>> env.possible_agents  # two player hands; the banker arranges by the house way
['player_0', 'player_1']
>>> env.observation_space("player_0")["observation"].shape, env.action_space("player_0")
((72,), Discrete(6))
>>> totals = dict.fromkeys(env.possible_agents, 0.0)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     totals[agent] += reward
...     action = None if terminated else int(observation["action_mask"].argmax())
...     env.step(action)
>>> totals
{'player_0': -100.0, 'player_1': -100.0}
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

# pettingzoo ships no py.typed marker, so mypy sees its names as Any.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

import cardcore as cc
from cardcore._checks import elide_input, shown
from cardcore._namespace import public_dir
from cardcore.picture import to_rgb_array
from cardcore.protocol import Game, State

__all__ = ["Observation", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]
"""What ``observe`` returns: ``observation`` (float32) and ``action_mask`` (int8)."""

_DEALER = "first_dealer"
_RENDER_MODES = ("ansi", "rgb_array")
"""The configuration field of the first dealer (``docs/design.md``, "Chance nodes")."""

def env(game_name: str, render_mode: str | None = None, **config: Any) -> AECEnv:
    """The AEC environment of ``cc.GAMES[game_name](**config)``, wrapped as PettingZoo's
    classic games are: an illegal action ends the episode with ``min_utility`` for the
    offender, an action outside the action space is an assertion error, and calls out of
    order are errors.

    >>> hucklebuck = env("hucklebuck", players=3)
    >>> hucklebuck.reset(seed=1)
    >>> hucklebuck.agent_selection, hucklebuck.num_agents
    ('player_2', 3)
    """
    raw = raw_env(game_name, render_mode=render_mode, **config)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=raw.game.min_utility)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _make_game(game_name: str, config: dict[str, Any]) -> Game:
    """``cc.GAMES[game_name](**config)``, every problem a ValueError that names it."""
    if game_name not in cc.GAMES:
        raise ValueError(f"unknown game {shown(game_name)}: expected one of {', '.join(cc.GAMES)}")
    factory = cc.GAMES[game_name]
    fields = factory().config  # a default game lists every field its constructor takes
    unknown = sorted(set(config) - set(fields))
    if unknown:
        raise ValueError(
            f"{game_name} has no config field {elide_input(', '.join(unknown))}; its fields are "
            f"{', '.join(fields)}"
        )
    game: Game = factory(**config)  # a bad value: a ValueError naming the field
    return game


def _observation_bounds(game: Game) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Bounds of every entry of the observation tensor, from the game's segments."""
    shape = tuple(game.observation_tensor_shape)
    low, high = np.zeros(shape, np.float32), np.ones(shape, np.float32)
    for _, offset, size, segment_low, segment_high in game.observation_segments:
        low[offset:offset + size], high[offset:offset + size] = segment_low, segment_high
    return low, high


def _observation(state: State, seat: int, actions: int) -> Observation:
    """What ``seat`` observes of ``state``: its tensor, and a mask of its legal actions
    among ``actions`` ids when it is to act (zeros otherwise)."""
    mask = np.zeros(actions, np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return {"observation": state.observation_tensor(seat), "action_mask": mask}


class raw_env(AECEnv):  # type: ignore[misc]  # AECEnv is Any to mypy (no py.typed)
    """One cardcore game as an unwrapped PettingZoo AEC environment (see the module).

    >>> badugi = raw_env("badugi", hands=12)
    >>> badugi.reset(seed=3)  # the first dealer (the small blind) drawn from the seed
    >>> badugi.episode_game.config["first_dealer"], badugi.agent_selection
    (1, 'player_1')
    >>> badugi.observe("player_1")["action_mask"].nonzero()[0].tolist()  # fold, call, raise
    [0, 2, 4]
    >>> badugi.step(5)  # stand: not a betting action
    Traceback (most recent call last):
    ...
    ValueError: ...
    """

    def __init__(self, game_name: str, render_mode: str | None = None, **config: Any) -> None:
        super().__init__()
        if render_mode not in (None, *_RENDER_MODES):
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', "
                             f"got {shown(render_mode)}")
        self.game = _make_game(game_name, config)
        """The cardcore game of the episodes: each is a state of it, or, when the dealer
        rotates, of the same game with the episode's ``first_dealer``."""
        rotates = _DEALER in self.game.config and _DEALER not in config
        # One game per first dealer when the dealer rotates (see the module).
        self._games = ([_make_game(game_name, {**config, _DEALER: seat})
                        for seat in range(self.game.num_players)] if rotates else [self.game])
        self._dealer = 0
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(_RENDER_MODES),
            "name": f"cardcore_{game_name}_v0",
            "is_parallelizable": False,
        }
        seats = int(self.game.acting_players)
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = int(self.game.num_distinct_actions)
        low, high = _observation_bounds(self.game)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self._state: State | None = None

    @property
    def engine_state(self) -> State:
        """The live engine state of the episode (read it, or ``clone()`` it; changing it
        would desynchronise the environment). Before the first ``reset`` it is an error."""
        if self._state is None:
            raise ValueError("no episode yet: call reset() first")
        return self._state

    @property
    def episode_game(self) -> Game:
        """The game the live episode is a state of: :attr:`game`, with the episode's
        ``first_dealer`` when the dealer rotates. Before the first ``reset``, :attr:`game`."""
        return self._games[self._dealer]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``observation`` (the engine's tensor) and ``action_mask`` boxes."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The engine's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new episode; ``seed`` reseeds the generator the deals (and the first
        dealer, when it rotates) are drawn from (the first reset without one seeds it from
        the operating system); a reset without a seed moves the dealer one seat on.
        ``options`` is accepted for the PettingZoo API and ignored."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
            if len(self._games) > 1:
                self._dealer = int(self._rng.integers(len(self._games)))
        else:
            self._dealer = (self._dealer + 1) % len(self._games)
        game = self._games[self._dealer]
        # A deal can leave nobody a decision (every Bai Buu hand a Natural against a house
        # banker) while PettingZoo episodes must start with live agents: deal again.
        state = game.new_initial_state(seed=int(self._rng.integers(2**63)))
        while state.is_terminal():
            state = game.new_initial_state(seed=int(self._rng.integers(2**63)))
        self._state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current_player()]
        self._paid = [0.0] * len(self.agents)  # returns() already paid out, by seat

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation tensor and its action mask."""
        return _observation(self.engine_state, self._seat[agent], self.game.num_distinct_actions)

    def step(self, action: int | None) -> None:
        """Applies the selected agent's action (``None`` once it is terminated).

        An illegal action is a ValueError that changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is live and must act: None is not an action")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise ValueError(f"an action is an integer id, got {shown(action)}") from None
        state = self.engine_state
        state.apply_action(action_id)  # ValueError if illegal; the state is unchanged
        returns = state.returns()
        self.rewards = {a: returns[s] - self._paid[s] for a, s in self._seat.items()}
        self._paid = returns
        self._cumulative_rewards[agent] = 0.0  # last() has handed it out
        if state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state with every hand shown: as text (``render_mode="ansi"``), or as the
        pixels of its picture, ``state.to_svg()`` rasterized to an (H, W, 3) uint8 array
        (``render_mode="rgb_array"``, with the ``render`` extra: docs/pictures.md)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' "
                                  "or 'rgb_array'")
            return None
        if self.render_mode == "rgb_array":
            return to_rgb_array(self._state)
        return repr(self._state)

    def close(self) -> None:
        """Nothing to release."""


__dir__ = public_dir(__all__)
