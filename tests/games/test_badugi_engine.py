"""The Badugi engine on the betting and chip vectors BV1-BV5 of docs/rulebook/badugi.md 2.7 and the
rules of 2.3-2.4, driven with explicit chance actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore.badugi import Game, State
from cardcore.spec import layout
from tests.games.draw_text import assert_refused_outside_the_draw


def card(text: str) -> int:
    return cc.Card(text).id


def deal(state: State, dealer: str, big_blind: str) -> None:
    """Deals the two hands one card at a time, big blind first (2.3 #2)."""
    dealer_cards, bb_cards = dealer.split(), big_blind.split()
    for i in range(4):
        state.apply_action(card(bb_cards[i]))
        state.apply_action(card(dealer_cards[i]))


def act(state: State, *names: str) -> None:
    for name in names:
        state.apply_action(state.string_to_action(name))


def legal_names(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_bv1_capped_hand() -> None:
    state = Game().new_initial_state()
    deal(state, dealer="As 2h 3d Ks", big_blind="Ah 2c Kd Qd")
    assert (state.stacks, state.pot, state.to_act) == ((99, 98), 3, 0)
    act(state, "raise", "raise", "raise")
    assert legal_names(state) == ["fold", "call"]  # capped at 8
    act(state, "call")
    assert state.pot == 16
    act(state, "9s", "discard Kd Qd", "3s", "7d", "discard Ks", "Qc")  # burn, B 2, A 1
    assert state.to_act == 1  # the big blind acts first after the draw
    act(state, "check", "bet", "raise", "call")
    assert state.pot == 24
    act(state, "9h", "stand", "discard Qc", "Jd")
    act(state, "bet", "raise", "raise", "raise")
    assert legal_names(state) == ["fold", "call"]
    act(state, "call")
    assert state.pot == 56
    act(state, "9c", "stand", "discard Jd", "4c", "check", "check")
    assert state.is_terminal()
    assert state.stacks == (128, 72) and state.returns() == [28.0, -28.0]
    assert state.hands == (cc.CardSet("4c 3d 2h As"), cc.CardSet("Ah 2c 3s 7d"))
    assert sum(1 for a in state.log if a.startswith("chance")) == 16
    assert len(state.stock) == 36


def test_bv2_all_in_pre_draw() -> None:
    state = Game(stacks=(5, 195)).new_initial_state()
    deal(state, dealer="As 2h 3d 4c", big_blind="Ah 2c 3s 4d")
    act(state, "raise")
    assert state.stacks[0] == 1
    act(state, "raise")
    assert legal_names(state) == ["fold", "call"]
    act(state, "call")
    assert state.pot == 10 and state.stacks == (0, 190)  # B's uncovered 1 came back
    for _ in range(3):  # three draws without betting
        assert state.current_player() == cc.CHANCE  # the burn
        act(state, state.action_to_string(state.legal_actions()[0]), "stand", "stand")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.stacks == (5, 195)


def test_bv3_big_blind_all_in() -> None:
    state = Game(stacks=(100, 1)).new_initial_state()
    deal(state, dealer="As 2h 3d 4c", big_blind="Ah 2c 3s 7d")
    assert state.pot == 2 and state.current_player() == cc.CHANCE  # no betting: the burn
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        assert state.current_player() not in (0, 1) or state.street.startswith("draw")
    assert state.returns() == [1.0, -1.0]


def test_bv4_small_blind_folds() -> None:
    state = Game().new_initial_state()
    deal(state, dealer="As 2h 3d 4c", big_blind="Ah 2c 3s 7d")
    act(state, "fold")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0] and state.rewards() == [-1.0, 1.0]
    assert "2c" not in state.observation_string(0) and "4c" not in state.observation_string(1)


def test_r6_short_small_blind_gets_the_excess_back() -> None:
    state = Game(stacks=(1, 100)).new_initial_state()
    deal(state, dealer="As 2h 3d 4c", big_blind="Ah 2c 3s 7d")
    assert state.pot == 2 and state.stacks == (0, 99)


def test_no_fold_when_checking_is_free_and_big_blind_option() -> None:
    state = Game().new_initial_state(seed=1)
    act(state, "call")
    assert legal_names(state) == ["check", "raise"]  # the big blind's option (2.4 #3)
    act(state, "check")
    state.discard(), state.discard()
    assert legal_names(state) == ["check", "bet"]


def test_bv5_match_alternates_the_button() -> None:
    for seed in range(30):
        state = Game(hands=12, first_dealer=1).new_initial_state(seed=seed)
        rng = random.Random(seed)
        buttons = [state.button]
        hand = state.hand_number
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.hand_number != hand and not state.is_terminal():
                hand = state.hand_number
                buttons.append(state.button)
        assert buttons == [(1 + i) % 2 for i in range(len(buttons))]
        assert len(buttons) == 12 or 0 in state.stacks
        assert sum(state.returns()) == 0


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"stacks": (100,)}, "stacks"),
        ({"stacks": (0, 100)}, "stacks"),
        ({"small_blind": 0}, "small_blind"),
        ({"big_blind": 0}, "big_blind"),
        ({"max_raises": -1}, "max_raises"),
        ({"hands": 0}, "hands"),
        ({"first_dealer": 2}, "first_dealer"),
        ({"small_bet": 10**12}, "small_bet"),
    ],
)
def test_bad_configs_name_the_field(config: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        Game(**config)  # type: ignore[arg-type]


def test_verbs_say_what_is_legal() -> None:
    state = Game().new_initial_state(seed=4)
    with pytest.raises(ValueError, match="discard is not legal now; legal: fold, call, raise"):
        state.discard("As")
    act(state, "call", "check")
    elsewhere = cc.CardSet.from_mask((1 << 52) - 1) - state.hands[1]
    with pytest.raises(ValueError, match="not in the hand"):
        state.discard(next(iter(elsewhere)))


def test_at_most_35_cards_leave_the_stock_in_a_hand() -> None:
    """8 dealt, 3 burned and at most 24 replacements (2.3 #10): the deck never runs out."""
    game = Game()
    most = 0
    for seed in range(2000):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            most = max(most, 52 - len(state.stock))
            actions = state.legal_actions()
            # draw as much as possible and never fold, to reach the deepest hands
            state.apply_action(max(actions) if state.street.startswith("draw") else
                               rng.choice([a for a in actions if a != 0] or actions))
        most = max(most, 52 - len(state.stock))
    assert most == 35


@pytest.mark.parametrize("stacks", [(6, 30), (30, 6), (6, 6)])
def test_a_game_ends_when_either_player_is_broke(stacks: tuple[int, int]) -> None:
    # A game of several hands goes on while both players have chips, and ends with the
    # hand that leaves either of them with none (docs/games/badugi.md, `hands`).
    game = Game(stacks=stacks, hands=50)
    rng = random.Random(sum(stacks))
    broke = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        hand = state.hand_number
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.hand_number != hand:  # a new hand began: both had chips (blinds posted)
                hand = state.hand_number
                assert min(s + b for s, b in zip(state.stacks, state.bets, strict=True)) > 0
        assert min(state.stacks) == 0 or state.hand_number == 50
        broke += min(state.stacks) == 0
    assert broke > 10


def test_the_observation_shows_each_rounds_betting_in_order() -> None:
    # docs/design.md, "Badugi tensors": `betting` is, per round and slot, the betting
    # action taken (one-hot over fold, check, call, bet, raise), slot j the round's j-th;
    # `stage` says the round (bet 1, draw 1, bet 2, ...).
    game = Game()
    segments = layout(game.observation_segments)
    words = ("fold", "check", "call", "bet", "raise")
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        taken: list[tuple[int, int, str]] = []  # (round, slot, action)
        while not state.is_terminal():
            player = state.current_player()
            tensor = np.asarray(state.observation_tensor(player))
            betting = tensor[segments["betting"].slice].reshape(4, -1, 5)
            shown = [(int(r), int(j), words[int(a)]) for r, j, a in zip(*np.nonzero(betting),
                                                                           strict=True)]
            assert shown == taken
            checked += 1
            round_ = int(np.argmax(tensor[segments["stage"].slice])) // 2
            action = rng.choice(state.legal_actions())
            word = state.action_to_string(action).split()[0]
            if word in words:
                taken.append((round_, sum(r == round_ for r, _, _ in taken), word))
            state.apply_action(action)
    assert checked > 100


@pytest.mark.parametrize("max_raises", [0, 3, 5])
def test_the_longest_hand_is_max_game_length_long(max_raises: int) -> None:
    # The longest hand, played: both players throw four cards at every draw, and in every
    # betting round the first to act only checks or calls, and then each raises while
    # raising is legal and calls at the cap. No hand is longer (conformance checks the
    # bound over random play), and this one reaches it.
    game = Game(max_raises=max_raises, stacks=(1000, 1000))
    state = game.new_initial_state(seed=3)
    first_of_round = True
    while not state.is_terminal():
        texts = {state.action_to_string(a): a for a in state.legal_actions()}
        draws = [a for text, a in texts.items() if text.startswith("discard ")]
        if draws:
            state.apply_action(max(draws, key=lambda a: len(state.action_to_string(a))))
            first_of_round = True
            continue
        order = ["check", "call"] if first_of_round else ["raise", "bet", "call", "check"]
        state.apply_action(texts[next(text for text in order if text in texts)])
        first_of_round = False
    assert len(state.history()) == game.max_game_length


def test_the_information_state_text_shows_both_hands_at_a_showdown() -> None:
    # docs/rulebook/badugi.md 2.4 #6: at the showdown both hands are revealed, so both
    # players' texts end with the two hands, the dealer's (P0 in hand 1) and the big blind's.
    game = Game(hands=1)
    rng = random.Random(4)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():  # nobody folds: the hand ends at a showdown
            chance = state.is_chance_node()
            state.apply_action(rng.choice([a for a in state.legal_actions() if chance or a != 0]))
        shown = f"| showdown P0 {state.hands[0]} P1 {state.hands[1]}"
        assert state.hands[0] != state.hands[1]
        for player in (0, 1):
            assert state.information_state_string(player).endswith(shown)
            # and the game's last view shows the opponent's cards too
            assert f"P{1 - player} cards: {state.hands[1 - player]}" in (
                state.observation_string(player))


def test_a_hand_won_by_a_fold_shows_no_cards_of_the_other_player() -> None:
    # docs/rulebook/badugi.md 2.4: a fold ends the hand with no showdown; the folded hand and
    # the winner's stay hidden from the other player.
    state = Game(hands=1).new_initial_state(seed=2)
    state.apply_action(state.string_to_action("fold"))  # the dealer folds to the big blind
    assert state.is_terminal()
    for player in (0, 1):
        text = state.observation_string(player)
        assert f"P{player} cards: {state.hands[player]}" in text
        assert f"P{1 - player} cards:" not in text


def _played_with_draws(game: Any, hands: int, rng: random.Random
                       ) -> Iterator[tuple[Any, list[list[tuple[int, int]]]]]:
    """Every state of `hands` hands played at random without folds, with each player's
    draws so far: (his hand before the draw as a mask, the cards he discarded)."""
    for seed in range(hands):
        state = game.new_initial_state(seed=seed)
        draws: list[list[tuple[int, int]]] = [[], []]
        while True:
            yield state, draws
            if state.is_terminal():
                break
            actor = state.current_player()
            if actor < 0:
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            action = rng.choice([a for a in state.legal_actions() if a != 0])  # no folds
            text = state.action_to_string(action)
            if text == "stand" or text.startswith("discard "):
                draws[actor].append((state.hands[actor].mask, len(text.split()) - 1))
            state.apply_action(action)


def test_the_information_state_shows_the_hand_after_the_deal_and_after_each_own_draw() -> None:
    # docs/design.md, "Badugi tensors": `hand_by_stage` is four 52-card rows, the player's
    # hand as dealt and as it stood before each of his later draws, then his hand now (with
    # the replacements received so far); the rows after that are empty.
    game = Game(hands=1)
    segment = layout(game.information_state_segments)["hand_by_stage"]
    drawn = 0
    for state, draws in _played_with_draws(game, 30, random.Random(8)):
        for player in (0, 1):
            rows = np.asarray(state.information_state_tensor(player))[segment.slice]
            expected = np.zeros((4, 52))
            hands = [*(mask for mask, _ in draws[player]), state.hands[player].mask]
            for stage, mask in enumerate(hands):
                expected[stage, [card for card in range(52) if mask >> card & 1]] = 1
            assert rows.reshape(4, 52).tolist() == expected.tolist()
        if state.is_terminal():
            drawn += len(draws[0]) + len(draws[1])
    assert drawn > 100


def test_the_observation_counts_each_players_discards_at_each_draw() -> None:
    # docs/design.md, "Badugi tensors": `draws` is, per draw, for the player and then the
    # opponent, a one-hot of the number of cards discarded (0 to 4).
    game = Game(hands=1)
    segment = layout(game.observation_segments)["draws"]
    differing = 0
    for state, draws in _played_with_draws(game, 30, random.Random(6)):
        for player in (0, 1):
            expected = np.zeros((3, 2, 5))
            for who, seat in enumerate((player, 1 - player)):
                for draw, (_, count) in enumerate(draws[seat]):
                    expected[draw, who, count] = 1
            shown = np.asarray(state.observation_tensor(player))[segment.slice]
            assert shown.reshape(3, 2, 5).tolist() == expected.tolist()
        if state.is_terminal():
            differing += sum(mine[1] != theirs[1] for mine, theirs in zip(*draws, strict=False))
    assert differing > 20  # draws where the two players' counts differ


def test_the_observation_shows_the_chips_over_the_starting_stacks() -> None:
    # docs/design.md, "Badugi tensors": `chips` is the pot, the player's stack, the
    # opponent's stack, the player's bet and the opponent's bet in this round, each divided
    # by the sum of the starting stacks (unequal here, so that both count).
    game = Game(stacks=(30, 170), hands=3)
    segment = layout(game.observation_segments)["chips"]
    rng = random.Random(8)
    with_bets = 0
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            for player in (0, 1):
                opponent = 1 - player
                chips = [state.pot, state.stacks[player], state.stacks[opponent],
                         state.bets[player], state.bets[opponent]]
                shown = np.asarray(state.observation_tensor(player))[segment.slice]
                assert shown == pytest.approx(np.array(chips) / 200)
            with_bets += any(state.bets)
            state.apply_action(rng.choice(state.legal_actions()))
    assert with_bets > 100


def test_a_discard_is_refused_outside_the_draw() -> None:
    assert_refused_outside_the_draw(
        Game(), "discard", lambda state: state.street.startswith("draw")
    )
