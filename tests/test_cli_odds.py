"""The odds commands of the command line agree with each other and with the library: equity's
options, what each --help offers, eval's trump, compare in Bai Buu, the units of values."""

from __future__ import annotations

import inspect

import pytest

import cardcore as cc
from cardcore import cli
from cardcore._registry import MODULES


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_equity_takes_a_random_hand_and_a_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "equity", "badugi", "As 2h 3d Kd", "random", "--draws", "0")
    assert status == 0
    assert out.strip() == cc.badugi.explain_equity(["As 2h 3d Kd", "random"], draws_left=0)
    assert out.splitlines()[2].startswith("random ")
    status, out, _ = _run(capsys, "equity", "buh", "As 2h 3c", "top 20%")
    assert status == 0 and "top 20%" in out


def test_odds_against_a_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "odds", "badugi", "As 2h 3d Kd", "--against", "random")
    assert status == 0 and out.splitlines()[0].endswith(", against random")
    assert out.strip() == cc.badugi.odds_table("As 2h 3d Kd", against="random").strip()


def test_equity_takes_seed_and_samples(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "badugi", "As 2h 3d Kd", "2c 4c 6h Js", "--draws", "3",
            "--samples", "2,000"]
    runs = [_run(capsys, *argv, "--seed", seed)[1] for seed in ("1", "1", "2")]
    assert "(2,000 samples" in runs[0]
    assert runs[0] == runs[1] != runs[2]
    assert runs[0].strip() == cc.badugi.explain_equity(
        ["As 2h 3d Kd", "2c 4c 6h Js"], draws_left=3, samples=2000, seed=1)


def test_odds_and_equity_default_to_the_same_draws(capsys: pytest.CaptureFixture[str]) -> None:
    for command, hands in (("odds", ["As 2h 3d Kd"]), ("equity", ["As 2h 3d Kd", "2c 4c 6h Js"])):
        default = _run(capsys, command, "badugi", *hands)[1]
        assert default == _run(capsys, command, "badugi", *hands, "--draws", "1")[1]
        assert "1 draw left" in default.splitlines()[0]


@pytest.mark.parametrize("command,verb", [("eval", "explain"), ("compare", "explain_compare"),
                                          ("odds", "odds_table"), ("equity", "explain_equity")])
def test_help_lists_only_the_house_rules_a_command_takes(
        command: str, verb: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for m in MODULES:
        takes = inspect.signature(getattr(m, verb)).parameters if hasattr(m, verb) else {}
        for rule in m.SPEC.house_rules:
            assert (f"{rule.name}=" in shown) == (rule.name in takes), (m.SPEC.name, rule.name)


def test_eval_of_a_trick_needs_its_trump(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["eval", "hucklebuck", "9c Tc Ad 3c"])
    assert exit_.value.code == 2 and "needs --trump" in capsys.readouterr().err
    status, out, _ = _run(capsys, "eval", "hucklebuck", "9c Tc Ad 3c", "--trump", "c")
    assert status == 0 and out.strip() == cc.hucklebuck.explain("9c Tc Ad 3c", trump="c")


@pytest.mark.parametrize("banker,player", [("Qs Kh 6c 4d", "2s 2h 3c 7d"),
                                           ("2s 2h 3c 7d", "Qs Kh 6c 4d"),
                                           ("Ks Qh", "Jc Kd"), ("As 9d", "Kc 2h")])
def test_compare_baibuu_takes_what_the_command_takes(banker: str, player: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "compare", "baibuu", banker, player)
    assert status == 0
    verdict = out.splitlines()[-1]
    result = cc.baibuu.compare(banker, player)
    if len(cc.CardSet(banker)) == 4:
        assert verdict.startswith("=> banker wins" if result == 1 else "=> player wins")
    else:
        assert verdict == {1: "=> first wins", -1: "=> second wins", 0: "=> tie"}[result]


def test_arrangement_values_print_their_unit() -> None:
    value = cc.baibuu.arrangement_values("Qs Kh 6c 4d")[0]
    assert f"{value.value:+.5f} a unit wagered" in str(value)
    assert "per unit wagered" in cc.baibuu.odds_table("Qs Kh 6c 4d").splitlines()[0]
