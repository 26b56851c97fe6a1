"""Random games per second through PettingZoo's AEC loop: every cardcore game next to
PettingZoo's own ``texas_holdem_v4`` (RLCard's limit hold'em), measured in the same run.

    python bench/adapters_pettingzoo.py [--games 2000] [--repeats 3]

Each rate is the best of ``--repeats`` runs of ``--games`` episodes after a warmup run, with
the loop of ``examples/pettingzoo_random.py`` (every agent picks uniformly among the legal
actions of its action mask); both sides are wrapped the same way by PettingZoo's wrappers.
The ``engine`` column plays the same configurations straight through the engine protocol
(``workloads._play``), and ``raw_env`` the adapter without PettingZoo's wrappers: the gaps
show what the wrappers and the adapter cost. Needs the rl extra, and rlcard
and pygame for the baseline (``pip install rlcard pygame``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from workloads import _play, format_rate

import cardcore as cc
from cardcore.adapters import pettingzoo as cz

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from pettingzoo_random import play  # the example's loop is the one measured

# The configurations of the engine rows of report.py.
CONFIGS: dict[str, dict[str, Any]] = {
    "badugi": {},
    "buh": {"players": 6},
    "baibuu": {"player_hands": 6},
    "hucklebuck": {"players": 5},
}


def best_rate(run: Callable[[], object], games: int, repeats: int) -> float:
    """Games per second of the fastest of ``repeats`` runs after one warmup run."""
    run()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return games / min(times)


def texas_holdem() -> Any:
    try:
        from pettingzoo import make
        return make("aec", "classic/texas_holdem-v4")
    except ImportError as error:  # rlcard or pygame missing
        sys.exit(f"the texas_holdem_v4 baseline needs rlcard and pygame: {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Random games per second through PettingZoo.")
    parser.add_argument("--games", type=int, default=2000, help="episodes per timed run")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per figure")
    args = parser.parse_args()

    baseline_env = texas_holdem()
    baseline = best_rate(partial(play, baseline_env, args.games, 0), args.games, args.repeats)
    table = [("env", "AEC loop", "vs texas_holdem_v4", "raw_env", "engine")]
    for name, config in CONFIGS.items():
        envs = (cz.env(name, **config), cz.raw_env(name, **config))
        wrapped, raw = (best_rate(partial(play, env, args.games, 0), args.games, args.repeats)
                        for env in envs)
        game = cc.GAMES[name](**config)
        engine = best_rate(partial(_play, game, range(args.games)), args.games, args.repeats)
        label = name + "".join(f" {k}={v}" for k, v in config.items())
        table.append((label, format_rate(wrapped, "games"), f"{wrapped / baseline:.2f}x",
                      format_rate(raw, "games"), format_rate(engine, "games")))
    table.append(("texas_holdem_v4 (baseline)", format_rate(baseline, "games"), "1.00x", "", ""))

    print(f"cardcore {cc.__version__}: {args.games:,} random games per run, best of "
          f"{args.repeats} after a warmup, single thread\n")
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        cells = (c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                 enumerate(zip(row, widths, strict=True)))
        print("  ".join(cells).rstrip())


if __name__ == "__main__":
    main()
