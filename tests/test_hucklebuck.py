"""Hucklebuck tricks against the oracle written from docs/rulebook/hucklebuck.md 4.3 #5 and the
vectors T1-T6 and the legality vector of 4.6."""

from __future__ import annotations

import random

import pytest

import cardcore as cc
from tests.conftest import vector_ids
from tests.reference import hucklebuck as oracle
from tests.reference.vectors import TRICKS


@pytest.mark.parametrize(("tid", "trump", "plays", "winner"), TRICKS, ids=vector_ids(TRICKS))
def test_trick_vectors(tid: str, trump: str, plays: str, winner: str) -> None:
    players = [play.split()[0] for play in plays.split(",")]
    cards = [play.split()[1] for play in plays.split(",")]
    assert players[cc.hucklebuck.trick_winner(cards, trump)] == winner


def test_legality_vector() -> None:
    hand = "K♠ 4♠ 9♥ 2♣ 7♦"
    assert cc.hucklebuck.legal_plays(hand, led="♠") == cc.CardSet("K♠ 4♠")
    assert cc.hucklebuck.legal_plays(hand, led=cc.Card("Q♠")) == cc.CardSet("K♠ 4♠")
    assert cc.hucklebuck.legal_plays("Q♥ 9♥ 2♣ 7♦", led="s") == cc.CardSet("Q♥ 9♥ 2♣ 7♦")
    assert cc.hucklebuck.legal_plays(hand) == cc.CardSet(hand)


def test_random_tricks_and_hands_match_the_oracle() -> None:
    rng = random.Random(3)
    for _ in range(20000):
        plays = rng.sample(range(52), rng.randint(1, 7))
        trump = rng.randrange(4)
        assert cc.hucklebuck.trick_winner(plays, trump) == oracle.trick_winner(plays, trump)
        hand = tuple(sorted(rng.sample(range(52), rng.randint(1, 5))))
        led = rng.choice([None, 0, 1, 2, 3])
        assert tuple(cc.hucklebuck.legal_plays(hand, led).ids()) == oracle.legal_plays(hand, led)


@pytest.mark.parametrize(
    ("plays", "trump", "message"),
    [
        ([], "h", "at least one card"),
        (["As", "As"], "h", "played twice"),
        (["As", 52], "h", "not in 0-51"),
        (["As", "Kx"], "h", "invalid card 'Kx'"),
        (["As"], "x", "invalid suit 'x'"),
        (["As"], 4, "invalid suit 4"),
    ],
)
def test_bad_tricks(plays: list[str | int], trump: str | int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.hucklebuck.trick_winner(plays, trump)
