"""Cards, card sets and arrays of card masks.

A card id is ``4 * rank + suit`` with ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (0 to 12) and suits
``c d h s`` (0 to 3), so ``2c`` is 0 and ``As`` is 51. A set of cards is a 64-bit mask whose
bit ``i`` is card id ``i``; every batch function takes and returns such masks as ``uint64``
arrays, so they can be built with NumPy straight from card ids.

>>> import cardcore as cc
>>> hand = cc.CardSet("As 2h 3d Kd")
>>> str(hand), hand.pretty(), len(hand)
('2h 3d Kd As', '2♥ 3♦ K♦ A♠', 4)
>>> hand.mask == cc.CardSet.from_mask(hand.mask).mask
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._batch import MaskArray, as_mask_array
from cardcore._checks import check_allocation, checked_int, checked_seed
from cardcore._namespace import public_dir

__all__ = [
    "Card",
    "CardLike",
    "CardSet",
    "all_hands",
    "ids_from_masks",
    "masks_from_ids",
    "random_deals",
    "random_hands",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"


class Card:
    """One playing card, immutable and hashable, ordered by card id.

    >>> Card("10h"), Card("a♠").id, Card(0)
    (Card('Th'), 51, Card('2c'))
    >>> Card("Kd").rank, Card("Kd").suit, Card("Kd").pretty()
    ('K', 'd', 'K♦')
    """

    __slots__ = ("_id",)

    def __init__(self, card: str | int | Card) -> None:
        self._id: int = _core.to_mask([card]).bit_length() - 1

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with id ``card_id`` (0 to 51).

        >>> Card.from_id(51)
        Card('As')
        """
        return cls(card_id)

    @property
    def id(self) -> int:
        """The card id, ``4 * rank_index + suit_index``."""
        return self._id

    @property
    def rank_index(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self._id >> 2

    @property
    def suit_index(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self._id & 3

    @property
    def rank(self) -> str:
        """The rank character, ``T`` for ten."""
        return RANKS[self.rank_index]

    @property
    def suit(self) -> str:
        """The suit letter: ``c``, ``d``, ``h`` or ``s``."""
        return SUITS[self.suit_index]

    @property
    def mask(self) -> int:
        """The one-card mask."""
        return 1 << self._id

    def pretty(self) -> str:
        """The card with its suit symbol, ``A♠``."""
        return self.rank + SUIT_SYMBOLS[self.suit_index]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id

    def __lt__(self, other: Card) -> bool:
        return self._id < other._id

    def __hash__(self) -> int:
        return hash(("Card", self._id))

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))


class CardSet:
    """An immutable set of cards backed by a 64-bit mask.

    Build it from a string (``"As Kd"``, ``"a♠, 10h"``), an iterable of cards or card ids,
    another CardSet or (with :meth:`from_mask`) a mask. Set algebra, comparison and
    membership work as for ``frozenset``; iteration is by ascending card id.

    >>> a, b = CardSet("As Kd 2c"), CardSet("Kd Qh")
    >>> str(a | b), str(a & b), str(a - b), str(a ^ b)
    ('2c Qh Kd As', 'Kd', '2c As', '2c Qh As')
    >>> "As" in a, Card("Qh") in a, CardSet("Kd") <= a
    (True, False, True)
    >>> [str(c) for c in a]
    ['2c', 'Kd', 'As']
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: CardLike = ()) -> None:
        self._mask: int = _core.to_mask(cards)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bit ``i`` is card id ``i`` (an int, or a NumPy integer); bits past
        51 are a ValueError.

        >>> CardSet.from_mask(0b11)
        CardSet('2c 2d')
        """
        result = cls.__new__(cls)
        result._mask = _core.to_mask(checked_int(mask, "mask", "an integer"))
        return result

    @classmethod
    def _of_engine(cls, mask: int) -> CardSet:
        """The set of a mask an engine returns: a valid card mask by construction, so
        unchecked (the engines build a CardSet for every hand a state returns)."""
        result = cls.__new__(cls)
        result._mask = mask
        return result

    @property
    def mask(self) -> int:
        """The 64-bit mask of the set."""
        return self._mask

    def pretty(self) -> str:
        """The cards with suit symbols, ``A♠ K♦``."""
        return str(_core.format_cards(self._mask, pretty=True))

    def ids(self) -> list[int]:
        """The card ids in ascending order."""
        return [card.id for card in self]

    def isdisjoint(self, other: CardLike) -> bool:
        """Whether the two sets share no card."""
        return self._mask & _core.to_mask(other) == 0

    def __iter__(self) -> Iterator[Card]:
        mask = self._mask
        while mask:
            low = mask & -mask  # the lowest set bit
            yield Card(low.bit_length() - 1)
            mask ^= low

    def __len__(self) -> int:
        return bin(self._mask).count("1")

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, (Card, str, int)):
            return False
        return bool(self._mask >> Card(card).id & 1)

    def __or__(self, other: CardLike) -> CardSet:
        return CardSet.from_mask(self._mask | _core.to_mask(other))

    def __and__(self, other: CardLike) -> CardSet:
        return CardSet.from_mask(self._mask & _core.to_mask(other))

    def __sub__(self, other: CardLike) -> CardSet:
        return CardSet.from_mask(self._mask & ~_core.to_mask(other))

    def __xor__(self, other: CardLike) -> CardSet:
        return CardSet.from_mask(self._mask ^ _core.to_mask(other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self._mask & ~other._mask == 0

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self <= other and self._mask != other._mask

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other <= self

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other < self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __str__(self) -> str:
        return str(_core.format_cards(self._mask))

    def __repr__(self) -> str:
        return f"CardSet('{self}')"

    def __reduce__(self) -> tuple[type[CardSet], tuple[str]]:
        return (CardSet, (str(self),))


CardLike = CardSet | Card | str | int | Iterable[Card | str | int]
"""Anything that names a set of cards: a CardSet, a Card, a card string (``"As Kd"``), an
int mask, or an iterable of Cards, card strings or card ids."""

def random_hands(n: int, k: int, seed: int = 0) -> MaskArray:
    """``n`` uniformly random ``k``-card masks, the same for a seed on every platform.

    >>> masks = random_hands(1000, 4, seed=1)
    >>> masks.dtype, masks.shape, {int(m).bit_count() for m in masks}
    (dtype('uint64'), (1000,), {4})
    """
    count = checked_int(n, "n", ">= 0", lambda v: v >= 0)
    check_allocation(count * 8, f"random_hands of {count:,} hands",
                     "draw fewer at a time, each batch with its own seed")
    return np.asarray(_core.random_hands(count, k, checked_seed(seed)))


def random_deals(n: int, sizes: Iterable[int], seed: int = 0) -> MaskArray:
    """``n`` random deals from one shuffled deck each: an ``(n, len(sizes))`` array whose
    row holds disjoint hands of the given sizes.

    >>> deals = random_deals(3, (4, 4), seed=2)
    >>> deals.shape, bool(((deals[:, 0] & deals[:, 1]) == 0).all())
    ((3, 2), True)
    """
    count = checked_int(n, "n", ">= 0", lambda v: v >= 0)
    sizes = list(sizes)
    check_allocation(count * len(sizes) * 8, f"random_deals of {count:,} deals",
                     "draw fewer at a time, each batch with its own seed")
    return np.asarray(_core.random_deals(count, sizes, checked_seed(seed)))


def all_hands(k: int) -> MaskArray:
    """Every ``k``-card mask (``k <= 5``) in increasing order (colex order).

    >>> len(all_hands(4))
    270725
    """
    return np.asarray(_core.all_hands(k))


def masks_from_ids(ids: npt.ArrayLike) -> MaskArray:
    """Masks from an ``(n, k)`` array of card ids; an id outside 0-51 or a card twice in a
    row is a ValueError naming the element.

    >>> masks_from_ids([[0, 1], [51, 50]]).tolist()
    [3, 3377699720527872]
    """
    array = np.asarray(ids)
    if array.dtype.kind not in "iu":
        raise ValueError(f"ids must be an integer array, got dtype {array.dtype}")
    return np.asarray(_core.masks_from_ids(array))


def ids_from_masks(masks: npt.ArrayLike, k: int) -> npt.NDArray[np.uint8]:
    """The card ids of ``k``-card masks as an ``(n, k)`` uint8 array, ascending per row.

    >>> ids_from_masks([3, 3377699720527872], 2).tolist()
    [[0, 1], [50, 51]]
    """
    return np.asarray(_core.ids_from_masks(as_mask_array(masks).reshape(-1), k))


__dir__ = public_dir(__all__)
