"""Leduc poker (``docs/rulebook/leduc.md``), as OpenSpiel's ``leduc_poker`` with its default
parameters: the same card ids (card c is rank c // 2, jack queen king, of suit c % 2),
chance outcomes, action ids (0 fold, 1 call, 2 raise), players, returns and tensors, so
that a history of one is a history of the other.

Each of two players antes 1 chip and is dealt one card of the six; a round of betting
follows (raises of 2 chips, two a round, player 0 first), then a public card and a second
round (raises of 4). At the showdown a pair with the public card wins, else the higher card;
equal ranks split. Returns are net chips, -13 to 13.

>>> import cardcore as cc
>>> state = cc.leduc.Game().new_initial_state(seed=1)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['call', 'raise']
>>> state.apply_action(2); state.apply_action(0)  # raise, fold
>>> state.returns()
[1.0, -1.0]

The built-in players are ``random`` and ``rule_based``: it raises with a pair or a king and
calls otherwise, except that in the second round, with neither, it folds facing a raise.

As in OpenSpiel, a player never sees the other's card, even at a showdown: his information
state, his view (``cardcore.view``) and ``cardcore play`` show his own card, the betting
and the returns, which tell who won.
"""

from __future__ import annotations

from typing import Any

from cardcore import _core, _views
from cardcore._core import leduc as _native
from cardcore._namespace import public_dir
from cardcore._policy import policy_action_of
from cardcore.spec import Capabilities, GameSpec

__all__ = ["CAPABILITIES", "CHANCE", "SPEC", "TERMINAL", "Game", "State",
           "policy_action"]

Game = _native.Game
State = _native.State
CHANCE: int = _core.CHANCE
TERMINAL: int = _core.TERMINAL

SPEC: GameSpec = GameSpec.of(_native.spec(), Game())
"""Every fact about Leduc poker that code outside this module relies on
(:mod:`cardcore.spec`)."""

_CARD_NAMES: tuple[str, ...] = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
"""How views and pictures name the card ids 0 to 5 (two suits of jack, queen and king)."""

policy_action = policy_action_of(_native, SPEC, __name__)


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Leduc's part of :func:`cardcore.view`: each seat's chips in the pot and card (the
    other seat's never shown, as in OpenSpiel), and the public card once dealt."""
    return _views.reference_table(state, viewer, SPEC, _CARD_NAMES)


def _describe(state: State, seat: int) -> str:
    return _views.reference_description(state, seat, SPEC, _CARD_NAMES)


CAPABILITIES = Capabilities(describe=_describe)
"""Leduc poker has no evaluator or odds of its own; ``cardcore play`` describes its table in words
(:class:`cardcore.spec.Capabilities`)."""


__dir__ = public_dir(__all__)
