#!/usr/bin/env bash
# CI's mutation stage (.ci/run), in the active virtual environment, which has the test extra:
# 1. 8 mutants of the C++ core drawn with a fixed seed (tools/mutation.py --ci); fails when
#    one of them survives and tools/mutation-equivalent.txt does not list it as equivalent.
#    Further arguments go to this run (--jobs 2, --json FILE).
# 2. tools/mutation.py --verify-equivalents on 4 of the listed equivalent mutants, drawn with
#    a seed taken from the commit, so that each commit checks others: fails when an entry is
#    stale (every entry is checked for that) or one of the 4 is killed by the C++ tests or its
#    game's Python tests, or does not compile.
set -euo pipefail
cd "$(dirname "$0")/.."
# The mutants' editable builds are --no-build-isolation: the build requirements come from
# this environment (CONTRIBUTING.md, "Editable install").
python -m pip install -q "scikit-build-core>=0.10" "pybind11>=2.13" cmake ninja
# CARDCORE_SUITE_SECONDS: set by .ci/run, whose first stage has just passed the Python tests
# in that many seconds (its pip install included); then the unmutated copy runs only the C++
# tests, and a mutant's Python tests over three times that are a hang.
python tools/mutation.py --ci ${CARDCORE_SUITE_SECONDS:+--suite-seconds "$CARDCORE_SUITE_SECONDS"} "$@"
seed=$((16#$(git rev-parse HEAD | cut -c1-8)))
python tools/mutation.py --verify-equivalents --sample 4 --seed "$seed"
