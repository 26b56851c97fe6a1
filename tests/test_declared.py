"""What a game and the search declare once and everything else reads: each game's built-in
policies (its C++ spec's table of names and functions), its Python capabilities (what the
command line and ``cardcore play`` offer), and the search's options with their ranges (the
C++ table that the compiled parser and the Python checks both read)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc
from cardcore import _core, cli
from cardcore._checks import MAX_THREADS
from cardcore._registry import MODULES
from cardcore.play import play
from cardcore.search import OPTION_TABLE, OPTIONS, _bound, policy_text

ROOT = Path(__file__).resolve().parents[1]
NAMES = [module.SPEC.name for module in MODULES]
UNKNOWN = "nope"


def first_decision(name: str) -> Any:
    state = cc.GAMES[name]().new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def entry_points(name: str) -> dict[str, Callable[[], object]]:
    """Every way a policy name reaches a game, each given the unknown name."""
    game = cc.GAMES[name]()
    seats = game.num_players
    core = getattr(_core, name)
    return {
        "cc.simulate": lambda: cc.simulate(name, 2, policies=[UNKNOWN] * seats),
        "simulate's search rollout": lambda: cc.simulate(
            name, 2, policies=[f"ismcts:rollout={UNKNOWN}"] * seats),
        "VectorEnv": lambda: cc.VectorEnv(name, 2, seat=0, opponents=UNKNOWN),
        "play": lambda: play(name, opponents=UNKNOWN, stdin=io.StringIO(""),
                             stdout=io.StringIO()),
        "the module's policy_action": lambda: getattr(cc, name).policy_action(
            first_decision(name), UNKNOWN),
        "the search's rollout": lambda: cc.search.ismcts(first_decision(name), rollout=UNKNOWN),
        "the compiled simulate": lambda: core.simulate(game, 0, 1, 1, [UNKNOWN] * seats, 1),
        "the compiled search's text": lambda: core.simulate(
            game, 0, 0, 1, [f"ismcts:rollout={UNKNOWN}"] * seats, 1),
        "the compiled policy_action": lambda: core.policy_action(first_decision(name), UNKNOWN, 0),
        "the compiled ismcts": lambda: core.ismcts(first_decision(name), 5, 1.0, UNKNOWN, 0, 1,
                                                   "game"),
    }


def names_every_policy(message: str, name: str) -> bool:
    policies = getattr(cc, name).SPEC.policies
    return all(re.search(rf"\b{policy}\b", message) for policy in policies)


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_policy_is_refused_everywhere_with_the_games_policies(name: str) -> None:
    for where, call in entry_points(name).items():
        with pytest.raises(ValueError, match=rf"unknown {name} (rollout )?policy '{UNKNOWN}'") as e:
            call()
        assert names_every_policy(str(e.value), name), (where, str(e.value))


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_refuses_an_unknown_opponent_with_the_games_policies(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", name, "--opponents", UNKNOWN]) == 2
    error = capsys.readouterr().err
    assert f"unknown {name} policy '{UNKNOWN}'" in error and names_every_policy(error, name)


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_policy_plays(name: str) -> None:
    """Each name of the spec's table reaches its own function: a deterministic policy takes
    the same action whatever the seed, and the spec's policies all play a game."""
    spec = getattr(cc, name).SPEC
    seats = cc.GAMES[name]().acting_players
    for policy in spec.policies:
        result = cc.simulate(name, 20, policies=[policy] * seats, seed=3)
        assert result.games == 20
    state = first_decision(name)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    core = getattr(_core, name)
    for policy in spec.policies:
        actions = {core.policy_action(state, policy, seed) for seed in range(40)}
        assert actions <= set(state.legal_actions())
        # A policy that plays at random may still play one action here (a trained strategy).
        assert len(actions) == 1 or policy in spec.random_policies, (policy, actions)
        assert len(actions) > 1 or policy != "random", actions


def test_the_capabilities_are_what_the_command_line_offers() -> None:
    declared = {m.SPEC.name: m.CAPABILITIES for m in MODULES}
    assert tuple(n for n, c in declared.items() if c.compare is not None) == cli.COMPARED
    assert tuple(n for n, c in declared.items() if c.odds is not None) == cli.ODDS
    assert tuple(n for n, c in declared.items() if c.equity is not None) == cli.EQUITY
    assert [m.SPEC.name for m in cli.EVALUATORS] == [
        n for n, c in declared.items() if c.strength_many is not None]
    assert [m.SPEC.name for m in cli.SETTLERS] == [
        n for n, c in declared.items() if c.settle_many is not None]
    for capabilities in declared.values():
        assert (capabilities.strength_many is None) == (capabilities.hand_size is None)
    # The game modules no longer carry the names play used to look for.
    for module in MODULES:
        assert not {"PLAY_CONFIG", "_PLAY_CONFIG", "move_note"} & set(vars(module))


def test_dealer_rotation_is_declared_where_a_game_has_a_dealer() -> None:
    for module in MODULES:
        fields = {f.name for f in module.SPEC.fields}
        assert module.SPEC.rotates_dealer == ("first_dealer" in fields), module.SPEC.name


# The search's options.


def test_the_options_are_the_compiled_table() -> None:
    table = _core.search_options()
    assert [o.name for o in OPTION_TABLE] == [entry["name"] for entry in table] == list(OPTIONS)
    assert {entry["name"]: entry["default"] for entry in table} == OPTIONS
    threads = next(o for o in OPTION_TABLE if o.name == "threads")
    assert threads.max == MAX_THREADS


def bounds(option: Any) -> list[tuple[object, bool]]:
    """Values at and just past an option's range, each with whether it is in range."""
    if option.kind == "integer":
        return [(option.min, True), (option.max, True), (option.min - 1, False),
                (option.max + 1, False)]
    if option.kind == "real":
        return [(float(option.min), True), (option.min - 0.5, False)]
    if option.kind == "choice":
        return [*((choice, True) for choice in option.choices), ("neither", False)]
    return [("random", True), ("ismcts", False)]


@pytest.mark.parametrize("option", OPTION_TABLE, ids=lambda o: o.name)
def test_python_and_the_compiled_parser_check_each_option_by_the_table(option: Any) -> None:
    spec = cc.badugi.SPEC
    game = cc.badugi.Game()
    for value, valid in bounds(option):
        text = f"ismcts:{option.name}={value}"
        if valid:
            assert policy_text(("ismcts", {option.name: value}), spec) is not None
            _core.badugi.simulate(game, 0, 0, 1, [text, "random"], 1)  # no game: parsed only
            continue
        # A rollout names a policy; every other option names itself.
        words = "policy 'ismcts'" if option.kind == "policy" else option.name
        with pytest.raises(ValueError, match=re.escape(words)) as python:
            policy_text(("ismcts", {option.name: value}), spec)
        with pytest.raises(ValueError, match=re.escape(words)) as compiled:
            _core.badugi.simulate(game, 0, 0, 1, [text, "random"], 1)
        if option.kind == "integer":
            # Both say the same range: Python in its words, the compiled parser in digits.
            assert f"{option.name} must be {option.expected}, got" in str(python.value)
            assert f"{option.min} to {option.max}" in str(compiled.value)


def test_the_search_page_documents_every_option_with_its_default_and_range() -> None:
    page = (ROOT / "docs" / "search.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|(.*)$", page, flags=re.MULTILINE)
    assert [name for name, _, _ in rows] == list(OPTIONS)
    for (name, default, meaning), option in zip(rows, OPTION_TABLE, strict=True):
        if option.default is None:
            assert default.startswith("None") or "SPEC.opponent" in default, name
        else:
            assert str(option.default) in default, (name, default)
        if option.kind == "integer":
            span = f"{_bound(option.min)} to {_bound(option.max)}"  # "1 to 256"
            assert span in option.expected and span in meaning, (name, meaning)


# The spec's slips.


@pytest.mark.parametrize("name", NAMES)
def test_the_spec_data_keys_hold_their_values(name: str) -> None:
    data = getattr(_core, name).spec()
    spec = getattr(cc, name).SPEC
    assert "utility" not in data and data["utility_doc"] == spec.utility_doc
    assert spec.utility in ("zero_sum", "general_sum")


def test_chance_and_terminal_have_one_home() -> None:
    assert (cc.CHANCE, cc.TERMINAL) == (_core.CHANCE, _core.TERMINAL) == (-1, -4)
    for module in MODULES:
        assert (module.CHANCE, module.TERMINAL) == (cc.CHANCE, cc.TERMINAL)
        assert not hasattr(getattr(_core, module.SPEC.name), "CHANCE")
    state = cc.badugi.Game().new_initial_state()
    assert state.current_player() == cc.CHANCE


def test_hucklebuck_names_its_phases_as_a_trick_game() -> None:
    state = cc.hucklebuck.Game(players=5).new_initial_state(seed=1)
    assert state.phase == "in or out" and not hasattr(state, "street")
