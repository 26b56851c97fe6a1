"""The Hucklebuck engine on the scoring vectors S1-S5 of docs/rulebook/hucklebuck.md 4.6 and the
rules of 4.3-4.4, driven with explicit chance actions; and its built-in policies."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardcore as cc
from cardcore.hucklebuck import Game, State
from cardcore.spec import layout
from tests.games.draw_text import assert_refused_outside_the_draw


def deal(state: State, hands: dict[int, str], upcard: str) -> None:
    """Five cards each, one at a time from the dealer's left, then the upcard."""
    n = len(hands)
    order = [(state.button + 1 + i) % n for i in range(n)]
    cards = {seat: cc.CardSet(text).ids() for seat, text in hands.items()}
    for i in range(5):
        for seat in order:
            state.apply_action(cards[seat][i])
    state.apply_action(cc.Card(upcard).id)


def play_tricks(state: State, tricks: list[str]) -> None:
    """Each trick's cards in play order, the leader first."""
    for trick in tricks:
        for card in trick.split():
            state.play(card)


S1_HANDS = {0: "A♥ A♠ 4♦ 5♦ 6♦", 1: "2♥ 3♥ 2♠ 3♠ 4♠", 2: "7♦ 8♦ 9♦ 10♦ J♦",
            3: "A♣ K♣ Q♣ 2♦ 3♦", 4: "5♥ 6♥ 5♠ 6♠ 7♠"}
S1_TRICKS = ["A♥ 2♥ 2♦ 5♥", "A♠ 2♠ 3♦ 5♠", "4♦ 3♥ Q♣ 6♥", "K♣ 6♠ 5♦ 3♠", "A♣ 7♠ 6♦ 4♠"]
S2_HANDS = {0: "5♥ 5♠ 4♦ Q♣ 9♥", 1: "A♥ A♠ 6♦ 7♦ 8♦", 2: "2♥ 2♠ 2♦ 6♥ 7♠",
            3: "3♥ 3♠ K♣ A♣ 7♥", 4: "4♥ 4♠ 3♦ 5♦ 8♥"}
S2_TRICKS = ["A♥ 2♥ 3♥ 4♥ 5♥", "A♠ 2♠ 3♠ 4♠ 5♠", "6♦ 2♦ K♣ 3♦ 4♦", "A♣ 5♦ Q♣ 7♦ 6♥",
             "7♥ 8♥ 9♥ 8♦ 7♠"]


def s1_state(hands: int | None) -> State:
    """S1: 5 players, dealer P5; P1 and P2 in, P3 out fills the quota; tricks 2, 0, -, 3, 0."""
    game = Game(players=5, scores=(9, 2, 5, 8, 10), first_dealer=4, hands=hands)
    state = game.new_initial_state()
    deal(state, S1_HANDS, upcard="9♣")
    assert state.trump == "c" and state.phase == "in or out" and state.to_act == 0
    state.in_()
    state.in_()
    state.out()
    assert state.phase == "exchange"  # P4 and P5 are in without a decision
    for _ in range(4):
        state.pass_()
    assert state.to_act == 0  # the first active player left of the dealer leads
    play_tricks(state, S1_TRICKS)
    return state


def test_s1_scoring_and_the_drop_quota() -> None:
    state = s1_state(hands=1)
    assert state.is_terminal()
    assert state.scores == (11, 0, 5, 11, 7)
    assert state.returns() == [2.0, -2.0, 0.0, 3.0, -3.0]


def test_s1_s2_a_tie_at_the_top_plays_on_and_p4_wins() -> None:
    state = s1_state(hands=None)
    assert not state.is_terminal() and state.scores == (11, 0, 5, 11, 7)  # tied at 11
    assert state.button == 0  # the deal passed left
    deal(state, S2_HANDS, upcard="9♣")
    for _ in range(5):
        state.in_()  # nobody drops
    for _ in range(5):
        state.pass_()
    assert state.to_act == 1
    play_tricks(state, S2_TRICKS)
    assert state.is_terminal()
    assert state.scores == (12, 2, 2, 13, 4) and state.winner == 3
    assert state.returns() == [-0.25, -0.25, -0.25, 1.0, -0.25]


def test_s5_stock_exhaustion_reshuffles_the_discards_but_not_the_players_own() -> None:
    state = Game(players=7).new_initial_state()
    deck = list(range(52))
    for card in deck[:36]:  # 35 dealt, the 36th turned up
        state.apply_action(card)
    for _ in range(7):
        state.in_()
    assert len(state.stock) == 16
    thrown: list[cc.CardSet] = []
    for expected_stock in (11, 6, 1):  # P1, P2, P3 exchange five each
        hand = state.hands[state.to_act]
        thrown.append(hand)
        state.exchange(hand)
        for _ in range(5):
            state.apply_action(state.legal_actions()[0])
        assert len(state.stock) == expected_stock
    p4 = state.to_act
    own = cc.CardSet(list(state.hands[p4])[:4])
    state.exchange(own)
    state.apply_action(state.legal_actions()[0])  # the last stock card
    assert state.stock == thrown[0] | thrown[1] | thrown[2]  # 15 cards, P4's own 4 excluded
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert len(state.hands[p4]) == 5 and own.isdisjoint(state.hands[p4])
    assert cc.Card(deck[35]) == state.upcard and state.upcard not in state.stock


def test_the_upcard_is_never_drawn() -> None:
    game = Game(players=7)
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.upcard is not None:
                assert state.upcard not in state.stock
                assert all(state.upcard not in hand for hand in state.hands)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_scores_follow_4_3_7_and_quotas_hold(players: int) -> None:
    """S3/S4 as a property: an active player gains his tricks or loses 3 with none, never
    going below 0; a dropped player keeps his score; at most n - 4 drop."""
    for seed in range(300):
        rng = random.Random(seed)
        start = tuple(rng.randrange(12) for _ in range(players))
        state = Game(players=players, scores=start).new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            assert sum(not a for a in state.active) <= max(0, players - 4)
        assert sum(state.tricks) == 5
        for seat in range(players):
            tricks = state.tricks[seat]
            expected = max(0, start[seat] + (tricks or -3)) if state.active[seat] else start[seat]
            assert state.scores[seat] == expected
            assert state.returns()[seat] == expected - start[seat]


def test_a_game_ends_with_a_unique_top_score_at_the_target() -> None:
    game = Game(players=5, hands=None)
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        top = max(state.scores)
        assert state.scores.count(top) == 1 and top >= 11
        assert state.winner == state.scores.index(top)


def capped_games(target: int, start: int) -> list[State]:
    """Four players start tied at `start`; the game to `target` is capped after one hand
    (max_hands=1), so it ends there whatever the scores. Seeds 0-99, random play."""
    game = Game(players=4, hands=None, target=target, max_hands=1, scores=(start,) * 4)
    states = []
    for seed in range(100):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.hand_number == 1
        states.append(state)
    return states


@pytest.mark.parametrize(("target", "start", "at_target"), [(100, 5, False), (11, 9, True)],
                         ids=["top-below-target", "top-at-target"])
def test_a_capped_game_with_a_tie_at_the_top_is_a_draw(target: int, start: int,
                                                       at_target: bool) -> None:
    """docs/rulebook/hucklebuck.md 4.4 #4: at the max_hands cap a unique top score wins;
    otherwise (a tie at the top, below the target or at it) the game is a draw: no winner
    and nothing won or lost."""
    tied = [s for s in capped_games(target, start)
            if s.scores.count(max(s.scores)) > 1 and (max(s.scores) >= target) == at_target]
    assert tied, "no seed of 0-99 ends the hand with a tie at the top"
    for state in tied:
        assert state.is_terminal()
        assert state.winner is None, state.scores
        assert state.returns() == [0.0] * 4, state.scores


def test_a_capped_game_with_a_unique_top_names_it() -> None:
    """docs/rulebook/hucklebuck.md 4.4 #4: at the cap the unique top score wins even below the
    target: +1 for him, -1/3 for each of the others."""
    unique = [s for s in capped_games(100, 5) if s.scores.count(max(s.scores)) == 1]
    assert unique
    for state in unique:
        top = state.scores.index(max(state.scores))
        assert state.winner == top
        assert state.returns() == [1.0 if s == top else -1 / 3 for s in range(4)]


def test_s3_s4_three_and_four_players_cannot_drop() -> None:
    for players in (3, 4):
        state = Game(players=players).new_initial_state(seed=1)
        assert state.phase == "exchange"
        assert state.legal_actions()[0] == 2


def test_the_rule_based_player_beats_random_players() -> None:
    game = Game(players=4, hands=None)
    result = cc.simulate(game, 2000, policies=["rule_based", "random", "random", "random"],
                         seed=1)
    wins = (result.returns == 1).mean(axis=0)
    assert wins[0] > 0.6 and wins[1:].max() < 0.2


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 8}, "players"),
        ({"scores": (0, 0)}, "scores"),
        ({"scores": (-1, 0, 0, 0)}, "scores"),
        ({"target": 0}, "target"),
        ({"hands": 0}, "hands"),
        ({"max_hands": 0}, "max_hands"),
        ({"first_dealer": 4}, "first_dealer"),
    ],
)
def test_bad_configs_name_the_field(config: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        Game(**config)  # type: ignore[arg-type]


def test_playing_must_follow_suit() -> None:
    state = Game(players=3).new_initial_state()
    deal(state, {0: "K♠ 4♠ 9♥ 2♣ 7♦", 1: "A♠ 3♥ 4♥ 5♥ 6♥", 2: "2♦ 3♦ 4♦ 5♦ 6♦"}, upcard="9♣")
    for _ in range(3):
        state.pass_()
    state.play("A♠")  # seat 1 leads (the dealer is seat 0)
    state.play("2♦")  # seat 2 has no spade: anything
    with pytest.raises(ValueError, match="play 9h is not legal now; legal: play 4s, play Ks"):
        state.play("9♥")


OTHER_HANDS = {1: "5♥ 6♥ 7♥ 8♥ 9♥", 2: "5♣ 6♣ 7♣ 10♥ J♥", 3: "6♦ 7♦ 8♦ 9♦ 10♦",
               4: "6♠ 7♠ 8♠ 9♠ 10♠"}


@pytest.mark.parametrize(("hand", "expected", "stays"), [
    ("9♣ A♠ 2♦ 3♦ 4♦", "0.4 + 0.6", True),  # exactly one trick: not under one
    ("9♣ K♠ K♥ 2♦ 3♦", "0.4 + 0.25 + 0.25", False),
    ("10♣ K♠ K♥ 2♦ 3♦", "0.6 + 0.25 + 0.25", True),
    ("J♣ 2♠ 3♥ 4♦ 5♠", "0.6", False),
    ("J♣ 2♣ 3♥ 4♦ 5♠", "0.6 + 0.4", True),
    ("Q♣ 2♠ 3♥ 4♦ 5♠", "0.9", False),
    ("Q♣ K♠ 3♥ 4♦ 5♠", "0.9 + 0.25", True),
    ("K♣ 2♠ 3♥ 4♦ A♦", "0.9 + 0.6", True),
    ("A♠ K♥ 2♦ 3♠ 4♥", "0.6 + 0.25", False),
    ("A♠ K♥ K♦ 3♠ 4♥", "0.6 + 0.25 + 0.25", True),
])
def test_the_rule_based_player_drops_a_hand_expected_to_take_under_one_trick(
        hand: str, expected: str, stays: bool) -> None:
    # docs/players.md: under one trick by its counts (clubs are trumps here).
    assert (sum(float(x) for x in expected.split(" + ")) >= 1.0) == stays
    state = Game(players=5, first_dealer=4).new_initial_state()
    deal(state, {0: hand, **OTHER_HANDS}, upcard="8♣")
    assert state.phase == "in or out" and state.to_act == 0
    action = cc.hucklebuck.policy_action(state, "rule_based")
    assert state.action_to_string(action) == ("in" if stays else "out")


@pytest.mark.parametrize(("hand", "thrown"), [
    ("A♠ K♥ Q♥ 2♣ 3♦", "Q♥ 3♦"),
    ("2♣ 3♣ 4♣ 5♣ 6♣", ""),
    ("Q♠ J♥ 10♦ 9♠ 2♥", "Q♠ J♥ 10♦ 9♠ 2♥"),
])
def test_the_rule_based_exchange(hand: str, thrown: str) -> None:
    # docs/players.md: keeps trumps and off-suit aces and kings, exchanges the rest.
    state = Game(players=3).new_initial_state()
    deal(state, {0: hand, 1: "5♥ 6♥ 7♥ 8♥ 9♥", 2: "6♦ 7♦ 8♦ 9♦ 10♠"}, upcard="8♣")
    while state.to_act != 0:  # the dealer's left exchanges first
        state.pass_()
    assert state.phase == "exchange"
    action = cc.hucklebuck.policy_action(state, "rule_based")
    text = state.action_to_string(action)
    assert text == (f"exchange {cc.CardSet(thrown)}" if thrown else "pass")


@pytest.mark.parametrize(("leader", "played"), [
    ("2♠ 3♥ A♦ Q♣ K♣", "A♦"),  # an off-suit ace first (clubs are trumps)
    ("2♠ 3♥ 4♦ Q♣ 5♣", "Q♣"),  # else the highest trump
    ("7♠ 3♥ 4♦ 9♦ K♥", "3♥"),  # else the cheapest card: the lowest
])
def test_the_rule_based_leader(leader: str, played: str) -> None:
    # docs/players.md: "leads an off-suit ace, else its highest trump, else its lowest card".
    state = Game(players=3).new_initial_state()
    deal(state, {0: "2♦ 3♦ 5♦ 6♦ 7♦", 1: leader, 2: "4♠ 5♠ 6♠ 7♥ 8♥"}, upcard="9♣")
    for _ in range(3):
        state.pass_()
    assert state.current_player() == 1  # the dealer's left leads
    action = cc.hucklebuck.policy_action(state, "rule_based")
    assert state.action_to_string(action) == "play " + str(cc.Card(played))


@pytest.mark.parametrize(("follower", "played"), [
    ("K♠ A♠ 2♥ 3♥ 4♥", "K♠"),  # the cheapest card that beats the J♠
    ("2♠ 5♠ 8♠ 3♥ 4♥", "2♠"),  # none beats it: the cheapest card it may play
    ("2♣ 5♣ 3♥ 4♥ 6♥", "2♣"),  # no spade: the cheapest trump wins it
])
def test_the_rule_based_follower(follower: str, played: str) -> None:
    # docs/players.md: "when following, wins the trick with its cheapest winning card, or,
    # when it cannot win, throws its cheapest card (non-trumps before trumps, low before high)".
    state = Game(players=3).new_initial_state()
    deal(state, {0: "2♦ 3♦ 5♦ 6♦ 7♦", 1: "J♠ 7♥ 8♥ 9♥ 10♥", 2: follower}, upcard="9♣")
    for _ in range(3):
        state.pass_()
    state.play("J♠")
    action = cc.hucklebuck.policy_action(state, "rule_based")
    assert state.action_to_string(action) == "play " + str(cc.Card(played))


def test_s3_three_players_the_first_to_11_wins() -> None:
    """S3: scores 10, 4, 9 and tricks 1, 3, 1 give 11, 7, 10: player 1 wins."""
    state = Game(players=3, scores=(10, 4, 9), hands=None, first_dealer=2).new_initial_state()
    deal(state, {0: "A♥ 2♠ 4♠ 5♠ 6♠", 1: "2♥ A♠ A♦ K♦ Q♦", 2: "3♥ 3♠ 2♦ 3♦ A♣"}, upcard="9♣")
    for _ in range(3):
        state.pass_()
    play_tricks(state, ["A♥ 2♥ 3♥", "2♠ A♠ 3♠", "A♦ 2♦ 4♠", "K♦ 3♦ 5♠", "Q♦ A♣ 6♠"])
    assert state.is_terminal() and state.scores == (11, 7, 10) and state.winner == 0
    assert state.returns() == [1.0, -0.5, -0.5]


def test_s4_the_floor_and_player_4_wins() -> None:
    """S4: scores 1, 0, 6, 10 and tricks 0, 0, 2, 3 give 0, 0, 8, 13: player 4 wins."""
    state = Game(players=4, scores=(1, 0, 6, 10), hands=None, first_dealer=3).new_initial_state()
    deal(state, {0: "2♥ 2♠ 2♦ 6♥ 6♠", 1: "3♥ 3♠ 3♦ 7♥ 7♠", 2: "4♥ 4♠ 4♦ K♥ K♠",
                 3: "A♥ A♠ A♦ 5♥ 5♠"}, upcard="9♣")
    for _ in range(4):
        state.pass_()
    play_tricks(state, ["2♥ 3♥ 4♥ A♥", "A♠ 2♠ 3♠ 4♠", "A♦ 2♦ 3♦ 4♦", "5♥ 6♥ 7♥ K♥",
                        "K♠ 5♠ 6♠ 7♠"])
    assert state.is_terminal() and state.scores == (0, 0, 8, 13) and state.winner == 3


def test_the_observation_shows_each_seat_in_out_or_undecided() -> None:
    # The segment `in_out` holds per seat: in, out, undecided (TensorLayout's order). S1's
    # in-or-out round: P1 and P2 in, P3 out, and then P4 and P5 are in without deciding.
    game = Game(players=5, scores=(9, 2, 5, 8, 10), first_dealer=4)
    segment = layout(game.observation_segments)["in_out"]
    state = game.new_initial_state()
    deal(state, S1_HANDS, upcard="9♣")

    def seats() -> list[list[float]]:
        tensor = np.asarray(state.observation_tensor(state.current_player()))
        rows: list[list[float]] = tensor[segment.slice].reshape(5, 3).tolist()
        return rows

    in_, out, undecided = [1, 0, 0], [0, 1, 0], [0, 0, 1]
    assert seats() == [undecided] * 5
    state.in_()
    state.in_()
    assert seats() == [in_, in_, undecided, undecided, undecided]
    state.out()
    assert state.phase == "exchange"
    assert seats() == [in_, in_, out, in_, in_]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_information_state_shows_the_dealt_hand_and_the_hand_after_the_exchange(
        players: int) -> None:
    # docs/design.md, "Hucklebuck tensors": the segment `hands` is the five cards the player
    # was dealt (row 0), then his hand after the exchange with the cards he has played since
    # (row 1); `earlier_tricks` is every card played in the hand, by trick and seat (52
    # entries per seat, n seats per trick). Tracked here from the hands shown at each hand's
    # first decision (nobody has exchanged yet) and the plays, over games of random play.
    game = Game(players=players, hands=3)
    segments = layout(game.information_state_segments)
    rng = random.Random(players)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        hand_number, dealt, played = -1, [0] * players, [0] * players
        plays: list[tuple[int, int, int]] = []  # (trick, seat, card) this hand
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            if state.hand_number != hand_number:
                hand_number = state.hand_number
                dealt = [state.hands[s].mask for s in range(players)]
                played, plays = [0] * players, []
                assert all(bin(mask).count("1") == 5 for mask in dealt)
            player = state.current_player()
            tensor = np.asarray(state.information_state_tensor(player))
            rows = tensor[segments["hands"].slice].reshape(2, 52)
            assert cc.CardSet.from_mask(dealt[player]).ids() == list(np.flatnonzero(rows[0]))
            after = state.hands[player].mask | played[player]
            assert cc.CardSet.from_mask(after).ids() == list(np.flatnonzero(rows[1]))
            tricks = tensor[segments["earlier_tricks"].slice].reshape(5, players, 52)
            assert sorted(zip(*np.nonzero(tricks), strict=True)) == sorted(plays)
            checked += 1
            action = rng.choice(state.legal_actions())
            text = state.action_to_string(action)
            if text.startswith("play "):
                card = cc.CardSet(text[len("play "):])
                played[player] |= card.mask
                plays.append((sum(state.tricks), player, card.ids()[0]))
            state.apply_action(action)
    assert checked > 100


def test_a_exchange_is_refused_outside_the_exchange() -> None:
    assert_refused_outside_the_draw(
        Game(players=3), "exchange", lambda state: state.phase == "exchange"
    )


def test_an_id_no_action_has_is_refused_plainly_in_every_phase() -> None:
    # The refusal of an id past every action names no reason (and no card): it is no play,
    # no exchange and no in-or-out, whatever the phase.
    rng = random.Random(9)
    phases = set()
    for seed in range(5):
        state = Game(players=3).new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.current_player() >= 0:
                phases.add(state.phase)
                before = state.serialize()
                for action in (-7, -1, 86, 100, 999, 10**6):
                    with pytest.raises(ValueError, match=rf"^action {action} is not legal here$"):
                        state.apply_action(action)
                assert state.serialize() == before
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"exchange", "play"} <= phases
