"""OpenSpiel adapter: every cardcore game as a Python game of ``pyspiel``.

:func:`register` adds ``python_cardcore_<name>`` for every game of ``cc.GAMES`` to
OpenSpiel's registry, after which ``pyspiel.load_game`` builds them and OpenSpiel's tools
for Python games take them:
``pyspiel.random_sim_test``, ``rl_environment.Environment``, information-set MCTS (the
state implements ``resample_from_infostate``) and the observation API.
A state wraps an engine state built without a seed, so chance is explicit: deals are chance
nodes whose outcomes come from the engine. Observations and information states are the
engine's tensors and strings, which never show another player's hidden cards.

Game parameters are the fields of each game's spec (``cc.<game>.SPEC.fields``) with the same
defaults. OpenSpiel parameters are scalars, so a per-seat field (``stacks``, ``scores``,
``wagers``) is a string of space-separated integers, where ``""`` keeps the engine's
default, and a field that may be None takes one below its minimum for None: Hucklebuck's
``hands=0`` plays the game to the target (``hands=None`` in cardcore) and Bai Buu's
``banker_commission_bp=-1`` takes ``commission_bp``.

Where the rules have a dealer (a game with ``first_dealer``), the parameter defaults to
``-1``: the first dealer is then a chance node before the deal, each seat with probability
1/n (its outcome is the seat, shown as ``dealer 1``), so that every seat plays every
position over the episodes of ``rl_environment`` and the game solved by CFR is the fair one.
``first_dealer=0`` (or any seat) fixes the dealer and starts at the deal, as the engine does.

>>> import pyspiel
>>> from cardcore.adapters import openspiel
>>> openspiel.register()
>>> game = pyspiel.load_game("python_cardcore_buh", {"players": 4})
>>> game.num_players(), game.get_type().utility.name
(4, 'ZERO_SUM')
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()  # the first dealer
(True, [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)])
>>> state.apply_action(2)
>>> state.is_chance_node(), len(state.chance_outcomes())  # the deal
(True, 52)

This module needs OpenSpiel (``pip install cardcore[rl]``); ``import cardcore`` does not
import it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

# OpenSpiel ships no type information, so its classes are Any here: subclassing them needs
# the ignores on the two class lines below.
import pyspiel  # type: ignore[import-not-found,unused-ignore]
from open_spiel.python import rl_environment  # type: ignore[import-untyped,import-not-found,unused-ignore]

import cardcore as cc
from cardcore._checks import shown
from cardcore._namespace import public_dir
from cardcore._registry import spec_of
from cardcore.protocol import Game, State
from cardcore.spec import ConfigField

__all__ = [
    "GAME_CLASSES",
    "SHORT_NAMES",
    "CardcoreGame",
    "CardcoreObserver",
    "CardcoreState",
    "Environment",
    "engine_config",
    "register",
]

Config = dict[str, Any]
Params = dict[str, Any]

SHORT_NAMES: dict[str, str] = {name: f"python_cardcore_{name}" for name in cc.GAMES}
"""OpenSpiel's short name of each cardcore game."""

# The engine's player ids for chance and the end, and OpenSpiel's.
_PLAYER_IDS = {cc.CHANCE: pyspiel.PlayerId.CHANCE, cc.TERMINAL: pyspiel.PlayerId.TERMINAL}


def _none_value(field: ConfigField) -> int:
    """The OpenSpiel value that stands for None in an integer field that may be None: one
    below its minimum."""
    return field.minimum - 1


_DEALER = "first_dealer"
"""The configuration field of the first dealer (``docs/design.md``, "Chance nodes")."""

_CHANCE_DEALER = -1
"""The ``first_dealer`` parameter that makes the first dealer a chance node (the default)."""


def _parameter(field: ConfigField) -> int | str:
    """A field's default as an OpenSpiel parameter (a scalar)."""
    if field.name == _DEALER:
        return _CHANCE_DEALER
    if field.kind == "per_seat":
        return ""
    if field.default is None:
        return _none_value(field)
    return field.default


def _defaults(name: str) -> Params:
    """The OpenSpiel parameters of a game and their defaults."""
    return {field.name: _parameter(field) for field in spec_of(name).fields}


def _seat_list(key: str, text: Any) -> tuple[int, ...] | None:
    if not isinstance(text, str):
        raise ValueError(f"{key} must be a string of space-separated integers, got {shown(text)}")
    try:
        values = tuple(int(token) for token in text.split())
    except ValueError:
        raise ValueError(
            f"{key} must be a string of space-separated integers, got {shown(text)}"
        ) from None
    return values or None


def engine_config(name: str, params: Params) -> Config:
    """The cardcore config of OpenSpiel parameters for game ``name`` (missing ones take
    their defaults); an unknown parameter is a ValueError.

    >>> config = engine_config("hucklebuck", {"players": 3, "scores": "1 2 3", "hands": 0})
    >>> config["scores"], config["hands"], "first_dealer" in config  # chance deals the dealer
    ((1, 2, 3), None, False)
    """
    defaults = _defaults(name)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(
            f"unknown {name} parameter(s) {', '.join(unknown)}: expected {', '.join(defaults)}"
        )
    config: Config = {}
    for field in spec_of(name).fields:
        value = params.get(field.name, defaults[field.name])
        if field.name == _DEALER and value == _CHANCE_DEALER:
            continue  # chance deals the first dealer: the engine's default until it does
        if field.kind == "per_seat":
            value = _seat_list(field.name, value)
            if value is None:
                continue  # the engine's own default
        elif field.nullable and value == _none_value(field):
            value = None
        config[field.name] = value
    return config


def _game_type(name: str, engine: Game) -> Any:
    """The GameType of a configured game: the utility and reward model depend on it."""
    spec = spec_of(name)
    Type = pyspiel.GameType
    return Type(
        short_name=SHORT_NAMES[name],
        long_name=f"cardcore {spec.display_name}",
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC,
        information=Type.Information.IMPERFECT_INFORMATION,
        utility=(Type.Utility.ZERO_SUM if engine.utility == "zero_sum"
                 else Type.Utility.GENERAL_SUM),
        # With several hands, each pays out as it ends.
        reward_model=(
            Type.RewardModel.TERMINAL if engine.config.get("hands", 1) == 1
            else Type.RewardModel.REWARDS
        ),
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


def _game_info(engine: Game) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=engine.num_distinct_actions,
        max_chance_outcomes=engine.max_chance_outcomes,
        num_players=engine.num_players,
        min_utility=engine.min_utility,
        max_utility=engine.max_utility,
        utility_sum=0.0 if engine.utility == "zero_sum" else None,
        # The engine's bound counts chance nodes too, so it bounds the decisions alone.
        max_game_length=engine.max_game_length,
    )


class CardcoreGame(pyspiel.Game):  # type: ignore[misc]
    """A cardcore game seen by OpenSpiel (one subclass per game); ``engine`` is the
    cardcore Game.

    >>> game = GAME_CLASSES["badugi"]({"hands": 12})
    >>> game.engine.config["hands"], game.get_type().reward_model.name
    (12, 'REWARDS')
    """

    game_name: ClassVar[str]
    """The game's name in ``cc.GAMES``."""

    def __init__(self, params: Params | None = None) -> None:
        params = {**_defaults(self.game_name), **(params or {})}
        config = engine_config(self.game_name, params)
        engine = cc.GAMES[self.game_name](**config)
        self.dealers: list[Game] | None = None
        """With the first dealer a chance node, the game of each first dealer; else None."""
        if _DEALER in engine.config and params.get(_DEALER) == _CHANCE_DEALER:
            self.dealers = [cc.GAMES[self.game_name](**{**config, _DEALER: seat})
                            for seat in range(engine.num_players)]
        super().__init__(_game_type(self.game_name, engine), _game_info(engine), params)
        self.engine = engine
        """The cardcore Game (with the first dealer a chance node, that of first dealer 0)."""

    def __reduce__(self) -> tuple[type[CardcoreGame], tuple[Params]]:
        # OpenSpiel's own pickling restores the C++ side only, not ``engine``.
        return type(self), (self.get_parameters(),)

    def new_initial_state(self) -> CardcoreState:
        """The start of a game, at its first chance node: the first dealer's, or the deal's."""
        state = CardcoreState(self, self.engine.new_initial_state())
        state.dealer_pending = self.dealers is not None
        return state

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of a game (the engine's bound on all its nodes, and
        the first dealer's)."""
        return int(self.engine.max_game_length) + (self.dealers is not None)

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

    def __init__(self, game: CardcoreGame, engine: State) -> None:
        super().__init__(game)
        # OpenSpiel clones and serializes a Python state by copying or pickling its
        # attributes.
        self.engine = engine
        self.dealer_pending = False
        """Whether the first dealer is still to be drawn (a chance node before the deal;
        ``engine`` is then the start of the game with first dealer 0)."""
        self._returns_before = engine.returns()

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal id."""
        if self.dealer_pending:
            return int(pyspiel.PlayerId.CHANCE)
        player = self.engine.current_player()
        return int(_PLAYER_IDS.get(player, player))

    def _legal_actions(self, player: int) -> list[int]:
        del player  # OpenSpiel asks only for the player to act
        if self.dealer_pending:
            return list(range(len(self.engine.returns())))  # the seats
        return list(self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card id, probability) for each card of the stock; at the first dealer's node,
        (seat, 1/n) for each seat."""
        if self.dealer_pending:
            seats = len(self.engine.returns())
            return [(seat, 1 / seats) for seat in range(seats)]
        return list(self.engine.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        if self.dealer_pending:
            dealers = self.get_game().dealers
            if not 0 <= action < len(dealers):
                raise ValueError(f"the first dealer is a seat 0-{len(dealers) - 1}, got {action}")
            self.engine = dealers[action].new_initial_state()
            self.dealer_pending = False
            return
        if not self.engine.is_chance_node():
            # OpenSpiel reads rewards at decision nodes only, so a reward covers a player's
            # action and the chance nodes after it (a hand may end on a deal).
            self._returns_before = self.engine.returns()
        self.engine.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        del player  # an engine action id means the same to whoever asks
        if self.dealer_pending:
            return f"dealer {action}"
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
        # Replay the sample's history so that OpenSpiel's own history matches it too (the
        # first dealer, which every player sees, first).
        state = self.get_game().new_initial_state()
        if state.dealer_pending:
            state.apply_action(self.history()[0])
        for action in sample.history():
            state.apply_action(action)
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return "the first dealer is to be drawn" if self.dealer_pending else repr(self.engine)


class CardcoreObserver:
    """OpenSpiel's Python observer over the engine's views: with ``perfect_recall`` the
    information state, otherwise the observation; both need public information and the
    observing player's private information, which is what the engine provides.

    >>> game = GAME_CLASSES["hucklebuck"]({"players": 3})
    >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    >>> observer.tensor.shape == tuple(game.engine.information_state_tensor_shape)
    True
    """

    def __init__(self, engine: Game, iig_obs_type: Any, params: Params | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {shown(params)}")
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
        """Writes ``player``'s view of ``state`` into ``tensor`` (all zeros before the first
        dealer is drawn: nothing has happened yet)."""
        if state.dealer_pending:
            self.tensor[:] = 0
        elif self._info_state:
            self.tensor[:] = state.engine.information_state_tensor(player)
        else:
            self.tensor[:] = state.engine.observation_tensor(player)

    def string_from(self, state: CardcoreState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        if state.dealer_pending:
            return "the first dealer is to be drawn"
        if self._info_state:
            return str(state.engine.information_state_string(player))
        return str(state.engine.observation_string(player))


# Registered classes rather than closures: OpenSpiel's registry outlives the interpreter,
# and freeing its last reference to a Python callable at exit would need the GIL. Each is
# also this module's ``<DisplayName>Game`` (``BadugiGame``, ``BaiBuuGame``, ...).
GAME_CLASSES: dict[str, type[CardcoreGame]] = {
    name: type(f"{spec_of(name).display_name.replace(' ', '')}Game", (CardcoreGame,),
               {"game_name": name, "__module__": __name__,
                "__doc__": f"{spec_of(name).display_name} (``{SHORT_NAMES[name]}``)."})
    for name in cc.GAMES
}
"""The OpenSpiel game class of each cardcore game."""
globals().update({cls.__name__: cls for cls in GAME_CLASSES.values()})


class Environment(rl_environment.Environment):  # type: ignore[misc]
    """OpenSpiel's ``rl_environment.Environment`` whose episodes always start with a player
    to act.

    A deal can leave nobody a decision: a Bai Buu round whose player hands are all dealt
    Naturals (the banker arranging by the house way) is terminal right after the deal, and
    OpenSpiel's own ``Environment.reset`` returns that state as a FIRST time step with
    ``current_player`` TERMINAL (-4), which an ordinary agent loop cannot step. This
    ``reset`` deals again until a player is to act, as the PettingZoo adapter does (and as
    ``cc.VectorEnv`` does, which also pays out the skipped rounds).

    >>> register()
    >>> env = Environment("python_cardcore_baibuu")
    >>> env.seed(1)
    >>> all(env.reset().observations["current_player"] == 0 for _ in range(300))
    True
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Takes what OpenSpiel's ``Environment`` takes: a game or a registered short name,
        and its keywords."""
        super().__init__(*args, **kwargs)

    def reset(self) -> Any:
        """A new episode's first time step, dealt again while nobody is to act."""
        while True:
            time_step = super().reset()
            if not self.get_state.is_terminal():
                return time_step


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
            pyspiel.register_game(_game_type(name, engine), cls)


__dir__ = public_dir([*__all__, *(cls.__name__ for cls in GAME_CLASSES.values())])
