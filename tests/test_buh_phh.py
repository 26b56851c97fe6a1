"""PHH hand histories of Buh (``cc.buh.to_phh`` and ``from_phh``, the private variant
``_BUH``): random hands of every player count, house rules on and off, whole and in part,
and every hand of a match, read back as the same hands; and a bad PHH is a ValueError that
says what is wrong."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import tomllib

import cardcore as cc


def random_config(rng: random.Random, players: int) -> dict[str, Any]:
    """A configuration of ``players`` seats with random stakes, stacks and house rules."""
    return {"players": players, "stacks": [rng.choice([1, 3, 9, 40]) for _ in range(players)],
            "ante": rng.choice([1, 2]), "small_bet": rng.choice([1, 2]), "big_bet": 4,
            "max_raises": rng.choice([0, 3]), "first_dealer": rng.randrange(players),
            "flush_buh": rng.choice(["plain", "double"]),
            "hooch_order": rng.choice(["lexicographic", "lowest_then_fewest"]),
            "declare_after_draw": rng.random() < 0.5}


def played(config: dict[str, Any], rng: random.Random, seed: int | None,
           stop: float = 0.0) -> Any:
    """A game of ``config`` played at random, to the end or (each move with chance ``stop``)
    stopped part way."""
    state = cc.buh.Game(**config).new_initial_state(seed)
    while not state.is_terminal() and rng.random() >= stop:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def moves(log: list[str]) -> list[str]:
    """The moves of a log, without the seats (a PHH's game numbers its seats anew)."""
    return [entry.split(": ", 1)[1] for entry in log if not entry.startswith("chance")]


@pytest.mark.parametrize("players", range(2, 9))
def test_random_hands_round_trip(players: int) -> None:
    rng = random.Random(players)
    for i in range(60):
        config = random_config(rng, players)
        state = played(config, rng, None if i % 2 else i, stop=0.02 if i % 3 == 0 else 0.0)
        text = cc.buh.to_phh(state)
        again = cc.buh.from_phh(text)
        assert again.history() == state.history(), text
        assert again.is_terminal() == state.is_terminal(), text
        if state.is_terminal():
            assert again.returns() == state.returns(), text
        assert again.config == {**state.config, "hands": 1}
        assert cc.buh.to_phh(again) == text


def test_default_house_rules_round_trip_and_may_be_left_out() -> None:
    rng = random.Random(8)
    state = played({"players": 5}, rng, seed=8)
    text = cc.buh.to_phh(state)
    assert '_flush_buh = "plain"' in text and "_declare_after_draw = true" in text
    assert cc.buh.from_phh(text).serialize() == cc.buh.from_phh(
        re.sub(r"(?m)^_\w+ = .*$", "", text)).serialize()


def test_every_hand_of_a_match_is_one_phh() -> None:
    rng = random.Random(3)
    for players in (2, 4, 7):
        config = {**random_config(rng, players), "hands": 6}
        state = played(config, rng, seed=players)
        history = state.history()
        replay = cc.buh.Game(**state.config).new_initial_state()
        logs: list[list[str]] = [[]]
        for action in history:
            number = replay.hand_number
            logs[-1].append(f"{replay.to_act}: {replay.action_to_string(action)}"
                            if not replay.is_chance_node() else "chance")
            replay.apply_action(action)
            if replay.hand_number != number:
                logs.append([])
        starts: list[dict[int, int]] = []
        finishes: list[dict[int, int]] = []
        texts = [cc.buh.to_phh(state, hand=number)
                 for number in range(1, state.hand_number + 1)]
        assert cc.buh.to_phh(state) == texts[-1]
        for number, text in enumerate(texts, 1):
            phh = tomllib.loads(text)
            assert phh["hand"] == number
            again = cc.buh.from_phh(text)
            assert moves(again.log) == moves(logs[number - 1]), text
            # Busted seats sit out: each player of the hand starts with chips.
            assert all(stack > 0 for stack in phh["starting_stacks"])
            starts.append(dict(zip(phh["seats"], phh["starting_stacks"], strict=True)))
            finishes.append(dict(zip(phh["seats"], phh["finishing_stacks"], strict=True)))
        # A hand finishes with the stacks the next one starts with (busted seats sit out).
        for finish, start in zip(finishes[:-1], starts[1:], strict=True):
            assert {seat: stack for seat, stack in finish.items() if stack} == start
        assert finishes[-1] == {seat: state.stacks[seat - 1] for seat in finishes[-1]}
        with pytest.raises(ValueError, match="hand must be the number of a hand played"):
            cc.buh.to_phh(state, hand=state.hand_number + 1)


def test_a_declaration_is_a_show_and_a_pass_a_check() -> None:
    state = cc.buh.Game(players=3).new_initial_state(seed=21)
    state.pass_()
    held = "".join(str(card) for card in sorted(state.hands[state.to_act], key=lambda c: c.id))
    state.declare()
    actions = tomllib.loads(cc.buh.to_phh(state))["actions"]
    assert actions[-2:] == ["p1 cc # pass", f"p2 sm {held} # declare"]


BASE = {"variant": '"_BUH"', "antes": "[1, 1, 1]", "blinds_or_straddles": "[0, 0, 0]",
        "small_bet": "1", "big_bet": "2", "starting_stacks": "[100, 100, 100]"}
DEAL = '"d dh p1 2s3s", "d dh p2 AhJc", "d dh p3 7d8d"'


def bad(actions: str = DEAL, **fields: str) -> str:
    base = {**BASE, "actions": f"[{actions}]", **fields}
    return "\n".join(f"{key} = {value}" for key, value in base.items())


BAD: dict[str, tuple[str, str]] = {
    "badugi": (bad(variant='"FB"'), "the PHH variant is 'FB': cardcore reads Buh, '_BUH'"),
    "not TOML": ("variant = ", r"not a PHH hand history \("),
    "antes differ": (bad(antes="[1, 2, 1]"), "every Buh player antes alike"),
    "blinds": (bad(blinds_or_straddles="[1, 2, 0]"), "Buh has no blinds"),
    "nine players": (bad(antes=str([1] * 9), starting_stacks=str([9] * 9),
                         blinds_or_straddles=str([0] * 9)), "the PHH's game: "),
    "seats out of order": (bad(seats="[2, 1, 3]"), "the players must sit in deal order"),
    "seats twice": (bad(seats="[1, 1, 2]"), "'seats' must number each player once"),
    "house rule": (bad(_flush_buh='"triple"'), "the PHH's game: "),
    "house rule type": (bad(_declare_after_draw="1"), "'_declare_after_draw' must be a bool"),
    "dealt twice": (bad('"d dh p1 2s3s", "d dh p2 2sJc", "d dh p3 7d8d"'),
                    "the PHH deals 2s twice"),
    "unknown cards": (bad('"d dh p1 ????"'), "cardcore needs every card known"),
    "fourth player": (bad('"d dh p4 2s3s"'), "expected p1 to p3"),
    "out of turn": (bad(DEAL + ', "p2 cc"'), r"PHH action 3 \('p2 cc'\): p1 is to act"),
    "declare without a buh": (bad(DEAL + ', "p1 sm 2s3s"'),
                              r"PHH action 3 \('p1 sm 2s3s'\) is illegal"),
    "declare other cards": (bad(DEAL + ', "p1 cc", "p2 sm AhJd"'), "p2 holds"),
    "bet in a window": (bad(DEAL + ', "p1 cbr 1"'), "a declaration window: expected cc"),
    "wrong amount": (bad(DEAL + ', "p1 cc", "p2 cc", "p3 cc", "p1 cbr 3"'),
                     "a bet or raise here makes 1"),
    "after the end": (bad(DEAL + ', "p1 cc", "p2 sm AhJc", "p3 cc"'),
                      r"the hand ends before PHH action 5 \('p3 cc'\)"),
    "wrong finish": (bad(DEAL + ', "p1 cc", "p2 sm AhJc"', finishing_stacks="[99, 99, 102]"),
                     r"finishes with stacks \[99, 102, 99\], the PHH says \[99, 99, 102\]"),
}


@pytest.mark.parametrize("text, message", BAD.values(), ids=BAD)
def test_a_bad_phh_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        cc.buh.from_phh(text)
    assert len(str(error.value)) < 500


def test_a_long_bad_input_is_quoted_short() -> None:
    with pytest.raises(ValueError) as error:
        cc.buh.from_phh(bad(f'"d dh p1 {"2s" * 5000}"'))
    assert len(str(error.value)) < 500
