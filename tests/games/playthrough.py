"""Golden playthroughs: a readable record of games played with a seeded random policy.

The files in tests/data are these records; a change to any rule changes them. After an
intended rule change, regenerate them with ``python -m tests.games.playthrough`` from the
repository root and review the diff.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import cardcore as cc

DATA = Path(__file__).resolve().parents[1] / "data"

# (file name, game, configuration, seed, games played)
PLAYTHROUGHS: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("badugi_hand.txt", "badugi", {}, 7, 6),
    ("badugi_match.txt", "badugi", {"hands": 12, "stacks": (30, 30)}, 11, 1),
    ("buh_2_players.txt", "buh", {"players": 2}, 3, 4),
    ("buh_5_players.txt", "buh", {"players": 5, "stacks": (6, 30, 12, 30, 4)}, 5, 3),
    ("buh_8_players.txt", "buh", {"players": 8, "hands": 3, "stacks": 10}, 8, 1),
    ("baibuu_rounds.txt", "baibuu", {"player_hands": 6, "hands": 3}, 2, 2),
    ("baibuu_agent.txt", "baibuu", {"player_hands": 2, "banker": "agent"}, 4, 4),
    ("hucklebuck_3_players.txt", "hucklebuck", {"players": 3}, 1, 2),
    ("hucklebuck_5_players.txt", "hucklebuck", {"players": 5, "scores": (9, 2, 5, 8, 10)}, 2, 2),
    ("hucklebuck_7_players.txt", "hucklebuck", {"players": 7, "hands": None, "target": 3}, 3, 1),
]


def record(game_name: str, config: dict[str, Any], seed: int, games: int) -> str:
    game = cc.GAMES[game_name](**config)
    lines = [f"{game!r}"]
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_initial_state(seed=seed + index)
        lines.append(f"== game {index + 1}, seed {seed + index}")
        while not state.is_terminal():
            player = state.current_player()
            action = rng.choice(state.legal_actions())
            lines.append(f"P{player}: {state.action_to_string(action)}  {state!r}")
            state.apply_action(action)
            if any(state.rewards()):
                lines.append(f"   hand result {state.rewards()}")
                for p in range(game.num_players):
                    seen = state.observation_string(p).replace("\n", " / ")
                    lines.append(f"   P{p} sees: {seen}")
        lines.append(f"returns {state.returns()}")
        lines.append(f"history {state.history()}")
    return "\n".join(lines) + "\n"


def main() -> None:
    for file_name, game_name, config, seed, games in PLAYTHROUGHS:
        (DATA / file_name).write_text(record(game_name, config, seed, games))
        print(f"wrote {DATA / file_name}")


if __name__ == "__main__":
    main()
