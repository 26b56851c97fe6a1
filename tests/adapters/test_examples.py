"""The scripts in examples/ run, with small sizes, and print what they promise."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore.simulation import Observation

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NO_TORCH = "PyTorch is not installed (pip install torch==2.13.0, the CPU build; CI does)"


def load_example(name: str) -> ModuleType:
    """The example script as a module, without running its main()."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def test_openspiel_ismcts_hucklebuck(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel", reason="the rl extra is not installed")
    example = load_example("openspiel_ismcts_hucklebuck")
    assert example.win_shares(np.array([1.0, 3.0, 3.0])).tolist() == [0.0, 0.5, 0.5]
    example.main(["--hands", "3", "--simulations", "8", "--seed", "1"])
    out = capsys.readouterr().out
    example.main(["--hands", "3", "--simulations", "8", "--seed", "1"])
    assert capsys.readouterr().out == out  # the seed decides everything, searches included
    rate = re.search(r"ISMCTS win rate: ([\d.]+)%", out)
    assert rate is not None, out
    assert 0.0 <= float(rate.group(1)) <= 100.0
    assert re.search(r"mean score change: ISMCTS [+-]\d+\.\d+, random players [+-]\d", out), out


def test_tabular_policy_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("tabular_policy_evaluation")
    results = example.evaluate("badugi", 3000, seed=2, threads=1)
    policies = cc.badugi.SPEC.policies
    assert set(results) == {(a, b) for a in policies for b in policies}
    for result in results.values():
        low, high = result.interval
        assert low[0] <= result.mean[0] <= high[0]
    # The rule-based player beats random players by well over the interval's width.
    assert results["rule_based", "random"].interval[0][0] > 0
    assert results["random", "rule_based"].interval[1][0] < 0

    # (Not Bai Buu: its optimal policy builds a table for seconds on first use.)
    example.main(["--game", "hucklebuck", "--games", "300", "--threads", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("hucklebuck: seat 0's mean return")
    assert lines[1].split() == ["random", "rule_based"]
    assert [line.split()[0] for line in lines[2:]] == ["random", "rule_based"]
    assert all(len(re.findall(r"[+-]\d+\.\d{3} \[", line)) == 2 for line in lines[2:])


def test_vector_bai_buu_reinforce_features() -> None:
    """The split features, against the rules read one holding at a time."""
    example = load_example("vector_bai_buu_reinforce")
    state = cc.baibuu.Game().new_initial_state(seed=5)
    cards = sorted(c.id for c in state.hands[0])
    # Action i puts the i-th pair of the sorted cards Low, as the engine names it.
    for action, (a, b) in zip(state.legal_actions(), example.PAIRS, strict=True):
        assert state.action_to_string(action) == f"arrange {cc.Card(cards[a])} {cc.Card(cards[b])}"

    holdings = [h for h in cc.random_hands(300, 4, seed=3).tolist() if cc.baibuu.natural(h) is None]
    ids = cc.ids_from_masks(np.array(holdings, dtype=np.uint64), 4)
    f = example.features(ids)
    bankers = cc.all_hands(4)
    for row, holding in enumerate(holdings[:40]):
        held = sorted(int(c) for c in ids[row])
        for i, (a, b) in enumerate(example.PAIRS):
            low = cc.CardSet([held[a], held[b]])
            high = cc.CardSet([c for c in held if c not in (held[a], held[b])])
            if cc.baibuu.is_valid(low, high):
                expected = 1 + 25 * (cc.baibuu.strength(low) - 1) + cc.baibuu.strength(high) - 1
            else:
                expected = example.FOUL
            assert f.form[row, i] == expected
        if row < 4:  # the banker's holdings whose every card loses to the player's highest
            keys = np.array([beats_key(cc.Card(c)) for c in range(52)])
            top = max(held, key=lambda c: beats_key(cc.Card(c)))
            disjoint = bankers[(bankers & np.uint64(holding)) == 0]
            lose = (keys[cc.ids_from_masks(disjoint, 4)] < keys[top]).all(axis=-1)
            assert f.below[row].tolist() == pytest.approx([lose.mean()] * 6, abs=1e-12)


def beats_key(card: cc.Card) -> int:
    """A card's place in the highest-card comparison (docs/rulebook/baibuu.md 3.7 #6): by
    rank, ace high, then by suit, spades > hearts > clubs > diamonds."""
    return 4 * "23456789TJQKA".index(str(card)[0]) + "dchs".index(str(card)[1])


def test_vector_bai_buu_reinforce_learns(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    """A short training through cc.VectorEnv: the greedy policy has learned never to foul
    and beats the uniform valid split by far, scored exactly on sampled holdings."""
    example = load_example("vector_bai_buu_reinforce")
    scorer = example.ExactScorer(sample=1500, seed=4)
    # The scorer's own figures: its values are arrangement_values', house way and optimum.
    assert scorer.optimum() >= scorer.house_way() > scorer.uniform_valid()
    agent, curve = example.train(300_000, 2048, 4, scorer, points=2, log=False)
    choices = agent.greedy(scorer.features)
    assert (scorer.features.form[np.arange(len(choices)), choices] != example.FOUL).all()
    assert curve.rounds[0] == 0 and curve.rounds[-1] >= 290_000
    assert curve.greedy[0] < scorer.uniform_valid()  # untrained: the first split, often a foul
    assert curve.greedy[-1] == scorer.greedy(agent)
    assert curve.greedy[-1] > (scorer.uniform_valid() + scorer.optimum()) / 2
    assert curve.greedy[-1] > scorer.house_way() - 0.02
    # The seed decides everything, whatever the threads.
    _, again = example.train(20_000, 512, 4, scorer, points=1, log=False, threads=1)
    _, twice = example.train(20_000, 512, 4, scorer, points=1, log=False, threads=2)
    assert again == twice

    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    plot = tmp_path / "curve.png"
    example.main(["--smoke", "--rounds", "60000", "--envs", "1024", "--seed", "2",
                  "--plot", str(plot)])
    out = capsys.readouterr().out
    assert plot.read_bytes().startswith(b"\x89PNG")
    final = re.search(r"final greedy policy ([+-]\d+\.\d+)% per round, .* uniform valid "
                      r"split ([+-]\d+\.\d+)%", out)
    assert final is not None, out
    assert float(final.group(1)) > float(final.group(2))


def test_vector_badugi_ppo_smoke() -> None:
    """The PPO example's smoke run: a few batches of training, each scored against
    rule_based through cc.simulate, then the final evaluation, each with a 95% interval."""
    pytest.importorskip("torch", reason=NO_TORCH)
    result = subprocess.run([sys.executable, str(EXAMPLES / "vector_badugi_ppo.py"), "--smoke"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    number = r"([+-]\d+\.\d+)"
    points = re.findall(rf"^ *([\d,]+) steps  training {number} chips/episode  greedy {number} "
                        rf"bb/hand \[{number}, {number}\] +\d+ s$", result.stdout, re.M)
    steps = [int(point[0].replace(",", "")) for point in points]
    assert len(points) == 3 and steps == sorted(set(steps)), result.stdout
    assert all(float(low) <= float(mean) <= float(high) for _, _, mean, low, high in points)
    final = re.search(rf"^against rule_based over 400 hands: {number} big blinds a hand, "
                      rf"95% interval \[{number}, {number}\]$", result.stdout, re.M)
    assert final is not None, result.stdout
    mean, low, high = map(float, final.groups())
    assert low < mean < high


def test_vector_badugi_ppo_plays_from_what_it_trained_on() -> None:
    """cc.simulate hands the trained net an Observation: its information-state tensor and
    legal actions are the VectorEnv rows the net trained on, so it chooses the same."""
    torch = pytest.importorskip("torch", reason=NO_TORCH)
    example = load_example("vector_badugi_ppo")
    game = cc.badugi.Game()
    net = example.Net(game.information_state_tensor_shape[0], game.num_distinct_actions)
    with torch.no_grad():  # a policy far from uniform, so that its choices tell
        net.policy[-1].weight.mul_(1000.0)
    player = example.policy_of(net)
    env = cc.VectorEnv(game, 64, seat=0, opponents="rule_based", seed=3, threads=1,
                       observation="information_state")
    step = env.reset()
    chosen = set()
    for _ in range(6):
        observation, legal, decision = example.as_tensors(step)
        with torch.no_grad():
            actions = net.logits(observation, legal).argmax(dim=1).numpy()
        for i in np.flatnonzero(decision.numpy()):
            state = env.state(int(i))
            assert player(Observation(state)) == actions[i]
            assert step.legal_mask[i, actions[i]]
            chosen.add(int(actions[i]))
        step = env.step(actions)
    assert len(chosen) > 1


def test_vector_badugi_ppo_advantages_stop_at_the_end_of_a_hand() -> None:
    """GAE over one env's steps: a decision, a decision ending its hand, the step dealing
    the next hand (no decision), two decisions, then the next batch's value."""
    torch = pytest.importorskip("torch", reason=NO_TORCH)
    example = load_example("vector_badugi_ppo")
    r, v, last, lam = [1.0, 2.0, 5.0, 3.0, 4.0], [0.5, 1.5, 9.0, 2.5, 3.5], 6.0, 0.5

    def column(values: list[Any], dtype: Any = torch.float32) -> Any:
        return torch.tensor(values, dtype=dtype)[:, None]  # one env

    batch = example.Batch(
        observation=torch.zeros(5, 1, 1), legal=torch.ones(5, 1, 1, dtype=torch.bool),
        action=column([0] * 5, torch.int64), log_prob=column([0.0] * 5), value=column(v),
        reward=column(r), done=column([False, True, False, False, False], torch.bool),
        decision=column([True, True, False, True, True], torch.bool))
    a = example.advantages(batch, torch.tensor([last]), gamma=1.0, lam=lam)[:, 0].tolist()
    a4 = r[4] + last - v[4]
    a3 = r[3] + v[4] - v[3] + lam * a4
    a1 = r[1] - v[1]  # the hand ends: nothing after it counts
    a0 = r[0] + v[1] - v[0] + lam * a1
    assert [a[0], a[1], a[3], a[4]] == pytest.approx([a0, a1, a3, a4])
