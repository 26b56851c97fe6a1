"""Differential test: cardcore's Badugi ranking against PokerKit's ``BadugiHand``.

What is checked:

* Exhaustively, over all 270,725 four-card hands, that ``cc.badugi.strength_many`` and
  PokerKit induce the same total preorder: the same tie groups in the same order. A Badugi
  hand's value does not depend on which suits it holds, only on which of its cards share
  one (2.5 #2), so PokerKit evaluates each hand with its suits renamed in order of first
  appearance (``suit_pattern``): 20,410 distinct hands stand for all of them. Each hand
  gets a PokerKit key, minus ``BadugiHand.from_game(cards).entry.index`` (PokerKit's Badugi
  is a low game: its ``<``/``==`` compare hands by that index, a smaller index being the
  stronger hand). Both keys are mapped to dense ranks (0 for the weakest group, and so on)
  and the two dense-rank arrays must be identical. The PokerKit key is itself checked against
  PokerKit's own ``<`` and ``==`` operators on every pair of neighbours in key order.
* The 18 hand comparisons D1-D18 of docs/rulebook/badugi.md 2.7, through PokerKit's ``BadugiHand``
  and ``cc.badugi.compare``, both against the result stated in the table.

PokerKit card for cardcore card id ``4 * rank + suit``: rank 0 is the deuce, 12 the ace;
suits are clubs, diamonds, hearts, spades (PokerKit's ``c d h s``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest

import cardcore as cc
from tests.conftest import POKERKIT_MISSING

pytest.importorskip("pokerkit", reason=POKERKIT_MISSING)
from pokerkit import BadugiHand, Card, Hand

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
N_HANDS = 270_725
# Distinct Badugi values: C(13,4) four-card + C(13,3) three-card + C(13,2) + C(13,1).
N_VALUES = 715 + 286 + 78 + 13


def card_name(card_id: int) -> str:
    """PokerKit spelling of a cardcore card id, e.g. 51 -> 'As'."""
    return RANK_CHARS[card_id // 4] + SUIT_CHARS[card_id % 4]


POKERKIT_DECK: tuple[Card, ...] = tuple(next(iter(Card.parse(card_name(i)))) for i in range(52))


def pokerkit_hand(card_ids: Sequence[int]) -> Hand:
    """PokerKit's best Badugi hand from the given cardcore card ids."""
    return BadugiHand.from_game(tuple(POKERKIT_DECK[i] for i in card_ids))


def dense_rank(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Dense ranks of ``keys``: 0 for the smallest value, then 1, 2, ... with ties shared."""
    _, inverse = np.unique(keys, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64)


def suit_pattern(ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row of card ids (ascending) with its suits renamed 0, 1, ... in the order they
    first appear: the same hand up to the names of its suits, and the same for every
    renaming of them that keeps the row's order."""
    ranks, suits = ids // 4, ids % 4
    renamed = np.empty_like(suits)
    for row, row_suits in enumerate(suits.tolist()):
        first_seen: dict[int, int] = {}
        renamed[row] = [first_seen.setdefault(s, len(first_seen)) for s in row_suits]
    return 4 * ranks + renamed


def show_mask(mask: int) -> str:
    return str(cc.CardSet.from_mask(int(mask)))


def test_card_layout_matches_cardcore() -> None:
    """The id -> PokerKit card mapping used here is the one cardcore itself prints."""
    assert [str(cc.CardSet.from_mask(1 << i)) for i in range(52)] == [
        card_name(i) for i in range(52)
    ]
    assert [repr(c) for c in POKERKIT_DECK] == [card_name(i) for i in range(52)]


@pytest.mark.slow
def test_badugi_order_matches_pokerkit_on_every_hand() -> None:
    """Same tie groups in the same order as PokerKit on all 270,725 four-card hands."""
    masks = cc.all_hands(4)
    assert len(masks) == N_HANDS
    ids = cc.ids_from_masks(masks, 4)
    ours = np.asarray(cc.badugi.strength_many(masks), dtype=np.int64)

    # One PokerKit hand per suit pattern; every hand gets its pattern's.
    patterns, pattern_of = np.unique(suit_pattern(ids), axis=0, return_inverse=True)
    pattern_of = pattern_of.reshape(-1)
    pattern_hands = [pokerkit_hand(row) for row in patterns.tolist()]
    pattern_keys = np.array([-h.entry.index for h in pattern_hands], dtype=np.int64)
    theirs = pattern_keys[pattern_of]

    # Walk the hands sorted by PokerKit's key (ties by ours). The two orders are the same
    # preorder iff every neighbouring pair agrees: a PokerKit tie is our tie, and a PokerKit
    # step up is our step up. Any disagreement is a concrete counterexample pair.
    order = np.lexsort((ours, theirs))
    a, b = order[:-1], order[1:]
    their_tie = theirs[a] == theirs[b]
    our_tie = ours[a] == ours[b]
    our_up = ours[a] < ours[b]
    bad = np.flatnonzero(np.where(their_tie, ~our_tie, ~our_up))
    lines = [
        f"{show_mask(masks[i])!r} vs {show_mask(masks[j])!r}: pokerkit "
        f"{'tie' if theirs[i] == theirs[j] else 'second wins'}, "
        f"cardcore strengths {ours[i]} vs {ours[j]}"
        for i, j in zip(a[bad[:8]], b[bad[:8]], strict=True)
    ]

    dense_ours, dense_theirs = dense_rank(ours), dense_rank(theirs)
    assert np.array_equal(dense_ours, dense_theirs), (
        f"{len(bad)} neighbouring pairs disagree, e.g.\n" + "\n".join(lines)
    )
    assert dense_ours.max() + 1 == N_VALUES

    # The key is PokerKit's own order: check its < and == on every neighbouring pair of
    # patterns in key order.
    by_key = np.argsort(pattern_keys, kind="stable").tolist()
    for i, j in itertools.pairwise(by_key):
        first, second = pattern_hands[i], pattern_hands[j]
        if pattern_keys[i] == pattern_keys[j]:
            assert first == second, (patterns[i], patterns[j])
        else:
            assert first < second, (patterns[i], patterns[j])


# docs/rulebook/badugi.md 2.7, transcribed as written there: (name, first hand, second hand,
# result).
BADUGI_VECTORS: list[tuple[str, str, str, str]] = [
    ("D1", "A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 7♦", "first"),
    ("D2", "A♠ 2♥ 3♦ K♦", "A♥ 2♣ 3♠ 7♦", "second"),
    ("D3", "3♠ 5♦ 7♥ 8♣", "A♥ 2♣ 3♦ 9♠", "first"),
    ("D4", "8♥ 5♦ 3♠ A♥", "7♥ 5♣ 4♣ 3♦", "first"),
    ("D5", "A♦ A♠ 2♦ 2♣", "Q♦ J♦ 8♦ 4♦", "first"),
    ("D6", "10♦ 3♥ 2♣ A♠", "10♠ 4♦ 2♥ A♣", "first"),
    ("D7", "J♥ 10♠ 4♦ A♣", "Q♠ 3♥ 2♣ A♦", "first"),
    ("D8", "K♥ Q♦ J♠ 10♣", "A♠ A♥ 2♣ 3♣", "first"),
    ("D9", "4♦ 7♦ 8♦ 10♦", "A♦ A♠ A♥ A♣", "second"),
    ("D10", "2♥ 6♦ 6♣ 9♠", "3♥ 5♦ 7♠ Q♥", "second"),
    ("D11", "A♠ 2♠ 3♥ 4♦", "2♣ 3♣ 4♥ A♦", "second"),
    ("D12", "K♠ J♠ 8♥ 6♦", "K♥ J♥ 8♠ 6♣", "split"),
    ("D13", "5♠ 6♥ 7♦ 8♣", "A♠ 2♠ 3♠ 4♠", "first"),
    ("D14", "A♠ 2♠ 3♠ 4♠", "A♥ 2♥ 3♥ 5♥", "split"),
    ("D15", "4♣ 3♦ 2♥ A♠", "4♥ 3♠ 2♣ A♦", "split"),
    ("D16", "6♣ 7♠ 8♠ 9♠", "6♥ 7♣ 2♣ 9♣", "second"),
    ("D17", "A♣ 2♦ 2♥ K♣", "A♥ 3♠ K♦ Q♣", "second"),
    ("D18", "9♠ 8♥ 7♦ 6♣", "K♠ 2♥ 3♦ 4♣", "first"),
]
RESULT = {"first": 1, "second": -1, "split": 0}
SUIT_LETTER = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})


def to_pokerkit(text: str) -> str:
    """'10♦ 3♥ A♠' -> 'Td3hAs' (PokerKit's card notation)."""
    return "".join(card.replace("10", "T").translate(SUIT_LETTER) for card in text.split())


@pytest.mark.parametrize(
    ("first", "second", "result"),
    [v[1:] for v in BADUGI_VECTORS],
    ids=[v[0] for v in BADUGI_VECTORS],
)
def test_rules_vectors_pokerkit_and_cardcore(first: str, second: str, result: str) -> None:
    """docs/rulebook/badugi.md 2.7: PokerKit and cardcore both give the stated result."""
    h1 = BadugiHand.from_game(to_pokerkit(first))
    h2 = BadugiHand.from_game(to_pokerkit(second))
    theirs = (h1 > h2) - (h1 < h2)
    ours = cc.badugi.compare(first, second)
    assert (theirs, ours) == (RESULT[result], RESULT[result])
