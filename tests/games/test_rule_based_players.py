"""The built-in ``rule_based`` players of docs/players.md, one decision at a time, in states
built with explicit chance actions: Badugi's betting, Buh's draw and betting, and the
Hucklebuck follower facing a trump of card id 0 (2♣, docs/design.md "Card ids and masks").

Hucklebuck's in-or-out decision, exchange and lead are in tests/games/test_hucklebuck_engine.py.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import cardcore as cc

# --------------------------------------------------------------------------- Badugi


def badugi_deal(dealer: str, big_blind: str) -> cc.badugi.State:
    """A hand of Badugi dealt one card at a time, the big blind first (rulebook 2.3 #2);
    the dealer is seat 0 and acts first, facing the big blind (the opening bet, 2.1 04)."""
    state = cc.badugi.Game().new_initial_state()
    for dealer_card, bb_card in zip(dealer.split(), big_blind.split(), strict=True):
        state.apply_action(cc.Card(bb_card).id)
        state.apply_action(cc.Card(dealer_card).id)
    return state


def badugi_act(state: cc.badugi.State, *names: str) -> None:
    for name in names:
        state.apply_action(state.string_to_action(name))


def badugi_choice(state: cc.badugi.State) -> str:
    return state.action_to_string(cc.badugi.policy_action(state, "rule_based"))


BADUGI_BIG_BLIND = "Kd Qd Jd 8d"  # a one-card hand, disjoint from every dealer hand below


@pytest.mark.parametrize(
    ("hand", "choice"),
    [
        ("As 2h 3d 4c", "raise"),  # the best badugi: bets and raises
        ("Ts 2h 3d 4c", "raise"),  # a badugi of ten: still "ten or better"
        ("Js 2h 3d 4c", "call"),  # a jack-high badugi only calls (any badugi calls)
        ("Ks 2h 3d 3c", "call"),  # any three-card hand calls before the draw
        ("Ac Ad 2c 2d", "fold"),  # a two-card hand folds to a bet, low cards or not
        ("3c 4h 6c Kc", "fold"),  # docs/players.md's example: a two-card hand
    ],
)
def test_badugi_before_the_draw_facing_the_big_blind(hand: str, choice: str) -> None:
    # docs/players.md: "bets and raises with a badugi of ten or better; calls with any badugi
    # or a three-card hand of 6 or better (any three-card hand before the draw); otherwise
    # checks, or folds when facing a bet".
    state = badugi_deal(dealer=hand, big_blind=BADUGI_BIG_BLIND)
    assert state.to_act == 0
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == [
        "call",
        "fold",
        "raise",
    ]
    assert badugi_choice(state) == choice


@pytest.mark.parametrize(
    ("hand", "choice"),
    [
        ("7s 2h 3d 3c", "fold"),  # three cards, 7 high: not 6 or better after the draw
        ("6s 2h 3d 3c", "call"),  # three cards, 6 high: calls
        ("Ts 2h 3d 4c", "raise"),  # a badugi of ten bets and raises in every round
    ],
)
def test_badugi_after_the_first_draw_facing_a_bet(hand: str, choice: str) -> None:
    # docs/players.md: after the draw only a three-card hand of 6 or better (or a badugi)
    # calls; the big blind acts first after each draw (rulebook 2.3 #5).
    state = badugi_deal(dealer=hand, big_blind=BADUGI_BIG_BLIND)
    badugi_act(state, "call", "check")  # round 1: the dealer completes, the big blind checks
    badugi_act(state, "9s", "stand", "stand")  # the burn; both stand pat
    badugi_act(state, "bet")  # round 2: the big blind bets
    assert state.to_act == 0 and state.hands[0] == cc.CardSet(hand)
    assert badugi_choice(state) == choice


def test_badugi_a_weak_hand_checks_when_it_may() -> None:
    # "otherwise checks": fold is never offered when checking is free (rulebook 2.4 #3).
    state = badugi_deal(dealer="7s 2h 3d 3c", big_blind=BADUGI_BIG_BLIND)
    badugi_act(state, "call", "check", "9s", "stand", "stand", "check")
    assert state.to_act == 0
    assert badugi_choice(state) == "check"


# --------------------------------------------------------------------------- Buh

BUH_FILLER = "8c 8d 6h 6d"  # seat 1's hand: value 14, never a buh, disjoint from those below


def buh_to_round(hand: str, number: int = 3) -> cc.buh.State:
    """Two players, the dealer at seat 0 holding `hand` (2, 3 or 4 cards: the deals up to
    betting round `number`) and seat 1 BUH_FILLER, dealt by the engine's order (rulebook
    1.3 #3-#7); every window passed and the rounds before `number` checked. Seat 1, the
    dealer's left, opens every window and betting round."""
    state = cc.buh.Game().new_initial_state()
    hands: Mapping[int, list[str]] = {0: hand.split(), 1: BUH_FILLER.split()}
    assert len(hands[0]) == number + 1
    deals = [[hands[1][0], hands[0][0], hands[1][1], hands[0][1]]]
    deals += [[hands[1][i], hands[0][i]] for i in range(2, number + 1)]
    for round_number, cards in enumerate(deals, start=1):
        for text in cards:
            assert state.current_player() == cc.CHANCE
            state.apply_action(cc.Card(text).id)
        while state.street == f"window {round_number}":
            state.pass_()
        if round_number < number:
            while state.street == f"bet {round_number}":
                state.check_or_call()
    assert state.street == f"bet {number}" and state.to_act == 1
    return state


def buh_choice(state: cc.buh.State) -> str:
    return state.action_to_string(cc.buh.policy_action(state, "rule_based"))


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [
        ("7c Ad Ah As", "7c"),  # the 7 is the lowest card id (position 0) and goes
        ("Kh Qh 9c 2d", "Qh Kh"),  # the worst two go, hooch before the 9; never three
        ("Ts 9h 8s 7d", "9h Ts"),  # normals above 5 from the highest down, at most two
        ("Js Jh 7c 4d", "Jh Js"),  # two hooch: the 7 stays, the draw is full
        ("Jc Jd Qh Kd", "Jc Jd"),  # four hooch alike: the two lowest card ids go
        ("Ks Kh Kd Kc", "Kc Kd"),  # a skunk too, whatever the order of the deal
        ("As Kd Qc 9h", "9h Qc Kd"),  # a granny: the card kept is an ace
        ("2c 3d 4h 5s", ""),  # nothing above 5 and no hooch: stands pat
        ("Ac 4d 5h 2s", ""),  # aces are never thrown
    ],
)
def test_buh_the_rule_based_draw(hand: str, thrown: str) -> None:
    # docs/players.md: "in the draw throws hooch and normal cards above 5, at most two, or
    # three when the card it keeps is an ace (a granny)"; worst cards first: hooch, then
    # normals above 5 from the highest down (cpp/src/games/buh/policy.cpp).
    state = buh_to_round(hand)
    while state.street == "bet 3":
        state.check_or_call()
    assert state.street == "draw" and state.to_act == 1
    state.stand()  # seat 1 stands pat; the dealer draws last
    assert state.street == "draw" and state.to_act == 0
    expected = f"discard {cc.CardSet(thrown)}" if thrown else "stand"
    assert buh_choice(state) == expected


@pytest.mark.parametrize(
    ("hand", "value", "choice"),
    [
        ("As 2h 3c 4d", 4, "raise"),  # B9: the best third or so of hands raise
        ("2h 3d 4c 6s", 10, "raise"),  # B34: value 10, the last to raise (36% of hands)
        ("4s 4h 7c Jd", 11, "call"),  # B13: value 11 calls
        ("5s 5h 9c Jd", 14, "call"),  # B30: value 14 calls
        ("As 8h Tc Jd", 19, "call"),  # value 19: still among the best nine in ten (90.9%)
        ("As 3h 7c 9d", 20, "fold"),  # B1: value 20 is in the worst tenth
        ("Js Qh Qc Kd", 0, "fold"),  # B3, a skunk: the worst hand whatever its value
    ],
)
def test_buh_four_cards_facing_a_bet(hand: str, value: int, choice: str) -> None:
    # docs/players.md: "bets and raises with about the best third of hands for the number of
    # cards it holds, calls with the best nine in ten, and otherwise ... folds when facing a
    # bet. Four hooch (a skunk) is its worst hand, whatever its value." Of the C(52, 4)
    # hands, 35.9% have a value of at most 10 and 90.9% at most 19.
    assert cc.buh.evaluate(hand).value == value
    state = buh_to_round(hand)
    state.bet_or_raise()  # seat 1 bets
    assert state.to_act == 0
    assert buh_choice(state) == choice


@pytest.mark.parametrize(
    ("hand", "value", "choice"),
    [
        ("2h 4d", 6, "raise"),  # two cards: value 6 or less raises (40% of two-card hands)
        ("2h 5d", 7, "call"),
        ("4s Th", 14, "call"),  # value 14 or less calls (92.8%)
        ("5s Th", 15, "fold"),
        ("2h 3d 5c", 8, "raise"),  # three cards: value 8 or less raises (35%)
        ("2h 3d 6c", 9, "call"),
        ("7s 9h Td", 17, "call"),  # value 17 or less calls (92.3%)
        ("7s 8h Td", 18, "fold"),
    ],
)
def test_buh_two_and_three_cards_facing_a_bet(hand: str, value: int, choice: str) -> None:
    # The same rule with two cards (betting round 1) and three (round 2): the best third or
    # so raise, the best nine in ten call, by the share of random hands of that size.
    assert cc.buh.evaluate(hand).value == value
    state = buh_to_round(hand, len(hand.split()) - 1)
    state.bet_or_raise()  # seat 1 bets
    assert state.to_act == 0
    assert buh_choice(state) == choice


def test_buh_a_skunk_checks_when_it_may() -> None:
    # "otherwise checks": with nothing to call, the worst hand checks.
    state = buh_to_round("Js Qh Qc Kd")
    state.check_or_call()  # seat 1 checks
    assert state.to_act == 0
    assert buh_choice(state) == "check"


# --------------------------------------------------------------------------- Hucklebuck


def hucklebuck_trick(hands: Mapping[int, str], plays: list[str]) -> cc.hucklebuck.State:
    """Three players, the dealer at seat 0, clubs trumps (upcard 9♣); everyone passes the
    exchange and seat 1 leads the first trick with `plays`, in order (rulebook 4.3)."""
    state = cc.hucklebuck.Game(players=3).new_initial_state()
    cards = {seat: cc.CardSet(text).ids() for seat, text in hands.items()}
    for i in range(5):
        for seat in (1, 2, 0):
            state.apply_action(cards[seat][i])
    state.apply_action(cc.Card("9c").id)
    for _ in range(3):
        state.pass_()
    for text in plays:
        state.play(text)
    return state


@pytest.mark.parametrize(
    ("trump_played", "follower", "played"),
    [
        # 2♣ (card id 0) trumps the J♠: the Q♠ would beat the lead but not the trick, so the
        # follower, who must follow spades, throws its cheapest spade.
        ("2c", "Qs 3s 7d 8d 9d", "3s"),
        ("3c", "Qs 3s 7d 8d 9d", "3s"),
        # no spade: the cheapest card beating the trump wins the trick
        ("2c", "4c 6c 7d 8d Ah", "4c"),
    ],
)
def test_hucklebuck_the_follower_must_beat_a_trump_played_to_the_trick(
    trump_played: str, follower: str, played: str
) -> None:
    # docs/players.md: "when following, wins the trick with its cheapest winning card, or,
    # when it cannot win, throws its cheapest card (non-trumps before trumps, low before
    # high)". The card to beat is the trick's winner so far, the trump, not the lead.
    second = f"{trump_played} 2d 3d 4d 5d"  # seat 2 holds no spade and trumps the lead
    state = hucklebuck_trick(
        {1: "Js 7h 8h 9h Th", 2: second, 0: follower}, plays=["Js", trump_played]
    )
    assert state.to_act == 0
    action = cc.hucklebuck.policy_action(state, "rule_based")
    assert state.action_to_string(action) == f"play {cc.Card(played)}"
