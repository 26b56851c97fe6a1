"""cardcore.solve.mccfr (docs/solve.md, "MCCFR"): convergence on Kuhn and Leduc poker,
measured exactly by the tree's best response; the same bits for a seed and thread count;
checkpoints that resume to the bits of an uninterrupted run; and the inputs it refuses. The
abstraction hook is tested in C++ (cpp/tests/test_mccfr.cpp)."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest

import cardcore as cc


def test_kuhn_converges() -> None:
    solution = cc.solve.mccfr("kuhn", iterations=20_000, seed=1)
    assert solution.iterations == 20_000
    assert len(solution.policy) == 12
    assert cc.solve.exploitability("kuhn", solution.policy) < 0.01
    assert math.isnan(solution.exploitability)  # not measured: the tree may not fit


def test_leduc_converges_under_a_minute() -> None:
    start = time.perf_counter()
    solution = cc.solve.mccfr("leduc", iterations=300_000, seed=1)
    assert time.perf_counter() - start < 60
    assert len(solution.policy) == 936  # every information set of Leduc's tree
    value = cc.solve.exploitability("leduc", solution.policy)
    assert value < 0.05
    assert value < cc.solve.exploitability("leduc", "random") / 40


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "linear"])
def test_each_algorithm_improves_on_the_uniform_policy(algorithm: str) -> None:
    solution = cc.solve.mccfr("leduc", iterations=20_000, algorithm=algorithm)
    assert solution.algorithm == algorithm
    assert cc.solve.exploitability("leduc", solution.policy) < 0.3  # uniform: 4.75


@pytest.mark.parametrize("threads", [1, 2])
def test_the_same_seed_and_threads_give_the_same_bits(threads: int) -> None:
    def run(seed: int) -> cc.solve.Solution:
        return cc.solve.mccfr("leduc", iterations=3000, seed=seed, threads=threads)

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_two_threads_give_other_bits_than_one() -> None:
    # Each thread's round reads the strategy of the round's start (docs/solve.md).
    one = cc.solve.mccfr("leduc", iterations=3000, threads=1)
    two = cc.solve.mccfr("leduc", iterations=3000, threads=2)
    assert one != two
    assert cc.solve.exploitability("leduc", two.policy) < 1


@pytest.mark.parametrize(("threads", "first", "total"), [(1, 1500, 4000), (2, 1280, 2560)])
def test_a_resumed_checkpoint_gives_the_uninterrupted_bits(tmp_path: Path, threads: int,
                                                           first: int, total: int) -> None:
    path = tmp_path / "leduc.mccfr"
    part = cc.solve.mccfr("leduc", iterations=first, seed=3, threads=threads, checkpoint=path)
    assert path.is_file() and part.iterations == first
    resumed = cc.solve.mccfr("leduc", iterations=total, seed=3, threads=threads, checkpoint=path)
    whole = cc.solve.mccfr("leduc", iterations=total, seed=3, threads=threads)
    assert resumed.iterations == total
    assert resumed == whole
    # The checkpoint now holds the whole run: asking for it again runs nothing.
    assert cc.solve.mccfr("leduc", iterations=total, seed=3, threads=threads,
                          checkpoint=path) == whole


def test_the_checkpoint_is_saved_while_running(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cc.solve, "CHECKPOINT_SECONDS", 0.0)  # at every chunk
    path = tmp_path / "kuhn.mccfr"
    saved: list[bool] = []
    cc.solve.mccfr("kuhn", seconds=1.2, checkpoint=path,
                   progress=lambda i, s: saved.append(path.is_file()))
    assert saved[0]  # the first report comes after a second, saves before it


def test_seconds_and_progress() -> None:
    calls: list[tuple[int, float]] = []
    solution = cc.solve.mccfr("kuhn", seconds=0.3, progress=lambda i, s: calls.append((i, s)))
    assert solution.iterations > 0
    assert calls[-1][0] == solution.iterations
    assert [i for i, _ in calls] == sorted(i for i, _ in calls)


def test_unvisited_sets_play_uniformly_and_survive_saving(tmp_path: Path) -> None:
    solution = cc.solve.mccfr("leduc", iterations=3)
    assert 0 < len(solution.policy) < 936
    # Measurable although it lists only the sets it visited: the others play uniformly.
    assert cc.solve.exploitability("leduc", solution.policy) > 0
    state = cc.leduc.Game().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for action in (2, 2, 1):  # raise, raise, call: into round 2
        state.apply_action(action)
    state.apply_action(state.legal_actions()[0])  # the public card
    for action in (2, 2):
        state.apply_action(action)
    seen = {key for _, key, _, _ in solution._solution.policy}
    assert state.information_state_string(state.current_player()) not in seen
    assert solution.policy.action_probabilities(state) == {0: 1 / 2, 1: 1 / 2}
    path = tmp_path / "leduc.solution"
    solution.save(path)
    assert cc.solve.load(path) == solution
    assert cc.solve.load(path).policy.action_probabilities(state) == {0: 1 / 2, 1: 1 / 2}


@pytest.mark.parametrize(("game", "kwargs", "message"), [
    (cc.buh.Game(players=3), {}, "the solver needs a two-player game, and buh has 3 players"),
    ("baibuu", {}, "the solver needs a zero-sum game, and baibuu in this configuration is "
                   "general-sum"),
    ("leduc", {"memory": 1000}, "MCCFR's tables would pass the memory budget of 1000 bytes"),
    ("leduc", {"memory": 60_000}, r"MCCFR's tables would pass the memory budget of 60000 "
                                  r"bytes: with \d+ information sets"),
    ("leduc", {"algorithm": "dcfr"}, r"unknown algorithm 'dcfr' for mccfr: expected cfr, cfr\+, "
                                     r"linear \(dcfr's discounts"),
    ("leduc", {"sampling": "outcome"}, "unknown sampling 'outcome': expected external"),
    ("leduc", {"iterations": None}, "give iterations or seconds, one of them"),
    ("leduc", {"seconds": 1.0}, "give iterations or seconds, one of them"),
    ("leduc", {"iterations": 0}, "iterations must be a positive integer, got 0"),
    ("leduc", {"threads": 0}, r"threads must be None \(one\) or an integer 1 to"),
    ("leduc", {"seed": -1}, r"seed must be an integer in \[0, 2\*\*64\), got -1"),
    ("leduc", {"abstraction": "suits"}, "abstraction must be None"),
])
def test_bad_inputs_are_refused(game: object, kwargs: dict[str, object], message: str) -> None:
    options: dict[str, object] = {"iterations": 1000, **kwargs}
    with pytest.raises(ValueError, match=message):
        cc.solve.mccfr(game, **options)  # type: ignore[arg-type]


def test_a_directory_is_refused_as_a_checkpoint(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"the MCCFR checkpoint '.*' is a directory, not a file"):
        cc.solve.mccfr("leduc", iterations=100, checkpoint=tmp_path)


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="Linux's /proc/self/mem")
def test_a_file_that_opens_but_cannot_be_read_is_refused() -> None:
    # Reading /proc/self/mem from its start fails (EIO): the C++ stream then throws.
    with pytest.raises(ValueError, match="cannot read the MCCFR checkpoint '/proc/self/mem'"):
        cc.solve.mccfr("leduc", iterations=100, checkpoint="/proc/self/mem")


def test_a_corrupt_or_foreign_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "leduc.mccfr"
    cc.solve.mccfr("leduc", iterations=100, checkpoint=path)
    data = path.read_bytes()
    bad = tmp_path / "bad.mccfr"
    for broken, message in [
        (b"hello", "does not start with the magic 'cardcore.mccfr' line"),
        (data[:20], r"truncated in the header"),
        (data[:len(data) // 2], "truncated or corrupt: its checksum does not match"),
        (data[:100] + bytes([data[100] ^ 1]) + data[101:], "its checksum does not match"),
    ]:
        bad.write_bytes(broken)
        with pytest.raises(ValueError, match=r"not a valid cardcore MCCFR checkpoint \(.*"
                                             + message):
            cc.solve.mccfr("leduc", iterations=200, checkpoint=bad)
    with pytest.raises(ValueError, match="the MCCFR checkpoint is of the seed '0', and this "
                                         "run's is '5'"):
        cc.solve.mccfr("leduc", iterations=200, seed=5, checkpoint=path)
    with pytest.raises(ValueError, match="the MCCFR checkpoint is of the game 'leduc players=2', "
                                         "and this run's is 'kuhn players=2'"):
        cc.solve.mccfr("kuhn", iterations=200, checkpoint=path)
    with pytest.raises(ValueError, match="has 100 iterations, more than the 50 asked for"):
        cc.solve.mccfr("leduc", iterations=50, checkpoint=path)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="cannot write the MCCFR checkpoint"):
        cc.solve.mccfr("leduc", seconds=60, checkpoint=tmp_path / "no such folder" / "x")
    assert time.perf_counter() - start < 10  # refused before running


def test_the_command_line_runs_mccfr_to_the_same_file(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from cardcore.cli import main

    def solve(name: str, *options: str) -> bytes:
        path = tmp_path / name
        assert main(["solve", "badugi", "--mccfr", "--iterations", "300", *options,
                     "--out", str(path)]) == 0
        return path.read_bytes()

    first = solve("a.sol", "--seed", "2")
    assert solve("b.sol", "--seed", "2") == first
    assert solve("c.sol", "--seed", "3") != first
    assert solve("d.sol", "--seed", "2", "--threads", "2") == solve("e.sol", "--seed", "2",
                                                                    "--threads", "2")
    out = capsys.readouterr().out
    assert "mccfr linear, 300 iterations" in out
    # The Badugi abstraction's keys, the draws fixed.
    keys = [key for _, key, _, _ in cc.solve.load(tmp_path / "a.sol")._solution.policy]
    assert keys and all(key.startswith("r") and " draw " not in key for key in keys)
    assert main(["solve", "kuhn", "--seed", "1"]) == 2
    assert "--seed is the seed of --mccfr's sampling" in capsys.readouterr().err
    assert main(["solve", "kuhn", "--mccfr", "--algorithm", "dcfr"]) == 2
    assert "unknown algorithm 'dcfr' for mccfr" in capsys.readouterr().err
