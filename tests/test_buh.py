"""Buh evaluation against the oracle written from docs/rulebook/buh.md (every 2-, 3- and 4-card
hand) and against every vector of docs/rulebook/buh.md 1.9."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

import cardcore as cc
from tests.conftest import dense_ranks, vector_ids
from tests.reference import buh as oracle
from tests.reference import every_hand
from tests.reference.cards import parse
from tests.reference.vectors import BUH_CLASS, BUH_DECLARATIONS, BUH_HANDS, BUH_PAIRS, HOOCH

FIELDS = ("value", "is_flush", "is_skunk", "is_buh", "is_double_buh", "is_star", "is_natural",
          "hand_class")


def library_fields(cards: tuple[int, ...]) -> dict[str, object]:
    return hand_fields(cc.buh.evaluate(cards))


def hand_fields(hand: cc.buh.BuhHand) -> dict[str, object]:
    fields: dict[str, object] = {name: getattr(hand, name) for name in FIELDS}
    fields["hooch"] = tuple(HOOCH[h] for h in hand.hooch)
    return fields


def oracle_fields(cards: tuple[int, ...]) -> dict[str, object]:
    return fields_of(oracle.evaluate(cards))


def fields_of(result: Mapping[str, object]) -> dict[str, object]:
    return {name: result[name] for name in (*FIELDS, "hooch")}


@pytest.mark.parametrize("size", [2, 3])
def test_every_partial_hand_matches_the_oracle(size: int) -> None:
    for cards in combinations(range(52), size):
        assert library_fields(cards) == oracle_fields(cards), cards


@pytest.fixture(scope="module")
def every_buh_hand(four_card_masks: npt.NDArray[np.uint64]) -> list[cc.buh.BuhHand]:
    """cc.buh.evaluate of every four-card hand, in the order of four_card_masks (and of
    four_card_hands), once for the tests of this file in the group of every_hand.GROUP."""
    return [cc.buh.evaluate(mask) for mask in four_card_masks.tolist()]


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["buh"])
def test_every_four_card_hand_matches_the_oracle(
    four_card_hands: list[tuple[int, ...]], every_buh_hand: list[cc.buh.BuhHand]
) -> None:
    evaluations = every_hand.buh_evaluations()  # oracle.evaluate of every four-card hand
    for cards, hand in zip(four_card_hands, every_buh_hand, strict=True):
        assert tuple(hand.cards.ids()) == cards
        assert hand_fields(hand) == fields_of(evaluations[every_hand.position(cards)]), cards


@pytest.mark.slow
def test_strength_orders_every_four_card_hand_as_the_oracle_key(
    four_card_masks: npt.NDArray[np.uint64], four_card_hands: list[tuple[int, ...]]
) -> None:
    expected = dense_ranks([oracle.key(cards) for cards in four_card_hands])
    actual = cc.buh.strength_many(four_card_masks)
    assert np.array_equal(actual, expected)
    assert actual.max() == cc.buh.NUM_STRENGTHS


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["buh"])
def test_counts_of_rules_1_5(every_buh_hand: list[cc.buh.BuhHand]) -> None:
    hands = every_buh_hand
    assert sum(h.is_buh and not h.is_flush for h in hands) == 1321
    assert sum(h.is_flush and h.value == 1 for h in hands) == 44
    assert sum(h.is_double_buh for h in hands) == 4
    assert sum(h.is_star for h in hands) == 1


@pytest.mark.parametrize("name", BUH_HANDS)
def test_hand_vectors(name: str) -> None:
    text, _base, flush, value, hooch, label = BUH_HANDS[name]
    hand = cc.buh.evaluate(parse(text))
    assert hand.is_flush == (flush == "yes")
    assert hand.value == (0 if value == "—" else int(value))
    assert hand.hooch == (() if hooch == "—" else tuple(hooch.split()))
    assert hand.hand_class == BUH_CLASS[label]
    assert hand.strength == cc.buh.strength(parse(text))


@pytest.mark.parametrize(("pid", "first", "second", "winner"), BUH_PAIRS, ids=vector_ids(BUH_PAIRS))
def test_showdown_vectors(pid: str, first: str, second: str, winner: str) -> None:
    a, b = parse(BUH_HANDS[first][0]), parse(BUH_HANDS[second][0])
    expected = {first: 1, second: -1, "CHOKE": 0}[winner]
    assert cc.buh.compare(a, b) == expected
    assert cc.buh.compare(b, a) == -expected


@pytest.mark.parametrize(
    ("did", "text", "value", "is_buh"), BUH_DECLARATIONS, ids=vector_ids(BUH_DECLARATIONS)
)
def test_declaration_vectors(did: str, text: str, value: int, is_buh: bool) -> None:
    hand = cc.buh.evaluate(parse(text))
    assert (hand.value, hand.is_buh) == (value, is_buh)


def test_descriptions_name_what_counts() -> None:
    assert cc.buh.evaluate("Ah Ac Ad As").description == "star (1 point), natural"
    assert cc.buh.evaluate("Js Qh Qc Kd").description == "skunk, hooch J Q Q K"
    assert str(cc.buh.evaluate("3s 4s 5s Js")) == "3s 4s 5s Js: 2 points, flush, hooch J"


@pytest.mark.parametrize("cards", ["As", "As Kd 2c 3h 4s", ""])
def test_evaluate_rejects_wrong_sizes(cards: str) -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 cards"):
        cc.buh.evaluate(cards)


@pytest.mark.parametrize("cards", ["As Kd 2c", "As Kd 2c 3h 4s", 1 << 52 | 15])
def test_strength_takes_four_card_hands_only(cards: str | int) -> None:
    with pytest.raises(ValueError, match=r"4 cards|bits outside"):
        cc.buh.strength(cards)
    with pytest.raises(ValueError, match=r"4 cards|bits outside"):
        cc.buh.compare(cards, "As Ks Qs Js")
