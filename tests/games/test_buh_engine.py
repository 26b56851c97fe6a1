"""The Buh engine on the rules of docs/rulebook/buh.md 1.2-1.9 and resolutions R-1 to R-10,
driven with explicit chance actions so that every deal is exactly what the test needs.

Seats are engine seats (0-based). With the dealer at seat d, the deal order is d + 1, d + 2,
..., d (the dealer last), and every window, betting round and the draw start from the
dealer's left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from itertools import combinations

import numpy as np
import pytest

import cardcore as cc
from cardcore.buh import Game, State
from cardcore.spec import layout
from tests.games.draw_text import assert_refused_outside_the_draw

FULL_DECK = (1 << 52) - 1


# --------------------------------------------------------------------------- helpers


def card(text: str) -> int:
    return cc.Card(text).id


def act(state: State, *names: str) -> None:
    for name in names:
        state.apply_action(state.string_to_action(name))


def legal_names(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def deal_order(state: State) -> list[int]:
    """The seats still in the hand, in deal order: the dealer's left first, the dealer last."""
    n = len(state.stacks)
    seats = [(state.button + 1 + i) % n for i in range(n)]
    return [seat for seat in seats if state.in_hand[seat]]


def deal(state: State, hands: Mapping[int, str], number: int) -> None:
    """Deals deal `number` (1, 2 or 3) of `hands` in the engine's dealing order (1.3 #3-#7).

    `hands[seat]` lists a seat's cards in the order he receives them: deal 1 gives every seat
    in the hand his first two cards, one at a time in two rounds; deals 2 and 3 give the third
    and the fourth card to each seat still in the hand.
    """
    order = deal_order(state)
    cards = {seat: hands[seat].split() for seat in order}
    if number == 1:
        sequence = [cards[seat][0] for seat in order] + [cards[seat][1] for seat in order]
    else:
        sequence = [cards[seat][number] for seat in order]
    for text in sequence:
        assert state.current_player() == cc.CHANCE
        state.apply_action(card(text))
    assert state.current_player() != cc.CHANCE


def pass_window(state: State) -> list[int]:
    """Every player asked in the current window passes; returns the seats asked, in order."""
    window = state.street
    assert window.startswith("window"), window
    asked: list[int] = []
    while state.street == window and state.current_player() >= 0:
        asked.append(state.current_player())
        state.pass_()
    return asked


def check_round(state: State) -> None:
    """Everyone checks the current betting round (if it is played at all)."""
    while state.street.startswith("bet"):
        assert "check" in legal_names(state)
        act(state, "check")


def stand_all(state: State) -> None:
    """Everyone still to draw stands pat."""
    while state.street == "draw":
        state.stand()


def draw(state: State, seat: int, discards: str, replacements: str) -> None:
    """`seat` discards `discards` and receives `replacements` from the stock, in that order."""
    assert state.to_act == seat
    act(state, f"discard {discards}" if discards else "stand")
    for text in replacements.split():
        assert state.current_player() == cc.CHANCE
        state.apply_action(card(text))


def through_deal_3(state: State, hands: Mapping[int, str]) -> None:
    """Deals all three deals; every window is passed and every betting round checked."""
    for number in (1, 2, 3):
        deal(state, hands, number)
        pass_window(state)
        check_round(state)


def showdown(state: State, hands: Mapping[int, str]) -> None:
    """Plays the current hand to the showdown with passes, checks and pat hands only."""
    through_deal_3(state, hands)
    stand_all(state)
    pass_window(state)
    check_round(state)


def assert_cards_conserved(state: State) -> None:
    """Hands, stock and dead cards are disjoint and together hold all 52 cards."""
    masks = [h.mask for h in state.hands] + [state.stock.mask, state.dead_cards.mask]
    total = 0
    for mask in masks:
        assert total & mask == 0
        total |= mask
    assert total == FULL_DECK


def draw_id(hand: str, discards: Iterable[str]) -> int:
    """The draw action id 5 + m: bit i of m discards the i-th lowest card of the hand by id."""
    ids = sorted(card(c) for c in hand.split())
    return 5 + sum(1 << ids.index(card(c)) for c in discards)


def rules_draws(hand: str) -> set[int]:
    """The legal draws by 1.3 #9: 0-2 discards, or 3 when the one card kept is an ace."""
    cards = hand.split()
    legal = set()
    for k in range(4):
        for discards in combinations(cards, k):
            kept = [c for c in cards if c not in discards]
            if k <= 2 or kept[0][0] == "A":
                legal.add(draw_id(hand, discards))
    return legal


FILLER = "9c 8d 7s 6h"  # never a buh; disjoint from the declaration vectors
DRAW_FILLER = "Tc Td 5s 3h"  # never a buh; disjoint from the draw vectors and 2c 2d 2h


# --------------------------------------------------------------------------- 1.9 declarations

DECLARATION_VECTORS = [
    ("Dc1", "Ah Ac Jd", 2, True),
    ("Dc2", "Ah Ac 3s Jd", 3, False),
    ("Dc3", "Ac Kd", 1, True),
    ("Dc4", "As 2h", 1, False),
    ("Dc5", "Js Qh", 1, False),
    ("Dc6", "As Js", 1, True),
    ("Dc7", "3s Js Qs Ks", 3, True),
    ("Dc8", "As 3s Js Qs", 3, False),
]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(("vector", "held", "number", "buh"), DECLARATION_VECTORS)
def test_declaration_vectors(vector: str, held: str, number: int, buh: bool, seat: int) -> None:
    """1.9 Dc1-Dc8 with 1.6 #1 and #3: at the window after the deal that completes the held
    cards, `declare` is legal exactly when they are a buh; `pass` is always legal, and the
    other player (no buh) is asked too, with `pass` only."""
    assert cc.buh.evaluate(held).is_buh == buh
    state = Game().new_initial_state()
    hands = {seat: held, 1 - seat: FILLER}
    for k in range(1, number):
        deal(state, hands, k)
        pass_window(state)
        check_round(state)
    deal(state, hands, number)
    assert state.street == f"window {number}"
    assert state.hands[seat] == cc.CardSet(held)
    expected = ["declare", "pass"] if buh else ["pass"]
    asked = []
    while state.street == f"window {number}":
        asked.append(state.to_act)
        assert legal_names(state) == (expected if state.to_act == seat else ["pass"])
        state.pass_()
    assert asked == [1, 0]
    assert state.street == f"bet {number}"


DRAW_VECTORS = [
    ("As 7h 9c Kd", "7h 9c Kd", True),  # a granny keeping the ace
    ("2s 7h 9c Kd", "7h 9c Kd", False),  # three discards need an ace kept
    ("As Ah 9c Kd", "Ah 9c Kd", True),  # a granny keeping one of two aces
]


@pytest.mark.parametrize(("hand", "granny", "legal"), DRAW_VECTORS)
def test_draw_vectors(hand: str, granny: str, legal: bool) -> None:
    """1.3 #9 and the draw vectors of 1.9: stand, 1 or 2 discards, 3 only keeping an ace,
    never 4; action id 5 + m with bit i discarding the i-th lowest card by id."""
    state = Game().new_initial_state()
    through_deal_3(state, {1: hand, 0: DRAW_FILLER})
    assert state.street == "draw" and state.to_act == 1
    assert set(state.legal_actions()) == rules_draws(hand)
    assert draw_id(hand, hand.split()) not in state.legal_actions()  # never 4 discards
    with pytest.raises(ValueError):
        state.apply_action(draw_id(hand, hand.split()))
    granny_id = draw_id(hand, granny.split())
    assert (granny_id in state.legal_actions()) == legal
    assert state.string_to_action(f"discard {granny}") == granny_id
    if not legal:
        with pytest.raises(ValueError):
            state.apply_action(granny_id)
        assert state.to_act == 1 and state.hands[1] == cc.CardSet(hand)  # unchanged
        return
    state.apply_action(granny_id)
    for text in ("2c", "2d", "2h"):
        assert state.current_player() == cc.CHANCE
        state.apply_action(card(text))
    kept = [c for c in hand.split() if c not in granny.split()]
    assert state.hands[1] == cc.CardSet(" ".join([*kept, "2c", "2d", "2h"]))
    assert state.dead_cards == cc.CardSet(granny)
    assert state.to_act == 0  # the next drawer


def test_an_illegal_action_says_why_in_each_phase_and_changes_nothing() -> None:
    """Each phase names what is wrong with another phase's action: a draw or a bet in a
    declaration window, a draw or a declaration in a betting round, a bet, a declaration or
    four discards in the draw."""
    hand = "As 7h 9c Kd"
    state = Game().new_initial_state()
    deal(state, {1: hand, 0: DRAW_FILLER}, 1)

    def refused(action: int, reason: str) -> None:
        before = state.serialize()
        with pytest.raises(ValueError, match=f"action {action} is not legal here \\({reason}"):
            state.apply_action(action)
        assert state.serialize() == before

    assert state.street == "window 1"
    for action in (0, 4, 5, 6, 20):  # check, raise, stand pat, a discard, four discards
        refused(action, "it is the declaration window: declare a buh or pass")
    pass_window(state)
    assert state.street == "bet 1" and "check" in legal_names(state)
    for action in (5, 6, 20):
        refused(action, "it is a betting round, not the draw")
    for action in (21, 22):
        refused(action, "a buh is declared in the declaration window, not in a betting round")
    check_round(state)
    deal(state, {1: hand, 0: DRAW_FILLER}, 2)
    pass_window(state)
    check_round(state)
    deal(state, {1: hand, 0: DRAW_FILLER}, 3)
    pass_window(state)
    check_round(state)
    assert state.street == "draw" and state.to_act == 1
    for action in (0, 1, 4):
        refused(action, "it is the draw: stand pat or discard cards")
    for action in (21, 22):
        refused(action, "a buh is declared in the declaration window, not in the draw")
    refused(draw_id(hand, hand.split()), "you may throw at most three cards")
    refused(draw_id(hand, ["As", "7h", "9c"]), "you may throw three cards only keeping an ace")


# --------------------------------------------------------------------------- 1.6 declaring


DECLARER_HANDS = {1: "9c 8d 7s 6h", 2: "Ac Kd Ah Qd", 0: "Tc Td 5s 2h"}


@pytest.mark.parametrize("window", [1, 2, 3, 4])
def test_declaration_ends_the_hand_in_every_window(window: int) -> None:
    """1.3 #12(a), 1.6 #2-#5, R-4: a buh declared in any window (after deal 1, 2, 3 or after
    the draw) ends the hand at once, no showdown, and the declarer takes the whole pot.

    Before the declaration every betting round is bet by seat 1 and called by seats 2 and 0,
    so each seat has put in the ante plus one unit per earlier round (1, 1, 2)."""
    state = Game(players=3).new_initial_state()
    hands = dict(DECLARER_HANDS)
    if window == 4:
        hands[2] = "Ac Kd 5h 9s"  # a buh only after drawing to A K A Q
    units = [1, 1, 2]
    for number in range(1, window):
        deal(state, hands, number)
        assert pass_window(state) == [1, 2, 0]
        act(state, "bet", "call", "call")
    if window <= 3:
        deal(state, hands, window)
    else:
        draw(state, 1, "", "")
        draw(state, 2, "5h 9s", "Ah Qd")
        draw(state, 0, "", "")
    assert state.street == f"window {window}"
    put_in = 1 + sum(units[: window - 1])
    assert state.pot == 3 * put_in
    act(state, "pass")
    assert legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal() and state.street == "hand over"
    assert state.current_player() == cc.TERMINAL and state.legal_actions() == []
    assert state.declared == (False, False, True)
    assert state.stacks == (100 - put_in, 100 - put_in, 100 + 2 * put_in)
    expected = [-put_in, -put_in, 2 * put_in]
    assert state.returns() == expected and state.rewards() == expected


def test_first_declarer_in_deal_order_wins() -> None:
    """1.6 #3, R-4: with two buhs in one window, the first in deal order to declare wins, even
    though the other also holds one."""
    hands = {1: "Ac Kd", 2: "Ah Qd", 0: "9c 8d"}
    state = Game(players=3).new_initial_state()
    deal(state, hands, 1)
    assert state.to_act == 1 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal() and state.returns() == [-1, 2, -1]


def test_later_buh_declares_after_an_earlier_one_passes() -> None:
    """1.6 #3: a player who passed is not asked again; the next buh holder may declare and
    wins, though the player before him also held a buh."""
    hands = {1: "Ac Kd", 2: "Ah Qd", 0: "9c 8d"}
    state = Game(players=3).new_initial_state()
    deal(state, hands, 1)
    state.pass_()
    assert state.to_act == 2 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal() and state.returns() == [-1, -1, 2]
    assert state.declared == (False, False, True)


def test_player_without_buh_is_asked_and_window_ends_after_one_round() -> None:
    """1.6 #3: every player is asked once in deal order, a player without a buh with `pass`
    as his only legal action; when all pass, betting begins and nobody is asked again."""
    hands = {1: "Ac Kd", 2: "Ah Qd", 0: "9c 8d"}
    state = Game(players=3).new_initial_state()
    deal(state, hands, 1)
    seen = []
    while state.street == "window 1":
        seen.append((state.to_act, legal_names(state)))
        state.pass_()
    assert seen == [(1, ["declare", "pass"]), (2, ["declare", "pass"]), (0, ["pass"])]
    assert state.street == "bet 1" and state.to_act == 1
    assert legal_names(state) == ["check", "bet"]  # no fold when a check is free (1.4 #5)


def test_buh_after_a_player_without_one() -> None:
    """1.6 #3: the player without a buh in between is asked (pass only), and the last player
    in deal order, the dealer, declares and wins."""
    hands = {1: "Ac Kd", 2: "9c 8d", 0: "Ah Qd"}
    state = Game(players=3).new_initial_state()
    deal(state, hands, 1)
    state.pass_()
    assert state.to_act == 2 and legal_names(state) == ["pass"]
    with pytest.raises(ValueError):
        state.declare()
    state.pass_()
    assert state.to_act == 0 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal() and state.returns() == [2, -1, -1]


# --------------------------------------------------------------------------- 1.7 choke


def test_choke_example_of_1_7() -> None:
    """1.7 #2 and R-8 example: 8 players, dealer at engine seat 0 (the rules' seat 1); a pot
    of 25 choked by seats 7, 1 and 4 (the rules' 8, 2 and 5) gives each 8 and the odd chip
    to seat 1, the first of them from the dealer's left."""
    hands = {
        1: "4s 4h Jh Kc",
        2: "2c 6d Td 9s",
        3: "2d 7c",
        4: "4d 4c Jd Kh",
        5: "2h 8c",
        6: "2s 9c",
        7: "As 3h Jc Kd",
        0: "3c 7d Th 9h",
    }
    for seat in (1, 4, 7):
        assert cc.buh.evaluate(hands[seat]).value == 4
    state = Game(players=8).new_initial_state()
    deal(state, hands, 1)
    assert pass_window(state) == [1, 2, 3, 4, 5, 6, 7, 0]
    act(state, "bet", "call", "fold", "call", "fold", "fold", "call", "call")
    assert state.pot == 13
    deal(state, hands, 2)
    assert pass_window(state) == [1, 2, 4, 7, 0]
    check_round(state)
    deal(state, hands, 3)
    pass_window(state)
    act(state, "bet", "fold", "call", "call", "fold")
    assert state.pot == 19
    stand_all(state)
    assert pass_window(state) == [1, 4, 7]
    act(state, "bet", "call", "call")
    assert state.is_terminal()
    put_in = [2, 6, 2, 1, 6, 1, 1, 6]  # seats 0-7
    won = [0, 9, 0, 0, 8, 0, 0, 8]
    assert sum(won) == 25
    expected = [w - p for w, p in zip(won, put_in, strict=True)]
    assert state.returns() == expected, "one pot of 25: 8 each, the odd chip to seat 1"
    assert state.stacks == tuple(100 - p + w for w, p in zip(won, put_in, strict=True))


def test_even_pot_choked_two_ways_splits_evenly() -> None:
    """1.4 #6 and 1.7 #2: with no all-in there is one pot (folded players' chips do not make
    side pots); a pot of 10 choked by two players gives each 5, with no odd chip."""
    hands = {1: "As 3h Jc Kd", 2: "4s 4h Jh Kc", 3: "2d 7c", 4: "2h 8c", 0: "3c 7d Th"}
    state = Game(players=5).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "bet", "call", "fold", "fold", "call")
    deal(state, hands, 2)
    pass_window(state)
    act(state, "bet", "call", "fold")
    assert state.pot == 10 and state.committed == (2, 3, 3, 1, 1)
    deal(state, hands, 3)
    pass_window(state)
    check_round(state)
    stand_all(state)
    pass_window(state)
    check_round(state)
    assert state.is_terminal()
    assert state.returns() == [-2, 2, 2, -1, -1], "a pot of 10: 5 each"


def test_odd_chip_goes_in_deal_order_not_seat_order() -> None:
    """docs/rulebook/buh.md 1.7 #2 and R-8: the odd chip of a choke goes to the first choked
    player in deal order from the dealer's left, which need not be the lowest seat. 3
    players, dealer at seat 0, so the deal order is 1, 2, 0; seats 2 and 0 choke a pot of 5
    and seat 2 gets the odd chip (by seat number it would be seat 0's)."""
    hands = {1: "2d 7c", 2: "As 3h Jc Kd", 0: "4s 4h Jh Kc"}  # B15 and B16: a choke (P4)
    assert cc.buh.compare(hands[2], hands[0]) == 0
    state = Game(players=3).new_initial_state()
    assert state.button == 0
    deal(state, hands, 1)
    assert pass_window(state) == [1, 2, 0]
    act(state, "check", "bet", "call", "fold")  # seat 1 checks, seat 2 bets, 0 calls, 1 folds
    assert state.pot == 5 and state.committed == (2, 1, 2)
    deal(state, hands, 2)
    assert pass_window(state) == [2, 0]
    check_round(state)
    deal(state, hands, 3)
    pass_window(state)
    check_round(state)
    stand_all(state)
    pass_window(state)
    check_round(state)
    assert state.is_terminal()
    put_in = [2, 1, 2]  # seats 0-2
    won = [2, 0, 3]  # 5 split two ways: 2 each, the odd chip to seat 2
    assert state.returns() == [w - p for w, p in zip(won, put_in, strict=True)] == [0, -1, 1]
    assert state.stacks == (100, 99, 101)


# --------------------------------------------------------------------------- 1.9 pairwise

B = {
    "B1": "As 3h 7c 9d",
    "B2": "3s 5h Jc Kd",
    "B2'": "3c 5s Jh Kd",
    "B3": "Js Qh Qc Kd",
    "B4": "3s 3h 5c 5d",
    "B4'": "3s 3c 5h 5d",
    "B5": "2s 3h 5c 6d",
    "B6": "3s 4h 4c 5d",
    "B6'": "3h 4h 4d 5d",
    "B7": "Ah Ac 3s Jd",
    "B8": "3s 4s 5s Js",
    "B9": "As 2h 3c 4d",
    "B10": "4s 4h Jc Qd",
    "B11": "2s 4h Jc Qd",
    "B12": "6s 6h 6c Qd",
    "B12'": "6s 6h 6d Qc",
    "B13": "4s 4h 7c Jd",
    "B14": "Ah Th Jc Qd",
    "B15": "As 3h Jc Kd",
    "B15'": "As 3h Jd Kc",
    "B16": "4s 4h Jh Kc",
    "B17": "As Ah Ac Ad",
    "B18": "As Js Qs Ks",
    "B19": "2s Js Qs Ks",
    "B19'": "2h Jh Qh Kh",
    "B20": "Ad Jc Qh Ks",
    "B20'": "As Jd Qc Kh",
    "B21": "Ac Ad Ah Js",
    "B21'": "Ah Ac As Jd",
    "B22": "Ts 9h 8c 7d",
    "B25": "Js Jh Jc Qd",
    "B25'": "Jh Jc Jd Qs",
    "B26": "5h 6h 7h 8h",
    "B27": "9c Tc 2c Ac",
    "B28": "2d 4d 6d 8d",
    "B29": "As 2s Js Qs",
    "B30": "5s 5h 9c Jd",
    "B31": "3c 9d Ts Kh",
    "B32": "Jh Jd Kc 2h",
    "B33": "Ac 2d Js Qh",
    "B34": "2h 3d 4c 6s",
}

PAIRWISE = [  # (id, first, second, winner: 0 first, 1 second, None choke)
    ("P1", "B9", "B10", 0),
    ("P2", "B11", "B12'", 0),
    ("P3", "B13", "B14", 0),
    ("P4", "B15", "B16", None),
    ("P5", "B3", "B1", 1),
    ("P6", "B3", "B25'", 1),
    ("P11", "B20", "B21'", 1),
    ("P12", "B19", "B20'", None),
    ("P13", "B19", "B17", 1),
    ("P14", "B18", "B19'", 0),
    ("P15", "B8", "B9", 0),
    ("P16", "B26", "B9", None),
    ("P17", "B26", "B10", 0),
    ("P18", "B4", "B2'", 0),
    ("P19", "B6'", "B8", 1),
    ("P21", "B28", "B22", None),
    ("P22", "B27", "B11", 0),
    ("P23", "B27", "B12", 0),
    ("P24", "B30", "B31", 1),
    ("P25", "B7", "B10", 0),
    ("P26", "B7", "B15", 0),
    ("P27", "B10", "B15'", 0),
    ("P28", "B5", "B4'", 1),
    ("P29", "B29", "B20", 0),
    ("P30", "B32", "B33", 0),
    ("P31", "B34", "B6'", 1),
    ("P32", "B2", "B32", 1),
]


@pytest.mark.parametrize("name", [name for name in B if name.endswith("'")])
def test_re_suited_hands_keep_their_keys(name: str) -> None:
    """1.9: each re-suited hand listed under the pairwise table has the original's key."""
    assert cc.buh.strength(B[name]) == cc.buh.strength(B[name[:-1]])


@pytest.mark.parametrize("first_seat", [0, 1])
@pytest.mark.parametrize(("vector", "first", "second", "winner"), PAIRWISE)
def test_pairwise_vectors_at_showdown(
    vector: str, first: str, second: str, winner: int | None, first_seat: int
) -> None:
    """1.9 pairwise vectors (the disjoint ones, re-suited as listed there) played heads-up to
    a showdown (1.7 #1): the better key takes the pot, equal keys choke and split it (1.7 #2).
    One unit is bet and called in round 1, so the pot is 4."""
    hands = {first_seat: B[first], 1 - first_seat: B[second]}
    assert cc.CardSet(B[first]).isdisjoint(cc.CardSet(B[second]))
    state = Game().new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "bet", "call")
    for number in (2, 3):
        deal(state, hands, number)
        pass_window(state)
        check_round(state)
    stand_all(state)
    pass_window(state)
    check_round(state)
    assert state.is_terminal()
    if winner is None:
        expected = [0, 0]
    else:
        seat = first_seat if winner == 0 else 1 - first_seat
        expected = [2 if s == seat else -2 for s in (0, 1)]
    assert state.returns() == expected, vector


# --------------------------------------------------------------------------- R-3 stock


def test_eight_player_draw_exhausts_the_stock_exactly() -> None:
    """R-3: 8 players take 32 cards; four grannies (3 discards keeping an ace, 1.3 #9) and
    four 2-card draws take the other 20, so the stock ends exactly empty and no reshuffle
    happens. Cards are conserved at every step: hands + stock + dead cards = 52."""
    hands = {
        1: "As 2c 3c 4c",
        2: "5c 6c 7c 8c",
        3: "Ah 2d 3d 4d",
        4: "5d 6d 7d 8d",
        5: "Ad 2h 3h 4h",
        6: "5h 6h 7h 8h",
        7: "Ac 2s 3s 4s",
        0: "5s 6s 7s 8s",
    }
    discards = {
        seat: " ".join(h.split()[1:]) if seat % 2 else " ".join(h.split()[2:])
        for seat, h in hands.items()
    }
    state = Game(players=8).new_initial_state()
    for number in (1, 2, 3):
        deal(state, hands, number)
        assert_cards_conserved(state)
        pass_window(state)
        check_round(state)
    assert len(state.stock) == 20
    for seat in [1, 2, 3, 4, 5, 6, 7, 0]:
        assert state.street == "draw" and state.to_act == seat
        act(state, f"discard {discards[seat]}")
        assert_cards_conserved(state)
        while state.current_player() == cc.CHANCE:
            outcomes = state.chance_outcomes()
            assert len(outcomes) == len(state.stock)
            assert all(p == pytest.approx(1 / len(state.stock)) for _, p in outcomes)
            state.apply_action(min(state.legal_actions()))
            assert_cards_conserved(state)
    assert len(state.stock) == 0
    assert len(state.dead_cards) == 20
    assert state.street == "window 4"
    pass_window(state)
    check_round(state)
    assert state.is_terminal()
    assert_cards_conserved(state)
    assert sum(state.returns()) == 0


# --------------------------------------------------------------------------- 1.4 side pots


def test_two_pots_with_different_winners() -> None:
    """1.4 #6 (side pots) and 1.7 #1: the short stack, all-in in round 1, has the best hand
    and wins the main pot; the second best hand wins the side pot the other two built. The
    all-in player is still dealt to, asked in every window, and draws (1.6 #3)."""
    hands = {0: "As 2h 3c 4d", 1: "4s 4h Jc Qd", 2: "Js Qh Qc Kd"}  # B9 < B10 < skunk B3
    state = Game(players=3, stacks=(5, 30, 30)).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "bet", "raise", "raise", "raise", "call")
    assert legal_names(state) == ["fold", "call"]  # capped (1.4 #4)
    act(state, "call")
    assert state.stacks == (0, 25, 25) and state.pot == 15
    deal(state, hands, 2)
    assert pass_window(state) == [1, 2, 0]
    act(state, "bet", "call")
    deal(state, hands, 3)
    assert pass_window(state) == [1, 2, 0]
    act(state, "bet", "raise", "call")
    assert state.street == "draw"
    draw(state, 1, "", "")
    draw(state, 2, "", "")
    draw(state, 0, "", "")
    assert pass_window(state) == [1, 2, 0]
    act(state, "bet", "call")
    assert state.is_terminal()
    assert state.stacks == (15, 32, 18)
    assert state.returns() == [10, 2, -12]


def test_folds_to_one_player() -> None:
    """1.3 #12(b): when everyone else folds, the last player takes the pot at once without a
    showdown; the hands are not shown to the others."""
    hands = {1: "Ks Qs", 2: "9c 8d", 0: "As 2h"}
    state = Game(players=3).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "bet", "fold", "fold")
    assert state.is_terminal() and state.street == "hand over"
    assert state.stacks == (99, 102, 99)
    assert state.returns() == [-1, 2, -1] and state.rewards() == [-1, 2, -1]
    assert state.in_hand == (False, True, False)
    for viewer in (0, 2):
        assert "Ks" not in state.observation_string(viewer)
        assert "Qs" not in state.observation_string(viewer)


def test_declared_all_in_buh_leaves_and_side_pot_plays_on() -> None:
    """1.6 #5, R-9: a short all-in player declares; he takes only the main pot he is eligible
    for and leaves the hand (no more cards, never asked again); the window goes on with the
    next player and the side pot is played to a showdown between the other two."""
    hands = {1: "Ah Ac Jd", 2: "9c 8d 7s 6h", 0: "As 2h 3c 4d"}
    state = Game(players=3, stacks=(30, 3, 30)).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "check", "bet", "raise", "call")  # seat 1 calls all-in to 2
    assert state.stacks[1] == 0
    act(state, "raise", "call")  # seat 2 to 3, seat 0 calls: main 9, side 2
    assert state.pot == 11 and state.stacks == (26, 0, 26)
    deal(state, hands, 2)
    assert state.to_act == 1 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert not state.is_terminal()
    assert state.stacks == (26, 9, 26) and state.pot == 2
    assert state.declared == (False, True, False)
    assert state.in_hand == (True, False, True)
    assert state.hands[1] == cc.CardSet() and state.dead_cards == cc.CardSet("Ah Ac Jd")
    for viewer in (0, 2):  # he shows his hand
        assert all(c in state.observation_string(viewer) for c in ("Ah", "Ac", "Jd"))
    assert_cards_conserved(state)
    assert pass_window(state) == [2, 0]
    assert state.street == "bet 2"
    act(state, "bet", "call")
    deal(state, hands, 3)  # to seats 2 and 0 only
    assert state.hands[1] == cc.CardSet()
    assert pass_window(state) == [2, 0]
    act(state, "bet", "call")
    assert state.to_act == 2
    draw(state, 2, "", "")
    draw(state, 0, "", "")
    assert pass_window(state) == [2, 0]
    act(state, "bet", "call")
    assert state.is_terminal()
    assert state.stacks == (33, 9, 21)
    assert state.returns() == [3, 6, -9]


def test_declared_buh_takes_two_pots_and_an_ineligible_player_leaves_unseen() -> None:
    """1.6 #5, R-9 with three pots: seat 1 is all-in for 3 and seat 2 for 5; seat 2 declares
    and takes the main pot and the first side pot. Seat 1, eligible for no remaining pot,
    leaves the hand with him without showing; the window goes on and the last side pot is
    played out between seats 3 and 0."""
    hands = {1: "9c 8d 7s 6h", 2: "Ah Ac Jd Ks", 3: "Tc Td 5s 2d", 0: "As 2h 3c 4d"}
    state = Game(players=4, stacks=(30, 3, 5, 30)).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "bet", "raise", "raise", "raise")  # to 4: a bet and three raises
    act(state, "call", "call", "call")  # seats 1 and 2 all-in for less and exactly
    assert state.stacks == (25, 0, 0, 25) and state.committed == (5, 3, 5, 5)
    deal(state, hands, 2)
    assert pass_window(state) == [1, 2, 3, 0]
    act(state, "bet", "call")  # seat 3 and seat 0 only
    deal(state, hands, 3)
    state.pass_()
    assert state.to_act == 2
    state.declare()
    assert state.stacks == (24, 0, 18, 24) and state.pot == 2
    assert state.in_hand == (True, False, False, True)
    assert state.declared == (False, False, True, False)
    assert pass_window(state) == [3, 0]
    act(state, "bet", "call")
    draw(state, 3, "", "")
    draw(state, 0, "", "")
    assert pass_window(state) == [3, 0]
    check_round(state)
    assert state.is_terminal()
    assert state.stacks == (28, 0, 18, 22)
    assert state.returns() == [-2, -3, 13, -8]
    for viewer in (0, 3):  # seat 1 never showed
        assert not any(c in state.observation_string(viewer) for c in hands[1].split())
    assert all(c in state.observation_string(0) for c in hands[2].split())


def test_declarer_eligible_for_every_pot_ends_the_hand() -> None:
    """1.6 #5: a declarer eligible for every pot (main and side) takes them all and the hand
    ends at once."""
    hands = {1: "9c 8d 7s", 2: "Tc Td 5s", 0: "As Ks Ad"}
    state = Game(players=3, stacks=(30, 3, 30)).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "check", "bet", "raise", "call", "raise", "call")
    deal(state, hands, 2)
    act(state, "pass", "pass")
    assert state.to_act == 0 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal()
    assert state.stacks == (37, 0, 26)
    assert state.returns() == [7, -3, -4]


def test_declared_buh_side_pot_with_one_eligible_player_goes_to_him() -> None:
    """1.6 #5, R-9: after the short all-in declarer takes the main pot, a side pot with a
    single eligible player left (the other folded) goes to him at once and the hand ends."""
    hands = {1: "Ah Ac Jd Ks", 2: "9c 8d 7s", 0: "As 2h 3c 4d"}
    state = Game(players=3, stacks=(30, 3, 30)).new_initial_state()
    deal(state, hands, 1)
    pass_window(state)
    act(state, "check", "bet", "raise", "call", "raise", "call")
    deal(state, hands, 2)
    pass_window(state)
    act(state, "bet", "raise", "fold")  # seat 2 bets, seat 0 raises, seat 2 folds
    deal(state, hands, 3)
    assert state.to_act == 1 and legal_names(state) == ["declare", "pass"]
    state.declare()
    assert state.is_terminal()
    assert state.stacks == (29, 9, 25)
    assert state.returns() == [-1, 6, -5]


# --------------------------------------------------------------------------- 1.4 #6 short all-in


def short_all_in_state() -> State:
    """Round 3 of a 3-player hand: A (seat 1) bets 2, B (seat 2, 3 chips left) goes all-in
    to 3; C (seat 0, the dealer) to act."""
    hands = {1: "9c 8d 7s 6h", 2: "Tc Td 5s 2h", 0: "Ts 9h 8c 7d"}
    state = Game(players=3, stacks=(100, 100, 4)).new_initial_state()
    for number in (1, 2):
        deal(state, hands, number)
        pass_window(state)
        check_round(state)
    deal(state, hands, 3)
    pass_window(state)
    assert state.stacks == (99, 99, 3)
    act(state, "bet")
    assert state.to_act == 2 and legal_names(state) == ["fold", "call", "raise"]
    act(state, "raise")  # all-in for less: to 3
    assert state.bets == (0, 2, 3) and state.stacks == (99, 97, 0)
    return state


def test_short_all_in_example_c_calls() -> None:
    """1.4 #6 example: C may fold, call 3 or raise to 4; if C calls, A (who already acted
    since L = 2 was set; a short all-in does not reopen raising) may only call 3 or fold."""
    state = short_all_in_state()
    assert state.to_act == 0 and legal_names(state) == ["fold", "call", "raise"]
    act(state, "call")
    assert state.bets == (3, 2, 3)
    assert state.to_act == 1 and legal_names(state) == ["fold", "call"]
    act(state, "call")
    assert state.bets == (3, 3, 3) and state.stacks == (96, 96, 0)
    assert state.street == "draw"


def test_short_all_in_example_c_raises() -> None:
    """1.4 #6 example: C's full raise makes the total L + unit = 4 and reopens the betting for
    A, who faces a full raise he has not acted on."""
    state = short_all_in_state()
    act(state, "raise")
    assert state.bets == (4, 2, 3)
    assert state.to_act == 1 and legal_names(state) == ["fold", "call", "raise"]
    act(state, "call")
    assert state.bets == (4, 4, 3) and state.street == "draw"


# --------------------------------------------------------------------------- R-10 multi-hand


def test_multi_hand_button_skips_busted_players() -> None:
    """1.2 #2, R-10 and docs/design.md "Hands and returns": with hands=5 the button moves one seat
    left each hand, skipping a busted player, who is no longer dealt in; the game ends after
    5 hands and returns (net chips) sum to zero."""
    game = Game(players=3, stacks=(10, 1, 10), hands=5)
    state = game.new_initial_state()
    assert state.button == 0 and state.hand_number == 1
    # Hand 1: seat 1 posts his only chip as the ante (all-in) and loses.
    showdown(state, {1: "Js Qh Qc Kd", 2: "As 2h 3c 4d", 0: "9c 8d 7s 6h"})
    # The next hand has begun and its antes are posted.
    assert tuple(s + c for s, c in zip(state.stacks, state.committed, strict=True)) == (9, 0, 12)
    assert state.committed == (1, 0, 1) and state.pot == 2
    assert state.rewards() == [-1, -1, 2] and state.returns() == [-1, -1, 2]
    assert not state.is_terminal()
    buttons = [0]
    winners = [2, 0, 2, 0]
    for number, winner in enumerate(winners, start=2):
        assert state.hand_number == number
        assert state.current_player() == cc.CHANCE
        buttons.append(state.button)
        assert state.in_hand[1] is False
        assert deal_order(state) == ([0, 2] if state.button == 2 else [2, 0])
        loser = 2 if winner == 0 else 0
        hands = {winner: "As 2h 3c 4d", loser: "9c 8d 7s 6h"}
        deal(state, hands, 1)  # four cards: seat 1 gets none
        assert state.hands[1] == cc.CardSet() and len(state.stock) == 48
        pass_window(state)
        check_round(state)
        for deal_number in (2, 3):
            deal(state, hands, deal_number)
            pass_window(state)
            check_round(state)
        stand_all(state)
        pass_window(state)
        check_round(state)
        result = [0, 0, 0]
        result[winner], result[loser] = 1, -1
        assert state.rewards() == result
    assert buttons == [0, 2, 0, 2, 0]
    assert state.is_terminal() and state.hand_number == 5
    assert state.stacks == (9, 0, 12)
    assert state.returns() == [-1, -1, 2] and sum(state.returns()) == 0


def test_multi_hand_ends_when_one_player_has_every_chip() -> None:
    """docs/design.md "Hands and returns": the game ends early when one player holds every chip. Two
    short stacks are all-in by the ante, so no betting round is played (1.4 #6)."""
    game = Game(players=3, stacks=(1, 1, 10), hands=5)
    state = game.new_initial_state()
    hands = {1: "9c 8d 7s 6h", 2: "As 2h 3c 4d", 0: "Js Qh Qc Kd"}
    for number in (1, 2, 3):
        deal(state, hands, number)
        assert pass_window(state) == [1, 2, 0]  # all-in players are asked too
        assert not state.street.startswith("bet")
    stand_all(state)
    pass_window(state)
    assert state.is_terminal() and state.hand_number == 1
    assert state.stacks == (0, 0, 12)
    assert state.returns() == [-1, -1, 2] and sum(state.returns()) == 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_information_state_keeps_the_betting_of_rounds_1_to_3(players: int) -> None:
    # docs/design.md, "Buh tensors": the information state appends the betting slots of
    # rounds 1, 2 and 3, each slot the actor (one-hot over the seats) and the action
    # (one-hot over fold, check, call, bet, raise). Before the draw every betting action
    # taken so far is in them, once.
    game = cc.buh.Game(players=players)
    segment = layout(game.information_state_segments)["earlier_betting"].slice
    rng = random.Random(players)
    checked = 0
    for seed in range(30):
        state = game.new_initial_state(seed=seed)
        betting: list[tuple[int, str]] = []
        while not state.is_terminal():
            player = state.current_player()
            slots = np.asarray(state.information_state_tensor(player))[segment]
            slots = slots.reshape(-1, players + 5)
            taken = [(int(np.argmax(row[:players])), ACTIONS[int(np.argmax(row[players:]))])
                     for row in slots if row.any()]
            assert taken == betting
            checked += 1
            action = rng.choice(state.legal_actions())
            word = state.action_to_string(action).split()[0]
            if word == "discard":
                break  # the draw: the fourth round's betting is not kept here
            if word in ACTIONS:
                betting.append((player, word))
            state.apply_action(action)
    assert checked > 50


ACTIONS = ("fold", "check", "call", "bet", "raise")


def test_the_history_text_says_who_stood_pat_and_how_many_cards_others_threw() -> None:
    # docs/rulebook/buh.md 1.3: each player's draw is seen by all as a number of cards, none
    # for a player who stands pat. Here everyone plays passively to the draw, where seats
    # take turns standing and throwing one card.
    game = Game(players=4)
    state = game.new_initial_state(seed=8)
    drew: dict[int, str] = {}
    while not state.is_terminal():
        street, seat = state.street, state.to_act
        if street.startswith("window"):
            state.pass_()
        elif street.startswith("draw") and seat is not None:
            if len(drew) % 2:
                state.stand()
                drew[seat] = "stands"
            else:
                state.discard([next(iter(state.hands[seat]))])
                drew[seat] = "discards 1"
        elif seat is not None:
            state.check_or_call()
        else:
            state.apply_action(state.legal_actions()[0])
    assert sorted(drew.values()) == ["discards 1", "discards 1", "stands", "stands"]
    for player in range(4):
        text = state.information_state_string(player)
        for seat, what in drew.items():  # his own discard is named by its cards
            if seat != player or what == "stands":
                assert f"| P{seat} {what} |" in text


def test_the_observation_shows_chips_and_each_seats_discard_count() -> None:
    # docs/design.md, "Buh tensors": `chips` is the pot, then per seat its stack and its bet
    # in this round, each over the sum of the starting stacks; `draws` is per seat, once he
    # has drawn, a one-hot of the number of cards he discarded (0 to 3).
    players = 3
    game = Game(players=players, stacks=(60, 80, 100))
    segments = layout(game.observation_segments)
    rng = random.Random(9)
    drawn_with_bets = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        discarded: dict[int, int] = {}
        while not state.is_terminal():
            chips = [state.pot]
            for seat in range(players):
                chips += [state.stacks[seat], state.bets[seat]]
            counts = np.zeros((players, 4))
            for seat, count in discarded.items():
                counts[seat, count] = 1
            for player in range(players):
                tensor = np.asarray(state.observation_tensor(player))
                assert tensor[segments["chips"].slice] == pytest.approx(np.array(chips) / 240)
                assert tensor[segments["draws"].slice].tolist() == counts.ravel().tolist()
            drawn_with_bets += bool(discarded) and any(state.bets)
            seat = state.to_act
            action = rng.choice(state.legal_actions())
            text = state.action_to_string(action)
            if seat is not None and (text == "stand" or text.startswith("discard ")):
                discarded[seat] = len(text.split()) - 1
            state.apply_action(action)
    assert drawn_with_bets > 10


def test_a_discard_is_refused_outside_the_draw() -> None:
    assert_refused_outside_the_draw(Game(), "discard", lambda state: state.street == "draw")
