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

``cardcore.simulate`` is this module, and calling it calls :func:`simulate`:
``import cardcore.simulate as sm`` gives the module (``sm.POLICIES``), and
``cc.simulate(...)`` plays.

>>> import cardcore.simulate as sm
>>> sm.POLICIES["badugi"], sm is cc.simulate, sm.simulate("buh", 10).games
(('random', 'rule_based'), True, 10)
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._batch import resolve_threads
from cardcore._checks import checked_int, checked_seed, shown
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, MODULES, module_of

__all__ = ["POLICIES", "Policy", "SimulationResult", "simulate"]

POLICIES: dict[str, tuple[str, ...]] = {m.SPEC.name: m.SPEC.policies for m in MODULES}
"""The built-in policies of each game's native rollouts (each game's ``SPEC.policies``)."""

CHUNK = 100_000
"""Games per task when an executor runs the simulation."""


def _run(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
         policies: list[str], threads: int) -> tuple[npt.NDArray[np.float64], dict[str, int]]:
    """One chunk of games: its returns and counts. A plain function so that executors can
    pickle it."""
    game = GAMES[name](**config)
    module = getattr(_core, name)
    returns, counts = module.simulate(game, begin, end, seed, policies, threads)
    return np.asarray(returns), dict(counts)


@dataclass(frozen=True)
class SimulationResult:
    """Per-seat returns of every game played, and their summary."""

    game: str
    config: dict[str, Any]
    policies: tuple[str, ...]
    seed: int
    returns: npt.NDArray[np.float64] = field(repr=False)
    """One row per game, one column per seat."""
    counts: dict[str, int] = field(default_factory=dict)
    """What the games counted, by name; the first is the hands (Bai Buu: rounds) played.
    Badugi: ``showdowns``. Buh: ``declarations`` (buhs declared) and ``showdowns``. Bai Buu:
    ``naturals`` (player hands dealt a Natural), ``banker_naturals`` and ``fouls`` (player
    hands arranged foul). Hucklebuck: ``drops`` (players who dropped out of a hand) and
    ``no_tricks`` (players who stayed in and took no trick)."""

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

    def per_hand(self) -> dict[str, float]:
        """Each count after the first, per hand (Bai Buu: per round) played."""
        names = list(self.counts)
        hands = self.counts[names[0]]
        return {name: self.counts[name] / hands for name in names[1:]} if hands else {}

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
            "counts": dict(self.counts),
            "per_hand": self.per_hand(),
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
        if self.counts:
            unit = next(iter(self.counts))
            rates = ", ".join(f"{name.replace('_', ' ')} {rate:.4g}"
                              for name, rate in self.per_hand().items())
            lines.append(f"{self.counts[unit]:,} {unit}; per {unit[:-1]}: {rates}")
        lines.append("mean: won per game (chips, or points); ahead: share of games it won more "
                     "than it lost")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()

    def plot(self, path: str) -> None:
        """Writes a PNG of each seat's cumulative result over the games played, and of the
        distribution of one game's result. Needs matplotlib (``pip install cardcore[plot]``).
        """
        try:
            import matplotlib
        except ImportError as error:
            raise ImportError("plotting needs matplotlib: pip install 'cardcore[plot]'") from error
        matplotlib.use("Agg")  # files only, no screen
        from matplotlib import pyplot

        figure, (cumulative, spread) = pyplot.subplots(1, 2, figsize=(12, 4.5))
        # At most ~2,000 points a line: every step-th game's running total.
        step = max(1, self.games // 2000)
        games = np.arange(step, self.games + 1, step)
        totals = np.cumsum(self.returns, axis=0)[step - 1::step]
        values = np.unique(self.returns)
        # Discrete results (chips, points) get a bar per value; many values, 60 bins.
        bins = (np.append(values, values[-1] + 1) - 0.5 if len(values) <= 60 else 60)
        for seat, policy in enumerate(self.policies):
            label = f"seat {seat} ({policy})"
            cumulative.plot(games, totals[:, seat], label=label, linewidth=1)
            spread.hist(self.returns[:, seat], bins=bins, histtype="step", label=label)
        cumulative.set(title="cumulative result", xlabel="games", ylabel="chips / points")
        spread.set(title="result of one game", xlabel="chips / points", ylabel="games",
                   yscale="log")
        cumulative.legend(fontsize="small")
        figure.suptitle(f"{self.game}: {self.games:,} games, seed {self.seed}")
        figure.tight_layout()
        figure.savefig(path, dpi=100)
        pyplot.close(figure)


Policy = str | Callable[[Any], int] | None
"""What chooses for a seat of :func:`simulate`: a built-in name (:data:`POLICIES`), a
callable that takes the state and returns a legal action id, or None for a seat that plays
inside the engine."""


def _engine_label(game: Any) -> tuple[str, str]:
    """How the table names the seats that play inside the engine (a Bai Buu banker by the
    house way), and the words that say why: the configuration choice that makes them play
    there when it names a built-in policy, else ``engine``."""
    spec = module_of(game).SPEC
    for entry in spec.fields:
        value = game.config.get(entry.name)
        if entry.kind == "choice" and value in spec.policies:
            return str(value), (f"{entry.name}={value!r} in the configuration; "
                                f"{entry.name} is one of {', '.join(entry.choices)}")
    return "engine", "the configuration"


def _label(policy: Policy) -> str:
    """A seat's name of its policy in the result: the built-in name, or the callable's."""
    if isinstance(policy, str):
        return policy
    return str(getattr(policy, "__name__", type(policy).__name__))


def _checked_policies(game: Any, name: str, policies: Sequence[Policy] | None) -> list[Policy]:
    """One policy per seat (None at the seats that play inside the engine), each checked;
    a list without the engine's seats gets them added."""
    seats, acting = game.num_players, game.acting_players
    if policies is None:
        return [POLICIES[name][0]] * acting + [None] * (seats - acting)
    if isinstance(policies, str) or callable(policies):
        what = "the string" if isinstance(policies, str) else "the callable"
        raise ValueError(f"policies must be a list, one per seat ({seats}), got {what} "
                         f"{shown(policies)}")
    policies = list(policies)
    if len(policies) == acting < seats:
        policies += [None] * (seats - acting)
    if len(policies) != seats:
        also = f", or one per seat that decides ({acting})" if acting < seats else ""
        raise ValueError(f"policies needs one per seat ({seats}{also}), got {len(policies)}")
    label, why = _engine_label(game)
    for seat, policy in enumerate(policies):
        if seat >= acting:
            if policy is not None and policy != label:
                raise ValueError(
                    f"policies[{seat}] is {shown(policy)}, but seat {seat} plays inside the "
                    f"engine ({why}), so no policy controls it: give None for it (or "
                    f"{label!r}), or configure the seat to decide")
        elif policy is None or (not callable(policy) and policy not in POLICIES[name]):
            raise ValueError(f"unknown {name} policy {shown(policy)}: expected one of "
                             f"{', '.join(POLICIES[name])}, or a callable (at seat {seat})")
    return policies


def simulate(
    game: Any,
    n: int,
    *,
    policies: Sequence[Policy] | None = None,
    seed: int = 0,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Plays ``n`` games (hands, rounds, or games to the target as the configuration
    says) of ``game`` (a Game, or a name for its default configuration), seat ``s``
    choosing by ``policies[s]``: a built-in name (:data:`POLICIES`; by default the game's
    first) or a callable that takes the state and returns a legal action id. A seat that
    plays inside the engine (a Bai Buu banker by the house way) takes None, or is left out
    of the list. With built-in names only, the games are played in C++ with the GIL
    released; with a callable, on one thread, calling it for each of its decisions (see
    ``docs/simulate.md`` for how much slower that is). The deals, the seeding and the
    built-in seats' choices are the same either way.

    >>> result = simulate("hucklebuck", 1000, seed=3)
    >>> result.returns.shape, result.policies
    ((1000, 4), ('random', 'random', 'random', 'random'))
    >>> def first(state):  # any callable from a state to a legal action id
    ...     return state.legal_actions()[0]
    >>> simulate("badugi", 100, policies=[first, "rule_based"], seed=3).policies
    ('first', 'rule_based')
    """
    name = module_of(game).SPEC.name
    if isinstance(game, str):
        game = GAMES[name]()
    n = checked_int(n, "n", "a positive number of games", lambda count: count >= 1)
    checked = _checked_policies(game, name, policies)
    labels = tuple(_engine_label(game)[0] if policy is None else _label(policy)
                   for policy in checked)
    # The engine never asks a seat it plays itself: any built-in name fills its place.
    native = [POLICIES[name][0] if policy is None else policy for policy in checked]
    seed = checked_seed(seed)
    config = game.config
    bounds = [(start, min(n, start + CHUNK)) for start in range(0, n, CHUNK)]
    results: Iterator[tuple[npt.NDArray[np.float64], dict[str, int]]]
    if any(callable(policy) for policy in native):
        if executor is not None:
            raise ValueError("a callable policy plays in this process: executor= takes built-in "
                             "policy names only")
        module = getattr(_core, name)
        results = ((np.asarray(returns), dict(counts)) for returns, counts in
                   (module.simulate_calling(game, a, b, seed, native) for a, b in bounds))
    elif executor is not None:
        names = [str(policy) for policy in native]
        futures = [executor.submit(_run, name, config, a, b, seed, names, 1) for a, b in bounds]
        results = (future.result() for future in futures)
    else:
        workers = resolve_threads(threads, n)
        names = [str(policy) for policy in native]
        results = (_run(name, config, a, b, seed, names, workers) for a, b in bounds)
    parts = []
    for index, ((_, b), part) in enumerate(zip(bounds, results, strict=True)):
        parts.append(part)
        if progress:
            print(f"\r{name}: {b:,} of {n:,} games ({(index + 1) / len(bounds):.0%})",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    counts = {key: sum(part_counts[key] for _, part_counts in parts) for key in parts[0][1]}
    return SimulationResult(name, config, labels, seed,
                            np.concatenate([returns for returns, _ in parts]), counts)


class _CallableModule(ModuleType):
    """The class of this module: calling it calls :func:`simulate`, so that
    ``cardcore.simulate`` is at once the function (``cc.simulate(...)``) and the module
    (``import cardcore.simulate as sm``, ``sm.POLICIES``)."""

    def __call__(self, *args: Any, **kwargs: Any) -> SimulationResult:
        return simulate(*args, **kwargs)


__signature__ = inspect.signature(simulate)
"""The module called is :func:`simulate`: ``inspect.signature`` shows its parameters."""

sys.modules[__name__].__class__ = _CallableModule

__dir__ = public_dir(__all__)
