"""Hucklebuck: trick taking for 3 to 7 players, first to 11 (``docs/rulebook/hucklebuck.md``).

Cards rank 2 (low) to A (high) in every suit. A player must follow the led suit if he can;
otherwise he may play any card, with no duty to trump or to beat the trick (R-7). A trick
goes to the highest trump played, or, with no trump in it, to the highest card of the led
suit.

>>> import cardcore as cc
>>> cc.hucklebuck.trick_winner(["7s", "Ks", "2h", "As"], trump="h")
2
>>> str(cc.hucklebuck.legal_plays("Ks 4s 9h 2c 7d", led="s"))
'4s Ks'

The engine (``Game`` and ``State``) follows the protocol of docs/design.md: action ids in 0,
out 1, 2 + m to exchange (bit i of m the i-th lowest card; m = 0 passes) and 34 + card to
play; chance actions are card ids (the deal, the upcard and each replacement).

>>> state = cc.hucklebuck.Game(players=3).new_initial_state(seed=4)
>>> state.phase, state.trump is not None
('exchange', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardcore import _core, _views
from cardcore._checks import shown
from cardcore._core import hucklebuck as _native
from cardcore._namespace import public_dir
from cardcore._policy import policy_action_of
from cardcore.cards import SUIT_SYMBOLS, SUITS, Card, CardLike, CardSet
from cardcore.spec import Capabilities, GameSpec

__all__ = [
    "CAPABILITIES",
    "CHANCE",
    "EXAMPLES",
    "SPEC",
    "TERMINAL",
    "Game",
    "State",
    "explain",
    "legal_plays",
    "parse_suit",
    "policy_action",
    "trick_winner",
]

Game = _native.Game
State = _native.State
CHANCE: int = _core.CHANCE
TERMINAL: int = _core.TERMINAL

SPEC: GameSpec = GameSpec.of(_native.spec(), Game())
"""Every fact about Hucklebuck that code outside this module relies on (:mod:`cardcore.spec`)."""

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


policy_action = policy_action_of(_native, SPEC, __name__)


def parse_suit(suit: str | int) -> int:
    """A suit index 0-3 (c d h s) from a letter, a symbol, a name or an index.

    >>> parse_suit("h"), parse_suit("♠"), parse_suit("Diamonds"), parse_suit(0)
    (2, 3, 1, 0)
    """
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < 4:
        return suit
    if isinstance(suit, str):
        text = suit.strip().lower()
        for index in range(4):
            if text in (SUITS[index], SUIT_SYMBOLS[index], _SUIT_NAMES[index]):
                return index
    raise ValueError(
        f"invalid suit {shown(suit)}: expected c, d, h, s, a suit symbol, a suit name or 0-3"
    )


def trick_winner(plays: str | Iterable[Card | str | int], trump: str | int) -> int:
    """The index of the winning play in ``plays`` (lead first: cards, or a string of them)
    with ``trump`` the trump suit (letter, symbol, name or index).

    >>> trick_winner(["9c", "Tc", "Ad", "3c"], trump="♥")  # highest club
    1
    >>> trick_winner("9c Tc Ad 3c", trump="d")
    2
    """
    return int(_native.trick_winner(plays, parse_suit(trump)))


def legal_plays(hand: CardLike, led: str | int | Card | None = None) -> CardSet:
    """The cards of ``hand`` that may be played: those of the led suit if it holds any,
    otherwise all of them. ``led`` is the led suit or the card that was led; None when
    leading.

    >>> str(legal_plays("Ks 4s 9h 2c 7d", led=Card("Qs")))
    '4s Ks'
    >>> len(legal_plays("9h 2c 7d", led="s"))
    3
    """
    if led is None:
        led_suit = -1
    elif isinstance(led, Card):
        led_suit = led.suit_index
    else:
        led_suit = parse_suit(led)
    return CardSet.from_mask(_native.legal_plays(hand, led_suit))


EXAMPLES: tuple[str, ...] = ("7s Ks 2h As", "9c Tc Ad 3c")
"""Tricks that ``cardcore eval`` explains when it is given none."""


def explain(cards: str | Iterable[Card | str | int], trump: str | int = "h") -> str:
    """One line saying who takes a trick (what ``cardcore eval hucklebuck`` prints); plays
    are counted from 0, lead first, as :func:`trick_winner` counts them.

    >>> explain("9c Tc Ad 3c", trump="c")
    'Hucklebuck  trick 9♣ T♣ A♦ 3♣, trump c: play 1 (Tc) wins'
    """
    tokens = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    plays = [Card(card) for card in tokens]
    winner = trick_winner(plays, trump)
    shown = " ".join(card.pretty() for card in plays)
    return f"Hucklebuck  trick {shown}, trump {trump}: play {winner} ({plays[winner]}) wins"


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Hucklebuck's part of :func:`cardcore.view`: the dealer, the upcard and trump, the
    trick in play (face up, in play order), the target, and per seat the score, the tricks
    taken and whether it plays the hand (``in``) or dropped (``out``); a dealer who took
    the upcard holds it face up."""
    upcard = state.upcard
    up = [upcard] if upcard is not None else []
    seats = [{"score": state.scores[seat], "tricks": state.tricks[seat],
              "status": "in" if state.active[seat] else "out",
              "cards": _views.cards(state.hands[seat], known=_views.sees(viewer, seat), up=up)}
             for seat in range(len(state.scores))]
    trick = [{"seat": seat, "card": _views.card(Card(text), known=True, face_up=True)}
             for seat, text in state.trick]
    return {"hand": state.hand_number, "phase": state.phase, "dealer": state.button,
            "target": config["target"], "upcard": _views.card(upcard, known=True, face_up=True),
            "trump": state.trump, "trick": trick, "seats": seats}


CAPABILITIES = Capabilities(explain=explain, examples=EXAMPLES)
"""What the command line offers for Hucklebuck (:class:`cardcore.spec.Capabilities`)."""


__dir__ = public_dir(__all__)
