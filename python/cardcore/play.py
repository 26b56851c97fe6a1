"""``cardcore play``: one game in the terminal against the built-in players.

You are seat 0 (``--seat K`` for another); the other seats play a built-in policy (by
default the rule-based player, in Bai Buu the house way; ``--opponents random`` for random
play). The game is played to its own end (:func:`game_hands`: Hucklebuck to its target
score, the others one hand) or for ``--hands N``. Each turn shows what your seat can see
(your cards with suit symbols, in colour on a terminal) and the legal moves; type a move as
its action string (``raise``, ``discard Kd 7h``, ``play As``, ``arrange 4d Qh``) or its
number in the list, ``hint`` for what the search would play and why, ``help`` for the
numbered list of moves, or ``quit``. Input may be piped from a file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from typing import Any, TextIO

from cardcore import _core
from cardcore._checks import checked_int, quote_input, shown
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, MODULES, module_of, module_of_state
from cardcore.search import ismcts, policy_text

__all__ = ["HINT_SIMULATIONS", "OPPONENTS", "SYNONYMS", "game_hands", "hands_config", "hint",
           "play", "play_config", "read_move", "seats_config"]

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


def _numbered(moves: list[str], notes: list[str] | None = None) -> str:
    """The moves numbered on one line, or one a line each with its note when there are
    notes.

    >>> print(_numbered(["arrange 2c 3d", "arrange 2c 9h"], ["Low 2c 3d", "Low 2c 9h: foul"]))
    moves:
      0) arrange 2c 3d: Low 2c 3d
      1) arrange 2c 9h: Low 2c 9h: foul
    """
    if notes:
        return "moves:" + "".join(f"\n  {i}) {move}: {note}"
                                  for i, (move, note) in enumerate(zip(moves, notes, strict=True)))
    return "moves: " + ", ".join(f"{i}) {move}" for i, move in enumerate(moves))


def _menu(moves: list[str], longest: int = 12, notes: list[str] | None = None) -> str:
    """The legal moves, numbered; past `longest` of them (a draw offers up to 32), each
    verb once with how many ways it can be played.

    >>> _menu(["stand", "discard 2c", "discard 5h", "discard 2c 5h"], longest=3)
    "moves: stand; discard <cards> (3 ways, e.g. 'discard 2c'); 'help' numbers them"
    """
    if len(moves) <= longest:
        return _numbered(moves, notes)
    by_verb: dict[str, list[str]] = {}
    for move in moves:
        by_verb.setdefault(move.split()[0], []).append(move)
    parts = [ways[0] if len(ways) == 1 else
             f"{verb} <cards> ({len(ways)} ways, e.g. '{ways[0]}')"
             for verb, ways in by_verb.items()]
    return "moves: " + "; ".join(parts) + "; 'help' numbers them"


SYNONYMS: dict[str, tuple[str, ...]] = {
    "stand": ("stand pat", "pat", "stay pat"),
    "discard": ("draw", "throw"),
}
"""Other words a player may type for a game's own move word (the key), accepted where the
game has that word: ``stand pat`` and ``pat`` for ``stand``, ``draw 2c`` for
``discard 2c``. Move words are read in any case."""


def _canonical(text: str, verbs: set[str]) -> str:
    """``text`` with its move word in lower case and a synonym replaced by the game's own
    word (one of ``verbs``); the cards that follow are left as typed.

    >>> _canonical("Stand Pat", {"stand", "discard"}), _canonical("DRAW Kd 7h", {"discard"})
    ('stand', 'discard Kd 7h')
    """
    words = text.split()
    lowered = [word.lower() for word in words]
    for verb, synonyms in SYNONYMS.items():
        if verb not in verbs:
            continue
        for synonym in sorted(synonyms, key=len, reverse=True):
            size = len(synonym.split())
            if lowered[:size] == synonym.split():
                return " ".join([verb, *words[size:]])
    return " ".join([lowered[0], *words[1:]]) if words else text


def read_move(state: Any, text: str) -> int:
    """The legal action that a player's ``text`` names at ``state``: a move number from the
    menu, or a move in the game's words (any case; :data:`SYNONYMS`). Anything else is a
    ValueError that names the move as typed, says why it is not legal (the engine's reason:
    facing a bet you cannot check, you must follow clubs, ...) and lists the legal moves.

    >>> import cardcore as cc
    >>> state = cc.badugi.Game().new_initial_state(seed=1)
    >>> state.action_to_string(read_move(state, "Call"))
    'call'
    >>> def say(text):
    ...     try:
    ...         read_move(state, text)
    ...     except ValueError as error:
    ...         print(str(error).replace("; ", ";\\n"))
    >>> say("check")
    'check' is not a legal move: facing a bet you cannot check: call, raise or fold;
    legal moves: 0) fold, 1) call, 2) raise
    >>> say("7")
    '7' is not a legal move: 7 is not one of the 3 moves (0 to 2);
    legal moves: 0) fold, 1) call, 2) raise
    """
    legal = state.legal_actions()
    moves = [state.action_to_string(action) for action in legal]
    listed = "legal " + _menu(moves)
    typed = text.strip()

    def refused(why: str) -> ValueError:
        return ValueError(f"{quote_input(typed)} is not a legal move: {why}; {listed}")

    if typed.isdigit():
        number = int(typed)
        if number < len(legal):
            return int(legal[number])
        count = len(legal)
        raise refused(f"{number} is not one of the {count} move{'s' * (count != 1)} "
                      f"(0 to {count - 1})")
    verbs = {block.name for block in module_of_state(state, "read_move").SPEC.action_blocks}
    verbs |= {move.split()[0] for move in moves}
    try:
        action = int(state.string_to_action(_canonical(typed, verbs)))
    except ValueError as error:
        raise refused(str(error)) from None
    why = state.why_illegal(action)
    if why is not None:
        raise refused(why)
    return action


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


def game_hands(game: str) -> int | None:
    """The ``hands`` a game of ``game`` plays to its own end, ``cardcore play``'s default: a
    game to a target score (whose ``hands`` field takes None: Hucklebuck to 11) plays to the
    target, any other game the field's default, one hand, as does a game of one hand with
    no such field (the reference games).

    >>> game_hands("hucklebuck"), game_hands("badugi"), game_hands("kuhn")
    (None, 1, 1)
    """
    spec = module_of(game).SPEC
    if "hands" not in (field.name for field in spec.fields):
        return 1
    hands = spec.field("hands")
    return hands.default if isinstance(hands.default, int) and not hands.nullable else None


def hands_config(game: str, hands: int | None) -> dict[str, Any]:
    """The ``hands`` keyword of a game of ``hands`` hands (None: :func:`game_hands`); a game
    of one hand with no such field (the reference games) takes only None or 1, anything
    else is a ValueError.

    >>> hands_config("badugi", 3), hands_config("kuhn", None)
    ({'hands': 3}, {})
    >>> hands_config("leduc", 2)
    Traceback (most recent call last):
    ValueError: Leduc poker plays one hand a game: --hands does not apply
    """
    spec = module_of(game).SPEC
    if "hands" in (field.name for field in spec.fields):
        return {"hands": game_hands(game) if hands is None else hands}
    if hands not in (None, 1):
        raise ValueError(f"{spec.display_name} plays one hand a game: --hands does not apply")
    return {}


def play_config(game: str, players: int | None = None, hands: int | None = None,
                rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The configuration of a game played out one move at a time (``cardcore play``,
    ``cardcore replay``): ``players`` seats (:func:`seats_config`), ``hands`` hands
    (:func:`hands_config`) and the house ``rules``. A game may seat as agents some roles
    that play inside the engine by default (the Bai Buu banker), so that their moves show;
    its declared capabilities (``CAPABILITIES.play_config``) say which.

    >>> play_config("baibuu", 2)
    {'banker': 'agent', 'player_hands': 2, 'hands': 1}
    >>> play_config("kuhn")
    {}
    """
    module = module_of(game)
    return {**module.CAPABILITIES.play_config, **seats_config(game, players),
            **hands_config(game, hands), **(rules or {})}


HINT_SIMULATIONS = 2000
"""The simulations of a ``hint``: a fraction of a second in every game."""


def _move_seed(seed: int, state: Any) -> int:
    """A seed from the game's seed and the move number: the same game, and the same hints,
    every time."""
    return (seed * 1_000_003 + len(state.history())) % 2**64


def hint(state: Any, seed: int = 0) -> str:
    """What the search (:func:`cardcore.search.ismcts`, :data:`HINT_SIMULATIONS`
    simulations, seeded by ``seed`` and the move number) would play at ``state`` for the
    player to move, and why: each move's visits and mean value, in the value's unit. The
    search sees only that player's information: it deals the hidden cards anew in each
    simulation.

    >>> import cardcore as cc
    >>> print(hint(cc.badugi.Game().new_initial_state(seed=1)))
    ... # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    hint: raise (the search's choice in 2,000 simulations; each move's visits and mean
    value in chips)
      * raise  visits ...
    """
    result = ismcts(state, simulations=HINT_SIMULATIONS, seed=_move_seed(seed, state))
    return "\n".join([f"hint: {result.strings[result.action]} (the search's choice in "
                      f"{result.simulations:,} simulations; each move's visits and mean value "
                      f"in {result.unit})", *result.rows()])


def play(game_name: str, players: int | None = None, seed: int = 0, *,
         opponents: object = None, hands: int | None = None, seat: int = 0,
         stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         rules: Mapping[str, Any] | None = None) -> int:
    """Plays one game at ``seat`` against ``opponents`` (a built-in policy name, the
    search: ``"ismcts"``, ``"ismcts:simulations=2000"``, or a
    :class:`cardcore.solve.Strategy` of the game; by default the game's
    :data:`OPPONENTS`), for ``hands`` hands (None: :func:`game_hands`), under the house
    ``rules`` (``Game`` keywords); returns the exit status (0, or 1 when input ran out).
    Everything shown is what ``seat`` may see.

    >>> import io
    >>> out = io.StringIO()
    >>> play("badugi", seed=1, stdin=io.StringIO("fold\\n"), stdout=out)
    0
    >>> "game over: P0 -1, P1 +1" in out.getvalue()
    True
    """
    module = module_of(game_name)
    game_name = module.SPEC.name
    config = play_config(game_name, players, hands, rules)
    opponents = OPPONENTS[game_name] if opponents is None else opponents
    native = policy_text(opponents, module.SPEC)
    if native is None:
        raise ValueError(f"unknown {game_name} policy {shown(opponents)}: expected one of "
                         f"{', '.join(module.SPEC.policies)}, ismcts[:name=value,...], or a "
                         "Strategy")
    label = "strategy" if native.startswith("strategy:") else native
    policy_action = getattr(_core, game_name).policy_action
    game = GAMES[game_name](**config)
    seats = game.num_players
    seat = checked_int(seat, "seat", f"a seat 0 to {seats - 1} ({module.SPEC.display_name} "
                       f"here has {seats})", lambda k: 0 <= k < seats)
    state = game.new_initial_state(seed=seed)
    colour = stdout.isatty()
    describe = module.CAPABILITIES.describe or type(state).observation_string

    def say(text: str) -> None:
        print(_pretty(text, colour), file=stdout)

    say(f"{game_name}: you are seat {seat} against {label} players; type a move, its "
        "number, 'hint', 'help' or 'quit'.")
    shown_hand = -1
    while not state.is_terminal():
        actor = state.current_player()
        if actor != seat:
            action = policy_action(state, native, _move_seed(seed, state))
            # As the user's seat sees it: a discard's cards are face down.
            say(f"P{actor}: {state.action_to_string(action, viewer=seat)}")
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            moves = [state.action_to_string(a) for a in legal]
            # A game may say more of each move than its words (a Bai Buu arrangement's Low
            # and High hands, and whether it fouls).
            note = module.CAPABILITIES.move_note
            notes = [note(state, a) for a in legal] if note else None
            say("\n" + describe(state, seat))
            say(_menu(moves, notes=notes))
            while True:
                print("> ", end="", file=stdout, flush=True)
                line = stdin.readline()
                if not line:
                    say("\n(no more input)")
                    return 1
                text = line.strip()
                if text.lower() in ("quit", "exit"):
                    say("bye")
                    return 0
                if text.lower() in ("help", "?", ""):
                    say(_numbered(moves, notes))
                    continue
                if text.lower() == "hint":
                    say(hint(state, seed))
                    continue
                try:
                    state.apply_action(read_move(state, text))
                    break
                except ValueError as error:
                    say(str(error))
        if any(state.rewards()) and shown_hand != len(state.history()):
            shown_hand = len(state.history())
            results = ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.rewards()))
            totals = ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.returns()))
            say(f"hand over: {results} (so far: {totals})")
    say("\n" + describe(state, seat))
    say("game over: " + ", ".join(f"P{s} {r:+g}" for s, r in enumerate(state.returns())))
    return 0


__dir__ = public_dir(__all__)
