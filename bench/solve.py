"""The solver's speed on Leduc poker next to its peers, measured in the same run.

    python bench/solve.py [--seconds 2] [--no-peers]

cardcore's figures come from the native benchmark ``bench_solve`` (bench/solve_native.cpp,
built here into ``build/cpptests``, and rebuilt when its sources change). The peers run in
virtualenvs this script creates under ``build/bench-peers`` (never in cardcore's own
environment):

- OpenSpiel's C++ ``CFRPlusSolver`` on ``leduc_poker`` through pyspiel (``open_spiel``);
- LiteEFG's CFR+ baseline (``pip install liteefg``) on OpenSpiel's ``leduc_poker`` through its
  ``OpenSpielEnv``, the loop of its own ``train``: ``update_graph`` then ``update_strategy``.

MCCFR (``cardcore.solve.mccfr``, linear, external sampling) is measured through Python on
one and two threads for the same seconds each, with the exploitability it reaches.

Every rate is iterations per second of wall-clock time and per second of the process's CPU
time; a busy machine lowers the first and hardly the second, so the ratios are given on
both. The targets (docs/solve.md, "Speed") are checked on the CPU-time ratios.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "cpptests"
PEERS = ROOT / "build" / "bench-peers"

# Each peer: its packages, and a program that prints {"per_second", "per_cpu_second"} after
# iterating for argv[1] seconds.
TIMING = """
import json, sys, time
def measure(step):
    step()  # warmup
    wall, cpu, n = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - wall < float(sys.argv[1]):
        step()
        n += 1
    print(json.dumps({"per_second": n / (time.perf_counter() - wall),
                      "per_cpu_second": n / (time.process_time() - cpu)}))
"""
PEER_PROGRAMS = {
    "OpenSpiel CFRPlusSolver (C++)": (
        ["open_spiel"],
        TIMING
        + """
import pyspiel
solver = pyspiel.CFRPlusSolver(pyspiel.load_game("leduc_poker"))
measure(solver.evaluate_and_update_policy)
""",
    ),
    "LiteEFG CFR+": (
        ["liteefg", "open_spiel"],
        TIMING
        + """
import contextlib, io
import pyspiel, LiteEFG as leg
from LiteEFG.baselines.CFRplus import graph
with contextlib.redirect_stdout(io.StringIO()):  # its banners
    g = graph()
    game = pyspiel.load_game("leduc_poker")
    env = leg.OpenSpielEnv(game, traverse_type="Enumerate", regenerate=False)
    env.set_graph(g)
def step():
    g.update_graph(env)
    env.update_strategy(g.current_strategy(), update_best=False)
measure(step)
""",
    ),
}
# The targets on cardcore's one-thread CFR+ rate: this many times each peer's.
TARGETS = {"OpenSpiel CFRPlusSolver (C++)": 200, "LiteEFG CFR+": 20}


def native(*args: str) -> dict[str, Any]:
    """bench_solve's JSON output for ``args``, configured when missing and built (or brought up
    to date with the sources) first."""
    binary = BUILD / "bench_solve"
    quiet: dict[str, Any] = {"check": True, "stdout": subprocess.DEVNULL}
    if not (BUILD / "CMakeCache.txt").exists():
        configure = ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DCARDCORE_BUILD_TESTS=ON"]
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(BUILD), *configure], **quiet)
    subprocess.run(["cmake", "--build", str(BUILD), "--target", "bench_solve"], **quiet)
    run = subprocess.run([str(binary), *args], check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def peer(name: str, seconds: float) -> dict[str, float]:
    """A peer's rate, from its own virtualenv (created and filled the first time)."""
    packages, program = PEER_PROGRAMS[name]
    home = PEERS / "-".join(packages)
    python = home / "bin" / "python"
    if not python.exists():
        print(f"creating {home} with {' '.join(packages)} ...", file=sys.stderr)
        venv.create(home, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *packages], check=True)
    out = subprocess.run(
        [str(python), "-c", program, str(seconds)], check=True, capture_output=True, text=True
    )
    rate: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return rate


def mccfr_rows(seconds: float) -> list[list[str]]:
    """MCCFR on Leduc for ``seconds`` on 1 and 2 threads: rates, sets, exploitability."""
    import time

    import cardcore as cc

    rows = [["MCCFR (Leduc, linear)", "it/s", "it/CPU-s", "information sets", "exploitability"]]
    for threads in (1, 2):
        wall, cpu = time.perf_counter(), time.process_time()
        solution = cc.solve.mccfr("leduc", seconds=seconds, threads=threads)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rows.append(
            [
                f"{threads} thread{'s' if threads > 1 else ''}",
                f"{solution.iterations / wall:,.0f}",
                f"{solution.iterations / cpu:,.0f}",
                f"{len(solution.policy):,}",
                f"{cc.solve.exploitability('leduc', solution.policy):.4f}",
            ]
        )
    return rows


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "-|-".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="seconds per rate measured (default 2)"
    )
    parser.add_argument("--no-peers", action="store_true", help="measure cardcore alone")
    args = parser.parse_args()

    ours = native("--json", str(args.seconds))
    plus = ours["algorithms"]["cfr+"]
    one_wall, two_wall = plus["per_second"]
    one_cpu = plus["per_cpu_second"]
    print(
        f"Leduc poker: {ours['nodes']:,} histories, {ours['infosets']} information sets, "
        f"tree built in {1e3 * ours['build_seconds']:.1f} ms\n"
    )

    rows = [
        [
            "solver (Leduc CFR+)",
            "it/s",
            "it/CPU-s",
            "ours / it, wall",
            "ours / it, CPU",
            "target",
            "met",
        ],
        ["cardcore, 1 thread", f"{one_wall:,.0f}", f"{one_cpu:,.0f}", "", "", "", ""],
        [
            "cardcore, 2 threads",
            f"{two_wall:,.0f}",
            "",
            f"{two_wall / one_wall:.2f}x of 1 thread",
            "",
            ">= 1.6x",
            "yes" if two_wall >= 1.6 * one_wall else "NO",
        ],
    ]
    if not args.no_peers:
        for name in PEER_PROGRAMS:
            rate = peer(name, args.seconds)
            wall, cpu = one_wall / rate["per_second"], one_cpu / rate["per_cpu_second"]
            rows.append(
                [
                    name,
                    f"{rate['per_second']:,.0f}",
                    f"{rate['per_cpu_second']:,.0f}",
                    f"{wall:,.0f}x",
                    f"{cpu:,.0f}x",
                    f">= {TARGETS[name]}x",
                    "yes" if cpu >= TARGETS[name] else "NO",
                ]
            )
    print(table(rows))

    print("\nTo an exploitability of 1e-4 (one thread; measuring included):\n")
    rows = [["algorithm", "it/s", "it/CPU-s", "time", "iterations", "exploitability"]]
    best = None
    for name, figures in ours["algorithms"].items():
        reached = figures["to_target"]
        if reached["reached"] and (best is None or reached["seconds"] < best[1]):
            best = (name, reached["seconds"])
        rows.append(
            [
                name,
                f"{figures['per_second'][0]:,.0f}",
                f"{figures['per_cpu_second']:,.0f}",
                f"{reached['seconds']:.2f} s"
                if reached["reached"]
                else f"not in {reached['seconds']:.0f} s",
                f"{reached['iterations']:,}",
                f"{reached['exploitability']:.2e}",
            ]
        )
    print(table(rows))
    if best is not None:
        met = "yes" if best[1] < 10 else "NO"
        print(f"\nbest: {best[0]} in {best[1]:.2f} s (target < 10 s: {met})")
    response = 1e3 * ours["best_response_seconds"]
    met = "yes" if response < 10 else "NO"
    print(f"best response on Leduc: {response:.3f} ms (target < 10 ms: {met})")
    print()
    print(table(mccfr_rows(args.seconds)))


if __name__ == "__main__":
    main()
