#!/usr/bin/env bash
# ThreadSanitizer over what runs on several threads: the C++ thread tests, then the Python
# tests of threads (tests/test_threads.py, tests/test_long_calls.py, and the searches,
# vector environments, batch calls and simulations that take `threads`) against cardcore
# built with CARDCORE_TSAN in a fresh virtualenv. CPython itself is not instrumented: the
# GIL is a pthread mutex and condition variable, which TSan intercepts, so what the GIL
# orders is seen as ordered; the interpreter's own accesses are not checked. Any report
# fails the run.
#
#   tools/tsan.sh [pytest arguments]
#   tools/tsan.sh --cpp-only     the C++ thread tests alone (CI's stage: a minute or two)
set -euo pipefail
cd "$(dirname "$0")/.."
cxx="${CXX:-c++}"
flags="-O1 -g1 -DNDEBUG"
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

tests_build="build/tsan-tests-${cxx##*/}"
cmake -S . -B "$tests_build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCARDCORE_TSAN=ON -DCARDCORE_BUILD_TESTS=ON >/dev/null
cmake --build "$tests_build" --target test_threads -j "$(nproc)"
TSAN_OPTIONS="halt_on_error=1" "$tests_build/test_threads"
if [[ "${1:-}" == --cpp-only ]]; then
  echo "tools/tsan.sh: no ThreadSanitizer report in the C++ thread tests"
  exit 0
fi

work="$(mktemp -d)"
python3 -m venv "$work/venv"
# shellcheck disable=SC1091
source "$work/venv/bin/activate"
pip install -q ".[test]" -Ccmake.define.CARDCORE_TSAN=ON -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" -Ccmake.define.CMAKE_CXX_COMPILER="$cxx" \
  -Cbuild-dir="build/tsan-${cxx##*/}"
# The extension is instrumented but python is not: the runtime must be loaded first. A
# report goes to a file (pytest's workers would drop stderr) and fails the run below.
LD_PRELOAD="$("$cxx" -print-file-name=libtsan.so)"
export LD_PRELOAD
export TSAN_OPTIONS="log_path=$work/report:exitcode=0"

# First, that the check checks: the module is instrumented, and a race made on purpose (a
# throwaway program, two threads writing one int) is reported into the same files.
module="$(python -c 'import cardcore._core as m; print(m.__file__)')"
nm -D --undefined-only "$module" | grep -q __tsan_write || {
  echo "tools/tsan.sh: $module has no __tsan_write: not instrumented" >&2; exit 1; }
printf '#include <thread>\nint shared;\nint main() { std::thread a([] { shared = 1; }), b([] { shared = 2; }); a.join(); b.join(); }\n' \
  >"$work/race.cpp"
env -u LD_PRELOAD "$cxx" -fsanitize=thread -g -o "$work/race" "$work/race.cpp"
"$work/race"
if ! grep -qs "data race" "$work"/report*; then
  echo "tools/tsan.sh: the deliberate race was not reported" >&2
  exit 1
fi
rm -f "$work"/report*
pytest -p no:cacheprovider -q -n 0 tests/test_threads.py tests/test_long_calls.py \
  tests/test_search.py tests/test_vector.py tests/test_batch.py \
  -k "thread or wait or interrupt or parallel or async or part" "$@"
if compgen -G "$work/report*" >/dev/null; then
  head -c 20000 "$work"/report*
  echo "tools/tsan.sh: ThreadSanitizer reports above" >&2
  exit 1
fi
echo "tools/tsan.sh: no ThreadSanitizer report"
