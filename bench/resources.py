"""Memory and copy cost of each game's State, next to baselines measured in the same run.

    python bench/resources.py [--states 100000] [--repeats 7]

The bindings do not expose the C++ size of a State, and ``sys.getsizeof`` of a pybind11
object counts only its Python header, so the script reports:

- ``sizeof``: the C++ ``sizeof(State)``, from a few-line program compiled against
  ``cpp/include`` with ``$CXX`` (or ``c++``); ``n/a`` without a compiler. Beyond it, a State
  owns a heap vector of its history (4 bytes an action).
- ``RSS/state``: the growth of the resident set size over ``--states`` clones held in a list,
  per clone: everything one more State costs (the C++ object, its history, the Python
  wrapper and the allocator's overhead). ``py/state`` is the Python-side part of it, traced
  by tracemalloc.
- ``clone``: nanoseconds per ``state.clone()``, the median of ``--repeats`` timings.
  Baselines: ``copy.copy`` of a small Python object (a dataclass of four fields), and a copy
  of a ``bytearray`` of ``sizeof`` bytes (what a plain copy of the C++ struct alone costs,
  plus one Python object).

Each figure is taken at two positions: the initial state (seeded) and the end of a random
game (its history at its longest).

    python bench/resources.py --simulate 1000000000 [--threads 2]

measures streaming simulations instead: Badugi runs of 10^6 games and up by tens to the
given size with ``keep_returns=False``, each in a new interpreter, with the peak resident
set size (``ru_maxrss``), the time and the rate of each; a 10^6-game run that keeps its
returns is the baseline.
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import timeit
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soak import rss_kib

import cardcore as cc

CASES: dict[str, dict[str, Any]] = {
    "badugi": {},
    "buh": {"players": 6},
    "baibuu": {"player_hands": 6},
    "hucklebuck": {"players": 5},
}

SIZEOF_PROGRAM = """
#include <cstdio>
#include "cardcore/games/badugi/state.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "cardcore/games/buh/state.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
int main() {
  std::printf("badugi %zu\\nbuh %zu\\nbaibuu %zu\\nhucklebuck %zu\\n",
              sizeof(cardcore::badugi::State), sizeof(cardcore::buh::State),
              sizeof(cardcore::baibuu::State), sizeof(cardcore::hucklebuck::State));
}
"""


def cpp_sizes() -> dict[str, int]:
    """sizeof(State) per game, or {} when no C++ compiler builds the program."""
    compiler = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    include = Path(__file__).resolve().parents[1] / "cpp" / "include"
    if compiler is None or not include.is_dir():
        return {}
    with tempfile.TemporaryDirectory() as work:
        source, program = Path(work) / "sizeof.cpp", Path(work) / "sizeof"
        source.write_text(SIZEOF_PROGRAM)
        built = subprocess.run([compiler, "-std=c++20", f"-I{include}", str(source), "-o",
                                str(program)], capture_output=True, check=False)
        if built.returncode != 0:
            return {}
        output = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    return {name: int(size) for name, size in (line.split() for line in output.stdout.splitlines())}


def positions(name: str) -> dict[str, Any]:
    """The seeded initial state and the end of a random game from it."""
    start = cc.GAMES[name](**CASES[name]).new_initial_state(seed=1)
    end = start.clone()
    rng = random.Random(1)
    while not end.is_terminal():
        end.apply_action(rng.choice(end.legal_actions()))
    return {"initial": start, "end": end}


def footprint(name: str, position: str, count: int) -> tuple[float, float]:
    """(bytes of RSS, bytes traced by tracemalloc) per clone over `count` clones held."""
    state = positions(name)[position]
    gc.collect()
    gc.disable()  # no collection between the two readings
    tracemalloc.start()
    before_rss, (before_py, _) = rss_kib(), tracemalloc.get_traced_memory()
    held = [state.clone() for _ in range(count)]
    after_rss, (after_py, _) = rss_kib(), tracemalloc.get_traced_memory()
    assert len(held) == count
    return (after_rss - before_rss) * 1024 / count, (after_py - before_py) / count


def fresh_footprint(name: str, position: str, count: int) -> tuple[float, float]:
    """footprint() in a new interpreter: memory freed by an earlier measurement stays with the
    allocator, so a second one in the same process would reuse it and hardly grow."""
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            f"from resources import footprint; print(*footprint({name!r}, {position!r}, {count}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rss, traced = done.stdout.split()
    return float(rss), float(traced)


def nanoseconds(work: Any, repeats: int, number: int = 20_000) -> float:
    """Median nanoseconds per call of `work` over `repeats` timings of `number` calls."""
    times = timeit.repeat(work, number=number, repeat=repeats)
    return statistics.median(times) / number * 1e9


@dataclass
class Small:
    """The copy.copy baseline: a small Python object."""

    a: int = 1
    b: int = 2
    c: float = 3.0
    d: str = "x"


def simulation_peak(games: int, keep_returns: bool, threads: int) -> tuple[float, float]:
    """The peak RSS in MiB and the seconds of one Badugi simulation in a new interpreter."""
    code = ("import resource, time, cardcore as cc; start = time.perf_counter(); "
            f"cc.simulate('badugi', {games}, threads={threads}, keep_returns={keep_returns}); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
            "time.perf_counter() - start)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    peak_kib, seconds = done.stdout.split()
    return int(peak_kib) / 1024, float(seconds)


def streaming(largest: int, threads: int) -> None:
    """The --simulate report: peak memory of streaming runs as they grow."""
    print(f"cardcore {cc.__version__}; Badugi, {threads} threads; peak RSS of a new interpreter")
    print(f"{'games':>15} {'returns':<8} {'peak RSS':>10} {'seconds':>9} {'games/s':>12}")
    runs = [(10**6, True)]
    games = 10**6
    while games <= largest:
        runs.append((games, False))
        games *= 10
    for games, keep in runs:
        peak, seconds = simulation_peak(games, keep, threads)
        print(f"{games:>15,} {'kept' if keep else 'streamed':<8} {peak:>7.1f} MiB {seconds:>9.1f} "
              f"{games / seconds:>12,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=100_000, help="clones held (RSS)")
    parser.add_argument("--repeats", type=int, default=7, help="timings per median")
    parser.add_argument("--simulate", type=int, metavar="GAMES",
                        help="measure streaming simulations up to GAMES instead")
    parser.add_argument("--threads", type=int, default=2, help="threads of --simulate")
    args = parser.parse_args()
    if args.simulate:
        streaming(args.simulate, args.threads)
        return
    sizes = cpp_sizes()
    small = Small()
    python_copy = nanoseconds(lambda: copy.copy(small), args.repeats)
    print(f"cardcore {cc.__version__}; {args.states:,} states held per RSS figure, median of "
          f"{args.repeats} timings; baseline copy.copy(small dataclass) {python_copy:.0f} ns")
    header = (f"{'game':<11} {'position':<8} {'history':>7} {'sizeof':>6} {'RSS/state':>9} "
              f"{'py/state':>8} {'clone ns':>8} {'bytes copy ns':>13} {'vs copy.copy':>12}")
    print(header)
    print("-" * len(header))
    for name in CASES:
        size = sizes.get(name)
        block = bytearray(size or 0)
        bytes_copy = nanoseconds(block.copy, args.repeats)
        for position, state in positions(name).items():
            rss, traced = fresh_footprint(name, position, args.states)
            clone = nanoseconds(state.clone, args.repeats)
            print(f"{name:<11} {position:<8} {len(state.history()):>7} "
                  f"{size if size else 'n/a':>6} {rss:>9.0f} {traced:>8.0f} {clone:>8.0f} "
                  f"{bytes_copy if size else float('nan'):>13.0f} "
                  f"{clone / python_copy:>11.2f}x")


if __name__ == "__main__":
    main()
