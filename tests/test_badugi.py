"""Badugi evaluation against the oracle written from docs/rulebook/badugi.md 2.5 (every four-card
hand: order and cards used) and the comparisons D1-D18 of 2.7."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import cardcore as cc
from tests.conftest import dense_ranks, vector_ids
from tests.reference import every_hand
from tests.reference.cards import parse
from tests.reference.vectors import BADUGI_PAIRS


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_strength_orders_every_hand_as_the_oracle(
    four_card_masks: npt.NDArray[np.uint64], four_card_hands: list[tuple[int, ...]]
) -> None:
    oracle_results = every_hand.badugi_keys_and_cards()  # oracle.key, oracle.best_cards
    expected = dense_ranks(
        [oracle_results[every_hand.position(cards)][0] for cards in four_card_hands])
    assert np.array_equal(cc.badugi.strength_many(four_card_masks), expected)
    assert cc.badugi.NUM_STRENGTHS == len(set(expected.tolist())) == 1092


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_cards_used_match_the_oracle_for_every_hand(
    four_card_hands: list[tuple[int, ...]],
) -> None:
    oracle_results = every_hand.badugi_keys_and_cards()  # oracle.key, oracle.best_cards
    for cards in four_card_hands:
        hand = cc.badugi.evaluate(cards)
        (size, ranks), used = oracle_results[every_hand.position(cards)]
        assert tuple(hand.used.ids()) == used, cards
        assert (hand.size, hand.ranks) == (-size, ranks), cards


@pytest.mark.parametrize(
    ("did", "a", "a_value", "b", "b_value", "result"), BADUGI_PAIRS, ids=vector_ids(BADUGI_PAIRS)
)
def test_comparison_vectors(
    did: str, a: str, a_value: str, b: str, b_value: str, result: str
) -> None:
    assert cc.badugi.evaluate(parse(a)).description == a_value.replace("10", "T")
    assert cc.badugi.evaluate(parse(b)).description == b_value.replace("10", "T")
    expected = {"first": 1, "second": -1, "split": 0}[result]
    assert cc.badugi.compare(parse(a), parse(b)) == expected
    assert cc.badugi.compare(parse(b), parse(a)) == -expected


def test_cards_used_prefer_the_lowest_ids() -> None:
    assert str(cc.badugi.evaluate("As Ah 2c 9c").used) == "2c Ah"  # either ace: A♥ has the lower id
    assert str(cc.badugi.evaluate("As 2h 3d Kd").used) == "2h 3d As"  # K♦ dropped (2.1 §07)
    assert cc.badugi.evaluate("4c 3d 2h As").is_badugi


@pytest.mark.parametrize("cards", ["As Kd 2c", "As Kd 2c 3h 4s", 0])
def test_rejects_hands_that_are_not_four_cards(cards: str | int) -> None:
    with pytest.raises(ValueError, match="4 cards"):
        cc.badugi.evaluate(cards)
    with pytest.raises(ValueError, match="4 cards"):
        cc.badugi.strength(cards)
