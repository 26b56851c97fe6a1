"""resample_from_infostate redraws what a player cannot know, and only that: the cards of a
hand's showdown are known in that hand alone, and the hidden cards are redrawn from every
card the player does not know (the stock's included), not only shuffled among the seats
that hold them. Every seed is fixed, so these tests are deterministic; the statistical
bounds are far from both the right and the wrong behaviour."""

from __future__ import annotations

from typing import Any

import pytest

import cardcore as cc

RESAMPLES = 200


def mask(cards: Any) -> int:
    return int(cc.CardSet(cards).mask)


def scripted_action(state: Any) -> None:
    """A passive player, so that every hand reaches a showdown: he passes every declaration
    window (Buh), checks or calls every bet and stands pat in every draw."""
    street = state.street
    if street.startswith("window"):
        state.pass_()
    elif street.startswith("draw"):
        state.stand()
    else:
        state.check_or_call()


def hand_two_after_a_showdown(name: str, seed: int) -> tuple[Any, tuple[Any, Any]]:
    """A two-hand game played passively to the first decision of hand 2, and the two hands
    shown at hand 1's showdown."""
    state = cc.GAMES[name](hands=2).new_initial_state(seed=seed)
    shown = state.hands
    while state.hand_number == 1:
        shown = state.hands  # nobody folds or declares: both hands are shown at the end
        scripted_action(state)
    assert state.to_act is not None
    return state, shown


@pytest.mark.parametrize("name", ["buh", "badugi"])
def test_cards_shown_in_hand_1_are_not_known_in_hand_2(name: str) -> None:
    """docs/rulebook/buh.md 1.3 #2 and #13, docs/rulebook/badugi.md 2.3 #2 and 2.4 #6: a showdown
    shows the cards of its own hand, and the next hand is dealt from a new shuffle of the
    whole deck. A card shown in hand 1 and dealt to the opponent in hand 2 is hidden from
    the player again: resampling must redraw it like any other hidden card, not keep it
    where it really is."""
    for seed in range(100):  # a hand 2 in which the opponent holds a card shown in hand 1
        state, shown = hand_two_after_a_showdown(name, seed)
        player = state.to_act
        opponent = 1 - player
        pinned = mask(state.hands[opponent]) & (mask(shown[0]) | mask(shown[1]))
        if pinned:
            break
    else:
        pytest.fail("no seed of 0-99 deals the opponent a card shown in hand 1")
    assert str(shown[opponent]) in state.information_state_string(player)  # hand 1's showdown
    hidden = len(state.hands[opponent])
    kept = 0
    for resample_seed in range(RESAMPLES):
        other = state.resample_from_infostate(player, resample_seed)
        assert other.hand_number == 2 and other.to_act == player
        assert mask(other.hands[player]) == mask(state.hands[player])
        kept += bool(mask(other.hands[opponent]) & pinned)
    # Redrawn among the cards the player does not know (the 52 less his own), a pinned card
    # stays in the opponent's hand with chance hidden / unknown: 2 / 50 in Buh, 4 / 48 in
    # Badugi, far below the bound of a quarter.
    unknown = 52 - len(state.hands[player])
    assert kept < RESAMPLES // 4, (
        f"seed {seed}: the opponent kept a card shown in hand 1 in {kept} of {RESAMPLES} "
        f"resamples (expected about {RESAMPLES * hidden * pinned.bit_count() // unknown})")


def held(state: Any, seats: list[int]) -> int:
    """Every card the seats hold, as one mask."""
    return sum(mask(state.hands[seat]) for seat in seats)  # hands are disjoint


GAMES_AT_FIRST_DECISION = {
    "badugi": {},
    "buh": {"players": 4},
    "hucklebuck": {},
    "baibuu": {},  # the player arranges; the banker's hand is hidden from him
}


@pytest.mark.parametrize("name", GAMES_AT_FIRST_DECISION)
def test_resampling_redraws_hidden_cards_from_the_stock_too(name: str) -> None:
    """At the first decision a player knows his own cards only (and Hucklebuck's upcard).
    Resampling redraws the other seats' cards from every card he does not know, so for some
    seed the opponents hold a card that none of them really holds: a reordering of their real
    cards among themselves is not a resample."""
    game = cc.GAMES[name](**GAMES_AT_FIRST_DECISION[name])
    for state_seed in range(3):
        state = game.new_initial_state(seed=state_seed)
        player = state.to_act
        assert player is not None
        opponents = [s for s in range(game.num_players) if s != player]
        real = held(state, opponents)
        assert real
        changed = 0
        for resample_seed in range(5):
            other = state.resample_from_infostate(player, resample_seed)
            assert mask(other.hands[player]) == mask(state.hands[player])
            assert held(other, opponents).bit_count() == real.bit_count()
            changed += held(other, opponents) != real
        assert changed, (
            f"{name} seed {state_seed}: 5 resamples for P{player} all gave the opponents "
            f"the very cards they hold")
