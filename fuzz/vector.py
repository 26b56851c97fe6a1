#!/usr/bin/env python3
"""Fuzzes the vector environments and the search with random calls in random orders: resets,
steps with mostly legal actions mixed with junk ids, dtypes and shapes, asynchronous steps
of the whole env and of parts (overlapping ones too) collected in any order and from two
threads at once, env states, and short searches of them with arbitrary options. Beyond the
exception contract (_common.py): a refused step changes no env, and a part or env whose
step is in flight refuses what the documentation says it refuses."""

from __future__ import annotations

import threading
from typing import Any

import atheris
import numpy as np
from _common import CASES, GAMES, attempt, main

import cardcore as cc


def actions_for(fdp: atheris.FuzzedDataProvider, legal_mask: Any) -> Any:
    """Mostly a legal action per row (junk for a finished env); now and then junk ids, a
    wrong dtype, a wrong shape or a plain list."""
    rows = len(legal_mask)
    kind = fdp.ConsumeIntInRange(0, 9)
    legal = [np.flatnonzero(row) for row in legal_mask]
    chosen = np.array([ids[fdp.ConsumeIntInRange(0, len(ids) - 1)] if len(ids) else
                       fdp.ConsumeIntInRange(-5, 300) for ids in legal], np.int64)
    if kind == 6 and rows:
        chosen[fdp.ConsumeIntInRange(0, rows - 1)] = fdp.ConsumeInt(8)
    elif kind == 7:
        dtypes = [np.uint64, np.int8, np.float64, np.bool_]
        return chosen.astype(dtypes[fdp.ConsumeIntInRange(0, 3)])
    elif kind == 8:
        return chosen[: fdp.ConsumeIntInRange(0, rows + 2)]
    elif kind == 9:
        return chosen.tolist()
    return chosen


def states(env: cc.VectorEnv) -> list[str] | None:
    """Every env's serialized state, or None while a step is in flight (state() refuses)."""
    ok, first = attempt(env.state, 0)
    if not ok:
        return None
    return [first.serialize()] + [env.state(i).serialize() for i in range(1, env.num_envs)]


def refused_changes_nothing(env: cc.VectorEnv, call: Any, *args: Any) -> bool:
    """Runs a step call; a refused one must have changed no env."""
    before = states(env)
    ok, _ = attempt(call, *args)
    if not ok and before is not None:
        assert states(env) == before, call
    return ok


def wait_from_two_threads(wait: Any) -> None:
    """Two threads collect one step: one of them does, the other is refused."""
    outcomes: list[bool] = []

    def collect() -> None:
        outcomes.append(attempt(wait)[0])

    threads = [threading.Thread(target=collect) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count(True) <= 1, outcomes


def search(fdp: atheris.FuzzedDataProvider, state: Any) -> None:
    options: dict[str, Any] = {
        "simulations": fdp.ConsumeIntInRange(-2, 40),
        "threads": fdp.ConsumeIntInRange(0, 3),
        "seed": fdp.ConsumeInt(8),
    }
    if fdp.ConsumeBool():
        options["uct_c"] = fdp.ConsumeRegularFloat()
    if fdp.ConsumeBool():
        options["memory_limit"] = fdp.ConsumeInt(5)
    if fdp.ConsumeBool():
        options["horizon"] = ["game", "hand", "never"][fdp.ConsumeIntInRange(0, 2)]
    ok, result = attempt(cc.search.ismcts, state, **options)
    if ok:
        assert result.action in state.legal_actions()
        assert sum(result.visits.values()) == options["simulations"]


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    index = fdp.ConsumeIntInRange(0, len(GAMES) - 1)
    game = GAMES[index]
    seat = fdp.ConsumeIntInRange(-1, game.acting_players - 1)
    ok, env = attempt(cc.VectorEnv, game, fdp.ConsumeIntInRange(1, 6),
                      seat=None if seat < 0 else seat, seed=fdp.ConsumeIntInRange(0, 2**64 - 1),
                      threads=fdp.ConsumeIntInRange(1, 3),
                      rotate_dealer=fdp.ConsumeBool())
    assert ok, (CASES[index], env)
    step = env.reset()
    parts: list[Any] = []
    for _ in range(fdp.ConsumeIntInRange(1, 40)):
        if not fdp.remaining_bytes():
            break
        operation = fdp.ConsumeIntInRange(0, 9)
        if operation <= 3:
            if refused_changes_nothing(env, env.step, actions_for(fdp, step.legal_mask)):
                step = env._step  # the arrays every step rewrites
        elif operation == 4:
            refused_changes_nothing(env, env.step_async, actions_for(fdp, step.legal_mask))
            if fdp.ConsumeBool():
                wait_from_two_threads(env.step_wait)
            else:
                attempt(env.step_wait)
        elif operation == 5:
            ok, made = attempt(env.split, fdp.ConsumeIntInRange(0, env.num_envs + 1))
            if ok:
                parts += made
        elif operation == 6 and parts:
            part = parts[fdp.ConsumeIntInRange(0, len(parts) - 1)]
            refused_changes_nothing(env, part.step_async, actions_for(fdp, part.rows.legal_mask))
        elif operation == 7 and parts:
            part = parts[fdp.ConsumeIntInRange(0, len(parts) - 1)]
            if fdp.ConsumeBool():
                wait_from_two_threads(part.step_wait)
            else:
                attempt(part.step_wait)
        elif operation == 8:
            attempt(env.reset, fdp.ConsumeInt(9) if fdp.ConsumeBool() else None)
        else:
            ok, state = attempt(env.state, fdp.ConsumeIntInRange(-1, env.num_envs))
            if ok and state.current_player() >= 0:
                search(fdp, state)
    for part in parts:  # collect what is in flight, then the env is free again
        attempt(part.step_wait)
    attempt(env.step_wait)
    ok, _ = attempt(env.state, 0)
    assert ok


if __name__ == "__main__":
    main(test_one_input)
