"""Typed use of the public API as a user writes it; mypy --strict checks this file."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import cardcore as cc


def best_buh(hands: list[str]) -> str:
    return max(hands, key=cc.buh.strength)


def badugi_strengths(n: int) -> npt.NDArray[np.int32]:
    return cc.badugi.strength_many(cc.random_hands(n, 4, seed=1), threads=2)


def banker_edge(n: int) -> float:
    deals = cc.random_deals(n, (4, 4), seed=2)
    rounds = cc.baibuu.settle_many(deals[:, 0], deals[:, 1])
    return float(rounds.banker_net.mean())


def describe(cards: cc.CardLike) -> str:
    hand = cc.buh.evaluate(cards)
    low: cc.baibuu.Arrangement | None = cc.baibuu.house_way("Qs Kh 6c 4d")
    outcome: cc.baibuu.Outcome = cc.baibuu.settle("As Ks Qs 2d", "3c 4c 5h 6h")
    winner: int = cc.hucklebuck.trick_winner(["7s", "Ks"], trump="h")
    return f"{hand.description} {low} {outcome.winner} {winner} {cc.CardSet(cards).pretty()}"
