"""Draw odds, discard advice and showdown equity, shared by every draw game that has them
(``docs/odds.md``). A game module builds one :class:`DrawRules` from its compiled submodule
and exposes ``draw_odds``, ``best_discards`` and ``equity`` through it; the work is done in
C++ (``cardcore/odds/draw.hpp``).

The unseen cards are the deck less every hand given and the dead cards; replacements come
from them uniformly, and thrown cards never come back. A hand of ``equity`` (or
``best_discards``'s ``against``) may also be ``"random"`` or a range (:data:`RANGE_SYNTAX`).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from types import ModuleType
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from cardcore._batch import resolve_threads
from cardcore._checks import checked_int, checked_seed, quote_input, shown
from cardcore.cards import Card, CardLike, CardSet, all_hands

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

RANGE_SYNTAX = ("a range's terms, separated by commas, are 'random', 'top P%', a class, "
                "'CARDS+' (that hand or a stronger one) or 'CARDS'")
"""The range syntax of ``equity``'s hands, as error messages state it (``docs/odds.md``):
'top P%' is the hands that fewer than P% of all four-card hands beat, a class one of the
game's ``evaluate``."""
_TOP = re.compile(r"top\s*(\d+(?:\.\d*)?|\.\d+)\s*%", re.IGNORECASE)
_HandEntry = CardLike | Sequence[CardLike]


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


def _is_card(item: object) -> bool:
    """Whether ``item`` is one card (a list of them is a hand, not a range)."""
    if isinstance(item, (Card, int)):
        return True
    try:
        return isinstance(item, str) and len(CardSet(item)) == 1
    except ValueError:
        return False


def hand_label(entry: _HandEntry) -> str:
    """How a table names a hand of ``equity``: its cards, or the range as given."""
    try:
        return str(CardSet(entry))  # type: ignore[arg-type]  # a range is refused here
    except (ValueError, TypeError):
        return entry.strip() if isinstance(entry, str) else ", ".join(
            map(str, entry))  # type: ignore[arg-type]  # a list of a range's terms


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
        self._class_by_name = {name.lower(): i for i, name in enumerate(best_first)}

    @functools.cached_property
    def _every_hand(self) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint16]]:
        """Every four-card hand and its strength, for ranges (built on first use)."""
        return all_hands(4), np.asarray(self._core.odds_strengths(self._rules))

    def _term(self, term: object, text: str) -> npt.NDArray[np.uint64]:
        """The four-card hands of one term of the range ``text`` (:data:`RANGE_SYNTAX`)."""
        if isinstance(term, CardSet):
            term = str(term)
        if not isinstance(term, str):
            raise ValueError(f"a range's terms are strings or CardSets, got {shown(term, 80)} "
                             f"in {quote_input(text, 120)}")
        masks, strengths = self._every_hand
        word = term.strip()
        where = f"{quote_input(word, 80)} in the range {quote_input(text, 120)}"
        top = _TOP.fullmatch(word)
        if word.lower() == "random":
            return masks
        if top:
            percent = float(top.group(1))
            if not 0 < percent <= 100:
                raise ValueError(f"{where}: P must be above 0 and at most 100")
            ordered = np.sort(strengths)
            stronger = len(ordered) - np.searchsorted(ordered, strengths, side="right")
            return masks[stronger < percent / 100 * len(masks)]
        if word.lower() in self._class_by_name:
            wanted = self._class_by_name[word.lower()]
            of_class: npt.NDArray[np.uint64] = masks[self._class_index[strengths] == wanted]
            return of_class
        at_least = word.endswith("+")
        try:
            hand = CardSet(word[:-1] if at_least else word)
        except ValueError:
            raise ValueError(f"{where} is not a range term: {RANGE_SYNTAX} (the classes: "
                             f"{', '.join(self.classes)})") from None
        if len(hand) != 4:
            raise ValueError(f"{where}: a range's hands have 4 cards, got {len(hand)}")
        if not at_least:
            return np.array([hand.mask], dtype=np.uint64)
        stronger_or_equal: npt.NDArray[np.uint64] = masks[strengths >= self._strength(hand)]
        return stronger_or_equal

    def _is_range_word(self, word: str) -> bool:
        word = word.strip()
        return (word.endswith("+") or _TOP.fullmatch(word) is not None
                or word.lower() in self._class_by_name)

    def hand(self, entry: _HandEntry) -> tuple[int, npt.NDArray[np.uint64] | None]:
        """A hand of ``equity`` as (its known cards, None), ``"random"`` as (0, None) (no
        cards: the deal gives all four), or a range as (0, its four-card hands): a string
        of :data:`RANGE_SYNTAX`, or a list or tuple of its terms that are not all single
        cards (a list of single cards is a hand)."""
        if isinstance(entry, str):
            terms: Sequence[object] = entry.split(",")
            text = entry
            if len(terms) == 1 and entry.strip().lower() == "random":
                return 0, None
            if len(terms) == 1 and not self._is_range_word(entry):
                return self._known(entry), None
        elif isinstance(entry, (list, tuple)) and not all(map(_is_card, entry)):
            terms = entry
            text = ", ".join(map(str, entry))
        else:
            return self._known(entry), None  # type: ignore[arg-type]  # not a range: cards
        hands: npt.NDArray[np.uint64] = np.unique(np.concatenate([self._term(t, text)
                                                                  for t in terms]))
        return 0, hands

    def _known(self, cards: CardLike) -> int:
        mask = CardSet(cards).mask
        if mask == 0:  # no cards would be a random hand: the C++ names the sizes a hand has
            self._core.is_legal_discard(0, 0, self._rules)
        return mask

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

    def _run(self, hands: list[int], ranges: list[npt.NDArray[np.uint64] | None],
             discards: list[int | None], dead: int, draws_left: int, method: MethodChoice,
             samples: int, seed: int, threads: int | None
             ) -> tuple[Method, list[float], npt.NDArray[np.float64], dict[str, Any] | None]:
        """(method, shares, hand 0's strength distribution, the Monte Carlo sums or None)."""
        given = ranges if any(r is not None for r in ranges) else None
        if method != "monte carlo":
            limit = EXACT_LEAVES if method == "auto" else MAX_EXACT_LEAVES
            estimate = self._core.estimate_leaves(hands, discards, dead or None, draws_left,
                                                  _ESTIMATE_PATHS, seed, self._rules, given)
            if estimate <= limit:
                done, shares, strength = self._core.showdown_exact(
                    hands, discards, dead or None, draws_left, 4 * limit, self._rules, given)
                if done:
                    return "exact", list(shares), strength, None
            if method == "exact":
                raise ValueError(f"method='exact' would enumerate more than {limit:,} showdowns: "
                                 "use method='auto' or 'monte carlo'")
        sums = self._core.showdown_monte_carlo(hands, discards, dead or None, draws_left, samples,
                                               seed, resolve_threads(threads, samples),
                                               self._rules, given)
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
        hands: list[int] = [hand_mask]
        ranges: list[npt.NDArray[np.uint64] | None] = [None]
        if against is not None:
            against_mask, against_range = self.hand(against)
            hands, ranges = [hand_mask, against_mask], [None, against_range]
        cards = list(CardSet.from_mask(hand_mask)) if hand_mask.bit_count() <= 4 else []
        discards = [sum(1 << c.id for c in chosen) for k in range(len(cards) + 1)
                    for chosen in combinations(cards, k)]
        # Too many cards: the C++ check names what is wrong (as it does too few).
        legal = [d for d in discards or [0]
                 if self._core.is_legal_discard(hand_mask, d, self._rules)]
        advice = []
        for discard in legal:
            firsts: list[int | None] = [discard] + [None] * (len(hands) - 1)
            how, shares, strength, sums = self._run(hands, ranges, firsts, dead_mask, left,
                                                    choice, n, seed_value, threads)
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

    def equity(self, hands: Iterable[_HandEntry], draws_left: object, dead: CardLike | None,
               discards: Sequence[CardLike | None] | None, method: object, samples: object,
               seed: object, threads: int | None) -> Equity:
        if isinstance(hands, (str, bytes, int, CardSet)):
            raise ValueError(f"hands must be a list of two or more hands, got {shown(hands)}")
        parsed = [self.hand(h) for h in hands]
        masks, ranges = [m for m, _ in parsed], [r for _, r in parsed]
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
        how, shares, _, sums = self._run(masks, ranges, firsts, _mask(dead), left, choice, n,
                                         seed_value, threads)
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
        title += f", against {hand_label(against)}"
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


def equity_table(game: str, draws_left: int, hands: Sequence[_HandEntry], result: Equity) -> str:
    """Each hand's share in ``game`` (its display name) as a text table (``cardcore
    equity``)."""
    names = [hand_label(h) for h in hands]
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
