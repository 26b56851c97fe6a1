"""Learns heads-up Badugi against the rule-based player with PPO in PyTorch.

    pip install torch==2.13.0         # not in any extra: PyTorch is this example's own need
    python examples/vector_badugi_ppo.py [--steps 3000000] [--envs 256] [--seed 0] [--out net.pt]
    python examples/vector_badugi_ppo.py --smoke      # a few seconds (what the tests run)

The agent is seat 0 of ``cc.VectorEnv("badugi", seat=0, opponents="rule_based")``: every
step is one of its decisions (the rule-based seat plays inside C++), and the dealer moves
from hand to hand, so it plays both positions. Its input is the seat's information-state
tensor, and its policy a categorical over the 21 action ids with the illegal ones' logits at
-inf, beside a value head. It learns by PPO (generalized advantage estimation, the clipped
objective, a few epochs of minibatches per batch of steps), on one thread of PyTorch.

Along the way (``--points`` times) and at the end, the greedy policy (the net's most likely
legal action) plays hands against ``rule_based`` through ``cc.simulate``, as a Python
callable handed an ``Observation`` of its seat (only what it may know); the dealer
alternates, so it plays each position in half the hands. Each line prints the steps, the
training policy's mean chips per episode, the greedy policy's mean big blinds per hand with
its 95% interval, and the time. With the defaults (about 10 minutes on 2 busy cores) the
final 50,000 hands win about +0.46 big blinds a hand, the interval well above 0: see
docs/vector.md for the learning curve.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

import cardcore as cc
from cardcore.simulation import Observation, SimulationResult

__all__ = ["Batch", "Net", "Point", "Settings", "advantages", "as_tensors", "collect", "evaluate",
           "main", "policy_of", "train", "update"]


@dataclass(frozen=True)
class Settings:
    """PPO's hyperparameters (the defaults are the ones docs/vector.md reports)."""

    rollout: int = 64  # steps of every env per batch
    epochs: int = 4
    minibatches: int = 4
    lr: float = 3e-4
    gamma: float = 1.0  # a hand is short and its chips are what counts
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5


class Net(nn.Module):
    """A policy head and a value head, each an MLP on the information-state tensor."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()

        def mlp(outputs: int) -> nn.Sequential:
            return nn.Sequential(nn.Linear(inputs, hidden), nn.Tanh(),
                                 nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, outputs))

        self.policy = mlp(actions)
        self.value = mlp(1)
        last = self.policy[-1]
        assert isinstance(last, nn.Linear)
        with torch.no_grad():  # a near-uniform first policy, as PPO's usual initialization
            last.weight.mul_(0.01)

    def logits(self, x: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
        """The policy's logits, -inf at the illegal actions."""
        logits: torch.Tensor = self.policy(x)
        return logits.masked_fill(~legal, float("-inf"))

    def forward(self, x: torch.Tensor, legal: torch.Tensor) -> tuple[
            torch.distributions.Categorical, torch.Tensor]:
        return (torch.distributions.Categorical(logits=self.logits(x, legal)),
                self.value(x).squeeze(-1))


@dataclass
class Batch:
    """One batch of steps, shaped (rollout, envs): only the agent's decisions count
    (``decision``); a step that starts a new hand (next-step auto-reset) is not one."""

    observation: torch.Tensor
    legal: torch.Tensor
    action: torch.Tensor
    log_prob: torch.Tensor
    value: torch.Tensor
    reward: torch.Tensor
    done: torch.Tensor
    decision: torch.Tensor
    episodes: int = 0
    chips: float = 0.0


def as_tensors(step: cc.VectorStep) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The observations and legal masks (all legal after a hand's end, so that the ignored
    action can be drawn), and which envs are at a decision."""
    legal = torch.from_numpy(step.legal_mask.copy())
    decision = legal.any(dim=1)
    legal[~decision] = True
    return torch.from_numpy(step.observation.copy()), legal, decision


def collect(env: cc.VectorEnv, step: cc.VectorStep, net: Net, rollout: int,
            scale: float) -> tuple[Batch, cc.VectorStep]:
    """Plays ``rollout`` steps of every env with the current policy; rewards in chips
    times ``scale``."""
    columns: dict[str, list[torch.Tensor]] = {name: [] for name in (
        "observation", "legal", "action", "log_prob", "value", "reward", "done", "decision")}
    episodes, chips = 0, 0.0
    for _ in range(rollout):
        observation, legal, decision = as_tensors(step)
        with torch.no_grad():
            dist, value = net(observation, legal)
            action = dist.sample()
        step = env.step(action.numpy())
        done = torch.from_numpy(step.terminated.copy())
        episodes += int(done.sum())
        chips += float(step.episode_returns[:, 0].sum())
        row = (observation, legal, action, dist.log_prob(action), value,
               torch.from_numpy(step.rewards[:, 0] * scale), done, decision)
        for column, tensor in zip(columns.values(), row, strict=True):
            column.append(tensor)
    stacked = {name: torch.stack(column) for name, column in columns.items()}
    return Batch(**stacked, episodes=episodes, chips=chips), step


def advantages(batch: Batch, last_value: torch.Tensor, gamma: float,
               lam: float) -> torch.Tensor:
    """GAE over each env's steps. A decision that ends a hand bootstraps from nothing; one
    that does not is followed by the agent's next decision, so a hand's reset step never
    enters a decision's advantage."""
    result = torch.zeros_like(batch.reward)
    running = torch.zeros_like(last_value)
    next_value = last_value
    for t in reversed(range(len(batch.reward))):
        going = (~batch.done[t]).float()
        delta = batch.reward[t] + gamma * next_value * going - batch.value[t]
        running = delta + gamma * lam * going * running
        result[t] = running
        next_value = batch.value[t]
    return result


def update(net: Net, optimizer: torch.optim.Optimizer, batch: Batch, last_value: torch.Tensor,
           settings: Settings, generator: torch.Generator) -> None:
    """PPO's clipped objective, a few epochs of minibatches over the batch's decisions."""
    advantage = advantages(batch, last_value, settings.gamma, settings.gae_lambda)
    keep = batch.decision.flatten()
    observation = batch.observation.flatten(0, 1)[keep]
    legal, action = batch.legal.flatten(0, 1)[keep], batch.action.flatten()[keep]
    old_log_prob = batch.log_prob.flatten()[keep]
    advantage = advantage.flatten()[keep]
    target = advantage + batch.value.flatten()[keep]
    size = max(1, len(action) // settings.minibatches)
    for _ in range(settings.epochs):
        order = torch.randperm(len(action), generator=generator)
        for start in range(0, len(action), size):
            i = order[start:start + size]
            dist, value = net(observation[i], legal[i])
            ratio = (dist.log_prob(action[i]) - old_log_prob[i]).exp()
            a = advantage[i]
            a = (a - a.mean()) / (a.std() + 1e-8) if len(i) > 1 else a
            policy_loss = -torch.min(ratio * a, ratio.clamp(1 - settings.clip,
                                                            1 + settings.clip) * a).mean()
            value_loss = (value - target[i]).pow(2).mean()
            loss = (policy_loss + settings.value_coef * value_loss
                    - settings.entropy * dist.entropy().mean())
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), settings.max_grad_norm)
            optimizer.step()


@dataclass
class Point:
    """A point of the learning curve: the steps trained, the training policy's mean chips
    per episode since the previous point, and the greedy policy against ``rule_based``."""

    steps: int
    chips_per_episode: float
    result: SimulationResult

    def text(self, big_blind: int) -> str:
        low, high = (bound[0] / big_blind for bound in self.result.interval)
        return (f"{self.steps:>10,} steps  training {self.chips_per_episode:+.3f} chips/episode"
                f"  greedy {self.result.mean[0] / big_blind:+.3f} bb/hand "
                f"[{low:+.3f}, {high:+.3f}]")


def train(steps: int, envs: int, seed: int, settings: Settings, *, points: int = 10,
          curve_hands: int = 5000, log: bool = True) -> tuple[Net, list[Point]]:
    """Trains for ``steps`` env steps, ``envs`` at a time, and scores the greedy policy
    ``points`` times along the way on ``curve_hands`` hands against ``rule_based`` (the
    same hands each time). An episode is a hand where the agent decides, with the chips of
    any hand settled before its first decision (the rule-based player folding its blind)."""
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    game = cc.badugi.Game()
    env = cc.VectorEnv(game, envs, seat=0, opponents="rule_based", seed=seed, threads=1,
                       observation="information_state")
    net = Net(game.information_state_tensor_shape[0], game.num_distinct_actions)
    optimizer = torch.optim.Adam(net.parameters(), lr=settings.lr, eps=1e-5)
    big_blind = game.config["big_blind"]
    scale = 1.0 / big_blind / 10  # returns of a few units at most
    step = env.reset()
    curve: list[Point] = []
    episodes, chips = 0, 0.0
    start = time.perf_counter()
    batches = max(1, steps // (envs * settings.rollout))
    marks = set(np.linspace(0, batches, points + 1).astype(int).tolist()[1:])
    for number in range(1, batches + 1):
        batch, step = collect(env, step, net, settings.rollout, scale)
        episodes, chips = episodes + batch.episodes, chips + batch.chips
        with torch.no_grad():
            observation, legal, _ = as_tensors(step)
            last_value = net(observation, legal)[1]
        update(net, optimizer, batch, last_value, settings, generator)
        if number in marks:
            point = Point(number * envs * settings.rollout, chips / max(episodes, 1),
                          evaluate(net, curve_hands, seed=seed + 1))
            curve.append(point)
            episodes, chips = 0, 0.0
            if log:
                print(f"{point.text(big_blind)}  {time.perf_counter() - start:5.0f} s",
                      flush=True)
    return net, curve


def policy_of(net: Net) -> Callable[[Observation], int]:
    """The net as a ``cc.simulate`` player: its most likely legal action, from what its
    seat may know (an ``Observation``)."""

    def ppo(seen: Observation) -> int:
        x = torch.from_numpy(seen.information_state_tensor())
        legal = torch.from_numpy(seen.legal_actions_mask())
        with torch.no_grad():
            return int(net.logits(x, legal).argmax())

    return ppo


def evaluate(net: Net, hands: int, seed: int) -> SimulationResult:
    """``hands`` hands of the net (seat 0) against ``rule_based``, the dealer alternating."""
    return cc.simulate("badugi", hands, policies=[policy_of(net), "rule_based"], seed=seed)


def main(argv: list[str] | None = None) -> SimulationResult:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--steps", type=int, default=3_000_000, help="env steps to train on")
    parser.add_argument("--envs", type=int, default=256, help="envs stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=Settings.lr)
    parser.add_argument("--entropy", type=float, default=Settings.entropy)
    parser.add_argument("--eval-hands", type=int, default=50_000,
                        help="hands against rule_based after training")
    parser.add_argument("--points", type=int, default=10, help="points of the learning curve")
    parser.add_argument("--curve-hands", type=int, default=5000,
                        help="hands against rule_based at each point of the curve")
    parser.add_argument("--out", metavar="PATH", help="save the trained net's state_dict")
    parser.add_argument("--smoke", action="store_true",
                        help="a few seconds: 3 batches of 32 envs, evaluated on 400 hands")
    args = parser.parse_args(argv)
    if args.smoke:
        args.steps, args.envs, args.points = 3 * 32 * Settings.rollout, 32, 3
        args.eval_hands, args.curve_hands = 400, 200
    if min(args.steps, args.envs, args.eval_hands, args.points, args.curve_hands) < 1:
        parser.error("--steps, --envs, --eval-hands, --points and --curve-hands must be "
                     "positive")
    torch.set_num_threads(1)

    start = time.perf_counter()
    net, _ = train(args.steps, args.envs, args.seed, Settings(lr=args.lr, entropy=args.entropy),
                   points=args.points, curve_hands=args.curve_hands)
    trained = time.perf_counter() - start
    if args.out:
        torch.save(net.state_dict(), args.out)
        print(f"saved the net to {args.out}")
    result = evaluate(net, args.eval_hands, seed=args.seed + 2)  # not the curve's hands
    big_blind = cc.badugi.Game().config["big_blind"]
    low, high = (bound[0] / big_blind for bound in result.interval)
    print(f"against rule_based over {result.games:,} hands: {result.mean[0] / big_blind:+.4f} "
          f"big blinds a hand, 95% interval [{low:+.4f}, {high:+.4f}]")
    print(f"trained in {trained:.0f} s (the curve's hands included), evaluated in "
          f"{time.perf_counter() - start - trained:.0f} s")
    return result


if __name__ == "__main__":
    main()
