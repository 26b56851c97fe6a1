"""Check the reference oracles against every test vector in rules/ and the stated counts.

Vectors are transcribed from the markdown tables: buh.md 1.9, badugi.md 2.7, baibuu.md 3.5
#3, 3.6 #4 and 3.11, hucklebuck.md 4.6. Cards are written with spaces so that
`cards.parse` can read them.
"""

from __future__ import annotations

import pytest

from . import badugi, baibuu, buh, hucklebuck
from .cards import all_hands, parse, show


def ids(vectors: list[tuple]) -> list[str]:
    """Test ids: the vector names of the rules tables (first column)."""
    return [v[0] for v in vectors]

# ====================================================================== Buh (buh.md 1.9)

# id: (hand, base b, flush, value v ("—" = no normals, reported as 0), hooch H, class label)
BUH_HANDS = {
    "B1": ("A♠ 3♥ 7♣ 9♦", 20, "no", "20", "—", "natural"),
    "B2": ("3♠ 5♥ J♣ K♦", 8, "no", "8", "J K", "normal"),
    "B3": ("J♠ Q♥ Q♣ K♦", 0, "no", "—", "J Q Q K", "skunk"),
    "B4": ("3♠ 3♥ 5♣ 5♦", 8, "no", "8", "—", "natural"),
    "B5": ("2♠ 3♥ 5♣ 6♦", 9, "no", "9", "—", "natural"),
    "B6": ("3♠ 4♥ 4♣ 5♦", 5, "no", "5", "—", "natural"),
    "B7": ("A♥ A♣ 3♠ J♦", 4, "no", "4", "J", "normal"),
    "B8": ("3♠ 4♠ 5♠ J♠", 5, "yes", "2", "J", "flush"),
    "B9": ("A♠ 2♥ 3♣ 4♦", 4, "no", "4", "—", "natural"),
    "B10": ("4♠ 4♥ J♣ Q♦", 4, "no", "4", "J Q", "normal"),
    "B11": ("2♠ 4♥ J♣ Q♦", 6, "no", "6", "J Q", "normal"),
    "B12": ("6♠ 6♥ 6♣ Q♦", 6, "no", "6", "Q", "normal"),
    "B13": ("4♠ 4♥ 7♣ J♦", 11, "no", "11", "J", "normal"),
    "B14": ("A♥ 10♥ J♣ Q♦", 11, "no", "11", "J Q", "normal"),
    "B15": ("A♠ 3♥ J♣ K♦", 4, "no", "4", "J K", "normal"),
    "B16": ("4♠ 4♥ J♥ K♣", 4, "no", "4", "J K", "normal"),
    "B17": ("A♠ A♥ A♣ A♦", 1, "no", "1", "—", "star"),
    "B18": ("A♠ J♠ Q♠ K♠", 1, "yes", "0", "J Q K", "double buh"),
    "B19": ("2♠ J♠ Q♠ K♠", 2, "yes", "1", "J Q K", "buh (R-5)"),
    "B20": ("A♦ J♣ Q♥ K♠", 1, "no", "1", "J Q K", "buh"),
    "B21": ("A♣ A♦ A♥ J♠", 1, "no", "1", "J", "buh"),
    "B22": ("10♠ 9♥ 8♣ 7♦", 10, "no", "10", "—", "natural"),
    "B23": ("10♠ 10♥ 10♣ 10♦", 10, "no", "10", "—", "natural"),
    "B24": ("K♠ K♥ K♣ K♦", 0, "no", "—", "K K K K", "skunk"),
    "B25": ("J♠ J♥ J♣ Q♦", 0, "no", "—", "J J J Q", "skunk"),
    "B26": ("5♥ 6♥ 7♥ 8♥", 8, "yes", "4", "—", "natural flush"),
    "B27": ("9♣ 10♣ 2♣ A♣", 12, "yes", "6", "—", "natural flush"),
    "B28": ("2♦ 4♦ 6♦ 8♦", 20, "yes", "10", "—", "natural flush"),
    "B29": ("A♠ 2♠ J♠ Q♠", 2, "yes", "1", "J Q", "buh (R-5)"),
    "B30": ("5♠ 5♥ 9♣ J♦", 14, "no", "14", "J", "normal"),
    "B31": ("3♣ 9♦ 10♠ K♥", 13, "no", "13", "K", "normal"),
    "B32": ("J♥ J♦ K♣ 2♥", 2, "no", "2", "J J K", "normal"),
    "B33": ("A♣ 2♦ J♠ Q♥", 2, "no", "2", "J Q", "normal"),
    "B34": ("2♥ 3♦ 4♣ 6♠", 10, "no", "10", "—", "natural"),
}

# The table's class column -> the library's hand_class (1.5 "Library surface"). "flush" and
# "natural flush" describe the hand; being a flush is not a hand_class of its own.
BUH_CLASS = {
    "natural": "natural", "natural flush": "natural", "normal": "normal", "flush": "normal",
    "skunk": "skunk", "star": "star", "double buh": "double_buh", "buh": "buh",
    "buh (R-5)": "buh",
}
HOOCH = {"J": 11, "Q": 12, "K": 13}

BUH_PAIRS = [  # (id, first, second, result)
    ("P1", "B9", "B10", "B9"), ("P2", "B11", "B12", "B11"), ("P3", "B13", "B14", "B13"),
    ("P4", "B15", "B16", "CHOKE"), ("P5", "B3", "B1", "B1"), ("P6", "B3", "B25", "B25"),
    ("P7", "B24", "B3", "B3"), ("P8", "B18", "B17", "B18"), ("P9", "B17", "B20", "B17"),
    ("P10", "B17", "B21", "B17"), ("P11", "B20", "B21", "B21"),
    ("P12", "B19", "B20", "CHOKE"), ("P13", "B19", "B17", "B17"),
    ("P14", "B18", "B19", "B18"), ("P15", "B8", "B9", "B8"), ("P16", "B26", "B9", "CHOKE"),
    ("P17", "B26", "B10", "B26"), ("P18", "B4", "B2", "B4"), ("P19", "B6", "B8", "B8"),
    ("P20", "B22", "B23", "CHOKE"), ("P21", "B28", "B22", "CHOKE"),
    ("P22", "B27", "B11", "B27"), ("P23", "B27", "B12", "B27"), ("P24", "B30", "B31", "B31"),
    ("P25", "B7", "B10", "B7"), ("P26", "B7", "B15", "B7"), ("P27", "B10", "B15", "B10"),
    ("P28", "B5", "B4", "B4"), ("P29", "B29", "B20", "B29"), ("P30", "B32", "B33", "B32"),
    ("P31", "B34", "B6", "B6"), ("P32", "B2", "B32", "B32"),
]

# Re-suited versions with the same keys, for engine tests (text under the pairwise table).
BUH_RESUITED = [  # (pair ids, replaced hand, re-suited cards)
    (("P2",), "B12", "6♠ 6♥ 6♦ Q♣"), (("P6",), "B25", "J♥ J♣ J♦ Q♠"),
    (("P11",), "B21", "A♥ A♣ A♠ J♦"), (("P12",), "B20", "A♠ J♦ Q♣ K♥"),
    (("P14",), "B19", "2♥ J♥ Q♥ K♥"), (("P18",), "B2", "3♣ 5♠ J♥ K♦"),
    (("P19", "P31"), "B6", "3♥ 4♥ 4♦ 5♦"), (("P27",), "B15", "A♠ 3♥ J♦ K♣"),
    (("P28",), "B4", "3♠ 3♣ 5♥ 5♦"),
]

BUH_DECLARATIONS = [  # (id, cards held, v, buh?)
    ("Dc1", "A♥ A♣ J♦", 1, True), ("Dc2", "A♥ A♣ 3♠ J♦", 4, False),
    ("Dc3", "A♣ K♦", 1, True), ("Dc4", "A♠ 2♥", 2, False), ("Dc5", "J♠ Q♥", 0, False),
    ("Dc6", "A♠ J♠", 1, True), ("Dc7", "3♠ J♠ Q♠ K♠", 1, True),
    ("Dc8", "A♠ 3♠ J♠ Q♠", 2, False),
]


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


def test_buh_counts_over_all_four_card_hands() -> None:
    """1.5: 1,321 non-flush buhs (star included), 44 flushes of value 1, 4 double buhs."""
    non_flush_buhs = flush_value_one = double_buhs = stars = 0
    for hand in all_hands(4):
        result = buh.evaluate(hand)
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

BADUGI_PAIRS = [  # (id, first hand, its value, second hand, its value, result)
    ("D1", "A♠ 2♥ 3♦ 4♣", "4-card 4-3-2-A", "A♥ 2♣ 3♠ 7♦", "4-card 7-3-2-A", "first"),
    ("D2", "A♠ 2♥ 3♦ K♦", "3-card 3-2-A", "A♥ 2♣ 3♠ 7♦", "4-card 7-3-2-A", "second"),
    ("D3", "3♠ 5♦ 7♥ 8♣", "4-card 8-7-5-3", "A♥ 2♣ 3♦ 9♠", "4-card 9-3-2-A", "first"),
    ("D4", "8♥ 5♦ 3♠ A♥", "3-card 5-3-A", "7♥ 5♣ 4♣ 3♦", "3-card 7-4-3", "first"),
    ("D5", "A♦ A♠ 2♦ 2♣", "2-card 2-A", "Q♦ J♦ 8♦ 4♦", "1-card 4", "first"),
    ("D6", "10♦ 3♥ 2♣ A♠", "4-card 10-3-2-A", "10♠ 4♦ 2♥ A♣", "4-card 10-4-2-A", "first"),
    ("D7", "J♥ 10♠ 4♦ A♣", "4-card J-10-4-A", "Q♠ 3♥ 2♣ A♦", "4-card Q-3-2-A", "first"),
    ("D8", "K♥ Q♦ J♠ 10♣", "4-card K-Q-J-10", "A♠ A♥ 2♣ 3♣", "2-card 2-A", "first"),
    ("D9", "4♦ 7♦ 8♦ 10♦", "1-card 4", "A♦ A♠ A♥ A♣", "1-card A", "second"),
    ("D10", "2♥ 6♦ 6♣ 9♠", "3-card 9-6-2", "3♥ 5♦ 7♠ Q♥", "3-card 7-5-3", "second"),
    ("D11", "A♠ 2♠ 3♥ 4♦", "3-card 4-3-A", "2♣ 3♣ 4♥ A♦", "3-card 4-2-A", "second"),
    ("D12", "K♠ J♠ 8♥ 6♦", "3-card J-8-6", "K♥ J♥ 8♠ 6♣", "3-card J-8-6", "split"),
    ("D13", "5♠ 6♥ 7♦ 8♣", "4-card 8-7-6-5", "A♠ 2♠ 3♠ 4♠", "1-card A", "first"),
    ("D14", "A♠ 2♠ 3♠ 4♠", "1-card A", "A♥ 2♥ 3♥ 5♥", "1-card A", "split"),
    ("D15", "4♣ 3♦ 2♥ A♠", "4-card 4-3-2-A", "4♥ 3♠ 2♣ A♦", "4-card 4-3-2-A", "split"),
    ("D16", "6♣ 7♠ 8♠ 9♠", "2-card 7-6", "6♥ 7♣ 2♣ 9♣", "2-card 6-2", "second"),
    ("D17", "A♣ 2♦ 2♥ K♣", "2-card 2-A", "A♥ 3♠ K♦ Q♣", "4-card K-Q-3-A", "second"),
    ("D18", "9♠ 8♥ 7♦ 6♣", "4-card 9-8-7-6", "K♠ 2♥ 3♦ 4♣", "4-card K-4-3-2", "first"),
]

BADUGI_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13}


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


def test_badugi_all_hands_consistent() -> None:
    """Over all 4-card hands: the cards used are legal and give the key; 17,160 badugis."""
    four_card = 0
    for hand in all_hands(4):
        k, ranks = badugi.key(hand)
        used = badugi.best_cards(hand)
        assert badugi.is_legal(used) and len(used) == -k and set(used) <= set(hand)
        assert badugi.descending_ranks(used) == ranks
        four_card += k == -4
    assert four_card == 715 * 24  # C(13, 4) rank sets x 4! suit assignments


# ====================================================================== Bai Buu (3.11)

RANK_WORD = {"A": 14, "K": 13, "Q": 12, "J": 11}


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


# (id, banker, banker classes, player, player classes, (winner, reason, low, high))
# Class labels are given for arranged sides only ("Low / High").
B, P, T = "banker", "player", "tie"
BAIBUU_VECTORS = [
    ("V1", "4♠ 5♥ / K♠ K♥", "9 / Bửu K", "3♣ 5♦ / Q♣ Q♦", "8 / Bửu Q", (B, "hands", B, B)),
    ("V2", "3♠ 3♥ / J♠ J♥", "Bửu 3 / Bửu J", "4♣ 4♦ / Q♣ Q♦", "Bửu 4 / Bửu Q",
     (P, "hands", P, P)),
    ("V3", "Q♠ 7♥ / K♥ 9♣", "7 / 9", "A♦ 4♣ / K♣ K♦", "5 / Bửu K", (P, "high_card", B, P)),
    ("V4", "10♠ 4♥ / A♠ A♥", "4 / Bửu A", "9♣ 10♦ / K♣ K♦", "9 / Bửu K",
     (B, "high_card", P, B)),
    ("V5", "2♠ 5♥ / K♣ 9♦", "7 / 9", "3♥ 4♦ / 2♣ 6♠", "7 / 8", (B, "hands", T, B)),
    ("V6", "4♠ 5♥ / 2♠ 2♥", "9 / Bửu 2", "3♣ 5♦ / 2♣ 2♦", "8 / Bửu 2", (B, "hands", B, T)),
    ("V7", "10♠ 5♥ / 3♠ 3♥", "5 / Bửu 3", "J♣ 5♦ / 4♣ 4♦", "5 / Bửu 4", (P, "hands", T, P)),
    ("V8", "6♠ 7♠ 8♠ 9♠", None, "10♠ 10♥ 10♣ 10♦", None, (P, "player_natural", None, None)),
    ("V9", "A♠ 3♥ / 10♠ 10♥", "4 / Bửu 10", "K♣ 4♦ / 5♣ 5♦", "4 / Bửu 5", (B, "hands", B, B)),
    ("V10", "10♠ 4♥ / 2♠ 2♥", "4 / Bửu 2", "K♣ 4♦ / 5♣ 5♦", "4 / Bửu 5",
     (P, "high_card", B, P)),
    ("V11", "A♠ 3♥ / 10♠ 10♥", "4 / Bửu 10", "5♣ 5♦ / K♣ 4♦", "Bửu 5 / 4",
     (B, "player_foul", None, None)),
    ("V12", "7♠ 7♥ 7♣ 2♦", None, "4♣ 5♦ / K♣ K♦", "9 / Bửu K",
     (B, "banker_natural", None, None)),
    ("V13", "2♠ 3♥ / Q♠ Q♥", "5 / Bửu Q", "8♣ 8♦ / 4♥ 5♣", "Bửu 8 / 9",
     (B, "player_foul", None, None)),
    ("V14", "A♠ 2♥ / 9♠ 10♥", "3 / 9", "A♣ 2♣ / K♣ K♦", "3 / Bửu K", (B, "high_card", B, P)),
    ("V15", "2♠ 3♥ / J♠ Q♥", "5 / Công Lớn", "2♣ 3♦ / 9♣ 10♦", "5 / 9", (B, "hands", T, B)),
    ("V16", "2♠ 3♥ / A♥ 9♠", "5 / Công Nhỏ", "4♣ A♣ / Q♣ 9♦", "5 / 9", (B, "hands", T, B)),
    ("V17", "2♠ 3♥ / J♠ Q♥", "5 / Công Lớn", "4♣ A♠ / J♣ K♦", "5 / Công Lớn",
     (P, "high_card", T, T)),
    ("V18", "5♠ 3♥ / 2♠ 2♥", "8 / Bửu 2", "4♣ A♠ / J♣ K♦", "5 / Công Lớn", (B, "hands", B, B)),
    ("V19", "9♠ 9♥ 9♣ 9♦", None, "3♠ 3♥ 3♣ K♦", None, (P, "player_natural", None, None)),
    ("V20", "5♠ 5♥ / K♠ K♥", "Bửu 5 / Bửu K", "A♣ 2♦ 3♥ 4♠", None,
     (P, "player_natural", None, None)),
    ("V21", "2♠ 2♥ / 5♠ 5♥", "Bửu 2 / Bửu 5", "J♣ Q♦ K♥ A♣", None,
     (P, "player_natural", None, None)),
    ("V22", "5♠ 6♥ / 2♠ 2♥", "1 / Bửu 2", "2♦ A♣ / Q♣ K♥", "3 / Công Lớn",
     (P, "high_card", P, B)),
    ("V23", "A♠ 2♥ / K♠ 4♠", "3 / 4", "A♣ 2♣ / Q♦ 4♦", "3 / 4", (B, "hands", B, B)),
    ("V24", "3♠ 3♥ 3♣ 3♦", None, "8♣ 8♦ / 4♥ 5♣", "Bửu 8 / 9",
     (B, "banker_natural", None, None)),
]

BAIBUU_NATURALS = {  # the Natural sides of 3.11, by vector
    "V8": ("straight_flush", "four_of_a_kind"), "V12": ("three_of_a_kind", None),
    "V19": ("four_of_a_kind", "three_of_a_kind"), "V20": (None, "straight"),
    "V21": (None, "straight"), "V22": (None, None), "V24": ("four_of_a_kind", None),
}


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


# House way (3.9). Valid splits are Low / High; "pick" is one of the equally scored picks.
HOUSE_WAY = [
    ("HW1", "Q♠ K♥ 6♣ 4♦", ["6♣ 4♦ / Q♠ K♥", "K♥ 4♦ / Q♠ 6♣", "Q♠ 4♦ / K♥ 6♣"],
     "6♣ 4♦ / Q♠ K♥"),
    ("HW2", "A♥ 9♠ 8♣ 2♦", ["8♣ 2♦ / A♥ 9♠", "9♠ 2♦ / A♥ 8♣", "A♥ 2♦ / 9♠ 8♣"],
     "8♣ 2♦ / A♥ 9♠"),
    ("HW3", "Q♥ 8♠ A♣ 4♦", ["A♣ 4♦ / Q♥ 8♠", "Q♥ A♣ / 8♠ 4♦", "Q♥ 4♦ / 8♠ A♣"],
     "Q♥ 4♦ / 8♠ A♣"),
    ("HW4", "Q♥ 8♠ A♣ 3♦", ["A♣ 3♦ / Q♥ 8♠", "Q♥ 3♦ / 8♠ A♣"], "A♣ 3♦ / Q♥ 8♠"),
    ("HW5", "2♠ 2♥ 3♣ 7♦", ["3♣ 7♦ / 2♠ 2♥", "2♠ 3♣ / 2♥ 7♦", "2♥ 3♣ / 2♠ 7♦"],
     "2♠ 3♣ / 2♥ 7♦"),
    ("HW6", "8♠ 8♥ A♣ 10♦", ["A♣ 10♦ / 8♠ 8♥", "8♥ 10♦ / 8♠ A♣", "8♠ 10♦ / 8♥ A♣"],
     "8♥ 10♦ / 8♠ A♣"),
    ("HW7", "3♠ 3♥ J♣ J♦", ["3♠ 3♥ / J♣ J♦"], "3♠ 3♥ / J♣ J♦"),
]


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
    """DESIGN.md action ids: Low = pair i of (0,1),(0,2),(0,3),(1,2),(1,3),(2,3)."""
    assert baibuu.arrangements((51, 20, 9, 4)) == [
        ((4, 9), (20, 51)), ((4, 20), (9, 51)), ((4, 51), (9, 20)),
        ((9, 20), (4, 51)), ((9, 51), (4, 20)), ((20, 51), (4, 9)),
    ]


def test_baibuu_naturals_and_house_way_over_all_hands() -> None:
    """3.5 #3 counts; 3.6 #4 every non-natural has a valid split; house way always valid."""
    counts: dict[str | None, int] = {}
    for hand in all_hands(4):
        name = baibuu.natural(hand)
        counts[name] = counts.get(name, 0) + 1
        chosen = baibuu.house_way(hand)
        if name is None:
            assert chosen in baibuu.arrangements(hand)
            assert baibuu.is_valid(*chosen), show(hand)
        else:
            assert chosen is None
    assert counts == {
        "straight_flush": 44, "four_of_a_kind": 13, "flush": 2816, "straight": 2772,
        "three_of_a_kind": 2496, None: 262584,
    }


# ====================================================================== Hucklebuck (4.6)

SUITS = {"♣": 0, "♦": 1, "♥": 2, "♠": 3}
TRICKS = [  # (id, trump, plays in order "player card", winner)
    ("T1", "♥", "P1 7♠, P2 K♠, P3 2♥, P4 A♠", "P3"),
    ("T2", "♥", "P2 9♣, P3 10♣, P4 A♦, P1 3♣", "P3"),
    ("T3", "♠", "P3 5♠, P4 K♠, P1 A♥, P2 2♠", "P4"),
    ("T4", "♦", "P4 Q♥, P1 3♦, P2 8♦, P3 K♥", "P2"),
    ("T5", "♣", "P1 A♥, P2 K♥, P3 2♣, P4 3♣, P5 A♣", "P5"),
    ("T6", "♣", "P2 4♦, P3 J♦, P5 5♥, P1 2♦", "P3"),
]


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
