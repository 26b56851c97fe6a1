"""The scripts in examples/ run, with small sizes, and print what they promise."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import cardcore as cc

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


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
    policies = ("random", "rule_based")
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
