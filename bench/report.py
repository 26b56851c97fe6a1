"""Measures the evaluator and engine targets and prints them as a table.

    python bench/report.py [--n 10000000] [--repeats 5] [--only WORD ...]

Every figure is single-threaded unless its row says otherwise, the best of ``--repeats`` runs
after a warmup run, and sits next to its baseline measured in the same run on the same data;
the runs of all workloads take turns, so that a change in the machine's load falls on each.
The C limit loops are compiled first (``limit_loop.py``); without a C compiler their rows are
left out, with the compiler's words.
"""

from __future__ import annotations

import argparse
import platform
from importlib.metadata import version

import limit_loop
import numpy as np
from workloads import N_HANDS, WORKLOADS, best_rates, format_rate, make_data

import cardcore as cc

# (workload, baseline, target, whether the target is on the ratio rather than the rate); a
# row without a target shows a limit of the machine
ROWS: tuple[tuple[str, str, float | None, bool], ...] = (
    ("buh_many", "numpy_hands", 300e6, False),
    ("buh_many_out", "numpy_hands", 300e6, False),
    ("badugi_many", "numpy_hands", 300e6, False),
    ("badugi_many_out", "numpy_hands", 300e6, False),
    ("buh_many_out", "c_limit", 1.3, True),
    ("buh_many", "c_limit", 1.0, True),
    ("badugi_many_out", "c_limit", 1.3, True),
    ("badugi_many", "c_limit", 1.0, True),
    ("buh_many_out", "c_limit_bare", 1.3, True),
    ("buh_many", "c_limit_bare", 1.0, True),
    ("badugi_many_out", "c_limit_bare", 1.3, True),
    ("badugi_many", "c_limit_bare", 1.0, True),
    ("buh_many_out_2", "buh_many_out", 1.9, True),
    ("badugi_many_out_2", "badugi_many_out", 1.9, True),
    ("memory_pass_2", "memory_pass", None, True),
    ("settle_many", "numpy_rounds", 100e6, False),
    ("buh_scalar", "python_calls", 5e6, False),
    ("badugi_scalar", "python_calls", 5e6, False),
    ("badugi_many", "pokerkit_badugi", 10_000, True),
    ("badugi_play", "pokerkit_play", 50_000, False),
    ("badugi_clone", "python_calls", 1e6, False),
    ("buh_play", "pokerkit_play", 12_000, False),
    ("baibuu_play", "pokerkit_play", 50_000, False),
    ("hucklebuck_play", "pokerkit_play", 20_000, False),
    ("badugi_simulate", "pokerkit_play", 1_000_000, False),
    ("buh_simulate", "pokerkit_play", 300_000, False),
    ("baibuu_simulate", "pokerkit_play", 2_000_000, False),
    ("hucklebuck_simulate", "pokerkit_play", 300_000, False),
)


def format_ratio(ratio: float) -> str:
    return f"{ratio:,.2f}x" if ratio < 100 else f"{ratio:,.0f}x"


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Prints the evaluator and engine rates against their targets."
    )
    parser.add_argument("--n", type=int, default=N_HANDS, help="hands and rounds per batch call")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per figure")
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="WORD",
        help="only the rows whose workload's name holds one of these (strength_many: buh_many)",
    )
    args = parser.parse_args()

    data = make_data(args.n)
    rows = ROWS
    if args.only:
        rows = tuple(row for row in ROWS if any(word in row[0] for word in args.only))
        if not rows:
            names = sorted({row[0] for row in ROWS})
            parser.error(f"no row's workload holds any of {args.only}: {names}")
        if any(row[0].endswith("_2") for row in rows):  # two threads come with the machine's
            rows += tuple(row for row in ROWS if row[0] == "memory_pass_2" and row not in rows)
    try:
        limit_loop.loop("limit_checked")
    except OSError as error:
        print(f"{error}\nthe rows against the C limit loops are left out\n")
        rows = tuple(row for row in rows if not row[1].startswith(("c_limit", "memory_pass")))
    names = dict.fromkeys(name for row in rows for name in row[:2])  # each once, in order
    rates = best_rates(names, data, args.repeats)

    print(
        f"cardcore {cc.__version__}, NumPy {np.__version__}, pokerkit {version('pokerkit')}, "
        f"Python {platform.python_version()}\n"
        f"one thread unless a row says 2, best of {args.repeats} after a warmup: "
        f"{len(data.masks):,} hands or rounds per batch call, {len(data.ints):,} scalar calls, "
        f"{len(data.pokerkit_hands):,} pokerkit hands; C limit loops: {limit_loop.compiler()}\n"
    )
    header = ("what", "rate", "baseline", "", "ratio", "target", "met")
    table = [header]
    for name, baseline_name, target, on_ratio in rows:
        workload, baseline = WORKLOADS[name], WORKLOADS[baseline_name]
        ratio = rates[name] / rates[baseline_name]
        measured = ratio if on_ratio else rates[name]
        if target is None:
            aim, met = "(the machine)", ""
        else:
            aim = ">= " + (format_ratio(target) if on_ratio else format_rate(target, workload.unit))
            met = "yes" if measured >= target else "NO"
        table.append(
            (
                workload.label,
                format_rate(rates[name], workload.unit),
                format_rate(rates[baseline_name], baseline.unit),
                baseline.label,
                format_ratio(ratio),
                aim,
                met,
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    right = {1, 2, 4}  # numbers line up on the right
    for row in table:
        cells = (
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        print("  ".join(cells).rstrip())


if __name__ == "__main__":
    main()
