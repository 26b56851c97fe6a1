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

``cc.simulate`` is :func:`simulate`, the function of this module
(``cardcore.simulation``).

>>> import cardcore.simulation as sm
>>> sm.POLICIES["badugi"], sm.simulate is cc.simulate, sm.simulate("buh", 10).games
(('random', 'rule_based', 'blueprint'), True, 10)
"""

from __future__ import annotations

import functools
import itertools
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._batch import resolve_threads
from cardcore._checks import (
    check_allocation,
    checked_executor,
    checked_int,
    checked_seed,
    refuse_bytes,
    shown,
)
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, MODULES, module_of, spec_of
from cardcore.search import policy_text
from cardcore.solve import Strategy

__all__ = ["POLICIES", "Observation", "Policy", "ReturnsSummary", "SimulationResult", "simulate"]

POLICIES: dict[str, tuple[str, ...]] = {m.SPEC.name: m.SPEC.policies for m in MODULES}
"""The built-in policies of each game's native rollouts (each game's ``SPEC.policies``)."""

CHUNK = 100_000
"""Games per task when an executor runs the simulation."""

CALLING_CHUNK = 10_000
"""Games per task when a callable chooses for a seat (a callable plays slower)."""

CONTROLLED_CHUNK = 1_000
"""Games per task with control variates (a game's playouts take thousands of times as long as
the game: _CONTROLLED_WEIGHT)."""

_CONTROLLED_WEIGHT = 1_000
"""At least how many plain games one game with control variates weighs (a heads-up Badugi
hand: about 4,000 at 32 playouts)."""

MAX_PLAYOUTS = 1_000_000
"""The most playouts an outcome that ``control_variates`` takes."""


def _natives(name: str, policies: Sequence[Any]) -> list[Any]:
    """The policies as the C++ players take them: a Strategy by its name in this process
    (strategies travel to an executor's workers as themselves, and register there)."""
    spec = spec_of(name)
    return [policy.native_name(spec) if isinstance(policy, Strategy) else policy
            for policy in policies]


def _run(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
         policies: list[str | Strategy], threads: int, deal: str,
         control_variates: int = 0) -> tuple[npt.NDArray[np.float64], dict[str, int]]:
    """One chunk of games: its returns and counts. A plain function so that executors can
    pickle it."""
    game = GAMES[name](**config)
    module = getattr(_core, name)
    returns, counts = module.simulate(game, begin, end, seed, _natives(name, policies), threads,
                                      deal=deal, control_variates=control_variates)
    return np.asarray(returns), dict(counts)


def _run_summary(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
                 policies: list[str | Strategy], threads: int, deal: str,
                 control_variates: int = 0) -> tuple[ReturnsSummary, dict[str, int]]:
    """One chunk of games summarized in C++ (keep_returns=False): its summary and counts."""
    game = GAMES[name](**config)
    edges = _bin_edges(game)
    mean, m2, ahead, histogram, totals, counts = getattr(_core, name).simulate_summary(
        game, begin, end, seed, _natives(name, policies), threads, edges[0], edges[-1],
        len(edges) - 1, deal=deal, control_variates=control_variates)
    games = end - begin
    checkpoints = np.minimum(np.arange(1, len(totals) + 1) * _SUMMARY_BLOCK, games)
    return ReturnsSummary(games, mean, m2, ahead, histogram, edges, checkpoints,
                          totals), dict(counts)


def _run_calling(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
                 policies: list[Any], threads: int, deal: str,
                 control_variates: int = 0) -> tuple[npt.NDArray[np.float64], dict[str, int]]:
    """One chunk of games where a callable chooses for some seat: its returns and counts.
    ``threads`` is not used (the callables run with the GIL held, on one thread); the
    signature is _run's, so that the same executor path sends both (control_variates is
    always 0 here)."""
    game = GAMES[name](**config)
    returns, counts = getattr(_core, name).simulate_calling(game, begin, end, seed,
                                                            _natives(name, policies), deal=deal)
    return np.asarray(returns), dict(counts)


def _run_calling_summary(name: str, config: dict[str, Any], begin: int, end: int, seed: int,
                         policies: list[Any], threads: int, deal: str,
                         control_variates: int = 0) -> tuple[ReturnsSummary, dict[str, int]]:
    """One chunk of games with a callable seat, summarized (keep_returns=False)."""
    rows, counts = _run_calling(name, config, begin, end, seed, policies, threads, deal)
    return _summary_of_rows(rows, _bin_edges(GAMES[name](**config))), counts


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
    start: int = 0
    """The index of the first game played (``simulate(..., start=)``)."""

    @classmethod
    def merge(cls, *results: SimulationResult) -> SimulationResult:
        """One result of several runs of the same game, seed and policies that played
        consecutive ranges of games (``start=``), given in any order: the result of one
        run of all their games. Kept returns merge exactly (the rows, so every figure);
        if any run is streamed (``keep_returns=False``), the merge is streamed: games,
        counts, games ahead and the histogram add up exactly, and the means and spreads
        combine by the parallel formula (Chan, Golub and LeVeque), equal to one run's up to
        floating-point rounding.

        >>> import cardcore as cc
        >>> whole = cc.simulate("buh", 3000, seed=4)
        >>> first, second = (cc.simulate("buh", 1500, seed=4, start=s) for s in (0, 1500))
        >>> merged = cc.SimulationResult.merge(second, first)
        >>> bool((merged.returns == whole.returns).all()), merged.counts == whole.counts
        (True, True)
        """
        if not results:
            raise ValueError("merge needs at least one SimulationResult")
        for result in results:
            if not isinstance(result, SimulationResult):
                raise ValueError(f"merge takes SimulationResults, got {shown(result)}")
        ordered = sorted(results, key=lambda result: result.start)
        first = ordered[0]
        for result in ordered[1:]:
            for what, key in (("games", "game"), ("configurations", "config"),
                              ("policies", "policies"), ("seeds", "seed")):
                mine, theirs = getattr(first, key), getattr(result, key)
                if key == "config":  # the entries that differ
                    differ = {name for name in mine.keys() | theirs.keys()
                              if mine.get(name) != theirs.get(name)}
                    mine = {name: value for name, value in mine.items() if name in differ}
                    theirs = {name: value for name, value in theirs.items() if name in differ}
                if mine != theirs:
                    raise ValueError(
                        "merge needs runs of the same game, configuration, policies and seed; "
                        f"their {what} differ: {shown(mine, 140)} and {shown(theirs, 140)}")
        for before, after in itertools.pairwise(ordered):
            if after.start != before.start + before.games:
                raise ValueError(
                    f"merge needs consecutive ranges of games: games {_range_text(before)} "
                    f"and {_range_text(after)} "
                    f"{'overlap' if after.start < before.start + before.games else 'leave a gap'}")
        counts: dict[str, int] = {}
        for result in ordered:
            counts = _added(counts, result.counts)
        if all(result.rows is not None for result in ordered):
            rows = np.concatenate([result.returns for result in ordered])
            return cls(first.game, first.config, first.policies, first.seed, rows, counts,
                       None, first.start)
        edges = _bin_edges(GAMES[first.game](**first.config))
        summaries = [_summary_of_rows(result.rows, edges) if result.rows is not None
                     else result._summary() for result in ordered]
        summary = summaries[0]
        for later in summaries[1:]:
            summary = summary.then(later)
        return cls(first.game, first.config, first.policies, first.seed, None, counts,
                   summary, first.start)

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
            "start": self.start,
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
        lines = [f"{self.game}: {self._games_text()}, seed {self.seed}", f"{header} {'ahead':>7}"]
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

    def _games_text(self) -> str:
        """"1,000 games", or with a start, "1,000 games (games 500 to 1,499)"."""
        return f"{self.games:,} games" + (f" (games {_range_text(self)})" if self.start else "")

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
        figure.suptitle(f"{self.game}: {self._games_text()}, seed {self.seed}")
        figure.tight_layout()
        figure.savefig(path, dpi=100)
        pyplot.close(figure)


def _range_text(result: SimulationResult) -> str:
    """The games a result played, "500 to 1,499"."""
    return f"{result.start:,} to {result.start + result.games - 1:,}"


Policy = str | tuple[str, dict[str, Any]] | Strategy | Callable[[Any], int] | None
"""What chooses for a seat of :func:`simulate`: a built-in name (:data:`POLICIES`), the
search (``"ismcts"`` or ``("ismcts", {options})``, :mod:`cardcore.search`), a
callable that takes an :class:`Observation` (or the state, with ``policy_input="state"``)
and returns a legal action id, or None for a seat that plays inside the engine."""


POLICY_INPUTS = ("observation", "state")
"""What :func:`simulate` hands a callable policy (``policy_input=``)."""

DEALS = ("stock", "seats")
"""Where :func:`simulate` deals the cards from (``deal=``)."""


class Observation:
    """What a callable policy of :func:`simulate` is given by default
    (``policy_input="observation"``): only what its seat may know at its decision.

    Its methods are the State's, for that seat: a policy written for an Observation also
    runs on a State. It is built from a state resampled from the seat's information state,
    every card the seat cannot see drawn again (``resample_from_infostate``): two states the
    seat cannot tell apart give the same Observation, so nothing in it, private attributes
    included, tells a hidden card. It has no ``hands``, history or ``serialize``.

    >>> import cardcore as cc
    >>> state = cc.badugi.Game().new_initial_state(seed=3)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> seen = Observation(state)
    >>> seen.current_player(), seen.legal_actions() == state.legal_actions()
    (0, True)
    >>> seen.observation_string() == state.observation_string(0)
    True
    >>> hasattr(seen, "hands")
    False
    """

    __slots__ = ("_player", "_world")

    def __init__(self, state: Any) -> None:
        player = state.current_player()
        if player < 0:
            raise ValueError("an Observation is of a player's decision, not of a chance node "
                             "or the end of the game")
        self._player: int = player
        # Seed 0: the world depends only on what the seat knows (its stand-ins are drawn by
        # deal position), so it is the same for every state the seat cannot tell apart.
        self._world: Any = state.resample_from_infostate(player, 0)

    def _seat(self, player: int | None, what: str) -> int:
        if player is not None and player != self._player:
            raise ValueError(f"an Observation holds only seat {self._player}'s view, asked "
                             f"for the {what} of {shown(player)}")
        return self._player

    def current_player(self) -> int:
        """The seat to act: the one this Observation is of."""
        return self._player

    def legal_actions(self) -> list[int]:
        """The seat's legal action ids."""
        return list(self._world.legal_actions())

    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """The seat's legal actions as a mask over the game's action ids."""
        return np.asarray(self._world.legal_actions_mask())

    def action_to_string(self, action: int, viewer: int | None = None) -> str:
        """An action as the seat sees it (``viewer`` may be given only as the seat)."""
        return str(self._world.action_to_string(action, self._seat(viewer, "view")))

    def string_to_action(self, text: str) -> int:
        """The action id a move's text names, as ``State.string_to_action``."""
        return int(self._world.string_to_action(text))

    def observation_string(self, player: int | None = None) -> str:
        """The seat's observation string (``player`` may be given only as the seat)."""
        return str(self._world.observation_string(self._seat(player, "observation")))

    def observation_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """The seat's observation tensor."""
        return np.asarray(self._world.observation_tensor(self._seat(player, "observation")))

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's information state string: what it saw and did this game."""
        return str(self._world.information_state_string(
            self._seat(player, "information state")))

    def information_state_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """The seat's information state tensor."""
        return np.asarray(self._world.information_state_tensor(
            self._seat(player, "information state")))

    def resample(self, seed: int) -> Any:
        """A full State that the seat cannot tell from the true one, every hidden card drawn
        from ``seed``: the true state's ``resample_from_infostate(seat, seed)``, for a
        search or a rollout of your own."""
        return self._world.resample_from_infostate(self._player, seed)

    def __repr__(self) -> str:
        return f"Observation(seat {self._player}: {self.observation_string()!r})"


class _Observed:
    """A callable policy given an :class:`Observation` of each state in place of the state.
    A module-level class, so that it pickles with the policy for an executor."""

    def __init__(self, policy: Callable[[Any], int]) -> None:
        self.policy = policy
        self.__name__ = _label(policy)  # how errors name the policy

    def __call__(self, state: Any) -> int:
        return self.policy(Observation(state))


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
    """A seat's name of its policy in the result: the built-in name, ``strategy`` for a
    Strategy, or the callable's name."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, Strategy):
        return "strategy"
    return str(getattr(policy, "__name__", type(policy).__name__))


def _checked_policies(game: Any, name: str,
                      policies: Sequence[Policy] | None
                      ) -> list[str | Strategy | Callable[[Any], int] | None]:
    """One policy per seat (None at the seats that play inside the engine), each checked;
    a list without the engine's seats gets them added."""
    seats, acting = game.num_players, game.acting_players
    if policies is None:
        return [POLICIES[name][0]] * acting + [None] * (seats - acting)
    refuse_bytes(policies, "policies", f"a list, one per seat ({seats})")
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
    checked: list[str | Strategy | Callable[[Any], int] | None] = []
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
                                 f"('ismcts', {{options}})), a Strategy, or a callable (at "
                                 f"seat {seat})")
            if not isinstance(policy, Strategy):  # a Strategy registers where it plays
                policy = native
        checked.append(None if isinstance(policy, tuple) else policy)
    return checked


def simulate(
    game: Any,
    n: int,
    *,
    policies: Sequence[Policy] | None = None,
    seed: int = 0,
    start: int = 0,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
    keep_returns: bool = True,
    policy_input: str = "observation",
    deal: str = "stock",
    control_variates: int = 0,
) -> SimulationResult:
    """Plays ``n`` games (hands, rounds, or games to the target as the configuration
    says) of ``game`` (a Game, or a name for its default configuration), seat ``s``
    choosing by ``policies[s]``: a built-in name (:data:`POLICIES`; by default the game's
    first), the search, a :class:`cardcore.solve.Strategy` of the game (played in C++ by
    its probabilities), or a callable that returns a legal action id. A seat that plays
    inside the engine (a Bai Buu banker by the house way) takes None, or is left out of the
    list. Without callables, the games are played in C++ with the GIL released; with a
    callable, one thread a process, calling it for each of its decisions (see
    ``docs/simulate.md`` for how much slower that is). The deals, the seeding and the
    built-in seats' choices are the same either way.

    A callable is given an :class:`Observation` of its seat (``policy_input="observation"``,
    the default: only what the seat may know), or the State itself with
    ``policy_input="state"`` (everything, the other seats' cards included).

    The games are games ``start`` to ``start + n - 1`` of the seed: game ``i`` is always
    played from stream ``i``, so runs of consecutive ranges combine by
    :meth:`SimulationResult.merge` into the result of one run. An ``executor`` runs the
    chunks of games as tasks (a callable must then pickle); ``threads`` above 1 with a
    callable is a ValueError, since a callable holds the GIL.

    ``deal`` says where the cards come from. ``"stock"`` (the default) deals from the seeded
    state's generator: the n-th card to leave the stock depends only on the game's stream.
    ``"seats"`` gives each seat (and each other place a card goes, such as the burn) its own
    stream of the game's seed, so that a seat is dealt the same cards whichever policy sits
    there and however many cards the others draw: what
    :func:`cardcore.match <cardcore.matches.match>` plays. Both deal every card uniformly
    from the stock.

    ``control_variates=k`` (k > 0, with ``deal="seats"`` and no callable) takes luck out of
    each game's returns: every card dealt, and every decision of a seat whose probabilities
    are known (``random``, a Strategy, Badugi's ``blueprint``), is valued by ``k`` playouts
    an outcome, and the returns are corrected by what the outcome that came gained or lost
    against the expected one (see ``docs/match.md``, "Control variates"). The corrected
    returns have the same means; their spread shrinks once ``k`` is large enough (in Badugi,
    from 8 to 16 on, as the players go; 16 to 64 is the useful range), and below that the
    playouts' own noise widens it. They are estimates, no longer the chips each game paid.
    The games themselves are played as without it: the counts are the same.

    With ``keep_returns=False`` the result holds a :class:`ReturnsSummary` in place of one
    row a game, in memory that does not grow with ``n``. Keeping the returns of more games
    than this machine's memory holds is a ValueError before any game is played. Ctrl-C
    stops a run between chunks of games (100,000 each; 10,000 with a callable) and
    discards it.

    >>> result = simulate("hucklebuck", 1000, seed=3)
    >>> result.returns.shape, result.policies
    ((1000, 4), ('random', 'random', 'random', 'random'))
    >>> def first(seen):  # any callable from an Observation to a legal action id
    ...     return seen.legal_actions()[0]
    >>> simulate("badugi", 100, policies=[first, "rule_based"], seed=3).policies
    ('first', 'rule_based')
    """
    name = module_of(game).SPEC.name
    if isinstance(game, str):
        game = GAMES[name]()
    n = checked_int(n, "n", "a positive number of games", lambda count: count >= 1)
    start = checked_int(start, "start", "the index of the first game, 0 or more",
                        lambda first: first >= 0)
    if start + n > _MAX_GAME:
        raise ValueError(f"games {start:,} to {start + n - 1:,} go past the last game of a "
                         f"seed ({_MAX_GAME - 1:,})")
    checked = _checked_policies(game, name, policies)
    labels = tuple(_engine_label(game)[0] if policy is None else _label(policy)
                   for policy in checked)
    # The engine never asks a seat it plays itself: any built-in name fills its place.
    native = [POLICIES[name][0] if policy is None else policy for policy in checked]
    seed = checked_seed(seed)
    checked_executor(executor)
    if not isinstance(keep_returns, bool):
        raise ValueError(f"keep_returns must be True or False, got {shown(keep_returns)}")
    if policy_input not in POLICY_INPUTS:
        raise ValueError(f"policy_input must be one of {', '.join(map(repr, POLICY_INPUTS))}, "
                         f"got {shown(policy_input)}")
    if deal not in DEALS:
        raise ValueError(f"deal must be one of {', '.join(map(repr, DEALS))}, got {shown(deal)}")
    control_variates = checked_int(control_variates, "control_variates",
                                   "0 (none) or a positive number of playouts",
                                   lambda k: 0 <= k <= MAX_PLAYOUTS)
    if control_variates and deal != "seats":
        raise ValueError("control_variates needs deal='seats': each card is valued as it is "
                         "dealt, from the seats' streams")
    if control_variates and any(callable(policy) for policy in native):
        raise ValueError("control_variates needs every seat played in C++ (a built-in name, the "
                         "search or a Strategy), not a callable: its playouts play the seats")
    if keep_returns:
        # The rows, and their concatenation at the end: twice their size at the peak.
        check_allocation(2 * n * game.num_players * 8, f"keeping the returns of {n:,} games",
                         "pass keep_returns=False for a summary in constant memory")
    config = game.config
    if any(callable(policy) for policy in native):
        workers = 1 if threads is None else resolve_threads(threads, n)
        if workers > 1:
            raise ValueError(
                f"threads={workers} with a callable policy: a callable holds the GIL, so its "
                "games run one thread a process; pass threads=1, or executor= a "
                "ProcessPoolExecutor (or a Dask client's executor) to play on many processes")
        if policy_input == "observation":
            native = [_Observed(policy) if callable(policy) else policy for policy in native]
        run, size = (_run_calling if keep_returns else _run_calling_summary), CALLING_CHUNK
    else:
        native = [policy if isinstance(policy, Strategy) else str(policy) for policy in native]
        # threads=None: every core for a large run, which with control variates (a game's
        # playouts weigh thousands of games) starts at a thousandth of the games.
        workers = resolve_threads(threads, n * (_CONTROLLED_WEIGHT if control_variates else 1))
        run, size = (_run if keep_returns else _run_summary), CHUNK
    if control_variates:
        size = CONTROLLED_CHUNK
    results = _results(executor, functools.partial(run, deal=deal,
                                                   control_variates=control_variates),
                       (name, config, seed, native, workers), _chunks(start, n, size))
    parts: list[npt.NDArray[np.float64]] = []
    summary: ReturnsSummary | None = None
    counts: dict[str, int] = {}
    started = time.monotonic()
    for end, (part, part_counts) in results:
        if isinstance(part, ReturnsSummary):
            summary = part if summary is None else summary.then(part)
        else:
            parts.append(part)
        counts = _added(counts, part_counts)
        if progress:
            _show_progress(name, end - start, n, time.monotonic() - started)
    if progress:
        print(file=sys.stderr)
    rows = np.concatenate(parts) if keep_returns else None
    return SimulationResult(name, config, labels, seed, rows, counts, summary, start)


_MAX_GAME = 2**63 - 1
"""One past the last game index of a seed (the C++ game indices are int64)."""


def _added(counts: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    """Two runs' counts, name by name."""
    return {key: counts.get(key, 0) + value for key, value in more.items()}


def _chunks(start: int, n: int, size: int) -> Iterator[tuple[int, int]]:
    """Games [start, start + n) in chunks that end at multiples of ``size`` (so that a run
    split at such a multiple is chunked as one run is), made as they are needed (n may be
    10**15)."""
    end = start + n
    first = min(end, start - start % size + size)
    yield start, first
    for begin in range(first, end, size):
        yield begin, min(end, begin + size)


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


__dir__ = public_dir(__all__)
