"""Bai Buu evaluation and settlement against the oracle written from docs/rulebook/baibuu.md
(every holding, every two-card hand, random deals) and every vector of 3.11."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardcore as cc
from cardcore import _core
from tests.conftest import dense_ranks, vector_ids
from tests.reference import baibuu as oracle
from tests.reference import every_hand
from tests.reference.vectors import BAIBUU_NATURALS, BAIBUU_VECTORS, HOUSE_WAY


def library_side(text: str) -> str | tuple[str, str]:
    """A side as the rules write it ("4♠ 5♥ / K♠ K♥" or four cards) for cc.baibuu.settle."""
    if "/" not in text:
        return text
    low, high = text.split(" / ")
    return (low, high)


def oracle_side(side: int | tuple[int, int]) -> tuple[int, ...] | tuple[tuple[int, ...], ...]:
    """A (holding, low) pair of masks, or a holding mask, as card-id tuples for the oracle."""
    if isinstance(side, int):
        return tuple(cc.CardSet.from_mask(side).ids())
    holding, low = side
    high = holding & ~low
    return (tuple(cc.CardSet.from_mask(low).ids()), tuple(cc.CardSet.from_mask(high).ids()))


def test_two_card_strengths_match_the_oracle_keys() -> None:
    masks = cc.all_hands(2)
    pairs = [tuple(row) for row in cc.ids_from_masks(masks, 2).tolist()]
    expected = dense_ranks([oracle.two_card_key(*p) for p in pairs], lower_wins=False)
    assert np.array_equal(cc.baibuu.strength_many(masks), expected)
    for mask, pair in zip(masks.tolist(), pairs, strict=True):
        hand = cc.baibuu.evaluate(mask)
        assert isinstance(hand, cc.baibuu.BaiBuuHand)
        assert hand.hand_class == oracle.two_card_class(*pair)
        assert (hand.points is None) == (hand.hand_class != "score")


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["baibuu"])
def test_naturals_and_house_way_of_every_holding(
    four_card_masks: npt.NDArray[np.uint64], four_card_hands: list[tuple[int, ...]]
) -> None:
    naturals = every_hand.baibuu_naturals()  # oracle.natural of every holding
    house_ways = every_hand.baibuu_house_ways()  # oracle.house_way of every holding
    for mask, cards in zip(four_card_masks.tolist(), four_card_hands, strict=True):
        position = every_hand.position(cards)
        assert _core.baibuu.natural(mask) == naturals[position], cards
        expected = house_ways[position]
        index = _core.baibuu.house_way(mask)
        if expected is None:
            assert index is None, cards
            continue
        low = _core.baibuu.arrangement_low(mask, index)
        assert tuple(cc.CardSet.from_mask(low).ids()) == expected[0], cards


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["baibuu"])
def test_arrangements_and_validity_of_every_holding_match_the_oracle(
    four_card_masks: npt.NDArray[np.uint64], four_card_hands: list[tuple[int, ...]]
) -> None:
    """All six arrangements of all 270,725 holdings: the cards of Low and whether the split
    is valid (batch strengths of Low and High against the oracle's 3.6 test)."""
    lows = np.array(
        [[_core.baibuu.arrangement_low(mask, i) for i in range(6)]
         for mask in four_card_masks.tolist()], dtype=np.uint64)
    highs = four_card_masks[:, None] & ~lows
    valid = cc.baibuu.strength_many(highs) > cc.baibuu.strength_many(lows)
    # The oracle's arrangements of every holding, row by row in the order of four_card_hands:
    # the mask of each Low and oracle.is_valid(low, high).
    oracle_lows, oracle_valid = every_hand.baibuu_arrangements()
    rows = np.array([every_hand.position(cards) for cards in four_card_hands])
    oracle_lows, oracle_valid = oracle_lows[rows], oracle_valid[rows]
    for name, ours, theirs in (("Low", lows, oracle_lows), ("validity", valid, oracle_valid)):
        wrong = np.argwhere(ours != theirs)
        assert len(wrong) == 0, f"{len(wrong)} arrangements differ in their {name}, e.g. " + (
            ", ".join(f"{four_card_hands[row]} #{index}" for row, index in wrong[:8].tolist()))


def test_arrangement_records_agree_with_the_batch_path() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        cards = tuple(sorted(rng.sample(range(52), 4)))
        for arrangement in cc.baibuu.arrangements(cards):
            low, high = arrangement.low.cards.ids(), arrangement.high.cards.ids()
            assert arrangement.is_valid == cc.baibuu.is_valid(low, high)
            assert arrangement.is_valid == oracle.is_valid(tuple(low), tuple(high))


@pytest.mark.slow
def test_every_non_natural_holding_has_a_valid_split_and_the_house_way_picks_one(
    four_card_masks: npt.NDArray[np.uint64],
) -> None:
    """3.6 #4 and 3.9, checked with the batch kernels: settling each holding as an
    explicit player Low hand against a fixed banker never fouls for the house way."""
    naturals = np.array([_core.baibuu.natural(int(m)) is not None for m in four_card_masks])
    assert naturals.sum() == 270725 - 262584
    lows = np.array(
        [0 if n else _core.baibuu.arrangement_low(int(m), _core.baibuu.house_way(int(m)))
         for m, n in zip(four_card_masks, naturals, strict=True)], dtype=np.uint64)
    strengths_low = cc.baibuu.strength_many(np.where(naturals, 3, lows))
    strengths_high = cc.baibuu.strength_many(np.where(naturals, 12, four_card_masks & ~lows))
    assert (strengths_high > strengths_low)[~naturals].all()


@pytest.mark.parametrize(
    ("vid", "banker", "banker_classes", "player", "player_classes", "expected"),
    BAIBUU_VECTORS,
    ids=vector_ids(BAIBUU_VECTORS),
)
def test_settlement_vectors(
    vid: str, banker: str, banker_classes: str | None, player: str,
    player_classes: str | None, expected: tuple[str, str, str | None, str | None],
) -> None:
    outcome = cc.baibuu.settle(library_side(banker), library_side(player))
    assert (outcome.winner, outcome.reason, outcome.low, outcome.high) == expected
    winner_net = outcome.player_net if outcome.winner == "player" else outcome.banker_net
    loser_net = outcome.banker_net if outcome.winner == "player" else outcome.player_net
    assert (winner_net, loser_net, outcome.commission) == (97, -100, 3)
    if vid in BAIBUU_NATURALS:
        banker_natural, player_natural = BAIBUU_NATURALS[vid]
        assert cc.baibuu.natural(banker.replace("/", "")) == banker_natural
        assert cc.baibuu.natural(player.replace("/", "")) == player_natural


def test_v11_banker_forms() -> None:
    """The house way arranges V11's banker validly; its printed order is rejected (R-8)."""
    player = ("5♣ 5♦", "K♣ 4♦")
    assert cc.baibuu.settle("A♠ 3♥ 10♠ 10♥", player).reason == "player_foul"
    with pytest.raises(ValueError, match=r"banker's arrangement .* is not valid"):
        cc.baibuu.settle(("10♠ 10♥", "A♠ 3♥"), player)


@pytest.mark.parametrize(
    ("wager", "commission", "net"), [(100, 3, 97), (3500, 105, 3395), (10, 0, 10)],
    ids=["V25", "V26", "V27"],
)
def test_commission_vectors(wager: int, commission: int, net: int) -> None:
    outcome = cc.baibuu.settle(("3♠ 3♥", "J♠ J♥"), ("4♣ 4♦", "Q♣ Q♦"), wager=wager)
    assert (outcome.winner, outcome.player_net, outcome.banker_net) == ("player", net, -wager)
    assert outcome.commission == commission


def test_banker_commission_rate_applies_to_banker_wins_only() -> None:
    outcome = cc.baibuu.settle(("4♠ 5♥", "K♠ K♥"), ("3♣ 5♦", "Q♣ Q♦"), banker_commission_bp=500)
    assert (outcome.banker_net, outcome.player_net) == (95, -100)


@pytest.mark.parametrize(("hid", "cards", "valid", "pick"), HOUSE_WAY, ids=vector_ids(HOUSE_WAY))
def test_house_way_vectors(hid: str, cards: str, valid: list[str], pick: str) -> None:
    holding = cc.baibuu.evaluate(cards)
    assert isinstance(holding, cc.baibuu.Holding)
    valid_splits = {
        (a.low.cards, a.high.cards) for a in holding.arrangements if a.is_valid
    }
    assert valid_splits == {
        (cc.CardSet(low), cc.CardSet(high)) for low, high in (v.split(" / ") for v in valid)
    }
    low, high = pick.split(" / ")
    chosen = holding.house_way
    assert chosen is not None
    assert (chosen.low.strength, chosen.high.strength) == (
        cc.baibuu.strength(low), cc.baibuu.strength(high)
    )


def random_side(rng: random.Random, cards: list[int], explicit: bool) -> int | tuple[int, int]:
    holding = sum(1 << c for c in cards)
    if not explicit:
        return holding
    return holding, (1 << cards[0]) | (1 << cards[1])


def test_settle_matches_the_oracle_on_random_deals() -> None:
    rng = random.Random(11)
    for trial in range(20000):
        cards = rng.sample(range(52), 8)
        banker_cards, player_cards = cards[:4], cards[4:]
        banker = random_side(rng, banker_cards, explicit=trial % 3 == 0)
        if isinstance(banker, tuple) and not oracle.is_valid(*oracle_side(banker)) and (
            oracle.natural(banker_cards) is None
        ):
            banker = banker[0]  # the banker never fouls: give it the house way instead
        player = random_side(rng, player_cards, explicit=trial % 2 == 0)
        wager, bp = rng.choice([(100, 300), (10, 300), (3500, 355), (7, 0)])

        def as_library(side: int | tuple[int, int]) -> int | tuple[int, int]:
            return side if isinstance(side, int) else (side[1], side[0] & ~side[1])

        mine = cc.baibuu.settle(as_library(banker), as_library(player), wager=wager,
                                commission_bp=bp)
        theirs = oracle.settle(oracle_side(banker), oracle_side(player), wager, bp)
        assert (mine.winner, mine.reason, mine.low, mine.high, mine.player_net,
                mine.banker_net) == (theirs["winner"], theirs["reason"], theirs["low"],
                                     theirs["high"], theirs["player_net"],
                                     theirs["banker_net"]), (banker, player)


@pytest.mark.parametrize("explicit_low", [False, True])
def test_settle_many_equals_settle(explicit_low: bool) -> None:
    deals = cc.random_deals(3000, (4, 4), seed=5)
    banker, player = deals[:, 0], deals[:, 1]
    lows = np.array([_core.baibuu.arrangement_low(int(p), i % 6) for i, p in enumerate(player)],
                    dtype=np.uint64)
    rounds = cc.baibuu.settle_many(banker, player, player_low=lows if explicit_low else None,
                                   threads=2)
    names = ("banker", "player", "tie", None)
    for i in range(len(deals)):
        side = (int(lows[i]), int(player[i] & ~lows[i])) if explicit_low else int(player[i])
        outcome = cc.baibuu.settle(int(banker[i]), side)
        assert (outcome.winner == "player") == bool(rounds.player_wins[i])
        assert outcome.reason == cc.baibuu.REASONS[rounds.reason[i]]
        assert (outcome.low, outcome.high) == (names[rounds.low[i]], names[rounds.high[i]])
        assert (outcome.player_net, outcome.banker_net) == (
            rounds.player_net[i], rounds.banker_net[i]
        )
    assert np.array_equal(
        cc.baibuu.settle_many(banker, player, threads=1).codes,
        cc.baibuu.settle_many(banker, player, threads=3).codes,
    )


SUIT_PERMUTATIONS = st.permutations([0, 1, 2, 3])


@settings(max_examples=300, deadline=None)
@given(deal=st.permutations(list(range(52))).map(lambda d: d[:8]), suits=SUIT_PERMUTATIONS)
def test_suit_permutations_change_nothing_but_the_high_card(
    deal: list[int], suits: list[int]
) -> None:
    def permute(cards: list[int]) -> int:
        return sum(1 << (4 * (c >> 2) + suits[c & 3]) for c in cards)

    before = cc.baibuu.settle(sum(1 << c for c in deal[:4]), sum(1 << c for c in deal[4:]))
    after = cc.baibuu.settle(permute(deal[:4]), permute(deal[4:]))
    assert (before.low, before.high) == (after.low, after.high)
    for side in (deal[:4], deal[4:]):
        assert (cc.baibuu.natural(sum(1 << c for c in side)) is None) == (
            cc.baibuu.natural(permute(side)) is None
        )
    if before.reason != "high_card":
        assert (before.winner, before.reason) == (after.winner, after.reason)
    assert before.player_net + before.banker_net < 0  # never a push; commission leaves


def test_settle_rejects_bad_sides() -> None:
    with pytest.raises(ValueError, match="share"):
        cc.baibuu.settle("As Ks Qs 2d", "As 3c 4c 5h")
    with pytest.raises(ValueError, match="4 cards"):
        cc.baibuu.settle("As Ks Qs", "3c 4c 5h 6h")
    with pytest.raises(ValueError, match="two disjoint two-card hands"):
        cc.baibuu.settle(("As Ks", "Qs"), "3c 4c 5h 6h")
    with pytest.raises(ValueError, match="wager"):
        cc.baibuu.settle("As Ks Qs 2d", "3c 4c 5h 6h", wager=0)
    with pytest.raises(ValueError, match="commission_bp"):
        cc.baibuu.settle("As Ks Qs 2d", "3c 4c 5h 6h", commission_bp=10001)


def test_settle_many_names_the_first_bad_round() -> None:
    deals = cc.random_deals(10, (4, 4), seed=1)
    banker, player = deals[:, 0].copy(), deals[:, 1].copy()
    player[6] = banker[6]
    player[8] = 7
    with pytest.raises(ValueError, match=r"round 6: the banker and the player share"):
        cc.baibuu.settle_many(banker, player)
    with pytest.raises(ValueError, match="same length"):
        cc.baibuu.settle_many(banker, player[:5])
    lows = np.full(10, 3, dtype=np.uint64)  # 2c 2d: not in most holdings
    with pytest.raises(ValueError, match=r"round \d: the player's hand: the Low hand"):
        cc.baibuu.settle_many(deals[:, 0], deals[:, 1], player_low=lows)


def test_arrangement_scores_equal_brute_force_over_every_banker_holding(
    four_card_masks: npt.NDArray[np.uint64],
) -> None:
    """The inclusion-exclusion count of arrangement_score against settling the holding
    against each of the C(48, 4) banker holdings (house way) one by one."""
    rng = random.Random(5)
    checked = 0
    while checked < 12:
        mask = sum(1 << c for c in rng.sample(range(52), 4))
        if cc.baibuu.natural(mask) is not None:
            continue
        bankers = four_card_masks[(four_card_masks & np.uint64(mask)) == 0]
        assert len(bankers) == 194580
        players = np.full(len(bankers), mask, np.uint64)
        for arrangement in cc.baibuu.arrangements(mask):
            lows = np.full(len(bankers), arrangement.low.cards.mask, np.uint64)
            wins = int(cc.baibuu.settle_many(bankers, players, player_low=lows).player_wins.sum())
            brute = 97 * wins - 100 * (len(bankers) - wins)
            assert _core.baibuu.arrangement_score(mask, arrangement.index) == brute
            checked += 1


def test_the_optimal_arrangement_is_never_worse_than_the_house_way() -> None:
    rng = random.Random(6)
    for _ in range(300):
        mask = sum(1 << c for c in rng.sample(range(52), 4))
        best = cc.baibuu.optimal_arrangement(mask)
        house = cc.baibuu.house_way(mask)
        if house is None:
            assert best is None
            continue
        assert best is not None and best.is_valid
        scores = [_core.baibuu.arrangement_score(mask, a.index)
                  for a in cc.baibuu.arrangements(mask) if a.is_valid]
        best_score = _core.baibuu.arrangement_score(mask, best.index)
        assert best_score == max(scores)
        assert best_score >= _core.baibuu.arrangement_score(mask, house.index)
        if best_score == _core.baibuu.arrangement_score(mask, house.index):
            assert best.index == house.index  # ties stay with the house way


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["baibuu"])
def test_the_optimal_return_gains_exactly_the_summed_score_of_every_differing_holding() -> None:
    """optimal_return - house_way_return, to the last digit a double holds: the holdings
    the optimal arrangement plays differently gain arrangement_score(best) -
    arrangement_score(house way) = 197 x (their extra wins) over all 194,580 bankers
    (each win 97, each loss -100), every other holding gains nothing."""
    from fractions import Fraction
    bankers = 194_580
    extra_wins = differing = 0
    for cards in every_hand.hands():
        mask = every_hand.mask(cards)
        best, house = _core.baibuu.optimal_arrangement(mask), _core.baibuu.house_way(mask)
        if best is None or best == house:
            continue
        gain = (_core.baibuu.arrangement_score(mask, best)
                - _core.baibuu.arrangement_score(mask, house))
        assert gain > 0 and gain % 197 == 0
        extra_wins += gain // 197
        differing += 1
    for bp in (0, 300, 10000):
        summary = cc.baibuu.optimal_summary(commission_bp=bp)
        assert summary["differing"] == differing
        # each extra win turns a loss of 1 into a win of 1 - bp / 10000
        exact = Fraction(extra_wins, 270_725 * bankers) * (2 - Fraction(bp, 10000))
        assert summary["optimal_return"] - summary["house_way_return"] == pytest.approx(
            float(exact), rel=1e-12, abs=0)


@pytest.mark.parametrize("player", ["house_way", "optimal"])
def test_monte_carlo_expectation_covers_the_exact_value(player: str) -> None:
    exact = cc.baibuu.optimal_summary()[f"{player}_return"]
    estimate = cc.baibuu.player_expectation(2_000_000, player=player, seed=3)  # type: ignore[arg-type]
    assert estimate.low < exact < estimate.high
    assert estimate == cc.baibuu.player_expectation(2_000_000, player=player, seed=3, threads=1)  # type: ignore[arg-type]
