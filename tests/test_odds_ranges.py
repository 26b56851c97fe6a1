"""Equity against random hands and ranges, and Buh's odds at 2 and 3 cards (docs/odds.md),
against slow enumerations from the rules (tests/reference/odds.py), symmetry and bad input."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product

import numpy as np
import pytest

import cardcore as cc
from tests.reference import every_hand
from tests.reference import odds as oracle
from tests.reference.cards import parse

MODULES = {"badugi": cc.badugi, "buh": cc.buh}
GAME_PARAMS = [pytest.param(g, marks=pytest.mark.xdist_group(every_hand.GROUP[g])) for g in MODULES]


def _mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def _text(cards: tuple[int, ...]) -> str:
    return str(cc.CardSet(_mask(cards)))


def _showdown_shares(game: str, hands: list[tuple[int, ...]]) -> list[float]:
    strengths = [oracle.strength_of(game, tuple(sorted(h))) for h in hands]
    best = max(strengths)
    winners = [i for i, s in enumerate(strengths) if s == best]
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(hands))]


def _mean(rows: list[list[float]]) -> list[float]:
    return list(np.mean(np.array(rows), axis=0))


def _oracle_choices(game: str, choices: list[list[tuple[int, ...]]],
                    dead: tuple[int, ...] = ()) -> list[float]:
    """Each seat's share with no draw when seat i holds any hand of ``choices[i]``: the mean
    over every choice of hands that share no card with each other or the dead cards."""
    rows = [_showdown_shares(game, list(hands)) for hands in product(*choices)
            if len({c for h in hands for c in h} | set(dead)) == 4 * len(hands) + len(dead)]
    return _mean(rows)


def _every_hand_of(unseen: list[int]) -> list[tuple[int, ...]]:
    return list(combinations(unseen, 4))


# ------------------------------------------------------------------ random hands and ranges


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_a_random_hand_is_every_hand_of_the_unseen_cards(game: str) -> None:
    """"random" against a known hand, no draw: exact, and the mean over every four cards
    of the unseen ones (30 dead cards keep the enumeration short)."""
    rng = random.Random(7)
    for _ in range(4):
        cards = rng.sample(range(52), 34)
        hand, dead = tuple(sorted(cards[:4])), tuple(cards[4:])
        unseen = [c for c in range(52) if c not in cards]
        result = MODULES[game].equity([_mask(hand), "random"], dead=_mask(dead))
        assert result.method == "exact"
        expected = _oracle_choices(game, [[hand], _every_hand_of(unseen)])
        assert result.shares == pytest.approx(expected, abs=1e-12)
        # The same as the range of every hand, and as a list of the unseen ones.
        assert MODULES[game].equity([_mask(hand), "top 100%"], dead=_mask(dead)).shares == \
            pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_a_list_of_hands_leaves_out_the_ones_that_collide(game: str) -> None:
    """Two ranges and a known hand: every choice that shares no card counts alike, whether
    a range is a list or a comma-separated string."""
    known = parse("As 2h 3d Kd")
    first = [parse(t) for t in ("2c 4d 6h 8s", "As 5c 7d 9h", "3c 5d 7h 9s", "Kc Qd Jh Ts")]
    second = [parse(t) for t in ("3c 4h 5s 6d", "2c 7c 8d Js", "Ac Ah Ad 4s")]
    result = MODULES[game].equity([_text(known), [_text(h) for h in first],
                                   ", ".join(_text(h) for h in second)])
    assert result.method == "exact"
    assert result.shares == pytest.approx(_oracle_choices(game, [[known], first, second]),
                                          abs=1e-12)


@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_a_range_with_draws_is_the_mean_of_its_hands_showdowns() -> None:
    """One draw left: each hand of the range drawing by rule_based against a hand that
    draws the card given, every pair of draws enumerated (with 30 dead cards)."""
    from tests.test_odds import _badugi_rule, _oracle_heads_up_share
    rng = random.Random(9)
    cards = rng.sample(range(52), 38)
    known, dead = tuple(sorted(cards[:4])), tuple(cards[14:])
    ranged = [tuple(sorted(cards[4:8])), tuple(sorted(cards[8:12])),
              tuple(sorted((cards[0], *cards[12:15])))]  # the last shares a card: left out
    discard = (known[0],)
    result = cc.badugi.equity([_mask(known), [_text(h) for h in ranged]], draws_left=1,
                              dead=_mask(dead), discards=[_mask(discard), None])
    assert result.method == "exact"
    shares = [_oracle_heads_up_share("badugi", [known, h], [discard, _badugi_rule(h)], dead)
              for h in ranged[:2]]
    assert result.shares[0] == pytest.approx(float(np.mean(shares)), abs=1e-12)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_range_terms_are_their_definitions(game: str) -> None:
    """'top P%', a class and 'CARDS+' against the hands the reference evaluator puts in
    them, each the mean of its hands' showdowns with a known hand (no draw)."""
    known = parse("5c 6d 8h Ts")
    strengths = oracle.strengths(game)
    classes = oracle.class_of_strength(game)
    hands = every_hand.hands()
    ordered = np.sort(strengths)
    stronger = len(ordered) - np.searchsorted(ordered, strengths, side="right")
    cls = "4-card" if game == "badugi" else "natural"
    floor = parse("8s 7h 6d 5c") if game == "badugi" else parse("As 2h 3c 5d")
    terms = {
        "top 2.5%": stronger < 0.025 * len(hands),
        cls: np.array([classes[s] == cls for s in strengths.tolist()]),
        f"{_text(floor)}+": strengths >= oracle.strength_of(game, tuple(sorted(floor))),
    }
    collide = np.isin(np.array(hands), known).any(axis=1)
    for term, chosen in terms.items():
        s = strengths[chosen & ~collide]
        assert len(s), term
        mine = oracle.strength_of(game, tuple(sorted(known)))
        expected = float(np.mean((mine > s) + 0.5 * (mine == s)))
        result = MODULES[game].equity([_text(known), term])
        assert result.method == "exact"
        assert result.shares[0] == pytest.approx(expected, abs=1e-12), term


WITH_EQUITY = [m.SPEC.name for m in cc._registry.MODULES if hasattr(m, "equity")]


@pytest.mark.parametrize("game", WITH_EQUITY)
@pytest.mark.parametrize("hands", [["random", "random"], ["random", "random", "random"],
                                   ["top 10%", "top 10%"]])
def test_alike_hands_split_the_pot_evenly(game: str, hands: list[str]) -> None:
    module = cc._registry.module_of(game)
    result = module.equity(hands, draws_left=1, samples=40_000, seed=2)
    assert result.method == "monte carlo" and result.intervals is not None
    for low, high in result.intervals:
        assert low <= 1 / len(hands) <= high


@pytest.mark.parametrize("game", list(MODULES))
@pytest.mark.parametrize("entry,message", [
    ("top 120%", "'top 120%' in the range"),
    ("top 0%", "above 0"),
    ("2c 4d 6h 8s, nonsense", "'nonsense' in the range"),
    ("As 2h+", "4 cards, got 2"),
    ("2c 4d 6h 8s,", "'' in the range"),
    ([cc.CardSet("2c 4d 6h 8s"), 5.5], "5.5"),
    ("As 4c 5d 6h, 2h 7c 8d 9s", "no hand left"),  # each shares a card with the hand
])
def test_a_bad_range_names_the_bad_term(game: str, entry: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        MODULES[game].equity(["As 2h 3d Kd", entry])


def test_a_bad_range_of_long_terms_has_a_short_message() -> None:
    long_term = "x" * 1000
    with pytest.raises(ValueError) as error:
        cc.badugi.equity(["As 2h 3d Kd", f"top 5%, {long_term}, {long_term}"])
    assert "is not a range term" in str(error.value) and len(str(error.value)) < 500


def test_best_discards_against_a_random_hand() -> None:
    advice = cc.badugi.best_discards("As 2h 3d Kd", draws_left=1, against="random",
                                     samples=20_000)
    assert str(advice[0].discard) == "Kd" and advice[0].win_probability is not None
    assert 0.75 < advice[0].win_probability < 0.9


# ------------------------------------------------------------------ Buh at 2 and 3 cards


def _partial_legal(hand: tuple[int, ...], discard: tuple[int, ...]) -> bool:
    """A discard of a partial hand is legal when it is legal whatever completes it."""
    unseen = [c for c in range(52) if c not in hand]
    return all(oracle.is_legal_discard("buh", tuple(sorted(hand + extra)), discard)
               for extra in combinations(unseen, 4 - len(hand)))


def _partial_finals(hand: tuple[int, ...], discard: tuple[int, ...],
                    dead: tuple[int, ...]) -> list[int]:
    """The final strength for every set of new cards (dealt, then drawn for the discard)."""
    kept = tuple(c for c in hand if c not in discard)
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    return [oracle.strength_of("buh", tuple(sorted(kept + new)))
            for new in combinations(unseen, 4 - len(kept))]


@pytest.mark.xdist_group(every_hand.GROUP["buh"])
@pytest.mark.parametrize("size", [2, 3])
def test_buh_draw_odds_of_a_partial_hand_are_the_oracles(size: int) -> None:
    rng = random.Random(size)
    for _ in range(4):
        cards = rng.sample(range(52), size + 20)
        hand, dead = tuple(sorted(cards[:size])), tuple(cards[size:])
        discards = [d for k in range(size + 1) for d in combinations(hand, k)]
        legal = [d for d in discards if _partial_legal(hand, d)]
        advice = cc.buh.best_discards(_mask(hand), dead=_mask(dead))
        assert sorted(a.discard.mask for a in advice) == sorted(_mask(d) for d in legal)
        for d in legal:
            odds = cc.buh.draw_odds(_mask(hand), _mask(d), dead=_mask(dead))
            finals = _partial_finals(hand, d, dead)
            assert odds.total == len(finals)
            assert {s: int(n) for s, n in enumerate(odds.counts) if n} == Counter(finals)
        for d in set(discards) - set(legal):
            with pytest.raises(ValueError, match="whatever completes the hand"):
                cc.buh.draw_odds(_mask(hand), _mask(d), dead=_mask(dead))


@pytest.mark.xdist_group(every_hand.GROUP["buh"])
def test_buh_equity_of_partial_hands_is_the_oracles() -> None:
    """A 3-card hand against a 2-card one with no draw (both dealt the rest), and a 3-card
    hand drawing against a made hand, with 36 dead cards."""
    rng = random.Random(4)
    for _ in range(3):
        cards = rng.sample(range(52), 41)
        a, b, dead = tuple(sorted(cards[:3])), tuple(sorted(cards[3:5])), tuple(cards[5:])
        unseen = [c for c in range(52) if c not in cards]
        rows = [_showdown_shares("buh", [(*a, x), b + y])
                for x in unseen for y in combinations([c for c in unseen if c != x], 2)]
        result = cc.buh.equity([_mask(a), _mask(b)], dead=_mask(dead))
        assert result.method == "exact"
        assert result.shares == pytest.approx(_mean(rows), abs=1e-12)
        made = tuple(sorted(cards[3:7]))
        dead = tuple(cards[7:])
        discard = (a[0],)
        mine = oracle.strength_of("buh", made)
        finals = _partial_finals(a, discard, dead + made)
        expected = float(np.mean([(s > mine) + 0.5 * (s == mine) for s in finals]))
        result = cc.buh.equity([_mask(a), _mask(made)], draws_left=1, dead=_mask(dead),
                               discards=[_mask(discard), ""])
        assert result.method == "exact"
        assert result.shares[0] == pytest.approx(expected, abs=1e-12)


def test_buh_hands_hold_2_to_4_cards() -> None:
    assert cc.buh.draw_odds("As 2h 3c", "3c").total == 49 * 48 // 2
    with pytest.raises(ValueError, match="a Buh hand needs 2 to 4 cards, got 1"):
        cc.buh.equity(["As", "2h 3c 4d 5s"])
    with pytest.raises(ValueError, match="whatever completes the hand"):
        cc.buh.draw_odds("As 2h 3c", "As 2h 3c")  # three thrown keep no known ace
