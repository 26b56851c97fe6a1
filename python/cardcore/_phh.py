"""PHH hand histories (``docs/views.md``, "PHH hand histories"): the writing and reading
that Badugi and Buh share. Each game's module keeps its own facts (its variant, who its
players are, its fields, its own actions) in a :class:`PhhRules` and passes it here.

Both games number their actions alike: fold 0, check 1, call 2, bet 3, raise 4 and 5 + m
for a draw, bit i of m throwing the i-th lowest card (by id) of the hand.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardcore._checks import quote_input, shown
from cardcore.cards import Card

FOLD, CHECK, CALL, BET, RAISE, DRAW = range(6)


@dataclass(frozen=True)
class PhhRules:
    """What one game's PHH hands need that the other's do not."""

    variant: str
    title: str
    """The game as a message names it: ``"fixed-limit Badugi"``."""
    game: Callable[..., Any]
    players: Callable[[Any], list[int]]
    """The seats of p1, p2, ... at the start of a hand (its state)."""
    recipient: Callable[[Any], int | None]
    """The seat the card of a chance node goes to, or None for a burn."""
    contenders: Callable[[Any], list[int]]
    """The seats that would show their hands were the hand shown down now."""
    fields: Callable[[dict[str, Any], int], dict[str, object]]
    """The standard fields besides ``variant``, ``starting_stacks`` and ``actions``, from the
    configuration and the number of players."""
    private: Callable[[dict[str, Any], list[str]], dict[str, object]]
    """The fields of the game's own (underscore-prefixed), from the configuration and the
    burned cards."""
    read_game: Callable[[dict[str, Any], list[int]], tuple[Any, list[int]]]
    """The one-hand ``Game`` of a PHH (its fields, the starting stacks of p1, p2, ...) and
    the seats of p1, p2, ... in it."""
    own_words: Callable[[Any, int], str | None] = lambda state, action: None
    """The words of an action that is the game's own (not betting or a draw), else None."""
    own_move: Callable[[Any, str, list[str]], int | None] = lambda state, where, words: None
    """The action id of a PHH action where the game's own actions are played, else None."""
    unshown: frozenset[int] = frozenset()
    """The actions that end a hand without a showdown besides a fold."""
    replace_in_turn: bool = False
    """Whether a draw's replacements are written before the next seat draws (Buh's deal)
    rather than once every seat has drawn (PHH's draw, which PokerKit's Badugi plays)."""


def cards_text(ids: Sequence[int]) -> str:
    """Card ids as PHH writes cards: ``"As7h"``."""
    return "".join(str(Card.from_id(card)) for card in ids)


def _toml(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    return f'"{value}"' if isinstance(value, str) else str(value)


def _hand(state: Any, rules: PhhRules, hand: int | None) -> tuple[Any, list[int]]:
    """A state at the start of hand number ``hand`` of ``state`` (None: the hand in play, or
    the last one once the game is over) and that hand's actions."""
    replay = rules.game(**state.config).new_initial_state()
    history = state.history()
    starts = {1: (replay.clone(), 0)}
    for i, action in enumerate(history):
        number = replay.hand_number
        replay.apply_action(action)
        if replay.hand_number != number:
            starts[replay.hand_number] = (replay.clone(), i + 1)
    number = replay.hand_number if hand is None else hand
    if isinstance(number, bool) or not isinstance(number, int) or number not in starts:
        raise ValueError(f"hand must be the number of a hand played so far, 1 to "
                         f"{replay.hand_number}, got {shown(hand)}")
    start, first = starts[number]
    end = starts[number + 1][1] if number + 1 in starts else len(history)
    return start, history[first:end]


def write(state: Any, rules: PhhRules, hand: int | None) -> str:
    """The PHH text of hand ``hand`` of ``state`` (the game modules' ``to_phh``)."""
    from cardcore._registry import module_of_state  # here: the registry imports the games

    module = module_of_state(state, "to_phh")
    if module.Game is not rules.game:
        raise ValueError(f"to_phh writes {rules.title}: it needs a state of that game, got a "
                         f"state of {module.SPEC.display_name}")
    walker, steps = _hand(state, rules, hand)
    config = walker.config
    players = rules.players(walker)
    name = {seat: f"p{i + 1}" for i, seat in enumerate(players)}
    start = [walker.stacks[seat] + walker.bets[seat] for seat in players]
    number = walker.hand_number
    actions: list[str] = []
    burns: list[str] = []
    pending: dict[int, list[int]] = {seat: [] for seat in players}

    def deal_pending() -> None:
        for seat in players:
            if pending[seat]:
                actions.append(f"d dh {name[seat]} {cards_text(pending[seat])}")
                pending[seat] = []

    shows: list[int] = []
    holding: dict[int, set[int]] = {seat: set() for seat in players}
    for action in steps:
        if walker.is_chance_node():
            seat = rules.recipient(walker)
            if seat is None:
                deal_pending()
                burns.append(str(Card.from_id(action)))
            else:
                pending[seat].append(action)
                holding[seat].add(action)
            walker.apply_action(action)
            continue
        if action < DRAW or rules.replace_in_turn:
            deal_pending()
        seat = walker.to_act
        shows = [] if action in rules.unshown else [
            s for s in rules.contenders(walker) if not (action == FOLD and s == seat)]
        words = rules.own_words(walker, action)
        if words is None and action >= DRAW:
            thrown = [card for i, card in enumerate(sorted(walker.hands[seat].ids()))
                      if (action - DRAW) >> i & 1]
            holding[seat].difference_update(thrown)
            words = f"sd {cards_text(thrown)}".rstrip()
        walker.apply_action(action)
        if words is None:
            verb = {FOLD: "f", CHECK: "cc", CALL: "cc"}.get(action, "cbr")
            words = f"cbr {walker.bets[seat]}" if verb == "cbr" else verb
        actions.append(f"{name[seat]} {words}")
    deal_pending()
    over = walker.is_terminal() or walker.hand_number != number
    if over and len(shows) > 1:
        actions += [f"{name[seat]} sm {cards_text(sorted(holding[seat]))}" for seat in players
                    if seat in shows]
    fields: dict[str, object] = {"variant": rules.variant,
                                 **rules.fields(config, len(players)),
                                 "starting_stacks": start}
    lines = [f"{key} = {_toml(value)}" for key, value in fields.items()]
    lines += ["actions = [", *(f'  "{action}",' for action in actions), "]",
              f"hand = {number}", f"seats = {_toml([seat + 1 for seat in players])}"]
    if over:
        # A next hand's forced bets are its bets: stacks and bets are what this hand left.
        finish = [walker.stacks[seat] + walker.bets[seat] for seat in players]
        lines.append(f"finishing_stacks = {_toml(finish)}")
    lines += [f"{key} = {_toml(value)}" for key, value in rules.private(config, burns).items()]
    return "\n".join(lines)


def _load_toml(text: str) -> dict[str, Any]:
    """The TOML document ``text`` (tomllib, or its backport tomli, a dependency on Python 3.10)."""
    toml = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    try:
        document: dict[str, Any] = toml.loads(text)
    except ValueError as error:  # TOMLDecodeError
        raise ValueError(f"not a PHH hand history ({error}): {quote_input(text)}") from None
    return document


def field(phh: dict[str, Any], name: str, kind: type, size: int | None = None) -> Any:
    """A field of the PHH, checked: one ``kind`` (``size`` None), or a list of ``size`` of
    them (0: of any length)."""
    if name not in phh:
        raise ValueError(f"the PHH hand history has no {name!r} field")
    value = phh[name]
    items = value if isinstance(value, list) else [value]
    ok = (isinstance(value, list) == (size is not None) and (size in (None, 0, len(items)))
          and all(isinstance(item, kind) and (kind is bool or not isinstance(item, bool))
                  for item in items))
    if not ok:
        article = "an" if kind.__name__[0] in "aeiou" else "a"
        expected = (f"a list of {size or ''} {kind.__name__}s".replace("  ", " ")
                    if size is not None else f"{article} {kind.__name__}")
        raise ValueError(f"the PHH field {name!r} must be {expected}, got {shown(value)}")
    return value


def parse_cards(text: str, where: str) -> list[int]:
    """The card ids of PHH card text (``"As7h"``); an unknown card (``??``) is refused, as
    the engine needs every card."""
    if len(text) % 2 or "?" in text:
        raise ValueError(f"{where}: cardcore needs every card known, got {quote_input(text)}")
    try:
        return [Card(text[i:i + 2]).id for i in range(0, len(text), 2)]
    except ValueError:
        raise ValueError(f"{where}: not cards: {quote_input(text)}") from None


def table_seats(phh: dict[str, Any], count: int) -> list[int]:
    """The seats at our table (0 to ``count - 1``) of p1, p2, ...: the PHH's ``seats`` in
    their order (any distinct numbers, a hand of a larger table keeping its players' order),
    else p1 at seat 0, p2 at seat 1..."""
    if "seats" not in phh:
        return list(range(count))
    numbers = field(phh, "seats", int, count)
    if len(set(numbers)) != count:
        raise ValueError(f"the PHH field 'seats' must number each player once, "
                         f"got {shown(numbers)}")
    return [sorted(numbers).index(number) for number in numbers]


def read(text: str, rules: PhhRules) -> Any:
    """The state a PHH hand history describes (the game modules' ``from_phh``)."""
    if not isinstance(text, str):
        raise ValueError(f"a PHH hand history is TOML text, got {shown(text)}")
    phh = _load_toml(text)
    variant = phh.get("variant")
    if variant != rules.variant:
        raise ValueError(f"the PHH variant is {shown(variant)}: cardcore reads {rules.title}, "
                         f"{rules.variant!r}")
    try:
        game, players = rules.read_game(phh, field(phh, "starting_stacks", int, 0))
    except ValueError as error:
        raise ValueError(f"the PHH's game: {error}") from None
    deals: dict[int, list[int]] = {seat: [] for seat in players}
    moves: list[tuple[str, int, list[str]]] = []  # (the action as quoted, seat, words)
    names = [f"p{i + 1}" for i in range(len(players))]
    for index, raw in enumerate(field(phh, "actions", str, 0)):
        words = raw.split("#", 1)[0].split()
        where = f"PHH action {index} ({quote_input(raw)})"
        if not words:
            continue
        actor = words[2] if words[:2] == ["d", "dh"] and len(words) == 4 else words[0]
        if actor not in names:
            raise ValueError(f"{where}: expected {' or '.join(names)} to act or be dealt to"
                             if len(names) == 2 else
                             f"{where}: expected p1 to p{len(names)} to act or be dealt to")
        seat = players[names.index(actor)]
        if words[:2] == ["d", "dh"]:
            deals[seat] += parse_cards(words[3], where)
        else:
            moves.append((where, seat, words[1:]))
    dealt = [card for seat in players for card in deals[seat]]
    burns = [c for text in (field(phh, "_burn_cards", str, 0) if "_burn_cards" in phh
                            else []) for c in parse_cards(text, "PHH field '_burn_cards'")]
    for card in dealt + burns:
        if (dealt + burns).count(card) > 1:
            raise ValueError(f"the PHH deals {Card.from_id(card)} twice")
    spare = [c for c in range(52) if c not in dealt + burns]
    state = game.new_initial_state()
    shows: list[tuple[str, int, list[str]]] = []

    def player(seat: int) -> str:
        return names[players.index(seat)]

    while not state.is_terminal():
        if state.is_chance_node():
            to = rules.recipient(state)
            queue = deals[to] if to is not None else burns if "_burn_cards" in phh else (
                spare if moves or any(deals.values()) else [])  # burn a spare to go on
            if not queue:
                break
            state.apply_action(queue.pop(0))
            continue
        while moves and moves[0][2][:1] == ["sm"] and rules.own_move(
                state, moves[0][0], moves[0][2]) is None:
            shows.append(moves.pop(0))
        if not moves:
            break
        where, seat, words = moves.pop(0)
        if seat != state.to_act:
            raise ValueError(f"{where}: {player(state.to_act)} is to act")
        action = rules.own_move(state, where, words)
        if action is None:
            action = _shared_move(state, where, words)
        elif words[0] == "sm":  # a show that is a move (a declaration) shows the hand held
            _check_shown(state, where, player(seat), seat, words)
        why = state.why_illegal(action)
        if why is not None:
            raise ValueError(f"{where} is illegal: {why}")
        state.apply_action(action)
        if words[0] == "cbr" and state.bets[seat] != int(words[1]):
            raise ValueError(f"{where}: a bet or raise here makes {state.bets[seat]}")
    shows += [move for move in moves if move[2][:1] == ["sm"]]
    left = [where for where, _, words in moves if words[:1] != ["sm"]] + [
        f"{player(seat)}'s {len(deals[seat])} cards dealt" for seat in players if deals[seat]]
    if left:
        raise ValueError(f"the hand ends before {left[0]}")
    for where, seat, words in shows:
        _check_shown(state, where, player(seat), seat, words)
    if "finishing_stacks" in phh and state.is_terminal():
        finish = [state.stacks[seat] for seat in players]
        if field(phh, "finishing_stacks", int, len(players)) != finish:
            raise ValueError(f"the hand finishes with stacks {finish}, the PHH says "
                             f"{shown(phh['finishing_stacks'])}")
    return state


def _check_shown(state: Any, where: str, name: str, seat: int, words: list[str]) -> None:
    """Refuses a PHH ``sm <cards>`` whose cards are not the hand ``seat`` holds."""
    if words[1:] not in ([], ["-"]) and sorted(parse_cards(words[1], where)) != sorted(
            state.hands[seat].ids()):
        raise ValueError(f"{where}: {name} holds {state.hands[seat]}")


def draw_action(state: Any, where: str, words: list[str]) -> int:
    """The draw action of a PHH ``sd [cards]`` at ``state``."""
    hand = sorted(state.hands[state.to_act].ids())
    thrown = parse_cards(words[1], where) if len(words) == 2 else []
    if any(card not in hand for card in thrown):
        raise ValueError(f"{where}: the hand to draw is {state.hands[state.to_act]}")
    return DRAW + sum(1 << hand.index(card) for card in set(thrown))


def _shared_move(state: Any, where: str, words: list[str]) -> int:
    """The action id of a PHH player action (``f``, ``cc``, ``cbr <amount>``, ``sd
    [cards]``) at ``state``."""
    legal = state.legal_actions()
    verb = words[0]
    if verb == "f" and len(words) == 1:
        return FOLD
    if verb == "cc" and len(words) == 1:
        return CHECK if CHECK in legal else CALL
    if verb == "cbr" and len(words) == 2 and words[1].isdigit():
        return BET if BET in legal else RAISE
    if verb == "sd" and len(words) <= 2:
        return draw_action(state, where, words)
    raise ValueError(f"{where}: expected f, cc, cbr <amount>, sd [cards] or sm [cards]")
