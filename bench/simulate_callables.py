"""Games per second of ``cc.simulate`` with built-in players only (C++, one thread) and with
a Python callable at seat 0 (the same games, the callable asked at each of its decisions),
handed the state (``policy_input="state"``) or, as by default, an Observation of its seat.

    python bench/simulate_callables.py [--games 20000] [--repeats 3]

The callable is the cheapest a user can write, the first legal action
(``legal_actions()[0]``), so the figure is the cost of calling Python at each decision:
a copy of the state and a Python call, and for an Observation the resampled state it is
built from. Each figure is the best of ``--repeats`` runs after a warmup run, on one thread.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from workloads import format_rate

import cardcore as cc
from cardcore.simulation import POLICIES


def first_legal(state: Any) -> int:
    """The first legal action: the cheapest policy a callable can be."""
    return int(state.legal_actions()[0])


def best_rate(run: Callable[[], object], games: int, repeats: int) -> float:
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return games / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"cardcore {cc.__version__}, Python {platform.python_version()}, one thread, "
          f"{args.games:,} games, best of {args.repeats}")
    print(f"{'game':<12} {'built-in':>16} {'state':>16} {'slower':>7} {'observation':>16} "
          f"{'slower':>7}")
    for name, factory in cc.GAMES.items():
        game = factory()
        builtin = [POLICIES[name][0]] * game.acting_players
        with_callable: list[Any] = [first_legal, *builtin[1:]]
        native = best_rate(partial(cc.simulate, game, args.games, policies=builtin, threads=1),
                           args.games, args.repeats)
        line = f"{name:<12} {format_rate(native, 'games'):>16}"
        for policy_input in ("state", "observation"):
            called = best_rate(partial(cc.simulate, game, args.games, policies=with_callable,
                                       policy_input=policy_input), args.games, args.repeats)
            line += f" {format_rate(called, 'games'):>16} {native / called:>6.1f}x"
        print(line)


if __name__ == "__main__":
    main()
