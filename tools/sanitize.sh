#!/usr/bin/env bash
# The test suite against cardcore built with AddressSanitizer (leak checking included) and
# UndefinedBehaviorSanitizer (CMake option CARDCORE_SANITIZE), in a fresh virtualenv. Any
# sanitizer report fails the run.
#
#   tools/sanitize.sh [pytest arguments]
#
# The compiler is $CXX (default c++: GCC here; CXX=clang++ builds faster). The build goes to
# build/asan-<compiler>, so a second run only recompiles what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
cxx="${CXX:-c++}"
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
# shellcheck disable=SC1091
source "$venv/bin/activate"
pip install ".[test]" -Ccmake.define.CARDCORE_SANITIZE=ON -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.CMAKE_CXX_COMPILER="$cxx" -Cbuild-dir="build/asan-${cxx##*/}"

# The extension is instrumented but python is not: the runtimes of the compiler that built
# it must be loaded first. Subprocesses of the tests (python -m cardcore ...) inherit all of
# this, and so are checked too.
if "$cxx" --version | grep -q clang; then
  LD_PRELOAD="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
else
  LD_PRELOAD="$("$cxx" -print-file-name=libasan.so):$("$cxx" -print-file-name=libubsan.so)"
fi
export LD_PRELOAD
export PYTHONMALLOC=malloc  # Python's objects through ASan's malloc too, not pymalloc's arenas
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The conformance suite's random games are many and ten times slower here: a tenth of them.
export CARDCORE_CONFORMANCE_GAMES="${CARDCORE_CONFORMANCE_GAMES:-150}"

# A report makes the process exit non-zero (LeakSanitizer at exit, the others at once),
# which fails pytest's run or the test whose subprocess it was. Left out: the tests that
# run other programs on the sources (ruff, mypy, pybind11-stubgen, cmake and the compiler):
# they check no cardcore code, and the preloaded runtime would leak-check those programs.
pytest -p no:cacheprovider --ignore=tests/test_quality.py --ignore=tests/test_stubs.py \
  --ignore=tests/test_cpp_package.py "$@"
