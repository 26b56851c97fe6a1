"""`cardcore play`: the game's own length or --hands N, any seat, and the search's hints."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess
import sys
from typing import Any

import pytest

import cardcore as cc
from cardcore.play import game_hands, hint, play, play_config
from tests.test_newcomer import plain

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def transcript(name: str, moves: str, **options: Any) -> str:
    """What `play` prints for piped ``moves``, suits in letters."""
    out = io.StringIO()
    play(name, stdin=io.StringIO(moves), stdout=out, **options)
    return plain(out.getvalue())


def dealers(text: str) -> list[tuple[int, int]]:
    """Each hand's number and dealer, in the order the observations show them."""
    seen = [(int(hand), int(dealer))
            for hand, dealer in re.findall(r"^hand (\d+)(?: of \d+)?, dealer P(\d)", text, re.M)]
    return list(dict.fromkeys(seen))


def test_hucklebuck_is_played_to_its_target_by_default_the_dealer_moving() -> None:
    players = cc.hucklebuck.SPEC.field("players").default
    target = cc.hucklebuck.SPEC.field("target").default
    text = transcript("hucklebuck", "0\n" * 3000, seed=1)
    assert "game over" in text
    *_, last = re.findall(r"^scores: (.*)$", text, re.M)
    assert max(int(score) for score in re.findall(r"P\d (\d+)", last)) >= target
    hands = dealers(text)
    assert len(hands) > 1
    assert hands == [(n, (n - 1) % players) for n in range(1, len(hands) + 1)]


MATCHES = [name for name in cc.GAMES if "hands" in cc.GAMES[name]().config]
"""The games that play matches of several hands (not the reference games)."""


def cards_dealt(state: Any) -> list[list[str]]:
    """Each seat's cards by name, as the omniscient view names them."""
    return [[card["card"] for card in seat["cards"]] for seat in cc.view(state)["seats"]]


@pytest.mark.parametrize("name", MATCHES)
def test_hands_n_plays_n_hands(name: str) -> None:
    seats = cc.GAMES[name]().num_players
    text = transcript(name, "0\n" * 3000, seed=2, hands=3)
    assert "game over" in text
    # The hands the observations count (Bai Buu's rounds), each dealt by the next seat.
    assert max(re.findall(r"^(?:hand|round) (\d+)\b", text, re.M), key=int) == "3"
    assert all(dealer == (hand - 1) % seats for hand, dealer in dealers(text))


def test_the_default_length_comes_from_the_spec() -> None:
    for name in cc.GAMES:
        field = cc.GAMES[name]().config.get("hands", 1)  # a reference game is one hand
        assert game_hands(name) == (None if name == "hucklebuck" else field)


@pytest.mark.parametrize("name", sorted(set(cc.GAMES) - set(MATCHES)))
def test_a_game_of_one_hand_refuses_more(name: str) -> None:
    display = cc.__dict__[name].SPEC.display_name
    with pytest.raises(ValueError, match=f"^{display} plays one hand a game: --hands does not "
                                         "apply$"):
        transcript(name, "quit\n", hands=2)
    assert "game over" in transcript(name, "0\n" * 20, hands=1)


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_seat_sees_its_own_cards_and_no_other_seats(name: str) -> None:
    dealt = cards_dealt(cc.GAMES[name](**play_config(name)).new_initial_state(seed=3))
    for seat in range(len(dealt)):
        text = transcript(name, "quit\n", seed=3, seat=seat)
        assert text.startswith(f"{name}: you are seat {seat} ")
        block = text.split("\n\n")[1]  # the seat's observation at its first decision
        cards = set(CARD.findall(block.split("\nmoves:")[0]))
        assert dealt[seat] and set(dealt[seat]) <= cards
        others = {card for other, hand in enumerate(dealt) if other != seat for card in hand}
        assert not cards & others


def test_play_takes_the_configuration_and_notes_a_game_module_declares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` reads a game module's declared CAPABILITIES (``play_config``, ``move_note``),
    and no other names for them."""
    assert not {"PLAY_CONFIG", "_PLAY_CONFIG", "move_note"} & set(vars(cc.baibuu))
    monkeypatch.setattr(cc.badugi, "CAPABILITIES", dataclasses.replace(
        cc.badugi.CAPABILITIES, play_config={"stacks": (40, 40)}))
    assert "P0 stack 39 bet 1, P1 stack 38 bet 2" in transcript("badugi", "quit\n", seed=1)
    # Bai Buu's seats the banker as an agent, so that its arrangement shows as a move.
    assert "> P1: arrange 2 cards" in transcript("baibuu", "0\nquit\n", seed=3)
    monkeypatch.setattr(cc.baibuu, "CAPABILITIES", dataclasses.replace(
        cc.baibuu.CAPABILITIES, play_config={}, move_note=lambda state, action: f"note {action}"))
    text = transcript("baibuu", "0\nquit\n", seed=3)
    assert "P1: arrange" not in text  # the banker plays the house way inside the engine
    assert re.findall(r"^  (\d)\) arrange \S\S \S\S: note (\d)$", text, re.M) == [
        (str(a), str(a)) for a in range(6)]


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"seat must be a seat 0 to 1 \(Badugi here has 2\), "
                                         r"got 2"):
        transcript("badugi", "quit\n", seat=2)


def first_decision(name: str, seed: int) -> Any:
    """`play`'s game at seed ``seed``, played by the first legal move to a decision of a
    seat other than 0."""
    state = cc.GAMES[name](**play_config(name)).new_initial_state(seed=seed)
    while state.current_player() == 0:
        state.apply_action(state.legal_actions()[-1])  # not a fold
    return state


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_hint_depends_only_on_what_the_seat_may_know(name: str) -> None:
    state = first_decision(name, seed=4)
    seat = state.current_player()
    advice = hint(state, seed=4)
    assert re.match(r"hint: .+ \(the search's choice in 2,000 simulations; each move's visits "
                    r"and mean value in .+\)\n  \* ", advice)
    own = set(cards_dealt(state)[seat])
    assert set(CARD.findall(advice)) <= own
    resampled = [state.resample_from_infostate(seat, k) for k in range(4)]
    assert any(cards_dealt(other) != cards_dealt(state) for other in resampled)  # other cards
    assert all(hint(other, seed=4) == advice for other in resampled)


@pytest.mark.parametrize(("name", "options", "unit"), [
    ("badugi", {}, "chips"),
    ("baibuu", {}, "chips"),
    ("hucklebuck", {}, "game results (+1 a win)"),
    ("hucklebuck", {"hands": 2}, "points"),
])
def test_hint_at_the_prompt_names_the_unit_and_keeps_the_turn(
        name: str, options: dict[str, Any], unit: str) -> None:
    text = transcript(name, "hint\n0\nquit\n", seed=5, **options)
    assert f"mean value in {unit})\n  * " in text
    assert re.search(r"^> hint: ", text, re.M)
    assert text == transcript(name, "hint\n0\nquit\n", seed=5, **options)  # reproducible
    # The move typed after the hint is played: the same game as without the hint.
    without = transcript(name, "0\nquit\n", seed=5, **options)
    assert re.sub(r"> hint: .*?\n(?=> )", "", text, flags=re.S) == without


def test_the_cli_takes_seat_and_hands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardcore", "play", "badugi", "--seat", "1", "--hands", "2",
         "--seed", "6"], input="1\n" * 100, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    text = plain(result.stdout)
    assert "you are seat 1 " in text and "P1 cards:" in text and "game over" in text
    assert dealers(text) == [(1, 0), (2, 1)]
    bad = subprocess.run([sys.executable, "-m", "cardcore", "play", "badugi", "--seat", "-1"],
                         input="", capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "seat must be a seat 0 to 1" in bad.stderr


def test_the_help_tells_of_the_hint() -> None:
    result = subprocess.run([sys.executable, "-m", "cardcore", "play", "--help"],
                            capture_output=True, text=True, timeout=60)
    text = " ".join(result.stdout.split())
    assert "'hint' for what the search would play and why (it runs 2,000 simulations" in text
    assert "--seat" in text and "--hands" in text
