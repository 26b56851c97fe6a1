"""Check the reference oracles against every test vector in docs/rulebook/ and the stated counts.

Vectors are transcribed from the markdown tables: buh.md 1.9, badugi.md 2.7, baibuu.md 3.5
#3, 3.6 #4 and 3.11, hucklebuck.md 4.6. Cards are written with spaces so that
`cards.parse` can read them.
"""

from __future__ import annotations

import numpy as np
import pytest

from . import badugi, baibuu, buh, every_hand, hucklebuck
from .cards import all_hands, parse, show
from .vectors import (
    BADUGI_PAIRS,
    BADUGI_RANK,
    BAIBUU_NATURALS,
    BAIBUU_VECTORS,
    BUH_CLASS,
    BUH_DECLARATIONS,
    BUH_HANDS,
    BUH_PAIRS,
    BUH_RESUITED,
    HOOCH,
    HOUSE_WAY,
    RANK_WORD,
    SUITS,
    TRICKS,
)


def ids(vectors: list[tuple]) -> list[str]:
    """Test ids: the vector names of the rules tables (first column)."""
    return [v[0] for v in vectors]

# ====================================================================== Buh (buh.md 1.9)


def buh_hand(name: str) -> tuple[int, ...]:
    return parse(BUH_HANDS[name][0])


@pytest.mark.parametrize("name", BUH_HANDS)
def test_buh_hand_values(name: str) -> None:
    text, base, flush, v, h, label = BUH_HANDS[name]
    cards = parse(text)
    result = buh.evaluate(cards)
    assert buh.base_value(cards) == base
    assert result["is_flush"] == (flush == "yes")
    assert result["value"] == (0 if v == "—" else int(v))
    assert result["hooch"] == (() if h == "—" else tuple(HOOCH[x] for x in h.split()))
    assert result["hand_class"] == BUH_CLASS[label]
    assert result["is_natural"] == (h == "—")
    assert result["is_skunk"] == (label == "skunk")
    assert result["is_star"] == (label == "star")
    assert result["is_double_buh"] == (label == "double buh")
    assert result["is_buh"] == (label in ("star", "double buh", "buh", "buh (R-5)"))


@pytest.mark.parametrize(("pid", "first", "second", "winner"), BUH_PAIRS, ids=ids(BUH_PAIRS))
def test_buh_showdowns(pid: str, first: str, second: str, winner: str) -> None:
    expected = {first: 1, second: -1, "CHOKE": 0}[winner]
    assert buh.compare(buh_hand(first), buh_hand(second)) == expected
    assert buh.compare(buh_hand(second), buh_hand(first)) == -expected


@pytest.mark.parametrize(
    ("pids", "name", "text"), BUH_RESUITED, ids=["+".join(v[0]) for v in BUH_RESUITED]
)
def test_buh_resuited_versions(pids: tuple[str, ...], name: str, text: str) -> None:
    resuited = parse(text)
    assert buh.key(resuited) == buh.key(buh_hand(name))
    pairs = {pid: (first, second, winner) for pid, first, second, winner in BUH_PAIRS}
    for pid in pids:
        first, second, winner = pairs[pid]
        hands = {first: buh_hand(first), second: buh_hand(second)}
        hands[name] = resuited
        assert not set(hands[first]) & set(hands[second]), f"{pid} is not disjoint"
        expected = {first: 1, second: -1, "CHOKE": 0}[winner]
        assert buh.compare(hands[first], hands[second]) == expected


@pytest.mark.parametrize(
    ("did", "text", "v", "is_buh"), BUH_DECLARATIONS, ids=ids(BUH_DECLARATIONS)
)
def test_buh_declarations(did: str, text: str, v: int, is_buh: bool) -> None:
    result = buh.evaluate(parse(text))
    assert result["value"] == v
    assert result["is_buh"] == is_buh
    if len(parse(text)) < 4:
        assert not result["is_flush"]


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["buh"])
def test_buh_counts_over_all_four_card_hands() -> None:
    """1.5: 1,321 non-flush buhs (star included), 44 flushes of value 1, 4 double buhs."""
    non_flush_buhs = flush_value_one = double_buhs = stars = 0
    for result in every_hand.buh_evaluations():  # buh.evaluate of every four-card hand
        non_flush_buhs += result["is_buh"] and not result["is_flush"]
        flush_value_one += result["is_flush"] and result["value"] == 1
        double_buhs += result["is_double_buh"]
        stars += result["is_star"]
    assert (non_flush_buhs, flush_value_one, double_buhs, stars) == (1321, 44, 4, 1)


def test_buh_rejects_wrong_sizes() -> None:
    with pytest.raises(ValueError):
        buh.key(parse("A♠ 2♥ 3♦"))
    with pytest.raises(ValueError):
        buh.evaluate(parse("A♠"))


# ====================================================================== Badugi (2.7)


def badugi_value_key(label: str) -> tuple[int, tuple[int, ...]]:
    """"3-card 3-2-A" -> (-3, (3, 2, 1))."""
    size, ranks = label.split()
    values = tuple(BADUGI_RANK.get(x) or int(x) for x in ranks.split("-"))
    return (-int(size.removesuffix("-card")), values)


@pytest.mark.parametrize(
    ("did", "a", "a_value", "b", "b_value", "result"), BADUGI_PAIRS, ids=ids(BADUGI_PAIRS)
)
def test_badugi_comparisons(
    did: str, a: str, a_value: str, b: str, b_value: str, result: str
) -> None:
    assert badugi.key(parse(a)) == badugi_value_key(a_value)
    assert badugi.key(parse(b)) == badugi_value_key(b_value)
    expected = {"first": 1, "second": -1, "split": 0}[result]
    assert badugi.compare(parse(a), parse(b)) == expected


def test_badugi_cards_used() -> None:
    """2.5 #6 and 2.1 §07: A♠ A♥ 2♣ can use either ace (lowest ids); K♦ is dropped."""
    assert badugi.best_cards(parse("A♠ A♥ 2♣ 2♦")) == tuple(sorted(parse("A♥ 2♣")))
    assert badugi.best_cards(parse("A♠ 2♥ 3♦ K♦")) == tuple(sorted(parse("A♠ 2♥ 3♦")))


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["badugi"])
def test_badugi_all_hands_consistent() -> None:
    """Over all 4-card hands: the cards used are legal and give the key; 17,160 badugis."""
    four_card = 0
    # badugi.key and badugi.best_cards of every four-card hand
    for hand, ((k, ranks), used) in zip(
        every_hand.hands(), every_hand.badugi_keys_and_cards(), strict=True
    ):
        assert badugi.is_legal(used) and len(used) == -k and set(used) <= set(hand)
        assert badugi.descending_ranks(used) == ranks
        four_card += k == -4
    assert four_card == 715 * 24  # C(13, 4) rank sets x 4! suit assignments


# ====================================================================== Bai Buu (3.11)


def class_key(label: str) -> tuple[int, int]:
    """A class label of 3.11 ("9", "Bửu K", "Công Lớn", "Công Nhỏ") -> its 3.4 key."""
    if label.startswith("Bửu "):
        rank = label.removeprefix("Bửu ")
        return (4, RANK_WORD.get(rank) or int(rank))
    return {"Công Lớn": (3, 0), "Công Nhỏ": (2, 0)}.get(label) or (1, int(label))


def side(text: str) -> tuple[int, ...] | tuple[tuple[int, ...], tuple[int, ...]]:
    """"4♠ 5♥ / K♠ K♥" -> (low, high); "6♠ 7♠ 8♠ 9♠" -> four card ids."""
    if "/" in text:
        low, high = text.split("/")
        return (parse(low), parse(high))
    return parse(text)


def check_classes(hand: tuple, labels: str | None) -> None:
    if labels is None:
        return
    low_label, high_label = (x.strip() for x in labels.split("/"))
    low, high = hand
    assert baibuu.two_card_key(*low) == class_key(low_label)
    assert baibuu.two_card_key(*high) == class_key(high_label)


@pytest.mark.parametrize(
    ("vid", "banker", "banker_classes", "player", "player_classes", "expected"),
    BAIBUU_VECTORS,
    ids=ids(BAIBUU_VECTORS),
)
def test_baibuu_settlement_vectors(
    vid: str, banker: str, banker_classes: str | None, player: str,
    player_classes: str | None, expected: tuple,
) -> None:
    b, p = side(banker), side(player)
    check_classes(b, banker_classes)
    check_classes(p, player_classes)
    winner = expected[0]
    result = baibuu.settle(b, p)
    assert (result["winner"], result["reason"], result["low"], result["high"]) == expected
    assert result[f"{winner}_net"] == 97
    assert result[f"{'player' if winner == 'banker' else 'banker'}_net"] == -100
    if vid in BAIBUU_NATURALS:
        banker_natural, player_natural = BAIBUU_NATURALS[vid]
        assert baibuu.natural(flat(b)) == banker_natural
        assert baibuu.natural(flat(p)) == player_natural


def flat(hand: tuple) -> tuple[int, ...]:
    return hand if len(hand) == 4 else hand[0] + hand[1]


def test_baibuu_v11_banker_forms() -> None:
    """V11: the house way gives A♠3♥ / 10♠10♥; the printed order would be rejected (R-8)."""
    player = side("5♣ 5♦ / K♣ 4♦")
    as_four = baibuu.settle(parse("A♠ 3♥ 10♠ 10♥"), player)
    assert (as_four["winner"], as_four["reason"]) == ("banker", "player_foul")
    low, high = baibuu.house_way(parse("A♠ 3♥ 10♠ 10♥"))
    assert (show(low), show(high)) == ("3♥ A♠", "10♥ 10♠")
    with pytest.raises(ValueError):
        baibuu.settle(side("10♠ 10♥ / A♠ 3♥"), player)


@pytest.mark.parametrize(
    ("vid", "wager", "commission", "net"),
    [("V25", 100, 3, 97), ("V26", 3500, 105, 3395), ("V27", 10, 0, 10)],
    ids=["V25", "V26", "V27"],
)
def test_baibuu_commission(vid: str, wager: int, commission: int, net: int) -> None:
    """V25-V27: the player wins (here with V2's deal); commission = floor(w * 300 / 10000)."""
    result = baibuu.settle(side("3♠ 3♥ / J♠ J♥"), side("4♣ 4♦ / Q♣ Q♦"), wager=wager)
    assert result["winner"] == "player"
    assert result["player_net"] == net == wager - commission
    assert result["banker_net"] == -wager


def test_baibuu_banker_commission_rate() -> None:
    result = baibuu.settle(side("4♠ 5♥ / K♠ K♥"), side("3♣ 5♦ / Q♣ Q♦"), wager=10000,
                           commission_bp=300, banker_commission_bp=125)
    assert (result["banker_net"], result["player_net"]) == (9875, -10000)


def as_sets(split: tuple) -> tuple[frozenset[int], frozenset[int]]:
    return frozenset(split[0]), frozenset(split[1])


def split_keys(split: tuple) -> tuple[tuple[int, int], tuple[int, int]]:
    return baibuu.two_card_key(*split[0]), baibuu.two_card_key(*split[1])


@pytest.mark.parametrize(("hid", "cards", "valid", "pick"), HOUSE_WAY, ids=ids(HOUSE_WAY))
def test_baibuu_house_way(hid: str, cards: str, valid: list[str], pick: str) -> None:
    hand = parse(cards)
    valid_arrangements = [a for a in baibuu.arrangements(hand) if baibuu.is_valid(*a)]
    assert {as_sets(a) for a in valid_arrangements} == {as_sets(side(s)) for s in valid}
    chosen = baibuu.house_way(hand)
    assert split_keys(chosen) == split_keys(side(pick))


def test_baibuu_two_card_basics() -> None:
    """3.3-3.4: points, keys and classes."""
    assert [baibuu.points(c) for c in parse("A♠ 2♠ 9♠ 10♠ J♠ Q♠ K♠")] == [1, 2, 9, 0, 0, 0, 0]
    assert baibuu.two_card_key(*parse("A♠ A♥")) == (4, 14)
    assert baibuu.two_card_key(*parse("10♠ J♥")) == (1, 0)  # 10 is not a picture
    assert baibuu.two_card_class(*parse("K♠ J♥")) == "cong_lon"
    assert baibuu.two_card_class(*parse("9♦ A♣")) == "cong_nho"
    assert baibuu.two_card_key(*parse("8♠ 7♥")) == (1, 5)
    hcv = baibuu.highest_card_value
    assert hcv(parse("A♠")[0]) > hcv(parse("A♥")[0]) > hcv(parse("A♣")[0])
    assert hcv(parse("A♣")[0]) > hcv(parse("A♦")[0]) > hcv(parse("K♠")[0])


def test_baibuu_arrangement_order() -> None:
    """docs/design.md action ids: Low = pair i of (0,1),(0,2),(0,3),(1,2),(1,3),(2,3)."""
    assert baibuu.arrangements((51, 20, 9, 4)) == [
        ((4, 9), (20, 51)), ((4, 20), (9, 51)), ((4, 51), (9, 20)),
        ((9, 20), (4, 51)), ((9, 51), (4, 20)), ((20, 51), (4, 9)),
    ]


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["baibuu"])
def test_baibuu_naturals_and_house_way_over_all_hands() -> None:
    """3.5 #3 counts; 3.6 #4 every non-natural has a valid split; house way always valid."""
    counts: dict[str | None, int] = {}
    # The Low cards and validity of each hand's six baibuu.arrangements (shared with the
    # other exhaustive Bai Buu tests of this xdist group), and the house way's Low and High.
    lows, valid = every_hand.baibuu_arrangements()
    chosen_low = np.zeros(len(lows), dtype=np.uint64)
    for row, (hand, name, chosen) in enumerate(zip(every_hand.hands(),
                                                   every_hand.baibuu_naturals(),
                                                   every_hand.baibuu_house_ways(), strict=True)):
        counts[name] = counts.get(name, 0) + 1
        if name is None:
            assert chosen is not None, show(hand)
            low, high = every_hand.mask(chosen[0]), every_hand.mask(chosen[1])
            assert low & high == 0 and low | high == every_hand.mask(hand), show(hand)
            chosen_low[row] = low
        else:
            assert chosen is None
    # The house way is one of the six arrangements (its Low among theirs) and a valid one.
    plain = chosen_low != 0
    picked = lows[plain] == chosen_low[plain, None]
    assert (picked.sum(axis=1) == 1).all()
    assert valid[plain][picked].all()
    assert counts == {
        "straight_flush": 44, "four_of_a_kind": 13, "flush": 2816, "straight": 2772,
        "three_of_a_kind": 2496, None: 262584,
    }


# ====================================================================== Hucklebuck (4.6)


@pytest.mark.parametrize(("tid", "trump", "plays", "winner"), TRICKS, ids=ids(TRICKS))
def test_hucklebuck_tricks(tid: str, trump: str, plays: str, winner: str) -> None:
    players = [p.split()[0] for p in plays.split(",")]
    cards = parse(" ".join(p.split()[1] for p in plays.split(",")))
    assert players[hucklebuck.trick_winner(cards, SUITS[trump])] == winner


def test_hucklebuck_legality() -> None:
    """P2 holds K♠ 4♠ 9♥ 2♣ 7♦ and spades are led: K♠ or 4♠. No spade: anything."""
    hand = parse("K♠ 4♠ 9♥ 2♣ 7♦")
    assert hucklebuck.legal_plays(hand, SUITS["♠"]) == tuple(sorted(parse("K♠ 4♠")))
    no_spade = parse("Q♥ 9♥ 2♣ 7♦")
    assert hucklebuck.legal_plays(no_spade, SUITS["♠"]) == tuple(sorted(no_spade))
    assert hucklebuck.legal_plays(hand, None) == tuple(sorted(hand))


# ====================================================================== cards


def test_parse_spellings() -> None:
    assert parse("As 10h Td K♦ 2♣") == (51, 34, 33, 45, 0)
    assert parse("aS") == (51,)
    with pytest.raises(ValueError):
        parse("1s")
    assert sum(1 for _ in all_hands(4)) == 270725
