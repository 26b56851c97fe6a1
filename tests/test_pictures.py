"""Pictures of states (cardcore.picture, docs/pictures.md): well-formed SVG drawn from the
viewer's view only, golden pictures of fixed states, animated replays and the CLI.

The golden pictures (tests/data/pictures) and the docs' pictures (docs/_static/pictures)
are written by tools/make_pictures.py. After a change to the drawing, regenerate them with
``CARDCORE_UPDATE_PICTURES=1 pytest tests/test_pictures.py`` (or ``python
tools/make_pictures.py``) and review the pictures' diff.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc
import cardcore.picture as picture
from cardcore.cli import main
from tests.games.test_conformance import CONFIGS

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("make_pictures", ROOT / "tools" / "make_pictures.py")
assert _SPEC is not None and _SPEC.loader is not None
make_pictures = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make_pictures)

STATES_PER_GAME = 300
NS = "{http://www.w3.org/2000/svg}"
G = f"{NS}g"
"""The tag of an SVG group, as xml.etree names it."""


def sampled_states(name: str, seed: int) -> Iterator[Any]:
    """About STATES_PER_GAME states of random games of ``name`` over its conformance
    configurations (every fourth state of each game, and its end), seeded and with
    explicit chance in turn."""
    rng = random.Random(seed)
    count = game_number = 0
    while count < STATES_PER_GAME:
        config = CONFIGS[name][game_number % len(CONFIGS[name])]
        explicit = game_number % 2 == 1
        state = cc.GAMES[name](**config).new_initial_state(None if explicit else game_number)
        game_number += 1
        step = 0
        while True:
            if step % 4 == 0 or state.is_terminal():
                count += 1
                yield state
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1


def named_cards(value: Any) -> set[str]:
    """The names of every card a view names, wherever it stands."""
    if isinstance(value, dict):
        if set(value) == {"id", "card", "face"}:
            return {value["card"]} if value["card"] is not None else set()
        return set().union(*map(named_cards, value.values()))
    if isinstance(value, list):
        return set().union(*map(named_cards, value))
    return set()


def unknown_cards(seen: dict[str, Any]) -> int:
    return sum(card["card"] is None for seat in seen["seats"] for card in seat["cards"])


def drawn(element: ET.Element) -> tuple[Counter[str], int]:
    """The named cards drawn under ``element`` (their ``data-card``), and the backs."""
    names = Counter(g.get("data-card") or "" for g in element.iter(G)
                    if g.get("class") == "card")
    backs = sum(g.get("class") == "card back" for g in element.iter(G))
    return names, backs


def check_drawing(element: ET.Element, seen: dict[str, Any]) -> None:
    """The cards drawn are exactly those the view names, and a back for each it does not."""
    names, backs = drawn(element)
    assert set(names) == named_cards(seen), (seen["viewer"], sorted(names))
    assert backs == unknown_cards(seen)


def faces(root: ET.Element) -> set[str]:
    """The cards whose face the ``<defs>`` draw (every symbol but the back and the chip)."""
    return {symbol.get("id") or "" for symbol in root.iter(f"{NS}symbol")} - {"back", "chip"}


def viewers(state: Any) -> list[int | None]:
    return [None, *range(len(state.returns()))]


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_picture_parses_and_draws_only_the_cards_its_viewer_sees(name: str) -> None:
    for state in sampled_states(name, seed=7):
        for viewer in viewers(state):
            root, seen = ET.fromstring(state.to_svg(viewer)), cc.view(state, viewer)
            check_drawing(root, seen)
            assert faces(root) == named_cards(seen)


def test_the_check_sees_a_picture_that_shows_a_hidden_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = cc.badugi.Game().new_initial_state(seed=1)
    monkeypatch.setattr(picture, "view_of", lambda state, viewer: cc.view(state))
    with pytest.raises(AssertionError):
        check_drawing(ET.fromstring(picture.to_svg(state, 0)), cc.view(state, 0))


def test_the_pictures_are_current() -> None:
    """The committed golden and docs pictures are what tools/make_pictures.py draws now;
    with CARDCORE_UPDATE_PICTURES=1 in the environment, this rewrites them instead."""
    if os.environ.get("CARDCORE_UPDATE_PICTURES") == "1":
        make_pictures.write()
    for path, text in make_pictures.pictures().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is not current: run python tools/make_pictures.py "
            "and review the diff")


def test_state_method_and_notebook_picture_are_the_functions() -> None:
    state = cc.hucklebuck.Game().new_initial_state(seed=2)
    assert state.to_svg(1, theme="dark", scale=2) == picture.to_svg(state, 1, theme="dark",
                                                                   scale=2)
    assert state._repr_svg_() == picture.to_svg(state)
    root = ET.fromstring(state.to_svg(scale=0.5))
    assert (root.get("width"), root.get("height")) == ("430", "290")


def test_the_seat_to_act_the_dealer_and_the_turn_show() -> None:
    state = cc.buh.Game(players=4, first_dealer=2).new_initial_state(seed=3)
    root = ET.fromstring(state.to_svg(0))
    seats = {g.get("data-seat"): g for g in root.iter(G) if g.get("data-seat")}
    assert sorted(seats) == ["0", "1", "2", "3"]
    ring = [k for k, g in seats.items() if any(r.get("class") == "turn-ring" for r in g)]
    button = [k for k, g in seats.items() if any(c.tag.endswith("circle") for c in g)]
    assert ring == [str(state.to_act)] and button == ["2"]
    assert f"P{state.to_act} to act" in state.to_svg(0)


def test_a_seat_shows_its_result_at_the_end_and_its_total_between_rounds() -> None:
    state = cc.baibuu.Game(player_hands=2, banker="agent", hands=3).new_initial_state(seed=3)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    totals = cc.view(state)["totals"]
    assert not state.is_terminal() and any(totals)
    titles = [f"P{seat}  {total:+g}" for seat, total in enumerate(totals)]
    assert all(f">{title}<" in state.to_svg() for title in titles)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert all(f">P{seat}  {r:+g}<" in state.to_svg(1) for seat, r in enumerate(state.returns()))


def frames(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(G) if g.get("class") == "frame"]


def player_moves(state: Any) -> int:
    """The moves of ``state``'s history that a seat made (its record's actors)."""
    return sum(entry["actor"] != "chance" for entry in cc.to_record(state)["actions"])


@pytest.mark.parametrize(("name", "config"), [("badugi", {}), ("buh", {"players": 3}),
                                              ("baibuu", {"player_hands": 2, "banker": "agent"}),
                                              ("hucklebuck", {"players": 3})])
def test_a_replay_has_a_frame_per_move_each_drawn_from_the_viewers_view(
        name: str, config: dict[str, Any]) -> None:
    rng = random.Random(3)
    state = cc.GAMES[name](**config, hands=1).new_initial_state(seed=5)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    game = cc.replay(state)
    assert len(game) == player_moves(state) + 1  # the deal, then one frame per move
    assert game.states[-1].serialize().split(" | ")[-1] == state.serialize().split(" | ")[-1]
    for viewer in viewers(state):
        text = game.to_svg(viewer=viewer)
        shown = frames(text)
        assert len(shown) == len(game)
        named: set[str] = set()
        for element, frame_state in zip(shown, game.states, strict=True):
            seen = cc.view(frame_state, viewer)
            check_drawing(element, seen)
            named |= named_cards(seen)
        assert faces(ET.fromstring(text)) == named


def test_a_replay_shares_its_defs_and_loops_by_css(tmp_path: Path) -> None:
    state = make_pictures.states()["badugi"]
    path = tmp_path / "game.svg"
    text = cc.replay(state).to_svg(path, seconds_per_move=0.5)
    assert path.read_text(encoding="utf-8") == text
    root = ET.fromstring(text)
    assert sum(element.tag.endswith("defs") for element in root.iter()) == 1
    assert "<script" not in text and "infinite" in text
    assert [g.get("style") for g in frames(text)] == [
        f"animation-delay:{d}s" for d in ("0", "0.5", "1", "1.5")]


def test_a_replay_of_a_record_is_the_replay_of_its_state(tmp_path: Path) -> None:
    state = make_pictures.states()["hucklebuck"]
    path = tmp_path / "game.json"
    cc.save_record(state, path)
    expected = cc.replay(state).to_svg(viewer=2)
    assert cc.replay(path).to_svg(viewer=2) == expected
    assert cc.replay(str(path)).to_svg(viewer=2) == expected
    assert cc.replay(cc.to_record(state)).to_svg(viewer=2) == expected


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda s: picture.to_svg(s, theme="blue"), ValueError, "theme must be one of"),
    (lambda s: picture.to_svg(s, scale=0), ValueError, "positive finite"),
    (lambda s: picture.to_svg(s, scale=float("nan")), ValueError, "positive finite"),
    (lambda s: picture.to_svg(s, scale=float("inf")), ValueError, "positive finite"),
    (lambda s: picture.to_svg(s, scale="2"), TypeError, "scale must be a positive number"),
    (lambda s: picture.to_svg(s, 2), ValueError, "viewer"),
    (lambda s: s.to_svg(-1), ValueError, "viewer"),
    (lambda s: s.to_svg(theme="sepia"), ValueError, "theme must be one of"),
    (lambda s: s.to_svg(scale=-1.0), ValueError, "positive finite"),
    (lambda s: cc.replay(s).to_svg(seconds_per_move=0), ValueError, "seconds_per_move"),
    (lambda s: cc.replay(s).to_svg(theme="x"), ValueError, "theme must be one of"),
    (lambda s: cc.replay(42), ValueError, "a state or a game record"),
    (lambda s: cc.replay({"format": "other"}), ValueError, "not a cardcore game record"),
])
def test_bad_arguments_say_what_was_expected(call: Callable[[Any], object],
                                             error: type[Exception], words: str) -> None:
    state = cc.badugi.Game().new_initial_state(seed=1)
    with pytest.raises(error, match=words):
        call(state)


def test_the_cli_writes_a_replay_of_a_game_and_of_a_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.svg"
    assert main(["replay", "buh", "--players", "3", "--seed", "4", "--policy", "random",
                 "rule_based", "random", "--viewer", "1", "--theme", "dark", "-o",
                 str(out)]) == 0
    count = len(frames(out.read_text(encoding="utf-8")))
    assert capsys.readouterr().out == f"wrote {out}: {count} frames\n"
    assert count > 2 and "as P1 sees it" in out.read_text(encoding="utf-8")
    state = make_pictures.states()["badugi"]
    record = tmp_path / "game.json"
    cc.save_record(state, record)
    assert main(["replay", str(record), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == cc.replay(state).to_svg()


def test_the_cli_plays_the_game_its_policies_say(tmp_path: Path) -> None:
    """The same seed and policies give the same game; other policies another."""
    def game(*policies: str) -> str:
        path = tmp_path / "game.svg"
        assert main(["replay", "badugi", "--seed", "2", "--policy", *policies,
                     "-o", str(path)]) == 0
        return path.read_text(encoding="utf-8")
    assert game("random") == game("random", "random")
    assert game("random") != game("rule_based")


@pytest.mark.parametrize(("argv", "words"), [
    (["replay", "badugi", "--viewer", "5"], "viewer"),
    (["replay", "badugi", "--policy", "nobody"], "unknown badugi policy"),
    (["replay", "missing.json"], "cannot read the game record"),
])
def test_the_cli_refuses_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       argv: list[str], words: str) -> None:
    assert main([*argv, "-o", str(tmp_path / "x.svg")]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_a_record_names_the_same_game_as_json_text() -> None:
    state = make_pictures.states()["buh"]
    assert (cc.replay(json.dumps(cc.to_record(state))).to_svg()
            == cc.replay(state).to_svg())


def test_pixels_without_the_render_extra_say_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # None in sys.modules: an ImportError
    state = cc.badugi.Game().new_initial_state(seed=1)
    with pytest.raises(ImportError, match=re.escape('pip install "cardcore[render]"')):
        picture.to_rgb_array(state)
