"""Simulations in constant memory (keep_returns=False) and the size checks made before any
work: the streamed summary agrees with the kept returns of the same seed, is the same bit
for bit on any number of threads and through an executor; the command line streams a run
too big to keep, and Ctrl-C stops a run; a vector environment too big for the machine is
refused. (Runs too big to keep or to draw are in the bad-input catalogue,
tests/test_bad_inputs.py.)"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import cardcore as cc
from cardcore import cli
from cardcore.simulation import CHUNK, POLICIES, ReturnsSummary

GAMES = 5_000
"""Games a run: several C++ blocks of 1,024 (Badugi, the fast one, runs more than a chunk)."""


@pytest.fixture(params=sorted(cc.GAMES))
def name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def policies_for(name: str) -> list[str]:
    """The game's policies in turn over the seats that decide, so that the seats differ."""
    seats = cc.GAMES[name]().acting_players
    return [POLICIES[name][seat % len(POLICIES[name])] for seat in range(seats)]


def games_for(name: str) -> int:
    return CHUNK + 30_000 if name == "badugi" else GAMES


def summary_bytes(result: cc.SimulationResult) -> tuple[bytes, ...]:
    summary = result.summary
    assert summary is not None
    return (summary.mean.tobytes(), summary.m2.tobytes(), summary.ahead.tobytes(),
            summary.histogram.tobytes(), summary.totals.tobytes())


def test_a_streamed_run_summarizes_the_kept_returns_of_its_seed(name: str) -> None:
    n, policies = games_for(name), policies_for(name)
    kept = cc.simulate(name, n, policies=policies, seed=11, threads=1)
    streamed = cc.simulate(name, n, policies=policies, seed=11, threads=1, keep_returns=False)
    assert streamed.streamed and not kept.streamed
    assert streamed.games == kept.games == n
    assert streamed.counts == kept.counts
    np.testing.assert_allclose(streamed.mean, kept.mean, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(streamed.std, kept.std, rtol=1e-10)
    for streamed_end, kept_end in zip(streamed.interval, kept.interval, strict=True):
        np.testing.assert_allclose(streamed_end, kept_end, rtol=1e-10, atol=1e-12)
    np.testing.assert_array_equal(streamed.win_rate, kept.win_rate)
    summary = streamed.summary
    assert summary is not None
    # The histogram is the kept returns' histogram over the same bins (the ends catch all).
    edges = summary.bin_edges
    for seat in range(kept.returns.shape[1]):
        clipped = np.clip(kept.returns[:, seat], edges[0], np.nextafter(edges[-1], -np.inf))
        expected, _ = np.histogram(clipped, bins=edges)
        np.testing.assert_array_equal(summary.histogram[seat], expected)
    # The running totals are the kept returns' running totals at the checkpoints.
    running = np.cumsum(kept.returns, axis=0)[summary.checkpoints - 1]
    np.testing.assert_allclose(summary.totals, running, rtol=1e-9, atol=1e-6)
    assert summary.checkpoints[-1] == n


@pytest.mark.parametrize("games", [1024, 2048, 2049])
def test_the_checkpoints_fall_every_1024_games_and_at_the_last(games: int) -> None:
    # One C++ summary block a checkpoint: a whole number of blocks ends on its last block,
    # with no empty block after it.
    summary = cc.simulate("badugi", games, seed=2, threads=1, keep_returns=False).summary
    assert summary is not None
    assert summary.checkpoints.tolist() == [*range(1024, games, 1024), games]
    assert summary.totals.shape == (len(summary.checkpoints), 2)


def test_a_streamed_summary_is_the_same_for_any_threads_and_an_executor(name: str) -> None:
    n, policies = games_for(name), policies_for(name)
    one = cc.simulate(name, n, policies=policies, seed=5, threads=1, keep_returns=False)
    two = cc.simulate(name, n, policies=policies, seed=5, threads=2, keep_returns=False)
    with ThreadPoolExecutor(2) as executor:
        pooled = cc.simulate(name, n, policies=policies, seed=5, executor=executor,
                             keep_returns=False)
    assert summary_bytes(one) == summary_bytes(two) == summary_bytes(pooled)
    assert one.counts == two.counts == pooled.counts


def test_a_streamed_result_says_it_kept_no_rows_and_still_reports() -> None:
    result = cc.simulate("badugi", 3_000, seed=2, keep_returns=False)
    with pytest.raises(ValueError, match=r"kept no per-game returns \(keep_returns=False\)"):
        _ = result.returns
    data = result.to_dict()
    assert data["games"] == 3_000 and len(data["seats"]) == 2
    assert "3,000 games" in result.table()
    with pytest.raises(ValueError, match="keep_returns must be True or False"):
        cc.simulate("badugi", 10, keep_returns="no")  # type: ignore[arg-type]


def test_a_streamed_result_plots_from_its_summary(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = cc.simulate("badugi", 5_000, seed=2, keep_returns=False)
    path = tmp_path / "streamed.png"
    result.plot(str(path))
    assert path.read_bytes().startswith(b"\x89PNG")


def direct_summary(values: np.ndarray) -> ReturnsSummary:
    """The summary of `values` (games x seats) computed directly, as one chunk would be."""
    games = len(values)
    mean = values.mean(axis=0)
    edges = np.linspace(-5.0, 5.0, 11)
    histogram = np.stack([np.histogram(column, bins=edges)[0] for column in values.T])
    return ReturnsSummary(games, mean, ((values - mean) ** 2).sum(axis=0),
                          (values > 0).sum(axis=0), histogram, edges,
                          np.arange(1, games + 1), np.cumsum(values, axis=0))


def test_chained_summaries_are_the_summary_of_all_the_games() -> None:
    rng = np.random.default_rng(3)
    parts = [rng.normal(size=(size, 3)) * 2 + shift
             for size, shift in ((5, 1.0), (700, -0.5), (1, 3.0), (2_000, 0.2))]
    summary = direct_summary(parts[0])
    for part in parts[1:]:
        summary = summary.then(direct_summary(part))
    values = np.concatenate(parts)
    assert summary.games == len(values)
    np.testing.assert_allclose(summary.mean, values.mean(axis=0), rtol=1e-12)
    np.testing.assert_allclose(summary.m2 / (len(values) - 1), values.var(axis=0, ddof=1),
                               rtol=1e-12)
    np.testing.assert_array_equal(summary.ahead, (values > 0).sum(axis=0))
    # At most 2,048 points of the running totals are kept, the last always among them.
    assert len(summary.checkpoints) <= 2_048 and summary.checkpoints[-1] == len(values)
    np.testing.assert_allclose(summary.totals, np.cumsum(values, axis=0)[summary.checkpoints - 1],
                               rtol=1e-9, atol=1e-9)


def test_the_command_line_streams_a_run_too_big_to_keep(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["simulate", "badugi", "--hands", "20000", "--seed", "4"]
    assert cli.main(arguments) == 0
    kept = capsys.readouterr().out
    monkeypatch.setattr(cli, "_STREAM_ABOVE", 1_000)
    streamed_runs: list[bool] = []
    original = vars(cli)["simulate"]

    def spy(*args: object, **kwargs: object) -> cc.SimulationResult:
        result: cc.SimulationResult = original(*args, **kwargs)
        streamed_runs.append(result.streamed)
        return result

    monkeypatch.setattr(cli, "simulate", spy)
    assert cli.main(arguments) == 0
    assert streamed_runs == [True]
    assert capsys.readouterr().out == kept


def test_ctrl_c_stops_a_long_run_between_chunks() -> None:
    # The child takes Ctrl-C as Python does by default, even when this run ignores SIGINT
    # (started in the background by a shell), which the child would inherit.
    script = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
              "import cardcore as cc, sys; print('started', flush=True); "
              "cc.simulate('badugi', 10**12, keep_returns=False, threads=1)")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "started\n"
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode != 0
    assert errors.rstrip().endswith("KeyboardInterrupt")


def test_a_run_with_a_callable_streams_too() -> None:
    def first_legal(state: object) -> int:
        return int(state.legal_actions()[0])  # type: ignore[attr-defined]

    policies: list[object] = [first_legal, "rule_based"]
    kept = cc.simulate("badugi", 3_000, policies=policies, seed=8)  # type: ignore[arg-type]
    streamed = cc.simulate("badugi", 3_000, policies=policies, seed=8,  # type: ignore[arg-type]
                           keep_returns=False)
    assert streamed.streamed and streamed.counts == kept.counts
    np.testing.assert_allclose(streamed.mean, kept.mean, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(streamed.std, kept.std, rtol=1e-10)
    np.testing.assert_array_equal(streamed.win_rate, kept.win_rate)


def test_a_vector_env_bigger_than_memory_fails_before_allocating(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardcore._checks.physical_memory", lambda: 2**30)  # a 1 GiB machine
    with pytest.raises(ValueError, match=r"a VectorEnv of 1,048,576 envs needs [0-9.]+ GiB, "
                                         r"more than this machine's 1\.0 GiB of memory"):
        cc.VectorEnv("buh", 2**20)
    assert cc.VectorEnv("buh", 2**10).num_envs == 2**10  # what fits is made
