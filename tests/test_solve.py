"""cardcore.solve (docs/solve.md): the solver's Python surface and the games and inputs it
refuses. The solver's figures against OpenSpiel's are checked in C++
(cpp/tests/test_solve.cpp)."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardcore as cc


@pytest.mark.parametrize(("game", "message"), [
    (cc.buh.Game(players=3), "the solver needs a two-player game, and buh has 3 players"),
    ("hucklebuck", "the solver needs a two-player game, and hucklebuck has 4 players"),
    ("baibuu", "the solver needs a zero-sum game, and baibuu in this configuration is "
               "general-sum"),
])
def test_games_other_than_two_player_zero_sum_are_refused(game: object, message: str) -> None:
    for call in (lambda: cc.solve.cfr(game), lambda: cc.solve.exploitability(game, "random"),
                 lambda: cc.solve.best_response(game, "random", 0)):
        with pytest.raises(ValueError, match=message):
            call()


def test_a_tree_too_large_is_refused_with_its_size() -> None:
    with pytest.raises(ValueError, match=r"the game tree of badugi .* is too large: more than "
                                         r"1000 nodes, about 0 MiB or more \(limits: max_nodes "
                                         r"1000,"):
        cc.solve.cfr("badugi", max_nodes=1000)
    with pytest.raises(ValueError, match=r"is too large: more than 2000 nodes, about 0 MiB"):
        cc.solve.cfr("badugi", max_nodes=2000, max_bytes=1000)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"algorithm": "cfr++"}, ValueError,
     r"unknown algorithm 'cfr\+\+': expected cfr, cfr\+, dcfr, linear"),
    ({"iterations": 10, "seconds": 1.0}, ValueError, "give iterations or seconds, not both"),
    ({"iterations": 0}, ValueError, "iterations must be a positive integer, got 0"),
    ({"seconds": -1.0}, ValueError, "seconds must be a positive number, got -1.0"),
    ({"threads": 0}, ValueError, r"threads must be None \(one\) or an integer 1 to"),
    ({"max_nodes": "many"}, TypeError, "max_nodes must be a positive integer, got str 'many'"),
])
def test_bad_options_are_refused(kwargs: dict[str, object], error: type[Exception],
                                 message: str) -> None:
    with pytest.raises(error, match=message):
        cc.solve.cfr("badugi", **kwargs)  # type: ignore[arg-type]


def test_a_corrupt_or_truncated_solution_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.solution"
    path.write_bytes(b"hello")
    with pytest.raises(ValueError, match=r"not a valid cardcore solution .*does not start with"):
        cc.solve.load(path)
    path.write_bytes(b"cardcore.solution\n\x01\x00")
    with pytest.raises(ValueError, match=r"not a valid cardcore solution \(truncated in the "
                                         r"header\)"):
        cc.solve.load(path)


def test_a_missing_file_or_a_directory_is_refused_as_no_solution(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"cannot read the solution file '.*nothing': No such"):
        cc.solve.load(tmp_path / "nothing")
    with pytest.raises(ValueError, match=r"cannot read the solution file '.*': Is a directory"):
        cc.solve.load(tmp_path)


def test_the_command_line_refuses_what_the_solver_refuses(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardcore.cli import main

    assert main(["solve", "baibuu"]) == 2
    error = capsys.readouterr().err
    assert "cardcore: error: the solver needs a zero-sum game, and baibuu" in error
    assert main(["exploitability", "hucklebuck", "random"]) == 2
    error = capsys.readouterr().err
    assert "cardcore: error: the solver needs a two-player game, and hucklebuck has 4" in error
