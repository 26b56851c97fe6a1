"""Thread safety: the batch calls, the simulations and separate engine states give the same
results from eight Python threads at once as one after the other, and the tables built on
first use come out right when eight threads race to build them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc

WORKERS = 8
ROUNDS = 3  # each worker repeats its calls, so that the workers overlap for a while


def batch_calls(worker: int) -> list[Callable[[], Any]]:
    """The calls of one worker; every worker has its own inputs (seeds and sizes)."""
    size = 20_000 + 500 * worker
    hands4 = cc.random_hands(size, 4, seed=worker)
    hands2 = cc.random_hands(size, 2, seed=100 + worker)
    deals = cc.random_deals(size, (4, 4), seed=200 + worker)
    banker, player = deals[:, 0].copy(), deals[:, 1].copy()
    # A Low hand per round: the two lowest cards of the player's holding.
    player_low = cc.masks_from_ids(cc.ids_from_masks(player, 4)[:, :2])
    name = list(cc.GAMES)[worker % len(cc.GAMES)]
    return [
        lambda: cc.buh.strength_many(hands4, threads=2),
        lambda: cc.badugi.strength_many(hands4),
        lambda: cc.baibuu.strength_many(hands2, threads=1),
        lambda: cc.baibuu.settle_many(banker, player, threads=2).codes,
        lambda: cc.baibuu.settle_many(banker, player, player_low=player_low).codes,
        lambda: cc.random_hands(size, 5, seed=300 + worker),
        lambda: cc.random_deals(size // 10, (4, 4, 4), seed=400 + worker),
        lambda: cc.ids_from_masks(hands4, 4),
        lambda: cc.simulate(name, 2_000 + worker, seed=worker, threads=2).returns,
        lambda: cc.simulate(cc.hucklebuck.Game(players=3 + worker % 5, hands=None), 200,
                            policies=["rule_based"] + ["random"] * (2 + worker % 5),
                            seed=worker).returns,
        lambda: np.array([cc.baibuu.house_way(int(m)) is None for m in hands4[:200]]),
    ]


def run_together(tasks: list[Callable[[], Any]]) -> list[Any]:
    """Runs each task on its own thread of an 8-thread pool, all starting at once."""
    start = threading.Barrier(len(tasks), timeout=60)

    def after_barrier(task: Callable[[], Any]) -> Any:
        start.wait()
        return task()

    with ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(after_barrier, tasks))


def test_batch_calls_and_simulations_from_eight_threads_equal_the_serial_results() -> None:
    calls = [batch_calls(worker) for worker in range(WORKERS)]
    serial = [[call() for call in worker_calls] for worker_calls in calls]

    def work(worker_calls: list[Callable[[], Any]]) -> list[list[Any]]:
        return [[call() for call in worker_calls] for _ in range(ROUNDS)]

    tasks = [lambda calls_of=worker_calls: work(calls_of) for worker_calls in calls]
    for worker, rounds in enumerate(run_together(tasks)):
        for results in rounds:
            for index, (got, expected) in enumerate(zip(results, serial[worker], strict=True)):
                assert np.array_equal(got, expected), f"worker {worker}, call {index}"


def play(name: str, config: dict[str, Any], seed: int, seeded: bool) -> tuple[Any, ...]:
    """A whole random game on a state of its own: its history, returns and observation."""
    game = cc.GAMES[name](**config)
    state = game.new_initial_state(seed=seed) if seeded else game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        copy = state.clone()  # a clone per step, dropped: clones never share anything
        assert copy.serialize() == state.serialize()
    return (tuple(state.history()), tuple(state.returns()), state.observation_string(0),
            state.serialize())


GAME_CASES = [
    ("badugi", {"hands": 12}),
    ("buh", {"players": 6, "hands": 4}),
    ("baibuu", {"player_hands": 6, "hands": 5}),
    ("hucklebuck", {"players": 5, "hands": None}),
]


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "explicit-chance"])
def test_separate_states_in_separate_threads_play_as_they_do_serially(seeded: bool) -> None:
    # Each worker plays several games of every engine, one state at a time, on its own seeds.
    jobs = [[(name, config, 10 * worker + k) for name, config in GAME_CASES for k in range(2)]
            for worker in range(WORKERS)]
    serial = [[play(name, config, seed, seeded) for name, config, seed in job] for job in jobs]
    tasks = [lambda job=job: [play(name, config, seed, seeded) for name, config, seed in job]
             for job in jobs]
    assert run_together(tasks) == serial


def test_one_game_object_is_shared_by_every_thread() -> None:
    game = cc.buh.Game(players=4)

    def trajectory(seed: int) -> list[int]:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return state.history()

    serial = [trajectory(seed) for seed in range(WORKERS)]
    tasks = [lambda seed=seed: trajectory(seed) for seed in range(WORKERS)]
    assert run_together(tasks) == serial


# Eight threads make the first calls of a fresh interpreter at once, so they race to build
# the tables built on first use: Bai Buu's two-card, holding and settlement tables and its
# optimal-arrangement table (the Buh and Badugi rank tables are built on import, for
# NUM_STRENGTHS). The parent compares what they computed with its own results.
RACE = """
import json, sys, threading
import cardcore as cc
masks = cc.random_hands(3000, 4, seed=5)
pairs = cc.random_hands(3000, 2, seed=7)
deals = cc.random_deals(3000, (4, 4), seed=6)
def index(arrangement):
    return -1 if arrangement is None else arrangement.index
calls = [
    lambda: [index(cc.baibuu.optimal_arrangement(int(m))) for m in masks[:300]],
    lambda: cc.baibuu.settle_many(deals[:, 0], deals[:, 1], threads=1).codes.tolist(),
    lambda: cc.baibuu.strength_many(pairs, threads=1).tolist(),
    lambda: [index(cc.baibuu.house_way(int(m))) for m in masks[:300]],
]
start = threading.Barrier(8)
results = [None] * 8
def run(i):
    start.wait()
    results[i] = calls[i % len(calls)]()
threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
for t in threads: t.start()
for t in threads: t.join()
json.dump(results, sys.stdout)
"""


def test_tables_built_on_first_use_by_racing_threads_are_right() -> None:
    done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    raced = json.loads(done.stdout)
    masks = cc.random_hands(3000, 4, seed=5)
    pairs = cc.random_hands(3000, 2, seed=7)
    deals = cc.random_deals(3000, (4, 4), seed=6)

    def index(arrangement: cc.baibuu.Arrangement | None) -> int:
        return -1 if arrangement is None else arrangement.index

    expected = [
        [index(cc.baibuu.optimal_arrangement(int(m))) for m in masks[:300]],
        cc.baibuu.settle_many(deals[:, 0], deals[:, 1]).codes.tolist(),
        cc.baibuu.strength_many(pairs).tolist(),
        [index(cc.baibuu.house_way(int(m))) for m in masks[:300]],
    ]
    assert raced == [expected[i % len(expected)] for i in range(WORKERS)]
