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
from types import ModuleType
from typing import Any

from cardcore import _core
from cardcore._checks import (
    CardcoreTypeError,
    checked_int,
    checked_real,
    checked_seed,
    checked_threads,
    shown,
)
from cardcore._namespace import public_dir

__all__ = ["NAME", "OPTIONS", "SearchResult", "ismcts", "policy_text"]
__dir__ = public_dir(__all__)

NAME = "ismcts"
"""The search's policy name."""

OPTIONS: dict[str, object] = {
    "simulations": 1000,
    "uct_c": 1.0,
    "rollout": None,
    "seed": 0,
    "threads": 1,
    "horizon": "game",
    "memory_limit": None,
}
"""The search's options and their defaults (``rollout=None`` is the game's
``SPEC.opponent``: ``rule_based``, or ``house_way`` in Bai Buu; ``horizon`` is ``"game"``
or ``"hand"``; ``memory_limit`` is the bytes the search's trees may take at most, None
for half this machine's memory)."""

HORIZONS = ("game", "hand")

MAX_SIMULATIONS = 100_000_000


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


def _module_of_state(state: object) -> ModuleType:
    from cardcore._registry import MODULES  # the game modules import this module's users

    for module in MODULES:
        if isinstance(state, module.State):
            return module
    raise CardcoreTypeError(f"ismcts needs a cardcore State, got {type(state).__name__} "
                            f"{shown(state)}")


def _checked_options(options: dict[str, object], spec: Any) -> dict[str, Any]:
    """Every option (the defaults filled in) after checking names, types and ranges."""
    unknown = [name for name in options if name not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown ismcts option {shown(unknown[0])}: expected "
                         f"{', '.join(OPTIONS)}")
    merged: dict[str, Any] = {**OPTIONS, **options}
    merged["simulations"] = checked_int(
        merged["simulations"], "simulations", f"an integer 1 to {MAX_SIMULATIONS:,}",
        lambda n: 1 <= n <= MAX_SIMULATIONS)
    merged["threads"] = checked_threads(merged["threads"])
    merged["seed"] = checked_seed(merged["seed"])
    merged["uct_c"] = checked_real(merged["uct_c"], "uct_c", "a finite number >= 0",
                                   lambda c: c >= 0)
    rollout = spec.opponent if merged["rollout"] is None else merged["rollout"]
    if not isinstance(rollout, str) or rollout not in spec.policies:
        raise ValueError(f"unknown {spec.name} rollout policy {shown(rollout)}: expected one "
                         f"of {', '.join(spec.policies)}")
    merged["rollout"] = rollout
    if merged["horizon"] not in HORIZONS:
        raise ValueError(f"horizon must be 'game' or 'hand', got {shown(merged['horizon'])}")
    if merged["memory_limit"] is not None:
        merged["memory_limit"] = checked_int(
            merged["memory_limit"], "memory_limit", "None or a number of bytes 1 to 2**63 - 1",
            lambda n: 1 <= n < 2**63)
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
    module = _module_of_state(state)
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
    # The state's configuration, as pickling gives it: a game to a target counts its result.
    config = state.__reduce__()[1][0]
    return SearchResult(int(player), int(action), visits, values, strings,
                        int(checked["simulations"]), spec.unit_of(config, checked["horizon"]))


_TYPES = {"simulations": int, "threads": int, "seed": int, "uct_c": float, "rollout": str,
          "horizon": str, "memory_limit": int}


def policy_text(policy: object, spec: Any) -> str | None:
    """The native name of a policy for the game of ``spec``: a built-in name as it is, and
    the search (``"ismcts"``, ``"ismcts:simulations=1000,rollout=random"`` or
    ``("ismcts", {"simulations": 1000})``) as ``ismcts:`` and its checked options; None for
    anything else (the caller says what it accepts). Bad search options are a ValueError.

    >>> import cardcore as cc
    >>> policy_text(("ismcts", {"simulations": 200}), cc.badugi.SPEC)
    'ismcts:simulations=200,rollout=rule_based'
    >>> policy_text("ismcts:threads=2", cc.badugi.SPEC)
    'ismcts:rollout=rule_based,threads=2'
    >>> policy_text("random", cc.badugi.SPEC), policy_text(7, cc.badugi.SPEC)
    ('random', None)
    """
    options: dict[str, object]
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
        if key not in _TYPES:
            raise ValueError(f"unknown ismcts option {shown(key)}: expected "
                             f"{', '.join(OPTIONS)}")
        if key in options:
            raise ValueError(f"ismcts option {shown(key)} is given twice")
        try:
            options[key] = _TYPES[key](value.strip())
        except ValueError:
            raise ValueError(f"ismcts option {key} must be {_TYPES[key].__name__}, got "
                             f"{shown(value)}") from None
    return options
