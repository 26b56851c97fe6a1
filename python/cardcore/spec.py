"""Each game's spec: every fact about a game, stated once in its C++ ``spec.hpp`` and seen
from Python as ``cc.<game>.SPEC``, a frozen record (``docs/design.md``, "Game specs").

The registry, the command line, ``cc.simulate`` and both adapters read these records
instead of naming games.

>>> import cardcore as cc
>>> spec = cc.buh.SPEC
>>> spec.name, spec.display_name, (spec.min_players, spec.max_players), spec.seats_field
('buh', 'Buh', (2, 8), 'players')
>>> spec.field("players")
ConfigField(name='players', kind='int', default=2, minimum=2, maximum=8)
>>> spec.policies, spec.num_distinct_actions
(('random', 'rule_based'), 23)
>>> spec.observation_layout["own_cards"].slice
slice(0, 52, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from cardcore._checks import shown
from cardcore._namespace import public_dir

__all__ = ["ActionBlock", "Capabilities", "ConfigField", "GameSpec", "TensorSegment"]


@dataclass(frozen=True)
class ConfigField:
    """One field of a game's configuration: a keyword of its ``Game``.

    >>> import cardcore as cc
    >>> stacks = cc.badugi.SPEC.field("stacks")
    >>> stacks.kind, stacks.default, stacks.nullable, (stacks.minimum, stacks.maximum)
    ('per_seat', None, True, (1, 1000000000))
    """

    name: str
    kind: Literal["int", "per_seat", "choice", "bool"]
    """``int``: one integer; ``per_seat``: one integer per seat, or one for every seat;
    ``choice``: one of :attr:`choices`; ``bool``: True or False."""
    default: int | str | bool | None
    """The keyword's default (None: every seat's default, or a value derived from other
    fields, as its :attr:`doc` says)."""
    minimum: int
    """Each integer's least valid value."""
    maximum: int
    """Each integer's greatest valid value (a seat number's is also below the seats)."""
    choices: tuple[str, ...] = field(default=(), repr=False)
    nullable: bool = field(default=False, repr=False)
    """Whether None is accepted."""
    doc: str = field(default="", repr=False)
    house_rule: bool = field(default=False, repr=False)
    """Whether the field is a house rule: a point the sources leave open, whose default is
    the engine's resolution (the game's docs page, "House rules"). A serialized state names
    a house rule only when it differs from its default."""


@dataclass(frozen=True)
class ActionBlock:
    """Action ids ``first`` to ``first + count - 1``, which share a verb.

    >>> import cardcore as cc
    >>> [(b.name, b.first, b.count) for b in cc.hucklebuck.SPEC.action_blocks]
    [('in', 0, 1), ('out', 1, 1), ('exchange', 2, 32), ('play', 34, 52)]
    """

    name: str
    first: int
    count: int
    doc: str = field(default="", repr=False)
    face_down: bool = field(default=False, repr=False)
    """Whether the cards the action names are seen by its actor alone (a draw's discards, a
    Bai Buu arrangement): ``state.action_to_string(a, viewer=seat)`` shows another seat only
    the verb and how many cards."""

    @property
    def ids(self) -> range:
        """The action ids of the block."""
        return range(self.first, self.first + self.count)


@dataclass(frozen=True)
class TensorSegment:
    """A named slice of an observation or information-state tensor, and the bounds of its
    entries.

    >>> import cardcore as cc
    >>> cc.badugi.SPEC.observation_layout["chips"]
    TensorSegment(name='chips', offset=372, size=5, low=0.0, high=1.0)
    """

    name: str
    offset: int
    size: int
    low: float
    high: float

    @property
    def slice(self) -> slice:
        """The segment's entries: ``tensor[segment.slice]``."""
        return slice(self.offset, self.offset + self.size)


Layout = Mapping[str, TensorSegment]


def layout(segments: list[tuple[str, int, int, float, float]]) -> Layout:
    """A read-only {name: segment} map of a Game's ``observation_segments`` or
    ``information_state_segments``, in tensor order.

    >>> import cardcore as cc
    >>> list(layout(cc.baibuu.Game().observation_segments))[:3]
    ['own_cards', 'seat', 'phase']
    """
    return MappingProxyType({name: TensorSegment(name, offset, size, low, high)
                             for name, offset, size, low, high in segments})


@dataclass(frozen=True)
class GameSpec:
    """Every fact about a game that code outside the game relies on. The figures that
    depend on the configuration (the utility bounds, the game length, the tensor shapes and
    layouts) are those of the default configuration; a ``Game`` gives its own.

    >>> import cardcore as cc
    >>> spec = cc.hucklebuck.SPEC
    >>> spec.count_names, spec.utility
    (('hands', 'drops', 'no_tricks'), 'general_sum')
    >>> spec.defaults()["target"]
    11
    """

    name: str
    """The registry's key and the module's name (``cc.GAMES[name]``, ``cc.<name>``)."""
    display_name: str
    min_players: int
    """The fewest seats (a Bai Buu banker is a seat)."""
    max_players: int
    seats_field: str | None
    """The configuration field that sets the number of seats (None when it is fixed)."""
    fields: tuple[ConfigField, ...]
    policies: tuple[str, ...]
    """The built-in policies of native rollouts; the first is ``cc.simulate``'s default."""
    random_policies: tuple[str, ...]
    """Those of :attr:`policies` that draw their actions at random (``random``, Badugi's
    ``blueprint``); the others take one action per state, whatever the seed."""
    opponent: str
    """The built-in policy a person plays against by default (``cardcore play``)."""
    rotates_dealer: bool
    """Whether a simulation of single hands moves the dealer from game to game (game ``i``
    has first dealer ``i mod players``); a game with a banker keeps its seats."""
    count_names: tuple[str, ...]
    """What a simulation counts; the first is the hands (rounds) played."""
    utility_doc: str = field(repr=False)
    """When the returns sum to zero, and their bounds, in words."""
    unit: str
    """What a hand's returns count: ``chips`` won and lost, or ``points`` of a score
    (:meth:`unit_of` gives a game played to a target score)."""
    num_distinct_actions: int
    action_blocks: tuple[ActionBlock, ...]
    utility: Literal["zero_sum", "general_sum"]
    min_utility: float
    max_utility: float
    max_game_length: int
    observation_layout: Layout = field(repr=False)
    information_state_layout: Layout = field(repr=False)

    @property
    def observation_shape(self) -> tuple[int]:
        """The observation tensor's shape under the default configuration."""
        return (sum(s.size for s in self.observation_layout.values()),)

    @property
    def information_state_shape(self) -> tuple[int]:
        """The information state tensor's shape under the default configuration."""
        return (sum(s.size for s in self.information_state_layout.values()),)

    def field(self, name: str) -> ConfigField:
        """The configuration field called ``name``; an unknown name is a ValueError."""
        for candidate in self.fields:
            if candidate.name == name:
                return candidate
        raise ValueError(f"{self.name} has no configuration field {shown(name)}: expected one of "
                         f"{', '.join(f.name for f in self.fields)}")

    @property
    def house_rules(self) -> tuple[ConfigField, ...]:
        """The configuration fields that are house rules, in order.

        >>> import cardcore as cc
        >>> [f.name for f in cc.hucklebuck.SPEC.house_rules]
        ['game_end', 'upcard']
        """
        return tuple(f for f in self.fields if f.house_rule)

    def unit_of(self, config: Mapping[str, Any], horizon: str = "game") -> str:
        """What the returns of a game of ``config`` count, to the end of the game or of
        the ``horizon="hand"``: :attr:`unit`, but a game played to a target score
        (``hands=None``) returns +1 to its winner.

        >>> import cardcore as cc
        >>> spec = cc.hucklebuck.SPEC
        >>> spec.unit_of(spec.defaults()), spec.unit_of({"hands": None})
        ('points', 'game results (+1 a win)')
        >>> spec.unit_of({"hands": None}, horizon="hand")
        'points'
        """
        if horizon == "game" and "hands" in config and config["hands"] is None:
            return "game results (+1 a win)"
        return self.unit

    def defaults(self) -> dict[str, Any]:
        """The keyword defaults of the game's ``Game``."""
        return {f.name: f.default for f in self.fields}

    @classmethod
    def of(cls, data: dict[str, Any], game: Any) -> GameSpec:
        """The record of a game's C++ spec data (``_core.<game>.spec()``) and its default
        ``Game``."""
        fields = tuple(ConfigField(**entry) for entry in data.pop("fields"))
        blocks = tuple(ActionBlock(**entry) for entry in data.pop("action_blocks"))
        return cls(fields=fields, action_blocks=blocks, utility=game.utility,
                   min_utility=game.min_utility, max_utility=game.max_utility,
                   max_game_length=game.max_game_length,
                   observation_layout=layout(game.observation_segments),
                   information_state_layout=layout(game.information_state_segments), **data)


@dataclass(frozen=True)
class Capabilities:
    """What a game's Python module offers beyond the engine, declared once as its
    ``CAPABILITIES``: the command line and ``cardcore play`` read these fields (a game
    without a capability has None, or an empty mapping), never the module's attributes.

    >>> import cardcore as cc
    >>> cc.baibuu.CAPABILITIES.play_config
    mappingproxy({'banker': 'agent'})
    >>> cc.hucklebuck.CAPABILITIES.odds is None, cc.buh.CAPABILITIES.hand_size
    (True, 4)
    """

    explain: Callable[..., str] | None = None
    """A hand in words (``cardcore eval``)."""
    examples: tuple[str, ...] = ()
    """Hands that ``cardcore eval`` with no hand explains."""
    compare: Callable[..., str] | None = None
    """Two hands compared in words (``cardcore compare``)."""
    odds: Callable[..., Any] | None = None
    """The ranked draws or splits of a hand (``cardcore odds``)."""
    equity: Callable[..., str] | None = None
    """Each hand's share of the pot in words (``cardcore equity``)."""
    strength_many: Callable[..., Any] | None = None
    """The batch evaluator of hands of ``hand_size`` cards (``cardcore bench``)."""
    hand_size: int | None = None
    settle_many: Callable[..., Any] | None = None
    """The batch settlement of rounds of two holdings (``cardcore bench``)."""
    play_config: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The ``Game`` keywords of ``cardcore play``: roles the engine plays by default that
    it seats as agents there, so that their moves show (the Bai Buu banker)."""
    move_note: Callable[[Any, int], str] | None = None
    """What ``cardcore play`` shows next to each move beyond its words (a Bai Buu
    arrangement's Low and High hands, and whether it fouls)."""
    describe: Callable[[Any, int], str] | None = None
    """What ``cardcore play`` shows a seat of a state (by default its observation string;
    the reference games' strings are OpenSpiel's terse ones, so they describe the table)."""
    best_discards: Callable[..., Any] | None = None
    """A hand's discards ranked by their draw odds (the web table's odds panel)."""
    draws: int = 0
    """The draws of a hand in a draw game, which ``best_discards`` counts down."""


__dir__ = public_dir(__all__)
