"""Kuhn poker (``docs/rulebook/kuhn.md``), the smallest poker game, as OpenSpiel's
``kuhn_poker`` with its default two players: the same card ids (0 jack, 1 queen, 2 king),
chance outcomes, action ids (0 pass, 1 bet), players, returns and tensors, so that a
history of one is a history of the other.

Each player antes 1 chip and is dealt one card of the three; player 0 acts first. A bet is
1 chip. Pass-pass and bet-call go to a showdown, where the higher card takes the pot; a pass
facing a bet folds. Returns are net chips, -2 to 2. The game's value for player 0 is -1/18.

>>> import cardcore as cc
>>> state = cc.kuhn.Game().new_initial_state(seed=1)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['pass', 'bet'])
>>> state.apply_action(1); state.apply_action(1)  # bet, call
>>> state.is_terminal(), sum(state.returns())
(True, 0.0)

The built-in players are ``random`` and ``rule_based``: with the king it bets and calls,
with the jack it passes and folds, with the queen it passes and calls a bet.

As in OpenSpiel, a player never sees the other's card, even at a showdown: his information
state, his view (``cardcore.view``) and ``cardcore play`` show his own card, the betting
and the returns, which tell who won.
"""

from __future__ import annotations

from typing import Any

from cardcore import _core, _views
from cardcore._core import kuhn as _native
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
"""Every fact about Kuhn poker that code outside this module relies on
(:mod:`cardcore.spec`)."""

_CARD_NAMES: tuple[str, ...] = ("Js", "Qs", "Ks")
"""How views and pictures name the card ids 0, 1 and 2 (the jack, queen and king)."""

policy_action = policy_action_of(_native, SPEC, __name__)


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Kuhn's part of :func:`cardcore.view`: each seat's chips in the pot and card (the
    other seat's never shown, as in OpenSpiel)."""
    return _views.reference_table(state, viewer, SPEC, _CARD_NAMES)


def _describe(state: State, seat: int) -> str:
    return _views.reference_description(state, seat, SPEC, _CARD_NAMES)


CAPABILITIES = Capabilities(describe=_describe)
"""Kuhn poker has no evaluator or odds of its own; ``cardcore play`` describes its table in words
(:class:`cardcore.spec.Capabilities`)."""


__dir__ = public_dir(__all__)
