"""Measures Badugi blueprint files as a training run goes on (docs/badugi-solved.md, "The
blueprint as training goes on"): for each FILE, written by tools/train_blueprint.py at some
iterations, local best response against it, a duplicate match against rule_based, and a
duplicate match head to head against the --against file (the shipped blueprint by
default). Each file is played by the `blueprint` policy with its path set in place of the
shipped one; the --against file by a Python player that looks its sets up as the C++ player
does (the abstraction's bucket, the table key of the bucket and the player's place).

    python tools/blueprint_curve.py curve/bp_1000000.bin curve/bp_3000000.bin
"""

from __future__ import annotations

import argparse
import random
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardcore as cc
from cardcore._core import badugi as native

_WORD = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    """core/rng.hpp's splitmix64 of x (its state after the step is not needed)."""
    z = (x + 0x9E3779B97F4A7C15) & _WORD
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _WORD
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _WORD
    return z ^ (z >> 31)


def table_key(bucket: int, player: int) -> int:
    """MccfrBase::key_of: the table key of a bucket and its table player."""
    return _splitmix64(bucket ^ ((0x9E3779B97F4A7C15 * (player + 1)) & _WORD)) or 1


def read_sets(path: str) -> dict[int, tuple[list[int], list[int]]]:
    """A blueprint file's sets (solve/blueprint.hpp): key -> (actions, weights in 255ths)."""
    data = Path(path).read_bytes()
    at = len(b"cardcore.blueprint\n") + 4  # the magic and the version
    for _ in range(2):  # the game and the abstraction
        (length,) = struct.unpack_from("<I", data, at)
        at += 4 + length
    at += 8  # the iterations
    (count,) = struct.unpack_from("<I", data, at)
    at += 4
    sets = {}
    for _ in range(count):
        key, actions = struct.unpack_from("<QB", data, at)
        at += 9
        sets[key] = (list(data[at:at + actions]), list(data[at + actions:at + 2 * actions]))
        at += 2 * actions
    return sets


def python_player(path: str, seed: int) -> Callable[[Any], int]:
    """A callable policy of cc.match that plays the blueprint file at `path`."""
    sets = read_sets(path)
    rng = random.Random(seed)

    def choose(seen: Any) -> int:
        state = seen._world  # the seat's resampled world: its own cards and the public actions
        player = state.current_player()
        bucket, _, fixed = native._abstraction_bucket(state, player)
        if fixed >= 0:
            return int(fixed)
        legal = state.legal_actions()
        found = sets.get(table_key(int(bucket), 0 if player == state.button else 1))
        if found is None or found[0] != legal:
            return int(rng.choice(legal))
        return rng.choices(found[0], weights=found[1])[0]

    return choose


def interval(result: Any) -> str:
    """The first policy's mean and 95% interval of a MatchResult."""
    low, high = result.interval[0][0], result.interval[1][0]
    return f"{result.mean[0]:+.3f} [{low:+.3f}, {high:+.3f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--against", default=cc.badugi.BLUEPRINT_PATH)
    parser.add_argument("--lbr-hands", type=int, default=2000)
    parser.add_argument("--match-hands", type=int, default=200_000)
    parser.add_argument("--head-to-head-hands", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        for path in args.files:
            native._set_blueprint_path(path)
            began = time.perf_counter()
            row = [path]
            if args.lbr_hands:
                lbr = cc.solve.local_best_response("badugi", "blueprint", args.lbr_hands,
                                                   seed=args.seed, threads=1)
                row.append(f"LBR {lbr.mean:+.3f} [{lbr.interval[0]:+.3f}, "
                           f"{lbr.interval[1]:+.3f}]")
            if args.match_hands:
                row.append("against rule_based " + interval(cc.match(
                    "badugi", ["blueprint", "rule_based"], args.match_hands, seed=args.seed)))
            if args.head_to_head_hands:
                row.append("against the other table " + interval(cc.match(
                    "badugi", ["blueprint", python_player(args.against, args.seed)],
                    args.head_to_head_hands, seed=args.seed)))
            row.append(f"{time.perf_counter() - began:.0f} s")
            print(" | ".join(row), flush=True)
    finally:
        native._set_blueprint_path(cc.badugi.BLUEPRINT_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
