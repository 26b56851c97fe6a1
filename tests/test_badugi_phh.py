"""PHH hand histories of Badugi (``cc.badugi.to_phh`` and ``from_phh``) against PokerKit:
our hands written as PHH load in PokerKit and finish there with our stacks; PokerKit's own
output of those hands, and hands PokerKit plays itself, read back as the same hands; and a
bad PHH is a ValueError that says what is wrong."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import cardcore as cc
from tests.conftest import POKERKIT_MISSING

pytest.importorskip("pokerkit", reason=POKERKIT_MISSING)
import tomllib  # Python 3.11 and later, as PokerKit
from pokerkit import Automation, FixedLimitBadugi, HandHistory

CONFIGS: list[dict[str, Any]] = [
    {}, {"first_dealer": 1}, {"stacks": (9, 30)}, {"stacks": (3, 100), "first_dealer": 1},
    {"small_blind": 2, "big_blind": 4, "small_bet": 4, "big_bet": 8, "stacks": (150, 60)},
]


def random_hands(count: int, seed: int) -> list[Any]:
    """Hands played at random to the end, seeded and with explicit chance in turn."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        state = cc.badugi.Game(**CONFIGS[i % len(CONFIGS)]).new_initial_state(
            None if i % 2 else i)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        hands.append(state)
    return hands


def pokerkit_final(text: str) -> Any:
    """The last state of PokerKit's replay of a PHH."""
    *_, final = HandHistory.loads(text)
    return final


def players_seats(text: str) -> list[int]:
    return [seat - 1 for seat in tomllib.loads(text)["seats"]]


def test_our_hands_finish_in_pokerkit_with_our_stacks() -> None:
    for state in random_hands(200, seed=1):
        text = cc.badugi.to_phh(state)
        final = pokerkit_final(text)
        assert not final.status, text  # PokerKit reached the end of the hand
        stacks = [state.stacks[seat] for seat in players_seats(text)]
        assert list(final.stacks) == stacks, text


def test_our_hands_round_trip_through_phh() -> None:
    for state in random_hands(100, seed=2):
        again = cc.badugi.from_phh(cc.badugi.to_phh(state))
        assert again.history() == state.history()
        assert again.returns() == state.returns()
    explicit = random_hands(2, seed=3)[1]
    assert cc.badugi.from_phh(cc.badugi.to_phh(explicit)).serialize() == explicit.serialize()


def test_the_cap_and_the_seats_round_trip() -> None:
    state = cc.badugi.Game(max_raises=1, first_dealer=1, stacks=(40, 70)).new_initial_state()
    rng = random.Random(9)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert cc.badugi.from_phh(cc.badugi.to_phh(state)).serialize() == state.serialize()


def test_part_of_a_hand_round_trips() -> None:
    state = cc.badugi.Game().new_initial_state(seed=5)
    state.bet_or_raise()
    state.check_or_call()
    state.discard(list(state.hands[1 - state.button])[:2])
    assert cc.badugi.from_phh(cc.badugi.to_phh(state)).history() == state.history()


def test_the_hand_in_play_of_a_match_is_written() -> None:
    state = cc.badugi.Game(hands=12).new_initial_state(seed=6)
    rng = random.Random(6)
    while state.hand_number < 3:
        state.apply_action(rng.choice(state.legal_actions()))
    state.check_or_call()
    text = cc.badugi.to_phh(state)
    assert "hand = 3" in text
    again = cc.badugi.from_phh(text)
    assert [e for e in again.log if not e.startswith("chance")] == [
        e for e in state.log[-len(again.log):] if not e.startswith("chance")]


def test_every_hand_of_a_match_is_written_with_hand() -> None:
    state = cc.badugi.Game(hands=4, stacks=(30, 30)).new_initial_state(seed=8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    texts = [cc.badugi.to_phh(state, hand=k) for k in range(1, state.hand_number + 1)]
    assert texts[-1] == cc.badugi.to_phh(state) and len(set(texts)) == len(texts)
    moves = [e.split(": ", 1)[1] for e in state.log if not e.startswith("chance")]
    read = [cc.badugi.from_phh(text) for text in texts]
    assert [e.split(": ", 1)[1] for hand in read for e in hand.log
            if not e.startswith("chance")] == moves
    def by_seat(text: str, name: str) -> dict[int, int]:
        phh = tomllib.loads(text)
        return dict(zip(phh["seats"], phh[name], strict=True))

    for earlier, later in itertools.pairwise(texts):
        assert by_seat(earlier, "finishing_stacks") == by_seat(later, "starting_stacks")
    with pytest.raises(ValueError, match="hand must be the number of a hand played so far"):
        cc.badugi.to_phh(state, hand=0)


def test_pokerkits_output_of_our_hands_reads_back_as_the_same_hands() -> None:
    for state in random_hands(60, seed=4):
        ours = cc.badugi.to_phh(state)
        # PokerKit's dump keeps the fields of its own (the burned cards, the cap).
        dumped = HandHistory.loads(ours).dumps()
        assert cc.badugi.from_phh(dumped).history() == state.history()
        # Its hand history of its own replay has no burned cards: every other step holds.
        history = HandHistory.loads(ours)
        *_, final = history
        rebuilt = cc.badugi.from_phh(HandHistory.from_game_state(
            history.create_game(), final).dumps())
        assert rebuilt.returns() == [state.returns()[seat] for seat in players_seats(ours)]
        moves = [e.split(": ", 1)[1] for e in state.log if not e.startswith("chance")]
        assert [e.split(": ", 1)[1] for e in rebuilt.log if not e.startswith("chance")] == moves


def pokerkit_hand(rng: random.Random) -> tuple[str, list[int]]:
    """A heads-up hand that PokerKit plays at random with known cards (at most three bets
    or raises a round, within cardcore's cap), as PokerKit writes it, and its final
    stacks."""
    game = FixedLimitBadugi((Automation.ANTE_POSTING, Automation.BET_COLLECTION,
                             Automation.BLIND_OR_STRADDLE_POSTING,
                             Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
                             Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
                             Automation.CHIPS_PULLING), True, 0, (1, 2), 2, 4)
    state = game(rng.choice([(100, 100), (5, 40), (30, 7)]), 2)
    deck = [str(cc.Card.from_id(c)) for c in rng.sample(range(52), 52)]
    raises = (-1, 0)
    while state.status:
        if state.can_burn_card():
            state.burn_card(deck.pop())
        elif state.can_deal_hole():
            state.deal_hole(deck.pop())
        elif state.can_stand_pat_or_discard():
            index = state.stand_patter_or_discarder_index
            hand = list(state.hole_cards[index])
            state.stand_pat_or_discard(rng.sample(hand, rng.randrange(5)))
        else:
            if raises[0] != state.street_index:
                raises = (state.street_index, 0)
            moves = [state.check_or_call] + [state.fold] * state.can_fold()
            if state.can_complete_bet_or_raise_to() and raises[1] < 3:
                moves.append(state.complete_bet_or_raise_to)
            move = rng.choice(moves)
            raises = (raises[0], raises[1] + (move == state.complete_bet_or_raise_to))
            move()
    return HandHistory.from_game_state(game, state).dumps(), list(state.stacks)


def test_hands_pokerkit_plays_load_with_its_stacks() -> None:
    rng = random.Random(7)
    for _ in range(100):
        text, stacks = pokerkit_hand(rng)
        state = cc.badugi.from_phh(text)
        assert state.is_terminal(), text
        assert [state.stacks[seat] for seat in (0, 1)] == stacks, text


WIKIPEDIA = '''
variant = "FB"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200, 200]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????"]
'''
"""The start of PokerKit's Badugi example (``docs/examples.rst``, "A Sample Badugi Hand";
``test_papers.py``): four players and unknown cards."""


def bad(text: str = "", **fields: Any) -> str:
    base = {"variant": '"FB"', "antes": "[0, 0]", "blinds_or_straddles": "[1, 2]",
            "small_bet": "2", "big_bet": "4", "starting_stacks": "[100, 100]",
            "actions": '["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 cbr 4", "p1 f"]'}
    base.update(fields)
    return "\n".join(f"{key} = {value}" for key, value in base.items()) + text


BAD: dict[str, tuple[str, str]] = {
    "pokerkit's four-player example": (WIKIPEDIA, "heads-up: the PHH has 4 players"),
    "wrong variant": (bad(variant='"NT"'), "the PHH variant is 'NT': cardcore reads fixed-limit"),
    "no variant": (bad(variant='1'), "the PHH variant is 1"),
    "not TOML": ("variant = ", r"not a PHH hand history \("),
    "missing actions": ("\n".join(bad().splitlines()[:-1]), "has no 'actions' field"),
    "antes": (bad(antes="[1, 1]"), "no antes, the PHH has \\[1, 1\\]"),
    "stacks not integers": (bad(starting_stacks='[1.5, 2]'), "'starting_stacks' must be a list"),
    "unknown cards": (bad(actions='["d dh p1 ????????"]'), "cardcore needs every card known"),
    "dealt twice": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 As6h7d8c"]'),
                    "the PHH deals As twice"),
    "out of turn": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p1 cc"]'),
                    r"PHH action 2 \('p1 cc'\): p2 is to act"),
    "wrong amount": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 cbr 7"]'),
                     "a bet or raise here makes 4"),
    "illegal": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 cc", "p1 sd As"]'),
                r"PHH action 3 \('p1 sd As'\) is illegal"),
    "discard not held": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 cc", '
                                     '"p1 cc", "p1 sd Ks"]'), "the hand to draw is"),
    "unknown verb": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 pb"]'),
                     "expected f, cc, cbr <amount>, sd"),
    "three players named": (bad(actions='["d dh p3 As2h3d4c"]'), "expected p1 or p2"),
    "after the end": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 f", "p1 cc"]'),
                      r"the hand ends before PHH action 3 \('p1 cc'\)"),
    "wrong finish": (bad(finishing_stacks="[100, 100]"),
                     r"finishes with stacks \[98, 102\], the PHH says \[100, 100\]"),
    "wrong shown cards": (bad(actions='["d dh p1 As2h3d4c", "d dh p2 5s6h7d8c", "p2 cc", '
                                      '"p1 cc", "p1 sm Ks2h3d4c"]'), "p1 holds"),
}


@pytest.mark.parametrize("text, message", BAD.values(), ids=BAD)
def test_a_bad_phh_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        cc.badugi.from_phh(text)
    assert len(str(error.value)) < 500


@pytest.mark.parametrize(("write", "state", "message"), [
    (cc.badugi.to_phh, 3, "to_phh needs a cardcore State, got int 3"),
    (cc.buh.to_phh, "p1 cc", "to_phh needs a cardcore State, got str 'p1 cc'"),
    (cc.badugi.to_phh, cc.buh.Game().new_initial_state(seed=1),
     "to_phh writes fixed-limit Badugi: it needs a state of that game, got a state of Buh"),
    (cc.buh.to_phh, cc.kuhn.Game().new_initial_state(),
     "to_phh writes Buh: it needs a state of that game, got a state of Kuhn poker"),
])
def test_to_phh_of_anything_but_its_games_state_is_refused(write: Any, state: object,
                                                           message: str) -> None:
    with pytest.raises(ValueError, match=message):
        write(state)
