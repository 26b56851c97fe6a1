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


def test_a_bai_buu_arrangement_reveals_no_card() -> None:
    """A Bai Buu arrangement is an action id 0-5, not a card: after P0 arranges with id a,
    the card whose id is a, held by another seat, is as hidden from P0 as before and must be
    redrawn like the rest."""
    game = cc.baibuu.Game(player_hands=3)
    for seed in range(50):  # a deal in which another seat holds one of the cards 0-5
        state = game.new_initial_state(seed=seed)
        assert state.to_act == 0
        others = held(state, [1, 2, 3])
        action = next((a for a in state.legal_actions() if others >> a & 1), None)
        if action is not None:
            break
    else:
        pytest.fail("no seed of 0-49 deals another seat a card with id 0-5")
    holder = next(s for s in (1, 2, 3) if mask(state.hands[s]) >> action & 1)
    state.apply_action(action)
    assert state.to_act == 1
    kept = sum(mask(state.resample_from_infostate(0, resample_seed).hands[holder]) >> action & 1
               for resample_seed in range(RESAMPLES))
    # Redrawn among the 48 cards P0 does not know, it stays with its holder with chance
    # 4 / 48: about 17 of 200, far below a quarter.
    assert kept < RESAMPLES // 4, f"card id {action} stayed with P{holder} in {kept} resamples"


def test_a_grannys_thrown_cards_are_resampled_uniformly() -> None:
    """docs/design.md: resampling is uniform over the deals the player cannot tell apart.
    Heads-up Buh, P0 dealing: P1 is dealt Jc Qd Kh and then As, throws Jc Qd Kh (a granny,
    so the card he keeps is an ace: rulebook 1.3 #9) and draws 2d 3h 4s. P0 holds no ace
    and stands pat. Of the deals P0 cannot tell apart, the kept card is any of the four
    aces and each thrown card any of the 47 other cards he has not seen, 3 of them aces: a
    thrown card is an ace with chance 3/47. Drawing the thrown cards first, in deal order,
    before the kept card claims its ace, would make it 4/48."""
    game = cc.buh.Game(players=2)
    state = game.new_initial_state()
    deal = ["Jc", "2c", "Qd", "5d", "Kh", "7h", "As", "9s", "2d", "3h", "4s"]
    thrown_at = []  # the history indices of P1's thrown cards
    while not state.street.startswith("bet 4"):
        if state.is_chance_node():
            if deal[0] in ("Jc", "Qd", "Kh"):
                thrown_at.append(len(state.history()))
            state.apply_action(cc.Card(deal.pop(0)).id)
        elif state.street.startswith("window"):
            state.pass_()
        elif state.street.startswith("draw"):
            if state.to_act == 1:
                state.discard(["Jc", "Qd", "Kh"])
            else:
                state.stand()
        else:
            state.check_or_call()
    assert state.hands == (cc.CardSet("2c 5d 7h 9s"), cc.CardSet("2d 3h 4s As"))
    aces = mask("Ac Ad Ah As")
    samples = 20_000
    thrown_aces = 0
    for resample_seed in range(samples):
        history = state.resample_from_infostate(0, resample_seed).history()
        thrown_aces += sum(aces >> history[i] & 1 for i in thrown_at)
    # 3 thrown cards: 9/47 = 0.191 aces per resample, against 12/48 = 0.25; the standard
    # error of the mean over 20,000 resamples is about 0.003, so 0.22 is ten away from both.
    assert thrown_aces / samples < 0.22
