#!/usr/bin/env bash
# The lowest versions pyproject.toml allows, tested: a fresh virtualenv of the oldest
# supported Python (PYTHON, default python3.10) with every dependency of [project], of
# every extra and of the build pinned to its lower bound (">=x" becomes "==x", markers
# kept; wheels only), cardcore built from this checkout against them, and the tests of what
# the dependencies are for: the arrays (NumPy), the adapters and the vector environments'
# wrapper (the rl extra), executors and plots (dask, plot), the documentation site (docs)
# and the examples. The quality checks (mypy, ruff) are left out: what mypy finds depends
# on NumPy's stubs, which before NumPy 2 lack names the generated stubs use. A bound that
# fails to install or to work fails here: raise it in pyproject.toml. Arguments replace
# the tests' paths.
# Needs: the Python to test, python3 3.11+ (tomllib reads pyproject.toml), a C++20 compiler.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-}"
if [[ -z "$python" ]]; then  # python3.10 on PATH, else pyenv's
  for candidate in python3.10 "$(pyenv root 2>/dev/null)"/versions/3.10*/bin/python3.10; do
    if "$candidate" -c "" 2>/dev/null; then python="$candidate" && break; fi
  done
fi
[[ -n "$python" ]] || { echo "no Python 3.10 found: set PYTHON" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$repo/pyproject.toml" >"$work/lowest.txt" <<'PY'
import re
import sys
import tomllib

with open(sys.argv[1], "rb") as file:
    project = tomllib.load(file)
requirements = [*project["build-system"]["requires"], *project["project"]["dependencies"]]
for extra in project["project"]["optional-dependencies"].values():
    requirements += extra
pins: dict[str, str] = {}
for requirement in requirements:
    spec, _, marker = requirement.partition(";")
    name, versions = re.fullmatch(r"\s*([\w.\-]+(?:\[[\w,]+\])?)\s*(.*?)\s*", spec).groups()
    lowest = re.search(r"(?:>=|==)\s*([\w.]+)", versions)
    if lowest is None:
        sys.exit(f"pyproject.toml: {requirement!r} has no lower bound")
    pins[name] = f"{name}=={lowest[1]}" + (f"; {marker.strip()}" if marker else "")
print("\n".join(pins.values()))
PY
echo "== the lowest allowed versions:"
cat "$work/lowest.txt"

"$python" -m venv "$work/venv"
# shellcheck disable=SC1091
source "$work/venv/bin/activate"
pip install --quiet --upgrade pip
pip install --quiet --only-binary :all: -r "$work/lowest.txt" cmake ninja
pip install --quiet --no-build-isolation --no-deps -Cbuild-dir=build/lowest-deps "$repo"
pip check
pip list

cd "$repo"
tests=(tests/test_batch.py tests/test_cards.py tests/test_vector.py tests/test_simulate.py
       tests/test_streaming.py tests/test_spec.py tests/test_docs.py tests/test_doctests.py
       tests/adapters)
python -m pytest -q -n 2 "${@:-${tests[@]}}"
