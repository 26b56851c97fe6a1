"""Card ids, parsing and enumeration shared by the reference oracles.

The encoding is fixed by docs/design.md "Cards": card id = 4 * r + s, where r = 0 for a 2,
1 for a 3, ..., 8 for a 10, 9 for J, 10 for Q, 11 for K, 12 for A, and s = 0 clubs,
1 diamonds, 2 hearts, 3 spades. So 2♣ = 0, 2♦ = 1, ..., A♠ = 51.

`parse` exists only to write test vectors readably; it is deliberately simple.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

# Rank index r (0 for a 2 ... 12 for an ace) by rank token, upper case.
RANK_INDEX = {
    "2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7,
    "10": 8, "T": 8, "J": 9, "Q": 10, "K": 11, "A": 12,
}
RANK_TOKENS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SUIT_INDEX = {
    "c": CLUBS, "♣": CLUBS,
    "d": DIAMONDS, "♦": DIAMONDS,
    "h": HEARTS, "♥": HEARTS,
    "s": SPADES, "♠": SPADES,
}
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")


def rank_index(card: int) -> int:
    """The rank index r of a card id: 0 for a 2, ..., 8 for a 10, 9 J, 10 Q, 11 K, 12 A."""
    return card // 4


def suit(card: int) -> int:
    """The suit of a card id: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card % 4


def make_card(r: int, s: int) -> int:
    """The card id of rank index r and suit s."""
    return 4 * r + s


def parse_card(token: str) -> int:
    """Parse one token such as "As", "10h", "Td", "K♦" or "2♣"."""
    rank_token, suit_token = token[:-1].upper(), token[-1:].lower()
    if rank_token not in RANK_INDEX or suit_token not in SUIT_INDEX:
        raise ValueError(f"not a card: {token!r}")
    return make_card(RANK_INDEX[rank_token], SUIT_INDEX[suit_token])


def parse(text: str) -> tuple[int, ...]:
    """Parse space-separated card tokens into a tuple of card ids, in the order written.

    >>> parse("2♣ A♠ 10h Td")
    (0, 51, 34, 33)
    """
    return tuple(parse_card(token) for token in text.split())


def show(cards: Iterable[int]) -> str:
    """Write card ids as text, e.g. "A♠ 10♦" (for messages only)."""
    return " ".join(RANK_TOKENS[rank_index(c)] + SUIT_SYMBOLS[suit(c)] for c in cards)


def all_hands(k: int) -> Iterator[tuple[int, ...]]:
    """Every k-card hand as a sorted tuple of card ids, in lexicographic order."""
    return itertools.combinations(range(52), k)


def check_cards(cards: Iterable[int], sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Return `cards` as a tuple after checking: ids in 0..51, no duplicates, size allowed."""
    hand = tuple(cards)
    if len(hand) not in sizes:
        raise ValueError(f"expected {' or '.join(map(str, sizes))} cards, got {len(hand)}")
    for c in hand:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise ValueError(f"not a card id in 0..51: {c!r}")
    if len(set(hand)) != len(hand):
        raise ValueError(f"duplicate card in {show(hand)}")
    return hand
