"""Every golden playthrough in tests/data replays exactly (see playthrough.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.playthrough import DATA, PLAYTHROUGHS, record


@pytest.mark.parametrize(("file_name", "game", "config", "seed", "games"), PLAYTHROUGHS,
                         ids=[p[0] for p in PLAYTHROUGHS])
def test_playthrough_is_unchanged(
    file_name: str, game: str, config: dict[str, Any], seed: int, games: int
) -> None:
    expected = (DATA / file_name).read_text()
    actual = record(game, config, seed, games)
    assert actual == expected, (
        f"{file_name} changed; if the rule change is intended, regenerate with "
        "`python -m tests.games.playthrough` and review the diff"
    )
