"""The convergence plot of docs/solve.md: the exploitability of the average policy of each
algorithm on Leduc poker, against iterations and against seconds, on log scales.

    python tools/solve_convergence.py [--seconds 3] [--out docs/_static/solve_convergence.svg]

The figures come from ``bench_solve --convergence`` (bench/solve_native.cpp, built when
missing): each algorithm on one thread for ``--seconds`` seconds of iterating, measured at
iteration counts 5% apart (the seconds count the iterating only). The SVG is drawn with
matplotlib when it is installed, and written directly otherwise.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from solve import native  # noqa: E402  (bench/solve.py)

COLORS = {"cfr": "#1f77b4", "cfr+": "#d62728", "dcfr": "#2ca02c", "linear": "#9467bd"}
TITLES = ("iterations", "seconds (one thread)")


def with_matplotlib(curves: dict[str, list[list[float]]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "cardcore"  # the same file for the same figures
    plt.rcParams["svg.fonttype"] = "none"  # text as text, not as paths
    figure, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for column, (ax, title) in enumerate(zip(axes, TITLES, strict=True)):
        for name, points in curves.items():
            ax.loglog(
                [p[column] for p in points], [p[2] for p in points], label=name, color=COLORS[name]
            )
        ax.set_xlabel(title)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("exploitability")
    axes[0].legend()
    figure.suptitle("Leduc poker: exploitability of the average policy")
    figure.tight_layout()
    figure.savefig(out, format="svg", metadata={"Date": None})


def directly(curves: dict[str, list[list[float]]], out: Path) -> None:
    """The same two log-log panels as plain SVG (without ticks beyond the decades)."""
    width, height, margin = 460, 320, 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" height="{height}" '
        'font-family="sans-serif" font-size="12">'
    ]
    ys = [p[2] for points in curves.values() for p in points if p[2] > 0]
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    for column, title in enumerate(TITLES):
        xs = [p[column] for points in curves.values() for p in points if p[column] > 0]
        x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
        left = column * width + margin

        def at(x: float, y: float, x0: int = x0, x1: int = x1, left: int = left) -> str:
            px = left + (math.log10(x) - x0) / (x1 - x0) * (width - margin - 20)
            py = height - margin - (math.log10(y) - y0) / (y1 - y0) * (height - margin - 30)
            return f"{px:.1f},{py:.1f}"

        for d in range(x0, x1 + 1):
            parts.append(
                f'<text x="{at(10.0**d, 10.0**y0).split(",")[0]}" y="{height - margin + 16}" '
                f'text-anchor="middle">1e{d}</text>'
            )
        for d in range(y0, y1 + 1):
            px, py = at(10.0**x0, 10.0**d).split(",")
            parts.append(f'<text x="{float(px) - 6}" y="{py}" text-anchor="end">1e{d}</text>')
        parts.append(
            f'<polyline fill="none" stroke="black" points="{at(10.0**x0, 10.0**y1)} '
            f'{at(10.0**x0, 10.0**y0)} {at(10.0**x1, 10.0**y0)}"/>'
        )
        parts.append(
            f'<text x="{left + (width - margin) / 2}" y="{height - 20}" '
            f'text-anchor="middle">{title}</text>'
        )
        for row, (name, points) in enumerate(curves.items()):
            line = " ".join(at(p[column], p[2]) for p in points if p[column] > 0 and p[2] > 0)
            parts.append(f'<polyline fill="none" stroke="{COLORS[name]}" points="{line}"/>')
            parts.append(
                f'<text x="{left + width - margin - 60}" y="{30 + 16 * row}" '
                f'fill="{COLORS[name]}">{name}</text>'
            )
    parts.append("</svg>")
    out.write_text("\n".join(parts) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "docs" / "_static" / "solve_convergence.svg"
    )
    args = parser.parse_args()
    result: dict[str, Any] = native("--convergence", str(args.seconds))
    curves = result["curves"]
    try:
        with_matplotlib(curves, args.out)
    except ImportError:
        directly(curves, args.out)
    for name, points in curves.items():
        iterations, seconds, exploitability = points[-1]
        print(f"{name}: {exploitability:.2e} after {iterations:,.0f} iterations ({seconds:.2f} s)")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
