"""cc.simulate: native rollouts of every game, reproducible from the seed whatever the
threads or executor; and the cardcore command line."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import cardcore as cc
from cardcore import cli
from cardcore.simulation import POLICIES
from tests.reference import every_hand

CASES = [
    ("badugi", {}, ["random", "rule_based"]),
    ("buh", {"players": 5}, ["rule_based", "random", "random", "rule_based", "random"]),
    ("baibuu", {"player_hands": 3}, ["optimal", "house_way", "random", "house_way"]),
    ("hucklebuck", {"players": 4, "hands": None}, ["rule_based", "random", "random", "random"]),
]


@pytest.mark.parametrize(("name", "config", "policies"), CASES, ids=[c[0] for c in CASES])
def test_results_depend_on_the_seed_only(name: str, config: dict[str, object],
                                         policies: list[str]) -> None:
    game = cc.GAMES[name](**config)
    one = cc.simulate(game, 3000, policies=policies, seed=7, threads=1)
    two = cc.simulate(game, 3000, policies=policies, seed=7, threads=2)
    assert np.array_equal(one.returns, two.returns) and one.counts == two.counts
    other = cc.simulate(game, 3000, policies=policies, seed=8)
    assert not np.array_equal(one.returns, other.returns)
    if name != "baibuu":  # zero-sum games
        assert np.allclose(one.returns.sum(axis=1), 0)
    summary = json.loads(one.to_json())
    assert summary["games"] == 3000 and [s["policy"] for s in summary["seats"]] == policies


def test_an_executor_gives_the_same_bits_as_local_threads() -> None:
    game = cc.badugi.Game()
    local = cc.simulate(game, 250_000, seed=3, threads=2)  # three chunks of 100,000
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = cc.simulate(game, 250_000, seed=3, executor=pool)
    assert np.array_equal(local.returns, remote.returns) and local.counts == remote.counts


def test_a_dask_cluster_gives_the_same_bits_as_local_threads() -> None:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    game = cc.buh.Game(players=3)
    policies = ["rule_based", "random", "rule_based"]
    local = cc.simulate(game, 230_000, policies=policies, seed=5, threads=2)
    # ":0": the dashboard on a free port (None means the default, 8787, which another run
    # on the machine may hold).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        remote = cc.simulate(game, 230_000, policies=policies, seed=5,
                             executor=client.get_executor())
    assert np.array_equal(local.returns, remote.returns) and local.counts == remote.counts


def _exact_bai_buu_rates() -> tuple[float, float]:
    """Over every four-card holding, by the reference oracle: the chance of a Natural, and
    the chance that a random split (one of the six arrangements) of a holding without one
    fouls (is not valid)."""
    naturals = every_hand.baibuu_naturals()  # oracle.natural of every holding
    _, valid = every_hand.baibuu_arrangements()  # oracle.is_valid of the six arrangements
    natural = np.array([name is not None for name in naturals])
    fouls = int((~valid[~natural]).sum())
    return int(natural.sum()) / len(naturals), fouls / (6 * len(naturals))


@pytest.mark.slow
@pytest.mark.xdist_group(every_hand.GROUP["baibuu"])
def test_counts_agree_with_exact_rates() -> None:
    natural_rate, foul_rate = _exact_bai_buu_rates()
    rounds = 200_000
    result = cc.simulate(cc.baibuu.Game(player_hands=2), rounds,
                         policies=["random", "house_way", "house_way"], seed=21)
    counts = result.counts
    assert counts["rounds"] == rounds
    # Each count is a binomial; 4.5 standard deviations keep fixed seeds far from flaky.
    def near(observed: int, trials: int, p: float) -> bool:
        return abs(observed - trials * p) < 4.5 * (trials * p * (1 - p)) ** 0.5
    assert near(counts["naturals"], 2 * rounds, natural_rate)
    assert near(counts["banker_naturals"], rounds, natural_rate)
    # Only hand 0 splits at random; the house way never fouls.
    assert near(counts["fouls"], rounds, foul_rate)


def test_counts_are_bounded_by_the_rules() -> None:
    badugi = cc.simulate("badugi", 20_000, seed=2).counts
    assert badugi["hands"] == 20_000 and 0 < badugi["showdowns"] < 20_000
    for players, quota in ((4, 0), (5, 1), (7, 3)):
        huck = cc.simulate(cc.hucklebuck.Game(players=players), 5_000, seed=3)
        assert huck.counts["hands"] == 5_000
        assert (huck.counts["drops"] == 0) if quota == 0 else \
            (0 < huck.counts["drops"] <= quota * 5_000)
    buh = cc.simulate(cc.buh.Game(players=4), 20_000, policies=["rule_based"] * 4, seed=4)
    # The rule-based player declares every buh, so some hands end on a declaration.
    assert buh.counts["declarations"] > 0
    assert buh.counts["showdowns"] < buh.counts["hands"]


def test_random_badugi_is_symmetric_and_rule_based_players_win() -> None:
    even = cc.simulate("badugi", 1_000_000, seed=11)
    low, high = even.interval
    assert low[0] < 0 < high[0]  # rotating the dealer makes the seats equal
    badugi = cc.simulate("badugi", 100_000, policies=["rule_based", "random"], seed=12)
    assert badugi.interval[0][0] > 0.5
    game = cc.hucklebuck.Game(players=4, hands=None)
    huck = cc.simulate(game, 20_000, policies=["rule_based", "random", "random", "random"], seed=13)
    assert (huck.returns[:, 0] == 1).mean() > 0.8
    for players in (2, 6):
        buh = cc.simulate(cc.buh.Game(players=players), 50_000, seed=14,
                          policies=["rule_based"] + ["random"] * (players - 1))
        assert buh.interval[0][0] > 0.5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess", 10), "unknown game 'chess'"),
        (("badugi", 0), "n must be a positive number"),
        (("badugi", 10, ["random"]), "one per seat"),
        (("badugi", 10, ["random", "genius"]), "unknown badugi policy 'genius'"),
    ],
)
def test_bad_simulations(args: tuple[object, ...], message: str) -> None:
    game, n, *rest = args
    with pytest.raises(ValueError, match=message):
        cc.simulate(game, n, policies=rest[0] if rest else None)  # type: ignore[arg-type]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardcore", *args], capture_output=True,
                          text=True, timeout=120)


def test_cli_simulate_prints_the_summary_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    result = run_cli("simulate", "hucklebuck", "--hands", "2000", "--players", "5",
                     "--policy", "rule_based", "random", "random", "random", "random",
                     "--seed", "4", "--json", str(out))
    assert result.returncode == 0, result.stderr
    assert "hucklebuck: 2,000 games, seed 4" in result.stdout and "rule_based" in result.stdout
    assert json.loads(out.read_text())["games"] == 2000
    again = run_cli("simulate", "hucklebuck", "--hands", "2000", "--players", "5",
                    "--policy", "rule_based", "random", "random", "random", "random", "--seed", "4")
    assert again.stdout == result.stdout


def test_cli_eval_compare_and_bad_arguments() -> None:
    evaluated = run_cli("eval", "badugi", "As 2h 3d Kd")
    assert "3-card 3-2-A" in evaluated.stdout
    compared = run_cli("compare", "buh", "2s 4h Jc Qd", "6s 6h 6c Qd")
    assert "first wins" in compared.stdout
    bad_cards = run_cli("eval", "buh", "As Kx")
    assert bad_cards.returncode == 2 and "invalid card 'Kx'" in bad_cards.stderr
    bad_game = run_cli("simulate", "chess")
    assert bad_game.returncode == 2 and "invalid choice" in bad_game.stderr
    bad_players = run_cli("simulate", "badugi", "--players", "3", "--hands", "10")
    assert bad_players.returncode == 2 and "heads-up" in bad_players.stderr


@pytest.mark.parametrize(
    "config",
    [{"player_hands": 6}, {"player_hands": 2, "hands": 4, "wagers": (10, 3500),
                           "commission_bp": 355, "banker_commission_bp": 0}],
)
def test_bai_buu_by_tables_equals_the_engine(config: dict[str, object]) -> None:
    """The table path deals exactly as seeded States deal and settles the same."""
    from cardcore import _core

    game = cc.baibuu.Game(**config)  # type: ignore[arg-type]
    hands = game.num_players - 1
    policies = [*(["optimal", "house_way"] * 3)[:hands], "house_way"]
    by_table, table_counts = _core.baibuu.simulate(game, 0, 5000, 9, policies, 2)
    by_engine, engine_counts = _core.baibuu.simulate(game, 0, 5000, 9, policies, 2, shortcut=False)
    assert np.array_equal(by_table, by_engine) and table_counts == engine_counts
    # The summary takes the same path: its mean is the table's.
    mean = _core.baibuu.simulate_summary(game, 0, 5000, 9, policies, 2, -1e6, 1e6, 10)[0]
    assert np.allclose(mean, by_engine.mean(axis=0))


def test_cli_bench_reports_every_workload() -> None:
    result = run_cli("bench", "--size", "20000")
    assert result.returncode == 0, result.stderr
    for name in cc.GAMES:
        assert f"simulate {name} (" in result.stdout
    for module in cli.EVALUATORS:
        assert f"{module.SPEC.name}.strength_many" in result.stdout
    assert ".settle_many" in result.stdout


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        ("badugi", "fold\n"),
        ("buh", "pass\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n"),
        ("baibuu", "0\n0\n"),
        ("hucklebuck", "0\n" * 12),
    ],
)
def test_cli_play_from_piped_input(game: str, moves: str) -> None:
    """A scripted session: legal moves as strings or numbers, a bad move, help, quit."""
    script = "help\nnonsense\n" + moves + "quit\n"
    result = subprocess.run([sys.executable, "-m", "cardcore", "play", game, "--seed", "3"],
                            input=script, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "you are seat 0" in result.stdout and "moves: 0)" in result.stdout
    assert "not a legal move" in result.stdout  # "nonsense"
    assert "game over" in result.stdout or "bye" in result.stdout


def test_cli_simulate_draws_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    out = tmp_path / "buh.png"
    result = run_cli("simulate", "buh", "--players", "3", "--hands", "5000", "--plot", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000


def test_cli_play_opponents_play_their_policy() -> None:
    """Each opponent move printed is the move the named built-in policy makes there."""
    from cardcore import _core

    script = "0\n" * 40 + "quit\n"
    result = subprocess.run([sys.executable, "-m", "cardcore", "play", "hucklebuck", "--seed",
                             "5", "--players", "5", "--opponents", "random"],
                            input=script, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "against random players" in result.stdout
    bad = run_cli("play", "badugi", "--opponents", "shark")
    assert bad.returncode == 2 and "unknown badugi policy 'shark'" in bad.stderr
    # The same policy called on the engine directly picks legal moves, reproducibly.
    for name, cls in cc.GAMES.items():
        state = cls().new_initial_state(seed=2)
        while not state.is_terminal():
            policy = "random" if name != "baibuu" else "house_way"
            action = getattr(_core, name).policy_action(state, policy, len(state.history()))
            assert action in state.legal_actions()
            again = getattr(_core, name).policy_action(state, policy, len(state.history()))
            assert again == action
            state.apply_action(action)
        with pytest.raises(ValueError, match="needs a player to act"):
            getattr(_core, name).policy_action(state, "random", 0)


def test_simulate_is_a_plain_function_of_the_simulation_module() -> None:
    """``cc.simulate`` is the function itself (no module made callable), and
    ``cardcore.simulation`` is its module, with POLICIES and SimulationResult."""
    import types

    import cardcore.simulation as sm

    specs = {name: getattr(cc, name).SPEC.policies for name in cc.GAMES}
    assert specs == sm.POLICIES
    assert cc.simulate is sm.simulate and isinstance(cc.simulate, types.FunctionType)
    assert cc.SimulationResult is sm.SimulationResult
    assert type(sm) is types.ModuleType
    assert np.array_equal(cc.simulate("buh", 500, seed=4).returns,
                          sm.simulate("buh", 500, seed=4).returns)


def test_a_policy_for_a_seat_the_engine_plays_is_an_error() -> None:
    """The Bai Buu banker arranges by the house way inside the engine by default: a policy
    given for it is refused rather than ignored, and the table names what it plays."""
    game = cc.baibuu.Game(player_hands=2)
    with pytest.raises(ValueError, match=r"seat 2 plays inside the engine .*banker='house_way'"):
        cc.simulate(game, 10, policies=["optimal", "house_way", "random"])
    given = cc.simulate(game, 3000, policies=["optimal", "random", None], seed=2)
    named = cc.simulate(game, 3000, policies=["optimal", "random", "house_way"], seed=2)
    short = cc.simulate(game, 3000, policies=["optimal", "random"], seed=2)
    assert given.policies == named.policies == short.policies == ("optimal", "random",
                                                                   "house_way")
    assert np.array_equal(given.returns, named.returns)
    assert np.array_equal(given.returns, short.returns)
    assert cc.simulate(game, 10).policies == ("house_way", "house_way", "house_way")
    table = cc.simulate("baibuu", 10).table()
    assert "random" not in table
    # A banker that decides takes a policy like any seat.
    agent = cc.baibuu.Game(banker="agent")
    assert cc.simulate(agent, 10, policies=["optimal", "random"]).policies == ("optimal",
                                                                               "random")


def test_callable_policies_play_the_native_games() -> None:
    """A callable seat plays the same deals from the same seed streams as the native games:
    games driven through the callable path with built-in names only equal the native ones
    bit for bit; a callable seat gets each of its decisions."""
    for name in cc.GAMES:
        game = cc.GAMES[name]()
        policies = [POLICIES[name][-1]] * game.num_players
        native = getattr(cc._core, name).simulate(game, 0, 400, 6, policies, 1)
        driven = getattr(cc._core, name).simulate_calling(game, 0, 400, 6, policies)
        assert np.array_equal(native[0], driven[0]), name
        assert native[1] == driven[1], name
    seen: list[str] = []

    def passive(state: cc.badugi.State) -> int:
        seen.append(state.serialize())
        legal = state.legal_actions()
        return 1 if 1 in legal else legal[0]  # check, else fold (or stand pat)

    result = cc.simulate("badugi", 50, policies=[passive, "random"], seed=9, policy_input="state")
    again = cc.simulate("badugi", 50, policies=[passive, "random"], seed=9, policy_input="state")
    assert result.policies == ("passive", "random")
    assert np.array_equal(result.returns, again.returns)
    assert result.counts["hands"] == 50 and len(seen) >= 50
    assert all(text.startswith("cardcore.badugi/1 ") and "seed=" in text for text in seen)


def test_callable_policies_give_the_same_summary_as_native_runs() -> None:
    """The result of a run with a callable is a SimulationResult like any: its table, JSON
    and counts; a callable playing uniformly at random scores like the built-in random."""
    import random

    rng = random.Random(1)

    def uniform(state: cc.hucklebuck.State) -> int:
        return rng.choice(state.legal_actions())

    game = cc.hucklebuck.Game(players=3)
    result = cc.simulate(game, 4000, policies=[uniform, "random", "random"], seed=5)
    native = cc.simulate(game, 4000, policies=["random"] * 3, seed=5)
    assert result.table().splitlines()[2].split()[1] == "uniform"
    assert json.loads(result.to_json())["seats"][0]["policy"] == "uniform"
    assert set(result.counts) == set(native.counts)
    low, high = native.interval
    width = high[0] - low[0]
    assert abs(result.mean[0] - native.mean[0]) < 2 * width
