"""Badugi: heads-up fixed-limit triple draw (``docs/rulebook/badugi.md``).

Hand values (2.5): aces are low. A hand plays its largest subset of cards with pairwise
distinct ranks and suits; among subsets of that size the one whose ranks, highest first,
are lowest. More cards win; at equal size the first lower rank from the top wins; suits
never break ties. When two subsets play equally (A♠ A♥ 2♣), the cards used are those with
the lexicographically smallest ascending card ids.

>>> import cardcore as cc
>>> hand = cc.badugi.evaluate("As 2h 3d Kd")
>>> hand.description, str(hand.used)
('3-card 3-2-A', '2h 3d As')
>>> cc.badugi.compare("As 2h 3d 4c", "Ah 2c 3s 7d")
1

The engine (``Game`` and ``State``) follows the protocol of docs/design.md: action ids fold 0,
check 1, call 2, bet 3, raise 4 and 5 + m for a draw, bit i of m discarding the i-th lowest
card of the hand; chance actions are card ids.

>>> game = cc.badugi.Game()
>>> state = game.new_initial_state(seed=1)
>>> state.bet_or_raise(); state.check_or_call()
>>> state.street, state.pot
('draw 1', 8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy.typing as npt

from cardcore import _core, _phh, _views
from cardcore._batch import StrengthArray, map_strengths, share_beaten
from cardcore._checks import shown
from cardcore._core import badugi as _native
from cardcore._explain import beats, versus
from cardcore._namespace import public_dir
from cardcore._odds import DiscardAdvice, DrawOdds, DrawRules, Equity, advice_table, equity_table
from cardcore._policy import policy_action_of
from cardcore.cards import CardLike, CardSet
from cardcore.spec import Capabilities, GameSpec

__all__ = [
    "BLUEPRINT_PATH",
    "CAPABILITIES",
    "CHANCE",
    "EXAMPLES",
    "HAND_SIZE",
    "NUM_STRENGTHS",
    "POLICY_PROBABILITIES",
    "SPEC",
    "TERMINAL",
    "BadugiHand",
    "DiscardAdvice",
    "DrawOdds",
    "Equity",
    "Game",
    "State",
    "abstraction",
    "best_discards",
    "blueprint_probabilities",
    "compare",
    "draw_odds",
    "equity",
    "evaluate",
    "explain",
    "explain_compare",
    "explain_equity",
    "from_phh",
    "odds_table",
    "policy_action",
    "strength",
    "strength_many",
    "to_phh",
]

Game = _native.Game
State = _native.State
CHANCE: int = _core.CHANCE
TERMINAL: int = _core.TERMINAL

HAND_SIZE: int = 4
"""The cards of the hands that :func:`strength` and :func:`strength_many` rank (four-card hands)."""

SPEC: GameSpec = GameSpec.of(_native.spec(), Game())
"""Every fact about Badugi that code outside this module relies on (:mod:`cardcore.spec`)."""

policy_action = policy_action_of(_native, SPEC, __name__)

BLUEPRINT_PATH: str = str(Path(__file__).parent / "data" / "badugi_blueprint.bin")
"""The file of the ``blueprint`` policy (docs/solve.md, "The Badugi blueprint"), read at
its first use."""
_native._set_blueprint_path(BLUEPRINT_PATH)


def abstraction() -> _core.solve.Abstraction:
    """The Badugi abstraction for :func:`cardcore.solve.mccfr` (docs/solve.md, "The Badugi
    abstraction"): a decision's bucket is its round, seat, a suit-free class of the
    player's own hand, this round's betting, classes of the pot and of the last round's
    aggressor, the opponent's last draw count and the legal actions; the draws are fixed
    to the rule-based player's, and only the betting is learnt.

    >>> import cardcore as cc
    >>> solution = cc.solve.mccfr("badugi", abstraction=abstraction(), iterations=10, seed=1)
    >>> abstraction().name, solution.iterations
    ('badugi-v1', 10)
    """
    return _native.abstraction()


def blueprint_probabilities(state: State) -> dict[int, float]:
    """The ``blueprint`` policy's probability of each legal action of the player to act at
    ``state`` (a decision): what it draws its action from. A draw is the rule-based draw,
    with probability 1.

    >>> import cardcore as cc
    >>> state = cc.badugi.Game().new_initial_state(seed=1)
    >>> probabilities = blueprint_probabilities(state)
    >>> sorted(probabilities) == state.legal_actions(), round(sum(probabilities.values()), 9)
    (True, 1.0)
    """
    return dict(_native.blueprint_probabilities(state))


POLICY_PROBABILITIES: dict[str, Callable[[State], dict[int, float]]] = {
    "blueprint": blueprint_probabilities}
"""The action probabilities of the built-in policies that play at random, but ``random``
(uniform): what :func:`cardcore.solve.local_best_response` weighs their ranges by."""


NUM_STRENGTHS: int = _native.NUM_STRENGTHS
"""The number of distinct strengths (1,092); A-2-3-4 of four suits has this strength."""

_ACE_LOW_NAMES = "A23456789TJQK"


@dataclass(frozen=True)
class BadugiHand:
    """A four-card Badugi hand evaluated by ``docs/rulebook/badugi.md`` 2.5.

    >>> hand = evaluate("Ad As 2d 2c")
    >>> hand.size, hand.ranks, hand.description
    (2, (2, 1), '2-card 2-A')
    """

    cards: CardSet
    used: CardSet
    size: int
    ranks: tuple[int, ...]
    """Ace-low ranks of the cards used, highest first (A = 1, ..., K = 13)."""
    strength: int

    @property
    def percentile(self) -> float:
        """The share of all 270,725 four-card hands that this hand beats, in percent, a tie
        counting half (its percentile rank).

        >>> round(evaluate("As 2h 3d Kd").percentile, 1)
        93.5
        """
        return 100 * share_beaten(_native.strength_many, HAND_SIZE, self.strength)

    @property
    def is_badugi(self) -> bool:
        """Whether all four cards play."""
        return self.size == 4

    @property
    def description(self) -> str:
        """``4-card 4-3-2-A`` style."""
        return f"{self.size}-card " + "-".join(_ACE_LOW_NAMES[r - 1] for r in self.ranks)

    def __str__(self) -> str:
        return f"{self.cards}: {self.description}"


def evaluate(cards: CardLike) -> BadugiHand:
    """Evaluates a four-card Badugi hand.

    >>> evaluate("Kh Qd Js Tc").description
    '4-card K-Q-J-T'
    """
    fields = _native.analyze(cards)
    return BadugiHand(
        cards=CardSet.from_mask(fields["mask"]),
        used=CardSet.from_mask(fields["used"]),
        size=fields["size"],
        ranks=fields["ranks"],
        strength=fields["strength"],
    )


def strength(cards: CardLike) -> int:
    """Strength of a four-card hand, 1 to NUM_STRENGTHS: higher wins, equal splits. Takes any
    card-like; an int mask is the fast path.

    >>> strength("4c 3d 2h As") == NUM_STRENGTHS
    True
    """
    return _native.strength(cards)


def strength_many(
    masks: npt.ArrayLike, *, threads: int | None = None, out: StrengthArray | None = None
) -> StrengthArray:
    """Strengths of an array of four-card masks (any shape), computed in C++ with the GIL
    released. ``threads=None`` uses every core for large arrays; results never depend on
    it. ``out`` (int32, same shape) receives the result when given.

    >>> import cardcore as cc
    >>> masks = cc.random_hands(5, 4, seed=1)
    >>> strength_many(masks).tolist() == [strength(int(m)) for m in masks]
    True
    """
    return map_strengths(_native.strength_many, masks, threads, out)


def compare(a: CardLike, b: CardLike) -> int:
    """+1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a split.

    >>> compare("Ks Js 8h 6d", "Kh Jh 8s 6c")  # suits never break ties
    0
    """
    sa, sb = strength(a), strength(b)
    return (sa > sb) - (sa < sb)


EXAMPLES: tuple[str, ...] = ("As 2h 3d 4c", "As 2h 3d Kd", "Kh Qd Js Tc", "Ad As 2d 2c")
"""Hands that ``cardcore eval`` explains when it is given none."""


def explain(cards: CardLike) -> str:
    """One line explaining a hand (what ``cardcore eval badugi`` prints).

    >>> print(explain("As 2h 3d Kd").replace("; ", ";\\n"))
    Badugi  2h 3d Kd As: 3-card 3-2-A (plays 2h 3d As;
    strength 377 of 1092;
    beats 93.5% of four-card hands)
    """
    hand = evaluate(cards)
    return (f"Badugi  {hand.cards}: {hand.description} "
            f"(plays {hand.used}; strength {hand.strength} of {NUM_STRENGTHS}; "
            f"{beats(hand.percentile, HAND_SIZE)})")


def explain_compare(a: CardLike, b: CardLike) -> str:
    """Both hands explained, then which wins (what ``cardcore compare badugi`` prints).

    >>> explain_compare("As 2h 3d 4c", "Kh Qd Js Tc").splitlines()[-1]
    '=> first wins'
    """
    return versus(explain, compare, a, b)


_DRAWS = 3
"""The draws of a hand ("draw 1" to "draw 3"): what the web table's odds panel counts down."""
_ODDS = DrawRules(_native, strength, max_draws=_DRAWS)


def draw_odds(hand: CardLike, discard: CardLike, *, dead: CardLike | None = None) -> DrawOdds:
    """The exact distribution of the four-card ``hand`` after throwing ``discard`` and drawing
    as many cards, over every draw from the unseen cards (the deck less the hand and
    ``dead``). Any 0 to 4 cards may be thrown.

    A 3-card A-2-3 drawing one card makes a badugi with 10 of the 48 unseen cards:

    >>> odds = draw_odds("As 2h 3d Kd", "Kd")
    >>> odds.total, round(odds.class_probabilities["4-card"] * odds.total)
    (48, 10)
    >>> odds.probability(better_than="Kc Qd Jh Ts") == 10 / 48
    True
    """
    return _ODDS.draw_odds(hand, discard, dead)


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
) -> list[DiscardAdvice]:
    """Every legal discard of the four-card ``hand``, best first, each with the probability
    of finishing in each class, the expected final strength and, ``against`` a four-card
    hand (which draws by the ``rule_based`` policy, so a hand it stands pat with is a made
    hand; or ``"random"`` or a range, as in :func:`equity`), the expected share of the pot.
    Ranked by that share, then by expected strength.

    Later draws (``draws_left`` 1 to 3) follow the ``rule_based`` policy. Answers are
    exact where every replacement can be enumerated in a few tenths of a second, otherwise
    Monte Carlo of ``samples`` showdowns a discard (default 200,000) with 95% intervals, the
    same for a seed whatever ``threads``; ``method`` ("auto", "exact", "monte carlo") forces
    one, and each record says which was used.

    >>> advice = best_discards("As 2h 3d Kd")
    >>> str(advice[0].discard), round(advice[0].class_probabilities["4-card"], 4)
    ('Kd', 0.2083)
    """
    return _ODDS.best_discards(hand, draws_left, dead, against, method, samples, seed, threads)


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
) -> Equity:
    """Each hand's expected share of the pot when two or more four-card ``hands`` all stay
    in to the showdown, drawing ``draws_left`` times (0 to 3) in seat order by the
    ``rule_based`` policy, or at the next draw by ``discards`` (cards or None per hand);
    splits share. A hand may be ``"random"`` or a range (``"top 20%"``, ``"8s 7h 6d 5c+"``,
    ``"4-card"``, a list of hands: ``docs/odds.md``), whose hands that share a card with a
    known one are left out. Exact when enumerable, otherwise Monte Carlo (as in
    :func:`best_discards`) with a 95% interval per share.

    >>> equity(["As 2h 3d Kc", "4s 5h 6d 7c"], draws_left=1).shares
    [0.0, 1.0]
    >>> [round(s, 4) for s in equity(["As 2h 3d Kd", "random"]).shares]
    [0.9353, 0.0647]
    """
    return _ODDS.equity(hands, draws_left, dead, discards, method, samples, seed, threads)


def odds_table(cards: CardLike, *, draws_left: int = 1, dead: CardLike | None = None,
               against: CardLike | None = None) -> str:
    """:func:`best_discards` as a text table (what ``cardcore odds badugi`` prints).

    >>> print(odds_table("As 2h 3d Kd").splitlines()[0])
    Badugi  2h 3d Kd As, 1 draw left
    """
    advice = best_discards(cards, draws_left=draws_left, dead=dead, against=against)
    return advice_table(SPEC.display_name, cards, draws_left, dead, against, advice,
                        _ODDS.classes)


def explain_equity(hands: Sequence[CardLike], *, draws_left: int = 0,
                   dead: CardLike | None = None, samples: int | None = None,
                   seed: int = 0) -> str:
    """:func:`equity` as a text table (what ``cardcore equity badugi`` prints).

    >>> print(explain_equity(["As 2h 3c 4d", "5s 6h 7c 8d"]))
    Badugi, 0 draws left, exact
    2h 3c 4d As  100.00%
    5s 6h 7c 8d    0.00%
    """
    result = equity(hands, draws_left=draws_left, dead=dead, samples=samples, seed=seed)
    return equity_table(SPEC.display_name, draws_left, hands, result)


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Badugi's part of :func:`cardcore.view`: the pot, the street, the button (the small
    blind) and per seat the stack, the bet and the status; both hands face up once a hand
    that ends the game is shown down."""
    last = _views.last_move(state)
    folder = last[0] if last is not None and last[1] == SPEC.action_blocks[0].first else None
    shown_down = state.is_terminal() and folder is None
    seats = []
    for seat in range(2):
        stack = state.stacks[seat]
        status = "folded" if seat == folder else "all-in" if stack == 0 else "active"
        seats.append({"stack": stack, "bet": state.bets[seat], "status": status,
                      "cards": _views.cards(state.hands[seat], known=_views.sees(viewer, seat),
                                       face_up=shown_down)})
    return {"hand": state.hand_number, "phase": state.street, "dealer": state.button,
            "pot": state.pot, "seats": seats}


# PHH hand histories (docs/views.md, "PHH hand histories"). In a heads-up PHH hand, p1 is
# the big blind and p2 the button, who posts the small blind (blinds_or_straddles lists
# [small, big] and heads-up reverses it); PHH has no burned cards, so they are the field
# _burn_cards, and the cap is _max_raises.


def _phh_players(state: State) -> list[int]:
    """The seats of p1 and p2: the big blind, then the button."""
    return [1 - state.button, state.button]


def _recipient(state: State) -> int | None:
    """The seat the card of a chance node goes to, or None for a burn: the deal alternates
    from the big blind; a draw's replacements go to the seat that discarded."""
    sizes = [len(hand) for hand in state.hands]
    short = [seat for seat in (0, 1) if sizes[seat] < HAND_SIZE]
    if len(short) == 1:
        return short[0]
    if not short:
        return None
    big = 1 - state.button
    return big if sizes[big] <= sizes[1 - big] else 1 - big


def _phh_fields(config: dict[str, Any], players: int) -> dict[str, object]:
    return {"antes": [0, 0], "blinds_or_straddles": [config["small_blind"], config["big_blind"]],
            "small_bet": config["small_bet"], "big_bet": config["big_bet"]}


def _phh_private(config: dict[str, Any], burns: list[str]) -> dict[str, object]:
    return {"_burn_cards": burns, "_max_raises": config["max_raises"]}


def _phh_game(phh: dict[str, Any], stacks: list[int]) -> tuple[Any, list[int]]:
    """The one-hand game of a Badugi PHH and the seats of p1 and p2 (p2 the button)."""
    if len(stacks) != 2:
        raise ValueError(f"cardcore's Badugi is heads-up: the PHH has {len(stacks)} players")
    if any(_phh.field(phh, "antes", int, 2)):
        raise ValueError(f"cardcore's Badugi has no antes, the PHH has {shown(phh['antes'])}")
    small, big = _phh.field(phh, "blinds_or_straddles", int, 2)
    players = _phh.table_seats(phh, 2)
    by_seat = [stacks[players.index(seat)] for seat in (0, 1)]
    cap = {"max_raises": _phh.field(phh, "_max_raises", int)} if "_max_raises" in phh else {}
    game = Game(stacks=by_seat, small_blind=small, big_blind=big,
                small_bet=_phh.field(phh, "small_bet", int),
                big_bet=_phh.field(phh, "big_bet", int), first_dealer=players[1], **cap)
    return game, players


_PHH = _phh.PhhRules(variant="FB", title="fixed-limit Badugi", game=Game, players=_phh_players,
                     recipient=_recipient, contenders=lambda state: [0, 1], fields=_phh_fields,
                     private=_phh_private, read_game=_phh_game)


def to_phh(state: State, *, hand: int | None = None) -> str:
    """The hand in play of ``state`` (the last hand once the game is over; the whole game
    when ``hands=1``), or the hand numbered ``hand`` of a match, as a PHH hand history,
    variant ``FB``: the blinds, bets, starting stacks, every card dealt and every action,
    the showdown, the finishing stacks once the hand is over, and the burned cards and the
    raise cap in fields of their own (``_burn_cards``, ``_max_raises``). PokerKit reads it
    (``HandHistory.loads``).

    >>> state = Game().new_initial_state(seed=1)
    >>> state.fold()
    >>> print(to_phh(state))
    variant = "FB"
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    small_bet = 2
    big_bet = 4
    starting_stacks = [100, 100]
    actions = [
      "d dh p1 Jd8dJh6d",
      "d dh p2 3d3h5d5c",
      "p2 f",
    ]
    hand = 1
    seats = [2, 1]
    finishing_stacks = [101, 99]
    _burn_cards = []
    _max_raises = 3
    """
    return _phh.write(state, _PHH, hand)


def from_phh(text: str) -> State:
    """The state a PHH hand history of heads-up fixed-limit Badugi (variant ``FB``)
    describes, as written by :func:`to_phh` or PokerKit: a one-hand game (``hands=1``) with
    the PHH's blinds, bets and starting stacks, p2 on the button, every card known and
    explicit chance. The ``seats`` field, when given, places p1 and p2 at the table in the
    order of their numbers (1 and 2); ``_burn_cards`` gives the burned cards (else the
    lowest cards the hand does not show), ``_max_raises`` the cap (else the default, 3). A
    PHH of another variant or of more players, an unknown card, a card dealt twice, an
    action out of turn or illegal, and stacks other than ``finishing_stacks`` are
    ValueErrors.

    >>> state = Game().new_initial_state(seed=4)
    >>> state.bet_or_raise(); state.check_or_call()
    >>> again = from_phh(to_phh(state))
    >>> again.history() == state.history(), again.serialize().split(" | ")[1]
    (True, 'explicit')
    """
    state: State = _phh.read(text, _PHH)
    return state


CAPABILITIES = Capabilities(
    explain=explain, examples=EXAMPLES, compare=explain_compare, odds=odds_table,
    equity=explain_equity, strength_many=strength_many, hand_size=HAND_SIZE,
    best_discards=best_discards, draws=_DRAWS)
"""What the command line offers for Badugi (:class:`cardcore.spec.Capabilities`)."""


__dir__ = public_dir(__all__)
