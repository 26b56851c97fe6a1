"""Speed of the odds verbs (docs/odds.md) against the odds' speed targets, with the raw C
showdown loop measured in the same run as the baseline of Monte Carlo equity.

    python bench/odds.py                  # about a minute
    python bench/odds.py --samples 400000 --repeats 3

Each timed row is the best of ``--repeats`` runs after a warm-up run (which builds the
tables); the Monte Carlo ratio is the median over ``--repeats`` runs of its rate over the
raw loop's, run just before and after it.
The baseline is ``raw_showdown_loop``: over two arrays of pre-drawn four-card hands, two
strength-table lookups and a compare a sample, timed inside C++ around the loop alone.
Monte Carlo equity is heads-up Badugi with three draws left, both hands drawing by the
rule_based policy, forced to Monte Carlo; its rate is samples (showdowns) per second.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import cardcore as cc

DRAWER, OTHER = "As 2h 3d Kd", "2c 4c 6h Js"  # both draw: a three-card hand each


def best_seconds(work: Callable[[], object], repeats: int) -> float:
    work()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=1_000_000,
                        help="Monte Carlo samples (default 1,000,000)")
    parser.add_argument("--baseline", type=int, default=10_000_000,
                        help="pre-drawn hand pairs of the raw loop (default 10,000,000)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rows: list[tuple[str, str, str, str]] = []

    def timed(what: str, work: Callable[[], object], limit_ms: float) -> None:
        ms = 1000 * best_seconds(work, args.repeats)
        rows.append((what, f"{ms:.2f} ms", f"< {limit_ms:g} ms", "yes" if ms < limit_ms else "NO"))

    timed("badugi.draw_odds, 4-card discard (194,580 draws)",
          lambda: cc.badugi.draw_odds("Kc Qc Jc Tc", "Kc Qc Jc Tc"), 10)
    timed("buh.draw_odds, granny (17,296 draws)",
          lambda: cc.buh.draw_odds("As Kd Qc Jh", "Kd Qc Jh"), 10)
    timed("badugi.best_discards, 1 draw, 16 discards",
          lambda: cc.badugi.best_discards("As 2h 3d Kd"), 50)
    timed("buh.best_discards, 1 draw, 12 discards",
          lambda: cc.buh.best_discards("As Kd Qc Jh"), 50)
    timed("badugi.best_discards, 1 draw, against a made hand",
          lambda: cc.badugi.best_discards("As 2h 3d Kd", against="2c 4d 6h 8s"), 50)
    # Both hands drawing, exact by inclusion-exclusion; "under a second" is the bound
    # for an exact answer.
    timed("badugi.best_discards, 1 draw, against a hand drawing 3",
          lambda: cc.badugi.best_discards("As 2h 7d Kd", against="Qs Qh Qd Qc"), 1000)
    timed("badugi.equity, 1 draw, both throwing 4 (exact)",
          lambda: cc.badugi.equity(["Ks Qh Jd Tc", "Kc Qd Jh Ts"], draws_left=1,
                                   discards=["Ks Qh Jd Tc", "Kc Qd Jh Ts"]), 1000)

    a = cc.random_hands(args.baseline, 4, seed=1)
    b = cc.random_hands(args.baseline, 4, seed=2)
    cc._core.badugi.raw_showdown_loop(a[:1000], b[:1000])  # warm-up: the tables

    def raw_rate() -> float:
        return float(args.baseline / cc._core.badugi.raw_showdown_loop(a, b)[1])

    def carlo_rate(threads: int) -> float:
        start = time.perf_counter()
        cc.badugi.equity([DRAWER, OTHER], draws_left=3, method="monte carlo",
                         samples=args.samples, seed=1, threads=threads)
        return args.samples / (time.perf_counter() - start)

    # On a shared machine the load moves: each Monte Carlo run is compared with the raw loop
    # run just before and just after it, and the ratio reported is the median of the runs.
    carlo_rate(1)
    raws: list[float] = []
    rates: dict[int, list[float]] = {1: [], 2: []}
    ratios: dict[int, list[float]] = {1: [], 2: []}
    for t in (1, 2):
        for _ in range(args.repeats):
            before, rate, after = raw_rate(), carlo_rate(t), raw_rate()
            raws += [before, after]
            rates[t].append(rate)
            ratios[t].append(rate / ((before + after) / 2))
    rows.append(("raw C showdown loop (baseline)", f"{max(raws) / 1e6:.1f} M/s (best)", "", ""))
    for t in (1, 2):
        ratio = statistics.median(ratios[t])
        rows.append((f"badugi.equity, Monte Carlo, 3 draws, {t} thread{'s' if t > 1 else ''}",
                     f"{max(rates[t]) / 1e6:.2f} M/s; median {ratio:.1%} of raw",
                     ">= 10% of raw" if t == 1 else "",
                     ("yes" if ratio >= 0.1 else "NO") if t == 1 else ""))
    same = cc.badugi.equity([DRAWER, OTHER], draws_left=3, method="monte carlo",
                            samples=100_000, seed=1, threads=1) == cc.badugi.equity(
        [DRAWER, OTHER], draws_left=3, method="monte carlo", samples=100_000, seed=1, threads=2)

    print(f"cardcore {cc.__version__}: odds, best of {args.repeats}")
    width = max(len(r[0]) for r in rows)
    rate_width = max(len(r[1]) for r in rows)
    print(f"{'what':<{width}}  {'time or rate':<{rate_width}}  {'target':<14}  met")
    for what, value, target, met in rows:
        print(f"{what:<{width}}  {value:<{rate_width}}  {target:<14}  {met}".rstrip())
    print(f"same seed, 1 and 2 threads: {'identical' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
