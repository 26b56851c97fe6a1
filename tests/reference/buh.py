"""Reference oracle for Buh hand evaluation, written from docs/rulebook/buh.md 1.5 and 1.6 #1.

Everything follows the numbered definitions of 1.5 literally:

1. A, 2..10 are *normals* (A = 1, 2-10 = pips); J, Q, K are *hooch* (J = 11, Q = 12,
   K = 13 for ordering only).
2. D = the set of distinct normal ranks.
3. Base value b = sum of r in D with r + 1 not in D (each run counts its top card).
4. Flush = exactly 4 cards of one suit, hooch included.
5. Value v = b // 2 for a flush, else b.
6. Skunk = a 4-card hand with no normals.
7. Buh = at least one normal and v <= 1.
8. Double buh = a flush buh with v = 0.
9. Star = A A A A.
10. Natural = no hooch.
11. H = hooch ranks ascending.

Showdown key (4 cards): K(h) = (skunk ? 1 : 0, skunk ? 0 : v, H); the LOWER key wins, equal
keys choke. Python's tuple order already makes a proper prefix lower ("J beats J Q").

House rules (docs/games/buh.md, "House rules"), each an argument whose default is the above:

- ``flush_buh="double"`` (R-5 read literally): "a buh that is also a flush" is a double buh,
  so every flush of value 0 or 1 is one, and a double buh beats every other hand (the star
  included); double buhs rank among themselves by value, then hooch.
- ``hooch_order="lowest_then_fewest"`` (R-6's other reading): hooch lists compare by their
  lowest card, then the one with fewer cards wins, then the next cards in order; a natural
  (no hooch) still comes first.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import check_cards, rank_index, suit

ACE = 1
JACK, QUEEN, KING = 11, 12, 13


def buh_rank(card: int) -> int:
    """The Buh rank of a card: A = 1, 2..10 = pips, J = 11, Q = 12, K = 13 (1.5 #1, #11)."""
    r = rank_index(card)
    return ACE if r == 12 else r + 2


def is_normal(card: int) -> bool:
    """A, 2, ..., 10 are normals; J, Q, K are hooch (1.5 #1)."""
    return buh_rank(card) <= 10


def hooch(cards: Iterable[int]) -> tuple[int, ...]:
    """H: the hooch ranks sorted ascending, () for a natural (1.5 #11)."""
    return tuple(sorted(buh_rank(c) for c in cards if not is_normal(c)))


def base_value(cards: Iterable[int]) -> int:
    """b: sum of the members r of D (distinct normal ranks) with r + 1 not in D (1.5 #2-3)."""
    distinct_normals = {buh_rank(c) for c in cards if is_normal(c)}
    return sum(r for r in distinct_normals if r + 1 not in distinct_normals)


def is_flush(cards: tuple[int, ...]) -> bool:
    """Exactly 4 cards, all of one suit, hooch included (1.5 #4)."""
    return len(cards) == 4 and len({suit(c) for c in cards}) == 1


def value(cards: tuple[int, ...]) -> int:
    """v = floor(b / 2) for a flush, otherwise b (1.5 #5). It is 0 when there are no normals."""
    b = base_value(cards)
    return b // 2 if is_flush(cards) else b


FLUSH_BUH = ("plain", "double")
HOOCH_ORDER = ("lexicographic", "lowest_then_fewest")


def _check_rules(flush_buh: str, hooch_order: str = "lexicographic") -> None:
    if flush_buh not in FLUSH_BUH or hooch_order not in HOOCH_ORDER:
        raise ValueError(f"unknown house rules {flush_buh!r}, {hooch_order!r}")


def evaluate(cards: Iterable[int], flush_buh: str = "plain") -> dict[str, object]:
    """Evaluate a 2-, 3- or 4-card Buh hand (1.5 #1-11, "Library surface").

    >>> from .cards import parse
    >>> evaluate(parse("A♠ J♠ Q♠ K♠"))["hand_class"]
    'double_buh'
    """
    _check_rules(flush_buh)
    hand = check_cards(cards, (2, 3, 4))
    has_normal = any(is_normal(c) for c in hand)
    flush = is_flush(hand)
    v = value(hand)
    h = hooch(hand)
    skunk = len(hand) == 4 and not has_normal
    buh = has_normal and v <= 1
    double_buh = buh and flush and (v == 0 or flush_buh == "double")
    star = len(hand) == 4 and all(buh_rank(c) == ACE for c in hand)
    natural = h == ()
    return {
        "value": v,
        "hooch": h,
        "is_flush": flush,
        "is_skunk": skunk,
        "is_buh": buh,
        "is_double_buh": double_buh,
        "is_star": star,
        "is_natural": natural,
        "hand_class": _first_class(double_buh, star, buh, skunk, natural),
    }


def _first_class(double_buh: bool, star: bool, buh: bool, skunk: bool, natural: bool) -> str:
    """The first that applies of double_buh, star, buh, skunk, natural, normal."""
    for name, applies in (
        ("double_buh", double_buh),
        ("star", star),
        ("buh", buh),
        ("skunk", skunk),
        ("natural", natural),
    ):
        if applies:
            return name
    return "normal"


def hooch_key(h: tuple[int, ...], hooch_order: str = "lexicographic") -> tuple[object, ...]:
    """How a hooch list ranks (lower wins): the list itself (lexicographic, R-6), or the
    lowest card, then the count, then the rest (the house rule lowest_then_fewest)."""
    if hooch_order == "lexicographic":
        return h
    return (h[0], len(h), h[1:]) if h else (0, 0, ())


def key(cards: Iterable[int], flush_buh: str = "plain",
        hooch_order: str = "lexicographic") -> tuple[object, ...]:
    """K(h) = (skunk ? 1 : 0, double buh ? 0 : 1, skunk ? 0 : v, H) for a 4-card hand; lower
    wins (1.5; at the defaults the double buh, of value 0, already beats every hand)."""
    _check_rules(flush_buh, hooch_order)
    hand = check_cards(cards, (4,))
    skunk = not any(is_normal(c) for c in hand)
    double_buh = bool(evaluate(hand, flush_buh)["is_double_buh"])
    return (1 if skunk else 0, 0 if double_buh else 1, 0 if skunk else value(hand),
            hooch_key(hooch(hand), hooch_order))


def compare(a: Iterable[int], b: Iterable[int], flush_buh: str = "plain",
            hooch_order: str = "lexicographic") -> int:
    """+1 if a wins the showdown, -1 if b wins, 0 for a choke (1.5, 1.7)."""
    ka, kb = key(a, flush_buh, hooch_order), key(b, flush_buh, hooch_order)
    if ka < kb:
        return 1
    if kb < ka:
        return -1
    return 0
