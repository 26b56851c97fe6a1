#!/usr/bin/env python3
"""Fuzzes the engines with action sequences: mostly legal moves (to get deep into games),
mixed with out-of-range and illegal ids, action strings, named verbs with arbitrary
arguments, observations of any seat and resampling. An illegal action must raise
ValueError (TypeError for an id that is not a C int) and leave the state unchanged."""

from __future__ import annotations

from typing import Any

import atheris
from _common import GAMES, attempt, check_round_trip, main

INT32 = range(-(2**31), 2**31)

# The named verbs of each game's State (docs/design.md): the public callables that not every
# State has. Those in VERBS_WITH_CARDS take one card-like argument, the others none.
STATE_TYPES = {type(game.new_initial_state()) for game in GAMES}
PROTOCOL = set.intersection(*(set(dir(t)) for t in STATE_TYPES))
VERBS = {
    t: sorted(n for n in set(dir(t)) - PROTOCOL if n[0] != "_" and callable(getattr(t, n)))
    for t in STATE_TYPES
}
VERBS_WITH_CARDS = {"discard", "arrange", "exchange", "play"}


def arbitrary_action(fdp: atheris.FuzzedDataProvider, game: Any) -> int:
    if fdp.ConsumeBool():
        return fdp.ConsumeIntInRange(-3, game.num_distinct_actions + 3)
    return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 9))  # any width up to 72 bits


def card_argument(fdp: atheris.FuzzedDataProvider, state: Any) -> Any:
    """Cards of the state's hands (the likely right ones), or junk."""
    choice = fdp.ConsumeIntInRange(0, 3)
    if choice == 0:
        return fdp.ConsumeUnicodeNoSurrogates(8)
    if choice == 1:
        return fdp.ConsumeInt(8)
    hand = list(state.hands[fdp.ConsumeIntInRange(0, len(state.hands) - 1)])
    picked = [card for card in hand if fdp.ConsumeBool()]
    return picked[0] if choice == 2 and picked else picked


def check_rejected(state: Any, call: Any, *args: Any, legal: bool | None = None) -> bool:
    """Runs a state-changing call; a rejected one must have left the state as it was.
    ``legal`` is whether it must succeed (True), must fail (False) or either (None)."""
    before = state.serialize()
    ok, error = attempt(call, *args)
    if legal is not None:
        assert ok == legal, (call.__name__, args, before, error)
    if not ok:
        assert state.serialize() == before, (call.__name__, args, before)
    return ok


def step(fdp: atheris.FuzzedDataProvider, game: Any, state: Any) -> None:
    """One fuzzed operation on a live state."""
    operation = fdp.ConsumeIntInRange(0, 9)
    legal = state.legal_actions()
    if operation <= 4:  # a legal move, so that games get deep
        state.apply_action(legal[fdp.ConsumeIntInRange(0, len(legal) - 1)])
    elif operation == 5:
        action = arbitrary_action(fdp, game)
        before = state.serialize()
        ok, error = attempt(state.apply_action, action)
        assert ok == (action in legal), (action, before, error)
        if not ok:
            assert isinstance(error, ValueError) or action not in INT32, (action, error)
            assert state.serialize() == before, (action, before)
    elif operation == 6:  # action strings both ways
        action = arbitrary_action(fdp, game)
        ok, text = attempt(state.action_to_string, action)
        if ok and action in legal:
            assert state.string_to_action(text) == action, (action, text, state.serialize())
        junk = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 20))
        ok, action = attempt(state.string_to_action, junk)
        if ok:
            check_rejected(state, state.apply_action, action, legal=action in legal)
    elif operation == 7 and VERBS[type(state)]:  # a named verb with an arbitrary argument
        names = VERBS[type(state)]  # (the reference games have none)
        name = names[fdp.ConsumeIntInRange(0, len(names) - 1)]
        args = (card_argument(fdp, state),) if name in VERBS_WITH_CARDS else ()
        check_rejected(state, getattr(state, name), *args)
    elif operation == 8:  # what a seat (or a non-seat) sees
        player = fdp.ConsumeIntInRange(-2, game.num_players + 1)
        for view in (
            state.observation_string,
            state.observation_tensor,
            state.information_state_string,
            state.information_state_tensor,
        ):
            ok, _ = attempt(view, player)
            assert ok == (0 <= player < game.num_players), (view.__name__, player)
    else:
        player = fdp.ConsumeIntInRange(-1, game.num_players)
        ok, other = attempt(state.resample_from_infostate, player, fdp.ConsumeInt(8))
        if ok:
            assert other.information_state_string(player) == state.information_state_string(player)
            check_round_trip(game, other)


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
    state = (
        game.new_initial_state(seed=fdp.ConsumeIntInRange(0, 2**64 - 1))
        if fdp.ConsumeBool()
        else game.new_initial_state()
    )
    while not state.is_terminal() and fdp.remaining_bytes():
        step(fdp, game, state)
    check_round_trip(game, state)
    # At the end every action is illegal.
    if state.is_terminal():
        check_rejected(state, state.apply_action, 0, legal=False)


if __name__ == "__main__":
    main(test_one_input)
