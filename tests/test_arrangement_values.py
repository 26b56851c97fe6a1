"""Bai Buu's arrangement_values (docs/odds.md): the exact value of each split against a
house-way banker, checked against the exact optimal-arrangement tables and, for a few
holdings, against settling every one of the 194,580 banker holdings."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import cardcore as cc

BANKERS = math.comb(48, 4)


def _holdings(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    result = []
    while len(result) < count:
        mask = sum(1 << c for c in rng.sample(range(52), 4))
        if cc.baibuu.natural(mask) is None:
            result.append(mask)
    return result


def test_the_best_split_is_the_optimal_arrangement_and_its_value_the_score() -> None:
    for mask in _holdings(300, seed=1):
        values = cc.baibuu.arrangement_values(mask)
        assert len(values) == 6
        assert sorted(v.arrangement.index for v in values) == list(range(6))
        optimal = cc.baibuu.optimal_arrangement(mask)
        assert optimal is not None
        assert values[0].arrangement.index == optimal.index
        assert [v.optimal for v in values] == [True] + [False] * 5
        house = cc.baibuu.house_way(mask)
        assert house is not None
        assert [v.arrangement.index for v in values if v.house_way] == [house.index]
        for v in values:
            # arrangement_score: +97 a win, -100 a loss, over every banker holding.
            score = cc._core.baibuu.arrangement_score(mask, v.arrangement.index)
            assert v.value == pytest.approx(score / (100 * BANKERS), abs=1e-12)
            if not v.arrangement.is_valid:
                assert v.value == -1
        assert [v.value for v in values] == sorted((v.value for v in values), reverse=True)


@pytest.mark.parametrize("bp", [0, 300, 500])
def test_values_are_the_mean_settlement_against_every_banker_holding(bp: int) -> None:
    everyone = cc.all_hands(4)
    for mask in _holdings(2, seed=bp):
        bankers = everyone[(everyone & np.uint64(mask)) == 0]
        assert len(bankers) == BANKERS
        for v in cc.baibuu.arrangement_values(mask, commission_bp=bp):
            low = np.full(len(bankers), v.arrangement.low.cards.mask, dtype=np.uint64)
            players = np.full(len(bankers), mask, dtype=np.uint64)
            result = cc.baibuu.settle_many(bankers, players, player_low=low, wager=10_000,
                                           commission_bp=bp)
            assert v.value == pytest.approx(result.player_net.mean() / 10_000, abs=1e-12)


def test_commission_moves_every_win() -> None:
    mask = _holdings(1, seed=9)[0]
    free = {v.arrangement.index: v.value for v in cc.baibuu.arrangement_values(mask,
                                                                            commission_bp=0)}
    for v in cc.baibuu.arrangement_values(mask):
        wins = (free[v.arrangement.index] + 1) / 2  # at 0 bp a win is +1, a loss -1
        assert v.value == pytest.approx(wins * 0.97 - (1 - wins), abs=1e-12)


def test_printing_marks_the_house_way_and_the_fouls() -> None:
    values = cc.baibuu.arrangement_values("Qs Kh 6c 4d")
    assert str(values[0]).endswith("(house way, optimal)")
    assert str(values[-1]).endswith(", foul")


@pytest.mark.parametrize("call,message", [
    (lambda: cc.baibuu.arrangement_values("6s 7s 8s 9s"), "Natural"),
    (lambda: cc.baibuu.arrangement_values("6s 7s 8s"), "4 cards"),
    (lambda: cc.baibuu.arrangement_values("6s 7s 8s 8s"), "uplicate"),
    (lambda: cc.baibuu.arrangement_values("Qs Kh 6c 4d", commission_bp=-1), "commission_bp"),
    (lambda: cc.baibuu.arrangement_values("Qs Kh 6c 4d", commission_bp=10_001), "commission_bp"),
    (lambda: cc.baibuu.arrangement_values("Qs Kh 6c 4d", commission_bp="3"), "commission_bp"),
])
def test_bad_input_is_a_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
