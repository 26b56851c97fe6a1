"""Random agents on every cardcore game through the PettingZoo adapter.

    python examples/pettingzoo_random.py [--games 20] [--seed 0]

Each agent picks uniformly among the legal actions its action mask shows; the script prints
each agent's average return per game. Needs the rl extra: ``pip install "cardcore[rl]"``.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import cardcore as cc
from cardcore.adapters import pettingzoo as cz


def play(env: Any, games: int, seed: int) -> dict[str, float]:
    """Each agent's average return over ``games`` episodes of the AEC environment ``env``
    (any whose observations carry an ``action_mask``), uniform random legal actions."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for game in range(games):
        env.reset(seed=seed if game == 0 else None)  # later deals continue the seeded stream
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
    return {agent: total / games for agent, total in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="episodes per game")
    parser.add_argument("--seed", type=int, default=0, help="seeds the deals and the agents")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    for name in cc.GAMES:
        averages = play(cz.env(name), args.games, args.seed)
        cells = "  ".join(f"{agent} {value:+.3f}" for agent, value in averages.items())
        print(f"{name:<11} {args.games} games: {cells}")


if __name__ == "__main__":
    main()
