"""The scripts in examples/ run, with small sizes, and print what they promise."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> ModuleType:
    """The example script as a module, without running its main()."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
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
