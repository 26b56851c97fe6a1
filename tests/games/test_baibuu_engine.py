"""The Bai Buu engine on the settlement vectors of docs/rulebook/baibuu.md 3.11 and the rules of
3.2 and 3.6-3.7, driven with explicit chance actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardcore as cc
from cardcore.baibuu import Game, State
from cardcore.spec import layout
from tests.conftest import vector_ids
from tests.reference.vectors import BAIBUU_VECTORS


def split(side: str) -> tuple[str, str | None]:
    """("4♠ 5♥ / K♠ K♥") -> ("4♠ 5♥ K♠ K♥", "4♠ 5♥"); four cards -> (cards, None)."""
    if "/" not in side:
        return side, None
    low, high = side.split(" / ")
    return f"{low} {high}", low


def deal(state: State, hands: list[str]) -> None:
    """Four cards each, one at a time, player hands in seat order and the banker last."""
    cards = [cc.CardSet(h).ids() for h in hands]
    for i in range(4):
        for seat_cards in cards:
            state.apply_action(seat_cards[i])


@pytest.mark.parametrize(
    ("vid", "banker", "banker_classes", "player", "player_classes", "expected"),
    BAIBUU_VECTORS,
    ids=vector_ids(BAIBUU_VECTORS),
)
def test_settlement_vectors_through_the_engine(
    vid: str, banker: str, banker_classes: str | None, player: str,
    player_classes: str | None, expected: tuple[str, str, str | None, str | None],
) -> None:
    banker_cards, banker_low = split(banker)
    player_cards, player_low = split(player)
    state = Game(banker="agent" if banker_low else "house_way").new_initial_state()
    deal(state, [player_cards, banker_cards])
    if cc.baibuu.natural(player_cards) is None:
        assert state.to_act == 0
        state.arrange(player_low)
    if banker_low and cc.baibuu.natural(banker_cards) is None:
        assert state.to_act == 1
        state.arrange(banker_low)
    assert state.is_terminal()
    (result,) = state.results
    assert (result["winner"], result["reason"], result["low"], result["high"]) == expected
    winner, loser = (0, 1) if expected[0] == "player" else (1, 0)
    assert (state.returns()[winner], state.returns()[loser]) == (97.0, -100.0)


def test_players_may_foul_and_the_banker_may_not() -> None:
    state = Game(banker="agent").new_initial_state()
    deal(state, ["8♣ 8♦ 4♥ 5♣", "A♠ 3♥ 10♠ 10♥"])
    assert state.legal_actions() == list(range(6))  # any split, fouls included
    state.arrange("8♣ 8♦")  # Bửu 8 under Score 9: a foul
    banker_legal = state.legal_actions()
    assert banker_legal == [
        a for a in range(6)
        if cc.baibuu.arrangements("A♠ 3♥ 10♠ 10♥")[a].is_valid
    ]
    with pytest.raises(ValueError, match="banker may not foul"):
        state.arrange("10♠ 10♥")
    state.arrange("A♠ 3♥")
    assert state.results[0]["reason"] == "player_foul"


def test_naturals_are_not_arranged() -> None:
    state = Game(player_hands=2, banker="agent").new_initial_state()
    deal(state, ["6♠ 7♠ 8♠ 9♠", "2♣ 3♦ 9♥ Q♣", "7♥ 7♣ 7♦ 2♦"])
    assert state.to_act == 1  # hand 0 holds a straight flush: no decision
    state.arrange("2♣ 3♦")
    assert state.is_terminal()  # the banker's three of a kind is a Natural too
    assert [r["reason"] for r in state.results] == ["player_natural", "banker_natural"]


def test_returns_sum_to_minus_the_commission_and_never_push() -> None:
    game = Game(player_hands=6, wagers=(100, 3500, 10, 7, 250, 1), hands=3,
                banker_commission_bp=150)
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        commission = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if any(state.rewards()):
                for hand, result in enumerate(state.results):
                    wager = game.config["wagers"][hand]
                    bp = 300 if result["winner"] == "player" else 150
                    commission += wager * bp // 10000
                    assert result["winner"] in ("player", "banker")
        assert sum(state.returns()) == -commission


def test_the_house_way_banker_arranges_by_3_9() -> None:
    state = Game().new_initial_state()
    deal(state, ["2♣ 3♦ 9♥ Q♣", "Q♥ 8♠ A♣ 4♦"])
    state.arrange("2♣ 3♦")
    assert state.is_terminal()
    assert state.lows[1] == cc.CardSet("4♦ Q♥")  # HW3


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"player_hands": 0}, "player_hands"),
        ({"player_hands": 7}, "player_hands"),
        ({"wagers": (100, 100)}, "wagers"),
        ({"wagers": 0}, "wagers"),
        ({"commission_bp": 10001}, "commission_bp"),
        ({"banker_commission_bp": -1}, "banker_commission_bp"),
        ({"banker": "robot"}, "banker"),
        ({"hands": 0}, "hands"),
    ],
)
def test_bad_configs_name_the_field(config: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        Game(**config)  # type: ignore[arg-type]


def test_a_low_hand_in_text_is_exactly_two_held_cards() -> None:
    # One, three or four of the cards held, or a card not held, is not a Low hand; two held
    # cards are, and name the arrangement whose Low they are.
    state = Game(player_hands=2).new_initial_state(seed=4)  # seat 0 arranges 3d Td Kh Ks
    held = [str(c) for c in state.hands[state.to_act]]
    assert len(held) == 4 and not state.is_chance_node()
    before = state.serialize()
    for cards in (held[:1], held[:3], held):
        with pytest.raises(ValueError, match="the Low hand must be two cards of"):
            state.string_to_action("arrange " + " ".join(cards))
    assert state.serialize() == before
    index = state.string_to_action("arrange " + " ".join(held[1:3]))
    assert state.action_to_string(index) == "arrange " + " ".join(held[1:3])


def test_the_observation_shows_the_last_rounds_winners() -> None:
    # The segment `results`: per player hand, whether the player or the banker won the last
    # settled round (nothing before the first is settled), as the state's results say.
    game = Game(player_hands=3, hands=3)
    segment = layout(game.observation_segments)["results"]
    rng = random.Random(7)
    seen = set()
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        while True:
            for seat in range(game.num_players):
                rows = np.asarray(state.observation_tensor(seat))[segment.slice].reshape(3, 2)
                expected = [[1, 0] if r["winner"] == "player" else [0, 1] for r in state.results]
                assert rows.tolist() == (expected or [[0, 0]] * 3)
                seen.update(r["winner"] for r in state.results)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {"player", "banker"}


def test_the_observation_text_shows_every_hand_of_the_last_round() -> None:
    # docs/rulebook/baibuu.md: the settled round's hands are turned up for everyone, so each
    # seat's text lists every seat's four cards after "last round:".
    game = Game(player_hands=3, hands=2)
    rng = random.Random(5)
    state = game.new_initial_state(seed=5)
    while not state.results:
        held = state.hands  # the settling action deals round 2: these are round 1's hands
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.round_number == 2
    shown = "; ".join(f"P{seat} {hand}" for seat, hand in enumerate(held))
    for seat in range(game.num_players):
        assert f"last round: {shown};" in state.observation_string(seat)
