"""A native search player: single-observer information-set Monte Carlo tree search (ISMCTS)
in C++, one template over the engine protocol for every game (``docs/search.md``).

:func:`ismcts` asks what the search would do for the player to move, and why: the record
it returns has the chosen action and each root action's visit count and mean value. The
same search plays wherever a policy is taken, as ``"ismcts"`` or ``("ismcts", {options})``
(``cc.simulate``, each game's ``policy_action``, ``cc.VectorEnv`` opponents) and as
``ismcts:simulations=1000`` on the command line.

>>> import cardcore as cc
>>> state = cc.badugi.Game().new_initial_state(seed=3)
>>> result = cc.search.ismcts(state, simulations=400, rollout="rule_based", seed=1)
>>> result.action in state.legal_actions(), sum(result.visits.values())
(True, 400)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from cardcore import _core
from cardcore._checks import (
    checked_int,
    checked_real,
    shown,
)
from cardcore._namespace import public_dir

__all__ = ["NAME", "OPTIONS", "OPTION_TABLE", "SearchOption", "SearchResult", "ismcts",
           "policy_text"]
__dir__ = public_dir(__all__)

NAME = "ismcts"
"""The search's policy name."""


def _bound(n: int) -> str:
    """An integer bound in words: ``2**63 - 1`` for a large power of two less one, else
    ``100,000,000``."""
    if n >= 2**32 and (n + 1) & n == 0:
        return f"2**{n.bit_length()} - 1"
    return f"{n:,}"


@dataclass(frozen=True)
class SearchOption:
    """One option of the search as the C++ core declares it (its table of options, which
    the compiled ``ismcts:`` text parser checks by too): its ``kind`` (``"integer"`` in
    ``min`` to ``max``, ``"real"`` at least ``min``, ``"choice"`` of ``choices``, or
    ``"policy"``, a built-in policy of the game), its ``default`` (None: ``doc`` says what
    it means) and what it is for.

    >>> import cardcore as cc
    >>> option = cc.search.OPTION_TABLE[0]
    >>> option.name, option.default, option.expected
    ('simulations', 1000, 'an integer 1 to 100,000,000')
    """

    name: str
    kind: Literal["integer", "real", "choice", "policy"]
    default: object
    min: int | None
    max: int | None
    choices: tuple[str, ...]
    what: str
    """What an integer option's value is, in words: ``an integer``, ``a number of bytes``."""
    doc: str

    def admits(self, number: float) -> bool:
        """Whether a number (of the option's kind) is in its range."""
        return ((self.min is None or number >= self.min)
                and (self.max is None or number <= self.max))

    @property
    def expected(self) -> str:
        """What a value must be, in the words of an error message."""
        if self.kind == "integer":
            assert self.min is not None and self.max is not None
            words = f"{self.what} {_bound(self.min)} to {_bound(self.max)}"
            return words if self.default is not None else "None or " + words
        if self.kind == "real":
            return f"a finite number >= {self.min}"
        if self.kind == "choice":
            return " or ".join(repr(choice) for choice in self.choices)
        return "None or a built-in policy of the game"


OPTION_TABLE: tuple[SearchOption, ...] = tuple(
    SearchOption(**entry) for entry in _core.search_options())
"""The search's options in order, as the C++ core declares them."""

OPTIONS: dict[str, object] = {option.name: option.default for option in OPTION_TABLE}
"""The search's options and their defaults (``rollout=None`` is the game's
``SPEC.opponent``: ``rule_based``, or ``house_way`` in Bai Buu; ``horizon`` is ``"game"``
or ``"hand"``; ``memory_limit`` is the bytes the search's trees may take at most, None
for half this machine's memory): :data:`OPTION_TABLE` gives their ranges."""

_PARSE = {"integer": int, "real": float, "choice": str, "policy": str}
"""How the ``ismcts:name=value`` text of an option's kind is read."""


@dataclass(frozen=True)
class SearchResult:
    """What :func:`ismcts` found for the player to move: the chosen ``action`` (the most
    visited root action; ties go to the better mean value, then the lower id), and for every
    legal root action its ``visits`` and its mean ``values`` (the player's return from this
    decision on, counted in ``unit``: chips, points, or a game's result; ``nan`` for an
    action never visited). ``strings`` holds each root action's text, which ``repr`` shows.

    >>> import cardcore as cc
    >>> state = cc.hucklebuck.Game().new_initial_state(seed=2)
    >>> result = cc.search.ismcts(state, simulations=300, seed=5)
    >>> result.strings[result.action] == state.action_to_string(result.action)
    True
    >>> result.best_value == result.values[result.action], result.unit
    (True, 'points')
    """

    player: int
    action: int
    visits: dict[int, int]
    values: dict[int, float]
    strings: dict[int, str] = field(repr=False)
    simulations: int
    unit: str

    @property
    def best_value(self) -> float:
        """The chosen action's mean value."""
        return self.values[self.action]

    def rows(self) -> list[str]:
        """One line per root action, most visited first, the chosen one marked ``*``: its
        words, visits and mean value."""
        order = sorted(self.visits, key=lambda a: (-self.visits[a], a))
        width = max(len(self.strings[a]) for a in order)
        lines = []
        for a in order:
            value = self.values[a]
            shown_value = "       -" if math.isnan(value) else f"{value:+8.3f}"
            mark = "*" if a == self.action else " "
            lines.append(f"  {mark} {self.strings[a]:<{width}}  visits {self.visits[a]:>8,}"
                         f"  value {shown_value}")
        return lines

    def __repr__(self) -> str:
        return "\n".join([
            f"SearchResult(player {self.player} plays {self.strings[self.action]!r} "
            f"(action {self.action}) after {self.simulations:,} simulations, values in "
            f"{self.unit}:", *self.rows()]) + ")"


def _checked_options(options: dict[str, object], spec: Any) -> dict[str, Any]:
    """Every option (the defaults filled in) after checking names, types and ranges."""
    unknown = [name for name in options if name not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown ismcts option {shown(unknown[0])}: expected "
                         f"{', '.join(OPTIONS)}")
    merged: dict[str, Any] = {**OPTIONS, **options}
    for option in OPTION_TABLE:
        name, value = option.name, merged[option.name]
        if option.kind == "policy":
            rollout = spec.opponent if value is None else value
            rollout = _strategy_name(rollout, spec) or rollout
            if not isinstance(rollout, str) or not (rollout in spec.policies
                                                    or rollout.startswith("strategy:")):
                raise ValueError(f"unknown {spec.name} rollout policy {shown(rollout)}: expected "
                                 f"one of {', '.join(spec.policies)}, or a Strategy")
            merged[name] = rollout
        elif value is None and option.default is None:
            continue
        elif option.kind == "integer":
            merged[name] = checked_int(value, name, option.expected, option.admits)
        elif option.kind == "real":
            merged[name] = checked_real(value, name, option.expected, option.admits)
        elif value not in option.choices:
            raise ValueError(f"{name} must be {option.expected}, got {shown(value)}")
    return merged


def ismcts(state: Any, **options: Any) -> SearchResult:
    """Searches ``state`` for the player to move: ``simulations`` determinizations (each a
    state he cannot tell from this one, ``resample_from_infostate``), each descending a
    tree of information states by UCT (exploration ``uct_c``), then played out by the
    built-in ``rollout`` policy to the ``horizon``: the end of the game (``"game"``), or of
    the hand in play (``"hand"``: each player's value is then his hand's worth, the score
    change in a game to a target such as Hucklebuck's); ``threads`` grow the search's
    fixed set of trees at once, and ``seed`` fixes the result on any number of threads. A
    bad option, a terminal state or a chance node is a ValueError; so is a search whose
    trees may need more than ``memory_limit`` bytes (an upper bound from the simulations,
    the threads and the game's action ids; by default half this machine's memory), before
    anything is allocated. Runs in C++ with the GIL released, on a copy of ``state``; Ctrl-C
    stops it within milliseconds.

    >>> import cardcore as cc
    >>> state = cc.buh.Game(players=4).new_initial_state(seed=8)
    >>> one = cc.search.ismcts(state, simulations=500, seed=2, threads=1)
    >>> one == cc.search.ismcts(state, simulations=500, seed=2, threads=2)
    True
    >>> cc.search.ismcts(state, simulation=5)
    Traceback (most recent call last):
    ValueError: unknown ismcts option 'simulation': expected simulations, uct_c, rollout, ...
    """
    from cardcore._registry import module_of_state  # the game modules import this module's users

    module = module_of_state(state, "ismcts")
    spec = module.SPEC
    checked = _checked_options(options, spec)
    if state.is_terminal():
        raise ValueError("ismcts needs a player to move: the game is over")
    if state.is_chance_node():
        raise ValueError("ismcts needs a player to move, not a chance node")
    action, player, edges = getattr(_core, spec.name).ismcts(
        state, checked["simulations"], checked["uct_c"], checked["rollout"], checked["seed"],
        checked["threads"], checked["horizon"], checked["memory_limit"] or 0)
    visits = {int(a): int(n) for a, n, _ in edges}
    values = {int(a): (total / n if n else math.nan) for a, n, total in edges}
    strings = {int(a): state.action_to_string(a) for a, _, _ in edges}
    # A game to a target score counts its result.
    return SearchResult(int(player), int(action), visits, values, strings,
                        int(checked["simulations"]), spec.unit_of(state.config, checked["horizon"]))


def _strategy_name(policy: object, spec: Any) -> str | None:
    """The native name of a :class:`cardcore.solve.Strategy` for the game of ``spec``
    (a ValueError for another game's), None for anything else."""
    from cardcore.solve import Strategy  # here: cardcore.solve imports the registry

    return policy.native_name(spec) if isinstance(policy, Strategy) else None


def policy_text(policy: object, spec: Any) -> str | None:
    """The native name of a policy for the game of ``spec``: a built-in name as it is, and
    the search (``"ismcts"``, ``"ismcts:simulations=1000,rollout=random"`` or
    ``("ismcts", {"simulations": 1000})``, whose rollout may be a Strategy too) as
    ``ismcts:`` and its checked options, and a :class:`cardcore.solve.Strategy` of the game
    as its registered name (``strategy:<n>``); None for anything else (the caller says what
    it accepts). Bad search options, and another game's strategy, are a ValueError.

    >>> import cardcore as cc
    >>> policy_text(("ismcts", {"simulations": 200}), cc.badugi.SPEC)
    'ismcts:simulations=200,rollout=rule_based'
    >>> policy_text("ismcts:threads=2", cc.badugi.SPEC)
    'ismcts:rollout=rule_based,threads=2'
    >>> policy_text("random", cc.badugi.SPEC), policy_text(7, cc.badugi.SPEC)
    ('random', None)
    """
    options: dict[str, object]
    strategy = _strategy_name(policy, spec)
    if strategy is not None:
        return strategy
    if isinstance(policy, tuple) and len(policy) == 2 and isinstance(policy[0], str):
        name, given = policy
        if not isinstance(given, dict):
            raise ValueError(f"a policy's options are a dict, got {shown(given)}")
        if name in spec.policies and name != NAME:
            if given:
                raise ValueError(f"the built-in policy {shown(name)} takes no options, got "
                                 f"{shown(given)}")
            return str(name)
        if name != NAME:
            return None
        options = dict(given)
    elif isinstance(policy, str):
        if policy in spec.policies:
            return policy
        if policy != NAME and not policy.startswith(NAME + ":"):
            return None
        options = _parse_options(policy)
    else:
        return None
    checked = _checked_options(options, spec)
    parts = [f"{key}={checked[key]}" for key in OPTIONS
             if (key in options and checked[key] is not None) or key == "rollout"]
    return NAME + ":" + ",".join(parts)


def _parse_options(text: str) -> dict[str, object]:
    """The options of ``ismcts:name=value,...`` (types converted, not yet checked)."""
    options: dict[str, object] = {}
    body = text[len(NAME) + 1:] if text != NAME else ""
    for item in body.split(",") if body else []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            raise ValueError(f"ismcts option {shown(item)} is not name=value (in {shown(text)})")
        kinds = {option.name: option.kind for option in OPTION_TABLE}
        if key not in kinds:
            raise ValueError(f"unknown ismcts option {shown(key)}: expected "
                             f"{', '.join(OPTIONS)}")
        if key in options:
            raise ValueError(f"ismcts option {shown(key)} is given twice")
        parse = _PARSE[kinds[key]]
        try:
            options[key] = parse(value.strip())
        except ValueError:
            raise ValueError(f"ismcts option {key} must be {parse.__name__}, got "
                             f"{shown(value)}") from None
    return options
