"""Cards, card sets, parsing and mask arrays (docs/design.md "Cards")."""

from __future__ import annotations

import pickle
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore as cc

RANK_SPELLINGS = {r: [r, r.lower()] for r in "23456789JQKA"} | {"T": ["T", "t", "10"]}
SUIT_SPELLINGS = {"c": ["c", "C", "♣", "♧"], "d": ["d", "D", "♦", "♢"], "h": ["h", "H", "♥", "♡"],
                  "s": ["s", "S", "♠", "♤"]}

card_ids = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=(1 << 52) - 1)


def test_card_ids_follow_the_fixed_convention() -> None:
    assert [cc.Card(s).id for s in ("2c", "2d", "2h", "2s", "3c", "Tc", "As")] == [
        0, 1, 2, 3, 4, 32, 51]
    assert cc.Card("Kd").rank == "K" and cc.Card("Kd").suit == "d"
    assert cc.CardSet("As 2c").mask == 1 << 51 | 1


@given(card=card_ids, data=st.data())
def test_every_spelling_of_a_card_parses_to_it(card: int, data: st.DataObject) -> None:
    text = str(cc.Card(card))
    rank = data.draw(st.sampled_from(RANK_SPELLINGS[text[0]]))
    suit = data.draw(st.sampled_from(SUIT_SPELLINGS[text[1]]))
    assert cc.Card(rank + suit).id == card
    if suit not in "cdhsCDHS":  # a symbol may carry the emoji variation selector
        assert cc.Card(rank + suit + "\ufe0f").id == card


@given(mask=masks, separator=st.sampled_from([" ", ",", ", ", "  ", "\t"]))
def test_cardset_round_trips_through_text(mask: int, separator: str) -> None:
    cards = cc.CardSet.from_mask(mask)
    assert cc.CardSet(separator.join(str(c) for c in cards)) == cards
    assert cc.CardSet(cards.pretty()) == cards
    assert cc.CardSet(str(cards)) == cards
    assert eval(repr(cards), {"CardSet": cc.CardSet}) == cards
    assert pickle.loads(pickle.dumps(cards)) == cards
    assert [c.id for c in cards] == sorted(c.id for c in cards)


@given(a=masks, b=masks)
def test_cardset_algebra_is_set_algebra(a: int, b: int) -> None:
    x, y = cc.CardSet.from_mask(a), cc.CardSet.from_mask(b)
    fx, fy = frozenset(x), frozenset(y)
    assert frozenset(x | y) == fx | fy
    assert frozenset(x & y) == fx & fy
    assert frozenset(x - y) == fx - fy
    assert frozenset(x ^ y) == fx ^ fy
    assert (x <= y) == (fx <= fy) and (x < y) == (fx < fy)
    assert (x >= y) == (fx >= fy) and (x > y) == (fx > fy)
    assert x.isdisjoint(y) == fx.isdisjoint(fy)
    assert len(x) == len(fx)
    assert (x == y) == (hash(x) == hash(y) and fx == fy)
    assert all(card in x for card in fx)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Kx", "invalid card 'Kx' at position 2"),
        ("As 1s", "invalid card '1s' at position 2"),
        ("Ass", "invalid card 'Ass' at position 1"),
        ("As, 10", "invalid card '10' at position 2"),
        ("As Kd as", "duplicate card 'as' at position 3"),
        ("A♠ A♠", "duplicate card 'A♠' at position 2"),
        ("Zz", "expected a rank"),
    ],
)
def test_malformed_and_duplicate_cards_name_the_token(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.CardSet(text)


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (1 << 52, ValueError, "outside the 52 card positions"),
        (-1, ValueError, "negative"),
        (1 << 70, ValueError, "too large"),
        ([0, 0], ValueError, "duplicate card 2c at position 2"),
        ([52], ValueError, "not in 0-51"),
        (["As", None], TypeError, "expected a card"),
        (None, TypeError, "expected cards"),
        (1.5, TypeError, "expected cards"),
        (True, TypeError, "expected cards"),
    ],
)
def test_bad_card_likes(cards: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        cc.CardSet(cards)  # type: ignore[arg-type]


def test_single_cards() -> None:
    with pytest.raises(ValueError, match="exactly one card"):
        cc.Card("As Kd")
    assert cc.Card(cc.Card("As")) == cc.Card(51) == cc.Card.from_id(51)
    assert sorted([cc.Card("As"), cc.Card("2c")]) == [cc.Card("2c"), cc.Card("As")]
    assert pickle.loads(pickle.dumps(cc.Card("Th"))) == cc.Card("Th")
    assert cc.Card("As") in cc.CardSet("As") and "as" in cc.CardSet("As") and 51 in cc.CardSet("As")
    assert None not in cc.CardSet("As")


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_all_hands_lists_every_mask_once_in_increasing_order(k: int) -> None:
    hands = cc.all_hands(k)
    assert hands.dtype == np.uint64 and len(hands) == comb(52, k)
    assert (np.diff(hands.astype(np.float64)) > 0).all() if k else hands.tolist() == [0]
    if k <= 3:
        assert {int(h).bit_count() for h in hands} == {k}


def test_random_hands_are_reproducible_and_uniform() -> None:
    a = cc.random_hands(200000, 4, seed=9)
    assert np.array_equal(a, cc.random_hands(200000, 4, seed=9))
    assert not np.array_equal(a, cc.random_hands(200000, 4, seed=10))
    assert {int(m).bit_count() for m in a[:1000]} == {4}
    counts = np.bincount(cc.ids_from_masks(a, 4).reshape(-1), minlength=52)
    expected = 200000 * 4 / 52
    assert ((counts - expected) ** 2 / expected).sum() < 100  # chi-square, 51 dof, p ~ 1e-4
    assert {int(m).bit_count() for m in cc.random_hands(50, 40, seed=1)} == {40}


def test_random_deals_are_disjoint() -> None:
    deals = cc.random_deals(10000, (5, 5, 5, 1), seed=3)
    assert deals.shape == (10000, 4)
    union = np.bitwise_or.reduce(deals, axis=1)
    assert all(int(u).bit_count() == 16 for u in union)
    with pytest.raises(ValueError, match="more than 52 cards"):
        cc.random_deals(1, (30, 30))


def test_ids_and_masks_convert_both_ways() -> None:
    masks = cc.random_hands(1000, 3, seed=2)
    ids = cc.ids_from_masks(masks, 3)
    assert ids.shape == (1000, 3) and (np.diff(ids.astype(int), axis=1) > 0).all()
    assert np.array_equal(cc.masks_from_ids(ids), masks)
    with pytest.raises(ValueError, match=r"ids\[1, 1\]: duplicate card 2c"):
        cc.masks_from_ids([[0, 1], [0, 0]])
    with pytest.raises(ValueError, match=r"ids\[0, 0\] = 52"):
        cc.masks_from_ids([[52, 1]])
    with pytest.raises(ValueError, match="integer array"):
        cc.masks_from_ids([[0.0, 1.0]])
    with pytest.raises(ValueError, match=r"masks\[1\] = 7: a hand needs 2 cards, got 3 \(2c"):
        cc.ids_from_masks([3, 7], 2)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "1"])
def test_bad_seeds(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        cc.random_hands(1, 4, seed=seed)  # type: ignore[arg-type]
