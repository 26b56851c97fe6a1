"""The test vectors of docs/rulebook/, transcribed from the markdown tables: buh.md 1.9,
badugi.md 2.7, baibuu.md 3.11 and hucklebuck.md 4.6. Cards are written as in the rules
(with spaces) so that ``cards.parse`` reads them. Both the oracle tests and the library
tests use them.
"""

from __future__ import annotations

B, P, T = "banker", "player", "tie"

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
RANK_WORD = {"A": 14, "K": 13, "Q": 12, "J": 11}
# (id, banker, banker classes, player, player classes, (winner, reason, low, high))
# Class labels are given for arranged sides only ("Low / High").
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
SUITS = {"♣": 0, "♦": 1, "♥": 2, "♠": 3}
TRICKS = [  # (id, trump, plays in order "player card", winner)
    ("T1", "♥", "P1 7♠, P2 K♠, P3 2♥, P4 A♠", "P3"),
    ("T2", "♥", "P2 9♣, P3 10♣, P4 A♦, P1 3♣", "P3"),
    ("T3", "♠", "P3 5♠, P4 K♠, P1 A♥, P2 2♠", "P4"),
    ("T4", "♦", "P4 Q♥, P1 3♦, P2 8♦, P3 K♥", "P2"),
    ("T5", "♣", "P1 A♥, P2 K♥, P3 2♣, P4 3♣, P5 A♣", "P5"),
    ("T6", "♣", "P2 4♦, P3 J♦, P5 5♥, P1 2♦", "P3"),
]
