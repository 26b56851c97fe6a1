"""Soak test: runs ``cc.simulate`` over and over and samples the process's memory.

    python bench/soak.py                          # 60 minutes, every game in turn
    python bench/soak.py --minutes 5 --every 10 --csv soak.csv

Each call simulates ``--games`` games of one case of ``CASES`` in turn (every engine, every
built-in policy, single hands and multi-hand games), a new seed each call. Every
``--every`` seconds it samples the resident set size (VmRSS from ``/proc/self/status``, or
the peak from ``resource.getrusage`` where /proc is missing) and prints a CSV line
``seconds,rounds,games,rss_kib``; ``--csv`` also writes the curve to a file. A flat curve after
the first rounds means nothing leaks; the summary at the end compares the last samples with
the first ones after warmup. Run on demand, not in CI.
"""

from __future__ import annotations

import argparse
import csv
import resource
import sys
import time
from pathlib import Path
from typing import Any

import cardcore as cc

# (game, configuration, policy per seat)
CASES: tuple[tuple[str, dict[str, Any], list[str]], ...] = (
    ("badugi", {}, ["random", "rule_based"]),
    ("badugi", {"hands": 12}, ["rule_based", "rule_based"]),
    ("buh", {"players": 6}, ["rule_based", "random"] * 3),
    ("buh", {"players": 4, "hands": 5}, ["random"] * 4),
    ("baibuu", {"player_hands": 6}, ["optimal", "house_way"] * 3 + ["house_way"]),
    ("baibuu", {"player_hands": 3}, ["random", "optimal", "house_way", "house_way"]),
    ("hucklebuck", {"players": 5}, ["rule_based"] + ["random"] * 4),
    ("hucklebuck", {"players": 4, "hands": None}, ["rule_based"] * 4),
)


def rss_kib() -> int:
    """The resident set size in KiB (the peak RSS where /proc is unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB elsewhere


Sample = tuple[float, int, int, int]
"""(seconds since the start, simulate calls, games played, RSS in KiB)"""


def soak(minutes: float, every: float, games: int, threads: int) -> list[Sample]:
    """Simulates until ``minutes`` have passed; returns the samples."""
    start = time.monotonic()
    stop = start + minutes * 60
    next_sample = start
    samples: list[Sample] = []
    rounds = played = 0
    print("seconds,rounds,games,rss_kib", flush=True)
    while True:
        now = time.monotonic()
        if now >= next_sample or now >= stop:
            sample = (round(now - start, 1), rounds, played, rss_kib())
            samples.append(sample)
            print(",".join(map(str, sample)), flush=True)
            next_sample += every
        if now >= stop:
            return samples
        name, config, policies = CASES[rounds % len(CASES)]
        cc.simulate(cc.GAMES[name](**config), games, policies=policies, seed=rounds,
                    threads=threads)
        rounds += 1
        played += games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="how long (default 60)")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--games", type=int, default=20_000, help="games per simulate call")
    parser.add_argument("--threads", type=int, default=1, help="threads per simulate call")
    parser.add_argument("--csv", type=Path, help="also write the samples to this file")
    args = parser.parse_args()
    samples = soak(args.minutes, args.every, args.games, args.threads)
    if args.csv:
        with args.csv.open("w", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(("seconds", "rounds", "games", "rss_kib"))
            writer.writerows(samples)
    # The first samples include the tables and arenas built by the first calls.
    settled = samples[min(2, len(samples) - 1):]
    first, last = settled[0][3], settled[-1][3]
    print(f"# {samples[-1][2]:,} games in {samples[-1][1]:,} calls; RSS {first:,} KiB after "
          f"warmup, {last:,} KiB at the end ({last - first:+,} KiB), peak "
          f"{max(s[3] for s in samples):,} KiB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
