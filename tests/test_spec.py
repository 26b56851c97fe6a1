"""Each game's spec (cc.<game>.SPEC) agrees with what its engine does, and the registry
is the one list of games: every part that works over every game finds each game by
iterating it, and no source file outside a game's own files and the registration points
names a game."""

from __future__ import annotations

import importlib
import io
import itertools
import pickle
import re
import tokenize
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore import cli
from cardcore._registry import MODULES, module_of
from cardcore.play import OPPONENTS
from cardcore.simulation import POLICIES

ROOT = Path(__file__).resolve().parent.parent
SPECS = [module.SPEC for module in MODULES]


@pytest.fixture(params=SPECS, ids=[spec.name for spec in SPECS])
def spec(request: pytest.FixtureRequest) -> cc.spec.GameSpec:
    return request.param  # type: ignore[no-any-return]


def test_the_registry_lists_each_module_under_its_spec_name() -> None:
    assert list(cc.GAMES) == [spec.name for spec in SPECS]
    for module in MODULES:
        assert cc.GAMES[module.SPEC.name] is module.Game
        assert getattr(cc, module.SPEC.name) is module
        assert module_of(module.SPEC.name.upper()) is module


def test_the_default_configuration_is_the_keyword_defaults(spec: cc.spec.GameSpec) -> None:
    game = cc.GAMES[spec.name]()
    assert cc.GAMES[spec.name](**spec.defaults()) == game
    assert list(game.config) == [field.name for field in spec.fields]
    for field in spec.fields:
        if field.default is not None:
            assert game.config[field.name] == field.default


def test_the_seat_range_is_the_engines(spec: cc.spec.GameSpec) -> None:
    game_class = cc.GAMES[spec.name]
    if spec.seats_field is None:
        assert spec.min_players == spec.max_players == game_class().num_players
        return
    field = spec.field(spec.seats_field)
    assert game_class(**{field.name: field.minimum}).num_players == spec.min_players
    assert game_class(**{field.name: field.maximum}).num_players == spec.max_players
    for outside in (field.minimum - 1, field.maximum + 1):
        with pytest.raises(ValueError, match=rf"{spec.name} config: {field.name} .*got {outside}"):
            game_class(**{field.name: outside})


def _setting(spec: cc.spec.GameSpec, field: cc.spec.ConfigField, value: int) -> dict[str, Any]:
    """Keywords that set ``field`` to ``value`` (every seat of a per-seat field), keeping a
    valid value valid under Badugi's rule across fields (the big blind is at least the
    small blind)."""
    keywords: dict[str, Any] = {field.name: value}
    inside = field.minimum <= value <= field.maximum
    if inside and field.name == "small_blind":
        keywords["big_blind"] = max(value, spec.defaults()["big_blind"])
    if inside and field.name == "big_blind":
        keywords["small_blind"] = min(value, spec.defaults()["small_blind"])
    return keywords


def test_each_integer_field_takes_its_range_and_nothing_outside(spec: cc.spec.GameSpec) -> None:
    game_class = cc.GAMES[spec.name]
    for field in spec.fields:
        if field.kind == "choice":
            for choice in field.choices:
                assert game_class(**{field.name: choice}).config[field.name] == choice
            with pytest.raises(ValueError, match=rf"{spec.name} config: {field.name} must be"):
                game_class(**{field.name: "no such choice"})
            continue
        if field.kind == "bool":  # True or False (NumPy's too), nothing else (not 1, not None)
            for flag in (False, True, np.False_, np.True_):
                assert game_class(**{field.name: flag}).config[field.name] is bool(flag)
            for other in (1, None, "true"):
                with pytest.raises(ValueError, match=rf"{spec.name} config: {field.name} must be "
                                                     r"True or False, got"):
                    game_class(**{field.name: other})
                bad = {**game_class().config, field.name: other}
                with pytest.raises(ValueError, match=rf"{field.name} must be True or False"):
                    type(game_class()).__reduce__(game_class())[0](bad)
            continue
        upper = field.maximum
        if field.name == "first_dealer":  # a seat: below the default number of seats
            upper = game_class().num_players - 1
        for inside in (field.minimum, upper):
            game_class(**_setting(spec, field, inside))
        for outside in (field.minimum - 1, upper + 1):
            with pytest.raises(ValueError, match=rf"{spec.name} config: {re.escape(field.name)}"
                                                 rf" .*{outside}"):
                game_class(**_setting(spec, field, outside))
        if field.nullable:
            game_class(**{field.name: None})


def test_configurations_round_trip_through_dicts_and_pickles(spec: cc.spec.GameSpec) -> None:
    game_class = cc.GAMES[spec.name]
    nullable = [f.name for f in spec.fields if f.nullable and f.kind == "int"]
    for keywords in ({}, {name: None for name in nullable}):
        game = game_class(**keywords)
        assert game_class(**game.config) == game
        assert pickle.loads(pickle.dumps(game)) == game
        state = game.new_initial_state(seed=5)
        assert pickle.loads(pickle.dumps(state)).serialize() == state.serialize()


def test_tensor_layouts_and_actions_are_the_engines(spec: cc.spec.GameSpec) -> None:
    game = cc.GAMES[spec.name]()
    assert spec.num_distinct_actions == game.num_distinct_actions
    assert spec.observation_shape == tuple(game.observation_tensor_shape)
    assert spec.information_state_shape == tuple(game.information_state_tensor_shape)
    for layout in (spec.observation_layout, spec.information_state_layout):
        ends = [segment.offset for segment in layout.values()]
        assert ends == sorted(ends) and ends[0] == 0
    # Each segment has a name of its own, an identifier (the names users look segments up by).
    for segments in (game.observation_segments, game.information_state_segments):
        names = [segment[0] for segment in segments]
        assert all(name.isidentifier() for name in names) and len(set(names)) == len(names)
    blocks = spec.action_blocks
    assert blocks[0].first == 0
    assert all(a.first + a.count == b.first for a, b in itertools.pairwise(blocks))
    assert blocks[-1].first + blocks[-1].count == spec.num_distinct_actions
    # Every legal action of random play lies in a block, and its string starts with the
    # block's verb (draws: "stand" or "discard").
    rng = np.random.default_rng(1)
    state = game.new_initial_state(seed=2)
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        assert 0 <= action < spec.num_distinct_actions
        state.apply_action(action)


def _within(segment: cc.spec.TensorSegment, values: np.ndarray) -> bool:
    return bool(np.all(values >= segment.low) and np.all(values <= segment.high))


@pytest.mark.parametrize("seats", ["min", "max"])
def test_random_games_stay_within_the_specs_bounds(spec: cc.spec.GameSpec, seats: str) -> None:
    """Utilities within [min_utility, max_utility] over thousands of random games, and
    every observation entry within its segment's bounds."""
    keywords: dict[str, Any] = {}
    if spec.seats_field is not None:
        field = spec.field(spec.seats_field)
        keywords[field.name] = field.minimum if seats == "min" else field.maximum
    game = cc.GAMES[spec.name](**keywords)
    result = cc.simulate(game, 3000, policies=["random"] * game.acting_players, seed=7)
    assert result.returns.min() >= game.min_utility
    assert result.returns.max() <= game.max_utility
    if game.utility == "zero_sum":
        assert np.allclose(result.returns.sum(axis=1), 0)
    observation = cc.spec.layout(game.observation_segments)
    information = cc.spec.layout(game.information_state_segments)
    rng = np.random.default_rng(3)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            for player in range(game.num_players):
                tensor = state.observation_tensor(player)
                info = state.information_state_tensor(player)
                assert all(_within(s, tensor[s.slice]) for s in observation.values())
                assert all(_within(s, info[s.slice]) for s in information.values())
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_policies_and_counts_are_the_simulations(spec: cc.spec.GameSpec) -> None:
    game = cc.GAMES[spec.name]()
    assert spec.opponent in spec.policies
    assert "random" in spec.random_policies and set(spec.random_policies) <= set(spec.policies)
    for policy in spec.policies:
        result = cc.simulate(game, 50, policies=[policy] * game.acting_players, seed=1)
        assert tuple(result.counts) == spec.count_names
    with pytest.raises(ValueError, match=rf"unknown {spec.name} policy 'nobody'"):
        cc.simulate(game, 5, policies=["nobody"] * game.num_players)


# ---------------------------------------------------------------------------------------------
# The registry reaches every part that works over every game.


def _subcommand_choices(command: str) -> list[str]:
    parser = cli._parser()
    subparsers = next(a for a in parser._actions if a.choices and command in a.choices)
    sub = subparsers.choices[command]  # type: ignore[index]
    return list(next(a for a in sub._actions if a.dest == "game").choices)


def test_every_registered_game_is_everywhere(spec: cc.spec.GameSpec) -> None:
    name = spec.name
    for command in ("simulate", "play", "solve", "exploitability"):
        assert name in _subcommand_choices(command)
    assert (name in _subcommand_choices("eval")) == (module_of(name).CAPABILITIES.explain
                                                     is not None)
    if hasattr(module_of(name), "explain_compare"):
        assert name in _subcommand_choices("compare")
    assert POLICIES[name] == spec.policies
    assert OPPONENTS[name] == spec.opponent
    docs_index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert f"games/{name}" in docs_index and f"rulebook/{name}" in docs_index
    assert (ROOT / "docs" / "games" / f"{name}.md").is_file()
    assert (ROOT / "docs" / "rulebook" / f"{name}.md").is_file()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert spec.display_name in readme
    from tests.games.test_conformance import CONFIGS
    assert CONFIGS.get(name)


def test_every_registered_game_is_in_both_adapters(spec: cc.spec.GameSpec) -> None:
    # OpenSpiel has no wheel for Python 3.10 on Windows or Linux aarch64 (pyproject.toml).
    openspiel = pytest.importorskip("cardcore.adapters.openspiel",
                                    reason="OpenSpiel (the rl extra) is not installed")
    pettingzoo = pytest.importorskip("cardcore.adapters.pettingzoo",
                                     reason="PettingZoo (the rl extra) is not installed")
    game = openspiel.GAME_CLASSES[spec.name]()
    assert game.num_players() == cc.GAMES[spec.name]().num_players
    assert game.get_type().min_num_players == spec.min_players
    assert game.get_type().max_num_players == spec.max_players
    env = pettingzoo.raw_env(spec.name)
    assert env.metadata["name"] == f"cardcore_{spec.name}_v0"


# ---------------------------------------------------------------------------------------------
# No source file outside a game's own files and the registration names a game.

GAME_WORDS = re.compile(
    "|".join(rf"\b{re.escape(word)}\b" for spec in SPECS
             for word in {spec.name, spec.display_name, spec.display_name.replace(" ", "")}),
    re.IGNORECASE,
)
REGISTRATION = {"python/cardcore/__init__.py"}
"""The one file outside the games' own that names them: the line that shows their modules to
type checkers (C++ and CMake find the games by their folders)."""


def _own_file(path: str) -> bool:
    """Whether ``path`` belongs to one game: its module, evaluator, engine or bindings."""
    for spec in SPECS:
        g = spec.name
        if path in (f"python/cardcore/{g}.py", f"cpp/include/cardcore/eval/{g}.hpp",
                    f"cpp/src/eval/{g}.cpp") or path.startswith(
                        (f"cpp/include/cardcore/games/{g}/", f"cpp/src/games/{g}/",
                         f"cpp/bindings/bind_{g}")):
            return True
    return False


def _python_code(text: str) -> str:
    """The code of a Python file: its names and strings, less comments and docstrings."""
    kept: list[str] = []
    previous = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        docstring = token.type == tokenize.STRING and previous in (
            tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT)
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE) and not docstring:
            kept.append(token.string)
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token.type
    return " ".join(kept)


def _cpp_code(text: str) -> str:
    """The code of a C++ file, less its comments (strings kept)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r"//[^\n]*", " ", text)


def _sources() -> list[Path]:
    files = [*ROOT.glob("python/cardcore/**/*.py"), *ROOT.glob("fuzz/*.py"),
             *ROOT.glob("cpp/**/*.hpp"), *ROOT.glob("cpp/**/*.cpp")]
    # Generated stubs, and the C++ tests (tests may name the game they are about), aside.
    return [f for f in files if "_core" not in f.relative_to(ROOT).parts[:3]
            and f.relative_to(ROOT).parts[:2] != ("cpp", "tests")]


def test_no_source_file_outside_a_game_and_the_registration_names_a_game() -> None:
    offenders = {}
    for path in _sources():
        relative = path.relative_to(ROOT).as_posix()
        if relative in REGISTRATION or _own_file(relative):
            continue
        text = path.read_text(encoding="utf-8")
        code = _python_code(text) if path.suffix == ".py" else _cpp_code(text)
        found = sorted({match.lower() for match in GAME_WORDS.findall(code)})
        if found:
            offenders[relative] = found
    assert not offenders, f"name a game outside its own files: {offenders}"


def test_the_structure_check_sees_a_game_named_in_code() -> None:
    assert GAME_WORDS.search(_python_code('x = GAMES["badugi"]\n'))
    assert not GAME_WORDS.search(_python_code('"""Badugi is heads-up."""\n# buh\nx = 1\n'))
    assert GAME_WORDS.search(_cpp_code('auto s = "hucklebuck"; // Bai Buu\n'))
    assert not GAME_WORDS.search(_cpp_code('int x = 1;  // Bai Buu\n'))


@pytest.mark.parametrize("name", ["cardcore.badugi", "cardcore.buh", "cardcore.baibuu",
                                  "cardcore.hucklebuck", "cardcore.cards", "cardcore.spec",
                                  "cardcore.protocol", "cardcore.play", "cardcore.cli",
                                  "cardcore.vector"])
def test_a_public_module_shows_only_its_api(name: str) -> None:
    import importlib
    module = importlib.import_module(name)
    assert dir(module) == sorted(module.__all__)
    assert all(hasattr(module, attribute) for attribute in module.__all__)
    assert not {"annotations", "dataclass", "npt", "np"} & set(dir(module))



GAME_NAMES = frozenset({"CAPABILITIES", "CHANCE", "SPEC", "TERMINAL", "Game", "State",
                        "policy_action"})
"""What every game module exposes: its spec, its engine and the verbs every tool uses."""
GROUPS = {
    "evaluator": frozenset({"HAND_SIZE", "compare", "evaluate", "explain_compare", "odds_table",
                            "strength", "strength_many"}),
    "draw odds": frozenset({"NUM_STRENGTHS", "DiscardAdvice", "DrawOdds", "Equity",
                            "best_discards", "draw_odds", "equity", "explain_equity"}),
    "hand histories": frozenset({"from_phh", "to_phh"}),
    "explained hands": frozenset({"EXAMPLES", "explain"}),
}
"""Names that a game module has all of or none of: the evaluator verbs (README, "Evaluating
hands"), the draw games' odds (docs/odds.md), PHH hand histories (docs/views.md) and the hands that
``cardcore eval`` explains (the reference games have none)."""


def test_every_game_module_exposes_the_same_names(spec: cc.spec.GameSpec) -> None:
    """Every game module has the shared names and each group whole or not at all; any other
    name is its game's own, which no other game module has, and no constant of its own
    repeats a fact of its SPEC (the SPEC says it for every game)."""
    public = set(getattr(cc, spec.name).__all__)
    assert public >= GAME_NAMES, f"{spec.name} lacks {sorted(GAME_NAMES - public)}"
    for group, names in GROUPS.items():
        assert public & names in (set(), names), f"{spec.name}'s {group}: {sorted(public & names)}"
    own = public - GAME_NAMES - set().union(*GROUPS.values())
    for other in SPECS:
        if other is not spec:
            shared = own & set(getattr(cc, other.name).__all__)
            assert not shared, f"{spec.name} and {other.name} share {sorted(shared)}"
    module = getattr(cc, spec.name)
    facts = [getattr(spec, name) for name in vars(spec)]
    repeated = [name for name in own if name.isupper() and getattr(module, name) in facts]
    assert not repeated, f"{spec.name}.{repeated} repeat SPEC: use SPEC"
    # cardcore play's settings and notes are its own business, not the game's API.
    assert not {"PLAY_CONFIG", "move_note"} & public


def test_no_stub_outside_a_games_own_names_a_game() -> None:
    """The generated stubs count too (tools/stubs.py): the solver's functions, bound for
    every game, take the protocol's Game there."""
    games = "|".join(spec.name for spec in SPECS)
    for stub in sorted((ROOT / "python" / "cardcore" / "_core").glob("*.pyi")):
        if stub.stem not in {spec.name for spec in SPECS}:
            named = re.findall(rf"\b_core\.(?:{games})\b", stub.read_text(encoding="utf-8"))
            assert not named, f"{stub.name} names {sorted(set(named))}"


FEATURE = type(importlib.import_module("__future__").annotations)
"""What ``from __future__ import annotations`` binds in a module."""


@pytest.mark.parametrize("name", ["cardcore", *(f"cardcore.{spec.name}" for spec in SPECS)])
def test_no_future_import_shows_in_a_public_namespace(name: str) -> None:
    module = importlib.import_module(name)
    features = [key for key in dir(module)
                if isinstance(getattr(module, key), FEATURE)]
    assert not features, f"{name} shows {features}"
