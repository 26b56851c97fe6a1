"""Duplicate matches (cc.match) and the deal they play on (simulate's deal="seats")."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
import cardcore.simulation as sm
from cardcore import cli


class Recorder:
    """A passive player (check or call, then discard ``throws`` cards at each draw) that
    records, at each of its decisions, its seat and its cards."""

    def __init__(self, name: str, throws: int) -> None:
        self.__name__ = name
        self.throws = throws
        self.seen: list[tuple[int, int]] = []

    def __call__(self, seen: Any) -> int:
        seat = seen.current_player()
        cards = seen.resample(0).hands[seat].mask  # the seat's own cards are the true ones
        self.seen.append((seat, cards))
        legal = seen.legal_actions()
        for word in ("check", "call"):
            if word in [seen.action_to_string(a) for a in legal]:
                return int(seen.string_to_action(word))
        # A draw: discard the lowest `throws` cards of the hand (by their place in it).
        return int(legal[(1 << self.throws) - 1]) if self.throws else int(legal[0])


def _by_deal(recorder: Recorder) -> list[list[tuple[int, int]]]:
    """The recorder's decisions, deal by deal: it always reaches the showdown, with 7
    decisions a hand (4 betting rounds and 3 draws)."""
    return [recorder.seen[k:k + 7] for k in range(0, len(recorder.seen), 7)]


def _drawn(decisions: list[tuple[int, int]], draw: int) -> int:
    """The cards a hand got at its ``draw``-th draw (1 or 2): those held after it and not
    before (its decisions: a betting round, then the draw, three times, and the last
    betting round)."""
    before = 0
    for _, cards in decisions[:2 * draw - 1]:
        before |= cards
    return decisions[2 * draw][1] & ~before


def _stream_share(one: Recorder, two: Recorder, deals: int) -> float:
    """Over two seatings of ``deals`` deals: "one" (drawing 1 card a draw) in seat 1 of
    seating 1 against "two" (drawing 2) in seat 1 of seating 0. The share of the deals
    where the card "one" got at its second draw is one of the two "two" got at its first:
    the seat's second card to draw."""
    first, second = _by_deal(one), _by_deal(two)
    assert len(first) == len(second) == 2 * deals
    same = 0
    for deal in range(deals):
        swapped = first[deals + deal]
        assert {seat for seat, _ in first[deal]} == {0} and {s for s, _ in swapped} == {1}
        # The deal: "one" in seat 1 holds the four cards "two" held there in seating 0.
        assert swapped[0][1] == second[deal][0][1]
        assert second[deals + deal][0][1] == first[deal][0][1]
        same += bool(_drawn(swapped, 2) & _drawn(second[deal], 1))
    return same / deals


def test_swapping_the_seats_gives_each_policy_the_others_cards() -> None:
    one, two = Recorder("one", 1), Recorder("two", 2)
    cc.match("badugi", [one, two], 2 * 60, seed=5)
    # Past the deal each seat draws from its own stream: a seat gets the same cards in the
    # same order however many it throws at a time, but for a card that another stream (the
    # other seat's, the burns') took first: about one in ten here.
    assert _stream_share(one, two, 60) > 0.75
    assert len({hands[0][1] for hands in _by_deal(one)}) > 50  # the deals differ


def test_with_one_stream_for_the_stock_the_draws_are_not_shared() -> None:
    """The control of the test above: deal="stock" deals the same four cards a seat, but
    the replacements come in the order of the stock, whoever draws them."""
    one, two = Recorder("one", 1), Recorder("two", 2)
    cc.simulate("badugi", 60, policies=[one, two], seed=5, deal="stock")
    cc.simulate("badugi", 60, policies=[two, one], seed=5, deal="stock")
    assert _stream_share(one, two, 60) < 0.2


def test_a_deterministic_policy_against_itself_wins_exactly_nothing() -> None:
    duplicate = cc.match("badugi", ["rule_based", "rule_based"], 4000, seed=3)
    assert not duplicate.deal_means.any()  # every deal: one seat's win is the other's loss
    assert duplicate.policies == ("rule_based#0", "rule_based#1")
    plain = cc.match("badugi", ["rule_based", "rule_based"], 4000, duplicate=False, seed=3)
    assert plain.deal_means.any()  # the position and the cards, not cancelled
    three = cc.match(cc.buh.Game(players=3), ["rule_based"] * 3, 1500, seed=3)
    assert not three.deal_means.any() and three.deals == 500


def test_a_deal_is_the_mean_of_its_seatings_and_the_plain_match_its_first() -> None:
    policies = ["rule_based", "random"]
    duplicate = cc.match("badugi", policies, 6000, seed=4)
    plain = cc.match("badugi", policies, 3000, duplicate=False, seed=4)
    swapped = cc.simulate("badugi", 3000, policies=policies[::-1], seed=4, deal="seats").returns
    assert np.array_equal(plain.deal_means, cc.simulate(
        "badugi", 3000, policies=policies, seed=4, deal="seats").returns)
    assert np.array_equal(duplicate.deal_means, (plain.deal_means + swapped[:, ::-1]) / 2)
    assert (duplicate.deals, duplicate.hands, plain.deals, plain.hands) == (3000, 6000, 3000, 3000)
    assert duplicate.counts["hands"] == 6000
    low, high = duplicate.interval
    half = 1.96 * duplicate.deal_means.std(axis=0, ddof=1) / np.sqrt(3000)
    assert np.allclose(high - duplicate.mean, half) and np.allclose(duplicate.mean - low, half)
    assert low[0] > 0 > high[1]  # rule_based beats random


def test_the_seatings_rotate_three_players() -> None:
    recorders = [Recorder(f"p{i}", 0) for i in range(3)]
    cc.match(cc.buh.Game(players=3), recorders, 30, seed=1)
    for i, recorder in enumerate(recorders):
        order = list(dict.fromkeys(seat for seat, _ in recorder.seen))
        assert order == [i, (i + 1) % 3, (i + 2) % 3]  # policy i in seat (i + r) mod 3


def test_threads_and_an_executor_give_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sm, "CHUNK", 1000)  # several chunks a seating
    policies: list[sm.Policy] = ["rule_based", ("ismcts", {"simulations": 3})]
    one = cc.match("leduc", ["rule_based", "random"], 5000, seed=6, threads=1)
    two = cc.match("leduc", ["rule_based", "random"], 5000, seed=6, threads=2)
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = cc.match("leduc", ["rule_based", "random"], 5000, seed=6, executor=pool)
    for other in (two, remote):
        assert np.array_equal(one.deal_means, other.deal_means) and one.counts == other.counts
    searched = [cc.match("badugi", policies, 40, seed=6, threads=t) for t in (1, 2)]
    assert np.array_equal(searched[0].deal_means, searched[1].deal_means)
    assert searched[0].policies[1].startswith("ismcts:simulations=3")


def test_the_duplicate_interval_is_narrower_where_the_cards_decide() -> None:
    duplicate = cc.match("kuhn", ["rule_based", "random"], 20_000, seed=2)
    plain = cc.match("kuhn", ["rule_based", "random"], 20_000, duplicate=False, seed=2)
    widths = [np.subtract(*reversed(result.interval))[0] for result in (plain, duplicate)]
    assert widths[0] > 3 * widths[1]


def test_the_result_reads_as_a_table_and_as_json() -> None:
    result = cc.match("kuhn", ["rule_based", "random"], 200, seed=1)
    table = str(result)
    assert table == repr(result)
    assert "kuhn: duplicate match, 100 deals x 2 seatings = 200 hands" in table
    assert "rule_based" in table and "95% interval" in table
    data = json.loads(result.to_json())
    assert data["deals"] == 100 and data["hands"] == 200 and data["duplicate"] is True
    assert [row["policy"] for row in data["policies"]] == ["rule_based", "random"]
    assert result["random"]["mean"] == pytest.approx(-result["rule_based"]["mean"])
    assert result["random"]["ci95"] == data["policies"][1]["ci95"]
    with pytest.raises(KeyError, match="no policy 'bogus'"):
        result["bogus"]


@pytest.mark.parametrize(("game", "policies", "hands", "options", "message"), [
    ("badugi", ["rule_based"], 10, {}, r"needs one policy per seat \(2\), got 1"),
    ("badugi", ["rule_based", "bogus"], 10, {}, "unknown badugi policy 'bogus'"),
    ("badugi", "rule_based", 10, {}, "policies must be a list"),
    ("badugi", ["rule_based", "random"], 0, {}, "hands must be a positive number"),
    ("badugi", ["rule_based", "random"], 11, {}, "not a multiple of the 2 seatings.*10 or 12"),
    ("badugi", ["rule_based", "random"], 1, {}, "not a multiple of the 2 seatings.*use 2$"),
    ("badugi", ["rule_based", "random"], 10, {"duplicate": 1}, "duplicate must be True or False"),
    ("hucklebuck", ["random"] * 4, 8, {}, "needs a zero-sum game.*general-sum"),
    (cc.badugi.Game(hands=12), ["rule_based", "random"], 10, {}, "one hand a game, got hands=12"),
    (cc.baibuu.Game(commission_bp=0, banker_commission_bp=0), ["random", None], 10, {},
     "a policy at every seat"),
])
def test_bad_input_is_a_clear_error(game: Any, policies: Any, hands: int,
                                    options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.match(game, policies, hands, **options)


def test_simulate_names_its_deals() -> None:
    with pytest.raises(ValueError, match="deal must be one of 'stock', 'seats'"):
        cc.simulate("badugi", 10, deal="bogus")
    # Both deal every card uniformly: the same means, within the noise.
    policies = ["rule_based", "random"]
    stock, seats = (cc.simulate("buh", 100_000, policies=policies, seed=9, deal=deal)
                    for deal in ("stock", "seats"))
    low, high = stock.interval
    assert low[0] - (high[0] - low[0]) < seats.mean[0] < high[0] + (high[0] - low[0])
    assert not np.array_equal(stock.returns, seats.returns)


def test_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    out = tmp_path / "match.json"
    assert cli.main(["match", "kuhn", "rule_based", "random", "--hands", "400",
                     "--json", str(out)]) == 0
    assert "kuhn: duplicate match, 200 deals x 2 seatings" in capsys.readouterr().out
    assert json.loads(out.read_text())["hands"] == 400
    assert cli.main(["match", "kuhn", "rule_based", "random", "--hands", "400",
                     "--plain"]) == 0
    assert "kuhn: plain match, 400 hands" in capsys.readouterr().out
    assert cli.main(["match", "kuhn", "rule_based", "--hands", "400"]) == 2
    assert "one policy per seat (2), got 1" in capsys.readouterr().err


def test_the_command_line_plays_a_saved_solution(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Any) -> None:
    """A saved solution's file is a policy, as for simulate and play; a path to no file is
    refused as one, not looked up as a policy's name."""
    path = tmp_path / "kuhn.solution"
    solution = cc.solve.cfr("kuhn", 200)
    solution.save(path)
    arguments = ["--hands", "2000", "--seed", "4", "--json"]
    assert cli.main(["match", "kuhn", str(path), "random", *arguments,
                     str(tmp_path / "file.json")]) == 0
    capsys.readouterr()
    from_file = json.loads((tmp_path / "file.json").read_text())
    direct = cc.match("kuhn", [solution.policy, "random"], 2000, seed=4)
    assert [row["mean"] for row in from_file["policies"]] == list(direct.mean)
    assert from_file["policies"][0]["mean"] > 0  # the solution wins against random
    missing = str(tmp_path / "none" / "kuhn.solution")
    for command in (["match", "kuhn", missing, "random"], ["exploitability", "kuhn", missing],
                    ["simulate", "kuhn", "--policy", missing, "--hands", "10"]):
        assert cli.main(command) == 2
        error = capsys.readouterr().err
        assert f"no solution file '{missing}'" in error, command
        assert "unknown policy" not in error


def test_the_docstring_examples_run() -> None:
    import doctest

    import cardcore.matches

    failed, attempted = doctest.testmod(cardcore.matches, optionflags=doctest.ELLIPSIS)
    assert attempted and not failed
