"""``cardcore play``: one game in the terminal against the built-in players.

You are seat 0; the other seats play a built-in policy (by default the rule-based player,
in Bai Buu the house way; ``--opponents random`` for random play). Each turn shows what you
can see (your cards with suit symbols, in colour on a terminal) and the legal moves; type a
move as its action string (``raise``, ``discard Kd 7h``, ``play As``, ``arrange 4d Qh``) or
its number in the list, ``help`` for the numbered list of moves, or ``quit``. Input may be
piped from a file.
"""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

from cardcore import _core
from cardcore._checks import shown
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, MODULES, module_of

__all__ = ["OPPONENTS", "play", "seats_config"]

OPPONENTS: dict[str, str] = {module.SPEC.name: module.SPEC.opponent for module in MODULES}
"""Each game's default opponent policy (its ``SPEC.opponent``)."""

_SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_RED = "\033[31m"
_RESET = "\033[0m"


_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def _pretty(text: str, colour: bool) -> str:
    """Card tokens ("Kd") with suit symbols, red suits in red when `colour`."""

    def card(match: re.Match[str]) -> str:
        rank, suit = match.groups()
        symbol = rank + _SUIT_SYMBOLS[suit]
        return f"{_RED}{symbol}{_RESET}" if colour and suit in "dh" else symbol

    return _CARD.sub(card, text)


def _numbered(moves: list[str]) -> str:
    return "moves: " + ", ".join(f"{i}) {m}" for i, m in enumerate(moves))


def _menu(moves: list[str], longest: int = 12) -> str:
    """The legal moves, numbered; past `longest` of them (a draw offers up to 32), each
    verb once with how many ways it can be played.

    >>> _menu(["stand", "discard 2c", "discard 5h", "discard 2c 5h"], longest=3)
    "moves: stand; discard <cards> (3 ways, e.g. 'discard 2c'); 'help' numbers them"
    """
    if len(moves) <= longest:
        return _numbered(moves)
    by_verb: dict[str, list[str]] = {}
    for move in moves:
        by_verb.setdefault(move.split()[0], []).append(move)
    parts = [ways[0] if len(ways) == 1 else
             f"{verb} <cards> ({len(ways)} ways, e.g. '{ways[0]}')"
             for verb, ways in by_verb.items()]
    return "moves: " + "; ".join(parts) + "; 'help' numbers them"


def seats_config(game: str, players: int | None) -> dict[str, Any]:
    """The configuration keywords that seat ``players`` (None: the game's default) at
    ``game``: its ``SPEC.seats_field``. A game with a fixed number of seats takes none.

    >>> seats_config("baibuu", 3), seats_config("badugi", None)
    ({'player_hands': 3}, {})
    """
    if players is None:
        return {}
    spec = module_of(game).SPEC
    if spec.seats_field is None:
        seats = "heads-up" if spec.max_players == 2 else f"for {spec.max_players} players"
        raise ValueError(f"{spec.display_name} is {seats}: --players does not apply")
    return {spec.seats_field: players}


def play(game_name: str, players: int | None = None, seed: int = 0, *,
         opponents: str | None = None, stdin: TextIO = sys.stdin,
         stdout: TextIO = sys.stdout) -> int:
    """Plays one game against ``opponents`` (a built-in policy name; by default the
    game's :data:`OPPONENTS`); returns the exit status (0, or 1 when input ran out).

    >>> import io
    >>> out = io.StringIO()
    >>> play("badugi", seed=1, stdin=io.StringIO("fold\\n"), stdout=out)
    0
    >>> "game over: P0 -1, P1 +1" in out.getvalue()
    True
    """
    module = module_of(game_name)
    game_name = module.SPEC.name
    # A game may seat as agents some roles that play inside the engine by default (the Bai
    # Buu banker), so that their moves show; its module's PLAY_CONFIG says which.
    config = {**getattr(module, "PLAY_CONFIG", {}), **seats_config(game_name, players)}
    opponents = OPPONENTS[game_name] if opponents is None else opponents
    if opponents not in module.SPEC.policies:
        raise ValueError(f"unknown {game_name} policy {shown(opponents)}: expected one of "
                         f"{', '.join(module.SPEC.policies)}")
    policy_action = getattr(_core, game_name).policy_action
    state = GAMES[game_name](**config).new_initial_state(seed=seed)
    colour = stdout.isatty()

    def say(text: str) -> None:
        print(_pretty(text, colour), file=stdout)

    say(f"{game_name}: you are seat 0 against {opponents} players; type a move, its number, "
        "'help' or 'quit'.")
    shown_hand = -1
    while not state.is_terminal():
        seat = state.current_player()
        if seat != 0:
            # Seeded by the game's seed and the move number: the same game every time.
            action = policy_action(state, opponents,
                                   (seed * 1_000_003 + len(state.history())) % 2**64)
            say(f"P{seat}: {state.action_to_string(action)}")
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            moves = [state.action_to_string(a) for a in legal]
            say("\n" + state.observation_string(0))
            say(_menu(moves))
            while True:
                print("> ", end="", file=stdout, flush=True)
                line = stdin.readline()
                if not line:
                    say("\n(no more input)")
                    return 1
                text = line.strip()
                if text == "quit":
                    say("bye")
                    return 0
                if text in ("help", ""):
                    say(_numbered(moves))
                    continue
                try:
                    action = legal[int(text)] if text.isdigit() else state.string_to_action(text)
                    state.apply_action(action)
                    break
                except (ValueError, IndexError) as error:
                    say(f"not a legal move: {error}")
        if any(state.rewards()) and shown_hand != len(state.history()):
            shown_hand = len(state.history())
            results = ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.rewards()))
            totals = ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.returns()))
            say(f"hand over: {results} (so far: {totals})")
    say("\n" + state.observation_string(0))
    say("game over: " + ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.returns())))
    return 0


__dir__ = public_dir(__all__)
