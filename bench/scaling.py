"""How cc.simulate scales out: one thread, two threads, a two-process pool and a two-worker
Dask LocalCluster, on the same simulation, with the results checked equal bit for bit.

    python bench/scaling.py                    # 10,000,000 Badugi hands (a few minutes)
    python bench/scaling.py --hands 2000000 --game buh --players 6

Each row is the best of ``--repeats`` runs. The cluster and the pool are started before the
clock starts (their start-up is a one-off cost); their first run, which imports cardcore in
every worker, is a warm-up that is not timed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import cardcore as cc
from cardcore.simulation import CHUNK


def best_time(run: Callable[[], cc.SimulationResult], repeats: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="badugi", choices=sorted(cc.GAMES))
    parser.add_argument("--players", type=int, help="players (Bai Buu: player hands)")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    config = {} if args.players is None else {
        "player_hands" if args.game == "baibuu" else "players": args.players}
    game = cc.GAMES[args.game](**config)
    n = args.hands

    def local(threads: int) -> Callable[[], cc.SimulationResult]:
        return lambda: cc.simulate(game, n, seed=1, threads=threads)

    rows = [("1 thread", *best_time(local(1), args.repeats)),
            ("2 threads", *best_time(local(2), args.repeats))]
    with ProcessPoolExecutor(max_workers=2) as pool:
        cc.simulate(game, 2 * CHUNK, seed=1, executor=pool)  # warm-up
        rows.append(("ProcessPoolExecutor, 2 processes", *best_time(
            lambda: cc.simulate(game, n, seed=1, executor=pool), args.repeats)))
    try:
        import distributed
    except ImportError:
        print("(dask is not installed: pip install 'cardcore[dask]')")
    else:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            executor = client.get_executor()
            cc.simulate(game, 200_000, seed=1, executor=executor)  # warm-up
            rows.append(("Dask LocalCluster, 2 workers", *best_time(
                lambda: cc.simulate(game, n, seed=1, executor=executor), args.repeats)))
    reference = rows[0][2]
    two_threads = rows[1][1]
    print(f"cc.simulate {args.game} ({game.num_players} seats), {n:,} games, best of "
          f"{args.repeats}")
    for what, seconds, result in rows:
        same = np.array_equal(result.returns, reference.returns) and \
            result.counts == reference.counts
        print(f"{what:<34} {seconds:7.2f} s {n / seconds / 1e6:7.3f} M games/s  "
              f"{two_threads / seconds:5.2f}x of 2 threads  {'same bits' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
