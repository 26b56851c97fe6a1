"""Draw odds, discard advice and equity (docs/odds.md) against the brute-force oracle of
tests/reference/odds.py, the published figures, hand-checked Buh draws and bad input."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from tests.reference import badugi as badugi_oracle
from tests.reference import every_hand
from tests.reference import odds as oracle
from tests.reference.cards import parse, show

MODULES = {"badugi": cc.badugi, "buh": cc.buh}
DRAWS = {"badugi": 3, "buh": 1}
# The games, each test in the xdist group of its game's oracle pass over every hand
# (tests/reference/every_hand.py), which it shares with the evaluator's tests.
GAME_PARAMS = [pytest.param(g, marks=pytest.mark.xdist_group(every_hand.GROUP[g])) for g in MODULES]


def _random_case(rng: random.Random, with_dead: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards = rng.sample(range(52), 4 + (rng.randint(1, 8) if with_dead else 0))
    return tuple(sorted(cards[:4])), tuple(sorted(cards[4:]))


def _mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


# --------------------------------------------------------------------- draw_odds, exact


@pytest.mark.parametrize("game", GAME_PARAMS)
@pytest.mark.parametrize("hands", [40, pytest.param(300, marks=pytest.mark.slow)])
def test_draw_odds_is_the_oracles_for_random_hands_and_every_discard(game: str,
                                                                     hands: int) -> None:
    module = MODULES[game]
    rng = random.Random(18 + hands)
    checked = 0
    for case in range(hands):
        hand, dead = _random_case(rng, with_dead=case % 2 == 1)
        for discard in oracle.legal_discards(game, hand):
            if len(discard) == 4 and case % 20 > 1:  # 194,580 draws: one case in ten
                continue
            odds = module.draw_odds(_mask(hand), _mask(discard), dead=_mask(dead) or None)
            expected = oracle.draw_counts(game, hand, discard, dead)
            got = {s: int(n) for s, n in enumerate(odds.counts) if n}
            assert got == dict(expected), (show(hand), show(discard), show(dead))
            assert odds.total == sum(expected.values())
            classes = oracle.class_counts(game, expected)
            assert odds.class_probabilities == pytest.approx(
                {name: classes.get(name, 0) / odds.total for name in odds.class_probabilities})
            assert set(classes) <= set(odds.class_probabilities)
            checked += 1
    assert checked > 10 * hands


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_best_discards_with_one_draw_is_the_oracles(game: str) -> None:
    module = MODULES[game]
    rng = random.Random(7)
    for case in range(8):
        hand, dead = _random_case(rng, with_dead=case % 2 == 1)
        advice = module.best_discards(_mask(hand), dead=_mask(dead) or None)
        legal = oracle.legal_discards(game, hand)
        assert sorted(a.discard.mask for a in advice) == sorted(_mask(d) for d in legal)
        for a in advice:
            discard = tuple(c.id for c in a.discard)
            finals = oracle.final_strengths(game, hand, discard, dead)
            assert a.method == "exact" and a.win_probability is None and a.intervals is None
            assert a.expected_strength == pytest.approx(finals.mean(), rel=1e-12)
            classes = oracle.class_counts(game, Counter(finals.tolist()))
            for name, p in a.class_probabilities.items():
                assert p == pytest.approx(classes.get(name, 0) / len(finals), abs=1e-12)
        strengths = [a.expected_strength for a in advice]
        assert strengths == sorted(strengths, reverse=True)


@pytest.mark.parametrize("game,hand,against", [
    # a made badugi stands pat (rule_based)
    pytest.param("badugi", "As 2h 3d Kd", "4s 6h 8d Tc",
                 marks=pytest.mark.xdist_group(every_hand.GROUP["badugi"])),
    # no hooch, nothing above 5: stands pat
    pytest.param("buh", "As 2h 3c Kd", "Ah 2d 3s 4c",
                 marks=pytest.mark.xdist_group(every_hand.GROUP["buh"])),
])
def test_best_discards_against_a_made_hand_is_the_oracles(game: str, hand: str,
                                                          against: str) -> None:
    module = MODULES[game]
    cards, other = parse(hand), parse(against)
    against_strength = oracle.strength_of(game, other)
    advice = module.best_discards(hand, against=against)
    assert len(advice) == len(oracle.legal_discards(game, cards))
    for a in advice:
        discard = tuple(c.id for c in a.discard)
        finals = oracle.final_strengths(game, cards, discard, other)
        wins = (finals > against_strength).sum() + (finals == against_strength).sum() / 2
        assert a.method == "exact"
        assert a.win_probability == pytest.approx(wins / len(finals), abs=1e-12)
        assert a.expected_strength == pytest.approx(finals.mean(), rel=1e-12)


@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_the_published_badugi_figures() -> None:
    # A dealt four-card badugi: 17,160 of the 270,725 hands (6.338%).
    classes = np.array(["", *cc._core.badugi.odds_classes()])
    dealt = classes[cc.badugi.strength_many(cc.all_hands(4))]
    assert (dealt == "4-card").sum() == 17_160
    assert (np.array(oracle.strengths("badugi")) > 0).sum() == 270_725
    oracle_classes = oracle.class_of_strength("badugi")
    assert sum(oracle_classes[s] == "4-card" for s in oracle.strengths("badugi").tolist()) == 17_160
    assert 6.338 <= 17_160 / 270_725 * 100 < 6.339
    # A 3-card A-2-3 badugi drawing one card: a badugi with 10 of the 48 unseen cards.
    odds = cc.badugi.draw_odds("As 2h 3d Kd", "Kd")
    assert odds.total == 48
    assert odds.class_probabilities["4-card"] * 48 == pytest.approx(10)
    assert odds.class_probabilities["3-card"] * 48 == pytest.approx(38)
    # Discarding all four from any hand: the dealt figures over the 48 unseen cards.
    four = cc.badugi.draw_odds("Ks Kh Kd Kc", "Ks Kh Kd Kc")
    assert four.total == 194_580
    kings = parse("Ks Kh Kd Kc")
    made = oracle.class_counts("badugi", oracle.draw_counts("badugi", kings, kings))["4-card"]
    # By hand: 4 of the 12 ranks left, one suit each: C(12, 4) x 4! = 11,880 (and over the
    # whole deck C(13, 4) x 4! = 17,160, the dealt figure above).
    assert round(four.class_probabilities["4-card"] * four.total) == made == 11_880


def test_badugi_dead_cards_take_outs_away() -> None:
    odds = cc.badugi.draw_odds("As 2h 3d Kd", "Kd", dead="4c 5c Kc")
    assert odds.total == 45
    assert odds.class_probabilities["4-card"] * 45 == pytest.approx(7)
    assert odds.probability(better_than="Kc Qd Jh Ts") == pytest.approx(7 / 45)
    assert odds.probability(better_than="4c 3d 2h As") == 0


# ----------------------------------------------------------------- hand-checked Buh draws


def test_buh_drawing_to_a_wheel_by_hand() -> None:
    # A-2-3 keeps a run worth 3. The 48 unseen cards: another A, 2 or 3 (9 cards) keeps the
    # natural 3; a 4 (4 cards) runs to 4; a 5 to 10 (24 cards) adds its pips; a hooch (J, Q:
    # 4 each, K: 3 left) makes a normal 3 with hooch. The three suits differ: never a flush.
    # Lower values win: value 3, with hooch or not (20 cards), beats A-2-3-4's 4.
    odds = cc.buh.draw_odds("As 2h 3c Kd", "Kd")
    assert odds.total == 48
    assert odds.class_probabilities["natural"] * 48 == pytest.approx(37)
    assert odds.class_probabilities["normal"] * 48 == pytest.approx(11)
    assert odds.probability(better_than="As 2h 3c 4d") == pytest.approx(20 / 48)
    assert odds.probability(better_than="Ah Ac Ad 2d") == pytest.approx(0)  # value 2
    # Strictly better than 3 with hooch J (As 2h 3c Jd): a natural 3 (9 cards); a choke
    # with the other three jacks is not better.
    assert odds.probability(better_than="As 2h 3c Jd") == pytest.approx(9 / 48)


def test_buh_granny_by_hand() -> None:
    # Keeping As, three cards drawn (C(48, 3) = 17,296). A buh (value <= 1): every drawn card
    # an ace or a hooch (3 aces and 9 hooch unseen: C(12, 3) = 220, among them the star
    # A A A A and the double buh As Js Qs Ks), or a spade flush of value floor(b/2) <= 1
    # with 2s: 2s with two of 3s Js Qs Ks (6 more).
    odds = cc.buh.draw_odds("As Kd Qc Jh", "Kd Qc Jh")
    assert odds.total == 17_296
    counts = {name: round(p * 17_296) for name, p in odds.class_probabilities.items()}
    assert counts["star"] == 1 and counts["double_buh"] == 1 and counts["buh"] == 224
    assert sum(counts.values()) == 17_296


def test_buh_discard_classes_are_evaluates() -> None:
    assert set(cc.buh.draw_odds("As 2h 3c Kd", "").class_probabilities) == {
        "double_buh", "star", "buh", "skunk", "natural", "normal"}
    assert list(cc.badugi.draw_odds("As 2h 3c Kd", "").class_probabilities) == [
        "4-card", "3-card", "2-card", "1-card"]
    assert cc.buh.draw_odds("Js Qs Ks Jh", "").class_probabilities["skunk"] == 1
    assert cc.buh.draw_odds("As Js Qs Ks", "").class_probabilities["double_buh"] == 1


def test_buh_best_discards_lists_the_legal_draws() -> None:
    # With no ace, a granny is never legal: 1 + 4 + 6 draws. With one ace, the granny
    # keeping it is legal too; with two aces, two grannies.
    assert len(cc.buh.best_discards("2s Kd Qc Jh")) == 11
    assert len(cc.buh.best_discards("As Kd Qc Jh")) == 12
    assert len(cc.buh.best_discards("As Ad Qc Jh")) == 13
    assert len(cc.badugi.best_discards("As Kd Qc Jh")) == 16


# ------------------------------------------------------------------------ equity


def _badugi_rule(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The rule_based draw (cpp/include/cardcore/games/badugi/policy.hpp): the cards the
    best Badugi subset does not use, from the reference evaluator."""
    used = badugi_oracle.best_cards(hand)
    return tuple(c for c in hand if c not in used)


def _oracle_equity_one_drawer(game: str, hands: list[tuple[int, ...]],
                              discard: tuple[int, ...]) -> list[float]:
    """Hand 0 draws once by ``discard``, the others stand: each share by enumeration."""
    dead = tuple(c for h in hands[1:] for c in h)
    finals = oracle.final_strengths(game, hands[0], discard, dead)
    others = [oracle.strength_of(game, h) for h in hands[1:]]
    shares = np.zeros(len(hands))
    for s in finals.tolist():
        all_strengths = [s, *others]
        best = max(all_strengths)
        winners = [i for i, v in enumerate(all_strengths) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return list(shares / len(finals))


def _oracle_heads_up_share(game: str, hands: list[tuple[int, ...]],
                           discards: list[tuple[int, ...]], dead: tuple[int, ...]) -> float:
    """Hand 0's share when both hands draw once, hand 0 by discards[0] and hand 1 by
    discards[1]: every pair of draws that share no card, each as likely as any other."""
    unseen = [c for c in range(52) if c not in hands[0] + hands[1] + dead]
    sides = []
    for hand, discard in zip(hands, discards, strict=True):
        kept = [c for c in hand if c not in discard]
        draws = list(combinations(unseen, len(discard)))
        masks = np.array([_mask(d) for d in draws], dtype=np.uint64)
        strengths = np.array([oracle.strength_of(game, tuple(sorted(kept + list(d))))
                              for d in draws])
        sides.append((masks, strengths))
    (masks0, strengths0), (masks1, strengths1) = sides
    disjoint = (masks0[:, None] & masks1[None, :]) == 0
    wins = (strengths0[:, None] > strengths1[None, :]) & disjoint
    splits = (strengths0[:, None] == strengths1[None, :]) & disjoint
    return float(2 * wins.sum() + splits.sum()) / float(2 * disjoint.sum())


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_heads_up_equity_with_both_hands_drawing_is_the_oracles(game: str) -> None:
    """One draw left, both hands drawing, up to four cards each: exact (by inclusion-exclusion
    in C++), against every pair of draws enumerated; 30 dead cards keep the oracle quick."""
    module = MODULES[game]
    rng = random.Random(17)
    for trial in range(12):
        cards = rng.sample(range(52), 38)
        hands = [tuple(sorted(cards[:4])), tuple(sorted(cards[4:8]))]
        dead = tuple(cards[8:])
        legal = [oracle.legal_discards(game, h) for h in hands]
        # Every other trial hand 1 throws the most it may, so that both draws are large.
        discards = [rng.choice(legal[0]),
                    max(legal[1], key=len) if trial % 2 else rng.choice(legal[1])]
        result = module.equity([_mask(h) for h in hands], draws_left=1, dead=_mask(dead),
                               discards=[_mask(d) for d in discards])
        assert result.method == "exact" and result.intervals is None
        expected = _oracle_heads_up_share(game, hands, discards, dead)
        assert result.shares == pytest.approx([expected, 1 - expected], abs=1e-12)


def test_heads_up_draws_of_four_cards_each_are_exact() -> None:
    """Both hands throwing all four cards (C(44, 4) * C(40, 4), about 10^10 pairs of draws):
    still exact. The two draws are then alike, so the pot splits evenly."""
    both = ["Ks Qh Jd Tc", "Kc Qd Jh Ts"]
    result = cc.badugi.equity(both, draws_left=1, discards=both)
    assert result.method == "exact"
    assert result.shares == pytest.approx([0.5, 0.5], abs=1e-12)
    # Four queens throw three by rule_based; every discard of the other hand is exact.
    advice = cc.badugi.best_discards("As 2h 7d Kd", against="Qs Qh Qd Qc")
    assert {a.method for a in advice} == {"exact"} and len(advice) == 16


@pytest.mark.xdist_group(every_hand.GROUP["badugi"])  # shares the oracle's strengths
def test_best_discards_against_a_drawing_hand_is_the_oracles() -> None:
    # Against a hand that draws, each discard's figure is the oracle's with dead cards.
    dead = parse("2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d 2h 3h 4h 5h 6h 7h 8h 9h 2s 3s"
                 " 4s 5s 6s 7s")  # 14 cards unseen
    hand, against = parse("As Ah Kd Qc"), parse("Ac Js Th Td")
    advice = cc.badugi.best_discards(_mask(hand), against=_mask(against), dead=_mask(dead))
    assert {a.method for a in advice} == {"exact"} and len(advice) == 16
    for a in advice:
        discard = tuple(c for c in hand if _mask((c,)) & a.discard.mask)
        expected = _oracle_heads_up_share("badugi", [hand, against],
                                          [discard, _badugi_rule(against)], dead)
        assert a.win_probability == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_equity_without_draws_is_the_showdown(game: str) -> None:
    module = MODULES[game]
    rng = random.Random(3)
    for _ in range(50):
        cards = rng.sample(range(52), 12)
        hands = [tuple(sorted(cards[i:i + 4])) for i in (0, 4, 8)]
        strengths = [oracle.strength_of(game, h) for h in hands]
        best = max(strengths)
        winners = [i for i, s in enumerate(strengths) if s == best]
        result = module.equity([_mask(h) for h in hands])
        assert result.method == "exact" and result.intervals is None
        assert result.shares == [1 / len(winners) if i in winners else 0 for i in range(3)]


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_equity_with_one_drawing_hand_is_the_oracles(game: str) -> None:
    module = MODULES[game]
    rng = random.Random(5)
    for _ in range(20):
        cards = rng.sample(range(52), 8)
        hands = [tuple(sorted(cards[:4])), tuple(sorted(cards[4:]))]
        legal = [d for d in oracle.legal_discards(game, hands[0]) if len(d) <= 3]
        discard = rng.choice(legal)
        # The other hand stands pat: it is given the empty discard.
        result = module.equity([_mask(h) for h in hands], draws_left=1,
                               discards=[_mask(discard), ""])
        assert result.method == "exact"
        assert result.shares == pytest.approx(_oracle_equity_one_drawer(game, hands, discard),
                                              abs=1e-12)
        assert sum(result.shares) == pytest.approx(1)


@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_badugi_equity_draws_by_the_rule_based_policy() -> None:
    hands = [parse("As 2h 3d Kd"), parse("2c 4d 6h 8s")]  # the made 8 stands pat
    assert _badugi_rule(hands[1]) == ()
    result = cc.badugi.equity([_mask(h) for h in hands], draws_left=1)
    assert result.method == "exact"
    expected = _oracle_equity_one_drawer("badugi", hands, _badugi_rule(hands[0]))
    assert result.shares == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("game,hands,draws", [
    ("badugi", ["As 2h 3d Kd", "2c 4d 6h 8s"], 1),
    ("badugi", ["As 2h 7d Kd", "Qs Qh Qd Qc"], 1),  # both draw: inclusion-exclusion
    ("badugi", ["As 2h 3d Kd", "2c 4d 6h 8s", "5c 7d 9h Js"], 1),
    ("buh", ["As 2h 3c Kd", "4s 4h 5d 6c"], 1),
    ("buh", ["As 2h 3c Kd", "4s 4h 5d 6c", "Ac 2d Jc Qd"], 0),
])
def test_monte_carlo_equity_lies_within_its_interval_of_the_exact_figure(
        game: str, hands: list[str], draws: int) -> None:
    module = MODULES[game]
    exact = module.equity(hands, draws_left=draws, method="exact")
    estimate = module.equity(hands, draws_left=draws, method="monte carlo", samples=100_000,
                             seed=11)
    assert exact.method == "exact" and estimate.method == "monte carlo"
    assert estimate.intervals is not None and estimate.samples == 100_000
    assert sum(estimate.shares) == pytest.approx(1)
    for share, (low, high) in zip(exact.shares, estimate.intervals, strict=True):
        assert low <= share <= high


@pytest.mark.parametrize("game", list(MODULES))
def test_the_same_seed_gives_the_same_figure_on_one_and_two_threads(game: str) -> None:
    module = MODULES[game]
    hands = ["As 2h 3d Kd", "2c 4d 6h Js"]
    draws = DRAWS[game]
    runs = [module.equity(hands, draws_left=draws, samples=20_001, seed=5, threads=t,
                          method="monte carlo") for t in (1, 2, 2)]
    assert runs[0] == runs[1] == runs[2]
    other = module.equity(hands, draws_left=draws, samples=20_001, seed=6, method="monte carlo")
    assert other.shares != runs[0].shares


def test_heads_up_badugi_with_three_draws_is_monte_carlo() -> None:
    result = cc.badugi.equity(["As 2h 3d Kd", "2c 4c 6h Js"], draws_left=3, samples=50_000)
    assert result.method == "monte carlo" and result.intervals is not None
    # Both draw: A-2-3 to a badugi is ahead of 2-4-6.
    assert 0.5 < result.shares[0] < 1
    low, high = result.intervals[0]
    assert low < result.shares[0] < high and high - low < 0.02


# ------------------------------------------------------------- best_discards, later draws


@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_best_discards_with_two_draws_is_the_oracles_where_exact() -> None:
    hand = parse("As 2h 3d Kd")
    advice = {a.discard.mask: a for a in cc.badugi.best_discards(_mask(hand), draws_left=2)}
    one = advice[_mask(parse("Kd"))]
    assert one.method == "exact"
    # The oracle: every first draw, then the rule_based draw over the 47 cards left.
    finals: Counter[int] = Counter()
    unseen = [c for c in range(52) if c not in hand]
    kept = tuple(c for c in hand if c != parse("Kd")[0])
    weight = Counter()
    for first in unseen:
        mid = tuple(sorted((*kept, first)))
        second = _badugi_rule(mid)
        dead = (parse("Kd")[0],)
        outcome = oracle.final_strengths("badugi", mid, second, dead)
        for s in outcome.tolist():
            finals[s] += 1
            weight[s] += 1 / len(outcome)
    total = sum(weight.values())
    expected = sum(s * w for s, w in weight.items()) / total
    assert one.expected_strength == pytest.approx(expected, rel=1e-12)
    del finals


def test_best_discards_falls_back_to_monte_carlo_with_an_interval() -> None:
    advice = cc.badugi.best_discards("Ks Qh Jd Tc", draws_left=3, samples=4_000)
    assert {a.method for a in advice} <= {"exact", "monte carlo"}
    carlo = [a for a in advice if a.method == "monte carlo"]
    assert carlo, "four-card draws with three draws left are not enumerable"
    for a in carlo:
        assert a.intervals is not None
        low, high = a.intervals["expected_strength"]
        assert low < a.expected_strength < high
    exact = [a for a in cc.badugi.best_discards("As 2h 3d Kd", draws_left=2)
             if a.method == "exact"]
    assert len(exact) >= 8
    carlo_all = cc.badugi.best_discards("As 2h 3d Kd", draws_left=2, method="monte carlo",
                                        samples=20_000, seed=3)
    by_discard = {a.discard.mask: a for a in exact}
    misses = 0
    for a in carlo_all:
        assert a.intervals is not None
        low, high = a.intervals["expected_strength"]
        if a.discard.mask in by_discard:
            misses += not low <= by_discard[a.discard.mask].expected_strength <= high
    assert misses <= 2  # up to 16 95% intervals: a miss or two is chance


def test_best_discards_against_a_drawing_hand_gives_a_win_interval() -> None:
    advice = cc.badugi.best_discards("As 2h 3d Kd", draws_left=2, against="5c 7d 9h Js",
                                     samples=20_000)
    assert all(a.win_probability is not None for a in advice)
    wins = [a.win_probability or 0.0 for a in advice]
    assert wins == sorted(wins, reverse=True)
    for a in advice:
        if a.method == "monte carlo":
            assert a.intervals is not None and "win_probability" in a.intervals


# ------------------------------------------------------------------------ bad input


@pytest.mark.parametrize("game", list(MODULES))
@pytest.mark.parametrize("call,message", [
    (lambda m: m.draw_odds("As 2h 3d Kd", "Kc"), "not in the hand"),
    (lambda m: m.draw_odds("As 2h 3d Kd", "Kd", dead="Kd"), "share"),
    (lambda m: m.draw_odds("As", "As"), "4 cards"),
    (lambda m: m.draw_odds("As 2h 3d Kd", "Kd", dead=[c for c in range(52) if c not in
                                                      (51, 2, 5, 45)]), "too few unseen"),
    (lambda m: m.best_discards("As 2h 3d Kd", draws_left=0), "draws_left"),
    (lambda m: m.best_discards("As 2h 3d Kd", draws_left=4), "draws_left"),
    (lambda m: m.best_discards("As 2h 3d Kd", draws_left="1"), "draws_left"),
    (lambda m: m.best_discards("As 2h 3d Kd", method="guess"), "method"),
    (lambda m: m.best_discards("As 2h 3d Kd", samples=0), "samples"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], samples=10**13), "samples"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], samples=1.5), "samples"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], draws_left=True), "draws_left"),
    (lambda m: m.equity(["As 2h 3d Kd"]), "two or more"),
    (lambda m: m.equity("As 2h 3d Kd"), "list of two or more"),
    (lambda m: m.equity(["As 2h 3d Kd", "Kd 5c 6c 7c"]), "shares Kd"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], dead="8c"), "shares 8c"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], draws_left=-1), "draws_left"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], draws_left=9), "draws_left"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], draws_left=1, discards=["Kd"]),
     "one entry"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], discards=["Kd", None]), "no draw"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], draws_left=1, discards=["9d", None]),
     "not in the hand"),
    (lambda m: m.equity(["As 2h 3d Kd"] + [f"{r}c {r}d {r}h {r}s" for r in "23456789"]),
     "1 to 8 hands"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], seed=-1), "seed"),
    (lambda m: m.equity(["As 2h 3d Kd", "5c 6c 7c 8c"], threads=0), "threads"),
    (lambda m: m.best_discards("As 2h 3d Kd", threads=-2), "threads"),
    (lambda m: m.best_discards("As 2h 3d", against="Kc"), "4 cards"),
    (lambda m: m.best_discards("As 2h 3d Kd", against="Kd 5c 6c 7c"), "shares Kd"),
])
def test_bad_input_is_a_value_error_naming_it(game: str, call: Any, message: str) -> None:
    module: ModuleType = MODULES[game]
    with pytest.raises(ValueError, match=message):
        call(module)


@pytest.mark.parametrize(("game", "needs", "short"), [
    ("badugi", "a Badugi hand needs 4", "As 2h 3d"), ("buh", "a Buh hand needs 2 to 4", "As")])
def test_a_hand_of_the_wrong_size_is_named_as_the_games_hand(game: str, needs: str,
                                                            short: str) -> None:
    with pytest.raises(ValueError, match=f"^{needs} cards, got {len(short.split())}"):
        MODULES[game].best_discards(short)
    with pytest.raises(ValueError, match=f"^{needs} cards, got 5"):
        MODULES[game].draw_odds("As 2h 3d 4c 5c", discard="As")
    with pytest.raises(ValueError, match=f"^{needs} cards, got 0"):
        MODULES[game].equity(["", "As 2h 3d 4c"])  # no cards is not a random hand


def test_a_granny_without_an_ace_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="granny"):
        cc.buh.draw_odds("2s Kd Qc Jh", "Kd Qc Jh")
    with pytest.raises(ValueError, match="granny"):
        cc.buh.draw_odds("As Kd Qc Jh", "As Kd Qc Jh")
    with pytest.raises(ValueError, match="granny"):
        cc.buh.equity(["2s Kd Qc Jh", "As 2h 3c 4d"], draws_left=1, discards=["Kd Qc Jh", None])
    with pytest.raises(ValueError, match="granny"):
        cc.buh.equity(["2s Kd Qc Jh", "As 2h 3c 4d"], draws_left=1,
                      discards=[None, "As 2h 3c 4d"])
    assert cc.badugi.draw_odds("2s Kd Qc Jh", "2s Kd Qc Jh").total == 194_580


def test_too_few_unseen_cards_for_the_draws_is_a_value_error() -> None:
    hands = [f"{r}c {r}d {r}h {r}s" for r in "23456789"]  # 32 cards, 20 unseen
    # Badugi's rule_based draw throws three cards of each: 24 cards > 20.
    with pytest.raises(ValueError, match="too few unseen cards"):
        cc.badugi.equity(hands, draws_left=1)
    with pytest.raises(ValueError, match="too few unseen cards"):
        cc.badugi.equity(hands, draws_left=1, discards=[None] * 7 + ["9c 9d 9h 9s"])
    assert cc.badugi.equity(hands).method == "exact"
    # Buh's draw never runs short (docs/rulebook/buh.md R-3): these hands throw 6s to 9s,
    # two each, 8 cards.
    result = cc.buh.equity(hands, draws_left=1, samples=2_000)
    assert sum(result.shares) == pytest.approx(1)
    assert result.shares[0] > 0.5  # 2-2-2-2 keeps its value 2, the best


def test_exact_on_request_refuses_an_enumeration_too_large() -> None:
    with pytest.raises(ValueError, match="method='exact'"):
        cc.badugi.equity(["Kc Qc Jc Tc", "Kd Qd Jd Td"], draws_left=3, method="exact")


def test_records_are_frozen_and_print() -> None:
    odds = cc.badugi.draw_odds("As 2h 3d Kd", "Kd")
    with pytest.raises(AttributeError):
        odds.total = 1  # type: ignore[misc]
    advice = cc.badugi.best_discards("As 2h 3d Kd")
    assert str(advice[0]).startswith("Kd: expected strength")
    assert "exact" in str(cc.badugi.equity(["As 2h 3d Kd", "2c 4d 6h 8s"]))


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_class_of_every_strength_is_the_oracles(game: str) -> None:
    names = getattr(cc._core, game).odds_classes()
    assert names == [oracle.class_of_strength(game)[s] for s in range(1, len(names) + 1)]


# ------------------------------------------------------------------------ command line


def test_the_odds_and_equity_commands_print_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    from cardcore import cli
    assert set(cli.ODDS) == {m.SPEC.name for m in cc._registry.MODULES
                             if hasattr(m, "best_discards") or hasattr(m, "arrangement_values")}
    assert set(cli.EQUITY) == {m.SPEC.name for m in cc._registry.MODULES if hasattr(m, "equity")}
    assert cli.main(["odds", "badugi", "As 2h 3d Kd", "--dead", "4c", "--against",
                     "5c 7d 9h Js"]) == 0
    shown = capsys.readouterr().out
    assert shown.strip() == cc.badugi.odds_table("As 2h 3d Kd", dead="4c",
                                                 against="5c 7d 9h Js").strip()
    assert shown.splitlines()[2].startswith("Kd ")
    assert cli.main(["odds", "BAIBUU", "Qs Kh 6c 4d"]) == 0
    assert "(house way" not in capsys.readouterr().out.splitlines()[0]
    assert cli.main(["equity", "buh", "As 2h 3c Kd", "4s 4h 5d 6c", "--draws", "1"]) == 0
    assert capsys.readouterr().out.strip() == cc.buh.explain_equity(
        ["As 2h 3c Kd", "4s 4h 5d 6c"], draws_left=1)


@pytest.mark.parametrize("argv,message", [
    (["odds", "baibuu", "Qs Kh 6c 4d", "--draws", "2"], "--draws does not apply to Bai Buu"),
    (["odds", "baibuu", "Qs Kh 6c 4d", "--against", "2c 3c 4c 5c"], "--against does not apply"),
    (["odds", "badugi", "As 2h 3d Kd", "--draws", "4"], "draws_left"),
    (["odds", "buh", "As 2h 3d Kd", "--dead", "As"], "share"),
    (["equity", "badugi", "As 2h 3d Kd"], "two or more"),
    (["equity", "buh", "As 2h 3d Kd", "As 5c 6c 7c"], "shares As"),
])
def test_bad_odds_commands_exit_2_with_a_message(argv: list[str], message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from cardcore import cli
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_games_without_odds_are_not_offered(capsys: pytest.CaptureFixture[str]) -> None:
    from cardcore import cli
    no_odds = [m.SPEC.name for m in cc._registry.MODULES if not hasattr(m, "odds_table")]
    for name in no_odds:
        with pytest.raises(SystemExit):
            cli.main(["odds", name, "As 2h 3d Kd"])
        assert "invalid choice" in capsys.readouterr().err
