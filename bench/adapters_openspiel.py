"""Random games per second through OpenSpiel: every cardcore game by the adapter, next to
OpenSpiel's own C++ ``universal_poker`` (heads-up limit hold'em) in the same Python loop.

    python bench/adapters_openspiel.py [--games 2000] [--repeats 3]

The loop is what a Python user of ``pyspiel`` writes: from ``game.new_initial_state()``,
sample each chance node from ``chance_outcomes()`` and pick a uniform random legal action at
each decision, until the end. Each figure is the best of ``--repeats`` runs after a warmup
run, single-threaded. The ``engine direct`` column runs the same loop on the bare cardcore
engine (explicit chance too), which shows what the adapter costs.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from importlib.metadata import version
from typing import Any

import pyspiel
from workloads import format_rate

import cardcore as cc
from cardcore.adapters import openspiel

LIMIT_HOLDEM = (
    "universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,firstPlayer=2 1 1 1,"
    "numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=10 10 20 20,"
    "maxRaises=3 4 4 4)"
)

# (label, cardcore game name, OpenSpiel parameters)
CARDCORE: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Badugi, heads-up", "badugi", {}),
    ("Buh, 4 players", "buh", {"players": 4}),
    ("Bai Buu, 1 hand vs banker", "baibuu", {}),
    ("Bai Buu, 6 hands vs banker", "baibuu", {"player_hands": 6}),
    ("Hucklebuck, 4 players", "hucklebuck", {"players": 4}),
)


def play(game: Any, games: int, seed: int) -> int:
    """Plays ``games`` random games of a pyspiel or cardcore game; the actions applied."""
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def best_rate(game: Any, games: int, repeats: int) -> tuple[float, float]:
    """Games per second of the fastest of ``repeats`` runs after a warmup, and the mean
    number of actions (chance included) a game."""
    actions = play(game, games, seed=0)
    times = []
    for repeat in range(repeats):
        start = time.perf_counter()
        play(game, games, seed=repeat + 1)
        times.append(time.perf_counter() - start)
    return games / min(times), actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per timed run")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per figure")
    args = parser.parse_args()

    openspiel.register()
    rows = []
    for label, name, params in CARDCORE:
        game = pyspiel.load_game(openspiel.SHORT_NAMES[name], params)
        rate, length = best_rate(game, args.games, args.repeats)
        direct, _ = best_rate(game.engine, args.games, args.repeats)
        rows.append((label, rate, length, format_rate(direct, "games")))
    holdem = pyspiel.load_game(LIMIT_HOLDEM)
    rate, length = best_rate(holdem, args.games, args.repeats)
    rows.append(("universal_poker, limit hold'em heads-up", rate, length, "(C++ game)"))

    print(
        f"cardcore {cc.__version__}, open_spiel {version('open_spiel')}, "
        f"Python {platform.python_version()}\n"
        f"random games through pyspiel from a Python loop, single thread, best of "
        f"{args.repeats} runs of {args.games:,} games after a warmup\n"
    )
    table = [("game", "through pyspiel", "actions/game", "actions/s", "engine direct")]
    for label, rate, length, direct_text in rows:
        table.append((label, format_rate(rate, "games"), f"{length:.1f}",
                      format_rate(rate * length, "actions"), direct_text))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print("  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths, strict=True))))


if __name__ == "__main__":
    main()
