"""What each seat is shown: `cardcore play` echoes the other seats' moves as the user's seat
sees them, never naming a face-down card."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore.play import play
from tests.games.test_conformance import FACE_UP
from tests.test_newcomer import plain

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.mark.parametrize("last_seat", [False, True], ids=["seat 0", "last seat"])
@pytest.mark.parametrize("name", list(cc.GAMES))
def test_play_never_echoes_another_seats_face_down_cards(name: str, last_seat: bool) -> None:
    echoed = []
    for seed in range(6):
        out = io.StringIO()
        seat = cc.GAMES[name]().num_players - 1 if last_seat else 0  # Bai Buu's: the banker
        play(name, seed=seed, seat=seat, stdin=io.StringIO("1\n0\n" * 400), stdout=out)
        text = plain(out.getvalue())
        assert f"you are seat {seat} " in text
        # An echo may follow the user's prompt ("> ") on its line.
        for actor, move in re.findall(r"^(?:> )?P(\d): (.*)$", text, re.MULTILINE):
            assert int(actor) != seat  # the user's own moves are not echoed
            echoed.append(move)
    # Cards are named only by moves that show them (a Hucklebuck card played to a trick);
    # a draw, an exchange or an arrangement is counted.
    assert {text.split()[0] for text in echoed if CARD.search(text)} <= {"play"}
    counted = any(re.fullmatch(r"(discard|exchange|arrange) [1-5] cards?", text) for text in echoed)
    assert counted == (name not in FACE_UP)


# ---------------------------------------------------------------------------------------
# cc.view: what each seat is shown, as data.

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "badugi": [{}, {"hands": 12}, {"stacks": (3, 100), "hands": 12}],
    "buh": [{"players": 2}, {"players": 4}, {"players": 5, "stacks": (3, 8, 20, 5, 40)},
            {"players": 4, "hands": 6, "stacks": 12}, {"players": 3, "declare_after_draw": False}],
    "baibuu": [{}, {"player_hands": 3, "banker": "agent", "hands": 4},
               {"player_hands": 2, "wagers": (10, 3500)}],
    "hucklebuck": [{"players": 3}, {"players": 5, "hands": 3},
                   {"players": 7, "upcard": "bottom_of_stock"}],
    "kuhn": [{}],
    "leduc": [{}],
}
"""Configurations played at random: several seat counts, hands, stacks and house rules."""
STATES_PER_GAME = 1000
RESAMPLES = 3


def random_states(name: str, seed: int) -> Iterator[Any]:
    """Every state of random games of ``name`` over its configurations, seeded and with
    explicit chance in turn, about STATES_PER_GAME in all."""
    rng = random.Random(seed)
    count = game_number = 0
    while count < STATES_PER_GAME:
        config = CONFIGS[name][game_number % len(CONFIGS[name])]
        explicit = game_number % 2 == 1
        state = cc.GAMES[name](**config).new_initial_state(None if explicit else game_number)
        game_number += 1
        while True:
            yield state
            count += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def card_positions(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, card entry) for every card entry of a view."""
    if isinstance(value, dict):
        if set(value) == {"id", "card", "face"}:
            yield path, value
            return
        for key, item in value.items():
            yield from card_positions(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from card_positions(item, (*path, index))


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def assert_plain_json(value: Any) -> None:
    """Only str, int, float, bool, None, lists and dicts with str keys."""
    if isinstance(value, dict):
        assert all(isinstance(key, str) for key in value)
        for item in value.values():
            assert_plain_json(item)
    elif isinstance(value, list):
        for item in value:
            assert_plain_json(item)
    else:
        assert value is None or type(value) in (str, int, float, bool), repr(value)


def check_views(state: Any, view: Callable[[Any, int | None], dict[str, Any]],
                seed: int) -> None:
    """view(viewer) is the same in every world the viewer cannot tell from this one
    (resampled from his information state by the engine), and each card it names is the
    card at the same place of each such world's omniscient view."""
    full = view(state, None)
    assert_plain_json(full)
    json.dumps(full)
    # The omniscient view names every card a seat holds.
    if hasattr(state, "hands"):
        for seat, hand in zip(full["seats"], state.hands, strict=True):
            assert sorted(c["id"] for c in seat["cards"]) == sorted(hand.ids())
    else:  # the reference games, which deal seat i the i-th card and show no hands
        for index, seat in enumerate(full["seats"]):
            assert [c["id"] for c in seat["cards"]] == state.history()[index:index + 1]
    for viewer in range(len(state.returns())):
        mine = view(state, viewer)
        assert_plain_json(mine)
        json.dumps(mine)
        for k in range(RESAMPLES):
            world = state.resample_from_infostate(viewer, seed * RESAMPLES + k)
            assert view(world, viewer) == mine, f"viewer {viewer}: {state.serialize()}"
            omniscient = view(world, None)
            for path, entry in card_positions(mine):
                if entry["id"] is not None:
                    assert at(omniscient, path) == entry, f"viewer {viewer} at {path}"


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_view_shows_no_card_its_viewer_cannot_know(name: str) -> None:
    for i, state in enumerate(random_states(name, seed=11)):
        check_views(state, cc.view, i)


def test_the_check_sees_a_view_that_shows_a_hidden_card() -> None:
    """The check above fails on a view that shows a seat the other seat's cards."""
    state = cc.badugi.Game().new_initial_state(seed=1)

    def leaky(state: Any, viewer: int | None) -> dict[str, Any]:
        return cc.view(state, None if viewer == 0 else viewer)

    with pytest.raises(AssertionError, match="viewer 0"):
        check_views(state, leaky, 0)


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_the_view_names_the_legal_moves_of_the_seat_to_act_only(name: str) -> None:
    state = cc.GAMES[name]().new_initial_state(seed=3)
    seat = state.to_act
    mine = cc.view(state, seat)
    assert [(m["id"], m["text"]) for m in mine["legal"]] == [
        (a, state.action_to_string(a, viewer=seat)) for a in state.legal_actions()]
    others = [cc.view(state, viewer)["legal"] for viewer in range(len(state.returns()))
              if viewer != seat]
    assert others and all(legal == [] for legal in others)


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_the_moves_are_the_hands_in_each_viewers_words(name: str) -> None:
    counted = []
    for seed in range(10):
        state = cc.GAMES[name]().new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        moves = [entry for entry in state.log if not entry.startswith("chance")]
        assert [f"P{m['seat']}: {m['text']}" for m in cc.view(state)["moves"]] == moves
        for viewer in range(len(state.returns())):
            seen = cc.view(state, viewer)["moves"]
            assert [m["seat"] for m in seen] == [int(m[1:].split(":")[0]) for m in moves]
            counted += [m["text"] for m in seen if m["seat"] != viewer and "card" in m["text"]]
    # Another seat's face-down moves are only counted (the reference games have none).
    assert bool(counted) == (name not in FACE_UP)
    assert all(re.fullmatch(r"\w+ \d cards?", text) for text in counted), counted


def test_a_move_that_names_no_card_reads_the_same_to_every_seat() -> None:
    # Only the cards of a face-down move are hidden from the other seats: a stand-pat or a
    # pass names none, and every seat reads it as the actor does.
    plain: dict[str, int] = {}
    for name, game in cc.GAMES.items():
        plain[name] = 0
        for seed in range(10):
            state = game().new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.current_player() >= 0:
                    for action in state.legal_actions():
                        text = state.action_to_string(action)
                        if " " not in text:
                            seen = {state.action_to_string(action, viewer=viewer)
                                    for viewer in range(len(state.returns()))}
                            assert seen == {text}, (name, action, seen)
                            plain[name] += 1
                state.apply_action(rng.choice(state.legal_actions()))
    # Such moves are common where they exist at all (not every game has one).
    assert sum(count > 10 for count in plain.values()) >= len(plain) - 1, plain


def test_a_view_refuses_a_seat_out_of_range() -> None:
    state = cc.badugi.Game().new_initial_state(seed=1)
    with pytest.raises(ValueError, match="viewer must be None or a seat 0 to 1, got 2"):
        cc.view(state, 2)
    with pytest.raises(ValueError, match="view needs a cardcore State, got str"):
        cc.view("state", 0)
    with pytest.raises(TypeError, match="viewer must be None or a seat 0 to 1, got str"):
        state.view("0")  # type: ignore[arg-type]


def test_state_view_is_the_view_and_takes_numpy_seats() -> None:
    state = cc.hucklebuck.Game().new_initial_state(seed=4)
    for viewer in (None, 0, np.int64(2)):
        assert state.view(viewer) == cc.view(state, viewer) == state.view(viewer=viewer)
    assert state.view(np.int64(2))["viewer"] == 2


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_state_names_its_games_configuration(name: str) -> None:
    for config in CONFIGS[name]:
        game = cc.GAMES[name](**config)
        state = game.new_initial_state(seed=3)
        assert state.config == game.config
        assert cc.GAMES[name](**state.config) == game
