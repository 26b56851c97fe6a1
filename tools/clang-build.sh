#!/usr/bin/env bash
# The C++ core, its tests and the Python bindings compiled by clang, unoptimized, and the
# C++ tests run. The release builds, the mutation build and the sanitizers use GCC, while
# macOS (Apple clang) and clang users compile the sdist: what only GCC accepts fails here.
# The compiler is $CXX (default clang++-14, Debian's: the oldest clang cardcore supports).
# CI runs it (.ci/run): about a minute on the 2-core machine.
#
#   tools/clang-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cxx="${CXX:-clang++-14}"
build="build/clang-${cxx##*/}"
python3 -c "import pybind11" 2>/dev/null || python3 -m pip install -q "pybind11>=3"
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DCARDCORE_BUILD_TESTS=ON -DCARDCORE_BUILD_PYTHON=ON \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" -DPython_EXECUTABLE="$(command -v python3)" \
  >/dev/null
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure --no-tests=error -j "$(nproc)"
