#!/usr/bin/env bash
# The C++ tests (cpp/tests) and then the whole test suite against cardcore built with
# AddressSanitizer (leak checking included) and UndefinedBehaviorSanitizer (CMake option
# CARDCORE_SANITIZE), the suite in a fresh virtualenv. Any sanitizer report in a C++ test,
# any memory error or undefined behaviour in a Python process, and any leak through
# cardcore's code fail the run (tools/sanitizer_reports.py). CI runs it (.ci/run).
#
#   tools/sanitize.sh [pytest arguments]
#
# The compiler is $CXX (default c++: GCC here; with clang the suite hangs, CONTRIBUTING.md
# says why). The build goes to build/asan-<compiler>, so a second run only recompiles what
# changed. It compiles at -O1 with line tables only (-g1), as the sanitizers' own
# documentation suggests: reports still name file and line, and GCC compiles the
# instrumented bindings in half the time it takes at RelWithDebInfo's -O2 -g.
set -euo pipefail
cd "$(dirname "$0")/.."
cxx="${CXX:-c++}"

# One instrumented build serves both parts: pip builds the extension and, in the same build
# directory, the C++ tests (CARDCORE_BUILD_TESTS), so the core library is compiled once. It
# is a unity build (CMAKE_UNITY_BUILD), but for the bindings (CMakeLists.txt says why). From
# scratch, this stage took 681 s with one build against 746 s with two (idle 2-core machine).
build="build/asan-${cxx##*/}"
check_flags="-O1 -g1 -DNDEBUG"
work="$(mktemp -d)"
venv="$work/venv"
reports="$work/reports"
mkdir -p "$reports"
python3 -m venv "$venv"
# shellcheck disable=SC1091
source "$venv/bin/activate"
pip install ".[test]" -Ccmake.define.CARDCORE_SANITIZE=ON -Ccmake.define.CARDCORE_BUILD_TESTS=ON \
  -Ccmake.define.CMAKE_UNITY_BUILD=ON \
  -Ccmake.build-type=RelWithDebInfo -Ccmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO="$check_flags" \
  -Ccmake.define.CMAKE_CXX_COMPILER="$cxx" -Cbuild-dir="$build"
grep -q __asan_report_load8 <(nm "$build/test_betting") || {
  echo "tools/sanitize.sh: $build/test_betting is not instrumented" >&2; exit 1; }

# The C++ tests, run by ctest. Nothing is preloaded here: the executables link their
# runtimes, which report to stderr (ctest shows it) and exit non-zero on a finding. The
# random engine games are fewer than in a plain build (CARDCORE_CPP_TEST_GAMES).
(
  cd "$build"
  export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
  export CARDCORE_CPP_TEST_GAMES="${CARDCORE_CPP_TEST_GAMES:-25}"
  ctest --output-on-failure --no-tests=error -j "$(nproc)"
)

# The extension is instrumented but python is not: the runtimes of the compiler that built
# it must be loaded first. Every process the tests start inherits all of this, so the
# `python -m cardcore` subprocesses are checked too; so are the other programs they start
# (bash, git, coreutils), which are not ours: their reports are left out below.
if "$cxx" --version | grep -q clang; then
  LD_PRELOAD="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
else
  LD_PRELOAD="$("$cxx" -print-file-name=libasan.so):$("$cxx" -print-file-name=libubsan.so)"
fi
export LD_PRELOAD
# Every report goes to a file named after its program and process (log_exe_name), not to
# stderr: pytest-xdist's workers would drop it, and an exit status is not enough (a worker's
# status is not checked; bash's leaks would fail every pipeline test). So a report does not
# change the exit status (exitcode=0): tools/sanitizer_reports.py reads the files at the end
# and decides. Python keeps its own allocator (pymalloc): PYTHONMALLOC=malloc made the suite
# four times slower, and Python objects' leaks are suppressed anyway (tools/lsan.supp).
# use_tls=0: GCC 12's LeakSanitizer crashes reading glibc 2.36's dynamic TLS; no cardcore
# memory is reachable only from thread-local storage, so no leak can hide there.
log="log_path=$reports/report:log_exe_name=1:exitcode=0"
# Stack use after return is checked by the C++ tests above, which run every engine natively;
# here it stays off: it makes every C++ exception (each refused action, each bad input of
# the catalogue) about 15 times dearer, and the suite 13 times slower (the Buh conformance
# tests: 799 s with it, 60 s without).
export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=0:check_initialization_order=1:strict_init_order=1:$log"
export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0:use_tls=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:$log"
# The conformance suite's random games are many and slower here: a tenth of them.
export CARDCORE_CONFORMANCE_GAMES="${CARDCORE_CONFORMANCE_GAMES:-150}"

# reports: reads the report files without the sanitizer runtime loaded into itself.
reports() { env -u LD_PRELOAD python3 tools/sanitizer_reports.py "$reports"; }

# First, that the checks check: the module is instrumented, and a leak and a heap overflow
# made on purpose (through ctypes, in throwaway processes) are both reported, the overflow
# as a finding.
module="$(python -c 'import cardcore._core as m; print(m.__file__)')"
for symbol in __asan_report_load8 __ubsan_handle_; do
  nm -D --undefined-only "$module" | grep -q "$symbol" || {
    echo "tools/sanitize.sh: $module has no $symbol: not instrumented" >&2; exit 1; }
done
python -c 'import ctypes; ctypes.CDLL(None).malloc(4321)'
python -c 'import ctypes; libc = ctypes.CDLL(None); libc.malloc.restype = ctypes.c_void_p
ctypes.memset(libc.malloc(8), 0, 9)'
if ! grep -qs "4321 byte(s) leaked" "$reports"/report.python* \
  || ! grep -qs "heap-buffer-overflow" "$reports"/report.python* || reports >/dev/null; then
  echo "tools/sanitize.sh: the deliberate leak and overflow were not both reported" >&2
  exit 1
fi
rm -f "$reports"/*

# Left out: the tests that run other programs on the sources (ruff, mypy, pybind11-stubgen,
# clang-format, cmake and the compiler), which check no cardcore code; the C++ tests ran
# above. Left out too: the comparisons with OpenSpiel's own CFR solvers and exploitability,
# whose time is OpenSpiel's allocations through the sanitizer's allocator (125 s here
# against 3 s in a plain run); what they call of cardcore, CFR on Leduc to its checkpoints
# and the exploitability of a policy given as a callable, other tests run here. The rest of
# the suite runs once.
status=0
pytest -p no:cacheprovider -n "${CARDCORE_SANITIZE_WORKERS:-auto}" \
  --ignore=tests/test_quality.py --ignore=tests/test_stubs.py \
  --ignore=tests/test_cpp_package.py --ignore=tests/test_cpp_tests.py \
  --ignore=tests/test_format.py --ignore=tests/test_installed.py \
  --deselect=tests/test_solve_openspiel.py::test_exploitability_agrees_with_openspiel \
  --deselect=tests/test_solve_openspiel.py::test_cfr_and_cfr_plus_agree_with_openspiel \
  "$@" || status=$?
reports || status=1
exit "$status"
