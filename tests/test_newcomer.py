"""What a newcomer hits: the command line in the user's words (through a
subprocess, checking what a user reads) and the answers the API gives."""

from __future__ import annotations

import bisect
import itertools
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore._registry import MODULES
from tests.reference import badugi as ref_badugi
from tests.reference import baibuu as ref_baibuu
from tests.reference.cards import parse, parse_card

SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardcore", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


def plain(text: str) -> str:
    """Cards written with suit symbols (as `cardcore play` shows them) back in letters."""
    for symbol, letter in SYMBOLS.items():
        text = text.replace(symbol, letter)
    return text


def human_decisions(name: str, seed: int, choose: Callable[[Any], int],
                    players: int | None = None) -> Iterator[tuple[Any, list[str]]]:
    """Each decision of seat 0 in `cardcore play NAME --seed SEED` when seat 0 plays by
    `choose`, with the moves typed before it: the other seats play as `cardcore play` makes
    them (the game's opponent policy, seeded by the seed and the move number)."""
    module = getattr(cc, name)
    config = {**module.CAPABILITIES.play_config}
    if players is not None:
        config[module.SPEC.seats_field] = players
    state = cc.GAMES[name](**config).new_initial_state(seed=seed)
    typed: list[str] = []
    while not state.is_terminal():
        if state.current_player() != 0:
            seed_now = (seed * 1_000_003 + len(state.history())) % 2**64
            state.apply_action(module.policy_action(state, module.SPEC.opponent, seed_now))
            continue
        yield state.clone(), list(typed)
        action = choose(state)
        typed.append(state.action_to_string(action))
        state.apply_action(action)


# ------------------------------------------------------------------ item 4: illegal moves


def test_an_illegal_move_is_named_as_typed_with_the_reason_and_the_legal_moves() -> None:
    # Badugi: seat 0 is the dealer (the small blind) and acts first, facing the big blind.
    result = cli("play", "badugi", "--seed", "3", stdin="check\n7\nraise it\nquit\n")
    out = result.stdout
    assert "'check' is not a legal move: facing a bet you cannot check" in out
    assert "'7' is not a legal move: 7 is not one of the 3 moves (0 to 2)" in out
    assert "'raise it' is not a legal move: unknown Badugi action 'raise it'" in out
    assert out.count("legal moves: 0) fold, 1) call, 2) raise") == 3
    assert "action 1" not in out and "list index" not in out and "Traceback" not in result.stderr


def test_buh_says_there_is_no_buh_to_declare() -> None:
    for seed in range(50):
        state, _ = next(human_decisions("buh", seed, lambda s: s.legal_actions()[0]))
        if state.legal_actions() == [state.string_to_action("pass")]:
            break
    else:
        raise AssertionError("no deal without a buh in 50 seeds")
    hand = cc.buh.evaluate(state.hands[0])
    assert not hand.is_buh  # the oracle's own check: nothing to declare
    out = cli("play", "buh", "--seed", str(seed), stdin="declare\nquit\n").stdout
    assert "'declare' is not a legal move: you have no buh to declare" in out
    assert "legal moves: 0) pass" in out


def test_hucklebuck_says_which_suit_must_be_followed() -> None:
    def stay_in(state: Any) -> int:
        words = [state.action_to_string(a) for a in state.legal_actions()]
        for word in ("in", "pass"):
            if word in words:
                return int(state.legal_actions()[words.index(word)])
        return int(state.legal_actions()[0])

    for seed in range(200):
        for state, typed in human_decisions("hucklebuck", seed, stay_in, players=3):
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            held = str(state.hands[0]).split()
            offsuit = [card for card in held if f"play {card}" not in legal]
            if legal[0].startswith("play") and offsuit:
                before = typed
                break
        else:
            continue
        break
    else:
        raise AssertionError("no decision that must follow suit in 200 seeds")
    followed = {card[-1] for card in held if f"play {card}" in legal}
    assert len(followed) == 1  # the led suit, read from the legal plays
    suit = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[followed.pop()]
    moves = "\n".join([*before, f"play {offsuit[0]}", "quit"]) + "\n"
    out = plain(cli("play", "hucklebuck", "--players", "3", "--seed", str(seed),
                    stdin=moves).stdout)
    assert f"'play {offsuit[0]}' is not a legal move: you must follow {suit}" in out


# ------------------------------------------------------- item 5: any case, and synonyms


def test_move_words_are_read_in_any_case_and_with_their_synonyms() -> None:
    def transcript(moves: str) -> str:
        result = cli("play", "badugi", "--seed", "3", stdin=moves)
        assert "is not a legal move" not in result.stdout
        return result.stdout

    discard = transcript("call\ndiscard Kc\nquit\n")
    assert "P0 discards 1" in discard  # the game went on past the draw
    assert transcript("Call\nDRAW Kc\nquit\n") == discard
    assert transcript("CALL\ndraw kc\nquit\n") == discard
    stand = transcript("call\nstand\nquit\n")
    for synonym in ("stand pat", "Pat", "STAND PAT"):
        assert transcript(f"call\n{synonym}\nquit\n") == stand


# ------------------------------------------------------------ item 6: the Bai Buu menu


def test_the_bai_buu_menu_says_what_each_choice_arranges_and_flags_fouls() -> None:
    out = plain(cli("play", "baibuu", "--players", "2", "--seed", "3", stdin="quit\n").stdout)
    rows = re.findall(r"^  (\d)\) arrange (\S\S \S\S): Low (\S\S \S\S) \(.*?\) / "
                      r"High (\S\S \S\S) \(.*?\)(: foul.*)?$", out, re.M)
    assert [int(row[0]) for row in rows] == list(range(6))
    fouls = 0
    for _, move, low, high, foul in rows:
        assert move == low
        low_ids = [parse_card(c) for c in low.split()]
        high_ids = [parse_card(c) for c in high.split()]
        valid = ref_baibuu.is_valid(low_ids, high_ids)
        assert bool(foul) == (not valid), (low, high)
        fouls += not valid
    assert 0 < fouls < 6


# ------------------------------------------------------------- item 7: the command line


def test_version_and_help() -> None:
    assert cli("--version").stdout.strip() == f"cardcore {cc.__version__}"
    help_text = cli("--help").stdout
    for command, words in (("eval", "explain a hand"), ("compare", "compare two hands"),
                           ("simulate", "play many games"), ("play", "play one game"),
                           ("bench", "measure")):
        assert re.search(rf"^  {command}\b.*{words}", help_text, re.M), command
    sim_help = " ".join(cli("simulate", "--help").stdout.split())
    for module in MODULES:
        assert f"{module.SPEC.name}: {', '.join(module.SPEC.policies)}" in sim_help


@pytest.mark.parametrize("hands", ["1e3", "1_000", "1,000", "1000"])
def test_hands_are_read_as_people_write_them(hands: str) -> None:
    result = cli("simulate", "buh", "--hands", hands, "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("buh: 1,000 games, seed 2")


def test_a_closed_pipe_ends_quietly() -> None:
    process = subprocess.Popen([sys.executable, "-m", "cardcore", "eval"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line is written
    error = process.stderr.read().decode()
    process.stderr.close()
    process.wait(timeout=120)
    assert "Broken pipe" not in error and "Traceback" not in error, error
    assert process.returncode == 0


def test_game_names_in_any_case() -> None:
    assert cli("eval", "Badugi", "As 2h 3d Kd").stdout.startswith("Badugi  2h 3d Kd As")
    assert cli("simulate", "BADUGI", "--hands", "100").stdout.startswith("badugi: 100 games")
    assert "you are seat 0" in cli("play", "Buh", stdin="quit\n").stdout


def test_trick_positions_are_counted_as_trick_winner_counts_them() -> None:
    rng = random.Random(5)
    for _ in range(5):
        trick = [cc.Card(c) for c in rng.sample(range(52), 4)]
        text = " ".join(str(c) for c in trick)
        winner = cc.hucklebuck.trick_winner(trick, "h")
        out = cli("eval", "hucklebuck", text, "--trump", "h").stdout
        assert f"play {winner} ({trick[winner]}) wins" in out


# ------------------------------------------------------------ item 8: percentile in eval


def test_eval_tells_the_share_of_hands_a_badugi_hand_beats() -> None:
    out = cli("eval", "badugi", "As 2h 3d Kd").stdout
    share = float(re.search(r"beats (\d+\.\d)% of four-card hands", out)[1])  # type: ignore[index]
    # The reference evaluator over a sample of all four-card hands, a tie counting half.
    mine = ref_badugi.key(parse("As 2h 3d Kd"))
    rng = random.Random(8)
    keys = [ref_badugi.key(rng.sample(range(52), 4)) for _ in range(20_000)]
    # A lower reference key is the better hand.
    estimate = 100 * (sum(k > mine for k in keys) + sum(k == mine for k in keys) / 2) / len(keys)
    assert abs(share - estimate) < 0.8  # four standard errors
    assert share == round(cc.badugi.evaluate("As 2h 3d Kd").percentile, 1)


def test_two_card_percentiles_are_exact() -> None:
    """Every two-card Bai Buu hand's percentile against all 1,326, by the reference."""
    hands = list(itertools.combinations(range(52), 2))
    keys = sorted(ref_baibuu.two_card_key(a, b) for a, b in hands)
    for a, b in hands[::7]:
        key = ref_baibuu.two_card_key(a, b)
        below = bisect.bisect_left(keys, key)
        ties = bisect.bisect_right(keys, key) - below
        expected = 100 * (below + ties / 2) / len(hands)
        hand = cc.baibuu.evaluate([a, b])
        assert isinstance(hand, cc.baibuu.BaiBuuHand)
        assert hand.percentile == pytest.approx(expected, abs=1e-9)
    out = cli("eval", "baibuu", "Kc Kd").stdout
    assert re.search(r"beats 99\.\d% of two-card hands", out)


# -------------------------------------------------------------- item 9: the table's words


def test_one_policy_for_every_seat_leaves_the_house_banker_alone() -> None:
    result = cli("simulate", "baibuu", "--players", "2", "--policy", "optimal", "--hands", "100")
    assert result.returncode == 0, result.stderr
    seats = [line.split()[1] for line in result.stdout.splitlines()[2:5]]
    assert seats == ["optimal", "optimal", "house_way"]
    refused = cli("simulate", "baibuu", "--policy", "optimal", "random", "--hands", "100")
    assert "seat 1 plays inside the engine" in refused.stderr


def test_the_simulation_table_explains_its_columns() -> None:
    out = cli("simulate", "badugi", "--hands", "1000").stdout
    assert out.splitlines()[1].split()[-1] == "ahead"
    assert "ahead: share of games it won more than it lost" in out.splitlines()[-1]


# ---------------------------------------------------------------------- items 10 to 13


@pytest.mark.parametrize("module", MODULES, ids=[m.SPEC.name for m in MODULES])
def test_policy_action_in_every_game(module: Any) -> None:
    rng = random.Random(3)
    state = module.Game().new_initial_state(seed=11)
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        for policy in module.SPEC.policies:
            action = module.policy_action(state, policy, seed=rng.getrandbits(64))
            assert action in legal
        seed = rng.getrandbits(64)
        assert module.policy_action(state, seed=seed) == module.policy_action(
            state, module.SPEC.opponent, seed)
        decisions += 1
        state.apply_action(rng.choice(legal))
    assert decisions > 0
    with pytest.raises(ValueError, match="policy_action needs a player to act"):
        module.policy_action(state)
    with pytest.raises(ValueError, match=rf"unknown {module.SPEC.name} policy 'genius'"):
        module.policy_action(module.Game().new_initial_state(seed=1), "genius")


@pytest.mark.parametrize("module", MODULES, ids=[m.SPEC.name for m in MODULES])
def test_legal_actions_mask_and_why_illegal(module: Any) -> None:
    rng = random.Random(4)
    for explicit in (False, True):
        state = module.Game().new_initial_state(**({} if explicit else {"seed": 4}))
        while True:
            mask = state.legal_actions_mask()
            size = 52 if state.is_chance_node() else module.SPEC.num_distinct_actions
            assert mask.dtype == np.bool_ and mask.shape == (size,)
            assert np.flatnonzero(mask).tolist() == state.legal_actions()
            if state.is_terminal():
                assert not mask.any()
                assert state.why_illegal(0) == "the game is over: no action is legal"
                break
            text = state.serialize()
            for action in range(size):
                why = state.why_illegal(action)
                assert (why is None) == bool(mask[action]), (action, why)
                assert why is None or why  # a reason is never empty
            assert state.why_illegal(10**30) is not None and state.serialize() == text
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "config"), [
    ("badugi", {"hands": 3, "stacks": (20, 40), "first_dealer": 1}),
    ("buh", {"players": 5}),
    ("baibuu", {"player_hands": 3, "banker": "agent", "commission_bp": 500}),
    ("hucklebuck", {"players": 4, "hands": None, "target": 5, "scores": (1, 2, 3, 0)}),
])
def test_load_state_reads_a_state_from_its_text_alone(name: str, config: dict[str, Any]) -> None:
    game = cc.GAMES[name](**config)
    rng = random.Random(6)
    for seeded in (None, 9):
        state = game.new_initial_state(seed=seeded)
        for _ in range(40):
            if state.is_terminal():
                break
            loaded = cc.load_state(state.serialize())
            assert type(loaded) is type(state) and loaded.serialize() == state.serialize()
            assert loaded.legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
        if state.current_player() >= 0:
            sample = state.resample_from_infostate(state.current_player(), 3)
            assert cc.load_state(sample.serialize()).serialize() == sample.serialize()


@pytest.mark.parametrize(("text", "message"), [
    ("", r"not a serialized cardcore state"),
    ("hello | explicit |", r"not a serialized cardcore state: expected 'cardcore.<game>/1"),
    # The version's slash must come before the first " | ": here it is only in the history.
    ("cardcore.badugi | explicit | 1/2", r"not a serialized cardcore state: expected"),
    ("cardcore.chess/1 x=1 | explicit |", r"unknown game 'chess'"),
    ("cardcore.badugi/1 colour=red | explicit |", r"badugi has no configuration field 'colour'"),
    ("cardcore.badugi/1 hands=two | explicit |", r"hands='two' is not a valid int value"),
    ("cardcore.badugi/1 hands | explicit |", r"expected field=value, got 'hands'"),
    ("cardcore.badugi/1 stacks=100,100 small_blind=1 big_blind=2 small_bet=2 big_bet=4 "
     "max_raises=3 hands=1 first_dealer=0 | explicit | 99", r"99"),
])
def test_load_state_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.load_state(text)


def test_load_state_takes_text_only() -> None:
    with pytest.raises(ValueError, match="a serialized state is a str, got int"):
        cc.load_state(42)  # type: ignore[arg-type]


def test_bai_buu_exact_figures_at_any_commission() -> None:
    """A round never pushes, so a player's expected return at commission c is
    (1 - c) p - (1 - p) for the probability p of a win, which the default figures give."""
    default = cc.baibuu.optimal_summary()
    for bp in (0, 250, 500, 1000, 10000):
        summary = cc.baibuu.optimal_summary(commission_bp=bp)
        assert summary["differing"] == default["differing"]
        for key in ("house_way_return", "optimal_return"):
            p = (default[key] + 1) / 1.97
            assert summary[key] == pytest.approx((1 - bp / 10000) * p - (1 - p), abs=1e-12)
    assert cc.baibuu.optimal_summary(commission_bp=300) == default
    estimate = cc.baibuu.player_expectation(2_000_000, seed=3, commission_bp=500)
    assert estimate.low < cc.baibuu.optimal_summary(commission_bp=500)["house_way_return"] \
        < estimate.high
    rng = random.Random(2)
    for _ in range(50):
        cards = rng.sample(range(52), 4)
        assert cc.baibuu.optimal_arrangement(cards, commission_bp=1000) == \
            cc.baibuu.optimal_arrangement(cards)
    for bad in (-1, 10001):
        with pytest.raises(ValueError, match=rf"commission_bp must be 0 to 10000 basis points, "
                                             rf"got {bad}"):
            cc.baibuu.optimal_summary(commission_bp=bad)
        with pytest.raises(ValueError, match="commission_bp must be 0 to 10000"):
            cc.baibuu.player_expectation(10, commission_bp=bad)
        with pytest.raises(ValueError, match="commission_bp must be 0 to 10000"):
            cc.baibuu.optimal_arrangement("Qs Kh 6c 4d", commission_bp=bad)


@pytest.mark.parametrize("module", MODULES, ids=[m.SPEC.name for m in MODULES])
def test_the_observation_has_named_slices(module: Any) -> None:
    """SPEC.observation_layout names the slices of the tensor the engine writes: a seat's own
    cards are the one-hot of its hand, at the offsets the C++ layout gives."""
    layout = module.SPEC.observation_layout
    assert sum(s.size for s in layout.values()) == module.SPEC.observation_shape[0]
    offsets = [s.offset for s in layout.values()]
    assert offsets == sorted(offsets) and offsets[0] == 0
    state = module.Game().new_initial_state(seed=12)
    for seat in range(len(state.returns())):
        tensor = state.observation_tensor(seat)
        if "own_cards" in layout:
            own = tensor[layout["own_cards"].slice]
            assert layout["own_cards"].size == 52
            assert np.flatnonzero(own).tolist() == sorted(cc.CardSet(state.hands[seat]).ids())
        else:  # the reference games (OpenSpiel's names), which deal seat i the i-th card
            own = tensor[layout["private_card"].slice]
            assert np.flatnonzero(own).tolist() == [state.history()[seat]]
