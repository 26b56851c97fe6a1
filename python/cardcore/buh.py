"""Buh: a lowball draw game for 2 to 8 players (``docs/rulebook/buh.md``).

Hand values (1.5): aces count 1 and 2-10 their pips; J, Q and K are *hooch* with no value.
Each distinct normal rank counts once, and a run of consecutive normal ranks counts only its
top card. Four cards of one suit are a flush and their value is halved, rounded down. Lower
wins; at equal value the ascending hooch lists decide, a natural (no hooch) first and a
proper prefix before a longer list (R-6), and equal keys are a *choke*. A skunk (four hooch)
loses to every other hand. A *buh* is a hand with a normal and value at most 1 (R-7); the
*double buh* is a flush of value 0 (only A J Q K suited, R-5); the *star* is A A A A.

Two of those resolutions are house rules (``docs/games/buh.md``, "House rules"): the
evaluators take ``flush_buh="double"`` (every flush buh is a double buh, above the star) and
``hooch_order="lowest_then_fewest"``, as ``Game`` does.

>>> import cardcore as cc
>>> cc.buh.compare("2s Js Qs Ks", "Ah Ac Ad As", flush_buh="double")
1

>>> import cardcore as cc
>>> hand = cc.buh.evaluate("As 3h 7c 9d")
>>> hand.value, hand.hand_class
(20, 'natural')
>>> cc.buh.compare("Ad 2h 3c 4s", "4h 4c Jd Qs")  # 4 = 4, a natural beats hooch
1
>>> cc.buh.evaluate("Ah Ac Jd").is_buh  # a partial hand may be declared
True

The engine (``Game`` and ``State``) follows the protocol of docs/design.md: action ids fold 0,
check 1, call 2, bet 3, raise 4, 5 + m for the draw (bit i of m discards the i-th lowest
card), declare 21 and pass 22; chance actions are card ids.

>>> state = cc.buh.Game(players=4).new_initial_state(seed=2)
>>> state.street, state.to_act, state.legal_actions()
('window 1', 1, [22])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy.typing as npt

from cardcore import _core, _views
from cardcore._batch import StrengthArray, StrengthKernel, map_strengths, share_beaten
from cardcore._core import buh as _native
from cardcore._explain import beats, versus
from cardcore._namespace import public_dir
from cardcore._odds import DiscardAdvice, DrawOdds, DrawRules, Equity, advice_table, equity_table
from cardcore._policy import policy_action_of
from cardcore.cards import CardLike, CardSet
from cardcore.spec import Capabilities, GameSpec

__all__ = [
    "CAPABILITIES",
    "CHANCE",
    "EXAMPLES",
    "HAND_SIZE",
    "NUM_STRENGTHS",
    "SPEC",
    "TERMINAL",
    "BuhHand",
    "DiscardAdvice",
    "DrawOdds",
    "Equity",
    "FlushBuh",
    "Game",
    "HandClass",
    "HoochOrder",
    "State",
    "best_discards",
    "compare",
    "draw_odds",
    "equity",
    "evaluate",
    "explain",
    "explain_compare",
    "explain_equity",
    "num_strengths",
    "odds_table",
    "policy_action",
    "strength",
    "strength_many",
]

Game = _native.Game
State = _native.State
CHANCE: int = _core.CHANCE
TERMINAL: int = _core.TERMINAL

HAND_SIZE: int = 4
"""The cards of the hands that :func:`strength` and :func:`strength_many` rank (four-card hands)."""

SPEC: GameSpec = GameSpec.of(_native.spec(), Game())
"""Every fact about Buh that code outside this module relies on (:mod:`cardcore.spec`)."""

policy_action = policy_action_of(_native, SPEC, __name__)


HandClass = Literal["double_buh", "star", "buh", "skunk", "natural", "normal"]

NUM_STRENGTHS: int = _native.NUM_STRENGTHS
"""The number of distinct showdown strengths; the double buh has this strength (under the
default house rules: see :func:`num_strengths`)."""

FlushBuh = Literal["plain", "double"]
"""The house rule ``flush_buh`` (R-5): a flush of value 1 is a plain buh, or a double buh."""
HoochOrder = Literal["lexicographic", "lowest_then_fewest"]
"""The house rule ``hooch_order`` (R-6): how hooch lists compare at equal value."""


@functools.cache
def _kernel(flush_buh: str, hooch_order: str) -> StrengthKernel:
    """The batch strength kernel of one house rule setting (one object each, so that the
    percentile's sorted table is built once a setting)."""
    if (flush_buh, hooch_order) == ("plain", "lexicographic"):
        return _native.strength_many
    rules = {"flush_buh": flush_buh, "hooch_order": hooch_order}
    return functools.partial(_native.strength_many, rules=rules)


def _rules(flush_buh: str, hooch_order: str) -> dict[str, object]:
    return {"flush_buh": flush_buh, "hooch_order": hooch_order}


def num_strengths(*, flush_buh: FlushBuh = "plain",
                  hooch_order: HoochOrder = "lexicographic") -> int:
    """The number of distinct showdown strengths under the house rules (the best hand's).

    >>> num_strengths(), num_strengths(flush_buh="double")
    (324, 331)
    """
    return _native.num_strengths(_rules(flush_buh, hooch_order))

_HOOCH_NAMES = {11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True)
class BuhHand:
    """A Buh hand of 2, 3 or 4 cards, evaluated by ``docs/rulebook/buh.md`` 1.5.

    ``strength`` is set for 4-card hands only (showdowns are 4-card).

    >>> hand = evaluate("4s 4h Jc Qd")
    >>> hand.value, hand.hooch, hand.is_natural, hand.description
    (4, ('J', 'Q'), False, '4 points, hooch J Q')
    """

    cards: CardSet
    value: int
    hooch: tuple[str, ...]
    is_flush: bool
    is_skunk: bool
    is_buh: bool
    is_double_buh: bool
    is_star: bool
    is_natural: bool
    hand_class: HandClass
    strength: int | None
    flush_buh: FlushBuh = field(default="plain", repr=False)
    """The house rules the hand was evaluated under."""
    hooch_order: HoochOrder = field(default="lexicographic", repr=False)

    @property
    def percentile(self) -> float | None:
        """The share of all 270,725 four-card hands that a four-card hand beats at a
        showdown, in percent, a choke counting half (its percentile rank); None for fewer
        cards.

        >>> round(evaluate("As 3h 7c 9d").percentile, 1)
        8.3
        """
        if self.strength is None:
            return None
        kernel = _kernel(self.flush_buh, self.hooch_order)
        return 100 * share_beaten(kernel, HAND_SIZE, self.strength)

    @property
    def description(self) -> str:
        """The value, the class when it is special, and the hooch."""
        if self.is_skunk:
            head = "skunk"
        else:
            head = f"{self.value} point{'' if self.value == 1 else 's'}"
            if self.hand_class in ("double_buh", "star", "buh"):
                head = f"{self.hand_class.replace('_', ' ')} ({head})"
            if self.is_flush:
                head += ", flush"
        hooch = "natural" if self.is_natural else "hooch " + " ".join(self.hooch)
        return f"{head}, {hooch}"

    def __str__(self) -> str:
        return f"{self.cards}: {self.description}"


def evaluate(cards: CardLike, *, flush_buh: FlushBuh = "plain",
             hooch_order: HoochOrder = "lexicographic") -> BuhHand:
    """Evaluates a 2-, 3- or 4-card Buh hand, under the house rules ``flush_buh`` and
    ``hooch_order`` (``Game``'s keywords).

    >>> evaluate("As Js Qs Ks").hand_class
    'double_buh'
    >>> evaluate("2s Js Qs Ks").description
    'buh (1 point), flush, hooch J Q K'
    >>> evaluate("2s Js Qs Ks", flush_buh="double").description
    'double buh (1 point), flush, hooch J Q K'
    """
    fields = _native.analyze(cards, _rules(flush_buh, hooch_order))
    return BuhHand(
        cards=CardSet.from_mask(fields["mask"]),
        value=fields["value"],
        hooch=tuple(_HOOCH_NAMES[h] for h in fields["hooch"]),
        is_flush=fields["is_flush"],
        is_skunk=fields["is_skunk"],
        is_buh=fields["is_buh"],
        is_double_buh=fields["is_double_buh"],
        is_star=fields["is_star"],
        is_natural=fields["is_natural"],
        hand_class=fields["hand_class"],
        strength=fields["strength"],
        flush_buh=flush_buh,
        hooch_order=hooch_order,
    )


def strength(cards: CardLike, *, flush_buh: FlushBuh = "plain",
             hooch_order: HoochOrder = "lexicographic") -> int:
    """Showdown strength of a 4-card hand, 1 (the worst skunk) to NUM_STRENGTHS (a double buh):
    higher wins, equal is a choke. Takes any card-like; an int mask is the fast path. The
    house rules change the order (and, for ``flush_buh="double"``, :func:`num_strengths`).

    >>> strength("Ah Ac Ad As") > strength("Ad Jc Qh Ks")
    True
    """
    if flush_buh == "plain" and hooch_order == "lexicographic":
        return _native.strength(cards)
    return _native.strength(cards, _rules(flush_buh, hooch_order))


def strength_many(
    masks: npt.ArrayLike, *, threads: int | None = None, out: StrengthArray | None = None,
    flush_buh: FlushBuh = "plain", hooch_order: HoochOrder = "lexicographic",
) -> StrengthArray:
    """Strengths of an array of 4-card masks (any shape), computed in C++ with the GIL
    released. ``threads=None`` uses every core for large arrays; results never depend on
    it. ``out`` (int32, same shape) receives the result when given. Each house rule setting
    has its own table, built on first use.

    >>> import cardcore as cc
    >>> masks = cc.random_hands(5, 4, seed=1)
    >>> strength_many(masks).tolist() == [strength(int(m)) for m in masks]
    True
    """
    return map_strengths(_kernel(flush_buh, hooch_order), masks, threads, out)


def compare(a: CardLike, b: CardLike, *, flush_buh: FlushBuh = "plain",
            hooch_order: HoochOrder = "lexicographic") -> int:
    """+1 if 4-card hand ``a`` wins the showdown, -1 if ``b`` wins, 0 for a choke.

    >>> compare("2s 4h Jc Qd", "6s 6h 6c Qd")  # J beats Q
    1
    >>> compare("Jh Jd Kc 2h", "Jc Qd 2d As"), compare("Jh Jd Kc 2h", "Jc Qd 2d As",
    ...                                                hooch_order="lowest_then_fewest")
    (1, -1)
    """
    sa = strength(a, flush_buh=flush_buh, hooch_order=hooch_order)
    sb = strength(b, flush_buh=flush_buh, hooch_order=hooch_order)
    return (sa > sb) - (sa < sb)


EXAMPLES: tuple[str, ...] = (
    "As 3h 7c 9d", "4s 4h Jc Qd", "As Js Qs Ks", "Ah Ac Ad As", "Jh Qd Qc Ks"
)
"""Hands that ``cardcore eval`` explains when it is given none."""


def explain(cards: CardLike, *, flush_buh: FlushBuh = "plain",
            hooch_order: HoochOrder = "lexicographic") -> str:
    """One line explaining a hand (what ``cardcore eval buh`` prints).

    >>> print(explain("As 3h 7c 9d").replace("; ", ";\\n"))
    Buh  3h 7c 9d As: 20 points, natural (class natural;
    strength 39 of 324;
    beats 8.3% of four-card hands)
    """
    hand = evaluate(cards, flush_buh=flush_buh, hooch_order=hooch_order)
    top = num_strengths(flush_buh=flush_buh, hooch_order=hooch_order)
    rank = ("" if hand.strength is None or hand.percentile is None else
            f"; strength {hand.strength} of {top}; {beats(hand.percentile, HAND_SIZE)}")
    return f"Buh  {hand.cards}: {hand.description} (class {hand.hand_class}{rank})"


def explain_compare(a: CardLike, b: CardLike, *, flush_buh: FlushBuh = "plain",
                    hooch_order: HoochOrder = "lexicographic") -> str:
    """Both hands explained, then which wins or that they choke (what ``cardcore compare
    buh`` prints).

    >>> explain_compare("2s 4h Jc Qd", "2h 4s Jd Qc").splitlines()[-1]
    '=> choke'
    """
    return versus(functools.partial(explain, flush_buh=flush_buh, hooch_order=hooch_order),
                  functools.partial(compare, flush_buh=flush_buh, hooch_order=hooch_order),
                  a, b, tie="choke")


def _odds(flush_buh: FlushBuh, hooch_order: HoochOrder) -> DrawRules:
    """The odds verbs under one house rule setting (checked by the C++ first, so that only
    valid settings reach the cache)."""
    _native.num_strengths(_rules(flush_buh, hooch_order))
    return _odds_of_setting(flush_buh, hooch_order)


_DRAWS = 1
"""The draws of a hand (the street "draw"): what the web table's odds panel counts down."""


@functools.cache
def _odds_of_setting(flush_buh: FlushBuh, hooch_order: HoochOrder) -> DrawRules:
    return DrawRules(_native,
                     functools.partial(strength, flush_buh=flush_buh, hooch_order=hooch_order),
                     max_draws=_DRAWS, rules=_rules(flush_buh, hooch_order))


def draw_odds(hand: CardLike, discard: CardLike, *, dead: CardLike | None = None,
              flush_buh: FlushBuh = "plain", hooch_order: HoochOrder = "lexicographic"
              ) -> DrawOdds:
    """The exact distribution of ``hand`` after throwing ``discard`` and drawing as many
    cards, over every draw from the unseen cards (the deck less the hand and ``dead``). The
    draw rule applies (``docs/rulebook/buh.md`` 1.3 #9): 0 to 2 cards, or 3 (a granny) only
    when the card kept is an ace. A hand of 2 or 3 cards (after deal 1 or 2) is first dealt
    the rest, then throws ``discard`` (of the cards held now; legal whatever is dealt) at
    the draw: ``total`` counts the equally likely sets of new cards. Strengths and classes
    are those of the house rules ``flush_buh`` and ``hooch_order`` (as :func:`evaluate`'s).

    >>> odds = draw_odds("As 2h 3c Kd", "Kd")
    >>> odds.total
    48
    >>> draw_odds("As 2h 3c", "3c").total  # a card dealt, a card drawn: C(49, 2) sets
    1176
    """
    return _odds(flush_buh, hooch_order).draw_odds(hand, discard, dead)


def best_discards(
    hand: CardLike,
    *,
    draws_left: int = 1,
    dead: CardLike | None = None,
    against: CardLike | None = None,
    method: str = "auto",
    samples: int | None = None,
    seed: int = 0,
    threads: int | None = None,
    flush_buh: FlushBuh = "plain",
    hooch_order: HoochOrder = "lexicographic",
) -> list[DiscardAdvice]:
    """Every legal discard of ``hand`` (2 to 4 cards: a partial hand is dealt the rest
    first, as in :func:`draw_odds`), best first, each with the probability of finishing in
    each class, the expected final strength and, ``against`` a hand (which draws by the
    ``rule_based`` policy, so a hand it stands pat with is a made hand; or ``"random"`` or
    a range, as in :func:`equity`), the expected share of the pot. Ranked by that share,
    then by expected strength.

    Later draws (``draws_left`` 1 to 1) follow the ``rule_based`` policy. Answers are
    exact where every replacement can be enumerated in a few tenths of a second, otherwise
    Monte Carlo of ``samples`` showdowns a discard (default 200,000) with 95% intervals, the
    same for a seed whatever ``threads``; ``method`` ("auto", "exact", "monte carlo") forces
    one, and each record says which was used. Showdowns follow the house rules ``flush_buh``
    and ``hooch_order``.

    >>> advice = best_discards("As 2h 3c Kd")
    >>> [str(a.discard) or "stand pat" for a in advice[:2]], round(advice[1].expected_strength, 1)
    (['stand pat', 'Kd'], 206.8)
    """
    return _odds(flush_buh, hooch_order).best_discards(hand, draws_left, dead, against, method,
                                                       samples, seed, threads)


def equity(
    hands: Sequence[CardLike],
    *,
    draws_left: int = 0,
    dead: CardLike | None = None,
    discards: Sequence[CardLike | None] | None = None,
    method: str = "auto",
    samples: int | None = None,
    seed: int = 0,
    threads: int | None = None,
    flush_buh: FlushBuh = "plain",
    hooch_order: HoochOrder = "lexicographic",
) -> Equity:
    """Each hand's expected share of the pot when two or more ``hands`` all stay in to the
    showdown, drawing ``draws_left`` times (0 to 1) in seat order by the ``rule_based``
    policy, or at the next draw by ``discards`` (cards or None per hand); splits share. A
    hand of 2 or 3 cards is dealt the rest first. A hand may be ``"random"`` or a range
    (``"top 20%"``, ``"natural"``, ``"As 2h 3c 5d+"``, a list of hands: ``docs/odds.md``),
    whose hands that share a card with a known one are left out. Exact when enumerable,
    otherwise Monte Carlo (as in :func:`best_discards`) with a 95% interval per share.
    Showdowns follow the house rules ``flush_buh`` and ``hooch_order``.

    >>> equity(["As 2h 3c 4d", "5s 6h 7c 8d"]).shares
    [1.0, 0.0]
    """
    return _odds(flush_buh, hooch_order).equity(hands, draws_left, dead, discards, method,
                                                samples, seed, threads)


def odds_table(cards: CardLike, *, draws_left: int = 1, dead: CardLike | None = None,
               against: CardLike | None = None, flush_buh: FlushBuh = "plain",
               hooch_order: HoochOrder = "lexicographic") -> str:
    """:func:`best_discards` as a text table (what ``cardcore odds buh`` prints), under the
    house rules ``flush_buh`` and ``hooch_order``.

    >>> print(odds_table("As 2h 3d Kd").splitlines()[0])
    Buh  2h 3d Kd As, 1 draw left
    """
    advice = best_discards(cards, draws_left=draws_left, dead=dead, against=against,
                           flush_buh=flush_buh, hooch_order=hooch_order)
    return advice_table(SPEC.display_name, cards, draws_left, dead, against, advice,
                        _odds(flush_buh, hooch_order).classes)


def explain_equity(hands: Sequence[CardLike], *, draws_left: int = 0,
                   dead: CardLike | None = None, samples: int | None = None, seed: int = 0,
                   flush_buh: FlushBuh = "plain",
                   hooch_order: HoochOrder = "lexicographic") -> str:
    """:func:`equity` as a text table (what ``cardcore equity buh`` prints), under the house
    rules ``flush_buh`` and ``hooch_order``.

    >>> print(explain_equity(["As 2h 3c 4d", "5s 6h 7c 8d"]))
    Buh, 0 draws left, exact
    2h 3c 4d As  100.00%
    5s 6h 7c 8d    0.00%
    """
    result = equity(hands, draws_left=draws_left, dead=dead, samples=samples, seed=seed,
                    flush_buh=flush_buh, hooch_order=hooch_order)
    return equity_table(SPEC.display_name, draws_left, hands, result)


def _shown_by_declarations(state: State, config: dict[str, Any],
                           declare: int) -> dict[int, CardSet]:
    """The hands that declarations showed in the hand in play, by seat: each declarer's
    hand just before he declared (it leaves the hand with him), from a replay."""
    replay = Game(**config).new_initial_state()
    shown_hands: dict[int, CardSet] = {}
    for action in state.history():
        if replay.to_act is not None and action == declare:
            shown_hands[replay.to_act] = replay.hands[replay.to_act]
        number = replay.hand_number
        replay.apply_action(action)
        if replay.hand_number != number:
            shown_hands.clear()
    return shown_hands


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Buh's part of :func:`cardcore.view`: the pot, the street, the dealer and per seat
    the stack, the bet this round, the chips in the pot and the status (``out`` when not
    dealt in); a declarer's hand face up, and the hands still in face up at the end of a
    game shown down."""
    declare = next(b.first for b in SPEC.action_blocks if b.name == "declare")
    declared = _shown_by_declarations(state, config, declare)
    last = _views.last_move(state)
    contenders = [i and not d for i, d in zip(state.in_hand, state.declared, strict=True)]
    # A declaration that ends the game shows the declarer's hand alone.
    shown_down = (state.is_terminal() and (last is None or last[1] != declare)
                  and sum(contenders) > 1)
    seats = []
    for seat in range(len(state.stacks)):
        stack, committed, in_hand = state.stacks[seat], state.committed[seat], state.in_hand[seat]
        status = ("declared" if state.declared[seat] else
                  ("all-in" if stack == 0 else "active") if in_hand else
                  "out" if stack == 0 and committed == 0 else "folded")
        hand = declared.get(seat, state.hands[seat])
        up = seat in declared or (shown_down and contenders[seat])
        seats.append({"stack": stack, "bet": state.bets[seat], "committed": committed,
                      "status": status,
                      "cards": _views.cards(hand, known=_views.sees(viewer, seat), face_up=up)})
    return {"hand": state.hand_number, "phase": state.street, "dealer": state.button,
            "pot": state.pot, "seats": seats}


CAPABILITIES = Capabilities(
    explain=explain, examples=EXAMPLES, compare=explain_compare, odds=odds_table,
    equity=explain_equity, strength_many=strength_many, hand_size=HAND_SIZE,
    best_discards=best_discards, draws=_DRAWS)
"""What the command line offers for Buh (:class:`cardcore.spec.Capabilities`)."""


__dir__ = public_dir(__all__)
