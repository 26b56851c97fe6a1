"""What each house rule does to its game: the figures of the "House rules" sections of
docs/games/buh.md, hucklebuck.md, baibuu.md and badugi.md (the cap, a configuration field),
measured with ``cc.simulate`` (both
settings of a rule play the same seeds, so the same deals until the rule first speaks)
and, for Bai Buu, exactly with ``optimal_summary``.

    python bench/house_rules.py [--scale 1.0] [--threads 2]

``--scale`` multiplies the number of games (1.0: the docs' 100,000 to 300,000).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import cardcore as cc


def returns(game: Any, games: int, policies: list[str], threads: int) -> Any:
    return cc.simulate(game, games, policies=policies, seed=1, threads=threads)


def differing(a: Any, b: Any) -> float:
    """The share of games whose returns differ between two runs of the same seeds."""
    return float((a.returns != b.returns).any(axis=1).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    n = {k: max(1000, int(v * args.scale)) for k, v in
         {"buh": 300_000, "huck": 100_000, "huck7": 200_000, "badugi": 400_000}.items()}
    t = args.threads

    four = cc.buh.Game(players=4)
    for rule in ({"flush_buh": "double"}, {"hooch_order": "lowest_then_fewest"}):
        for policy in ("random", "rule_based"):
            a = returns(four, n["buh"], [policy] * 4, t)
            b = returns(cc.buh.Game(players=4, **rule), n["buh"], [policy] * 4, t)
            print(f"buh {rule} {policy} x4: {differing(a, b):.5%} of hands differ")
    for policy in ("rule_based", "random"):
        a = returns(four, n["buh"], [policy] * 4, t)
        b = returns(cc.buh.Game(players=4, declare_after_draw=False), n["buh"], [policy] * 4, t)
        print(f"buh declare_after_draw=False {policy} x4: declarations a hand "
              f"{a.counts['declarations'] / n['buh']:.4f} -> "
              f"{b.counts['declarations'] / n['buh']:.4f}, {differing(a, b):.2%} differ")
    heads_up = [returns(cc.buh.Game(players=2, declare_after_draw=flag), n["buh"],
                        ["rule_based", "random"], t).returns[:, 0].mean() for flag in (True, False)]
    print(f"buh heads-up rule_based vs random: {heads_up[0]:+.4f} -> {heads_up[1]:+.4f} a hand")

    for policies in (["rule_based"] * 4, ["rule_based"] + ["random"] * 3):
        runs = [returns(cc.hucklebuck.Game(players=4, hands=None, game_end=end), n["huck"],
                        policies, t) for end in ("end_of_hand", "first_to_target")]
        winners = [r.returns.argmax(axis=1) for r in runs]
        seat0 = [(r.returns[:, 0].mean(), (r.returns[:, 0] > 0).mean()) for r in runs]
        print(f"hucklebuck game_end, {policies[1]} opponents: winner differs in "
              f"{float(np.mean(winners[0] != winners[1])):.2%}; seat 0 (rule_based) mean, "
              f"wins: end_of_hand {seat0[0][0]:+.4f} {seat0[0][1]:.2%}, "
              f"first_to_target {seat0[1][0]:+.4f} {seat0[1][1]:.2%}")
    for policies in (["random"] * 7, ["rule_based"] * 7, ["rule_based"] + ["random"] * 6):
        runs = [returns(cc.hucklebuck.Game(players=7, upcard=where), n["huck7"], policies, t)
                for where in ("set_aside", "bottom_of_stock")]
        print(f"hucklebuck upcard, 7 players {policies[0]}/{policies[1]}: "
              f"{differing(*runs):.3%} of hands differ; seat 0 "
              f"{runs[0].returns[:, 0].mean():+.4f} -> {runs[1].returns[:, 0].mean():+.4f}")

    # Badugi R-8: the cap of the rule text (max_raises=3) against 20 raises, where a round
    # of the rule-based player's raises nearly always ends in a call or an all-in first.
    for policies in (["rule_based", "random"], ["random", "rule_based"], ["rule_based"] * 2):
        runs = [returns(cc.badugi.Game(max_raises=cap), n["badugi"], policies, t)
                for cap in (3, 20)]
        mine = policies.index("rule_based")
        print(f"badugi max_raises 3 -> 20, {'/'.join(policies)}: {differing(*runs):.2%} of hands "
              f"differ; seat {mine} {runs[0].returns[:, mine].mean():+.4f} -> "
              f"{runs[1].returns[:, mine].mean():+.4f} a hand")

    for rule in ("same_class", "any_class"):
        print(f"baibuu banker_takes_3_4_points={rule}: "
              f"{cc.baibuu.optimal_summary(banker_takes_3_4_points=rule)}")


if __name__ == "__main__":
    main()
