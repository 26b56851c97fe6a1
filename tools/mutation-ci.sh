#!/usr/bin/env bash
# CI's mutation sample (.ci/run): 8 mutants of the C++ core drawn with a fixed seed
# (tools/mutation.py --ci), tested in the active virtual environment, which has the test
# extra. Fails when one of them survives and tools/mutation-equivalent.txt does not list it
# as equivalent. Further arguments go to tools/mutation.py (--jobs 2, --json FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
# The mutants' editable builds are --no-build-isolation: the build requirements come from
# this environment (CONTRIBUTING.md, "Editable install").
python -m pip install -q "scikit-build-core>=0.10" "pybind11>=2.13" cmake ninja
python tools/mutation.py --ci "$@"
