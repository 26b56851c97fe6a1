"""Long native calls under misuse: Ctrl-C stops them within milliseconds on any thread
count, an exception in a worker thread comes back as the right Python exception, the
search works on its own copy of the state and refuses up front a run whose trees would not
fit its memory limit."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

import pytest

import cardcore as cc

# The child installs Python's own SIGINT handler first: a run started with SIGINT ignored
# (nohup, a background job of a shell) passes that on, and Python then never raises
# KeyboardInterrupt, whatever the call does.
INTERRUPTED = """
import os, signal, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import cardcore as cc

def interrupt_soon():
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=interrupt_soon, daemon=True).start()
start = time.perf_counter()
try:
    {call}
except KeyboardInterrupt:
    print(f"KeyboardInterrupt after {{time.perf_counter() - start:.2f}} s")
"""

# Each takes many minutes when nothing stops it.
LONG_CALLS = {
    "search-1-thread": 'cc.search.ismcts(cc.badugi.Game().new_initial_state(seed=1), '
                       'simulations=100_000_000, threads=1, memory_limit=2**40)',
    "search-4-threads": 'cc.search.ismcts(cc.hucklebuck.Game().new_initial_state(seed=1), '
                        'simulations=100_000_000, threads=4, memory_limit=2**40)',
    "simulate-search-seats": 'cc.simulate("badugi", 10**6, policies=[("ismcts", {"threads": 2, '
                             '"simulations": 2000}), "random"], threads=2)',
    "simulate-millions": 'cc.simulate("hucklebuck", 10**10, threads=2, keep_returns=False)',
    "equity-monte-carlo": 'cc.badugi.equity(["As 2h 3d Kd", "Qc Jd 9h 8s"], draws_left=3, '
                          'method="monte carlo", samples=10**9, threads=2)',
}


@pytest.mark.parametrize("call", list(LONG_CALLS), ids=list(LONG_CALLS))
def test_ctrl_c_stops_a_long_native_call_promptly(call: str) -> None:
    """SIGINT half a second in: KeyboardInterrupt, with every thread stopped (a worker's
    exception used to end the process), long before the call's natural end (minutes); the
    bound is generous for a loaded machine: this checks that the call stops, not its speed."""
    script = INTERRUPTED.format(call=LONG_CALLS[call])
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("KeyboardInterrupt after"), done.stdout + done.stderr[-2000:]
    assert float(done.stdout.split()[2]) < 30


def test_the_search_refuses_trees_beyond_its_memory_limit_before_allocating() -> None:
    state = cc.hucklebuck.Game().new_initial_state(seed=1)
    with pytest.raises(ValueError, match=r"ismcts: 100000000 simulations on 4 threads may need up "
                                         r"to \d+ MiB, more than memory_limit \(\d+ MiB\)"):
        cc.search.ismcts(state, simulations=100_000_000, threads=4)  # half the machine's memory
    with pytest.raises(ValueError, match="more than memory_limit"):
        cc.search.ismcts(state, simulations=10_000, memory_limit=2**20)
    # The bound grows with the simulations and the trees growing at once.
    small = cc.search.ismcts(state, simulations=200, memory_limit=2**30)
    assert sum(small.visits.values()) == 200
    with pytest.raises(ValueError, match="memory_limit must be None or a number of bytes"):
        cc.search.ismcts(state, simulations=200, memory_limit=0)
    # The same limit wherever the search plays as a policy.
    with pytest.raises(ValueError, match="more than memory_limit"):
        cc.simulate("hucklebuck", 2, policies=["ismcts:simulations=10000,memory_limit=1000000",
                                               "random", "random", "random"])


def test_the_search_reads_its_own_copy_while_another_thread_plays_the_state_on() -> None:
    """The caller's state changes while the search runs (it used to end the process: "the
    game is over" thrown in a worker); the search answers for the state it was given."""
    state = cc.badugi.Game(hands=50).new_initial_state(seed=4)
    root = state.clone()
    results = []

    def search() -> None:
        results.append(cc.search.ismcts(state, simulations=20_000, threads=2, seed=1))

    searcher = threading.Thread(target=search)
    searcher.start()
    while searcher.is_alive() and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    searcher.join()
    assert results[0] == cc.search.ismcts(root, simulations=20_000, threads=1, seed=1)
