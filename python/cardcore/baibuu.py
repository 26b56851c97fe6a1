"""Bai Buu (Bài Bửu): four-card poker against a banker (``docs/rulebook/baibuu.md``).

Each side holds four cards. A four-card *Natural* (straight flush, four of a kind, flush,
straight with A-2-3-4 and J-Q-K-A but no wrap, three of a kind) needs no arrangement;
every other holding is split into a two-card Low and a two-card High hand, and the split
is valid only when High is strictly stronger than Low (3.6). Two-card hands rank

    Bửu (pair, by rank, ace high) > Công Lớn (two different pictures J/Q/K, all equal)
    > Công Nhỏ (exactly A + 9) > Score (points mod 10; A = 1, 10/J/Q/K = 0)

and :func:`strength` numbers them 1 (Score 0) to 25 (pair of aces): Score p is 1 + p, Công
Nhỏ 11, Công Lớn 12, pairs 13 (twos) to 25 (aces). Settlement (3.7) goes: player Natural
(the player wins, even against a banker Natural), banker Natural, player foul, then Low
against Low and High against High, where equal Scores of 3 or of 4 go to the banker; one
side winning more positions wins, and otherwise the highest single card of each holding
decides by rank, then suit ♠ > ♥ > ♣ > ♦. There is never a push. The winner is paid 1:1
less a commission in basis points, rounded down (R-9). The banker arranges by the house
way (3.9), which never fouls; a banker arrangement given explicitly must be valid.

A house rule (``docs/games/baibuu.md``, "House rules") widens the 3- and 4-point rule to
any two hands of equal 3 or 4 points whatever their class: every settling function takes
``banker_takes_3_4_points="any_class"``, as ``Game`` does. A banker Score 4 then takes the
place from a player's pair of 2 (also worth 4):

>>> import cardcore as cc
>>> deal = (("Ts 4h", "9s 9h"), ("2c 2d", "Kc Kd"))
>>> cc.baibuu.settle(*deal).low, cc.baibuu.settle(*deal, banker_takes_3_4_points="any_class").low
('player', 'banker')

>>> import cardcore as cc
>>> outcome = cc.baibuu.settle(("4s 5h", "Ks Kh"), ("3c 5d", "Qc Qd"))
>>> outcome.winner, outcome.reason, outcome.low, outcome.high, outcome.banker_net
('banker', 'hands', 'banker', 'banker', 97)
>>> cc.baibuu.house_way("Qh 8s Ac 4d")
Arrangement(low=4d Qh (Score 4), high=8s Ac (Score 9))

The engine (``Game`` and ``State``) deals rounds of 1 to 6 player hands against the banker;
action id i arranges the hand with Low = the i-th pair among (0,1), (0,2), (0,3), (1,2),
(1,3), (2,3) of its cards sorted by id; seat n is the banker.

>>> state = cc.baibuu.Game(player_hands=1).new_initial_state(seed=3)
>>> state.arrange(list(state.hands[0])[:2])
>>> state.is_terminal(), len(state.returns())
(True, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt

from cardcore import _core, _views
from cardcore._batch import (
    StrengthArray,
    as_mask_array,
    map_strengths,
    resolve_threads,
    share_beaten,
)
from cardcore._checks import checked_int, checked_seed, shown
from cardcore._core import baibuu as _native
from cardcore._explain import beats, versus
from cardcore._namespace import public_dir
from cardcore._policy import policy_action_of
from cardcore.cards import Card, CardLike, CardSet
from cardcore.spec import Capabilities, GameSpec

__all__ = [
    "CAPABILITIES",
    "CHANCE",
    "EXAMPLES",
    "HAND_SIZE",
    "REASONS",
    "SPEC",
    "TERMINAL",
    "Arrangement",
    "ArrangementValue",
    "BaiBuuHand",
    "Expectation",
    "Game",
    "Holding",
    "Outcome",
    "Settlements",
    "State",
    "Strategy",
    "ThreeFourPoints",
    "arrangement_values",
    "arrangements",
    "compare",
    "evaluate",
    "explain",
    "explain_compare",
    "house_way",
    "is_valid",
    "natural",
    "odds_table",
    "optimal_arrangement",
    "optimal_summary",
    "play",
    "player_expectation",
    "policy_action",
    "settle",
    "settle_many",
    "strength",
    "strength_many",
]

Game = _native.Game
State = _native.State
CHANCE: int = _core.CHANCE
TERMINAL: int = _core.TERMINAL

HAND_SIZE: int = 2
"""The cards of the hands that :func:`strength` and :func:`strength_many` rank (two-card Low
and High hands)."""

SPEC: GameSpec = GameSpec.of(_native.spec(), Game())
"""Every fact about Bai Buu that code outside this module relies on (:mod:`cardcore.spec`)."""

policy_action = policy_action_of(_native, SPEC, __name__)


TwoCardClass = Literal["score", "cong_nho", "cong_lon", "pair"]
NaturalName = Literal["straight_flush", "four_of_a_kind", "flush", "straight", "three_of_a_kind"]
Reason = Literal["hands", "high_card", "player_natural", "banker_natural", "player_foul"]
SideName = Literal["banker", "player"]
PositionResult = Literal["banker", "player", "tie"]

REASONS: tuple[Reason, ...] = cast(tuple[Reason, ...], _native.reason_names())
"""Reason names, indexed by :attr:`Settlements.reason` (the order of the C++ enum)."""

_CLASS_LABELS = {"score": "Score", "cong_nho": "Công Nhỏ", "cong_lon": "Công Lớn", "pair": "Bửu"}
_RANK_NAMES = "23456789TJQKA"


@dataclass(frozen=True)
class BaiBuuHand:
    """A two-card Low or High hand.

    >>> hand = evaluate("Kc Kd")
    >>> hand.hand_class, hand.strength, hand.description
    ('pair', 24, 'Bửu K')
    >>> evaluate("7h Qs").points
    7
    """

    cards: CardSet
    hand_class: TwoCardClass
    strength: int
    points: int | None
    """The points of a Score hand, None for the other classes."""

    @property
    def percentile(self) -> float:
        """The share of all 1,326 two-card hands that this hand beats, in percent, a tie
        counting half (its percentile rank).

        >>> evaluate("Kc Kd").percentile > 99 > evaluate("Ah 9c").percentile
        True
        """
        return 100 * share_beaten(_native.strength_many, HAND_SIZE, self.strength)

    @property
    def description(self) -> str:
        """``Score 7``, ``Công Nhỏ``, ``Công Lớn`` or ``Bửu K``."""
        label = _CLASS_LABELS[self.hand_class]
        if self.hand_class == "score":
            return f"{label} {self.points}"
        if self.hand_class == "pair":
            return f"{label} {_RANK_NAMES[self.strength - 13]}"
        return label

    def __str__(self) -> str:
        return f"{self.cards} ({self.description})"


@dataclass(frozen=True)
class Arrangement:
    """A holding split into Low and High; ``index`` is the action id of docs/design.md (the Low
    pair among (0,1), (0,2), (0,3), (1,2), (1,3), (2,3) of the cards sorted by id)."""

    low: BaiBuuHand
    high: BaiBuuHand
    index: int

    @property
    def is_valid(self) -> bool:
        """Whether High is strictly stronger than Low (otherwise the hand is fouled)."""
        return self.high.strength > self.low.strength

    def __repr__(self) -> str:
        return f"Arrangement(low={self.low}, high={self.high})"


@dataclass(frozen=True)
class Holding:
    """A four-card holding: its Natural, its six arrangements and the house way's pick.

    >>> holding = evaluate("Qs Kh 6c 4d")
    >>> holding.natural, sum(a.is_valid for a in holding.arrangements)
    (None, 3)
    >>> str(holding.house_way.high)
    'Qs Kh (Công Lớn)'
    """

    cards: CardSet
    natural: NaturalName | None
    arrangements: tuple[Arrangement, ...]
    house_way: Arrangement | None
    highest_card: Card


@dataclass(frozen=True)
class Outcome:
    """The settlement of one player hand against the banker (``docs/rulebook/baibuu.md`` 3.7).

    ``low`` and ``high`` say who won each position, or are None when a Natural or a foul
    decided first. Nets are in the wager's integer units after commission.
    """

    winner: SideName
    reason: Reason
    low: PositionResult | None
    high: PositionResult | None
    banker_highest: Card
    player_highest: Card
    wager: int
    player_net: int
    banker_net: int

    @property
    def commission(self) -> int:
        """The commission taken from the winner."""
        return self.wager - max(self.player_net, self.banker_net)


Side = CardLike | Sequence[CardLike] | Arrangement
"""One side of a settlement: four cards (a Natural, or arranged by the house way), or a
``(low, high)`` pair of two-card hands, or an :class:`Arrangement`."""


def _two_card(mask: int) -> BaiBuuHand:
    value = _native.strength(mask)
    hand_class = cast(TwoCardClass, _native.class_of_strength(value))
    return BaiBuuHand(
        cards=CardSet.from_mask(mask),
        hand_class=hand_class,
        strength=value,
        points=value - 1 if hand_class == "score" else None,
    )


def _arrangement(holding: int, index: int) -> Arrangement:
    low = int(_native.arrangement_low(holding, index))
    return Arrangement(low=_two_card(low), high=_two_card(holding & ~low), index=index)


def evaluate(cards: CardLike) -> BaiBuuHand | Holding:
    """A two-card hand (:class:`BaiBuuHand`) or a four-card :class:`Holding`.

    >>> evaluate("Ah 9c").description
    'Công Nhỏ'
    >>> evaluate("6s 7s 8s 9s").natural
    'straight_flush'
    """
    mask = CardSet(cards).mask
    if mask.bit_count() == 2:
        return _two_card(mask)
    if mask.bit_count() != 4:
        raise ValueError(
            f"a Bai Buu hand has 2 cards (Low or High) or 4 (a holding), got {mask.bit_count()}"
        )
    natural_name = natural(mask)
    return Holding(
        cards=CardSet.from_mask(mask),
        natural=natural_name,
        arrangements=arrangements(mask),
        house_way=None if natural_name else house_way(mask),
        highest_card=Card(_native.highest_card(mask)),
    )


def natural(cards: CardLike) -> NaturalName | None:
    """The Natural a four-card holding makes, or None.

    >>> natural("Jc Qd Kh Ac"), natural("Qc 2d Kh Ac")
    ('straight', None)
    """
    return cast(NaturalName | None, _native.natural(cards))


def arrangements(cards: CardLike) -> tuple[Arrangement, ...]:
    """The six arrangements of a four-card holding, in action-id order.

    >>> [a.is_valid for a in arrangements("3s 3h Jc Jd")]
    [True, False, False, False, False, False]
    """
    mask = CardSet(cards).mask
    return tuple(_arrangement(mask, index) for index in range(6))


def house_way(cards: CardLike) -> Arrangement | None:
    """The house way's arrangement (``docs/rulebook/baibuu.md`` 3.9), None for a Natural.

    >>> str(house_way("Ah 9s 8c 2d").high)
    '9s Ah (Công Nhỏ)'
    """
    mask = CardSet(cards).mask
    index = _native.house_way(mask)
    return None if index is None else _arrangement(mask, index)


ThreeFourPoints = Literal["same_class", "any_class"]
"""The house rule ``banker_takes_3_4_points`` (R-7): equal 3 or 4 points go to the banker
between two Scores only, or between any two hands."""


def _rules(banker_takes_3_4_points: str) -> dict[str, object]:
    return {"banker_takes_3_4_points": banker_takes_3_4_points}


def _commission(commission_bp: int) -> int:
    """A commission on winnings in basis points, 0 to 10000 (checked_int)."""
    return checked_int(commission_bp, "commission_bp", "0 to 10000 basis points",
                       lambda bp: 0 <= bp <= 10000)


def optimal_arrangement(cards: CardLike, *, commission_bp: int = 300,
                        banker_takes_3_4_points: ThreeFourPoints = "same_class",
                        ) -> Arrangement | None:
    """The arrangement that maximises the player's expected return against a banker holding
    any four of the other 48 cards arranged by the house way (a win pays the wager less
    ``commission_bp`` basis points, unrounded: +0.97 at the default 3%; a loss -1), the
    house way's on ties; None for a Natural. A round never pushes, so the expected return
    ranks arrangements as their wins do whatever the commission: the arrangement is the
    same for every ``commission_bp`` (0 to 10000), which is checked. The first call
    tabulates all 270,725 holdings in C++ (about a second), once for each setting of the
    house rule ``banker_takes_3_4_points``.

    >>> str(optimal_arrangement("Qs Kh 6c 4d").high)
    'Qs Kh (Công Lớn)'
    """
    mask = CardSet(cards).mask
    _commission(commission_bp)
    index = _native.optimal_arrangement(mask, _rules(banker_takes_3_4_points))
    return None if index is None else _arrangement(mask, index)


def optimal_summary(*, commission_bp: int = 300,
                    banker_takes_3_4_points: ThreeFourPoints = "same_class") -> dict[str, float]:
    """Exact figures over every player and banker holding: ``differing``, the holdings the
    optimal arrangement plays differently from the house way, and the player's expected
    return per unit wager (a win 1 - ``commission_bp`` / 10000, +0.97 at the default; a
    loss -1) with each, against a house-way banker. The house edge at a 5% commission:

    >>> summary = optimal_summary()
    >>> summary["differing"]
    42606
    >>> round(summary["house_way_return"], 5), round(summary["optimal_return"], 5)
    (-0.03447, -0.02498)
    >>> round(-optimal_summary(commission_bp=500)["house_way_return"], 5)
    0.04427
    """
    return dict(_native.optimal_summary(_commission(commission_bp),
                                             _rules(banker_takes_3_4_points)))


@dataclass(frozen=True)
class ArrangementValue:
    """One split of a holding in :func:`arrangement_values`: its exact expected return per
    unit wagered against a house-way banker, and whether it is the house way's split and
    the best one."""

    arrangement: Arrangement
    value: float
    house_way: bool
    optimal: bool

    def __str__(self) -> str:
        marks = [m for m, on in (("house way", self.house_way), ("optimal", self.optimal)) if on]
        foul = "" if self.arrangement.is_valid else ", foul"
        note = f" ({', '.join(marks)})" if marks else ""
        return (f"Low {self.arrangement.low.cards}  High {self.arrangement.high.cards}: "
                f"{self.value:+.5f} a unit wagered{foul}{note}")


def arrangement_values(cards: CardLike, *, commission_bp: int = 300,
                       banker_takes_3_4_points: ThreeFourPoints = "same_class",
                       ) -> list[ArrangementValue]:
    """The exact expected return of each of the six splits of a four-card holding, per unit
    wagered, against a banker holding any four of the other 48 cards arranged by the house
    way (never a push): a win pays 1 less ``commission_bp`` basis points (unrounded), a loss
    or a foul (High not above Low) costs 1. Best first; on equal values the house way's
    split, then the action-id order, so at the default commission the first is
    :func:`optimal_arrangement`. A Natural is not arranged (ValueError).

    >>> values = arrangement_values("Qs Kh 6c 4d")
    >>> best = values[0]
    >>> str(best.arrangement.high), best.house_way, best.optimal
    ('Qs Kh (Công Lớn)', True, True)
    >>> round(best.value, 5), sum(not v.arrangement.is_valid for v in values)
    (-0.32189, 3)
    """
    bp = checked_int(commission_bp, "commission_bp", "an integer in 0-10000 basis points",
                     lambda n: 0 <= n <= 10000)
    rules = _rules(banker_takes_3_4_points)
    mask = CardSet(cards).mask
    if mask.bit_count() != 4:
        raise ValueError(f"a Bai Buu holding has 4 cards, got {mask.bit_count()}")
    house = _native.house_way(mask)  # None for a Natural
    if house is None:
        raise ValueError(f"a Natural ({CardSet.from_mask(mask)}) is not arranged")
    bankers = math.comb(52 - 4, 4)
    records = []
    for index in range(6):
        # arrangement_score is 97 a win and -100 a loss, summed over every banker holding:
        # with wins + losses = bankers, it gives the wins.
        score = _native.arrangement_score(mask, index, rules)
        wins, rest = divmod(score + 100 * bankers, 197)
        assert rest == 0
        net = wins * (10_000 - bp) - (bankers - wins) * 10_000  # in 1/10,000 of the wager
        records.append((net, index))
    records.sort(key=lambda r: (-r[0], r[1] != house, r[1]))
    return [ArrangementValue(_arrangement(mask, index), net / (10_000 * bankers), index == house,
                             rank == 0) for rank, (net, index) in enumerate(records)]


def odds_table(cards: CardLike, *, commission_bp: int = 300,
               banker_takes_3_4_points: ThreeFourPoints = "same_class") -> str:
    """:func:`arrangement_values` as a text table (what ``cardcore odds baibuu`` prints).

    >>> print(odds_table("Qs Kh 6c 4d").splitlines()[1])
    Low    High   value     foul  house way  optimal
    """
    values = arrangement_values(cards, commission_bp=commission_bp,
                                banker_takes_3_4_points=banker_takes_3_4_points)
    rows = [["Low", "High", "value", "foul", "house way", "optimal"]]
    for v in values:
        rows.append([str(v.arrangement.low.cards), str(v.arrangement.high.cards),
                     f"{v.value:+.5f}", "" if v.arrangement.is_valid else "foul",
                     "yes" if v.house_way else "", "yes" if v.optimal else ""])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    title = (f"Bai Buu  {CardSet(cards)}: expected return per unit wagered against a house-way "
             f"banker, commission {commission_bp / 100:g}%")
    lines = [title] + ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                       for r in rows]
    return "\n".join(lines)


@dataclass(frozen=True)
class Expectation:
    """A Monte Carlo estimate of the player's return per unit wager, with a 95% interval."""

    rounds: int
    wins: int
    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        interval = f"95% interval {self.low:+.4%} to {self.high:+.4%}"
        return f"{self.mean:+.4%} ({interval}, {self.rounds:,} rounds)"


def player_expectation(
    rounds: int = 100_000_000,
    *,
    player: Literal["house_way", "optimal"] = "house_way",
    seed: int = 0,
    threads: int | None = None,
    commission_bp: int = 300,
    banker_takes_3_4_points: ThreeFourPoints = "same_class",
) -> Expectation:
    """Plays random rounds in C++ (one player hand against a house-way banker, the player
    arranging by ``player``) and estimates the player's return per unit wager, a win
    1 - ``commission_bp`` / 10000 (+0.97 at the default) and a loss -1; there is never a
    push. The result depends on the seed, not the threads.

    >>> estimate = player_expectation(1_000_000, seed=1)
    >>> estimate.low < -0.0345 < estimate.high
    True
    """
    if player not in ("house_way", "optimal"):
        raise ValueError(f"player must be 'house_way' or 'optimal', got {shown(player)}")
    rounds = checked_int(rounds, "rounds", "a positive integer", lambda n: n >= 1)
    bp = _commission(commission_bp)
    wins = _native.count_player_wins(
        rounds, checked_seed(seed), player == "optimal", resolve_threads(threads, rounds),
        _rules(banker_takes_3_4_points),
    )
    p = wins / rounds
    win = 1 - bp / 10000
    mean = win * p - (1 - p)
    half = 1.96 * (win + 1) * (p * (1 - p) / rounds) ** 0.5
    return Expectation(rounds, wins, mean, mean - half, mean + half)


Strategy = Literal["house_way", "optimal"] | Callable[[CardSet], CardLike]
"""How a seat arranges in :func:`play`: a built-in name, or a callable that receives the
seat's four cards and returns the two cards of its Low hand."""


def play(state: State, strategies: Sequence[Strategy | None]) -> State:
    """Plays ``state`` to the end in Python, each seat arranging by its strategy: a seat's
    entry is ``"house_way"``, ``"optimal"`` or a callable (cards -> Low hand); the banker's
    entry (the last) is used when the game's banker is an agent. Chance must be seeded.

    >>> game = Game(player_hands=2, banker="agent")
    >>> def low_pair(cards: CardSet) -> list[Card]:
    ...     return list(cards)[:2]  # the two lowest cards Low (a foul sometimes)
    >>> state = play(game.new_initial_state(seed=9), ["optimal", low_pair, "house_way"])
    >>> state.is_terminal(), len(state.returns())
    (True, 3)
    """
    if len(strategies) != len(state.returns()):
        raise ValueError(
            f"strategies needs one entry per seat ({len(state.returns())}), got {len(strategies)}"
        )
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            raise ValueError("play needs a seeded state: this one has explicit chance nodes")
        cards = state.hands[seat]
        strategy = strategies[seat]
        if strategy == "house_way":
            chosen = house_way(cards)
        elif strategy == "optimal":
            chosen = optimal_arrangement(cards)
        elif callable(strategy):
            state.arrange(strategy(cards))
            continue
        else:
            raise ValueError(f"seat {seat}: unknown strategy {shown(strategy)}")
        assert chosen is not None  # a Natural is never asked to arrange
        state.apply_action(chosen.index)
    return state


def is_valid(low: CardLike, high: CardLike) -> bool:
    """Whether High is strictly stronger than Low (``docs/rulebook/baibuu.md`` 3.6).

    >>> is_valid("Ks Kh", "4s 5h")
    False
    """
    return bool(_native.is_valid(low, high))


def strength(cards: CardLike) -> int:
    """Strength 1-25 of a two-card hand (higher is stronger); the 3-and-4-point rule is a
    settlement rule and plays no part here. Any card-like; an int mask is the fast path.

    >>> strength("Ah 9c"), strength("2s 2h"), strength("Ks Qd")
    (11, 13, 12)
    """
    return _native.strength(cards)


def strength_many(
    masks: npt.ArrayLike, *, threads: int | None = None, out: StrengthArray | None = None
) -> StrengthArray:
    """Strengths of an array of two-card masks (any shape), computed in C++ with the GIL
    released; ``out`` (int32, same shape) receives the result when given.

    >>> import cardcore as cc
    >>> masks = cc.random_hands(5, 2, seed=1)
    >>> strength_many(masks).tolist() == [strength(int(m)) for m in masks]
    True
    """
    return map_strengths(_native.strength_many, masks, threads, out)


def compare(a: CardLike, b: CardLike, *,
            banker_takes_3_4_points: ThreeFourPoints = "same_class") -> int:
    """+1 if two-card hand ``a`` is stronger, -1 if ``b`` is, 0 if equal (no 3/4 rule). Two
    four-card holdings, as ``cardcore compare baibuu`` takes them, are the banker's ``a``
    and the player's ``b``, each arranged by the house way and settled (:func:`settle`,
    under the house rule ``banker_takes_3_4_points``): +1 if the banker wins, -1 if the
    player does (a round never pushes).

    >>> compare("Ks Qh", "Jc Kd")  # Công Lớn has no internal order
    0
    >>> compare("Qs Kh 6c 4d", "2s 2h 3c 7d")  # the banker wins
    1
    """
    if len(CardSet(a)) == 4:
        winner = settle(a, b, banker_takes_3_4_points=banker_takes_3_4_points).winner
        return 1 if winner == "banker" else -1
    sa, sb = strength(a), strength(b)
    return int(sa > sb) - int(sa < sb)


def _side_masks(side: Side, name: str) -> tuple[int, int]:
    """(four cards, Low hand or 0 for the house way) of one side."""
    if isinstance(side, Arrangement):
        return side.low.cards.mask | side.high.cards.mask, side.low.cards.mask
    if isinstance(side, (tuple, list)) and len(side) == 2:
        low, high = CardSet(side[0]).mask, CardSet(side[1]).mask
        if low.bit_count() != 2 or high.bit_count() != 2 or low & high:
            raise ValueError(f"the {name}'s (low, high) must be two disjoint two-card hands")
        return low | high, low
    return CardSet(side).mask, 0  # type: ignore[arg-type]


def _check_wager(wager: int, commission_bp: int, banker_commission_bp: int | None) -> int:
    checked_int(wager, "wager", "a positive integer in minor units", lambda n: n >= 1)
    rates = (("commission_bp", commission_bp), ("banker_commission_bp", banker_commission_bp))
    for name, bp in rates:
        if bp is not None:
            checked_int(bp, name, "an integer in 0-10000 basis points", lambda n: 0 <= n <= 10000)
    return commission_bp if banker_commission_bp is None else banker_commission_bp


def settle(
    banker: Side,
    player: Side,
    *,
    wager: int = 100,
    commission_bp: int = 300,
    banker_commission_bp: int | None = None,
    banker_takes_3_4_points: ThreeFourPoints = "same_class",
) -> Outcome:
    """Settles one player hand against the banker (``docs/rulebook/baibuu.md`` 3.7).

    Each side is four cards (a Natural, or arranged by the house way) or a ``(low, high)``
    pair; Naturals are found from the four cards whatever the form. A player's invalid
    split is a foul; a banker's is a ValueError (R-8). The winner receives ``wager`` less
    ``commission_bp`` (``banker_commission_bp`` for the banker, by default the same) basis
    points, rounded down. ``banker_takes_3_4_points`` is the house rule of ``Game``.

    >>> o = settle(("Qs 7h", "Kh 9c"), ("Ad 4c", "Kc Kd"))
    >>> o.winner, o.reason, o.low, o.high, o.player_highest, o.player_net
    ('player', 'high_card', 'banker', 'player', Card('Ad'), 97)
    >>> settle("6s 7s 8s 9s", "Ts Th Tc Td").reason
    'player_natural'
    """
    banker_bp = _check_wager(wager, commission_bp, banker_commission_bp)
    banker_cards, banker_low = _side_masks(banker, "banker")
    player_cards, player_low = _side_masks(player, "player")
    fields = _native.settle(banker_cards, banker_low, player_cards, player_low,
                                 _rules(banker_takes_3_4_points))
    player_wins = fields["winner"] == "player"
    bp = commission_bp if player_wins else banker_bp
    won = wager - wager * bp // 10000
    return Outcome(
        winner=fields["winner"],
        reason=fields["reason"],
        low=fields["low"],
        high=fields["high"],
        banker_highest=Card(fields["banker_highest"]),
        player_highest=Card(fields["player_highest"]),
        wager=wager,
        player_net=won if player_wins else -wager,
        banker_net=-wager if player_wins else won,
    )


@dataclass(frozen=True)
class Settlements:
    """Outcomes of many rounds from :func:`settle_many`, one byte per round in ``codes``:
    bit 0 the player wins, bits 1-3 the index into :data:`REASONS`, bits 4-5 and 6-7 the
    Low and High results (0 banker, 1 player, 2 tie, 3 not compared)."""

    codes: npt.NDArray[np.uint8]
    wager: int
    commission_bp: int
    banker_commission_bp: int

    @property
    def player_wins(self) -> npt.NDArray[np.bool_]:
        """Whether the player won each round."""
        return (self.codes & 1).astype(bool)

    @property
    def reason(self) -> npt.NDArray[np.uint8]:
        """The index into :data:`REASONS` of what decided each round."""
        return ((self.codes >> 1) & 7).astype(np.uint8)

    @property
    def low(self) -> npt.NDArray[np.uint8]:
        """The Low position's result: 0 banker, 1 player, 2 tie, 3 not compared."""
        return ((self.codes >> 4) & 3).astype(np.uint8)

    @property
    def high(self) -> npt.NDArray[np.uint8]:
        """The High position's result, coded as :attr:`low`."""
        return (self.codes >> 6).astype(np.uint8)

    @property
    def player_net(self) -> npt.NDArray[np.int64]:
        """The player's result per round after commission."""
        won = self.wager - self.wager * self.commission_bp // 10000
        return np.where(self.player_wins, won, -self.wager).astype(np.int64)

    @property
    def banker_net(self) -> npt.NDArray[np.int64]:
        """The banker's result per round after commission."""
        won = self.wager - self.wager * self.banker_commission_bp // 10000
        return np.where(self.player_wins, -self.wager, won).astype(np.int64)

    def __len__(self) -> int:
        return len(self.codes)


def settle_many(
    banker: npt.ArrayLike,
    player: npt.ArrayLike,
    *,
    player_low: npt.ArrayLike | None = None,
    wager: int = 100,
    commission_bp: int = 300,
    banker_commission_bp: int | None = None,
    threads: int | None = None,
    banker_takes_3_4_points: ThreeFourPoints = "same_class",
) -> Settlements:
    """Settles whole arrays of rounds in C++ with the GIL released: four-card masks for
    each side, the banker arranged by the house way, the player by the house way or, with
    ``player_low``, by the given Low-hand masks (an invalid split is a foul), under the
    house rule ``banker_takes_3_4_points`` (each setting settles by its own table).

    >>> import cardcore as cc
    >>> deals = cc.random_deals(1000, (4, 4), seed=1)
    >>> rounds = settle_many(deals[:, 0], deals[:, 1])
    >>> len(rounds), int(rounds.banker_net.sum() + rounds.player_net.sum()) < 0
    (1000, True)
    """
    banker_bp = _check_wager(wager, commission_bp, banker_commission_bp)
    banker_masks = as_mask_array(banker, "banker").reshape(-1)
    player_masks = as_mask_array(player, "player").reshape(-1)
    low_masks = None if player_low is None else as_mask_array(player_low, "player_low").reshape(-1)
    codes = _native.settle_many(
        banker_masks, player_masks, low_masks, resolve_threads(threads, banker_masks.size),
        _rules(banker_takes_3_4_points),
    )
    return Settlements(codes, wager, commission_bp, banker_bp)


def _move_note(state: State, action: int) -> str:
    """What an ``arrange`` action makes of the hand to act, as ``cardcore play`` shows it next
    to each choice: its Low and High hands, and a warning when the arrangement fouls.

    >>> state = Game().new_initial_state(seed=2)
    >>> for action in state.legal_actions()[:2]:
    ...     print(_move_note(state, action))
    Low 3d 4c (Score 7) / High 7h Ts (Score 7): foul, High does not beat Low
    Low 3d 7h (Score 0) / High 4c Ts (Score 4)
    """
    holding = CardSet(state.hands[state.current_player()]).mask
    split = _arrangement(holding, action)
    text = f"Low {split.low} / High {split.high}"
    return text if split.is_valid else f"{text}: foul, High does not beat Low"


EXAMPLES: tuple[str, ...] = ("Qs Kh 6c 4d", "Qh 8s Ac 4d", "2s 2h 3c 7d", "6s 7s 8s 9s", "Ah 9c")
"""Hands and holdings that ``cardcore eval`` explains when it is given none."""


def explain(cards: CardLike) -> str:
    """One line explaining a two-card hand or a four-card holding (what ``cardcore eval
    baibuu`` prints).

    >>> explain("Ah 9c")
    'Bai Buu  9c Ah (Công Nhỏ) (strength 11 of 25; beats 89.9% of two-card hands)'
    """
    result = evaluate(cards)
    if isinstance(result, BaiBuuHand):
        return (f"Bai Buu  {result} (strength {result.strength} of 25; "
                f"{beats(result.percentile, HAND_SIZE)})")
    if result.house_way is None:
        return f"Bai Buu  {result.cards}: Natural, {str(result.natural).replace('_', ' ')}"
    valid = sum(a.is_valid for a in result.arrangements)
    return (f"Bai Buu  {result.cards}: house way Low {result.house_way.low} / High "
            f"{result.house_way.high} ({valid} valid splits; highest card "
            f"{result.highest_card.pretty()})")


def explain_compare(a: CardLike, b: CardLike, *,
                    banker_takes_3_4_points: ThreeFourPoints = "same_class") -> str:
    """Two two-card hands compared, or two four-card holdings (the banker's, then the
    player's) settled with both arranged by the house way, under the house rule
    ``banker_takes_3_4_points`` (what ``cardcore compare baibuu`` prints).

    >>> explain_compare("Qs Kh 6c 4d", "2s 2h 3c 7d").splitlines()[-1]
    '=> banker wins (Low player, High banker; highest cards K♥ against 7♦); player -100, banker +97'
    """
    if len(CardSet(a)) != 4:
        return versus(explain, compare, a, b)
    o = settle(a, b, banker_takes_3_4_points=banker_takes_3_4_points)
    why = {"hands": f"Low {o.low}, High {o.high}",
           "high_card": f"Low {o.low}, High {o.high}; highest cards "
                        f"{o.banker_highest.pretty()} against {o.player_highest.pretty()}",
           }.get(o.reason, o.reason.replace("_", " "))
    return (f"banker {explain(a)}\nplayer {explain(b)}\n"
            f"=> {o.winner} wins ({why}); player {o.player_net:+d}, banker {o.banker_net:+d}")


def _table_view(state: State, viewer: int | None, config: dict[str, Any]) -> dict[str, Any]:
    """Bai Buu's part of :func:`cardcore.view`: the round, the phase (``deal``,
    ``arrange``, ``round over``), the returns so far, the last settled round's results, and
    per seat its role, its wager (a player hand's) and whether it has arranged; its cards
    and its arrangement (Low and High) are its own until the round is settled, then face
    up."""
    settled = state.is_terminal()
    phase = "round over" if settled else "deal" if state.is_chance_node() else "arrange"
    players = len(state.hands) - 1  # the banker is the last seat
    seats = []
    for seat, hand in enumerate(state.hands):
        known = _views.sees(viewer, seat)
        low = state.lows[seat]
        arrangement = None
        if low is not None and (known or settled):
            high = CardSet.from_mask(hand.mask & ~low.mask)
            arrangement = {part: _views.cards(cards, known=True, face_up=settled)
                           for part, cards in (("low", low), ("high", high))}
        banker = seat == players
        seats.append({"role": "banker" if banker else "player",
                      "wager": None if banker else config["wagers"][seat],
                      "arranged": low is not None, "arrangement": arrangement,
                      "cards": _views.cards(hand, known=known, face_up=settled)})
    return {"hand": state.round_number, "phase": phase, "dealer": players,
            "totals": state.returns(), "results": state.results, "seats": seats}


CAPABILITIES = Capabilities(
    explain=explain, examples=EXAMPLES, compare=explain_compare, odds=odds_table,
    strength_many=strength_many, hand_size=HAND_SIZE, settle_many=settle_many,
    play_config=MappingProxyType({"banker": "agent"}), move_note=_move_note)
"""What the command line offers for Bai Buu (:class:`cardcore.spec.Capabilities`);
``cardcore play`` seats the banker as an agent, so that its arrangement shows as a move."""


__dir__ = public_dir(__all__)
