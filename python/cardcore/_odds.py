"""Draw odds, discard advice and showdown equity, shared by every draw game that has them
(``docs/odds.md``). A game module builds one :class:`DrawRules` from its compiled submodule
and exposes ``draw_odds``, ``best_discards`` and ``equity`` through it; the work is done in
C++ (``cardcore/odds/draw.hpp``).

The unseen cards are the deck less every hand given and the dead cards; replacements come
from them uniformly, and thrown cards never come back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from types import ModuleType
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from cardcore._batch import resolve_threads
from cardcore._checks import checked_int, checked_seed, shown
from cardcore.cards import CardLike, CardSet

Method = Literal["exact", "monte carlo"]
MethodChoice = Literal["auto", "exact", "monte carlo"]

EXACT_LEAVES = 8_000_000
"""The most showdowns an exact answer enumerates (a question or a discard; about a tenth of a
second in C++): beyond it, by an estimate made first, Monte Carlo answers instead."""
_ESTIMATE_PATHS = 64
MAX_EXACT_LEAVES = 50_000_000
"""The most showdowns ``method="exact"`` enumerates (by the estimate made first) before it gives
up with a ValueError."""
DEFAULT_SAMPLES = 200_000
"""Monte Carlo samples when ``samples`` is not given (per discard in ``best_discards``)."""
MAX_SAMPLES = 1_000_000_000
"""The most Monte Carlo samples a question takes (a few minutes on one core)."""
_Z95 = 1.959963984540054  # the 97.5% point of the standard normal: a 95% interval


@dataclass(frozen=True)
class DrawOdds:
    """The exact distribution of a hand after one draw (``draw_odds``).

    ``counts[s]`` of the ``total`` possible draws end with strength ``s`` (index 0 unused);
    ``strength_distribution`` is ``counts / total``; ``class_probabilities`` groups it by
    the class names of the game's ``evaluate``, best class first.
    """

    hand: CardSet
    discard: CardSet
    dead: CardSet
    total: int
    counts: npt.NDArray[np.uint64] = field(repr=False)
    strength_distribution: npt.NDArray[np.float64] = field(repr=False)
    class_probabilities: dict[str, float]
    _strength: Callable[[CardLike], int] = field(repr=False, compare=False)

    def probability(self, *, better_than: CardLike) -> float:
        """The chance of finishing strictly better than the four-card hand ``better_than``."""
        s = self._strength(better_than)
        return float(self.counts[s + 1:].sum()) / self.total


@dataclass(frozen=True)
class DiscardAdvice:
    """One discard of ``best_discards``: the final class probabilities, the expected final
    strength and, against a hand, the expected share of the pot (a split counts its share).
    ``method`` says how they were found; ``intervals`` holds 95% intervals of
    ``expected_strength`` and ``win_probability`` for Monte Carlo, None when exact."""

    discard: CardSet
    class_probabilities: dict[str, float]
    expected_strength: float
    win_probability: float | None
    method: Method
    intervals: dict[str, tuple[float, float]] | None = None

    def __str__(self) -> str:
        discard = str(self.discard) if len(self.discard) else "stand pat"
        win = "" if self.win_probability is None else f", wins {self.win_probability:.2%}"
        return f"{discard}: expected strength {self.expected_strength:.1f}{win} ({self.method})"


@dataclass(frozen=True)
class Equity:
    """Each hand's expected share of the pot at showdown (``equity``): ``shares`` sums to 1;
    ``intervals`` holds a 95% interval of each share for Monte Carlo, None when exact."""

    shares: list[float]
    intervals: list[tuple[float, float]] | None
    method: Method
    samples: int | None = None

    def __str__(self) -> str:
        def one(i: int) -> str:
            if self.intervals is None:
                return f"{self.shares[i]:.4%}"
            low, high = self.intervals[i]
            return f"{self.shares[i]:.4%} ({low:.4%} to {high:.4%})"
        return ", ".join(one(i) for i in range(len(self.shares))) + f" ({self.method})"


def _mask(cards: CardLike | None) -> int:
    return 0 if cards is None else CardSet(cards).mask


def _method(method: object) -> MethodChoice:
    if method not in ("auto", "exact", "monte carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte carlo', got {shown(method)}")
    return method


def _interval(mean: float, variance: float, n: int) -> tuple[float, float]:
    half = _Z95 * math.sqrt(max(variance, 0.0) / n)
    return mean - half, mean + half


class DrawRules:
    """The odds verbs of one game, over its compiled submodule (``draw_counts``,
    ``showdown_exact``, ``showdown_monte_carlo``, ``odds_classes``)."""

    def __init__(self, core: ModuleType, strength: Callable[[CardLike], int],
                 max_draws: int, rules: Mapping[str, object] | None = None) -> None:
        self._core = core
        self._strength = strength
        self.max_draws = max_draws
        # The evaluator's house rules, passed to every kernel (the C++ checks them).
        self._rules = dict(rules or {})
        names: list[str] = list(core.odds_classes(self._rules))
        self._class_of = np.array(["", *names], dtype=object)
        best_first = list(dict.fromkeys(reversed(names)))
        self.classes: tuple[str, ...] = tuple(best_first)
        position = {name: i for i, name in enumerate(best_first)}
        # The class of each strength as its position in self.classes (strength 0: none).
        self._class_index = np.array([0, *(position[n] for n in names)], dtype=np.intp)
        self._strengths = np.arange(len(names) + 1, dtype=np.float64)

    def class_probabilities(self, distribution: npt.NDArray[np.float64]) -> dict[str, float]:
        """The distribution over strengths grouped by class, best class first."""
        weights = np.array(distribution, dtype=np.float64)
        weights[0] = 0.0
        totals = np.bincount(self._class_index, weights=weights, minlength=len(self.classes))
        return {name: float(p) for name, p in zip(self.classes, totals.tolist(), strict=True)}

    def draw_odds(self, hand: CardLike, discard: CardLike, dead: CardLike | None) -> DrawOdds:
        hand_set, discard_set, dead_set = CardSet(hand), CardSet(discard), CardSet(_mask(dead))
        counts = self._core.draw_counts(hand_set.mask, discard_set.mask, dead_set.mask, self._rules)
        total = int(counts.sum())
        distribution = counts / total
        return DrawOdds(hand_set, discard_set, dead_set, total, counts, distribution,
                        self.class_probabilities(distribution), self._strength)

    def _draws_left(self, draws_left: object, least: int) -> int:
        return checked_int(draws_left, "draws_left", f"an integer from {least} to {self.max_draws}",
                           lambda n: least <= n <= self.max_draws)

    def _samples(self, samples: object) -> int:
        if samples is None:
            return DEFAULT_SAMPLES
        return checked_int(samples, "samples", f"a positive integer up to {MAX_SAMPLES:,} or None",
                           lambda n: 1 <= n <= MAX_SAMPLES)

    def _run(self, hands: list[int], discards: list[int | None], dead: int, draws_left: int,
             method: MethodChoice, samples: int, seed: int, threads: int | None
             ) -> tuple[Method, list[float], npt.NDArray[np.float64], dict[str, Any] | None]:
        """(method, shares, hand 0's strength distribution, the Monte Carlo sums or None)."""
        if method != "monte carlo":
            limit = EXACT_LEAVES if method == "auto" else MAX_EXACT_LEAVES
            estimate = self._core.estimate_leaves(hands, discards, dead or None, draws_left,
                                                  _ESTIMATE_PATHS, seed, self._rules)
            if estimate <= limit:
                done, shares, strength = self._core.showdown_exact(
                    hands, discards, dead or None, draws_left, 4 * limit, self._rules)
                if done:
                    return "exact", list(shares), strength, None
            if method == "exact":
                raise ValueError(f"method='exact' would enumerate more than {limit:,} showdowns: "
                                 "use method='auto' or 'monte carlo'")
        sums = self._core.showdown_monte_carlo(hands, discards, dead or None, draws_left, samples,
                                               seed, resolve_threads(threads, samples), self._rules)
        n = sums["samples"]
        units = sums["share_units"]
        shares = [s / units / n for s in sums["share_sum"]]
        return "monte carlo", shares, sums["strength"] / n, sums

    def best_discards(self, hand: CardLike, draws_left: object, dead: CardLike | None,
                      against: CardLike | None, method: object, samples: object, seed: object,
                      threads: int | None) -> list[DiscardAdvice]:
        hand_mask, dead_mask = CardSet(hand).mask, _mask(dead)
        left = self._draws_left(draws_left, 1)
        choice, n, seed_value = _method(method), self._samples(samples), checked_seed(seed)
        threads = resolve_threads(threads, n)
        hands = [hand_mask] if against is None else [hand_mask, CardSet(against).mask]
        cards = list(CardSet.from_mask(hand_mask)) if hand_mask.bit_count() == 4 else []
        discards = [sum(1 << c.id for c in chosen) for k in range(len(cards) + 1)
                    for chosen in combinations(cards, k)]
        if not cards:  # not four cards: the C++ check names what is wrong
            discards = [0]
        legal = [d for d in discards if self._core.is_legal_discard(hand_mask, d, self._rules)]
        advice = []
        for discard in legal:
            firsts: list[int | None] = [discard] + [None] * (len(hands) - 1)
            how, shares, strength, sums = self._run(hands, firsts, dead_mask, left, choice, n,
                                                    seed_value, threads)
            expected = float(strength @ self._strengths)
            win = None if against is None else shares[0]
            intervals = None
            if sums is not None:
                count = sums["samples"]
                variance = float(strength @ self._strengths**2) - expected**2
                intervals = {"expected_strength": _interval(expected, variance, count)}
                if win is not None:
                    square = sums["share_square"][0] / sums["share_units"] ** 2 / count
                    intervals["win_probability"] = _interval(win, square - win**2, count)
            advice.append(DiscardAdvice(CardSet.from_mask(discard),
                                        self.class_probabilities(strength), expected, win, how,
                                        intervals))
        advice.sort(key=lambda a: (-(a.win_probability or 0.0), -a.expected_strength,
                                   len(a.discard), a.discard.mask))
        return advice

    def equity(self, hands: Iterable[CardLike], draws_left: object, dead: CardLike | None,
               discards: Sequence[CardLike | None] | None, method: object, samples: object,
               seed: object, threads: int | None) -> Equity:
        if isinstance(hands, (str, bytes, int, CardSet)):
            raise ValueError(f"hands must be a list of two or more hands, got {shown(hands)}")
        masks = [CardSet(h).mask for h in hands]
        if len(masks) < 2:
            raise ValueError(f"equity needs two or more hands, got {len(masks)}")
        left = self._draws_left(draws_left, 0)
        if discards is None:
            firsts: list[int | None] = [None] * len(masks)
        else:
            if isinstance(discards, (str, bytes)) or len(discards) != len(masks):
                raise ValueError(f"discards needs one entry (cards or None) per hand "
                                 f"({len(masks)}), got {shown(discards)}")
            firsts = [None if d is None else CardSet(d).mask for d in discards]
        choice, n, seed_value = _method(method), self._samples(samples), checked_seed(seed)
        threads = resolve_threads(threads, n)
        how, shares, _, sums = self._run(masks, firsts, _mask(dead), left, choice, n, seed_value,
                                         threads)
        if sums is None:
            return Equity(shares, None, how)
        count, units = sums["samples"], sums["share_units"]
        intervals = [_interval(share, square / units**2 / count - share**2, count)
                     for share, square in zip(shares, sums["share_square"], strict=True)]
        return Equity(shares, intervals, how, count)


def _percent(p: float) -> str:
    return f"{p:.2%}"


def _draws(draws_left: int) -> str:
    return f"{draws_left} draw{'' if draws_left == 1 else 's'} left"


def advice_table(game: str, cards: CardLike, draws_left: int, dead: CardLike | None,
                 against: CardLike | None, advice: Sequence[DiscardAdvice],
                 classes: Sequence[str]) -> str:
    """The ranked discards of ``cards`` in ``game`` (its display name) as a text table
    (``cardcore odds``): a title naming the hand, the draws left, the dead cards and the
    hand against; then one row a discard, one column a class that some discard can finish
    in, the expected strength, the win probability against a hand, and the method."""
    title = f"{game}  {CardSet(cards)}, {_draws(draws_left)}"
    if dead is not None:
        title += f", dead {CardSet(dead)}"
    if against is not None:
        title += f", against {CardSet(against)}"
    shown_classes = [c for c in classes if any(a.class_probabilities[c] > 0 for a in advice)]
    has_win = any(a.win_probability is not None for a in advice)
    header = ["discard", *shown_classes, "E[strength]", *(["win"] if has_win else []), "method"]
    rows = [header]
    for a in advice:
        row = [str(a.discard) if len(a.discard) else "stand pat"]
        row += [_percent(a.class_probabilities[c]) for c in shown_classes]
        row.append(f"{a.expected_strength:.1f}")
        if has_win:
            row.append(_percent(a.win_probability or 0.0))
        row.append(a.method)
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [title]
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:-1], widths[1:-1],
                                                                       strict=True)]
        lines.append("  ".join([*cells, r[-1]]).rstrip())
    return "\n".join(lines)


def equity_table(game: str, draws_left: int, hands: Sequence[CardLike], result: Equity) -> str:
    """Each hand's share in ``game`` (its display name) as a text table (``cardcore
    equity``)."""
    names = [str(CardSet(h)) for h in hands]
    width = max(len(n) for n in names)
    lines = [f"{game}, {_draws(draws_left)}, {result.method}"
             + (f" ({result.samples:,} samples, 95% intervals)" if result.samples else "")]
    for i, name in enumerate(names):
        line = f"{name.ljust(width)}  {result.shares[i]:7.2%}"
        if result.intervals is not None:
            low, high = result.intervals[i]
            line += f"  ({low:.2%} to {high:.2%})"
        lines.append(line)
    return "\n".join(lines)
