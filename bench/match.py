"""How much narrower a duplicate match's 95% interval is than a plain match's, for the same
number of hands (docs/match.md, "How much duplicate gains").

    python bench/match.py [--hands 1000000] [--search-hands 20000] [--seed 0]
                          [--controlled-hands 20000] [--playouts 32]

Each row plays one pair of policies twice, ``cc.match(..., duplicate=True)`` and
``duplicate=False``, with the same hands, seed and deals, and prints both intervals' half
widths, their ratio, and the correlation of a policy's results in the two seatings of a
deal (rho: the ratio is about 1 / sqrt(1 + rho) with two seats).

A second table adds control variates (docs/match.md, "Control variates"): the duplicate
match of ``--controlled-hands`` hands with ``control_variates=--playouts``, against the plain
match of the same hands; "narrower" compares their half widths for the same hands, "same
time" for the same time (the plain match given the hands it plays in the controlled
match's time: its half width shrinks by the square root of the ratio of the times).

Then it bounds what any seating could gain for ``rule_based`` against ``random`` in Badugi:
each of ``--bound-deals`` deals is played ``--bound-repeats`` times, the same cards
(``deal="seats"``) against ``random``'s coin flips from as many seeds. The spread left
within a deal is the coin flips', which no seating cancels: even with every effect of the
cards cancelled, the interval narrows by at most sqrt(total variance / that spread).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import numpy as np

import cardcore as cc


def row(game: str, policies: list[Any], hands: int, seed: int) -> str:
    """One pair's figures as a Markdown table row."""
    started = time.perf_counter()
    duplicate = cc.match(game, policies, hands, seed=seed)
    plain = cc.match(game, policies, hands, duplicate=False, seed=seed)
    seconds = time.perf_counter() - started
    halves = [(r.interval[1][0] - r.interval[0][0]) / 2 for r in (plain, duplicate)]
    # Policy 0's result in each seating of a deal: seating 0 is the plain match's deal.
    seating_0 = plain.deal_means[: duplicate.deals, 0]
    seating_1 = 2 * duplicate.deal_means[:, 0] - seating_0
    rho = float(np.corrcoef(seating_0, seating_1)[0, 1])
    names = " against ".join(duplicate.policies)
    return (f"| {game} | {names} | {hands:,} | {plain.mean[0]:+.3f} ± {halves[0]:.3f} | "
            f"{duplicate.mean[0]:+.3f} ± {halves[1]:.3f} | {halves[0] / halves[1]:.2f}x | "
            f"{rho:+.2f} | {seconds:.0f} s |")


def controlled_row(game: str, policies: list[Any], hands: int, seed: int, playouts: int) -> str:
    """One pair's plain match against its duplicate match with control variates, as a
    Markdown table row."""
    threads = os.cpu_count() or 1  # both on every core: threads=None gives few hands one
    started = time.perf_counter()
    plain = cc.match(game, policies, hands, duplicate=False, seed=seed, threads=threads)
    plain_seconds = time.perf_counter() - started
    started = time.perf_counter()
    controlled = cc.match(game, policies, hands, seed=seed, control_variates=playouts,
                          threads=threads)
    seconds = time.perf_counter() - started
    halves = [(r.interval[1][0] - r.interval[0][0]) / 2 for r in (plain, controlled)]
    narrower = halves[0] / halves[1]
    same_time = narrower * np.sqrt(plain_seconds / seconds)
    names = " against ".join(controlled.policies)
    return (f"| {game} | {names} | {hands:,} | {plain.mean[0]:+.3f} ± {halves[0]:.3f} | "
            f"{controlled.mean[0]:+.3f} ± {halves[1]:.3f} | {narrower:.2f}x | "
            f"{same_time:.2f}x | {seconds:.0f} s |")


class Coins:
    """The ``random`` policy (a uniformly random legal action) with coins of its own seed."""

    def __init__(self, seed: int) -> None:
        self.coins = random.Random(seed)
        self.__name__ = "random"

    def __call__(self, seen: Any) -> int:
        legal = seen.legal_actions()
        return int(legal[self.coins.randrange(len(legal))])


def coin_bound(deals: int, repeats: int, seed: int) -> str:
    """The share of rule_based's variance against random that the cards explain, and the
    most a seating could narrow the interval."""
    results = np.stack([
        cc.simulate("badugi", deals, policies=["rule_based", Coins(k)], seed=seed,
                    deal="seats").returns[:, 0]
        for k in range(repeats)], axis=1)
    total = results.var(ddof=1)
    coins = results.var(axis=1, ddof=1).mean()
    return (f"badugi, rule_based against random, {deals:,} deals x {repeats} coin seeds: "
            f"variance {total:.1f} chips^2, {coins:.1f} of it within a deal (the coins); the "
            f"cards explain {1 - coins / total:.0%}; no seating narrows the interval more "
            f"than {np.sqrt(total / coins):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--search-hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bound-deals", type=int, default=20_000)
    parser.add_argument("--bound-repeats", type=int, default=20)
    parser.add_argument("--controlled-hands", type=int, default=20_000)
    parser.add_argument("--playouts", type=int, default=32)
    args = parser.parse_args()
    print("| game | policies | hands | plain | duplicate | narrower | rho | time |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in ("badugi", "buh", "leduc", "kuhn"):
        print(row(game, ["rule_based", "random"], args.hands, args.seed), flush=True)
    search = ("ismcts", {"simulations": 100})
    print(row("badugi", [search, "rule_based"], args.search_hands, args.seed), flush=True)
    print()
    print(f"With control variates of {args.playouts} playouts:")
    print()
    print("| game | policies | hands | plain | duplicate, control variates | narrower "
          "| same time | time |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    controlled = [(game, ["rule_based", "random"], args.controlled_hands)
                  for game in ("badugi", "buh", "leduc", "kuhn")]
    controlled += [("badugi", ["blueprint", "rule_based"], args.controlled_hands),
                   ("badugi", [search, "rule_based"], args.search_hands // 5)]
    for game, policies, hands in controlled:
        print(controlled_row(game, policies, hands, args.seed, args.playouts), flush=True)
    print()
    print(coin_bound(args.bound_deals, args.bound_repeats, args.seed))


if __name__ == "__main__":
    main()
