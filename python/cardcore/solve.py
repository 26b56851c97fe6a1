"""The solver of two-player zero-sum games (docs/solve.md): CFR and its variants over the
whole game tree in C++, exact best responses and exploitability, and solutions saved in a
versioned file format.

A *policy* here is a :class:`Strategy`, a built-in policy's name (the random policy plays
its legal actions uniformly; a deterministic one, such as ``rule_based``, with probability
1), or a callable ``state -> {action: probability}``.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any, Union, cast

import numpy as np
import numpy.typing as npt

from cardcore import _core
from cardcore._checks import (
    checked_executor,
    checked_int,
    checked_real,
    checked_seed,
    checked_threads,
    physical_memory,
    quote_input,
    read_user_file,
    shown,
    write_user_file,
)
from cardcore._registry import module_of

__all__ = [
    "ALGORITHMS",
    "CHECKPOINT_SECONDS",
    "LBR_SAMPLES",
    "MCCFR_ALGORITHMS",
    "Abstraction",
    "LocalBestResponse",
    "Solution",
    "Strategy",
    "best_response",
    "cfr",
    "exploitability",
    "load",
    "local_best_response",
    "mccfr",
]

ALGORITHMS: tuple[str, ...] = ("cfr", "cfr+", "dcfr", "linear")
"""The algorithms of :func:`cfr`: vanilla CFR, CFR+, DCFR (alpha 1.5, beta 0, gamma 2) and
linear CFR, each as OpenSpiel's solver of that name with alternating updates."""

MCCFR_ALGORITHMS: tuple[str, ...] = ("cfr", "cfr+", "linear")
"""The algorithms of :func:`mccfr` (docs/solve.md, "MCCFR"): regret matching with a uniform
average (``cfr``), regret matching+ with the average weighted by the iteration (``cfr+``),
and regrets and average both weighted by the iteration (``linear``). DCFR's discounts need
every information set each iteration, which sampling does not visit."""

CHECKPOINT_SECONDS = 300.0
"""How often :func:`mccfr` saves its checkpoint, besides at the end."""

LBR_SAMPLES = 64
"""The worlds of :func:`local_best_response`'s range by default: enumerated exactly while
they fit, else the particles of its filter."""

_LBR_BLOCK = 16
"""Hands per task of :func:`local_best_response` (each hand has its own seed, so the
blocks change nothing in the result)."""

MAX_NODES = 10_000_000
"""The most histories a tree may have by default (``max_nodes=``)."""
MAX_BYTES = 1 << 30
"""The most memory a tree may take by default (``max_bytes=``), at an estimate per node."""

Policy = Union["Strategy", str, Callable[[Any], Mapping[int, float]]]

Abstraction = _core.solve.Abstraction
"""An abstraction of a game's information states into buckets for :func:`mccfr` (its
``game``, ``name`` and ``buckets`` per player, -1 when unknown): a C++
``cardcore::solve::Abstraction<State>``, which the games provide."""


class Strategy:
    """A tabular policy: action probabilities at each information set of a game, by the
    engine's ``information_state_string``. A :class:`Solution`'s ``policy``, and what
    :func:`best_response` returns. A sampled solve's (:func:`mccfr`) lists the information
    sets it visited; the others play each legal action with equal probability."""

    def __init__(self, solution: _core.solve.Solution) -> None:
        self._solution = solution
        self._table: dict[tuple[int, str], dict[int, float]] | None = None
        self._token: str | None = None

    def native_name(self, spec: Any) -> str:
        """The name by which the C++ players play this strategy in the game of ``spec``
        (``"strategy:<n>"``, registered once per process): what :func:`cardcore.search.policy_text`
        gives for it wherever a built-in policy's name goes. A strategy of another game is a
        ValueError.

        >>> import cardcore as cc
        >>> cc.solve.cfr("kuhn", 10).policy.native_name(cc.kuhn.SPEC).startswith("strategy:")
        True
        """
        name = self.game.split(" ", 1)[0]
        if name != spec.name:
            raise ValueError(f"a strategy of {name} cannot play {spec.name}")
        if self._token is None:
            self._token = str(_core.solve.register_strategy(self._solution))
        return self._token

    def __del__(self) -> None:
        token = getattr(self, "_token", None)
        if token is not None and _core is not None:  # the module may be gone at exit
            _core.solve.forget_strategy(token)

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        """Pickled as its solution's bytes, so that an executor's workers can play it."""
        return _strategy_of_bytes, (bytes(self._solution.to_bytes()),)

    @property
    def game(self) -> str:
        """The game and its configuration, ``"<name> <config>"``."""
        return str(self._solution.game)

    def _lookup(self) -> dict[tuple[int, str], dict[int, float]]:
        if self._table is None:
            self._table = {(player, key): dict(zip(actions, probabilities, strict=True))
                           for player, key, actions, probabilities in self._solution.policy}
        return self._table

    def action_probabilities(self, state: Any) -> dict[int, float]:
        """Each legal action's probability at a player's decision ``state`` of the game, as
        the C++ players draw it: in a game whose dealer moves, a state with another first
        dealer than the strategy's is played as the same place at the table (docs/solve.md,
        "A strategy as a player"). A ValueError for another game's or configuration's
        state, a chance node or the end, or an information set the strategy does not have."""
        name = self.game.split(" ", 1)[0]
        module = module_of(name)
        if module.State is not type(state):
            raise ValueError(f"a strategy of {name} cannot play a state of another game, "
                             f"got {type(state).__module__}.{type(state).__name__}")
        player = state.current_player()
        if player >= 0:  # the set as it stands, else the C++ players' look-up
            found = self._lookup().get((player, state.information_state_string(player)))
            if found is not None:
                return dict(found)
        native = getattr(_core, name).strategy_probabilities(state, self.native_name(module.SPEC))
        return {int(action): float(probability) for action, probability in native.items()}

    def __len__(self) -> int:
        """The information sets it covers."""
        return len(self._lookup())

    def __repr__(self) -> str:
        return f"Strategy({self.game!r}, {len(self)} information sets)"


class Solution:
    """What :func:`cfr` returns (and :func:`load` reads): the average policy, its
    exploitability and ``nash_conv`` in the game's units per game, the iterations, and the
    exploitability at each checkpoint."""

    def __init__(self, solution: _core.solve.Solution) -> None:
        self._solution = solution
        self.policy = Strategy(solution)
        """The average policy."""

    game = property(lambda self: str(self._solution.game), doc="The game, ``\"<name> <config>\"``.")
    algorithm = property(lambda self: str(self._solution.algorithm), doc="One of ALGORITHMS.")
    iterations = property(lambda self: int(self._solution.iterations), doc="Iterations run.")
    exploitability = property(lambda self: float(self._solution.exploitability),
                              doc="NashConv / 2 of the policy (OpenSpiel's definition).")
    nash_conv = property(lambda self: float(self._solution.nash_conv),
                         doc="The sum over the players of best response value less the policy's.")
    history = property(lambda self: [(int(i), float(e)) for i, e in self._solution.history],
                       doc="(iterations, exploitability) at each checkpoint.")

    def save(self, path: str | PathLike[str]) -> None:
        """Writes the solution in the versioned binary format of docs/solve.md; a path that
        cannot be written is a ValueError."""
        write_user_file(path, bytes(self._solution.to_bytes()), "the solution file")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return bool(self._solution.to_bytes() == other._solution.to_bytes())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """The game, the algorithm, the iterations and the exploitability (a sampled solve's
        is not measured).

        >>> mccfr("kuhn", iterations=64, seed=1)
        Solution('kuhn players=2', linear, 64 iterations, exploitability not measured)
        """
        measured = ("not measured" if math.isnan(self.exploitability)
                    else f"{self.exploitability:.3g}")
        return (f"Solution({self.game!r}, {self.algorithm}, {self.iterations} iterations, "
                f"exploitability {measured})")


def _strategy_of_bytes(data: bytes) -> Strategy:
    """The strategy of a pickled one (:meth:`Strategy.__reduce__`)."""
    return Strategy(_core.solve.Solution.from_bytes(data))


def load(path: str | PathLike[str]) -> Solution:
    """A solution saved by :meth:`Solution.save`; a ValueError says what is wrong with a
    truncated or corrupt file."""
    return Solution(_core.solve.Solution.from_bytes(read_user_file(path, "the solution file")))


def _game(game: Any) -> Any:
    """A Game (a name for its default configuration) that the solver takes."""
    module = module_of(game)
    instance = module.Game() if isinstance(game, str) else game
    name = module.SPEC.name
    if instance.num_players != 2:
        raise ValueError(f"the solver needs a two-player game, and {name} has "
                         f"{instance.num_players} players")
    if instance.utility != "zero_sum":
        raise ValueError(f"the solver needs a zero-sum game, and {name} in this configuration "
                         "is general-sum")
    return instance


def _tree(game: Any, max_nodes: object = MAX_NODES, max_bytes: object = MAX_BYTES) -> Any:
    nodes = checked_int(max_nodes, "max_nodes", "a positive integer", lambda n: n >= 1)
    size = checked_int(max_bytes, "max_bytes", "a positive integer", lambda n: n >= 1)
    return _core.solve.build_tree(game, nodes, size)


def _checked_probabilities(found: object, legal: Sequence[int], key: str) -> list[float]:
    """A callable's answer at an information set as probabilities of its legal actions."""
    if not isinstance(found, Mapping):
        raise ValueError(f"a policy callable must return a dict {{action: probability}}, got "
                         f"{type(found).__name__} {shown(found)} at information set "
                         f"{quote_input(key)}")
    probabilities = dict.fromkeys(legal, 0.0)
    for action, p in found.items():
        if action not in probabilities:
            raise ValueError(f"a policy callable gave the illegal action {shown(action)} at "
                             f"information set {quote_input(key)}: legal are "
                             f"{', '.join(map(str, legal))}")
        value = checked_real(p, "a probability", "a number 0 to 1",
                             lambda x: math.isfinite(x) and 0 <= x <= 1)
        probabilities[action] = value
    total = sum(probabilities.values())
    if abs(total - 1) > 1e-6:
        raise ValueError(f"a policy callable's probabilities must sum to 1, got {total:.6g} at "
                         f"information set {quote_input(key)}")
    return list(probabilities.values())


def _not_a_policy(policy: object) -> ValueError:
    """The error for a policy argument of no known kind."""
    return ValueError(f"a policy is a Strategy, a built-in policy's name or a callable "
                      f"state -> {{action: probability}}, got {type(policy).__name__} "
                      f"{shown(policy)}")


def _policy_vector(game: Any, tree: Any, policy: Policy) -> npt.NDArray[np.float64]:
    """A policy as the tree's policy array."""
    if isinstance(policy, Solution):
        policy = policy.policy
    if isinstance(policy, Strategy):
        return np.asarray(policy._solution.policy_of(tree))
    if isinstance(policy, str):
        return np.asarray(_core.solve.builtin_policy(game, tree, policy))
    if not callable(policy):
        raise _not_a_policy(policy)
    vector = np.asarray(tree.uniform_policy())
    for index, (_, key, legal, offset) in enumerate(tree.infosets()):
        state = game.new_initial_state()
        for action in tree.history(index):
            state.apply_action(action)
        vector[offset:offset + len(legal)] = _checked_probabilities(policy(state), legal, key)
    return vector


def exploitability(game: Any, policy: Policy) -> float:
    """The exploitability of ``policy`` in ``game`` (a Game, or a name for its default
    configuration): NashConv / 2, as OpenSpiel's ``exploitability``, in the game's units."""
    instance = _game(game)
    tree = _tree(instance)
    return float(tree.exploitability(_policy_vector(instance, tree, policy))[1])


def best_response(game: Any, policy: Policy, player: int) -> tuple[float, Strategy]:
    """The best response of ``player`` to the other player's part of ``policy``: its
    expected value, and a Strategy that plays it (at ``player``'s information sets the
    best action with probability 1, ties to the lowest id; elsewhere ``policy``)."""
    seat = checked_int(player, "player", "0 or 1", lambda n: n in (0, 1))
    instance = _game(game)
    tree = _tree(instance)
    vector = _policy_vector(instance, tree, policy)
    value, actions = tree.best_response(vector, seat)
    for (owner, _, legal, offset), action in zip(tree.infosets(), actions, strict=True):
        if owner == seat:
            vector[offset:offset + len(legal)] = [1.0 if a == action else 0.0 for a in legal]
    return float(value), Strategy(_core.solve.Solution(tree, vector, "cfr", 0, []))


def _checkpoints(iterations: int) -> list[int]:
    """Iteration counts 1, 2, 5, 10, 20, 50, ... up to ``iterations``, and ``iterations``."""
    points: list[int] = []
    decade = 1
    while decade <= iterations:
        points += [m * decade for m in (1, 2, 5) if m * decade < iterations]
        decade *= 10
    return [*points, iterations]


def cfr(game: Any, iterations: int | None = None, *, seconds: float | None = None,
        algorithm: str = "cfr+", threads: int | None = None,
        progress: Callable[[int, float], None] | None = None,
        max_nodes: int = MAX_NODES, max_bytes: int = MAX_BYTES) -> Solution:
    """Solves ``game`` (a Game, or a name for its default configuration) by ``algorithm``
    (one of :data:`ALGORITHMS`) for ``iterations`` iterations or ``seconds`` seconds (one of
    them; 1,000 iterations when neither is given) on ``threads`` threads (None: one; any
    number gives the same bits). The exploitability is measured at 1, 2, 5, 10, 20, 50, ...
    iterations and at the end (``Solution.history``), and ``progress(iterations,
    exploitability)`` is called at each. A game with other than two players, a general-sum
    one, or a tree of more than ``max_nodes`` histories or ``max_bytes`` bytes (estimated,
    and refused before anything is allocated) is a ValueError."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {shown(algorithm)}: expected {', '.join(ALGORITHMS)}")
    if iterations is not None and seconds is not None:
        raise ValueError("give iterations or seconds, not both")
    count = None if seconds is not None else checked_int(
        1000 if iterations is None else iterations, "iterations", "a positive integer",
        lambda n: n >= 1)
    budget = None if seconds is None else checked_real(
        seconds, "seconds", "a positive number", lambda s: math.isfinite(s) and s > 0)
    workers = 1 if threads is None else checked_threads(threads, none="one")
    instance = _game(game)
    tree = _tree(instance, max_nodes, max_bytes)
    solver = _core.solve.Solver(tree, algorithm, workers)
    history: list[tuple[int, float]] = []

    def measure() -> None:
        value = float(tree.exploitability(solver.average_policy())[1])
        history.append((solver.iterations, value))
        if progress is not None:
            progress(solver.iterations, value)

    if count is not None:
        for point in _checkpoints(count):
            solver.iterate(point - solver.iterations)
            measure()
    else:
        assert budget is not None
        start, chunk, next_point = time.perf_counter(), 1, 1
        while time.perf_counter() - start < budget:
            began = time.perf_counter()
            solver.iterate(chunk)
            # Chunks of about a hundredth of the budget, or of 0.1 s, keep the clock close.
            spent = time.perf_counter() - began
            chunk = max(1, min(chunk * 2, int(chunk * min(budget / 100, 0.1) / max(spent, 1e-9))))
            if solver.iterations >= next_point:
                measure()
                next_point = solver.iterations * 2
        if not history or history[-1][0] != solver.iterations:
            measure()
    return Solution(_core.solve.Solution(tree, solver.average_policy(), algorithm,
                                         solver.iterations, history))


def mccfr(game: Any, *, abstraction: Abstraction | None = None,
          seconds: float | None = None, iterations: int | None = None,
          sampling: str = "external", algorithm: str = "linear", threads: int | None = None,
          seed: int = 0, checkpoint: str | PathLike[str] | None = None,
          memory: int | None = None,
          progress: Callable[[int, float], None] | None = None) -> Solution:
    """Solves ``game`` (a Game, or a name for its default configuration) by Monte Carlo CFR
    with external sampling over the engine itself, with no tree in memory (docs/solve.md,
    "MCCFR"): ``iterations`` iterations in all, or ``seconds`` more seconds (one of them),
    each a traversal for each player. ``abstraction`` maps information states to buckets
    (None: each information state is its own, keyed by a hash of its
    ``information_state_string``); ``algorithm`` is one of :data:`MCCFR_ALGORITHMS`. The
    same ``seed`` and ``threads`` (None: one) give the same bits for the same iterations.

    ``checkpoint`` is a file: an existing one is resumed (a run to N iterations resumed from
    a checkpoint at M gives the bits of a run to N; with two threads or more, when M is a
    multiple of ``threads`` x 64), and it is saved every :data:`CHECKPOINT_SECONDS` and at
    the end. ``memory`` is the tables' budget in bytes (None: half this machine's memory),
    checked before each allocation. ``progress(iterations, seconds)`` is called about once a
    second. The Solution's exploitability is not measured (NaN): measure it with
    :func:`exploitability` where the game's tree fits.

    >>> solution = mccfr("kuhn", iterations=20_000, seed=1)
    >>> len(solution.policy), exploitability("kuhn", solution.policy) < 0.01
    (12, True)
    """
    if sampling != "external":
        raise ValueError(f"unknown sampling {shown(sampling)}: expected external")
    if algorithm not in MCCFR_ALGORITHMS:
        raise ValueError(f"unknown algorithm {shown(algorithm)} for mccfr: expected "
                         f"{', '.join(MCCFR_ALGORITHMS)}"
                         + (" (dcfr's discounts need every information set each iteration)"
                            if algorithm == "dcfr" else ""))
    if (iterations is None) == (seconds is None):
        raise ValueError("give iterations or seconds, one of them")
    target = None if iterations is None else checked_int(
        iterations, "iterations", "a positive integer", lambda n: n >= 1)
    budget = None if seconds is None else checked_real(
        seconds, "seconds", "a positive number", lambda s: math.isfinite(s) and s > 0)
    workers = 1 if threads is None else checked_threads(threads, none="one")
    seed = checked_seed(seed)
    if memory is None:
        machine = physical_memory()
        memory = (1 << 32) if machine is None else machine // 2
    limit = checked_int(memory, "memory", "a positive number of bytes", lambda n: n >= 1)
    if abstraction is not None and not isinstance(abstraction, Abstraction):
        raise ValueError(f"abstraction must be None (the identity) or an abstraction of the "
                         f"game, got {type(abstraction).__name__} {shown(abstraction)}")
    instance = _game(game)
    run = _core.solve.mccfr(instance, abstraction, algorithm, seed, workers, limit)
    path = None if checkpoint is None else Path(checkpoint)
    if path is not None and path.exists():
        run.load(str(path))
        if target is not None and run.iterations > target:
            raise ValueError(f"the checkpoint {quote_input(str(path))} has {run.iterations} "
                             f"iterations, more than the {target} asked for")
    elif path is not None:
        run.save(str(path))  # a path that cannot be written fails now, not after the run
    start = time.perf_counter()
    saved = reported = start
    chunk = run.round
    while True:
        now = time.perf_counter()
        left = (target - run.iterations) if target is not None else None
        if left == 0 or (budget is not None and now - start >= budget):
            break
        if path is not None and now - saved >= CHECKPOINT_SECONDS:
            run.save(str(path))
            saved = now
        if progress is not None and now - reported >= 1.0:
            progress(run.iterations, now - start)
            reported = now
        # Chunks of whole rounds of about a tenth of a second keep the clock and the bits.
        count = chunk if left is None else min(chunk, left)
        began = time.perf_counter()
        run.iterate(count)
        spent = time.perf_counter() - began
        if spent < 0.05:
            chunk *= 2
        elif spent > 0.2 and chunk > run.round:
            chunk = max(run.round, chunk // 2 // run.round * run.round)
    if path is not None:
        run.save(str(path))
    if progress is not None:
        progress(run.iterations, time.perf_counter() - start)
    return Solution(run.solution())


@dataclass(frozen=True)
class LocalBestResponse:
    """What :func:`local_best_response` won against a policy: per hand in the game's unit,
    with its normal 95% interval over the hands. Its mean is a lower bound on the policy's
    exploitability (NashConv / 2), up to the sampling error the interval gives."""

    game: str
    policy: str
    seed: int
    samples: int
    """The worlds of the range at most (docs/solve.md, "Local best response")."""
    values: npt.NDArray[np.float64] = field(repr=False)
    """What the LBR seat won in each hand; hand ``h`` has it in seat ``h % 2``."""
    decisions: int
    """The LBR seat's decisions with two legal actions or more, over every hand."""
    exact: int
    """Of those, the decisions whose range was enumerated exactly (not sampled)."""
    misses: int
    """The other seat's actions to which the policy gave probability 0 in every world of the
    range (the range then kept its weights)."""
    seconds: float

    @property
    def hands(self) -> int:
        """The hands played."""
        return int(self.values.shape[0])

    @property
    def mean(self) -> float:
        """What LBR won per hand, both seats together."""
        return float(self.values.mean())

    @property
    def std(self) -> float:
        """The standard deviation of one hand's winnings (0 with one hand)."""
        return float(self.values.std(ddof=1)) if self.hands > 1 else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean`."""
        half = 1.96 * self.std / math.sqrt(self.hands)
        return self.mean - half, self.mean + half

    @property
    def seat_means(self) -> tuple[float, float]:
        """What LBR won per hand in seat 0 and in seat 1 (NaN for a seat it never held)."""
        return tuple(float(self.values[seat::2].mean()) if self.hands > seat else math.nan
                     for seat in (0, 1))  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data, ready for JSON (no per-hand values)."""
        low, high = self.interval
        return {"game": self.game, "policy": self.policy, "seed": self.seed,
                "samples": self.samples, "hands": self.hands, "mean": self.mean,
                "ci95": [low, high], "std": self.std, "seat_means": list(self.seat_means),
                "decisions": self.decisions, "exact": self.exact, "misses": self.misses,
                "seconds": self.seconds}

    def to_json(self) -> str:
        """to_dict() as JSON."""
        return json.dumps(self.to_dict(), indent=2)

    def __repr__(self) -> str:
        low, high = self.interval
        ranges = ("exact" if self.exact == self.decisions
                  else f"{self.samples} particles" if self.exact == 0
                  else f"exact at {self.exact:,} of {self.decisions:,} decisions, else "
                       f"{self.samples} particles")
        return (f"LocalBestResponse({self.game!r} against {self.policy}: {self.mean:+.4f} a "
                f"hand, 95% [{low:+.4f}, {high:+.4f}], {self.hands:,} hands, ranges "
                f"{ranges}, {self.seconds:.1f} s)")


def local_best_response(game: Any, policy: Policy, hands: int, *, seed: int,
                        threads: int | None = None, executor: Executor | None = None,
                        samples: int = LBR_SAMPLES) -> LocalBestResponse:
    """Local best response (LBR) against ``policy`` in ``game`` (a Game, or a name for its
    default configuration) over ``hands`` hands, LBR in seat ``h % 2`` in hand ``h``
    (docs/solve.md, "Local best response"): what it won per hand, in the game's unit, a
    lower bound on the policy's exploitability where no exact one can be computed.

    At each of its decisions LBR keeps the policy's range, the worlds consistent with what
    it saw weighted by the policy's probabilities of the other seat's actions in them:
    enumerated exactly while at most ``samples`` worlds (Kuhn, Leduc), else a particle
    filter of ``samples`` particles (Badugi). It takes the action of highest value when the
    rest of the hand is checked and called down (a bet first meets the policy's fold
    probability). ``policy`` is a policy with known probabilities: a :class:`Strategy`, a
    built-in policy's name (``random``, or a deterministic one such as ``rule_based``), the
    search (``"ismcts"`` or ``("ismcts", {options})``: each information state's action is
    the search's seeded by that state, so it is one deterministic member of the search's
    family, and each costs a search) or a callable ``state -> {action: probability}``.

    The same ``seed`` gives the same result on any ``threads`` (None: one; the hands run in
    blocks of 16, each hand with a seed of its own) and through an ``executor`` (a
    ``concurrent.futures`` executor; a callable policy must then pickle). Most of the work
    is Python holding the GIL, so threads seldom gain: a ``ProcessPoolExecutor`` does. A
    game with other than two players, a general-sum one, one of several hands, a policy
    without probabilities and ``hands`` or ``samples`` below 1 are ValueErrors.

    >>> lbr = local_best_response("kuhn", "random", 2000, seed=1)
    >>> lo, hi = lbr.interval
    >>> bool(lo > 0), bool(lo <= exploitability("kuhn", "random"))
    (True, True)
    """
    from cardcore import _lbr  # here: it imports this module
    from cardcore.search import policy_text
    from cardcore.simulation import _label

    count = checked_int(hands, "hands", "a positive number of hands", lambda n: n >= 1)
    budget = checked_int(samples, "samples", "a positive integer", lambda n: n >= 1)
    seed = checked_seed(seed)
    workers = 1 if threads is None else checked_threads(threads, none="one")
    checked_executor(executor)
    instance = _game(game)
    if instance.config.get("hands", 1) != 1:
        raise ValueError(f"local best response plays one hand a game, got "
                         f"hands={instance.config['hands']!r}: configure hands=1")
    if isinstance(policy, Solution):
        policy = policy.policy
    _lbr.probabilities_of(instance, policy)  # an unknown policy fails before a hand is played
    name, config = module_of(instance).SPEC.name, dict(instance.config)
    blocks = [(begin, min(begin + _LBR_BLOCK, count)) for begin in range(0, count, _LBR_BLOCK)]
    start = time.perf_counter()

    def run(pool: Executor) -> list[npt.NDArray[np.float64]]:
        futures = [pool.submit(_lbr.play_block, name, config, policy, begin, end, seed, budget)
                   for begin, end in blocks]
        return [future.result() for future in futures]

    if executor is not None:
        rows = run(executor)
    elif workers == 1:
        rows = [_lbr.play_block(name, config, policy, begin, end, seed, budget)
                for begin, end in blocks]
    else:
        with ThreadPoolExecutor(workers) as pool:
            rows = run(pool)
    table = np.concatenate(rows)
    # the search by its options ('ismcts:simulations=1000,rollout=rule_based')
    label = policy_text(policy, module_of(instance).SPEC) if isinstance(policy, tuple) else None
    return LocalBestResponse(
        name, label or _label(cast(Any, policy)), seed, budget,
        table[:, 0], int(table[:, 1].sum()), int(table[:, 2].sum()), int(table[:, 3].sum()),
        time.perf_counter() - start)
