"""The benchmark workloads, shared by ``test_bench_evaluators.py`` and ``report.py``.

:class:`Data` holds the random hands; each :class:`Workload` is one single-threaded call over
one of its fields, timed as a whole and reported per item (hand, round or call).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import limit_loop
import numpy as np
import numpy.typing as npt
from pokerkit import Automation, BadugiHand, FixedLimitBadugi
from pokerkit import Card as PokerkitCard

import cardcore as cc

N_HANDS = 10_000_000
"""Masks (and Bai Buu rounds) per batch call."""
N_CALLS = 1_000_000
"""Python ints per scalar-call loop."""
N_POKERKIT = 20_000
"""Hands given to pokerkit, the first of the same masks: it runs about 20,000 hands/s."""
N_PLAYED = 20_000
"""Badugi hands of random legal play driven from Python through the engine protocol."""
N_POKERKIT_PLAYED = 300
"""The same for pokerkit's FixedLimitBadugi, which plays about 1,500 hands/s."""
N_CLONES = 200_000
"""clone() calls on one mid-hand Badugi state."""
N_BUH_PLAYED = 5_000
"""6-player Buh hands of random legal play driven from Python."""
N_BAIBUU_PLAYED = 20_000
"""Bai Buu rounds of 6 player hands with random arrangements driven from Python."""
N_HUCKLEBUCK_PLAYED = 10_000
"""5-player Hucklebuck hands of random legal play driven from Python."""
N_SIMULATED = 1_000_000
"""Games per native simulation (cc.simulate, one thread, random policies)."""


@dataclass(frozen=True)
class Data:
    masks: npt.NDArray[np.uint64]
    """Random 4-card masks."""
    banker: npt.NDArray[np.uint64]
    """Bai Buu rounds: the banker's and the player's hands, disjoint, C-contiguous."""
    player: npt.NDArray[np.uint64]
    ints: list[int]
    """The first N_CALLS masks as Python ints."""
    pokerkit_hands: list[tuple[PokerkitCard, ...]]
    """The first N_POKERKIT masks as pokerkit cards."""
    out: npt.NDArray[np.int32]
    """Scratch output for ``out=`` and the NumPy pass over the masks."""
    codes: npt.NDArray[np.uint8]
    """Scratch output for the NumPy pass over the rounds."""
    played: range
    """Seeds of the Badugi hands played from Python."""
    pokerkit_played: range
    """Seeds of the pokerkit hands played."""
    clones: range
    """One item per clone() call."""
    buh_played: range
    """Seeds of the 6-player Buh hands played from Python."""
    baibuu_played: range
    """Seeds of the Bai Buu rounds played from Python."""
    hucklebuck_played: range
    """Seeds of the 5-player Hucklebuck hands played from Python."""
    simulated: range
    """One item per game of a native simulation."""


def make_data(n: int = N_HANDS, seed: int = 1) -> Data:
    masks = cc.random_hands(n, 4, seed=seed)
    deals = cc.random_deals(n, (4, 4), seed=seed + 1)
    deck = [next(PokerkitCard.parse(str(cc.Card(card_id)))) for card_id in range(52)]
    ids = cc.ids_from_masks(masks[:N_POKERKIT], 4).tolist()
    return Data(
        masks=masks,
        # columns of deals are strided: settle_many would copy them on every call
        banker=np.ascontiguousarray(deals[:, 0]),
        player=np.ascontiguousarray(deals[:, 1]),
        ints=masks[:N_CALLS].tolist(),
        pokerkit_hands=[tuple(deck[card_id] for card_id in row) for row in ids],
        out=np.empty(n, np.int32),
        codes=np.empty(n, np.uint8),
        played=range(N_PLAYED),
        pokerkit_played=range(N_POKERKIT_PLAYED),
        clones=range(N_CLONES),
        buh_played=range(N_BUH_PLAYED),
        baibuu_played=range(N_BAIBUU_PLAYED),
        hucklebuck_played=range(N_HUCKLEBUCK_PLAYED),
        simulated=range(N_SIMULATED),
    )


def _call_each(fn: Callable[[int], object], ints: Iterable[int]) -> list[object]:
    return [fn(mask) for mask in ints]


def _pokerkit_badugi(hands: list[tuple[PokerkitCard, ...]]) -> int:
    """Builds each hand's pokerkit BadugiHand and compares it with the one before."""
    built = [BadugiHand.from_game(cards) for cards in hands]
    return sum(a < b for a, b in pairwise(built))


def _play(game: Any, seeds: range) -> int:
    """Random legal play of one hand (round) per seed, every step through the protocol."""
    choice = random.Random(0).choice
    steps = 0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
    return steps


_POKERKIT_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _play_pokerkit(seeds: range) -> int:
    """The same with pokerkit's FixedLimitBadugi (stacks 100, blinds 1/2, bets 2/4)."""
    rng = random.Random(0)
    steps = 0
    for _ in seeds:
        state = FixedLimitBadugi.create_state(
            _POKERKIT_AUTOMATIONS, True, 0, (1, 2), 2, 4, 100, 2
        )
        while state.status:
            if state.can_stand_pat_or_discard():
                hand = list(state.hole_cards[state.stand_patter_or_discarder_index])
                pick = rng.randrange(16)
                state.stand_pat_or_discard([c for i, c in enumerate(hand) if pick >> i & 1])
            else:
                verbs = [
                    verb
                    for verb, legal in (
                        (state.fold, state.can_fold()),
                        (state.check_or_call, state.can_check_or_call()),
                        (state.complete_bet_or_raise_to, state.can_complete_bet_or_raise_to()),
                    )
                    if legal
                ]
                rng.choice(verbs)()
            steps += 1
    return steps


def _clone_many(clones: range) -> None:
    state = cc.badugi.Game().new_initial_state(seed=1)
    state.check_or_call()
    clone = state.clone
    for _ in clones:
        clone()


@dataclass(frozen=True)
class Workload:
    label: str
    unit: str
    """What one item is, plural: hands, rounds or calls."""
    items: str
    """The Data field the workload runs over, one item per element."""
    run: Callable[[Data], object]

    def size(self, data: Data) -> int:
        return len(getattr(data, self.items))


WORKLOADS: dict[str, Workload] = {
    "buh_many": Workload(
        "buh.strength_many", "hands", "masks", lambda d: cc.buh.strength_many(d.masks, threads=1)
    ),
    "buh_many_out": Workload(
        "buh.strength_many(out=)",
        "hands",
        "masks",
        lambda d: cc.buh.strength_many(d.masks, threads=1, out=d.out),
    ),
    "badugi_many": Workload(
        "badugi.strength_many",
        "hands",
        "masks",
        lambda d: cc.badugi.strength_many(d.masks, threads=1),
    ),
    "badugi_many_out": Workload(
        "badugi.strength_many(out=)",
        "hands",
        "masks",
        lambda d: cc.badugi.strength_many(d.masks, threads=1, out=d.out),
    ),
    "buh_many_out_2": Workload(
        "buh.strength_many(out=), 2 threads",
        "hands",
        "masks",
        lambda d: cc.buh.strength_many(d.masks, threads=2, out=d.out),
    ),
    "badugi_many_out_2": Workload(
        "badugi.strength_many(out=), 2 threads",
        "hands",
        "masks",
        lambda d: cc.badugi.strength_many(d.masks, threads=2, out=d.out),
    ),
    "settle_many": Workload(
        "baibuu.settle_many",
        "rounds",
        "banker",
        lambda d: cc.baibuu.settle_many(d.banker, d.player, threads=1),
    ),
    "buh_scalar": Workload(
        "buh.strength(int)", "calls", "ints", lambda d: _call_each(cc.buh.strength, d.ints)
    ),
    "badugi_scalar": Workload(
        "badugi.strength(int)", "calls", "ints", lambda d: _call_each(cc.badugi.strength, d.ints)
    ),
    "badugi_play": Workload(
        "badugi random play (Python)",
        "hands",
        "played",
        lambda d: _play(cc.badugi.Game(), d.played),
    ),
    "buh_play": Workload(
        "buh 6-player random play (Python)",
        "hands",
        "buh_played",
        lambda d: _play(cc.buh.Game(players=6), d.buh_played),
    ),
    "baibuu_play": Workload(
        "baibuu 6-hand rounds (Python)",
        "rounds",
        "baibuu_played",
        lambda d: _play(cc.baibuu.Game(player_hands=6), d.baibuu_played),
    ),
    "hucklebuck_play": Workload(
        "hucklebuck 5-player random play (Python)",
        "hands",
        "hucklebuck_played",
        lambda d: _play(cc.hucklebuck.Game(players=5), d.hucklebuck_played),
    ),
    "badugi_simulate": Workload(
        "cc.simulate badugi",
        "hands",
        "simulated",
        lambda d: cc.simulate(cc.badugi.Game(), len(d.simulated), threads=1),
    ),
    "buh_simulate": Workload(
        "cc.simulate buh, 6 players",
        "hands",
        "simulated",
        lambda d: cc.simulate(cc.buh.Game(players=6), len(d.simulated), threads=1),
    ),
    "baibuu_simulate": Workload(
        "cc.simulate baibuu, 6 hands",
        "rounds",
        "simulated",
        lambda d: cc.simulate(cc.baibuu.Game(player_hands=6), len(d.simulated), threads=1),
    ),
    "hucklebuck_simulate": Workload(
        "cc.simulate hucklebuck, 5 players",
        "hands",
        "simulated",
        lambda d: cc.simulate(cc.hucklebuck.Game(players=5), len(d.simulated), threads=1),
    ),
    "badugi_clone": Workload(
        "badugi State.clone()", "calls", "clones", lambda d: _clone_many(d.clones)
    ),
    # baselines
    "numpy_hands": Workload(
        "NumPy masks & 7 -> int32",
        "hands",
        "masks",
        lambda d: np.bitwise_and(d.masks, 7, out=d.out, casting="unsafe"),
    ),
    "c_limit": Workload(
        "C limit loop, checked",
        "hands",
        "masks",
        lambda d: limit_loop.loop("limit_checked")(d.masks, d.out),
    ),
    "c_limit_bare": Workload(
        "C limit loop, unchecked",
        "hands",
        "masks",
        lambda d: limit_loop.loop("limit_bare")(d.masks, d.out),
    ),
    "memory_pass": Workload(
        "C memory pass masks & 7 -> int32",
        "hands",
        "masks",
        lambda d: limit_loop.memory_pass(1)(d.masks, d.out),
    ),
    "memory_pass_2": Workload(
        "C memory pass, 2 threads",
        "hands",
        "masks",
        lambda d: limit_loop.memory_pass(2)(d.masks, d.out),
    ),
    "numpy_rounds": Workload(
        "NumPy banker & player -> uint8",
        "rounds",
        "banker",
        lambda d: np.bitwise_and(d.banker, d.player, out=d.codes, casting="unsafe"),
    ),
    "python_calls": Workload(
        "int.bit_count(int)", "calls", "ints", lambda d: _call_each(int.bit_count, d.ints)
    ),
    "pokerkit_play": Workload(
        "pokerkit FixedLimitBadugi play",
        "hands",
        "pokerkit_played",
        lambda d: _play_pokerkit(d.pokerkit_played),
    ),
    "pokerkit_badugi": Workload(
        "pokerkit BadugiHand",
        "hands",
        "pokerkit_hands",
        lambda d: _pokerkit_badugi(d.pokerkit_hands),
    ),
}


def best_rates(names: Iterable[str], data: Data, repeats: int = 5) -> dict[str, float]:
    """Items per second of each named workload, the fastest of ``repeats`` runs after one
    warmup run. The runs take turns (one of each workload, then the next round), so that a
    change in the machine's load falls on a workload and its baseline alike."""
    names = list(names)
    for name in names:
        WORKLOADS[name].run(data)
    fastest = dict.fromkeys(names, float("inf"))
    for _ in range(repeats):
        for name in names:
            start = time.perf_counter()
            WORKLOADS[name].run(data)
            fastest[name] = min(fastest[name], time.perf_counter() - start)
    return {name: WORKLOADS[name].size(data) / fastest[name] for name in names}


def format_rate(rate: float, unit: str) -> str:
    """``316.5 M hands/s`` style."""
    for scale, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if rate >= scale:
            return f"{rate / scale:.1f} {prefix} {unit}/s"
    return f"{rate:.1f} {unit}/s"
