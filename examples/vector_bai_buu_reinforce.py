"""Learns Bai Buu arrangements against the house-way banker with REINFORCE, in NumPy only.

    python examples/vector_bai_buu_reinforce.py [--rounds 12000000] [--envs 4096] [--seed 0]
                                                 [--plot docs/_static/vector_bai_buu_reinforce.png]
    python examples/vector_bai_buu_reinforce.py --smoke     # a few seconds

The agent holds the one player hand of ``cc.VectorEnv`` in single-agent mode (seat 0; the
banker arranges by the house way inside C++) and chooses among the six splits of its four
cards (docs/rulebook/baibuu.md 3.6). Its policy is a linear softmax over features of each
split: a one-hot of the split's *form* (the strengths of its Low and High two-card hands, a
foul being one form), and the same one-hot scaled by the chance that the banker's four
cards all lie below the holding's highest card (the highest card settles 1-1 splits, 3.7).
It learns by REINFORCE with a baseline (a linear critic on the same features), and its
greedy policy is scored *exactly*: the value of each split of every one of the 262,584
holdings that are not Naturals against every banker holding (``cc.baibuu.arrangement_values``),
so the learning curve carries no sampling noise. The exact optimum is -2.498% per round and
the house way -3.447% (``cc.baibuu.optimal_summary``; the scorer finds both again).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import cardcore as cc

__all__ = [
    "Agent",
    "Curve",
    "ExactScorer",
    "Features",
    "features",
    "main",
    "train",
]

PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""Action i puts the i-th pair of the holding's cards (sorted by id) Low (docs/games/baibuu.md)."""
STRENGTHS = 25
"""Two-card strengths are 1 (Score 0) to 25 (a pair of aces): cc.baibuu.strength."""
FOUL = 0
"""The form of every fouled split; a valid split's form is 1 + 25 * (low - 1) + (high - 1)."""
FORMS = 1 + STRENGTHS * STRENGTHS
BANKERS = math.comb(52 - 4, 4)
# The highest single card is taken by rank, then by suit, spades > hearts > clubs > diamonds
# (docs/rulebook/baibuu.md 3.7 #6); card id 4 * rank + suit numbers the suits clubs 0,
# diamonds 1, hearts 2, spades 3. ORDER[id] is the card's place in that order, 0 to 51.
ORDER = np.array([4 * (i // 4) + (1, 0, 2, 3)[i % 4] for i in range(52)])
# BELOW[k]: the share of the banker's holdings (4 of the other 48 cards) whose cards all lose
# to the player's highest card when it is k-th in ORDER (his three others are below it too).
BELOW = np.array([math.comb(max(k - 3, 0), 4) / BANKERS for k in range(52)])

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Features:
    """Per holding (rows) and split (6 columns): its form and the highest-card chance."""

    form: Ints
    below: Floats

    def scaled(self) -> Floats:
        """The second feature of each split, zero for a foul (a foul always loses)."""
        return np.where(self.form == FOUL, 0.0, self.below)


def features(ids: npt.NDArray[np.integer]) -> Features:
    """The features of the six splits of each holding, from its 4 card ids sorted by id."""
    ids = np.asarray(ids, dtype=np.int64)
    bit = np.left_shift(np.uint64(1), ids.astype(np.uint64))
    holding = np.bitwise_or.reduce(bit, axis=1)
    low = np.stack([bit[:, a] | bit[:, b] for a, b in PAIRS], axis=1)
    low_strength = cc.baibuu.strength_many(low).astype(np.int64)
    high_strength = cc.baibuu.strength_many(holding[:, None] ^ low).astype(np.int64)
    form = np.where(high_strength > low_strength,
                    1 + STRENGTHS * (low_strength - 1) + (high_strength - 1), FOUL)
    below = np.repeat(BELOW[ORDER[ids].max(axis=1)][:, None], len(PAIRS), axis=1)
    return Features(form, below)


def cards_of(observation: npt.NDArray[np.float32], start: int) -> Ints:
    """The 4 card ids (sorted) of each row's own-cards segment, 52 columns from ``start``."""
    rows, columns = np.nonzero(observation[:, start:start + 52])
    if len(rows) != 4 * len(observation):
        raise ValueError("every observation must hold 4 own cards")
    return columns.reshape(-1, 4).astype(np.int64)


@dataclass
class Agent:
    """A linear softmax policy and a linear critic over the split features, each with two
    weights per form (one for the constant feature, one for the highest-card chance)."""

    policy: Floats = field(default_factory=lambda: np.zeros((2, FORMS)))
    critic: Floats = field(default_factory=lambda: np.zeros((2, FORMS)))

    @staticmethod
    def linear(weights: Floats, f: Features) -> Floats:
        """Per split: its form's two weights applied to its two features."""
        result: Floats = weights[0][f.form] + weights[1][f.form] * f.scaled()
        return result

    def probabilities(self, f: Features) -> Floats:
        """The softmax policy over the six splits of each holding."""
        logits = self.linear(self.policy, f)
        logits -= logits.max(axis=1, keepdims=True)
        p: Floats = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return p

    def greedy(self, f: Features) -> Ints:
        """The split with the highest logit (the first on equal logits)."""
        choices: Ints = self.linear(self.policy, f).argmax(axis=1).astype(np.int64)
        return choices

    def update(self, f: Features, actions: Ints, rewards: Floats, lr: float,
               critic_lr: float) -> None:
        """One REINFORCE step on a batch of rounds (one decision each): the gradient of log
        pi(a|s) times the return less the baseline V(s) = sum_a pi(a|s) Q(s, a), where the
        critic Q is fitted to the returns by least squares."""
        rows = np.arange(len(actions))
        p = self.probabilities(f)
        q = self.linear(self.critic, f)
        advantage = rewards - (p * q).sum(axis=1)
        # d log pi(a|s) / d logits = onehot(a) - pi: spread over each split's features.
        weight = -p * advantage[:, None]
        weight[rows, actions] += advantage
        scaled = f.scaled()
        n = len(actions)
        self.policy[0] += lr / n * np.bincount(f.form.ravel(), weight.ravel(), FORMS)
        self.policy[1] += lr / n * np.bincount(f.form.ravel(), (weight * scaled).ravel(), FORMS)
        taken = f.form[rows, actions]
        error = rewards - q[rows, actions]
        self.critic[0] += critic_lr / n * np.bincount(taken, error, FORMS)
        self.critic[1] += critic_lr / n * np.bincount(taken, error * scaled[rows, actions],
                                                      FORMS)


class ExactScorer:
    """The exact expected return per round, per unit wagered, of a greedy policy against the
    house-way banker: the player's four cards uniform over all C(52, 4) holdings and the
    banker's over the other 48 cards. A Natural wins 0.97 (3% commission, 3.5 #5); every
    other holding scores the exact value of the chosen split (``arrangement_values``).

    ``sample`` scores a uniform sample of that many holdings instead of all of them (every
    Natural among them counted at 0.97): exact per holding, an estimate over holdings.
    """

    def __init__(self, sample: int | None = None, seed: int = 0) -> None:
        holdings = cc.all_hands(4)
        if sample is not None:
            rng = np.random.default_rng(seed)
            holdings = np.sort(rng.choice(holdings, size=sample, replace=False))
        natural = np.array([cc.baibuu.natural(int(m)) is not None for m in holdings])
        ids = cc.ids_from_masks(holdings[~natural], 4).astype(np.int64)
        self.holdings = len(holdings)
        self.naturals = int(natural.sum())
        self.features = features(ids)
        self.values = np.empty((len(ids), len(PAIRS)))
        self.house_way_choices = np.empty(len(ids), dtype=np.int64)
        for row, cards in enumerate(ids.tolist()):
            low_index = {(1 << cards[a]) | (1 << cards[b]): i for i, (a, b) in enumerate(PAIRS)}
            for value in cc.baibuu.arrangement_values(sum(1 << c for c in cards)):
                index = low_index[value.arrangement.low.cards.mask]
                self.values[row, index] = value.value
                if value.house_way:
                    self.house_way_choices[row] = index

    def score(self, choices: Ints) -> float:
        """The expected return when holding i (not a Natural) is split by choices[i]."""
        chosen = self.values[np.arange(len(choices)), choices]
        return float((chosen.sum() + 0.97 * self.naturals) / self.holdings)

    def greedy(self, agent: Agent) -> float:
        """The agent's greedy policy."""
        return self.score(agent.greedy(self.features))

    def house_way(self) -> float:
        """The player arranging by the banker's house way (docs/rulebook/baibuu.md 3.9)."""
        return self.score(self.house_way_choices)

    def optimum(self) -> float:
        """The best split of every holding (cc.baibuu.optimal_arrangement's)."""
        return self.score(self.values.argmax(axis=1).astype(np.int64))

    def uniform_valid(self) -> float:
        """A split chosen uniformly among the valid ones."""
        valid = self.features.form != FOUL
        chosen = (self.values * valid).sum(axis=1) / valid.sum(axis=1)
        return float((chosen.sum() + 0.97 * self.naturals) / self.holdings)


@dataclass
class Curve:
    """The learning curve: rounds trained, the greedy policy's exact value, and the mean
    return of the rounds played (the sampling policy) since the previous point."""

    rounds: list[int] = field(default_factory=list)
    greedy: list[float] = field(default_factory=list)
    played: list[float] = field(default_factory=list)


def train(rounds: int, envs: int, seed: int, scorer: ExactScorer, *, lr: float = 80.0,
          critic_lr: float = 1.0, points: int = 20, threads: int | None = None,
          log: bool = True) -> tuple[Agent, Curve]:
    """Trains on ``rounds`` rounds, ``envs`` at a time, scoring the greedy policy ``points``
    times along the way."""
    game = cc.baibuu.Game(player_hands=1)
    env = cc.VectorEnv(game, envs, seat=0, seed=seed, threads=threads)
    # Where the observation holds the agent's cards, and its wager (values are per unit).
    start = next(offset for name, offset, *_ in game.observation_segments if name == "own_cards")
    wager = float(game.config["wagers"][0])
    rng = np.random.default_rng(seed)
    agent = Agent()
    curve = Curve()
    batches = max(1, rounds // envs)
    marks = set(np.linspace(0, batches, points + 1).astype(int).tolist())
    step = env.reset()
    played = 0.0
    played_rounds = 0
    for batch in range(batches + 1):
        if batch in marks:
            curve.rounds.append(batch * envs)
            curve.greedy.append(scorer.greedy(agent))
            curve.played.append(played / played_rounds if played_rounds else math.nan)
            played, played_rounds = 0.0, 0
            if log:
                played_text = "" if batch == 0 else f"  played {curve.played[-1]:+.4%}"
                print(f"{batch * envs:>12,} rounds  greedy {curve.greedy[-1]:+.4%}{played_text}",
                      flush=True)
        if batch == batches:
            break
        f = features(cards_of(step.observation, start))
        p = agent.probabilities(f)
        actions = (p.cumsum(axis=1) < rng.random((envs, 1))).sum(axis=1).clip(0, 5)
        step = env.step(actions)  # every round ends at the player's one decision
        rewards = step.rewards[:, 0].astype(np.float64) / wager
        played += float(rewards.sum())
        played_rounds += envs
        agent.update(f, actions, rewards, lr, critic_lr)
        # Next-step auto-reset: this step deals the next rounds and ignores the actions (a
        # round where the player is dealt a Natural is settled inside, with no decision).
        step = env.step(actions)
    return agent, curve


def plot(curve: Curve, house_way: float, optimum: float, path: str) -> None:
    """Saves the learning curve as a PNG (needs matplotlib: pip install "cardcore[plot]")."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    millions = np.array(curve.rounds) / 1e6
    axes.plot(millions, 100 * np.array(curve.greedy), marker="o", label="greedy policy (exact)")
    axes.axhline(100 * optimum, color="green", linestyle="--",
                 label=f"exact optimum {optimum:+.3%}")
    axes.axhline(100 * house_way, color="red", linestyle=":",
                 label=f"house way {house_way:+.3%}")
    axes.set_ylim(100 * house_way - 1.5, 100 * optimum + 0.5)
    axes.set_xlabel("rounds trained (millions)")
    axes.set_ylabel("expected return per round (% of the wager)")
    axes.set_title("Bai Buu: REINFORCE against the house-way banker (cc.VectorEnv)")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: list[str] | None = None) -> Curve:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12_000_000, help="rounds to train on")
    parser.add_argument("--envs", type=int, default=4096, help="envs stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=80.0, help="the policy's learning rate")
    parser.add_argument("--points", type=int, default=20, help="exact scorings on the curve")
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument("--plot", metavar="PATH", help="save the learning curve as a PNG")
    parser.add_argument("--smoke", action="store_true",
                        help="a few seconds: at most 400,000 rounds, scored on 2,000 holdings")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.envs < 1 or args.points < 1:
        parser.error("--rounds, --envs and --points must be positive")

    start = time.perf_counter()
    if args.smoke:
        args.rounds = min(args.rounds, 400_000)
        args.points = min(args.points, 4)
    scorer = ExactScorer(sample=2000 if args.smoke else None, seed=args.seed)
    house_way, optimum = scorer.house_way(), scorer.optimum()
    scope = (f"{scorer.holdings:,} sampled holdings" if args.smoke
             else f"all {scorer.holdings:,} holdings")
    print(f"Exact values of every split of {scope} ready in {time.perf_counter() - start:.1f} s")
    _, curve = train(args.rounds, args.envs, args.seed, scorer, lr=args.lr, points=args.points,
                     threads=args.threads)
    print(f"final greedy policy {curve.greedy[-1]:+.4%} per round, exact over {scope}; "
          f"on the same holdings: uniform valid split {scorer.uniform_valid():+.4%}, house way "
          f"{house_way:+.4%}, exact optimum {optimum:+.4%}")
    print(f"{time.perf_counter() - start:.0f} s")
    if args.plot:
        plot(curve, house_way, optimum, args.plot)
        print(f"plot saved to {args.plot}")
    return curve


if __name__ == "__main__":
    main()
