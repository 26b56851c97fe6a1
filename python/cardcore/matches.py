"""Duplicate matches: policies compared over the same deals, each deal played once per
seating, so that the luck of the cards cancels (``docs/match.md``).

>>> import cardcore as cc
>>> result = cc.match("kuhn", ["rule_based", "random"], 2000, seed=1)
>>> result.policies, result.deals, result.hands
(('rule_based', 'random'), 1000, 2000)
>>> bool(result.mean[0] > 0), float(result.mean.sum())
(True, 0.0)

``cc.match`` is :func:`match`, the function of this module (``cardcore.matches``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore._checks import checked_int, shown
from cardcore._namespace import public_dir
from cardcore._registry import GAMES, module_of
from cardcore.simulation import Policy, _added, _engine_label, simulate

__all__ = ["MatchResult", "match"]


@dataclass(frozen=True)
class MatchResult:
    """What each policy of a :func:`match` won per hand (per round in Bai Buu), in the
    game's unit (chips in the poker games), with its 95% interval.

    The sample unit is the deal: :attr:`deal_means` holds, for each deal, what each policy
    won on average over the deal's seatings (one seating when not ``duplicate``), and the
    interval is the normal one over the deals, ``mean ± 1.96 std / sqrt(deals)``.
    """

    game: str
    config: dict[str, Any]
    policies: tuple[str, ...]
    """Each policy's label (a built-in name, the search's text, a callable's name), numbered
    ``#i`` where two policies would share one."""
    duplicate: bool
    seed: int
    deal_means: npt.NDArray[np.float64] = field(repr=False)
    """``deal_means[d, i]``: what policy ``i`` won per hand in deal ``d``, averaged over the
    deal's seatings."""
    counts: dict[str, int] = field(default_factory=dict)
    """The games' counts over every seating (``SimulationResult.counts``); the first is the
    hands (Bai Buu: rounds) played."""
    control_variates: int = 0
    """The playouts an outcome by which each hand's result was corrected (0: none; see
    :func:`match`)."""

    @property
    def deals(self) -> int:
        """The deals played."""
        return int(self.deal_means.shape[0])

    @property
    def seatings(self) -> int:
        """How many times each deal was played: the number of seats, or 1 (plain)."""
        return len(self.policies) if self.duplicate else 1

    @property
    def hands(self) -> int:
        """The hands played: deals times seatings."""
        return self.deals * self.seatings

    @property
    def mean(self) -> npt.NDArray[np.float64]:
        """What each policy won per hand."""
        return np.asarray(self.deal_means.mean(axis=0))

    @property
    def std(self) -> npt.NDArray[np.float64]:
        """The standard deviation of a deal's mean, for each policy (0 with one deal)."""
        if self.deals < 2:
            return np.zeros(len(self.policies))
        return np.asarray(self.deal_means.std(axis=0, ddof=1))

    @property
    def interval(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The 95% interval of each policy's mean."""
        half = 1.96 * self.std / np.sqrt(self.deals)
        return self.mean - half, self.mean + half

    def __getitem__(self, policy: str) -> dict[str, Any]:
        """One policy's figures by its label (as :meth:`to_dict` lists them)."""
        if policy not in self.policies:
            raise KeyError(f"no policy {shown(policy)} in this match: its policies are "
                           f"{', '.join(self.policies)}")
        return self._rows()[self.policies.index(policy)]

    def _rows(self) -> list[dict[str, Any]]:
        low, high = self.interval
        return [{"policy": policy, "mean": float(m), "ci95": [float(a), float(b)],
                 "std": float(s)}
                for policy, m, a, b, s in zip(self.policies, self.mean, low, high, self.std,
                                              strict=True)]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data, ready for JSON (no per-deal means)."""
        return {"game": self.game, "config": self.config, "duplicate": self.duplicate,
                "seed": self.seed, "deals": self.deals, "seatings": self.seatings,
                "hands": self.hands, "control_variates": self.control_variates,
                "policies": self._rows(), "counts": dict(self.counts)}

    def to_json(self) -> str:
        """to_dict() as JSON."""
        return json.dumps(self.to_dict(), indent=2)

    def _unit(self) -> str:
        """"hand", or what the game's first count names ("round" in Bai Buu)."""
        return next(iter(self.counts), "hands").removesuffix("s")

    def table(self) -> str:
        """The result as a text table, one row per policy."""
        low, high = self.interval
        unit = self._unit()
        kind = "duplicate match" if self.duplicate else "plain match"
        plays = (f"{self.deals:,} deals x {self.seatings} seatings = {self.hands:,} {unit}s"
                 if self.duplicate else f"{self.hands:,} {unit}s")
        width = max(10, *(len(policy) for policy in self.policies))
        corrected = (f", control variates of {self.control_variates} playouts"
                     if self.control_variates else "")
        lines = [f"{self.game}: {kind}, {plays}, seed {self.seed}{corrected}",
                 f"{'policy':<{width}} {'per ' + unit:>10} {'95% interval':>24} {'±':>8}"]
        for i, policy in enumerate(self.policies):
            interval = f"[{low[i]:+.4f}, {high[i]:+.4f}]"
            lines.append(f"{policy:<{width}} {self.mean[i]:>+10.4f} {interval:>24} "
                         f"{(high[i] - low[i]) / 2:>8.4f}")
        sample = ("the mean of a deal over its seatings" if self.duplicate else f"one {unit}")
        lines.append(f"won per {unit} in the game's unit; the interval's sample is {sample}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()


def match(
    game: Any,
    policies: Sequence[Policy],
    hands: int,
    *,
    duplicate: bool = True,
    seed: int = 0,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
    control_variates: int = 0,
) -> MatchResult:
    """Plays ``hands`` hands of ``game`` (a Game, or a name for its default configuration)
    between ``policies``, one per seat (anything
    :func:`cardcore.simulate <cardcore.simulation.simulate>` takes: a built-in name,
    ``("ismcts", {options})``, a callable), and reports what each policy won per hand.

    With ``duplicate=True`` each deal is played once per seating, ``hands / seats`` deals:
    in seating ``r``, policy ``i`` sits in seat ``(i + r) mod seats``. Every seating of a
    deal plays the same game of the seed: the same dealer (button), and the same cards to the
    same seat. Each seat draws its cards, the replacements included, from its own stream
    (``simulate(..., deal="seats")``), so a policy gets the cards another had in the same
    seat, as long as it draws as many (a card that the other seat's stream reached first
    goes to whoever asks first). With two players the seats swap: in each deal every policy
    plays every seat's cards and position once. With ``duplicate=False`` each of ``hands``
    deals is played once with policy ``i`` in seat ``i`` (the dealer still moves from game
    to game): the plain estimate, from the same deals (its deal ``d`` is seating 0 of the
    duplicate match's deal ``d``).

    A match needs a zero-sum game, so that what a policy wins the others lose; one hand a
    game (a game of several hands deals its later hands from where the earlier ones left the
    cards); and a policy at every seat (no seat played inside the engine). Anything else is
    a ValueError before a hand is played, as are a wrong number of policies, an unknown
    policy, ``hands`` below 1 or, in a duplicate match, not a multiple of the seats.

    ``control_variates=k`` (k > 0) corrects each hand's result for the luck of the cards
    and of the decisions whose probabilities are known (``random``, a Strategy, Badugi's
    ``blueprint``; not the search's, nor a callable's, which it refuses), valuing each
    outcome by ``k`` playouts (``docs/match.md``, "Control variates"). The means are the
    same; the interval narrows once ``k`` is large enough (Badugi, ``rule_based`` against
    ``random``: 2.1x at k = 32; below 8 to 16 the playouts' noise widens it instead), at
    the cost of the playouts, thousands of times the hand's own time (4 ms a Badugi hand).

    The result is the same for any ``threads`` and through an ``executor`` (a
    ``concurrent.futures`` executor, or a Dask client's), which run each seating's games as
    :func:`cardcore.simulate <cardcore.simulation.simulate>` does. ``progress`` shows
    simulate's progress line, one a seating.

    >>> result = match("badugi", ["rule_based", "rule_based"], 1000, seed=2)
    >>> result.mean.tolist()  # a deterministic policy against itself, on the same deals
    [0.0, 0.0]
    >>> result.policies, result.hands, result.seatings
    (('rule_based#0', 'rule_based#1'), 1000, 2)
    >>> plain = match("badugi", ["rule_based", "random"], 1000, duplicate=False, seed=2)
    >>> plain.deals, plain.to_dict()["policies"][0]["policy"]
    (1000, 'rule_based')
    """
    name = module_of(game).SPEC.name
    if isinstance(game, str):
        game = GAMES[name]()
    seats = game.num_players
    if game.utility != "zero_sum":
        raise ValueError(
            f"a match needs a zero-sum game, so that what one policy wins the others lose; "
            f"{name} with this configuration is {game.utility.replace('_', '-')}: use "
            "cc.simulate for each seat's returns")
    if game.config.get("hands", 1) != 1:
        raise ValueError(
            f"a match plays one hand a game, got hands={game.config['hands']!r}: later hands "
            "are dealt from where the earlier ones left the cards, so seatings would not share "
            "them; configure hands=1")
    if game.acting_players < seats:
        label, why = _engine_label(game)
        raise ValueError(
            f"a match needs a policy at every seat, but {name}'s seats "
            f"{game.acting_players} to {seats - 1} play inside the engine ({label}: {why})")
    if isinstance(policies, (str, bytes)) or callable(policies):
        raise ValueError(f"policies must be a list, one per seat ({seats}), got "
                         f"{shown(policies)}")
    policies = list(policies)
    if len(policies) != seats:
        raise ValueError(f"a match of {name} needs one policy per seat ({seats}), got "
                         f"{len(policies)}")
    if not isinstance(duplicate, bool):
        raise ValueError(f"duplicate must be True or False, got {shown(duplicate)}")
    hands = checked_int(hands, "hands", "a positive number of hands", lambda count: count >= 1)
    seatings = seats if duplicate else 1
    if hands % seatings:
        lower = hands - hands % seatings
        nearest = f"{lower:,} or {lower + seatings:,}" if lower else f"{seatings}"
        raise ValueError(
            f"hands={hands:,} is not a multiple of the {seatings} seatings of a duplicate "
            f"match (each deal is played once per seating): use {nearest}")
    deals = hands // seatings
    deal_means = np.zeros((deals, seats))
    counts: dict[str, int] = {}
    labels: tuple[str, ...] = ()
    for r in range(seatings):
        seat_of = [(i + r) % seats for i in range(seats)]  # policy i's seat in seating r
        seated: list[Policy] = [None] * seats
        for i, seat in enumerate(seat_of):
            seated[seat] = policies[i]
        played = simulate(game, deals, policies=seated, seed=seed, threads=threads,
                          executor=executor, progress=progress, deal="seats",
                          control_variates=control_variates)
        deal_means += played.returns[:, seat_of]
        counts = _added(counts, played.counts)
        if r == 0:
            labels = played.policies
    deal_means /= seatings
    numbered = tuple(f"{label}#{i}" if labels.count(label) > 1 else label
                     for i, label in enumerate(labels))
    return MatchResult(name, game.config, numbered, duplicate, seed, deal_means, counts,
                       control_variates)


__dir__ = public_dir(__all__)
