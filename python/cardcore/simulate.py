"""Simulation at scale: many hands of any game played in C++ by built-in policies.

Game ``i`` of a simulation is played from stream ``i`` of the seed, and single-hand games
rotate the dealer (game ``i`` has first dealer ``i mod players``), so the result of
``simulate(game, n, policies=..., seed=...)`` is the same bit for bit whatever the number of
threads, and whether the chunks run here or on any ``concurrent.futures`` executor (a
``ProcessPoolExecutor``, or a Dask cluster's ``client.get_executor()``).

>>> import cardcore as cc
>>> result = cc.simulate("badugi", 20_000, policies=["rule_based", "random"], seed=1)
>>> bool(result.mean[0] > 0), result.returns.shape
(True, (20000, 2))
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore import _core, badugi, baibuu, buh, hucklebuck
from cardcore._batch import resolve_threads

__all__ = ["POLICIES", "SimulationResult", "simulate"]

GAMES: dict[str, Any] = {
    "badugi": badugi.Game,
    "buh": buh.Game,
    "baibuu": baibuu.Game,
    "hucklebuck": hucklebuck.Game,
}

POLICIES: dict[str, tuple[str, ...]] = {
    "badugi": ("random", "rule_based"),
    "buh": ("random", "rule_based"),
    "baibuu": ("house_way", "optimal", "random"),
    "hucklebuck": ("random", "rule_based"),
}
"""The built-in policies of each game's native rollouts."""

CHUNK = 100_000
"""Games per task when an executor runs the simulation."""


def _name_of(game: Any) -> str:
    for name, cls in GAMES.items():
        if isinstance(game, cls):
            return name
    raise ValueError(f"not a cardcore game: {game!r}")


def _run(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
         policies: list[str], threads: int) -> npt.NDArray[np.float64]:
    """One chunk of games; a plain function so that executors can pickle it."""
    game = GAMES[name](**config)
    module = getattr(_core, name)
    return np.asarray(module.simulate(game, begin, end, seed, policies, threads))


@dataclass(frozen=True)
class SimulationResult:
    """Per-seat returns of every game played, and their summary."""

    game: str
    config: dict[str, Any]
    policies: tuple[str, ...]
    seed: int
    returns: npt.NDArray[np.float64] = field(repr=False)
    """One row per game, one column per seat."""

    @property
    def games(self) -> int:
        return int(self.returns.shape[0])

    @property
    def mean(self) -> npt.NDArray[np.float64]:
        """Mean return per game for each seat."""
        return np.asarray(self.returns.mean(axis=0))

    @property
    def std(self) -> npt.NDArray[np.float64]:
        """Standard deviation of a game's return for each seat."""
        if self.games < 2:
            return np.zeros(len(self.policies))
        return np.asarray(self.returns.std(axis=0, ddof=1))

    @property
    def interval(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The 95% interval of each seat's mean."""
        half = 1.96 * self.std / np.sqrt(max(self.games, 1))
        return self.mean - half, self.mean + half

    @property
    def win_rate(self) -> npt.NDArray[np.float64]:
        """How often each seat ends a game ahead (return above zero)."""
        return np.asarray((self.returns > 0).mean(axis=0))

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain data (no per-game returns)."""
        low, high = self.interval
        return {
            "game": self.game,
            "config": self.config,
            "policies": list(self.policies),
            "seed": self.seed,
            "games": self.games,
            "seats": [
                {"policy": policy, "mean": float(m), "std": float(s), "ci95": [float(a), float(b)],
                 "win_rate": float(w)}
                for policy, m, s, a, b, w in zip(self.policies, self.mean, self.std, low, high,
                                                 self.win_rate, strict=True)
            ],
        }

    def to_json(self) -> str:
        """to_dict() as JSON."""
        return json.dumps(self.to_dict(), indent=2)

    def table(self) -> str:
        """The summary as a text table, one row per seat."""
        low, high = self.interval
        header = f"{'seat':>4}  {'policy':<10} {'mean':>10} {'95% interval':>24} {'std':>9}"
        lines = [f"{self.game}: {self.games:,} games, seed {self.seed}", f"{header} {'ahead':>7}"]
        for seat, policy in enumerate(self.policies):
            interval = f"[{low[seat]:+.4f}, {high[seat]:+.4f}]"
            lines.append(f"{seat:>4}  {policy:<10} {self.mean[seat]:>+10.4f} {interval:>24} "
                         f"{self.std[seat]:>9.3f} {self.win_rate[seat]:>7.1%}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()


def simulate(
    game: Any,
    n: int,
    *,
    policies: Sequence[str] | None = None,
    seed: int = 0,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Plays ``n`` games (hands, rounds, or games to the target as the configuration
    says) of ``game`` (a Game, or a name for its default configuration) in C++, seat ``s``
    choosing by ``policies[s]`` (a built-in name; :data:`POLICIES`), with the GIL released.

    >>> result = simulate("hucklebuck", 1000, seed=3)
    >>> result.returns.shape, result.policies
    ((1000, 4), ('random', 'random', 'random', 'random'))
    """
    if isinstance(game, str):
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        game = GAMES[game]()
    name = _name_of(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive number of games, got {n!r}")
    seats = game.num_players
    if policies is None:
        default = POLICIES[name][0]
        policies = [default] * seats
    policies = list(policies)
    if len(policies) != seats:
        raise ValueError(f"policies needs one name per seat ({seats}), got {len(policies)}")
    for policy in policies:
        if policy not in POLICIES[name]:
            raise ValueError(f"unknown {name} policy {policy!r}: expected one of {POLICIES[name]}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    config = game.config
    bounds = [(start, min(n, start + CHUNK)) for start in range(0, n, CHUNK)]
    if executor is not None:
        futures = [executor.submit(_run, name, config, a, b, seed, policies, 1) for a, b in bounds]
        parts = [future.result() for future in futures]
    else:
        workers = resolve_threads(threads, n)
        parts = []
        for index, (a, b) in enumerate(bounds):
            parts.append(_run(name, config, a, b, seed, policies, workers))
            if progress:
                print(f"\r{name}: {b:,} of {n:,} games ({(index + 1) / len(bounds):.0%})",
                      end="", file=sys.stderr, flush=True)
        if progress:
            print(file=sys.stderr)
    return SimulationResult(name, config, tuple(policies), seed, np.concatenate(parts))
