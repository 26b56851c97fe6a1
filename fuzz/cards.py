#!/usr/bin/env python3
"""Fuzzes card and hand parsing: Card, CardSet and every evaluator on arbitrary strings,
ints (any size or sign) and lists of them. Whatever parses must round-trip through str()
and mask, and every evaluator must agree with itself across its verbs."""

from __future__ import annotations

from typing import Any

import atheris
from _common import attempt, cc, main

from cardcore._registry import MODULES

# What the registered games' modules can do with cards, found by what they offer.
EVALUATORS = tuple(m for m in MODULES if hasattr(m, "strength"))
ARRANGERS = tuple(m for m in MODULES if hasattr(m, "arrangements") and hasattr(m, "house_way"))
TRICK_TAKERS = tuple(m for m in MODULES if hasattr(m, "trick_winner"))


def card_like(fdp: atheris.FuzzedDataProvider) -> Any:
    """A string, an int of any size and sign, or a list of cards, ids and strings."""
    kind = fdp.ConsumeIntInRange(0, 3)
    if kind == 0:
        # UTF-8, so that cards.dict's suit symbols work; bad bytes become lone surrogates,
        # which must give a ValueError (UnicodeEncodeError) like any other bad text.
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 40)).decode("utf-8", "surrogateescape")
    if kind == 1:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 10))  # up to 80 bits, signed
    if kind == 2:
        return fdp.ConsumeIntInRange(0, (1 << 52) - 1)  # a mask of the deck
    items: list[Any] = []
    for _ in range(fdp.ConsumeIntInRange(0, 6)):
        if fdp.ConsumeBool():
            items.append(fdp.ConsumeIntInRange(-2, 60))
        else:
            items.append(fdp.ConsumeUnicodeNoSurrogates(3))
    return items


def check_card_set(cards: Any) -> int | None:
    """The mask of ``cards`` if it parses, after checking the round trips."""
    ok, card_set = attempt(cc.CardSet, cards)
    if not ok:
        return None
    assert cc.CardSet(str(card_set)) == card_set, (cards, str(card_set))
    assert cc.CardSet(card_set.pretty()) == card_set, card_set.pretty()
    assert cc.CardSet.from_mask(card_set.mask) == card_set
    assert [c.id for c in card_set] == sorted(c.id for c in card_set)
    assert len(card_set) == bin(card_set.mask).count("1")
    ok, card = attempt(cc.Card, cards)
    if ok and isinstance(cards, str):  # an int is a card id to Card but a mask to CardSet
        assert card_set == cc.CardSet([card]), (cards, card)
    return int(card_set.mask)


def check_evaluators(cards: Any, mask: int | None) -> None:
    """Each evaluator accepts exactly what it should, and evaluate/strength/compare agree."""
    for module in EVALUATORS:
        ok, hand = attempt(module.evaluate, cards)
        if ok:
            assert mask is not None, (module.__name__, cards)  # parsed here but not as a set
        ok_strength, value = attempt(module.strength, cards)
        if ok_strength:
            assert mask is not None, (module.__name__, cards)
            assert value == module.strength(mask), (module.__name__, cards)
            assert module.compare(cards, mask) == 0
            if ok and getattr(hand, "strength", None) is not None:
                assert hand.strength == value, (module.__name__, cards)
            many = module.strength_many([mask], threads=1)
            assert many.tolist() == [value], (module.__name__, cards)
    for module in ARRANGERS:
        if mask is not None and bin(mask).count("1") == 4:
            arrangements = attempt(module.arrangements, mask)[1]
            way = module.house_way(mask)
            if isinstance(arrangements, tuple) and way is not None:
                assert way in arrangements, (mask, way)
            attempt(module.natural, mask)


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    cards = card_like(fdp)
    mask = check_card_set(cards)
    check_evaluators(cards, mask)
    # Trick rules on the same inputs.
    trump = fdp.ConsumeUnicodeNoSurrogates(2) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(-1, 5)
    for module in TRICK_TAKERS:
        attempt(module.legal_plays, cards, led=trump)
        if isinstance(cards, list):
            attempt(module.trick_winner, cards, trump)


if __name__ == "__main__":
    main(test_one_input)
