"""What the fuzz harnesses share: the exception contract, the games under test and the
atheris entry point. Import this module before anything else from a harness: it imports
cardcore under atheris' instrumentation, so its Python layer reports coverage.

The contract: bad input may raise ValueError, TypeError or IndexError with a message.
Anything else (another exception, one without a message, a failed check, a crash, a
sanitizer report, a hang) is a finding.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import atheris

with atheris.instrument_imports(include=["cardcore"]):
    import cardcore as cc

# The configurations of the conformance suite, so that every engine is fuzzed in the forms
# the tests cover (multi-hand, short stacks, many seats).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.games.test_conformance import CONFIGS

ALLOWED = (ValueError, TypeError, IndexError)

# Every (game name, config) pair; a harness input picks one by index.
CASES: list[tuple[str, dict[str, Any]]] = [(n, c) for n in cc.GAMES for c in CONFIGS[n]]
GAMES = [cc.GAMES[name](**config) for name, config in CASES]


def attempt(call: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, result)``, or ``(False, error)`` if the call rejected its input the allowed
    way; any other failure propagates and is a finding."""
    try:
        return True, call(*args, **kwargs)
    except ALLOWED as error:
        if not str(error).strip():
            raise AssertionError(f"{type(error).__name__} without a message") from error
        return False, error


def play_out(state: Any, rng: random.Random, game: Any) -> None:
    """Random legal play (chance included) to the end, within the game's length bound."""
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions, f"no legal action in a live state: {state.serialize()}"
        state.apply_action(rng.choice(actions))
        steps += 1
        assert steps <= game.max_game_length, f"longer than max_game_length: {state.serialize()}"
    assert len(state.returns()) == game.num_players


def check_round_trip(game: Any, state: Any) -> None:
    """serialize() reads back to an equal state, and clone() is one."""
    text = state.serialize()
    for copy in (game.deserialize_state(text), state.clone()):
        assert copy.serialize() == text, (text, copy.serialize())
        assert copy.legal_actions() == state.legal_actions(), text
        assert copy.current_player() == state.current_player(), text
        assert copy.returns() == state.returns(), text


def main(test_one_input: Callable[[bytes], None]) -> None:
    """Runs libFuzzer on ``test_one_input`` with the command line's options."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
