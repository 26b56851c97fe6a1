"""
cardcore's C++ core: cards, hand evaluators and game engines.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
from . import solve
__all__: list[str] = ['CHANCE', 'DECK_SIZE', 'GAMES', 'TERMINAL', 'all_hands', 'format_cards', 'ids_from_masks', 'masks_from_ids', 'parse_cards', 'random_deals', 'random_hands', 'search_options', 'solve', 'to_mask']
def _batch_kernel() -> str:
    """
    The kernel the four-card batch calls run now: 'portable', 'avx2' or 'avx512'.
    """
def _limit_batch_kernel(most: str) -> None:
    """
    Makes the four-card batch calls run the best kernel the CPU has up to ``most`` ('portable', 'avx2' or 'avx512'; 'avx512' lifts the limit).
    """
def all_hands(k: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.uint64]:
    """
    Every ``k``-card mask (k <= 5) in increasing order, which is colex order.
    
    >>> len(all_hands(2))
    1326
    """
def format_cards(mask: typing.SupportsInt | typing.SupportsIndex, pretty: bool = False) -> str:
    """
    The cards of a mask in ascending id order.
    
    >>> format_cards(3 | 1 << 51, pretty=True)
    '2♣ 2♦ A♠'
    """
def ids_from_masks(masks: numpy.ndarray, k: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.uint8]:
    """
    An (n, k) uint8 array of the card ids of k-card masks, ascending in each row.
    
    >>> import numpy as np
    >>> ids_from_masks(np.array([3], dtype=np.uint64), 2).tolist()
    [[0, 1]]
    """
def masks_from_ids(ids: typing.Annotated[numpy.typing.ArrayLike, numpy.int64]) -> numpy.typing.NDArray[numpy.uint64]:
    """
    Masks from an (n, k) array of card ids.
    
    >>> masks_from_ids([[0, 51]]).tolist()
    [2251799813685249]
    """
def parse_cards(text: str) -> int:
    """
    The mask of the cards in ``text`` (``"As Kd"``, ``"a♠,10h"``); ValueError names a bad
    or duplicate token and its position.
    
    >>> parse_cards("2c 2d")
    3
    """
def random_deals(n: typing.SupportsInt | typing.SupportsIndex, sizes: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], seed: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.uint64]:
    """
    ``n`` deals of disjoint hands of the given sizes, each row from one shuffled deck.
    
    >>> deals = random_deals(2, [4, 4], 3)
    >>> deals.shape, int(deals[0, 0] & deals[0, 1])
    ((2, 2), 0)
    """
def random_hands(n: typing.SupportsInt | typing.SupportsIndex, k: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.uint64]:
    """
    ``n`` uniformly random ``k``-card masks from ``seed`` (the same on every platform).
    
    >>> import numpy as np
    >>> [int(m).bit_count() for m in random_hands(3, 4, 7)]
    [4, 4, 4]
    """
def search_options() -> tuple[dict[str, typing.Any], ...]:
    """
    The search's options, in order: each a dict of its name, kind ('integer', 'real', 'choice' or 'policy'), default (None: see doc), min and max (an integer's range; a real number's lower bound), choices, what an integer is in words, and doc.
    """
def to_mask(cards: typing.Any) -> int:
    """
    The mask of any card-like: CardSet, card string, int mask or iterable of cards.
    
    >>> to_mask(["As", 0])
    2251799813685249
    """
CHANCE: int = -1
DECK_SIZE: int = 52
GAMES: tuple[str, ...]
TERMINAL: int = -4
