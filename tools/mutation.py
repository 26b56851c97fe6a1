"""Mutation testing of the C++ core: does the test suite notice when the code changes?

    python tools/mutation.py                          # every mutant of the default files
    python tools/mutation.py --files cpp/src/eval/hucklebuck.cpp
    python tools/mutation.py --sample 8 --seed 1      # 8 mutants drawn at random
    python tools/mutation.py --ci                     # CI's sample (--sample 8 --seed 23)
    python tools/mutation.py --per-file 20 --jobs 2   # 20 from each file: the score by file
    python tools/mutation.py --list                   # the mutants, without testing them
    python tools/mutation.py --retest score.json      # a --json run's survivors again
    python tools/mutation.py --per-file 20 --json score.json --resume  # go on where it stopped
    python tools/mutation.py --verify-equivalents --sample 4 --seed 7  # listed equivalents

Prints ``killed K of N (score S%)``, a table by file, and every surviving mutant with its
file, line and a unified diff. Exits 1 when a mutant survives that
tools/mutation-equivalent.txt does not list as equivalent, 0 otherwise.

**The mutants.** The files are ``cpp/src/games/`` and ``cpp/src/eval/`` and the shared
engine and betting headers (``DEFAULT_FILES``). The mutants come from universalmutator, a
maintained regular-expression mutation tool with C++ rules, on PyPI (pinned in the test
extra): it fits, and a generator of our own would be more code to get right and keep
right. It is used as its ``mutate FILE cpp --noCheck`` command uses it (the same rule files,
``RULES``, and string literals changed only as a whole), through the function the command
calls, which says which line each mutant changes (tests/test_mutation_tool.py checks that
both give the same mutants). Operators are swapped, constants changed, conditions negated or
made constant, statements turned into comments, ``else`` removed and so on; every mutant
changes one line. Lines that are comments, preprocessor lines or ``static_assert`` are left
alone (``SKIPPED_LINES``), and three kinds of mutant are dropped before any build: those that
change only a comment, and those that cannot compile because they bring in a name the file
does not contain (``uint64_t`` made ``uint0_t``) or unbalance its brackets.

**Testing one mutant.** Each job has its own copy of the checkout (the files git knows,
``git ls-files -co --exclude-standard``) under ``build/mutation/job<i>/src``, with its own
editable build (CONTRIBUTING's ``pip install --no-build-isolation -e .
-Cbuild-dir=build/editable``, with ``--no-deps``, the C++ tests switched on in the same
build directory and link-time optimization off, so that a mutant's relink takes a second)
into its own virtual environment ``build/mutation/job<i>/venv``. That environment has no
packages of its own but sees those of the Python running this tool (a path file), and
nothing else of it: an editable install of the checkout there does not redirect imports.
A mutant is written into the copy, then:

1. ``cmake --build`` of the editable build directory: a failure means the mutant did not
   compile; it is reported apart and not counted in N;
2. ``ctest``, the native C++ tests: a failure kills the mutant;
3. the ``pip install`` again (the build is up to date; it installs the module) and pytest
   with ``-x`` over the suite without the golden-output tests and the tests that check no
   behaviour of the C++ (``IGNORED_TESTS``): a failure kills the mutant. The test files of
   the mutant's game run first, then the others (``GAMES``): the verdict is the whole
   suite's, and a game's own tests usually kill its mutants in seconds.

A step that runs longer than three times its time on the unmutated tree (a minute at
least) kills the mutant too (a hang: a loop whose step a mutant undid never ends). The file
is restored afterwards and checked byte for byte; every run also brings each copy back in
line with the checkout first. Before any mutant, the unmutated copy goes through the same
steps and the run stops if they fail; with ``--suite-seconds S`` (CI, whose first stage has
just passed the Python tests in S seconds) it goes through the C++ tests and one quick
Python test file alone (``SMOKE_TESTS``: the copy's tests run at all), and the Python
tests' hang limit is three times S.

**Stopping and resuming.** With ``--json FILE`` the results so far are written after
every mutant; ``--resume`` takes the results that FILE holds instead of testing those
mutants again (each found by its file, line and lines' text: a result is never taken for
another line with the same text), so that a stopped run goes on where it stopped, or a
larger ``--per-file`` with the same seed adds to a smaller one's.
With ``ccache`` on the PATH the jobs' builds compile through it: the file restored after a
mutant then rebuilds from the cache, where a header's mutant would cost two full rebuilds.

**Sampling.** ``--sample N --seed S`` orders the mutants by a hash of the seed and each
mutant's file and lines' text (``sample_order``) and tests them in that order until N of
them have compiled: the result is the same with any number of jobs, and an edit of the
code changes the sample only where it adds a mutant that comes first or removes one drawn.
``--per-file N`` does the same for every file at once (the first N of each file, in the
shuffled order, that compile): the score of each file from a few hundred mutants, where the
default files hold tens of thousands.

**Testing survivors again.** ``--retest FILE`` reads the results of an earlier run written
with ``--json`` and tests again only its survivors that tools/mutation-equivalent.txt does
not list, each on its line now: its own line if that still has its text, or else the one
line within ``NEARBY`` lines of it that has (the file was edited above it); with no such
line or several, the mutant is stale, gone, and dropped from the results. After tests were
added for them, the report is that of the whole earlier run with the new verdicts
(``--json`` writes it again).

**Equivalent mutants** (no input through the code's public interface, an installed
header's own API included, can tell them from the original, so no test can kill them) are
listed in tools/mutation-equivalent.txt, one a line::

    cpp/src/eval/buh.cpp | 90 | if (a < b) return b; ==> if (a <= b) return b; | a == b: same

the file, the line's number, the original line and the mutated line (whitespace runs count
as one space), and a reason, which must not contain `` | ``. An entry covers that mutant of
that line only. One whose line no longer holds its text (the file was edited above it, or
the line itself) or whose mutant no rule makes any more is stale: it excuses nothing, and
every run warns of it, naming the line its text moved to if there is one. For each
surviving mutant the report prints its entry, to be completed with a reason.

**Verifying equivalents.** ``--verify-equivalents`` checks every entry for staleness (no
build) and fails on a stale one; then it tests the entries (``--sample N --seed S``: N of
them, drawn as mutants are) with the C++ tests and the Python tests of their file's game
(``first_tests``: the quickest of the run's tests that know the code), and fails when one
is killed (the entry is wrong: remove it and keep the test) or does not compile.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import hashlib
import importlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EQUIVALENT_FILE = REPO / "tools" / "mutation-equivalent.txt"
WORK_DIR = REPO / "build" / "mutation"
CCACHE = shutil.which("ccache") is not None  # the jobs' builds compile through it if found

# The evaluators, the engines, the shared engine and betting code, and the bit tricks. Of the
# shared headers, protocol.hpp (a concept checked at compile time), registry.hpp (the list of
# games) and draw.hpp (declarations only) are left out: a mutant there either does not
# compile or changes nothing.
DEFAULT_FILES = (
    "cpp/src/games/**/*.cpp",
    "cpp/src/eval/*.cpp",
    "cpp/include/cardcore/games/engine.hpp",
    "cpp/include/cardcore/games/history.hpp",
    "cpp/include/cardcore/games/serialize.hpp",
    "cpp/include/cardcore/games/resample.hpp",
    "cpp/include/cardcore/core/bits.hpp",
    "cpp/include/cardcore/games/betting.hpp",
    "cpp/include/cardcore/games/rollout.hpp",
    "cpp/include/cardcore/games/spec.hpp",
)
# The rule files of universalmutator's `mutate FILE cpp`, in its order.
RULES = ("universal.rules", "cpp.rules", "c_like.rules")
SKIPPED_LINES = (r"^\s*//", r"^\s*#", r"\bstatic_assert\b")
# A step that takes this many times its time on the unmutated tree is a hang. The jobs share
# the cores the same way for every mutant, so a mutant that only slows the tests down stays
# well inside it; a longer wait costs the whole wait for every hang.
HANG_FACTOR = 3
CI_SAMPLE = 8
CI_SEED = 23
# How far (in lines) a line that moved is followed by --retest (see `follow`).
NEARBY = 100

# Left out of the Python suite. The golden-output tests fail at any change of behaviour,
# whatever it is, so they would kill every mutant that the real tests miss; the others
# check no behaviour of the C++ code, or ran already.
# What the unmutated copy runs of the Python tests when the caller gives their time
# (--suite-seconds): a quick file that calls the compiled module.
SMOKE_TESTS = ("tests/test_cards.py",)
IGNORED_TESTS = {
    "tests/games/test_playthroughs.py": "golden playthroughs (tests/data)",
    "tests/test_doctests.py": "examples that print seeded games and simulation averages",
    "tests/test_cpp_tests.py": "the C++ tests, which ctest has run",
    "tests/test_cpp_package.py": "builds and installs the C++ package",
    "tests/test_quality.py": "mypy and ruff",
    "tests/test_stubs.py": "the stubs of the bindings",
    "tests/test_format.py": "clang-format",
    "tests/test_docs.py": "the documentation build",
    "tests/test_installed.py": "what installation ships",
    "tests/reference/test_oracles.py": "the pure-Python oracles against the rules' vectors",
    "tests/test_sanitizer_reports.py": "a CI script",
    "tests/test_mutation_tool.py": "this tool",
}

# A mutant's Python tests start with the test files of its game (their names hold the game's:
# tests/test_badugi.py, tests/games/test_badugi_engine.py, ...), or for the shared code with
# the conformance and resampling suites, and go on with the rest when those pass: the same
# verdict as the whole suite's, sooner for the mutants that the game's own tests kill.
GAMES = tuple(sorted(path.name for path in (REPO / "cpp" / "src" / "games").iterdir()
                     if path.is_dir()))  # a game's engine is cpp/src/games/<name>/
SHARED_FIRST = ("tests/games/test_conformance.py", "tests/games/test_resampling.py")

KILLED = "killed"
SURVIVED = "survived"
NO_COMPILE = "no-compile"
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
LITERAL = re.compile(r""""(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'""")


class ToolError(Exception):
    """The run cannot go on (a broken setup, a failing unmutated tree): exit status 2."""


def squash(text: str) -> str:
    """The text with every run of whitespace made one space, and none at either end."""
    return " ".join(text.split())


def code_of(text: str) -> str:
    """C++ text without its comments, squashed. `//` and `/*` inside string and character
    literals are not comments; a `'` after a digit or letter is a digit separator (1'000),
    not a literal."""
    kept: list[str] = []
    for line in text.split("\n"):
        quote = ""
        i = 0
        while i < len(line):
            char = line[i]
            if quote:
                kept.append(line[i:i + 2] if char == "\\" else char)
                i += 2 if char == "\\" else 1
                if char == quote:
                    quote = ""
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                end = line.find("*/", i + 2)
                if end < 0:
                    break
                kept.append(" ")
                i = end + 2
                continue
            if char == '"' or (char == "'" and not (i and line[i - 1].isalnum())):
                quote = char
            kept.append(char)
            i += 1
        kept.append(" ")
    return squash("".join(kept))


Key = tuple[str, int, str, str]  # file, line, original and mutated line (squashed)


@dataclass(frozen=True, order=True)
class Mutant:
    """One line of a file replaced: `line` is 1-based, `original` the line without its
    newline, `replacement` what stands there instead (a newline in it adds a line)."""

    file: str
    line: int
    original: str
    replacement: str

    @property
    def key(self) -> Key:
        """What identifies the mutant: its file, its line and both lines' text. Two mutants
        with the same text on different lines are different mutants."""
        return (self.file, self.line, squash(self.original), squash(self.replacement))

    def apply(self, text: str) -> str:
        lines = text.splitlines(keepends=True)
        ending = lines[self.line - 1][len(lines[self.line - 1].rstrip("\r\n")):]
        lines[self.line - 1] = self.replacement + ending
        return "".join(lines)

    def diff(self, text: str) -> str:
        """A unified diff of the mutant against the file's text, two lines of context."""
        before = text.splitlines(keepends=True)
        after = self.apply(text).splitlines(keepends=True)
        return "".join(difflib.unified_diff(before, after, f"a/{self.file}", f"b/{self.file}",
                                            n=2))

    def entry(self) -> str:
        """The mutant's line for tools/mutation-equivalent.txt, less the reason."""
        _, line, original, replacement = self.key
        return f"{self.file} | {line} | {original} ==> {replacement} | "


def generate(file: str, text: str) -> list[Mutant]:
    """The mutants of one file (`file` its path from the repository root), in
    universalmutator's order: by line, then by rule."""
    mutator = importlib.import_module("universalmutator.mutator")
    source = text.splitlines(keepends=True)
    with contextlib.redirect_stdout(io.StringIO()):  # it reports its rules on stdout
        raw = mutator.mutants_regexp(source, ruleFiles=list(RULES),
                                     ignorePatterns=list(SKIPPED_LINES), ignoreStringOnly=True)
        rules, _, _ = mutator.parseRules(list(RULES))
    # The names in the file and those the rules write (break, none_of, max, ...).
    known = set(IDENTIFIER.findall(text))
    for (_, rhs), _ in rules:
        known.update(IDENTIFIER.findall(re.sub(r"\\(g<\w+>|.)", "", rhs)))
    mutants = []
    for line, replacement, *_ in raw:
        original = source[line - 1].rstrip("\r\n")
        replacement = replacement.rstrip("\r\n")
        code, was = code_of(replacement), code_of(original)
        if (code == was or not set(IDENTIFIER.findall(code)) <= known
                or brackets(code) != brackets(was)):
            continue
        mutants.append(Mutant(file, line, original, replacement))
    return mutants


def brackets(code: str) -> tuple[int, int, int]:
    """How many more (, [ and { than ), ] and } the code has, outside literals. A mutant that
    changes it leaves the file unbalanced: it cannot compile."""
    bare = LITERAL.sub("", code)
    return (bare.count("(") - bare.count(")"), bare.count("[") - bare.count("]"),
            bare.count("{") - bare.count("}"))


@dataclass(frozen=True)
class Equivalent:
    """An entry of tools/mutation-equivalent.txt; `where` is its file and line there."""

    file: str
    line: int
    original: str
    replacement: str
    reason: str
    where: str

    @property
    def key(self) -> Key:
        return (self.file, self.line, squash(self.original), squash(self.replacement))


def parse_equivalents(text: str, name: str = "tools/mutation-equivalent.txt"
                      ) -> dict[Key, Equivalent]:
    """The entries of an equivalent-mutant list by key. Blank lines and lines starting with
    `#` are skipped; a malformed or repeated entry is a ValueError naming its line."""
    entries: dict[Key, Equivalent] = {}
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        # The file has no " | " and the reason none either; the code between may have some.
        file, _, rest = line.partition(" | ")
        at, _, rest = rest.partition(" | ")
        body, _, reason = rest.rpartition(" | ")
        lines = body.split(" ==> ")
        if (not body or len(lines) != 2 or not file.strip() or not reason.strip()
                or not at.strip().isdigit() or int(at) < 1):
            raise ValueError(f"{where}: expected 'file | line | original line ==> mutated "
                             f"line | reason', got {line!r}")
        entry = Equivalent(file.strip(), int(at), lines[0], lines[1], reason.strip(), where)
        if entry.key in entries:
            raise ValueError(f"{where}: the same mutant as {entries[entry.key].where}")
        entries[entry.key] = entry
    return entries


def target_files(patterns: Sequence[str]) -> list[str]:
    """The files (paths from the repository root) that the patterns name, sorted."""
    files: set[str] = set()
    for pattern in patterns:
        found = [path for path in REPO.glob(pattern) if path.is_file()]
        if not found:
            raise ToolError(f"no file matches {pattern!r} (paths are from {REPO})")
        files.update(path.relative_to(REPO).as_posix() for path in found)
    return sorted(files)


def sample_order(mutant: Mutant | Equivalent, seed: int) -> tuple[bytes, int]:
    """Where a mutant (or an equivalent entry) comes in a sample drawn with `seed`: a hash
    of the seed, its file and its lines' text (not the line's number), so that an edit
    elsewhere, which moves lines and adds or removes other mutants, leaves the order of the
    others alone; the line breaks a tie."""
    text = "\0".join((str(seed), mutant.file, squash(mutant.original),
                      squash(mutant.replacement)))
    return hashlib.sha256(text.encode()).digest(), mutant.line


def first_tests(file: str) -> list[str]:
    """The test files that run first for a mutant of `file` (see GAMES)."""
    path = Path(file)
    game = next((name for name in GAMES if name in (path.parent.name, path.stem)), None)
    if game is None:
        return list(SHARED_FIRST)
    named = re.compile(rf"^test_(?:\w+_)?{game}(?:_\w+)?$")
    tests = (test.relative_to(REPO).as_posix() for test in (REPO / "tests").rglob("test_*.py")
             if named.match(test.stem))
    return sorted(test for test in tests if test not in IGNORED_TESTS)


@dataclass
class Step:
    returncode: int | None  # None: timed out
    output: str
    seconds: float


@dataclass
class Outcome:
    """What building and testing a tree gave: KILLED, SURVIVED or NO_COMPILE; `by` says
    which tests killed it ("C++ tests", "Python tests", with " (timeout)" for a hang);
    `detail` the first failing test or compiler error that the output names."""

    status: str
    by: str = ""
    detail: str = ""
    ctest: Step | None = None
    pytest: Step | None = None


@dataclass
class Result:
    mutant: Mutant
    status: str
    by: str
    detail: str
    seconds: float


class Processes:
    """The running steps' process groups, so that an interrupted run can end them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: set[subprocess.Popen[str]] = set()
        self.stopped = False

    def run(self, command: Sequence[str | Path], cwd: Path, env: dict[str, str],
            timeout: float | None = None) -> Step:
        start = time.monotonic()
        with self.lock:
            if self.stopped:
                raise ToolError("interrupted")
            # A session of its own: a timeout ends the whole group (pytest-xdist's workers).
            process = subprocess.Popen([str(part) for part in command], cwd=cwd, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       text=True, errors="replace", start_new_session=True)
            self.running.add(process)
        try:
            output, _ = process.communicate(timeout=timeout)
            returncode: int | None = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            returncode = None
        finally:
            with self.lock:
                self.running.discard(process)
        return Step(returncode, output, time.monotonic() - start)

    def stop(self) -> None:
        with self.lock:
            self.stopped = True
            for process in self.running:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)


def checked(step: Step, what: str) -> Step:
    if step.returncode != 0:
        raise ToolError(f"{what} failed:\n{step.output[-6000:]}")
    return step


def first_match(pattern: str, output: str) -> str:
    found = re.search(pattern, output, re.MULTILINE)
    return next((group for group in found.groups() if group), "").strip() if found else ""


def killed(by: str, step: Step, failed: str) -> Outcome:
    """A kill by `by`, its detail the first failing test named by the pattern `failed`, or
    else the output's last line (a crash, an internal error)."""
    if step.returncode is None:
        return Outcome(KILLED, f"{by} (timeout)")
    last = next((line.strip() for line in reversed(step.output.splitlines()) if line.strip()), "")
    return Outcome(KILLED, by, first_match(failed, step.output) or last)


@dataclass
class Timeouts:
    ctest: float | None = None
    pytest: float | None = None


class Job:
    """A copy of the checkout with its own build and environment (see the module doc)."""

    def __init__(self, index: int, workers: int, processes: Processes,
                 whole_suite: bool = True) -> None:
        self.root = WORK_DIR / f"job{index}"
        self.whole_suite = whole_suite  # or else only the Python tests that run first
        self.src = self.root / "src"
        self.venv = self.root / "venv"
        self.python = self.venv / "bin" / "python"
        self.workers = workers
        self.processes = processes
        self.env = {key: value for key, value in os.environ.items()
                    if key not in ("PYTHONPATH", "PYTHONHOME")}
        self.env.update(VIRTUAL_ENV=str(self.venv),
                        PATH=f"{self.venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                        CMAKE_BUILD_PARALLEL_LEVEL=str(workers))

    def run(self, *command: str | Path, timeout: float | None = None) -> Step:
        return self.processes.run(command, self.src, self.env, timeout)

    def sync(self, files: Sequence[str]) -> None:
        """Makes the copy hold exactly the checkout's files, rewriting only those that differ
        (an unchanged file keeps its time, so builds stay incremental)."""
        wanted = set(files)
        for name in files:
            source, copy = REPO / name, self.src / name
            if not source.is_file():
                continue  # deleted in the work tree, not yet in git
            data = source.read_bytes()
            if not copy.is_file() or copy.read_bytes() != data:
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(data)
                copy.chmod(source.stat().st_mode)
        for directory, subdirectories, names in os.walk(self.src):
            here = Path(directory)
            if here == self.src:
                subdirectories[:] = [name for name in subdirectories if name != "build"]
            for name in names:
                if (here / name).relative_to(self.src).as_posix() not in wanted:
                    (here / name).unlink()

    def setup(self, files: Sequence[str]) -> None:
        """The copy, the environment and the editable build, checked to import from here."""
        self.sync(files)
        if not self.python.exists():
            checked(self.processes.run([sys.executable, "-m", "venv", "--without-pip",
                                        self.venv], REPO, self.env), "creating a venv")
        site = checked(self.run(self.python, "-c",
                                "import sysconfig; print(sysconfig.get_path('purelib'))"),
                       "the venv's python").output.strip()
        # Plain paths: the running Python's packages, without running its .pth files.
        paths = dict.fromkeys(sysconfig.get_path(name) for name in ("purelib", "platlib"))
        (Path(site) / "_mutation_parent.pth").write_text("".join(f"{p}\n" for p in paths))
        self.install()
        where = checked(self.run(self.python, "-c", "import cardcore, cardcore._core as core; "
                                 "print(cardcore.__file__); print(core.__file__)"),
                        "importing cardcore").output.split()
        if not all(Path(path).resolve().is_relative_to(self.root.resolve()) for path in where):
            raise ToolError(f"{self.python} imports cardcore from {where}, not from {self.root}")

    def install(self) -> Step:
        # With ccache, rebuilding a restored file after its mutant is a cache hit: a mutant
        # of a header otherwise costs two full rebuilds.
        launcher = ["-Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache"] if CCACHE else []
        # No link-time optimization (pybind11 adds it unless the project decides): the
        # module's link is then under a second, where with it every mutant paid a minute.
        return checked(self.run(self.python, "-m", "pip", "install", "--no-build-isolation",
                                "--no-deps", "-e", ".", "-Cbuild-dir=build/editable",
                                "-Ccmake.define.CARDCORE_BUILD_TESTS=ON",
                                "-Ccmake.define.CMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF",
                                *launcher),
                       f"the editable install in {self.src}")

    def test(self, timeouts: Timeouts, first: Sequence[str] = (), only: bool = False
             ) -> Outcome:
        """Builds the copy as it is and runs the C++ tests, then the Python tests (the files
        `first` before the others; without `whole_suite`, or with `only`, those files
        alone)."""
        built = self.run("cmake", "--build", "build/editable")
        if built.returncode != 0:
            error = first_match(r"^(.*\berror\b.*)$", built.output)
            return Outcome(NO_COMPILE, detail=error.replace(f"{self.src}/", ""))
        ctest = self.run("ctest", "--test-dir", "build/editable", "--output-on-failure",
                         "--no-tests=error", "--stop-on-failure", "-j", str(self.workers),
                         timeout=timeouts.ctest)
        if ctest.returncode != 0:
            return killed("C++ tests", ctest, r"^\s*\d+ - (\S+) \(")
        self.install()
        workers = ["-n", str(self.workers) if self.workers > 1 else "0"]
        if self.workers > 1:
            # A mutant that crashes a worker ends the run (a kill): pytest-xdist replacing
            # the worker under -x can leave the controller and the new worker waiting on
            # each other for good (seen with a mutant of CI's sample).
            workers.append("--max-worker-restart=0")
        ignored = [f"--ignore={path}" for path in IGNORED_TESTS]
        command: list[str | Path] = [self.python, "-m", "pytest", "-x", "-q", "-p",
                                     "no:cacheprovider", *workers, *ignored]
        parts = [[*first], [f"--ignore={path}" for path in first]] if first else [[]]
        if first and (only or not self.whole_suite):
            parts = parts[:1]
        spent = 0.0
        for part in parts:
            pytest = self.run(*command, *part, timeout=timeouts.pytest)
            spent += pytest.seconds
            if pytest.returncode != 0:
                break
        pytest.seconds = spent
        if pytest.returncode != 0:
            outcome = killed("Python tests", pytest, r"^(?:FAILED|ERROR) (\S+)")
        else:
            outcome = Outcome(SURVIVED)
        outcome.ctest, outcome.pytest = ctest, pytest
        return outcome

    def try_mutant(self, mutant: Mutant, timeouts: Timeouts) -> Result:
        path = self.src / mutant.file
        original = path.read_bytes()
        start = time.monotonic()
        try:
            path.write_bytes(mutant.apply(original.decode()).encode())
            outcome = self.test(timeouts, first_tests(mutant.file))
        finally:
            path.write_bytes(original)
            if path.read_bytes() != original:
                raise ToolError(f"{path} was not restored")
        return Result(mutant, outcome.status, outcome.by, outcome.detail,
                      time.monotonic() - start)


class Schedule:
    """Hands out mutants in order to the jobs. With `wanted`, stops once that many have
    compiled: the first `wanted` mutants in order that compile, whatever the timing. With
    `per_file`, the same for each file: the first `wanted` of each file that compile."""

    def __init__(self, mutants: Sequence[Mutant], wanted: int | None,
                 per_file: bool = False,
                 known: dict[Key, Result] | None = None) -> None:
        self.mutants = mutants
        self.known = known or {}  # results of an earlier run (--resume): taken, not tested
        self.wanted = wanted
        self.group: Callable[[Mutant], str] = (lambda m: m.file) if per_file else (lambda m: "")
        self.results: dict[int, Result] = {}
        self.pending = list(range(len(mutants)))  # not yet taken, in order
        self.compiled: dict[str, int] = {}
        self.in_flight: dict[str, int] = {}
        self.error: BaseException | None = None
        self.condition = threading.Condition()

    def take(self) -> int | None:
        """The first pending mutant whose group may still need it, or None when none will."""
        with self.condition:
            while self.error is None:
                kept = []
                chosen = None
                for index in self.pending:
                    group = self.group(self.mutants[index])
                    compiled = self.compiled.get(group, 0)
                    busy = self.in_flight.get(group, 0)
                    if self.wanted is not None and compiled >= self.wanted:
                        continue  # its group is complete: never needed
                    if chosen is None and (self.wanted is None or compiled + busy < self.wanted):
                        chosen = index
                        continue
                    kept.append(index)
                self.pending = kept
                if chosen is not None:
                    group = self.group(self.mutants[chosen])
                    self.in_flight[group] = self.in_flight.get(group, 0) + 1
                    earlier = self.known.get(self.mutants[chosen].key)
                    if earlier is None:
                        return chosen
                    self.finish(chosen, replace(earlier, mutant=self.mutants[chosen]))
                    continue
                if not self.pending or not any(self.in_flight.values()):
                    return None
                self.condition.wait()  # what is in flight decides whether more are needed
            return None

    def finish(self, index: int, result: Result) -> None:
        with self.condition:
            group = self.group(self.mutants[index])
            self.in_flight[group] -= 1
            self.results[index] = result
            if result.status != NO_COMPILE:
                self.compiled[group] = self.compiled.get(group, 0) + 1
            self.condition.notify_all()

    def so_far(self) -> list[Result]:
        """The results so far, in the mutants' order."""
        with self.condition:
            return [self.results[index] for index in sorted(self.results)]

    def done(self) -> int:
        """How many mutants that compiled have been tested."""
        with self.condition:
            return sum(self.compiled.values())

    def fail(self, error: BaseException) -> None:
        with self.condition:
            self.error = error
            self.condition.notify_all()


def progress(result: Result, compiled: int, total: int) -> str:
    """A line of the running log: `[4/8] file:line killed by the C++ tests (30 s)`; a
    survivor's line shows its change."""
    what = {KILLED: f"killed by the {result.by}", SURVIVED: "survived",
            NO_COMPILE: "did not compile (not counted)"}[result.status]
    detail = f": {result.detail}" if result.detail else ""
    if result.status == SURVIVED:  # the change itself, to look at before the run ends
        detail += (f": {squash(result.mutant.original)} ==> "
                   f"{squash(result.mutant.replacement)}")
    return (f"[{compiled}/{total}] {result.mutant.file}:{result.mutant.line} {what}{detail} "
            f"({result.seconds:.0f} s)")


def run_mutants(jobs: Sequence[Job], mutants: Sequence[Mutant], wanted: int | None,
                timeouts: Timeouts, per_file: bool = False,
                known: dict[Key, Result] | None = None,
                save: Callable[[list[Result]], None] | None = None) -> list[Result]:
    """Tests the mutants (see Schedule) and returns their results in order; `save` gets the
    results so far after each mutant."""
    schedule = Schedule(mutants, wanted, per_file, known)
    if wanted is None:
        total = len(mutants)
    elif per_file:
        total = sum(min(wanted, count) for count in Counter(m.file for m in mutants).values())
    else:
        total = min(wanted, len(mutants))
    lock = threading.Lock()

    def work(job: Job) -> None:
        try:
            while (index := schedule.take()) is not None:
                result = job.try_mutant(mutants[index], timeouts)
                schedule.finish(index, result)
                with lock:
                    done = schedule.done() if wanted else len(schedule.results)
                    print(progress(result, done, total), flush=True)
                    if save is not None:
                        save(schedule.so_far())
        except BaseException as error:  # handed to the main thread, which raises it
            schedule.fail(error)

    threads = [threading.Thread(target=work, args=(job,), daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if schedule.error is not None:
        raise schedule.error
    return schedule.so_far()


@dataclass
class Row:
    mutants: int = 0
    killed: int = 0
    equivalent: int = 0
    no_compile: int = 0

    def score(self) -> str:
        counted = self.mutants - self.equivalent
        return f"{100 * self.killed / counted:.1f}%" if counted else "-"


@dataclass
class Report:
    results: list[Result]
    equivalents: dict[Key, Equivalent]
    rows: dict[str, Row] = field(default_factory=dict)
    survivors: list[Result] = field(default_factory=list)  # not listed as equivalent

    def __post_init__(self) -> None:
        for result in sorted(self.results, key=lambda r: r.mutant):
            row = self.rows.setdefault(result.mutant.file, Row())
            if result.status == NO_COMPILE:
                row.no_compile += 1
                continue
            row.mutants += 1
            if result.status == KILLED:
                row.killed += 1
            elif result.mutant.key in self.equivalents:
                row.equivalent += 1
            else:
                self.survivors.append(result)

    def total(self) -> Row:
        total = Row()
        for row in self.rows.values():
            total.mutants += row.mutants
            total.killed += row.killed
            total.equivalent += row.equivalent
            total.no_compile += row.no_compile
        return total

    def text(self, sources: dict[str, str]) -> str:
        total = self.total()
        lines = [f"killed {total.killed} of {total.mutants - total.equivalent} "
                 f"(score {total.score()})",
                 f"not counted: {total.equivalent} listed as equivalent "
                 f"({EQUIVALENT_FILE.relative_to(REPO)}), {total.no_compile} did not compile",
                 ""]
        width = max([len("file"), *map(len, self.rows)])
        lines.append(f"{'file':<{width}}  mutants  killed  survived  equivalent  no compile"
                     "   score")
        for file, row in sorted(self.rows.items()):
            survived = row.mutants - row.killed - row.equivalent
            lines.append(f"{file:<{width}}  {row.mutants:>7}  {row.killed:>6}  {survived:>8}  "
                         f"{row.equivalent:>10}  {row.no_compile:>10}  {row.score():>6}")
        for result in self.survivors:
            mutant = result.mutant
            lines += ["", f"survived: {mutant.file}:{mutant.line}",
                      mutant.diff(sources[mutant.file]).rstrip("\n"),
                      "if it is equivalent, list it with a reason:", mutant.entry() + "REASON"]
        for result in self.results:
            entry = self.equivalents.get(result.mutant.key)
            if entry is not None and result.status == KILLED:
                lines += ["", f"warning: {entry.where} lists a mutant that was killed "
                              f"({result.by}): not equivalent"]
        return "\n".join(lines)

    def json(self) -> dict[str, object]:
        total = self.total()
        return {"killed": total.killed, "counted": total.mutants - total.equivalent,
                "equivalent": total.equivalent, "no_compile": total.no_compile,
                "mutants": [{**asdict(result.mutant), "status": result.status,
                             "by": result.by, "detail": result.detail,
                             "equivalent": result.mutant.key in self.equivalents,
                             "seconds": round(result.seconds, 1)} for result in self.results]}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Mutation testing of the C++ core (see the module docstring).")
    parser.add_argument("--files", nargs="+", metavar="PATTERN", default=list(DEFAULT_FILES),
                        help="files or glob patterns from the repository root "
                             "(default: the engines, evaluators and shared engine code)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="test N mutants that compile, drawn at random (see --seed)")
    parser.add_argument("--per-file", type=int, metavar="N",
                        help="test N mutants that compile from each file, drawn at random "
                             "(see --seed): the score by file")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="mutants tested at once, each with its cores' share (default 1)")
    parser.add_argument("--ci", action="store_true",
                        help=f"CI's sample: --sample {CI_SAMPLE} --seed {CI_SEED}")
    parser.add_argument("--list", action="store_true",
                        help="print the mutants (and their count) without testing them")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the results as JSON")
    parser.add_argument("--resume", action="store_true",
                        help="take the results in the --json FILE of a stopped run instead of "
                             "testing those mutants again")
    parser.add_argument("--retest", type=Path, metavar="FILE",
                        help="test again the survivors of an earlier run's --json FILE")
    parser.add_argument("--suite-seconds", type=float, metavar="S",
                        help="the Python tests' time on the unmutated tree, measured by the "
                             "caller, which has just passed them (CI's first stage): the "
                             "unmutated copy then runs only the C++ tests, and a Python test "
                             "step over 3 x S seconds is a hang")
    parser.add_argument("--verify-equivalents", action="store_true",
                        help="test the entries of tools/mutation-equivalent.txt (with --sample "
                             "N, N of them): fails when one is stale, killed or does not "
                             "compile")
    args = parser.parse_args(argv)
    if args.verify_equivalents and (args.ci or args.list or args.resume or args.json
                                    or args.per_file is not None or args.retest is not None
                                    or args.suite_seconds is not None):
        parser.error("--verify-equivalents takes only --sample, --seed and --jobs")
    if args.ci:
        args.sample, args.seed = CI_SAMPLE, CI_SEED
    if sum(option is not None for option in (args.sample, args.per_file, args.retest)) > 1:
        parser.error("--sample, --per-file and --retest are alternatives: give one")
    if args.resume and args.json is None:
        parser.error("--resume continues the run whose results are in --json FILE: give it")
    if args.jobs < 1 or any(n is not None and n < 1 for n in (args.sample, args.per_file)):
        parser.error("--jobs, --sample and --per-file take a positive number")
    if args.suite_seconds is not None and not args.suite_seconds > 0:
        parser.error("--suite-seconds takes a positive number of seconds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        equivalents = parse_equivalents(EQUIVALENT_FILE.read_text())
        if args.verify_equivalents:
            return verify_equivalents(equivalents, args.sample, args.seed,
                                      lambda chosen: quick_test(args.jobs, chosen))
        files = target_files(args.files)
        sources = {file: (REPO / file).read_text() for file in files}
        mutants = [mutant for file in files for mutant in generate(file, sources[file])]
        for entry, why in stale_entries(equivalents.values(), sources, mutants):
            print(f"warning: {entry.where} is stale ({why}): it excuses nothing")
        if args.retest is not None:
            earlier = load_results(args.retest)
            files = sorted({result.mutant.file for result in earlier})
            sources = {file: (REPO / file).read_text() for file in files}
            again, earlier = to_retest(earlier, sources, equivalents)
            return run(args, files, sources, again, equivalents, earlier)
        if args.list:
            for mutant in mutants:
                print(f"{mutant.file}:{mutant.line}: {squash(mutant.original)} ==> "
                      f"{squash(mutant.replacement)}")
            print(f"{len(mutants)} mutants in {len(files)} files")
            return 0
        if args.sample is not None or args.per_file is not None:
            mutants.sort(key=lambda mutant: sample_order(mutant, args.seed))
        return run(args, files, sources, mutants, equivalents)
    except ToolError as error:
        print(f"tools/mutation.py: {error}", file=sys.stderr)
        return 2


def verify_equivalents(equivalents: dict[Key, Equivalent], sample: int | None, seed: int,
                       test: Callable[[list[Mutant]], list[Result]], root: Path = REPO) -> int:
    """--verify-equivalents: 1 when an entry is stale (every entry is checked, which costs
    no build), else the entries (`sample` of them drawn with `seed`, or all) tested with
    `test`; 1 when one is killed or does not compile, 0 when all survive. The files are
    read from `root`."""
    files = sorted({entry.file for entry in equivalents.values()})
    sources = {file: (root / file).read_text() for file in files if (root / file).is_file()}
    mutants = {mutant.key: mutant for file in sources
               for mutant in generate(file, sources[file])}
    stale = [(entry, f"there is no file {entry.file}") for entry in equivalents.values()
             if entry.file not in sources]
    stale += stale_entries(equivalents.values(), sources, mutants.values())
    for entry, why in stale:
        print(f"{entry.where} is stale ({why})")
    if stale:
        return 1
    entries = sorted(equivalents.values(), key=lambda entry: sample_order(entry, seed))
    chosen = entries[:sample] if sample is not None else entries
    print(f"verifying {len(chosen)} of the {len(entries)} equivalent mutants listed: "
          + ", ".join(f"{entry.file}:{entry.line}" for entry in chosen), flush=True)
    failed = 0
    for entry, result in zip(chosen, test([mutants[entry.key] for entry in chosen]),
                             strict=True):
        if result.status == KILLED:
            print(f"{entry.where}: killed by the {result.by} ({result.detail}): not "
                  "equivalent; remove the entry")
        elif result.status == NO_COMPILE:
            print(f"{entry.where}: does not compile ({result.detail}): remove the entry")
        else:
            continue
        failed += 1
    print(f"{len(chosen) - failed} of {len(chosen)} survived")
    return 1 if failed else 0


def quick_test(count: int, mutants: list[Mutant]) -> list[Result]:
    """The mutants tested in `count` jobs as a run tests them, less the Python tests that
    come after their files' own (`first_tests`): the C++ tests and those."""
    start = time.monotonic()
    first = sorted({test for mutant in mutants for test in first_tests(mutant.file)})
    processes = Processes()
    try:
        jobs, timeouts = start_jobs(count, processes, start, first, whole_suite=False)
        return run_mutants(jobs, mutants, None, timeouts)
    except KeyboardInterrupt:
        processes.stop()
        raise


def load_results(path: Path) -> list[Result]:
    """The results that a run wrote with --json; a file that is not one is a ToolError."""
    try:
        return [Result(Mutant(item["file"], item["line"], item["original"], item["replacement"]),
                       item["status"], item["by"], item["detail"], item["seconds"])
                for item in json.loads(path.read_text())["mutants"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ToolError(f"{path}: not the results of a --json run ({error!r})") from error


def follow(source: str, line: int, original: str) -> int | None:
    """The line of `source` that holds the text `original` (runs of whitespace count as
    one space): `line` itself, or else the one other line within NEARBY lines of it that
    does (the file was edited above it); None when no line or several do: the line is
    stale, what it named is gone or cannot be told apart."""
    lines = source.splitlines()
    text = squash(original)
    if line <= len(lines) and squash(lines[line - 1]) == text:
        return line
    found = [number for number in range(max(1, line - NEARBY), min(len(lines), line + NEARBY) + 1)
             if squash(lines[number - 1]) == text]
    return found[0] if len(found) == 1 else None


def relocated(mutant: Mutant, source: str) -> Mutant | None:
    """The mutant on the line of `source` that now holds its original line (`follow`), or
    None when it is stale (that mutant is gone)."""
    line = follow(source, mutant.line, mutant.original)
    return None if line is None else replace(mutant, line=line)


def stale_entries(entries: Iterable[Equivalent], sources: dict[str, str],
                  mutants: Iterable[Mutant]) -> list[tuple[Equivalent, str]]:
    """The entries of the files in `sources` that name none of `mutants` (that is, of those
    files' mutants), each with what changed. A stale entry excuses nothing."""
    generated = {mutant.key for mutant in mutants}
    stale = []
    for entry in entries:
        if entry.file not in sources or entry.key in generated:
            continue
        source = sources[entry.file]
        lines = source.splitlines()
        if entry.line > len(lines):
            why = f"{entry.file} has only {len(lines)} lines"
        elif squash(lines[entry.line - 1]) != squash(entry.original):
            why = f"line {entry.line} now reads {squash(lines[entry.line - 1])[:80]!r}"
            moved = follow(source, entry.line, entry.original)
            if moved is not None:
                why += (f"; its text is at line {moved} now: if the mutant is still "
                        "equivalent there, give that line")
        else:
            why = "no rule makes that mutant of the line any more"
        stale.append((entry, why))
    return stale


def to_retest(earlier: Sequence[Result], sources: dict[str, str],
              equivalents: dict[Key, Equivalent]
              ) -> tuple[list[Mutant], list[Result]]:
    """For --retest: the survivors not listed as equivalent, each on its line now
    (`follow`), and the earlier results with every survivor on its line now, less those
    whose line is stale (printed: a --per-file --resume run tests another mutant of that
    file in place of each)."""
    again: list[Mutant] = []
    results: list[Result] = []
    for result in earlier:
        mutant = result.mutant
        if result.status == SURVIVED:
            moved = relocated(mutant, sources[mutant.file])
            if moved is None:
                print(f"{mutant.file}:{mutant.line}: that line no longer reads "
                      f"{squash(mutant.original)!r}, and no single line near it does: that "
                      "mutant is gone, and is dropped from the results")
                continue
            result = replace(result, mutant=moved)
            if moved.key not in equivalents:
                again.append(moved)
        results.append(result)
    return again, results


def start_jobs(count: int, processes: Processes, start: float, first: Sequence[str] = (),
               whole_suite: bool = True, suite_seconds: float | None = None
               ) -> tuple[list[Job], Timeouts]:
    """`count` jobs set up (see Job), and the hang timeouts from the unmutated tree, which
    must pass the same tests as the mutants: the C++ tests and the Python tests (`first`,
    then the others unless not `whole_suite`). With `suite_seconds` (the Python tests' time,
    measured by a caller that has just passed them), the unmutated tree runs the C++ tests
    alone."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                            capture_output=True, text=True, check=False)
    if listed.returncode != 0:
        raise ToolError(f"git ls-files failed (a git checkout is needed):\n{listed.stderr}")
    checkout = sorted(name for name in listed.stdout.split("\0") if name)
    workers = max(1, (os.cpu_count() or 1) // count)
    jobs = [Job(index, workers, processes, whole_suite) for index in range(count)]
    with ThreadPoolExecutor(len(jobs)) as pool:  # each build uses its job's cores
        list(pool.map(lambda job: job.setup(checkout), jobs))
    # With the suite's time given, one quick file shows that the copy's Python tests run
    # at all (a broken environment would otherwise pass for a kill of every mutant).
    given = suite_seconds is not None
    clean = jobs[0].test(Timeouts(), SMOKE_TESTS if given else first, only=given)
    if clean.status != SURVIVED or clean.ctest is None or clean.pytest is None:
        step = clean.pytest or clean.ctest
        raise ToolError(f"the unmutated tree fails: {clean.status} {clean.by} {clean.detail}"
                        f"\n{step.output[-6000:] if step else ''}")
    python = suite_seconds if suite_seconds is not None else clean.pytest.seconds
    timeouts = Timeouts(max(60.0, HANG_FACTOR * clean.ctest.seconds),
                        max(60.0, HANG_FACTOR * python))
    print(f"unmutated tree: C++ tests {clean.ctest.seconds:.0f} s, Python tests "
          + (f"{python:.0f} s as given ({' '.join(SMOKE_TESTS)} passed)" if given
             else f"{python:.0f} s")
          + f"; setup took {time.monotonic() - start:.0f} s", flush=True)
    return jobs, timeouts


def run(args: argparse.Namespace, files: Sequence[str], sources: dict[str, str],
        mutants: list[Mutant], equivalents: dict[Key, Equivalent],
        earlier: Sequence[Result] = ()) -> int:
    """Test the mutants and report; with `earlier` results (--retest), the report is theirs
    with the mutants' new verdicts."""
    start = time.monotonic()
    processes = Processes()
    try:
        if earlier and not mutants:  # every survivor is now listed as equivalent
            return report(args, sources, list(earlier), equivalents, start)
        print(f"{len(mutants)} mutants in {len(files)} files; setting up {args.jobs} "
              f"job(s) in {WORK_DIR.relative_to(REPO)}", flush=True)
        jobs, timeouts = start_jobs(args.jobs, processes, start,
                                    suite_seconds=args.suite_seconds)
        per_file = args.per_file is not None
        known = ({result.mutant.key: result for result in load_results(args.json)}
                 if args.resume and args.json.exists() else {})

        def save(results: list[Result]) -> None:  # so that a stopped run keeps its results
            write_json(args.json, merged(earlier, results) + unreached(known, results),
                       equivalents)

        results = run_mutants(jobs, mutants, args.per_file if per_file else args.sample,
                              timeouts, per_file, known, save if args.json else None)
    except KeyboardInterrupt:
        processes.stop()
        raise
    return report(args, sources, merged(earlier, results), equivalents, start,
                  unreached(known, results))


def unreached(known: dict[Key, Result], results: list[Result]) -> list[Result]:
    """The results of an earlier run (--resume) that this run has not taken (yet, or at all:
    a smaller sample): the --json file keeps them, so that stopping a run loses nothing."""
    taken = {result.mutant.key for result in results}
    return [result for key, result in known.items() if key not in taken]


def merged(earlier: Sequence[Result], results: list[Result]) -> list[Result]:
    """The results; with `earlier` ones (--retest), those with the new verdicts in place of
    the old (a line may have moved since)."""
    if not earlier:
        return results
    verdicts = {result.mutant.key: result for result in results}
    return [verdicts.get(result.mutant.key, result) for result in earlier]


def write_json(path: Path, results: list[Result],
               equivalents: dict[Key, Equivalent]) -> None:
    """The results as JSON (--json), written whole or not at all."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(Report(results, equivalents).json(), indent=1) + "\n")
    partial.replace(path)


def report(args: argparse.Namespace, sources: dict[str, str], results: list[Result],
           equivalents: dict[Key, Equivalent], start: float,
           kept: Sequence[Result] = ()) -> int:
    """Print the report of the results (and write it with --json, with the earlier results
    `kept` that this run did not take); the exit status."""
    scored = Report(results, equivalents)
    print()
    print(scored.text(sources))
    print(f"\nmutation testing took {time.monotonic() - start:.0f} s")
    if args.json:
        write_json(args.json, [*results, *kept], equivalents)
    return 1 if scored.survivors else 0


if __name__ == "__main__":
    sys.exit(main())
