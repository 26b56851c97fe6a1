"""Where a step of bench/vector.py's loop goes (docs/performance.md, "A step of the loop").

    python bench/vector_profile.py [--games badugi leduc] [--envs 4096] [--calls 300]

For each game, one VectorEnv of ``--envs`` envs in self-play, the loop of bench/vector.py
(``uniform_legal`` chooses, then ``step``), timed in parts, per call of ``step`` (one call
steps every env):

- **NumPy's choice**: ``uniform_legal`` on the step's mask, timed in the loop;
- **step**: ``env.step`` in the same loop, and again with the same actions precomputed
  (the env reset to the same seed and the recorded actions replayed: the same
  trajectories, nothing between the calls);
- **the call's fixed cost**: ``step`` of a VectorEnv of one env (the actions' conversion
  and legality check, the GIL released and taken again, the arrays handed back), and
  the same on 2 threads (waking the second thread and waiting for it);
- **inside step**, with ``perf`` (Linux, where ``perf record`` may profile this user's
  processes): the replay's samples by function, in four groups: the engine's step (applying
  the action, chance, the next deal), the observation tensor, the legality mask (the legal
  actions and the mask's bytes), and the rest (the calling thread, Python and NumPy). Without
  perf, this part is left out and says why.

Each timing is the best of ``--repeats`` runs of ``--calls`` calls, one thread unless said.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import cardcore as cc

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vector import uniform_legal  # the loop's own choice

# perf's functions by group, the first pattern that matches a symbol wins (demangled C++
# names). VectorEnv's per-env loop (step_env, the rewards, the mask's bytes) is inlined into
# the lambda that run() hands its threads, so it is a group of its own.
GROUPS: list[tuple[str, re.Pattern[str]]] = [
    ("observation tensor", re.compile(r"observation_tensor|information_state_tensor|"
                                      r"TensorLayout")),
    ("action check, binding", re.compile(r"checked_actions|first_illegal|pybind11|bindings")),
    ("legal actions", re.compile(r"legal")),
    ("per-env loop, mask bytes", re.compile(r"_Function_handler|VectorEnv<.*>::run")),
    ("engine step", re.compile(r"cardcore::")),
    ("memset", re.compile(r"memset")),  # clearing the tensor (perf -g: observation_tensor)
    ("malloc, free", re.compile(r"malloc|free")),
]
STRIPPED = re.compile(r"_core\.[^ ]*\.so\s+\[\.\] 0x")


def timed_loop(env: cc.VectorEnv, rng: np.random.Generator, calls: int,
               record: list[np.ndarray] | None = None) -> tuple[float, float]:
    """(choice, step) seconds over `calls` calls of the loop; the actions go to `record`."""
    step = env.reset(seed=1)
    choice_time = step_time = 0.0
    for _ in range(calls):
        start = time.perf_counter()
        actions = uniform_legal(rng, step.legal_mask)
        middle = time.perf_counter()
        step = env.step(actions)
        step_time += time.perf_counter() - middle
        choice_time += middle - start
        if record is not None:
            record.append(actions)
    return choice_time, step_time


def replay(env: cc.VectorEnv, actions: list[np.ndarray]) -> float:
    """Seconds to step `actions`, precomputed, from reset(seed=1)."""
    env.reset(seed=1)
    start = time.perf_counter()
    for row in actions:
        env.step(row)
    return time.perf_counter() - start


def call_cost(game: str, envs: int, threads: int, calls: int, repeats: int) -> float:
    """Seconds a call of step of `envs` envs, the best of `repeats` runs of `calls`."""
    env = cc.VectorEnv(game, envs, seed=1, threads=threads)
    rng = np.random.default_rng(0)
    actions: list[np.ndarray] = []
    timed_loop(env, rng, calls, actions)
    return min(replay(env, actions) for _ in range(repeats)) / calls


def perf_shares(game: str, envs: int, seconds: float,
                symfs: str | None) -> dict[str, float] | str:
    """The share of perf's samples in each group (GROUPS, then "rest": Python, NumPy,
    the rest of libc) on the thread that replays, once it has warmed up; or why not."""
    if shutil.which("perf") is None:
        return "perf is not installed"
    subject = subprocess.Popen(
        [sys.executable, __file__, "--replay", game, "--envs", str(envs),
         "--seconds", str(seconds + 2)], stdout=subprocess.PIPE, text=True)
    assert subject.stdout is not None
    subject.stdout.readline()  # "ready": imported, warmed up, replaying
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        record = subprocess.run(
            ["perf", "record", "-q", "-F", "4999", "-t", str(subject.pid), "-o", str(data),
             "--", "sleep", str(seconds)], capture_output=True, text=True)
        subject.wait()
        if record.returncode != 0:
            return f"perf record failed: {record.stderr.strip()[-200:]}"
        report = subprocess.run(
            ["perf", "report", "-i", str(data), "--stdio", "--sort", "dso,sym",
             "--percent-limit", "0", *(["--symfs", symfs] if symfs else [])],
            capture_output=True, text=True)
    if STRIPPED.search(report.stdout):
        return ("the extension module has no symbols (pybind11 strips it): build one "
                "without stripping and pass --symfs (docs/performance.md)")
    shares = {name: 0.0 for name, _ in GROUPS} | {"rest": 0.0}
    for line in report.stdout.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+\S+\s+\[.\]\s+(.*)", line)
        if match:
            group = next((name for name, pattern in GROUPS if pattern.search(match[2])),
                         "rest")
            shares[group] += float(match[1])
    return shares


def replay_for(game: str, envs: int, seconds: float) -> None:
    """perf_shares' subject: the replay of a recorded loop on one thread for `seconds`,
    saying "ready" once warmed up."""
    env = cc.VectorEnv(game, envs, seed=1, threads=1)
    actions: list[np.ndarray] = []
    timed_loop(env, np.random.default_rng(0), 200, actions)
    replay(env, actions)
    print("ready", flush=True)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        replay(env, actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["badugi", "leduc"])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="how long perf samples each game's replay")
    parser.add_argument("--symfs", help="perf's --symfs: where an unstripped _core is")
    parser.add_argument("--replay", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay:
        replay_for(args.replay, args.envs, args.seconds)
        return
    print(f"cardcore {cc.__version__}, NumPy {np.__version__}, num_envs={args.envs}, "
          f"best of {args.repeats} runs of {args.calls} calls; microseconds per call")
    for game in args.games:
        env = cc.VectorEnv(game, args.envs, seed=1, threads=1)
        rng = np.random.default_rng(0)
        actions: list[np.ndarray] = []
        timed_loop(env, rng, args.calls, actions)  # warmup, and the actions to replay
        runs = [timed_loop(env, rng, args.calls) for _ in range(args.repeats)]
        choice, step = min(runs, key=sum)
        replayed = min(replay(env, actions) for _ in range(args.repeats))
        per_call = 1e6 / args.calls
        fixed1 = call_cost(game, 1, 1, 2000, args.repeats)
        fixed2 = call_cost(game, 2, 2, 2000, args.repeats)
        step2 = call_cost(game, args.envs, 2, args.calls, args.repeats)
        loop = choice + step
        print(f"\n{game}: the loop {loop * per_call:.0f} us a call "
              f"({args.envs * args.calls / loop / 1e6:.2f} M steps/s, 1 thread)")
        print(f"  NumPy's choice (uniform_legal)  {choice * per_call:7.0f} us {choice / loop:6.1%}")
        print(f"  step, in the loop               {step * per_call:7.0f} us {step / loop:6.1%}")
        print(f"  step, actions precomputed       {replayed * per_call:7.0f} us "
              f"(2 threads: {step2 * 1e6:.0f} us)")
        print(f"  the call's fixed cost, 1 env    {fixed1 * 1e6:7.1f} us "
              f"(2 envs on 2 threads: {fixed2 * 1e6:.1f} us)")
        shares = perf_shares(game, args.envs, args.seconds, args.symfs)
        if isinstance(shares, str):
            print(f"  inside step: {shares}")
            continue
        total = sum(shares.values())
        for name, share in shares.items():
            print(f"  inside step (perf): {name:<26} {share / total:6.1%} "
                  f"{share / total * replayed * per_call:5.0f} us")


if __name__ == "__main__":
    main()
