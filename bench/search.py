"""Simulations per second of the native ISMCTS (``cc.search.ismcts``, docs/search.md), next to
OpenSpiel's Python ``ISMCTSBot`` on the same decision through the OpenSpiel adapter, in the
same run; and the native search on 2 threads against 1.

    python bench/search.py [--simulations 200000] [--openspiel-simulations 2000] [--repeats 3]

The decision: the first decision of a fixed deal (dealer 0, the chance outcomes drawn from
``random.Random(1)``) of Badugi heads-up and of Hucklebuck with 4 players. Both searches use
uniformly random rollouts: the native one ``rollout="random"``, OpenSpiel's a
``RandomRolloutEvaluator`` with one rollout. Each rate is the best of ``--repeats`` timed
searches after a warmup one. OpenSpiel is in the ``rl`` extra (``pip install
cardcore[rl]``).

    python bench/search.py --strength-settings [--decisions 2000]

times instead one search with the settings of bench/search_strength.py (1,000 simulations,
the game's rule-based rollouts) in CPU time of the thread (``time.thread_time``, so that other
work on the machine weighs less): on the first decision of ``--decisions`` Bai Buu rounds,
and on seat 0's decisions of a Hucklebuck game to 11 (``horizon="hand"``, ``uct_c=0.2``).

    python bench/search.py --match-length [--simulations 1000]

times one search (``horizon="hand"``) at the first decision of the first hand and of the
last hand of a Badugi match of 10,000 hands, a seeded match whose two seats never bet or
raise (they check, or call or fold at even odds), so that no stack runs out before the last
hand: the search's cost should not grow with the hands played before the one in play.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from importlib.metadata import version
from typing import Any

import numpy as np

import cardcore as cc

GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Badugi, heads-up", "badugi", {}),
    ("Hucklebuck, 4 players", "hucklebuck", {"players": 4}),
)


def early_decision(name: str, config: dict[str, Any], pyspiel_game: Any) -> tuple[Any, Any]:
    """The first decision of the fixed deal, as an engine state (explicit chance) and as the
    adapter's OpenSpiel state."""
    rng = random.Random(1)
    engine = cc.GAMES[name](**config, first_dealer=0).new_initial_state()
    spiel = pyspiel_game.new_initial_state()
    while engine.is_chance_node():
        card = rng.choice(engine.legal_actions())
        engine.apply_action(card)
        spiel.apply_action(card)
    assert spiel.current_player() == engine.current_player()
    return engine, spiel


def best_rate(run: Any, simulations: int, repeats: int) -> float:
    run()  # warmup
    best = 0.0
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        best = max(best, simulations / (time.perf_counter() - started))
    return best


def strength_settings_cost(decisions: int) -> None:
    """The CPU time of a search with the strength settings (module docstring)."""
    baibuu = cc.baibuu.Game()
    spent, searches = 0.0, 0
    for seed in range(decisions):
        state = baibuu.new_initial_state(seed=seed)
        if state.is_terminal():
            continue
        started = time.thread_time()
        cc.search.ismcts(state, simulations=1000, seed=seed)
        spent += time.thread_time() - started
        searches += 1
    print(f"Bai Buu, a player hand:        {spent / searches * 1e3:6.3f} ms a search "
          f"({searches:,} searches)")
    state = cc.hucklebuck.Game(players=4, hands=None).new_initial_state(seed=5)
    spent, searches = 0.0, 0
    while not state.is_terminal():
        if state.current_player() == 0:
            started = time.thread_time()
            action = cc.search.ismcts(state, simulations=1000, uct_c=0.2, horizon="hand",
                                      seed=searches).action
            spent += time.thread_time() - started
            searches += 1
        else:
            action = cc.hucklebuck.policy_action(state, "rule_based")
        state.apply_action(action)
    print(f"Hucklebuck to 11, seat 0:      {spent / searches * 1e3:6.3f} ms a search "
          f"({searches:,} searches, {state.hand_number} hands)")


def calm_action(state: Any, rng: random.Random) -> int:
    """A Badugi action that never bets or raises: a check when free, else a call or a fold at
    even odds, and a random draw."""
    legal = state.legal_actions()
    if 1 in legal:
        return 1
    if 2 in legal:
        return 2 if rng.random() < 0.5 else 0
    return int(rng.choice(legal))


def match_length_cost(simulations: int) -> None:
    """The time of a search at the first and at the last hand of a long match (module
    docstring)."""
    rng = random.Random(5)  # a match of seed 5 lasts every hand
    state = cc.badugi.Game(hands=10_000).new_initial_state(seed=5)
    first: Any = None  # the first decision of hand 1
    last: Any = None  # the first decision of the latest hand
    while not state.is_terminal():
        if last is None or last.hand_number != state.hand_number:
            last = state.clone()
            first = first or last
        state.apply_action(calm_action(state, rng))
    for decision in (first, last):
        hand = decision.hand_number
        cc.search.ismcts(decision, simulations=10, horizon="hand", seed=7)  # warmup
        started = time.perf_counter()
        cc.search.ismcts(decision, simulations=simulations, horizon="hand", seed=7)
        spent = time.perf_counter() - started
        print(f"Badugi, hand {hand:>6,} of 10,000 ({len(decision.history()):>7,} actions before): "
              f"{spent * 1e3:9.1f} ms for {simulations:,} simulations")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strength-settings", action="store_true",
                        help="time searches with the strength settings instead")
    parser.add_argument("--match-length", action="store_true",
                        help="time a search at the first and the last hand of a long match")
    parser.add_argument("--decisions", type=int, default=2_000)
    parser.add_argument("--simulations", type=int)
    parser.add_argument("--openspiel-simulations", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    if args.strength_settings:
        strength_settings_cost(args.decisions)
        return
    if args.match_length:
        match_length_cost(args.simulations or 1_000)
        return

    import pyspiel
    from open_spiel.python.algorithms import ismcts as spiel_ismcts
    from open_spiel.python.algorithms import mcts as spiel_mcts

    from cardcore.adapters import openspiel

    openspiel.register()
    print(f"cardcore {cc.__version__}, open_spiel {version('open_spiel')} "
          f"({platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()})")
    rows = []
    for label, name, config in GAMES:
        game = pyspiel.load_game(f"python_cardcore_{name}", {**config, "first_dealer": 0})
        engine, spiel = early_decision(name, config, game)
        n = args.simulations or 200_000

        def native(threads: int, n: int = n, engine: Any = engine) -> None:
            cc.search.ismcts(engine, simulations=n, rollout="random", seed=7, threads=threads)

        one = best_rate(lambda: native(1), n, args.repeats)
        two = best_rate(lambda: native(2), n, args.repeats)
        m = args.openspiel_simulations

        def theirs(m: int = m, game: Any = game, spiel: Any = spiel) -> None:
            evaluator = spiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
            bot = spiel_ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=m,
                                         random_state=np.random.RandomState(1))
            bot.step(spiel)

        base = best_rate(theirs, m, args.repeats)
        rows.append({"game": label, "native_1_thread": one, "native_2_threads": two,
                     "openspiel_python": base, "speedup": one / base, "two_vs_one": two / one})
        print(f"{label:<24} native {one:>12,.0f} sims/s  2 threads {two:>12,.0f} "
              f"({two / one:.2f}x)  OpenSpiel ISMCTSBot {base:>9,.0f} sims/s  "
              f"native/OpenSpiel {one / base:,.0f}x")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=2)


if __name__ == "__main__":
    main()
