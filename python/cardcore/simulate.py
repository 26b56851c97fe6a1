"""Simulation at scale: many hands of any game played in C++ by built-in policies.

Game ``i`` of a simulation is played from stream ``i`` of the seed, and single-hand games
rotate the dealer (game ``i`` has first dealer ``i mod players``), so the result of
``simulate(game, n, policies=..., seed=...)`` is the same bit for bit whatever the number of
threads, and whether the chunks run here or on any ``concurrent.futures`` executor (a
``ProcessPoolExecutor``, or a Dask cluster's ``client.get_executor()``).

With ``keep_returns=False`` no per-game row is kept: C++ summarizes the games as it plays
them (each seat's mean and spread, games ahead, a histogram), so a run of 10**10 games takes
the memory of one of 10**5. Its summary is the same for any number of threads or executors.

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
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._batch import resolve_threads
from cardcore._checks import check_allocation, checked_int, checked_seed, shown
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, MODULES, module_of, spec_of
from cardcore.search import policy_text

__all__ = ["POLICIES", "Policy", "ReturnsSummary", "SimulationResult", "simulate"]

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


def _run_summary(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
                 policies: list[str], threads: int) -> tuple[ReturnsSummary, dict[str, int]]:
    """One chunk of games summarized in C++ (keep_returns=False): its summary and counts."""
    game = GAMES[name](**config)
    edges = _bin_edges(game)
    mean, m2, ahead, histogram, totals, counts = getattr(_core, name).simulate_summary(
        game, begin, end, seed, policies, threads, edges[0], edges[-1], len(edges) - 1)
    games = end - begin
    checkpoints = np.minimum(np.arange(1, len(totals) + 1) * _SUMMARY_BLOCK, games)
    return ReturnsSummary(games, mean, m2, ahead, histogram, edges, checkpoints,
                          totals), dict(counts)


def _run_calling(game: Any, name: str, policies: list[str | Callable[[Any], int]], begin: int,
                 end: int, seed: int, keep_returns: bool) -> tuple[Any, dict[str, int]]:
    """One chunk of games where a callable chooses for some seat, played in this process:
    its returns (or, with keep_returns=False, their summary) and counts."""
    returns, counts = getattr(_core, name).simulate_calling(game, begin, end, seed, policies)
    rows = np.asarray(returns)
    return (rows if keep_returns else _summary_of_rows(rows, _bin_edges(game))), dict(counts)


def _summary_of_rows(rows: npt.NDArray[np.float64],
                     edges: npt.NDArray[np.float64]) -> ReturnsSummary:
    """The ReturnsSummary of a chunk's returns (games x seats), as C++ summarizes them."""
    mean = rows.mean(axis=0)
    inside = np.clip(rows, edges[0], np.nextafter(edges[-1], -np.inf))  # the end bins catch all
    histogram = np.stack([np.histogram(column, bins=edges)[0] for column in inside.T])
    checkpoints = np.minimum(np.arange(1, -(-len(rows) // _SUMMARY_BLOCK) + 1) * _SUMMARY_BLOCK,
                             len(rows))
    return ReturnsSummary(len(rows), mean, ((rows - mean) ** 2).sum(axis=0),
                          (rows > 0).sum(axis=0), histogram.astype(np.int64), edges,
                          checkpoints, np.cumsum(rows, axis=0)[checkpoints - 1])


_SUMMARY_BLOCK = 1024
"""Games a C++ summary block holds (kSummaryBlock): the running totals' spacing."""


_MAX_BINS = 256
_MAX_POINTS = 2048


def _bin_edges(game: Any) -> npt.NDArray[np.float64]:
    """The histogram's bins over the game's utility range. Whole-number bounds (chips,
    points) get bins of a whole width with edges halfway between whole numbers, so that no
    whole-number return lies on an edge: one bin a value up to _MAX_BINS values. Other
    bounds get _MAX_BINS equal bins."""
    low, high = float(game.min_utility), float(game.max_utility)
    if low.is_integer() and high.is_integer():
        width = -(-(high - low + 1) // _MAX_BINS)
        bins = int(-(-(high - low + 1) // width))
        return np.asarray(low - 0.5 + width * np.arange(bins + 1))
    return np.linspace(low, high, _MAX_BINS + 1, dtype=np.float64)


@dataclass(frozen=True)
class ReturnsSummary:
    """Each seat's returns over many games, summarized as they were played: what
    ``simulate(..., keep_returns=False)`` keeps instead of one row a game.

    Means and ``m2`` (the sum of squared deviations from the mean) combine by the parallel
    formula of Chan, Golub and LeVeque, chunk after chunk in game order, so a summary is the
    same for any split of the games between threads and executors.
    """

    games: int
    mean: npt.NDArray[np.float64]
    m2: npt.NDArray[np.float64] = field(repr=False)
    ahead: npt.NDArray[np.int64] = field(repr=False)
    """Games each seat ended above zero."""
    histogram: npt.NDArray[np.int64] = field(repr=False)
    """``histogram[seat, b]``: the games whose return for ``seat`` fell in bin ``b``
    (``bin_edges[b]`` to ``bin_edges[b + 1]``; a return outside counts in an end bin)."""
    bin_edges: npt.NDArray[np.float64] = field(repr=False)
    checkpoints: npt.NDArray[np.int64] = field(repr=False)
    """Games played at up to 2,048 points of the run (for the plot's running totals)."""
    totals: npt.NDArray[np.float64] = field(repr=False)
    """Each seat's total return at each checkpoint: ``(len(checkpoints), seats)``."""

    def then(self, later: ReturnsSummary) -> ReturnsSummary:
        """This summary followed by ``later``'s games."""
        games = self.games + later.games
        share = later.games / games
        delta = later.mean - self.mean
        checkpoints = np.concatenate([self.checkpoints, self.games + later.checkpoints])
        totals = np.concatenate([self.totals, self.totals[-1] + later.totals])
        while len(checkpoints) > _MAX_POINTS:  # every other point, the last kept
            checkpoints, totals = checkpoints[::-2][::-1], totals[::-2][::-1]
        return ReturnsSummary(games, self.mean + delta * share,
                              self.m2 + later.m2 + delta * delta * self.games * share,
                              self.ahead + later.ahead, self.histogram + later.histogram,
                              self.bin_edges, checkpoints, totals)


@dataclass(frozen=True)
class SimulationResult:
    """Per-seat returns of every game played, and their summary. With
    ``keep_returns=False`` only the summary is kept (``streamed`` is True): everything below
    works from it but :attr:`returns`, which needs the rows."""

    game: str
    config: dict[str, Any]
    policies: tuple[str, ...]
    seed: int
    rows: npt.NDArray[np.float64] | None = field(repr=False)
    """One row per game, one column per seat; None when the run kept no returns."""
    counts: dict[str, int] = field(default_factory=dict)
    """What the games counted, by name; the first is the hands (Bai Buu: rounds) played.
    Badugi: ``showdowns``. Buh: ``declarations`` (buhs declared) and ``showdowns``. Bai Buu:
    ``naturals`` (player hands dealt a Natural), ``banker_naturals`` and ``fouls`` (player
    hands arranged foul). Hucklebuck: ``drops`` (players who dropped out of a hand) and
    ``no_tricks`` (players who stayed in and took no trick)."""
    summary: ReturnsSummary | None = field(default=None, repr=False)
    """The streamed summary, when the run kept no returns."""

    @property
    def streamed(self) -> bool:
        """Whether the run kept only a summary (``keep_returns=False``)."""
        return self.rows is None

    @property
    def returns(self) -> npt.NDArray[np.float64]:
        """One row per game, one column per seat (a run with ``keep_returns=True``)."""
        if self.rows is None:
            raise ValueError(
                f"this simulation of {self.games:,} games kept no per-game returns "
                "(keep_returns=False): its summary (mean, std, interval, win_rate, the "
                "histogram of summary) is all there is; run with keep_returns=True for the rows")
        return self.rows

    def _summary(self) -> ReturnsSummary:
        assert self.summary is not None  # a streamed result has one
        return self.summary

    @property
    def games(self) -> int:
        return self._summary().games if self.rows is None else int(self.rows.shape[0])

    @property
    def mean(self) -> npt.NDArray[np.float64]:
        """Mean return per game for each seat."""
        if self.rows is None:
            return self._summary().mean
        return np.asarray(self.rows.mean(axis=0))

    @property
    def std(self) -> npt.NDArray[np.float64]:
        """Standard deviation of a game's return for each seat."""
        if self.games < 2:
            return np.zeros(len(self.policies))
        if self.rows is None:
            return np.asarray(np.sqrt(self._summary().m2 / (self.games - 1)))
        return np.asarray(self.rows.std(axis=0, ddof=1))

    @property
    def interval(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The 95% interval of each seat's mean."""
        half = 1.96 * self.std / np.sqrt(max(self.games, 1))
        return self.mean - half, self.mean + half

    @property
    def win_rate(self) -> npt.NDArray[np.float64]:
        """How often each seat ends a game ahead (return above zero)."""
        if self.rows is None:
            return np.asarray(self._summary().ahead / self.games)
        return np.asarray((self.rows > 0).mean(axis=0))

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
        width = max(10, *(len(policy) for policy in self.policies))  # a search names options
        header = f"{'seat':>4}  {'policy':<{width}} {'mean':>10} {'95% interval':>24} {'std':>9}"
        lines = [f"{self.game}: {self.games:,} games, seed {self.seed}", f"{header} {'ahead':>7}"]
        for seat, policy in enumerate(self.policies):
            interval = f"[{low[seat]:+.4f}, {high[seat]:+.4f}]"
            lines.append(f"{seat:>4}  {policy:<{width}} {self.mean[seat]:>+10.4f} {interval:>24} "
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
        for seat, policy in enumerate(self.policies):
            label = f"seat {seat} ({policy})"
            if self.rows is None:  # the summary's checkpoints and histogram
                summary = self._summary()
                cumulative.plot(summary.checkpoints, summary.totals[:, seat], label=label,
                                linewidth=1)
                spread.stairs(summary.histogram[seat], summary.bin_edges, label=label)
                continue
            # At most ~2,000 points a line: every step-th game's running total.
            step = max(1, self.games // 2000)
            games = np.arange(step, self.games + 1, step)
            totals = np.cumsum(self.rows[:, seat])[step - 1::step]
            values = np.unique(self.rows)
            # Discrete results (chips, points) get a bar per value; many values, 60 bins.
            bins = (np.append(values, values[-1] + 1) - 0.5 if len(values) <= 60 else 60)
            cumulative.plot(games, totals, label=label, linewidth=1)
            spread.hist(self.rows[:, seat], bins=bins, histtype="step", label=label)
        cumulative.set(title="cumulative result", xlabel="games", ylabel="chips / points")
        spread.set(title="result of one game", xlabel="chips / points", ylabel="games",
                   yscale="log")
        cumulative.legend(fontsize="small")
        figure.suptitle(f"{self.game}: {self.games:,} games, seed {self.seed}")
        figure.tight_layout()
        figure.savefig(path, dpi=100)
        pyplot.close(figure)


Policy = str | tuple[str, dict[str, Any]] | Callable[[Any], int] | None
"""What chooses for a seat of :func:`simulate`: a built-in name (:data:`POLICIES`), the
search (``"ismcts"`` or ``("ismcts", {options})``, :mod:`cardcore.search`), a
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


def _checked_policies(game: Any, name: str,
                      policies: Sequence[Policy] | None) -> list[str | Callable[[Any], int] | None]:
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
    checked: list[str | Callable[[Any], int] | None] = []
    for seat, policy in enumerate(policies):
        if seat >= acting:
            if policy is not None and policy != label:
                raise ValueError(
                    f"policies[{seat}] is {shown(policy)}, but seat {seat} plays inside the "
                    f"engine ({why}), so no policy controls it: give None for it (or "
                    f"{label!r}), or configure the seat to decide")
        elif policy is None or not callable(policy):
            native = policy_text(policy, spec_of(name))
            if native is None:
                raise ValueError(f"unknown {name} policy {shown(policy)}: expected one of "
                                 f"{', '.join(POLICIES[name])}, the search ('ismcts' or "
                                 f"('ismcts', {{options}})), or a callable (at seat {seat})")
            policy = native
        checked.append(None if isinstance(policy, tuple) else policy)
    return checked


def simulate(
    game: Any,
    n: int,
    *,
    policies: Sequence[Policy] | None = None,
    seed: int = 0,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
    keep_returns: bool = True,
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

    With ``keep_returns=False`` the result holds a :class:`ReturnsSummary` in place of one
    row a game, in memory that does not grow with ``n``. Keeping the returns of more games
    than this machine's memory holds is a ValueError before any game is played. Ctrl-C
    stops a run between chunks of games (100,000 each) and discards it.

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
    if not isinstance(keep_returns, bool):
        raise ValueError(f"keep_returns must be True or False, got {shown(keep_returns)}")
    if keep_returns:
        # The rows, and their concatenation at the end: twice their size at the peak.
        check_allocation(2 * n * game.num_players * 8, f"keeping the returns of {n:,} games",
                         "pass keep_returns=False for a summary in constant memory")
    config = game.config
    calling = any(callable(policy) for policy in native)
    if calling and executor is not None:
        raise ValueError("a callable policy plays in this process: executor= takes built-in "
                         "policy names only")
    results: Iterator[tuple[int, tuple[Any, dict[str, int]]]]
    if calling:
        results = ((end, _run_calling(game, name, native, begin, end, seed, keep_returns))
                   for begin, end in _chunks(n))
    else:
        run = _run if keep_returns else _run_summary
        names = [str(policy) for policy in native]
        workers = resolve_threads(threads, n)
        results = _results(executor, run, (name, config, seed, names, workers), _chunks(n))
    parts: list[npt.NDArray[np.float64]] = []
    summary: ReturnsSummary | None = None
    counts: dict[str, int] = {}
    started = time.monotonic()
    for end, (part, part_counts) in results:
        if isinstance(part, ReturnsSummary):
            summary = part if summary is None else summary.then(part)
        else:
            parts.append(part)
        counts = {key: counts.get(key, 0) + value for key, value in part_counts.items()}
        if progress:
            _show_progress(name, end, n, time.monotonic() - started)
    if progress:
        print(file=sys.stderr)
    rows = np.concatenate(parts) if keep_returns else None
    return SimulationResult(name, config, labels, seed, rows, counts, summary)


def _chunks(n: int) -> Iterator[tuple[int, int]]:
    """[0, n) in chunks of CHUNK games, made as they are needed (n may be 10**15)."""
    return ((start, min(n, start + CHUNK)) for start in range(0, n, CHUNK))


def _results(executor: Executor | None, run: Callable[..., Any], args: tuple[Any, ...],
             bounds: Iterable[tuple[int, int]]) -> Iterator[tuple[int, Any]]:
    """Each chunk's end and result, in order: here on ``args``'s threads, or on ``executor`` one
    thread a task, at most _IN_FLIGHT tasks ahead. Leaving early (Ctrl-C, an error) cancels
    the tasks not yet started."""
    name, config, seed, policies, workers = args
    if executor is None:
        for begin, end in bounds:
            yield end, run(name, config, begin, end, seed, policies, workers)
        return
    pending: deque[tuple[int, Future[Any]]] = deque()
    try:
        for begin, end in bounds:
            pending.append((end, executor.submit(run, name, config, begin, end, seed, policies,
                                                 1)))
            if len(pending) >= _IN_FLIGHT:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
    finally:
        for _, future in pending:
            future.cancel()


_IN_FLIGHT = 64
"""The most chunks an executor is given ahead of the one awaited."""


def _show_progress(name: str, done: int, n: int, seconds: float) -> None:
    """The progress line on stderr: games, share, rate and time left."""
    rate = done / seconds if seconds > 0 else 0.0
    left = f", {_duration((n - done) / rate)} left" if rate and done < n else ""
    print(f"\r{name}: {done:,} of {n:,} games ({done / n:.0%}), {rate:,.0f} games/s{left}  ",
          end="", file=sys.stderr, flush=True)


def _duration(seconds: float) -> str:
    """``_duration(3725)`` is ``'1 h 2 min'``; under a minute, seconds."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"


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
