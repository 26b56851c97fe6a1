"""OpenSpiel adapter: every cardcore game as a Python game of ``pyspiel``.

:func:`register` adds ``python_cardcore_badugi``, ``python_cardcore_buh``,
``python_cardcore_baibuu`` and ``python_cardcore_hucklebuck`` to OpenSpiel's registry, after
which ``pyspiel.load_game`` builds them and OpenSpiel's tools for Python games take them:
``pyspiel.random_sim_test``, ``rl_environment.Environment``, information-set MCTS (the
state implements ``resample_from_infostate``) and the observation API.
A state wraps an engine state built without a seed, so chance is explicit: deals are chance
nodes whose outcomes come from the engine. Observations and information states are the
engine's tensors and strings, which never show another player's hidden cards.

Game parameters are the fields of each engine's config with the same defaults. OpenSpiel
parameters are scalars, so a per-seat field (``stacks``, ``scores``, ``wagers``) is a string
of space-separated integers, where ``""`` keeps the engine's default; Hucklebuck's
``hands=0`` plays the game to the target (``hands=None`` in cardcore) and Bai Buu's
``banker_commission_bp=-1`` takes ``commission_bp``.

>>> import pyspiel
>>> from cardcore.adapters import openspiel
>>> openspiel.register()
>>> game = pyspiel.load_game("python_cardcore_buh", {"players": 4})
>>> game.num_players(), game.get_type().utility.name
(4, 'ZERO_SUM')
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

This module needs OpenSpiel (``pip install cardcore[rl]``); ``import cardcore`` does not
import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

# OpenSpiel ships no type information, so its classes are Any here: subclassing them needs
# the ignores on the two class lines below.
import pyspiel  # type: ignore[import-not-found,unused-ignore]

import cardcore as cc

__all__ = [
    "GAME_CLASSES",
    "SHORT_NAMES",
    "BadugiGame",
    "BaiBuuGame",
    "BuhGame",
    "CardcoreGame",
    "CardcoreObserver",
    "CardcoreState",
    "HucklebuckGame",
    "engine_config",
    "register",
]

Config = dict[str, Any]
Params = dict[str, Any]

SHORT_NAMES: dict[str, str] = {name: f"python_cardcore_{name}" for name in cc.GAMES}
"""OpenSpiel's short name of each cardcore game."""

# The engine's player ids for chance and the end, and OpenSpiel's.
_PLAYER_IDS = {cc.CHANCE: pyspiel.PlayerId.CHANCE, cc.TERMINAL: pyspiel.PlayerId.TERMINAL}

# Parameters given as space-separated integers, one per seat ("" keeps the engine default).
_SEAT_LISTS = frozenset({"stacks", "scores", "wagers"})


@dataclass(frozen=True)
class _Spec:
    """What OpenSpiel's registry needs to know about one game ahead of any configuration."""

    long_name: str
    min_players: int
    max_players: int
    defaults: Params
    none_value: dict[str, int]
    """Integer parameters whose value stands for the engine's None."""
    zero_sum: Callable[[Config], bool]
    """Whether returns sum to zero under this config."""


_SPECS: dict[str, _Spec] = {
    "badugi": _Spec(
        "cardcore Badugi (heads-up fixed-limit triple draw)", 2, 2,
        {"stacks": "100 100", "small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4,
         "max_raises": 3, "hands": 1, "first_dealer": 0},
        {}, lambda config: True,
    ),
    "buh": _Spec(
        "cardcore Buh", 2, 8,
        {"players": 2, "stacks": "", "ante": 1, "small_bet": 1, "big_bet": 2, "max_raises": 3,
         "hands": 1, "first_dealer": 0},
        {}, lambda config: True,
    ),
    # Seats 0..n-1 are the player hands and seat n the banker; commission leaves the table.
    "baibuu": _Spec(
        "cardcore Bai Buu", 2, 7,
        {"player_hands": 1, "wagers": "", "commission_bp": 300, "banker_commission_bp": -1,
         "banker": "house_way", "hands": 1},
        {"banker_commission_bp": -1},
        lambda config: config["commission_bp"] == config["banker_commission_bp"] == 0,
    ),
    # One hand returns score changes (+1 a trick, -3 for none, floored at a score of 0),
    # whose sum is not fixed. A game to the target returns +1 and -1/(n-1) each, or zeros
    # for a draw.
    "hucklebuck": _Spec(
        "cardcore Hucklebuck", 3, 7,
        {"players": 4, "target": 11, "scores": "", "hands": 1, "max_hands": 200,
         "first_dealer": 0},
        {"hands": 0},
        lambda config: config["hands"] is None,
    ),
}


def _seat_list(key: str, text: Any) -> tuple[int, ...] | None:
    if not isinstance(text, str):
        raise ValueError(f"{key} must be a string of space-separated integers, got {text!r}")
    try:
        values = tuple(int(token) for token in text.split())
    except ValueError:
        raise ValueError(
            f"{key} must be a string of space-separated integers, got {text!r}"
        ) from None
    return values or None


def engine_config(name: str, params: Params) -> Config:
    """The cardcore config of OpenSpiel parameters for game ``name`` (missing ones take
    their defaults); an unknown parameter is a ValueError.

    >>> config = engine_config("hucklebuck", {"players": 3, "scores": "1 2 3", "hands": 0})
    >>> config["scores"], config["hands"]
    ((1, 2, 3), None)
    """
    spec = _SPECS[name]
    unknown = sorted(set(params) - set(spec.defaults))
    if unknown:
        raise ValueError(
            f"unknown {name} parameter(s) {', '.join(unknown)}: expected {', '.join(spec.defaults)}"
        )
    config: Config = {}
    for key, default in spec.defaults.items():
        value = params.get(key, default)
        if key in _SEAT_LISTS:
            value = _seat_list(key, value)
            if value is None:
                continue  # the engine's own default
        elif key in spec.none_value and value == spec.none_value[key]:
            value = None
        config[key] = value
    return config


def _game_type(name: str, config: Config) -> Any:
    """The GameType of a configuration: the utility and reward model depend on it."""
    spec = _SPECS[name]
    Type = pyspiel.GameType
    return Type(
        short_name=SHORT_NAMES[name],
        long_name=spec.long_name,
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC,
        information=Type.Information.IMPERFECT_INFORMATION,
        utility=Type.Utility.ZERO_SUM if spec.zero_sum(config) else Type.Utility.GENERAL_SUM,
        # With several hands, each pays out as it ends.
        reward_model=(
            Type.RewardModel.TERMINAL if config["hands"] == 1 else Type.RewardModel.REWARDS
        ),
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec.defaults,
    )


def _game_info(engine: Any, zero_sum: bool) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=engine.num_distinct_actions,
        max_chance_outcomes=engine.max_chance_outcomes,
        num_players=engine.num_players,
        min_utility=engine.min_utility,
        max_utility=engine.max_utility,
        utility_sum=0.0 if zero_sum else None,
        # The engine's bound counts chance nodes too, so it bounds the decisions alone.
        max_game_length=engine.max_game_length,
    )


class CardcoreGame(pyspiel.Game):  # type: ignore[misc]
    """A cardcore game seen by OpenSpiel (one subclass per game); ``engine`` is the
    cardcore Game.

    >>> game = BadugiGame({"hands": 12})
    >>> game.engine.config["hands"], game.get_type().reward_model.name
    (12, 'REWARDS')
    """

    game_name: ClassVar[str]
    """The game's name in ``cc.GAMES``."""

    def __init__(self, params: Params | None = None) -> None:
        spec = _SPECS[self.game_name]
        params = {**spec.defaults, **(params or {})}
        engine = cc.GAMES[self.game_name](**engine_config(self.game_name, params))
        game_type = _game_type(self.game_name, engine.config)
        super().__init__(game_type, _game_info(engine, spec.zero_sum(engine.config)), params)
        self.engine = engine

    def __reduce__(self) -> tuple[type[CardcoreGame], tuple[Params]]:
        # OpenSpiel's own pickling restores the C++ side only, not ``engine``.
        return type(self), (self.get_parameters(),)

    def new_initial_state(self) -> CardcoreState:
        """The start of a game, at its first chance node."""
        return CardcoreState(self, self.engine.new_initial_state())

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of a game (the engine's bound on all its nodes)."""
        return int(self.engine.max_game_length)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Params | None = None
    ) -> CardcoreObserver:
        """The observer of an observation type (by default the observation, not the
        information state)."""
        return CardcoreObserver(
            self.engine, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class CardcoreState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around the engine state ``engine`` (which holds every card: what
    a player may see is in the observations)."""

    def __init__(self, game: CardcoreGame, engine: Any) -> None:
        super().__init__(game)
        # OpenSpiel clones and serializes a Python state by copying or pickling its
        # attributes.
        self.engine = engine
        self._returns_before = engine.returns()

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal id."""
        player = self.engine.current_player()
        return int(_PLAYER_IDS.get(player, player))

    def _legal_actions(self, player: int) -> list[int]:
        del player  # OpenSpiel asks only for the player to act
        return list(self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card id, probability) for each card of the stock."""
        return list(self.engine.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        if not self.engine.is_chance_node():
            # OpenSpiel reads rewards at decision nodes only, so a reward covers a player's
            # action and the chance nodes after it (a hand may end on a deal).
            self._returns_before = self.engine.returns()
        self.engine.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        del player  # an engine action id means the same to whoever asks
        return str(self.engine.action_to_string(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.engine.is_terminal())

    def returns(self) -> list[float]:
        """Each seat's total over the hands completed so far."""
        return list(self.engine.returns())

    def rewards(self) -> list[float]:
        """What each seat won or lost since the last player action (the hands completed
        since then)."""
        now = self.engine.returns()
        return [a - b for a, b in zip(now, self._returns_before, strict=True)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardcoreState:
        """A state ``player_id`` cannot tell from this one, every card hidden from him
        drawn again by the engine (information-set MCTS calls this), the seed drawn from
        ``probability_sampler`` (a callable giving uniforms in [0, 1))."""
        seed = int(probability_sampler() * 2**53)
        sample = self.engine.resample_from_infostate(player_id, seed)
        # Replay the sample's history so that OpenSpiel's own history matches it too.
        state = self.get_game().new_initial_state()
        for action in sample.history():
            state.apply_action(action)
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return repr(self.engine)


class CardcoreObserver:
    """OpenSpiel's Python observer over the engine's views: with ``perfect_recall`` the
    information state, otherwise the observation; both need public information and the
    observing player's private information, which is what the engine provides.

    >>> game = HucklebuckGame({"players": 3})
    >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    >>> observer.tensor.shape == tuple(game.engine.information_state_tensor_shape)
    True
    """

    def __init__(self, engine: Any, iig_obs_type: Any, params: Params | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if not iig_obs_type.public_info or (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "cardcore observers need public_info=True and private_info=SINGLE_PLAYER, "
                f"got public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info}"
            )
        self._info_state = bool(iig_obs_type.perfect_recall)
        if self._info_state:
            name, shape = "info_state", engine.information_state_tensor_shape
        else:
            name, shape = "observation", engine.observation_tensor_shape
        self.tensor: npt.NDArray[np.float32] = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {name: self.tensor.reshape(shape)}

    def set_from(self, state: CardcoreState, player: int) -> None:
        """Writes ``player``'s view of ``state`` into ``tensor``."""
        if self._info_state:
            self.tensor[:] = state.engine.information_state_tensor(player)
        else:
            self.tensor[:] = state.engine.observation_tensor(player)

    def string_from(self, state: CardcoreState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        if self._info_state:
            return str(state.engine.information_state_string(player))
        return str(state.engine.observation_string(player))


class BadugiGame(CardcoreGame):
    """Badugi (``python_cardcore_badugi``)."""

    game_name = "badugi"


class BuhGame(CardcoreGame):
    """Buh (``python_cardcore_buh``)."""

    game_name = "buh"


class BaiBuuGame(CardcoreGame):
    """Bai Buu (``python_cardcore_baibuu``)."""

    game_name = "baibuu"


class HucklebuckGame(CardcoreGame):
    """Hucklebuck (``python_cardcore_hucklebuck``)."""

    game_name = "hucklebuck"


# Registered classes rather than closures: OpenSpiel's registry outlives the interpreter,
# and freeing its last reference to a Python callable at exit would need the GIL.
GAME_CLASSES: dict[str, type[CardcoreGame]] = {
    cls.game_name: cls for cls in (BadugiGame, BuhGame, BaiBuuGame, HucklebuckGame)
}
"""The OpenSpiel game class of each cardcore game."""


def register() -> None:
    """Registers every cardcore game with OpenSpiel (calling it again does nothing).

    >>> register()
    >>> pyspiel.load_game("python_cardcore_hucklebuck", {"players": 3}).num_players()
    3
    """
    registered = set(pyspiel.registered_names())
    for name, cls in GAME_CLASSES.items():
        if SHORT_NAMES[name] not in registered:
            engine = cc.GAMES[name](**engine_config(name, {}))
            pyspiel.register_game(_game_type(name, engine.config), cls)
