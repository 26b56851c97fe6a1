"""Reference oracle for Hucklebuck trick play, written from docs/rulebook/hucklebuck.md 4.2 #1 and
4.3 #5.

- In every suit, trumps included, cards rank 2 (low) up to A (high): the same order as the
  rank index of the card id.
- A player must follow the led suit if he can; otherwise any card is legal (no duty to trump
  or to beat the trick, R-7). The leader may play any card.
- The trick goes to the highest trump played, or if no trump was played, to the highest card
  of the led suit.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import check_cards, rank_index, suit


def trick_winner(plays: Sequence[int], trump_suit: int) -> int:
    """Index into `plays` (lead first) of the card that wins the trick (4.3 #5).

    >>> from .cards import parse
    >>> trick_winner(parse("7♠ K♠ 2♥ A♠"), 2)
    2
    """
    cards = check_cards(plays, tuple(range(1, 8)))
    if trump_suit not in range(4):
        raise ValueError(f"trump suit must be 0..3, got {trump_suit!r}")
    trumps = [i for i, c in enumerate(cards) if suit(c) == trump_suit]
    led_suit = suit(cards[0])
    contenders = trumps or [i for i, c in enumerate(cards) if suit(c) == led_suit]
    return max(contenders, key=lambda i: rank_index(cards[i]))


def legal_plays(hand: Sequence[int], led_suit: int | None) -> tuple[int, ...]:
    """Sorted ids of the cards that may be played; `led_suit` is None when leading.

    >>> from .cards import parse
    >>> legal_plays(parse("K♠ 4♠ 9♥ 2♣ 7♦"), 3) == tuple(sorted(parse("K♠ 4♠")))
    True
    """
    cards = check_cards(hand, tuple(range(1, 6)))
    if led_suit is None:
        return tuple(sorted(cards))
    if led_suit not in range(4):
        raise ValueError(f"led suit must be 0..3 or None, got {led_suit!r}")
    following = [c for c in cards if suit(c) == led_suit]
    return tuple(sorted(following or cards))
