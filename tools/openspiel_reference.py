"""Reference figures for cardcore's Kuhn and Leduc engines and its CFR solver, from OpenSpiel.

Writes tests/data/openspiel_reference.json (the C++ tests of cpp/tests/test_solve.cpp read
it): for kuhn_poker and leduc_poker at their default parameters, the size of the game tree
(every history: chance, decision and terminal), the information sets per player, the
exploitability of the uniform policy, and the exploitability of the average policy of
OpenSpiel's Python CFR solvers after 1, 10 and 100 iterations.

Needs OpenSpiel (``pip install open_spiel``); run from the repository root:
``python3 tools/openspiel_reference.py``. Leduc's 100 iterations of four solvers take a few
minutes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, discounted_cfr, exploitability

GAMES = ("kuhn_poker", "leduc_poker")
CHECKPOINTS = (1, 10, 100)
SOLVERS = {
    "cfr": cfr.CFRSolver,
    "cfr+": cfr.CFRPlusSolver,
    "dcfr": lambda game: discounted_cfr.DCFRSolver(game, alpha=1.5, beta=0, gamma=2),
    "linear": discounted_cfr.LCFRSolver,
}
OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel_reference.json"


def tree_counts(state: Any, infosets: list[set[str]]) -> int:
    """The histories under ``state`` (itself included); collects each player's infosets."""
    if state.is_terminal():
        return 1
    if state.is_chance_node():
        actions = [action for action, _ in state.chance_outcomes()]
    else:
        infosets[state.current_player()].add(state.information_state_string())
        actions = state.legal_actions()
    return 1 + sum(tree_counts(state.child(action), infosets) for action in actions)


def reference(name: str) -> dict[str, Any]:
    game = pyspiel.load_game(name)
    infosets: list[set[str]] = [set() for _ in range(game.num_players())]
    histories = tree_counts(game.new_initial_state(), infosets)
    result: dict[str, Any] = {
        "histories": histories,
        "infosets_per_player": [len(s) for s in infosets],
        "uniform_exploitability": exploitability.exploitability(
            game, policy_lib.UniformRandomPolicy(game)
        ),
        "exploitability": {},
    }
    for solver_name, make in SOLVERS.items():
        solver = make(game)
        figures = {}
        for iteration in range(1, CHECKPOINTS[-1] + 1):
            solver.evaluate_and_update_policy()
            if iteration in CHECKPOINTS:
                average = solver.average_policy()
                figures[str(iteration)] = exploitability.exploitability(game, average)
        result["exploitability"][solver_name] = figures
        print(name, solver_name, figures, file=sys.stderr)
    return result


def main() -> None:
    data = {
        "generator": "tools/openspiel_reference.py",
        "open_spiel_version": getattr(pyspiel, "__version__", "unknown"),
        "solvers": {
            "cfr": "open_spiel.python.algorithms.cfr.CFRSolver",
            "cfr+": "open_spiel.python.algorithms.cfr.CFRPlusSolver",
            "dcfr": "open_spiel.python.algorithms.discounted_cfr.DCFRSolver"
            "(alpha=1.5, beta=0, gamma=2)",
            "linear": "open_spiel.python.algorithms.discounted_cfr.LCFRSolver",
        },
        "games": {name: reference(name) for name in GAMES},
    }
    OUT.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
