"""Steps per second of ``cc.VectorEnv`` (docs/vector.md), next to the PettingZoo adapter,
Pgx and envpool measured in the same run.

    python bench/vector.py [--envs 4096] [--seconds 3] [--no-pgx] [--no-envpool]

Every rate counts env steps (player decisions) per second, observations and masks
included, with the actions chosen uniformly among the legal ones in NumPy from
``legal_mask`` inside the timed loop (``uniform_legal``: a random place among each row's
legal ids).
Each rate is the best of three timed runs of about ``--seconds`` after a warmup.

Baselines:
- the PettingZoo adapter (``cardcore.adapters.pettingzoo``), Badugi, random legal actions
  from the action mask: its steps per second;
- Leduc hold'em, the same game as ``cc.VectorEnv("leduc", ...)`` (OpenSpiel's rules),
  self-play, against cardcore's Leduc on 2 threads (the better of the plain loop and the
  pipeline):
  - Pgx's (``pgx.make("leduc_holdem")``, JAX on the CPU): its random policy inside
    ``jax.lax.scan`` at batch ``--envs`` and 16,384, and the NumPy loop (a jitted step a
    call, the actions chosen by ``uniform_legal`` from its mask) at batch ``--envs``;
  - envpool's (``envpool.make("LeducHoldem-v1", env_type="gymnasium", num_envs=...,
    num_threads=2)``), the NumPy loop, its mask from ``info["legal_action_mask"]``.

  Neither is a dependency of cardcore: the script creates a virtual environment for each
  the first time, ``build/pgx-venv`` (``pip install pgx jax``) and ``build/envpool-venv``
  (``pip install envpool``), and runs the peer there with this file's ``best_of_three``
  and ``uniform_legal``; where one cannot be installed (no wheel for this Python or CPU)
  its line says so, with pip's error;
- the same loop as a pipeline on 2 threads (``pipelined_rate``), for every game measured on
  one thread: the VectorEnv split into two parts (``split(2)``), the actions of one part
  chosen while the other steps (``step_async``), against the plain loop on one thread;
- ``cc.simulate`` of Bai Buu, 6 player hands arranging at random against the house way,
  one thread: rounds per second through the engine path (the rollouts through States),
  next to the same rounds with every hand by the house way, which take the table path (the
  same deals settled by table, no States): the ratio of the two is the engine path's
  figure to compare between runs on a shared machine.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import cardcore as cc

ROOT = Path(__file__).resolve().parents[1]
PGX_VENV = ROOT / "build" / "pgx-venv"
ENVPOOL_VENV = ROOT / "build" / "envpool-venv"

# The configurations: (game, config, threads).
WORKLOADS: list[tuple[str, dict[str, Any], int]] = [
    ("badugi", {}, 1),
    ("badugi", {}, 2),
    ("hucklebuck", {"players": 5}, 1),
    ("hucklebuck", {"players": 5}, 2),
    ("buh", {"players": 6}, 1),
    ("buh", {"players": 6}, 2),
    ("leduc", {}, 1),
    ("leduc", {}, 2),
    ("baibuu", {"player_hands": 6}, 2),
]

# The peers' scripts run in their own virtual environments; each starts with PRELUDE:
# best_of_three and uniform_legal below, so that every loop is timed and chooses alike.
PRELUDE = """from __future__ import annotations
import json, sys, time
import numpy as np
"""

# Pgx's Leduc hold'em: argv batch, seconds, mode. Mode "scan": its random policy inside
# jax.lax.scan, 100 steps a call; "numpy": the loop of vector_rate, one jitted step a call
# with the actions chosen in NumPy from the mask it returns. Finished games are dealt again
# within the step, as Pgx's examples do.
PGX_SCRIPT = r"""
import jax, jax.numpy as jnp
import pgx
batch, seconds, mode = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
env = pgx.make("leduc_holdem")
init, step = jax.vmap(env.init), jax.vmap(env.step)
steps_per_call = 100

def random_policy(key, state):
    logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
    return jax.random.categorical(key, logits, axis=-1)

def advance(state, action, key):
    key, k_init = jax.random.split(key)
    state = step(state, action)
    fresh = init(jax.random.split(k_init, batch))
    state = jax.tree_util.tree_map(
        lambda a, b: jnp.where(state.terminated.reshape((-1,) + (1,) * (a.ndim - 1)), b, a),
        state, fresh)
    return state, key

def body(carry, _):
    state, key = carry
    key, k_act = jax.random.split(key)
    return advance(state, random_policy(k_act, state), key), None

@jax.jit
def run_scan(state, key):
    (state, key), _ = jax.lax.scan(body, (state, key), None, length=steps_per_call)
    return state, key

key = jax.random.PRNGKey(0)
state = init(jax.random.split(key, batch))
if mode == "scan":
    def run(limit):
        global state, key
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < limit:
            state, key = run_scan(state, key)
            jax.block_until_ready(state)
            calls += 1
        return calls * steps_per_call * batch, time.perf_counter() - start
else:
    advance_jit = jax.jit(advance)
    rng = np.random.default_rng(0)
    def run(limit):
        global state, key
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < limit:
            action = uniform_legal(rng, np.asarray(state.legal_action_mask))
            state, key = advance_jit(state, action, key)
            calls += 1
        jax.block_until_ready(state)
        return calls * batch, time.perf_counter() - start
run(1.0)  # compiles
rate = best_of_three(run, seconds)
print(json.dumps({"rate": rate, "version": f"Pgx {pgx.__version__}, JAX {jax.__version__}"}))
"""

# envpool's Leduc hold'em (its own C++ and thread pool): argv envs, threads, seconds; the
# loop of vector_rate, the mask read from info["legal_action_mask"].
ENVPOOL_SCRIPT = r"""
import envpool
envs, threads, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
env = envpool.make("LeducHoldem-v1", env_type="gymnasium", num_envs=envs,
                   num_threads=threads)
rng = np.random.default_rng(0)
_, info = env.reset()

def run(limit):
    global info
    calls, start = 0, time.perf_counter()
    while True:
        _, _, _, _, info = env.step(uniform_legal(rng, info["legal_action_mask"]))
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= limit:
            return calls * envs, elapsed

rate = best_of_three(run, seconds)
print(json.dumps({"rate": rate, "version": f"envpool {envpool.__version__}"}))
"""


def best_of_three(run: Callable[[float], tuple[int, float]], seconds: float) -> float:
    """The best rate of three runs after a short warmup; run(seconds) -> (steps, time)."""
    run(min(seconds, 0.5))
    return max(steps / elapsed for steps, elapsed in (run(seconds) for _ in range(3)))


def uniform_legal(rng: np.random.Generator, legal_mask: Any) -> Any:
    """An action id per row, uniform among the row's legal ones (any id where none is
    legal: a terminated env ignores its action). The legal ids of all rows in one flat
    array, each row's count of them, and a random place among each row's: a few passes
    over the mask, a third of the time of a random score per id and an argmax."""
    envs, actions = legal_mask.shape
    legal = np.flatnonzero(legal_mask)  # row * actions + id, row after row
    if legal.size == 0:  # every env has just ended its episode
        return np.zeros(envs, dtype=np.int64)
    counts = np.bincount(legal // actions, minlength=envs)
    starts = np.cumsum(counts) - counts
    pick = starts + (rng.random(envs) * counts).astype(np.int64)
    np.minimum(pick, len(legal) - 1, out=pick)
    return legal[pick] % actions


def vector_rate(name: str, config: dict[str, Any], envs: int, threads: int,
                seconds: float) -> float:
    env = cc.VectorEnv(cc.GAMES[name](**config), envs, seed=1, threads=threads)
    rng = np.random.default_rng(0)
    step = env.reset()

    def run(limit: float) -> tuple[int, float]:
        nonlocal step
        calls, start = 0, time.perf_counter()
        while True:
            step = env.step(uniform_legal(rng, step.legal_mask))
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= limit:
                return calls * envs, elapsed

    return best_of_three(run, seconds)


def pipelined_rate(name: str, config: dict[str, Any], envs: int, threads: int,
                   seconds: float) -> float:
    """vector_rate's loop as a pipeline (docs/vector.md, "Overlapping the agent and the
    envs"): one VectorEnv of `envs` split into two parts on its `threads`; the loop waits
    for a part, chooses its actions and starts it, then the other part, so that one part's
    actions are chosen while the other steps."""
    env = cc.VectorEnv(cc.GAMES[name](**config), envs, seed=1, threads=threads)
    rng = np.random.default_rng(0)
    env.reset()
    parts = env.split(2)
    for part in parts:
        part.step_async(uniform_legal(rng, part.rows.legal_mask))

    def run(limit: float) -> tuple[int, float]:
        calls, start = 0, time.perf_counter()
        while True:
            for part in parts:
                step = part.step_wait()
                part.step_async(uniform_legal(rng, step.legal_mask))
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= limit:
                return calls * envs, elapsed

    rate = best_of_three(run, seconds)
    for part in parts:
        part.step_wait()
    return rate


def pettingzoo_rate(seconds: float) -> float:
    from cardcore.adapters import pettingzoo as cz

    env = cz.env("badugi")
    rng = np.random.default_rng(0)

    def run(limit: float) -> tuple[int, float]:
        steps, start = 0, time.perf_counter()
        env.reset(seed=int(rng.integers(2**31)))
        while time.perf_counter() - start < limit:
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
            env.reset(seed=int(rng.integers(2**31)))
        return steps, time.perf_counter() - start

    return best_of_three(run, seconds)


def peer_rate(venv: Path, packages: list[str], script: str,
              args: list[str]) -> dict[str, Any] | str:
    """Run a peer's script in its own virtual environment `venv` (created with `packages`
    the first time): its {"rate", "version"}, or why it could not run."""
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"creating {venv} (pip install {' '.join(packages)}) ...", file=sys.stderr)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "-q", *packages],
                           check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as error:
            shutil.rmtree(venv, ignore_errors=True)  # try again next run
            reason = " ".join(error.stderr.strip().splitlines()[-2:])
            return f"pip install {' '.join(packages)} failed: {reason}"
        except OSError as error:
            return f"could not create {venv}: {error}"
    source = "\n".join([PRELUDE, inspect.getsource(best_of_three),
                        inspect.getsource(uniform_legal), script])
    result = subprocess.run([str(python), "-c", source, *args], capture_output=True,
                            text=True, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    if result.returncode != 0:
        return f"failed: {result.stderr.strip().splitlines()[-1:]}"
    data: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def simulate_rate(seconds: float, policies: list[str]) -> float:
    """Bai Buu rounds per second of cc.simulate, 6 player hands, one thread."""
    game = cc.baibuu.Game(player_hands=6)
    rounds = 200_000

    def run(limit: float) -> tuple[int, float]:
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < limit:
            cc.simulate(game, rounds, policies=policies, seed=done, threads=1)
            done += rounds
        return done, time.perf_counter() - start

    return best_of_three(run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-pgx", action="store_true", help="leave the Pgx baselines out")
    parser.add_argument("--no-envpool", action="store_true",
                        help="leave the envpool baseline out")
    args = parser.parse_args()
    print(f"cardcore {cc.__version__}, NumPy {np.__version__}, {os.cpu_count()} cores, "
          f"num_envs={args.envs}, best of 3 runs of {args.seconds} s")
    rates: dict[tuple[str, int], float] = {}
    for name, config, threads in WORKLOADS:
        rate = vector_rate(name, config, args.envs, threads, args.seconds)
        rates[(name, threads)] = rate
        label = f"{name} {json.dumps(config) if config else ''} self-play".replace("  ", " ")
        print(f"{label:<42} {threads} thread{'s' if threads > 1 else ' '} "
              f"{rate / 1e6:8.2f} M steps/s")
    piped: dict[str, float] = {}
    for name, config, threads in WORKLOADS:
        if threads == 1:
            piped[name] = pipelined_rate(name, config, args.envs, 2, args.seconds)
            print(f"{name}: 2 threads / 1 thread = {rates[(name, 2)] / rates[(name, 1)]:.2f}x;"
                  f" 2 threads pipelined (split(2), step_async): {piped[name] / 1e6:.2f} M "
                  f"steps/s, {piped[name] / rates[(name, 1)]:.2f}x one thread")
    zoo = pettingzoo_rate(args.seconds)
    print(f"PettingZoo adapter, badugi, random legal actions: {zoo / 1e3:8.1f} k steps/s; "
          f"VectorEnv badugi 2 threads is {rates[('badugi', 2)] / zoo:.0f}x")
    # Leduc against its peers: cardcore's best on 2 threads, plain loop or pipelined.
    leduc = max(rates[("leduc", 2)], piped["leduc"])
    peers: list[tuple[str, Path, list[str], str, list[str]]] = []
    if not args.no_pgx:
        peers += [
            (f"leduc_holdem, batch {batch:,}, random policy in lax.scan", PGX_VENV,
             ["pgx", "jax"], PGX_SCRIPT, [str(batch), str(args.seconds), "scan"])
            for batch in (args.envs, 16384)]
        peers.append((f"leduc_holdem, batch {args.envs:,}, the NumPy loop", PGX_VENV,
                      ["pgx", "jax"], PGX_SCRIPT, [str(args.envs), str(args.seconds), "numpy"]))
    if not args.no_envpool:
        peers.append((f"LeducHoldem-v1, num_envs={args.envs:,}, num_threads=2, the NumPy loop",
                      ENVPOOL_VENV, ["envpool"], ENVPOOL_SCRIPT,
                      [str(args.envs), "2", str(args.seconds)]))
    for label, venv, packages, script, script_args in peers:
        peer = peer_rate(venv, packages, script, script_args)
        if isinstance(peer, str):
            print(f"{label}: {peer}")
        else:
            print(f"{peer['version']} (CPU) {label}: {peer['rate'] / 1e6:.2f} M steps/s; "
                  f"VectorEnv leduc 2 threads is {leduc / peer['rate']:.1f}x")
    engine = simulate_rate(args.seconds, ["random"] * 6 + ["house_way"])
    table = simulate_rate(args.seconds, ["house_way"] * 7)
    print(f"cc.simulate baibuu, 6 random hands against the house way, 1 thread: "
          f"{engine / 1e6:.2f} M rounds/s; every hand by the house way (the table path): "
          f"{table / 1e6:.2f} M rounds/s; engine path / table path = {engine / table:.2f}")


if __name__ == "__main__":
    main()
