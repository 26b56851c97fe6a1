"""How strong each built-in player is against the others: the figures of docs/players.md.

    python bench/players.py [--games 400000] [--seed 20]

Each line is ``cc.simulate`` of one match-up (games to a target or of 12 hands use an
eighth of ``--games``): each seat's mean per game with its 95% interval and how often it
ended ahead.
"""

from __future__ import annotations

import argparse
from typing import Any

import cardcore as cc


def line(game: Any, policies: list[str], games: int, seed: int) -> str:
    result = cc.simulate(game, games, policies=policies, seed=seed)
    low, high = result.interval
    seats = "; ".join(f"{p} {m:+.4f} [{a:+.4f}, {b:+.4f}] ahead {w:.1%}" for p, m, a, b, w in
                      zip(result.policies, result.mean, low, high, result.win_rate, strict=True))
    return f"{result.game} {game.config}: {seats}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    n, long_n = args.games, max(args.games // 8, 1)
    matches: list[tuple[Any, list[str], int]] = [
        (cc.badugi.Game(), ["rule_based", "random"], n),
        (cc.badugi.Game(hands=12), ["rule_based", "random"], long_n),
        (cc.buh.Game(players=2), ["rule_based", "random"], n),
        (cc.buh.Game(players=4), ["rule_based", "random", "random", "random"], n),
        (cc.buh.Game(players=4), ["random", "rule_based", "rule_based", "rule_based"], n),
        (cc.hucklebuck.Game(players=4), ["rule_based", "random", "random", "random"], n),
        (cc.hucklebuck.Game(players=4), ["random", "rule_based", "rule_based", "rule_based"], n),
        (cc.hucklebuck.Game(players=4, hands=None), ["rule_based", "random", "random", "random"],
         long_n),
        (cc.hucklebuck.Game(players=4, hands=None),
         ["random", "rule_based", "rule_based", "rule_based"], long_n),
        (cc.baibuu.Game(player_hands=3), ["house_way", "optimal", "random"], n),
        (cc.baibuu.Game(banker="agent"), ["house_way", "random"], n),
        (cc.baibuu.Game(banker="agent"), ["house_way", "house_way"], n),
    ]
    for game, policies, games in matches:
        print(line(game, policies, games, args.seed))
    print("baibuu exact:", cc.baibuu.optimal_summary())


if __name__ == "__main__":
    main()
