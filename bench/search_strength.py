"""How strong the native ISMCTS plays (docs/search.md, "Strength"), measured with
``cc.simulate`` (fixed seeds, 95% intervals of the mean): the search with ``--simulations``
a move and rule-based rollouts (the house way in Bai Buu) in one seat, against the built-in
opponents, next to a built-in player in the same seat against the same opponents.

    python bench/search_strength.py badugi [--games 20000] [--simulations 1000] [--threads 2]
    python bench/search_strength.py buh --players 4
    python bench/search_strength.py hucklebuck --games 400 --horizon hand --uct-c 0.2
    python bench/search_strength.py baibuu --games 100000

- badugi: heads-up, the search against ``rule_based`` with seats alternating (half the
  games in each seat; single hands rotate the dealer too);
- buh: one search seat (seat 0) against ``rule_based`` players, and ``rule_based`` in
  seat 0 against the same opponents;
- hucklebuck: games to 11 (``hands=None``), one search seat against three ``rule_based``
  players: the share of games it wins (return +1), and that of ``rule_based`` in the seat;
- baibuu: a player hand against the house-way banker: its return per round as a share of
  the wager, next to ``house_way`` and ``optimal`` in the same seat.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

import cardcore as cc


def interval(values: Any) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    values = np.asarray(values, dtype=float)
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / np.sqrt(len(values))
    return mean, mean - half, mean + half


def run(game: Any, policies: list[Any], games: int, seed: int, threads: int) -> Any:
    started = time.perf_counter()
    result = cc.simulate(game, games, policies=policies, seed=seed, threads=threads)
    print(f"  {games:,} games in {time.perf_counter() - started:,.0f} s", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(cc.GAMES))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=1.0)
    parser.add_argument("--horizon", choices=["game", "hand"], default="game")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    spec = getattr(cc, args.game).SPEC
    rollout = spec.opponent
    search = ("ismcts", {"simulations": args.simulations, "rollout": rollout,
                         "uct_c": args.uct_c, "horizon": args.horizon})
    figures: dict[str, Any] = {"game": args.game, "search": str(search)}
    if args.game == "badugi":
        games = args.games or 20_000
        game = cc.GAMES["badugi"]()
        first = run(game, [search, "rule_based"], games // 2, args.seed, args.threads)
        second = run(game, ["rule_based", search], games // 2, args.seed + 1, args.threads)
        mine = np.concatenate([first.returns[:, 0], second.returns[:, 1]])
        figures["search"] = interval(mine)
        print(f"badugi: search {figures['search'][0]:+.4f} "
              f"[{figures['search'][1]:+.4f}, {figures['search'][2]:+.4f}] chips a hand")
    elif args.game == "buh":
        games = args.games or 20_000
        players = args.players or 2
        game = cc.GAMES["buh"](players=players)
        others = ["rule_based"] * (players - 1)
        for label, policy in (("search", search), ("rule_based", "rule_based")):
            result = run(game, [policy, *others], games, args.seed, args.threads)
            figures[label] = interval(result.returns[:, 0])
            print(f"buh {players}p seat 0 {label}: {figures[label][0]:+.4f} "
                  f"[{figures[label][1]:+.4f}, {figures[label][2]:+.4f}]")
    elif args.game == "hucklebuck":
        games = args.games or 1_000
        game = cc.GAMES["hucklebuck"](players=4, hands=None)
        for label, policy in (("search", search), ("rule_based", "rule_based")):
            result = run(game, [policy, "rule_based", "rule_based", "rule_based"], games,
                         args.seed, args.threads)
            figures[label] = interval(result.returns[:, 0] > 0)
            print(f"hucklebuck seat 0 {label}: wins {figures[label][0]:.2%} "
                  f"[{figures[label][1]:.2%}, {figures[label][2]:.2%}]")
    else:
        games = args.games or 100_000
        game = cc.GAMES["baibuu"]()
        wager = float(game.config["wagers"][0])
        returns = {}
        for label, policy in (("search", search), ("house_way", "house_way"),
                              ("optimal", "optimal")):
            returns[label] = run(game, [policy], games, args.seed, args.threads).returns[:, 0]
            figures[label] = tuple(x / wager for x in interval(returns[label]))
            print(f"baibuu player {label}: {figures[label][0]:+.3%} "
                  f"[{figures[label][1]:+.3%}, {figures[label][2]:+.3%}] of the wager")
        for other in ("house_way", "optimal"):  # on the same deals: a much tighter interval
            key = f"search - {other}"
            figures[key] = tuple(x / wager for x in interval(returns["search"] - returns[other]))
            print(f"baibuu search - {other}: {figures[key][0]:+.3%} "
                  f"[{figures[key][1]:+.3%}, {figures[key][2]:+.3%}] of the wager")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
