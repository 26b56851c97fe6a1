"""Shared fixtures: every four-card hand, as masks and as card-id tuples (the oracles'
form), in colex order (the order of cardcore.all_hands)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

# cardcore is imported by the fixtures that use it, not here: tests that need no installed
# package (tests/test_cpp_tests.py, tests/test_format.py) run without one.


@pytest.fixture(scope="session")
def four_card_masks() -> npt.NDArray[np.uint64]:
    import cardcore as cc

    return cc.all_hands(4)


@pytest.fixture(scope="session")
def four_card_hands(four_card_masks: npt.NDArray[np.uint64]) -> list[tuple[int, ...]]:
    import cardcore as cc

    return [tuple(row) for row in cc.ids_from_masks(four_card_masks, 4).tolist()]


def dense_ranks(keys: list[object], lower_wins: bool = True) -> npt.NDArray[np.int32]:
    """Strength-style dense ranks of oracle keys: 1 for the worst, equal keys equal."""
    distinct = sorted(set(keys), reverse=lower_wins)  # worst first
    rank = {key: i + 1 for i, key in enumerate(distinct)}
    return np.array([rank[key] for key in keys], dtype=np.int32)


def vector_ids(vectors: list[tuple[object, ...]]) -> list[str]:
    """pytest ids from the vector names in the first column of a rules table."""
    return [str(vector[0]) for vector in vectors]
