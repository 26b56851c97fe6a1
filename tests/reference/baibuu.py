"""Reference oracle for Bai Buu, written from docs/rulebook/baibuu.md 3.3-3.9.

Card values (3.3): points A = 1, 2..9 = pips, 10/J/Q/K = 0; rank order A > K > ... > 2;
suit order (highest card only) spades > hearts > clubs > diamonds; pictures are J, Q, K.

Two-card keys (3.4), higher is better: Bửu (pair) (4, rank with A = 14); Công Lớn (two
different pictures) (3, 0); Công Nhỏ (exactly A + 9) (2, 0); Score (1, points mod 10).

Naturals (3.5), first that applies: straight flush, four of a kind, flush, straight (A-2-3-4
and J-Q-K-A allowed, no wrap), three of a kind.

An arrangement (Low, High) is valid iff key(High) > key(Low) strictly (3.6). Settlement
follows 3.7 step by step; the banker's house way follows 3.9 steps 1-7.

Readings chosen where the text leaves room (see also the house_way helpers):

- 3.9 #2-#7 "splits" are the three pairings {c0c1|c2c3}, {c0c2|c1c3}, {c0c3|c1c2}. A pairing
  has at most one valid orientation (validity is strict), so "the valid splits" are listed
  one per pairing, in that canonical order.
- 3.9 #4 "When splitting, choose the valid split with the higher High hand": among the valid
  splits that break the pair. If the list says split but no pair-breaking split is valid,
  the pair is kept (this never happens: every listed combination splits validly).
- 3.9 #5 with three pictures: each Công Lớn can be High; all those splits are equally
  scored, so step 7 picks the first in canonical order.
- Every step ends by keeping the best candidates by the step's own criterion; if several
  remain they must be "equally scored" (same Low key and High key) for step 7 to apply. The
  code asserts that, so any gap in the rules would show up as an AssertionError.
- settle: an invalid banker arrangement raises ValueError even when the player holds a
  Natural (it is invalid input, not a game event). Cards shared between the two sides, or
  repeated within a side, also raise ValueError (every deal uses distinct cards, 3.7 #6).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, check_cards, rank_index, suit

Pair = tuple[int, int]
Arrangement = tuple[Pair, Pair]  # (low, high), each a sorted id pair
Hand = Sequence[int] | Sequence[Sequence[int]]  # four ids, or (low, high)

ACE, NINE = 14, 9
PICTURES = (11, 12, 13)  # J, Q, K

# 3.9 #7: the pairings of the id-sorted cards c0 < c1 < c2 < c3, in canonical order.
PAIRINGS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))

# Arrangement / action ids (docs/design.md): index of the Low pair among these.
LOW_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))

# 3.9 #3: pairs that are never split (ranks with A = 14).
NEVER_SPLIT = (ACE, 4, 5, 10, 11, 12, 13)

# 3.9 #4: Ruby89's list. The pair is split only when the other two cards are one of these
# combinations. "10" means any 0-point card (10, J, Q, K).
RUBY89_SPLITS = {
    2: ("3+7", "4+7", "5+7", "6+7", "5+6"),
    3: ("4+6", "5+6"),
    6: ("A+2", "A+3", "2+3", "2+10", "3+10"),
    7: ("A+2", "A+10", "2+9"),
    8: ("A+10",),
    9: ("A+10",),
}

# 3.3 #3: spades > hearts > clubs > diamonds (not the id order, where clubs = 0 < diamonds).
SUIT_STRENGTH = {SPADES: 4, HEARTS: 3, CLUBS: 2, DIAMONDS: 1}


# ---------------------------------------------------------------- card values (3.3)


def high_rank(card: int) -> int:
    """Rank with the ace high: 2 = 2, ..., 10 = 10, J = 11, Q = 12, K = 13, A = 14."""
    return rank_index(card) + 2


def points(card: int) -> int:
    """A = 1, 2..9 = pip value, 10/J/Q/K = 0 (3.3 #1)."""
    r = high_rank(card)
    if r == ACE:
        return 1
    return r if r <= 9 else 0


def is_picture(card: int) -> bool:
    """J, Q and K are pictures; 10 is not (3.3 #4)."""
    return high_rank(card) in PICTURES


def highest_card_value(card: int) -> int:
    """Rank (A high), then suit spades > hearts > clubs > diamonds (3.3 #2-3, 3.7 #6)."""
    return 4 * high_rank(card) + SUIT_STRENGTH[suit(card)]


# ---------------------------------------------------------------- two-card hands (3.4)


@functools.cache  # a pure function of 2,652 ordered pairs: the exhaustive passes reuse it
def two_card_key(c1: int, c2: int) -> tuple[int, int]:
    """Bửu (4, rank), Công Lớn (3, 0), Công Nhỏ (2, 0), Score (1, points); higher is better."""
    r1, r2 = high_rank(c1), high_rank(c2)
    if r1 == r2:
        return (4, r1)
    if is_picture(c1) and is_picture(c2):
        return (3, 0)
    if {r1, r2} == {ACE, NINE}:
        return (2, 0)
    return (1, (points(c1) + points(c2)) % 10)


def two_card_class(c1: int, c2: int) -> str:
    """"pair", "cong_lon", "cong_nho" or "score" (3.4)."""
    names = {4: "pair", 3: "cong_lon", 2: "cong_nho", 1: "score"}
    return names[two_card_key(c1, c2)[0]]


# ---------------------------------------------------------------- naturals (3.5)


def _is_straight(ranks: list[int]) -> bool:
    """4 consecutive ranks; the ace may be high (J-Q-K-A) or low (A-2-3-4); no wrap."""
    if len(set(ranks)) != 4:
        return False
    for ace_value in (ACE, 1):
        values = sorted(ace_value if r == ACE else r for r in ranks)
        if values == list(range(values[0], values[0] + 4)):
            return True
    return False


def natural(cards4: Sequence[int]) -> str | None:
    """The Natural's name (first that applies, 3.5 #1 and #6), or None.

    >>> from .cards import parse
    >>> natural(parse("A♣ 2♦ 3♥ 4♠")), natural(parse("Q♣ K♥ A♣ 2♦"))
    ('straight', None)
    """
    hand = check_cards(cards4, (4,))
    ranks = [high_rank(c) for c in hand]
    one_suit = len({suit(c) for c in hand}) == 1
    straight = _is_straight(ranks)
    largest_group = max(ranks.count(r) for r in ranks)
    if one_suit and straight:
        return "straight_flush"
    if largest_group == 4:
        return "four_of_a_kind"
    if one_suit:
        return "flush"
    if straight:
        return "straight"
    if largest_group == 3:
        return "three_of_a_kind"
    return None


# ---------------------------------------------------------------- arrangements (3.6)


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def arrangements(cards4: Sequence[int]) -> list[Arrangement]:
    """The 6 (low, high) arrangements in action-id order (docs/design.md "Action ids")."""
    c = sorted(check_cards(cards4, (4,)))
    result = []
    for i, j in LOW_PAIRS:
        rest = [c[m] for m in range(4) if m not in (i, j)]
        result.append((_pair(c[i], c[j]), _pair(rest[0], rest[1])))
    return result


def is_valid(low: Sequence[int], high: Sequence[int]) -> bool:
    """key(High) > key(Low) strictly; the 3/4-point rule plays no part (3.6 #1)."""
    return two_card_key(*high) > two_card_key(*low)


def valid_splits(cards4: Sequence[int]) -> list[Arrangement]:
    """The valid arrangements, one per pairing at most, in canonical order (3.9 #2, #7)."""
    c = sorted(check_cards(cards4, (4,)))
    result = []
    for (i, j), (m, n) in PAIRINGS:
        first, second = _pair(c[i], c[j]), _pair(c[m], c[n])
        if is_valid(first, second):
            result.append((first, second))
        elif is_valid(second, first):
            result.append((second, first))
    return result


# ---------------------------------------------------------------- house way (3.9)


def _keys(split: Arrangement) -> tuple[tuple[int, int], tuple[int, int]]:
    return two_card_key(*split[0]), two_card_key(*split[1])


def _pick(candidates: list[Arrangement], score: Callable[[Arrangement], object]) -> Arrangement:
    """The candidate with the highest score; ties go to step 7 (canonical order).

    Candidates arrive in canonical order. Step 7 only covers "equally scored" splits, so the
    tied ones must have the same Low and High keys.
    """
    best = max(score(s) for s in candidates)
    tied = [s for s in candidates if score(s) == best]
    assert len({_keys(s) for s in tied}) == 1, f"3.9 leaves a tie open: {tied}"
    return tied[0]


def _pair_rank(hand: Sequence[int]) -> int | None:
    """The rank of the only pair when the holding is one pair plus two odd cards."""
    ranks = [high_rank(c) for c in hand]
    counts = sorted(ranks.count(r) for r in set(ranks))
    if counts != [1, 1, 2]:
        return None
    return next(r for r in ranks if ranks.count(r) == 2)


def _matches(label: str, card: int) -> bool:
    """Does a card fit a Ruby89 label? "10" is any 0-point card, "A" an ace, else the pips."""
    if label == "10":
        return points(card) == 0
    if label == "A":
        return high_rank(card) == ACE
    return high_rank(card) == int(label)


def _in_ruby89_list(pair_rank: int, others: Sequence[int]) -> bool:
    """Are the two non-pair cards one of Ruby89's combinations for this pair (3.9 #4)?"""
    x, y = others
    for combination in RUBY89_SPLITS.get(pair_rank, ()):
        a, b = combination.split("+")
        if (_matches(a, x) and _matches(b, y)) or (_matches(a, y) and _matches(b, x)):
            return True
    return False


def _one_pair(hand: Sequence[int], pair_rank: int, valid: list[Arrangement]) -> Arrangement:
    """3.9 #3-#4."""
    def keeps_pair(split: Arrangement) -> bool:
        return high_rank(split[1][0]) == high_rank(split[1][1]) == pair_rank

    keep = _pick([s for s in valid if keeps_pair(s)], _keys)
    if pair_rank in NEVER_SPLIT:
        return keep
    others = [c for c in hand if high_rank(c) != pair_rank]
    breaking = [s for s in valid if not keeps_pair(s)]
    if _in_ruby89_list(pair_rank, others) and breaking:
        return _pick(breaking, lambda s: two_card_key(*s[1]))
    return keep


def _has_cong(hand: Sequence[int]) -> bool:
    """Does the holding contain A + 9 or two pictures of different ranks?"""
    return any(two_card_class(a, b) in ("cong_lon", "cong_nho")
               for i, a in enumerate(hand) for b in hand[i + 1:])


def _cong(valid: list[Arrangement]) -> Arrangement:
    """3.9 #5: the Công is High; with both A+9 and a Công Lớn, A+9 is Low."""
    def classes(split: Arrangement) -> tuple[str, str]:
        return two_card_class(*split[0]), two_card_class(*split[1])

    both = [s for s in valid if classes(s) == ("cong_nho", "cong_lon")]
    if both:
        return _pick(both, _keys)
    return _pick([s for s in valid if classes(s)[1] in ("cong_lon", "cong_nho")], _keys)


def _all_score(valid: list[Arrangement]) -> Arrangement:
    """3.9 #6: High 9 with Low >= 4 (highest Low); else highest Low, then highest High."""
    def low_points(split: Arrangement) -> int:
        return two_card_key(*split[0])[1]

    def high_points(split: Arrangement) -> int:
        return two_card_key(*split[1])[1]

    assert all(_keys(s)[0][0] == _keys(s)[1][0] == 1 for s in valid)
    nine_high = [s for s in valid if high_points(s) == 9 and low_points(s) >= 4]
    if nine_high:
        return _pick(nine_high, low_points)
    return _pick(valid, lambda s: (low_points(s), high_points(s)))


def house_way(cards4: Sequence[int]) -> Arrangement | None:
    """The banker's arrangement by 3.9 steps 1-7, or None for a Natural.

    >>> from .cards import parse, show
    >>> low, high = house_way(parse("Q♥ 8♠ A♣ 4♦"))
    >>> show(low), show(high)
    ('4♦ Q♥', '8♠ A♣')
    """
    hand = check_cards(cards4, (4,))
    if natural(hand) is not None:  # step 1
        return None
    valid = valid_splits(hand)
    if len(valid) == 1:  # step 2
        return valid[0]
    pair_rank = _pair_rank(hand)
    if pair_rank is not None:  # steps 3-4
        return _one_pair(hand, pair_rank, valid)
    assert len({high_rank(c) for c in hand}) == 4, "two pair has a single valid split"
    if _has_cong(hand):  # step 5
        return _cong(valid)
    return _all_score(valid)  # step 6


# ---------------------------------------------------------------- settlement (3.7)


def _side(hand: Hand) -> tuple[tuple[int, ...], Arrangement | None]:
    """(the four cards, the arrangement or None for a Natural) for one side of a settlement.

    A side is four card ids (a Natural, or arranged by the house way) or (low, high).
    """
    if len(hand) == 4:
        cards = check_cards(hand, (4,))
        return cards, house_way(cards)
    if len(hand) == 2:
        low = check_cards(hand[0], (2,))
        high = check_cards(hand[1], (2,))
        cards = check_cards(low + high, (4,))
        if natural(cards) is not None:  # 3.6 #3: a Natural whatever form it is passed in
            return cards, None
        return cards, (_pair(*low), _pair(*high))
    raise ValueError("a hand is four card ids or a (low, high) pair of two-card hands")


def hand_points(c1: int, c2: int) -> int:
    """The points of any two cards, (p1 + p2) mod 10, whatever class they make (3.3 #1)."""
    return (points(c1) + points(c2)) % 10


def compare_position(banker: Sequence[int], player: Sequence[int],
                     banker_takes_3_4_points: str = "same_class") -> str:
    """Who wins one position (Low vs Low or High vs High): "banker", "player" or "tie".

    Higher key wins; equal keys tie, except that two Score hands of 3 points, or of 4
    points, go to the banker (3.4 #1-3). The house rule "any_class" (R-7 read literally:
    "equal points of 3 or 4 go to the banker") gives the banker any two hands of the same
    3 or 4 points, whatever their classes, before the classes are compared.
    """
    if banker_takes_3_4_points not in ("same_class", "any_class"):
        raise ValueError(f"unknown banker_takes_3_4_points {banker_takes_3_4_points!r}")
    if banker_takes_3_4_points == "any_class":
        points_b, points_p = hand_points(*banker), hand_points(*player)
        if points_b == points_p and points_b in (3, 4):
            return "banker"
    kb, kp = two_card_key(*banker), two_card_key(*player)
    if kb == kp and kb[0] == 1 and kb[1] in (3, 4):
        return "banker"
    if kb > kp:
        return "banker"
    if kp > kb:
        return "player"
    return "tie"


def _net_win(wager: int, bp: int) -> int:
    """What the winner receives: w - floor(w * bp / 10000) (3.2 #7, R-9)."""
    return wager - wager * bp // 10000


def settle(
    banker: Hand,
    player: Hand,
    wager: int = 100,
    commission_bp: int = 300,
    banker_commission_bp: int | None = None,
    banker_takes_3_4_points: str = "same_class",
) -> dict[str, object]:
    """Settle one player hand against the banker, following 3.7 in order (the house rule
    ``banker_takes_3_4_points`` as in :func:`compare_position`).

    >>> from .cards import parse
    >>> r = settle((parse("4♠ 5♥"), parse("K♠ K♥")), (parse("3♣ 5♦"), parse("Q♣ Q♦")))
    >>> r["winner"], r["reason"], r["banker_net"], r["player_net"]
    ('banker', 'hands', 97, -100)
    """
    if banker_commission_bp is None:
        banker_commission_bp = commission_bp
    if wager < 0 or not all(0 <= bp <= 10000 for bp in (commission_bp, banker_commission_bp)):
        raise ValueError("wager must be >= 0 and commission rates in 0..10000 basis points")
    banker_cards, banker_split = _side(banker)
    player_cards, player_split = _side(player)
    if set(banker_cards) & set(player_cards):
        raise ValueError("the banker and the player share a card")
    if banker_split is not None and not is_valid(*banker_split):
        raise ValueError("invalid banker arrangement: the banker may not foul (3.6 #3)")

    def result(
        winner: str, reason: str, low: str | None = None, high: str | None = None
    ) -> dict[str, object]:
        win_bp = commission_bp if winner == "player" else banker_commission_bp
        nets = {winner: _net_win(wager, win_bp),
                ("banker" if winner == "player" else "player"): -wager}
        return {"winner": winner, "reason": reason, "low": low, "high": high,
                "player_net": nets["player"], "banker_net": nets["banker"]}

    if player_split is None:  # 1. player Natural
        return result("player", "player_natural")
    if banker_split is None:  # 2. banker Natural
        return result("banker", "banker_natural")
    if not is_valid(*player_split):  # 3. player foul
        return result("banker", "player_foul")
    low = compare_position(banker_split[0], player_split[0], banker_takes_3_4_points)  # 4.
    high = compare_position(banker_split[1], player_split[1], banker_takes_3_4_points)
    banker_wins = [low, high].count("banker")
    player_wins = [low, high].count("player")
    if banker_wins != player_wins:  # 5.
        return result("banker" if banker_wins > player_wins else "player", "hands", low, high)
    banker_best = max(highest_card_value(c) for c in banker_cards)  # 6.
    player_best = max(highest_card_value(c) for c in player_cards)
    return result("banker" if banker_best > player_best else "player", "high_card", low, high)
