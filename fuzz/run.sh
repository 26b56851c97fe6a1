#!/usr/bin/env bash
# Runs the atheris fuzz harnesses of fuzz/ (cards, deserialize, actions, batch, vector).
#
#   fuzz/run.sh <harness> <duration> [libFuzzer options]   duration: 30s, 20m, or a run count
#   fuzz/run.sh ci [seconds]       every harness for 25 s (or the given seconds), a core each
#   fuzz/run.sh merge <harness>    minimizes what the runs found into fuzz/corpus/<harness>
#
# With clang++ (Debian: apt-get install clang libclang-rt-14-dev), the harnesses run in
# build/fuzz/venv against a _core built with CARDCORE_FUZZ: libFuzzer sees the coverage of
# the C++ and AddressSanitizer checks it. Without clang they run in the current python
# (atheris installed if missing), with coverage of the Python layer only; so do they with
# CARDCORE_FUZZ_NATIVE=0.
# A finding (an exception other than ValueError/TypeError/IndexError with a message, a
# failed check, a crash, a sanitizer report, a timeout) stops the run with a non-zero exit
# and leaves its input in build/fuzz/artifacts/<harness>/.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$root/build/fuzz"
harnesses=(cards deserialize actions batch vector)

# Builds (when the sources changed) the instrumented package in its own venv, and the ASan
# runtime with libFuzzer linked in that must be preloaded: libFuzzer's coverage hooks have
# to win over the weak ones of a plain ASan runtime.
setup_native() {
  local rt stamp
  rt="$(clang++ -print-resource-dir)/lib/linux"
  mkdir -p "$work"
  if [[ ! -f "$work/asan_with_fuzzer.so" ]]; then
    cp "$rt/libclang_rt.asan-x86_64.a" "$work/asan.a"
    ar d "$work/asan.a" asan_preinit.cpp.o  # .preinit_array is not allowed in a shared object
    clang++ -shared -o "$work/asan_with_fuzzer.so" -Wl,--whole-archive \
      "$rt/libclang_rt.fuzzer_no_main-x86_64.a" "$work/asan.a" "$rt/libclang_rt.asan_cxx-x86_64.a" \
      -Wl,--no-whole-archive -lpthread -ldl -lrt
    rm "$work/asan.a"
  fi
  if [[ ! -x "$work/venv/bin/python" ]]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q atheris numpy pytest
  fi
  stamp="$work/installed.stamp"
  if [[ ! -f "$stamp" ]] || [[ -n "$(find cpp python CMakeLists.txt pyproject.toml -newer "$stamp" | head -1)" ]]; then
    CC=clang CXX=clang++ "$work/venv/bin/pip" install -q --force-reinstall --no-deps . \
      -Ccmake.define.CARDCORE_FUZZ=ON -Ccmake.build-type=RelWithDebInfo -Cbuild-dir=build/fuzz/cmake
    touch "$stamp"
  fi
  python="$work/venv/bin/python"
  export PATH="$work/venv/bin:$PATH"  # libFuzzer's -merge runs the harness by its #! line
  export LD_PRELOAD="$work/asan_with_fuzzer.so"
  export PYTHONMALLOC=malloc
  # CPython's own leaks at exit are tools/sanitize.sh's business (with suppressions).
  export ASAN_OPTIONS=detect_leaks=0
}

setup_python() {
  echo "fuzz/run.sh: no clang++, fuzzing with coverage of the Python layer only" >&2
  python="$(command -v python3)"
  "$python" -c "import atheris" 2>/dev/null || "$python" -m pip install -q atheris
}

# run <harness> <duration> [options]: one fuzzing session over the committed corpus and
# what earlier runs found.
run() {
  local harness="$1" duration="$2" limit
  shift 2
  case "$duration" in
    *s) limit=(-max_total_time="${duration%s}") ;;
    *m) limit=(-max_total_time="$((${duration%m} * 60))") ;;
    *) limit=(-runs="$duration") ;;
  esac
  local dict=()
  [[ -f "fuzz/$harness.dict" ]] && dict=(-dict="fuzz/$harness.dict")
  mkdir -p "$work/corpus/$harness" "$work/artifacts/$harness" "fuzz/corpus/$harness"
  echo "== fuzz $harness ($duration)" >&2
  "$python" "fuzz/$harness.py" "$work/corpus/$harness" "fuzz/corpus/$harness" "${limit[@]}" \
    "${dict[@]}" -timeout=30 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$harness/" "$@"
}

case "${1:-}" in
  ci | merge | cards | deserialize | actions | batch | vector) ;;
  *) sed -n '2,6p' "$0" >&2; exit 2 ;;
esac
if [[ "${CARDCORE_FUZZ_NATIVE:-1}" == 1 ]] && command -v clang++ >/dev/null; then
  mkdir -p "$work"
  exec 9>"$work/setup.lock"
  flock 9  # harnesses started together build once
  setup_native
  flock -u 9
else
  setup_python
fi

case "${1:-}" in
  ci)
    # A fixed seed: CI's short runs repeat, and long runs (random seeds) find the new bugs.
    # The harnesses run side by side, one a core; each one's output is printed as it ends,
    # and the run fails if any of them found something.
    mkdir -p "$work"
    failed=()
    finish() {  # waits for the harness started first of those still running
      local harness="${running[0]}"
      running=("${running[@]:1}")
      wait "${pids[$harness]}" || failed+=("$harness")
      cat "$work/ci.$harness.log"
    }
    declare -A pids
    running=()
    for harness in "${harnesses[@]}"; do
      (( ${#running[@]} < $(nproc) )) || finish
      run "$harness" "${2:-25}s" -seed=1 > "$work/ci.$harness.log" 2>&1 &
      pids[$harness]=$!
      running+=("$harness")
    done
    while (( ${#running[@]} > 0 )); do finish; done
    if (( ${#failed[@]} > 0 )); then
      echo "fuzz/run.sh: a finding in ${failed[*]} (see above)" >&2
      exit 1
    fi ;;
  merge)
    # Keeps a minimal set of inputs with the coverage of the committed corpus and the runs.
    harness="$2"
    rm -rf "fuzz/corpus/$harness.new"
    mkdir -p "fuzz/corpus/$harness.new" "$work/corpus/$harness"
    "$python" "fuzz/$harness.py" -merge=1 "fuzz/corpus/$harness.new" "fuzz/corpus/$harness" \
      "$work/corpus/$harness"
    if [[ -z "$(ls -A "fuzz/corpus/$harness.new")" ]]; then
      echo "fuzz/run.sh: the merge kept nothing; fuzz/corpus/$harness left as it was" >&2
      exit 1
    fi
    rm -rf "fuzz/corpus/$harness"
    mv "fuzz/corpus/$harness.new" "fuzz/corpus/$harness" ;;
  *)
    run "$@" ;;
esac
