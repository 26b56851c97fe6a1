"""Trains the Badugi blueprint that the package ships (docs/solve.md, "The Badugi
blueprint"): MCCFR over cardcore.badugi.abstraction() on one thread for SECONDS more, or
to ITERATIONS in all, its checkpoint kept in CHECKPOINT (a second run resumes it), then
the average strategy written as the blueprint file. The same iterations give the same file
on any machine; the shipped one is

    python tools/train_blueprint.py --iterations 14917950 --seed 1 \\
        --checkpoint blueprint.ckpt --out python/cardcore/data/badugi_blueprint.bin
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cardcore as cc
from cardcore import _core


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--seconds", type=float, help="seconds more to train")
    budget.add_argument("--iterations", type=int, help="iterations in all to train to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    abstraction = cc.badugi.abstraction()
    game = cc.badugi.Game()
    resumed = _core.solve.mccfr(game, abstraction, "linear", args.seed, 1, 1 << 34)
    if Path(args.checkpoint).exists():
        resumed.load(args.checkpoint)
    began = time.perf_counter()
    solution = cc.solve.mccfr("badugi", abstraction=abstraction, seconds=args.seconds,
                              iterations=args.iterations, seed=args.seed, threads=1,
                              checkpoint=args.checkpoint)
    spent = time.perf_counter() - began
    run = _core.solve.mccfr(game, abstraction, "linear", args.seed, 1, 1 << 34)
    run.load(args.checkpoint)
    data = bytes(run.blueprint())
    with open(args.out, "wb") as file:
        file.write(data)
    done = solution.iterations - resumed.iterations
    print(f"{done} iterations in {spent:.0f} s ({done / spent:.0f}/s), "
          f"{solution.iterations} in all, {run.information_sets} abstract information sets, "
          f"{len(data)} bytes to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
