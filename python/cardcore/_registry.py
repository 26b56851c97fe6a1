"""The registry on the Python side: the games that C++ registered (``games/registry.hpp``,
``_core.GAMES``), each with its module ``cardcore.<game>``. Everything that works over
every game iterates it: ``cc.GAMES``, ``cc.simulate``, the command line, ``play``, both
adapters, the fuzz harnesses and the conformance suite.

>>> list(GAMES)
['badugi', 'baibuu', 'buh', 'hucklebuck']
>>> spec_of("Badugi").display_name
'Badugi'
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from cardcore import _core
from cardcore._checks import CardcoreTypeError, quote_input, shown
from cardcore.spec import ConfigField, GameSpec

MODULES: tuple[ModuleType, ...] = tuple(importlib.import_module(f"cardcore.{name}")
                                        for name in _core.GAMES)
"""Each game's module, in the registry's order."""

GAMES: dict[str, Any] = {module.SPEC.name: module.Game for module in MODULES}
"""The game engines by name; each builds states that follow the engine protocol."""


def module_of(game: str | Any) -> ModuleType:
    """The module of a game given as a registered name (any case) or a ``Game``; anything
    else is a ValueError listing the games."""
    for module in MODULES:
        named = isinstance(game, str) and game.lower() == module.SPEC.name
        if named or isinstance(game, module.Game):
            return module
    if isinstance(game, str):
        raise ValueError(f"unknown game {shown(game)}: expected one of {', '.join(GAMES)}")
    raise ValueError(f"not a cardcore game: {shown(game)}")


def module_of_state(state: object, caller: str) -> ModuleType:
    """The module of the game whose ``State`` ``state`` is, for every caller that takes a
    state; anything else is a CardcoreTypeError (a ValueError) saying that ``caller`` needs
    one.

    >>> import cardcore as cc
    >>> module_of_state(cc.badugi.Game().new_initial_state(), "hint").SPEC.name
    'badugi'
    >>> module_of_state("As 2h", "hint")
    Traceback (most recent call last):
    cardcore._checks.CardcoreTypeError: hint needs a cardcore State, got str 'As 2h'
    """
    for module in MODULES:
        if isinstance(state, module.State):
            return module
    raise CardcoreTypeError(f"{caller} needs a cardcore State, got {type(state).__name__} "
                            f"{shown(state)}")


def spec_of(game: str | Any) -> GameSpec:
    """The spec of a game given as a name or a ``Game``."""
    spec: GameSpec = module_of(game).SPEC
    return spec


_HEADER = re.compile(r"cardcore\.(\w+)/\d+")
"""The first word of a serialized state: ``cardcore.<game>/<version>``."""


def _field_value(field: ConfigField, text: str) -> Any:
    """A configuration value as a serialized state writes it (docs/design.md, "Serialized
    states"): an integer, integers separated by commas, a choice, true or false, or a word
    for None (a Hucklebuck game to the target is ``hands=game``)."""
    if field.kind == "choice":
        return text
    if field.kind == "bool" and text in ("true", "false"):
        return text == "true"
    try:
        if field.kind == "per_seat":
            return tuple(int(part) for part in text.split(","))
        return int(text)
    except ValueError:
        if field.nullable and text.isalpha():
            return None
        raise ValueError(f"{field.name}={quote_input(text)} is not a valid {field.kind} "
                         "value") from None


def load_state(text: str) -> Any:
    """The state that a ``serialize()`` string describes, read from the string alone: its
    header names the game and the configuration, and the game's ``deserialize_state`` then
    reads it with every check (a corrupt string is a ValueError that says what is wrong).

    >>> import cardcore as cc
    >>> state = cc.buh.Game(players=3).new_initial_state(seed=5)
    >>> state.apply_action(state.legal_actions()[0])
    >>> again = load_state(state.serialize())
    >>> type(again).__name__, again.serialize() == state.serialize()
    ('State', True)
    """
    if not isinstance(text, str):
        raise CardcoreTypeError(f"a serialized state is a str, got {type(text).__name__} "
                                f"{shown(text)}")
    header = text.strip().split("|", 1)[0].split()
    match = _HEADER.fullmatch(header[0]) if header else None
    if match is None:
        raise ValueError("not a serialized cardcore state: expected 'cardcore.<game>/1 "
                         f"<config> | <chance> |<history>', got {quote_input(text)}")
    module = module_of(match[1])
    spec: GameSpec = module.SPEC
    config: dict[str, Any] = {}
    for pair in header[1:]:
        name, equals, value = pair.partition("=")
        if not equals:
            raise ValueError(f"{spec.name} configuration: expected field=value, got "
                             f"{quote_input(pair)}")
        config[name] = _field_value(spec.field(name), value)
    return module.Game(**config).deserialize_state(text)  # a bad value names its field
