"""Every pairing of a game's built-in policies, evaluated by simulation, as a table.

    python examples/tabular_policy_evaluation.py [--game badugi] [--games 200000] [--seed 0]

Seat 0 plays the row's policy and every other seat the column's; each cell is seat 0's mean
return per game with its 95% interval, from ``cc.simulate`` (C++ rollouts, the dealer
moving round the table from game to game). In Bai Buu seat 0 is the player hand and seat 1
a banker who arranges by the column's policy.
"""

from __future__ import annotations

import argparse
import itertools

import cardcore as cc
from cardcore.simulation import POLICIES

# Bai Buu's banker plays a policy only as an agent; its default banker is the house way.
CONFIGS = {"badugi": {}, "buh": {}, "baibuu": {"banker": "agent"}, "hucklebuck": {}}

Results = dict[tuple[str, str], cc.SimulationResult]
"""The simulation of each pairing (seat 0's policy, the other seats' policy)."""


def evaluate(name: str, games: int, seed: int, threads: int | None) -> Results:
    """Simulates every pairing of the game's built-in policies."""
    game = cc.GAMES[name](**CONFIGS[name])
    others = game.num_players - 1
    return {
        (hero, field): cc.simulate(game, games, policies=[hero] + [field] * others, seed=seed,
                                   threads=threads)
        for hero, field in itertools.product(POLICIES[name], repeat=2)
    }


def table(results: Results) -> str:
    """Rows: seat 0's policy; columns: the others'; cells: seat 0's mean and 95% interval."""
    policies = list(dict.fromkeys(hero for hero, _ in results))
    width = 30
    lines = [" " * 12 + "".join(f"{field:>{width}}" for field in policies)]
    for hero in policies:
        cells = []
        for field in policies:
            result = results[hero, field]
            low, high = (bound[0] for bound in result.interval)
            cells.append(f"{result.mean[0]:+.3f} [{low:+.3f}, {high:+.3f}]".rjust(width))
        lines.append(f"{hero:<12}" + "".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(CONFIGS), default="badugi")
    parser.add_argument("--games", type=int, default=200_000, help="games per pairing")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    args = parser.parse_args(argv)

    results = evaluate(args.game, args.games, args.seed, args.threads)
    print(f"{args.game}: seat 0's mean return per game (rows: its policy, columns: the other "
          f"seats'), {args.games:,} games a pairing, 95% intervals")
    print(table(results))


if __name__ == "__main__":
    main()
