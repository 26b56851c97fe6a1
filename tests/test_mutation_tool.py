"""tools/mutation.py's own logic, on small C++ snippets and without builds: the mutants it
generates (and the ones it drops), the list of equivalent mutants, the sample's schedule and
the report."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import cardcore as cc

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "mutation.py"
spec = importlib.util.spec_from_file_location("tools_mutation", SCRIPT)
assert spec is not None and spec.loader is not None
mutation = importlib.util.module_from_spec(spec)
sys.modules["tools_mutation"] = mutation  # dataclasses look their module up as they are made
spec.loader.exec_module(mutation)

SNIPPET = """\
#include <cstdint>
// A comment: a < b and 1 + 2.
static_assert(sizeof(int) == 4);
int clamp(int a, int b) {
  std::uint64_t mask = 0;  // 0 < 1 here is a comment
  if (a < b) return a;
  return b + 1;
}
"""


@pytest.fixture(scope="module")
def mutants() -> list[mutation.Mutant]:
    pytest.importorskip("universalmutator", reason="universalmutator (the test extra) is needed")
    return mutation.generate("cpp/snippet.cpp", SNIPPET)


def replacements(mutants: list[mutation.Mutant], line: int) -> set[str]:
    return {m.replacement.strip() for m in mutants if m.line == line}


def test_the_generator_mutates_code_and_leaves_the_rest(mutants: list[mutation.Mutant]) -> None:
    assert not {m.line for m in mutants} & {1, 2, 3}  # the include, comment, static_assert
    assert {"if (a <= b) return a;", "if (a > b) return a;", "if (!(a < b)) return a;",
            "if (0==1) return a;"} <= replacements(mutants, 6)
    assert {"return b - 1;", "return b + 0;", "/*return b + 1;*/"} <= replacements(mutants, 7)
    assert all(m.file == "cpp/snippet.cpp" and m.original == SNIPPET.splitlines()[m.line - 1]
               for m in mutants)


def test_the_generator_drops_comment_changes_and_unknown_names(
        mutants: list[mutation.Mutant]) -> None:
    for m in mutants:
        assert mutation.code_of(m.replacement) != mutation.code_of(m.original), m
        assert not re.search(r"uint(?!64_t)", m.replacement), m  # no uint0_t, uint(64+1)_t
    assert "std::uint64_t mask = 1;  // 0 < 1 here is a comment" in replacements(mutants, 5)


def test_the_generator_gives_what_the_mutate_command_gives(
        mutants: list[mutation.Mutant], tmp_path: Path) -> None:
    """The same mutants as universalmutator's `mutate FILE cpp --noCheck` with the same
    skipped lines, less the ones dropped on purpose."""
    (tmp_path / "snippet.cpp").write_text(SNIPPET)
    (tmp_path / "ignore.txt").write_text("".join(f"{p}\n" for p in mutation.SKIPPED_LINES))
    (tmp_path / "out").mkdir()
    subprocess.run([sys.executable, "-m", "universalmutator.genmutants", "snippet.cpp", "cpp",
                    "--noCheck", "--mutantDir", "out", "--ignore", "ignore.txt"],
                   cwd=tmp_path, capture_output=True, check=True)
    theirs = {path.read_text() for path in (tmp_path / "out").glob("snippet.mutant.*.cpp")}
    ours = {m.apply(SNIPPET) for m in mutants}
    assert ours <= theirs and len(ours) == len(mutants)
    original = SNIPPET.splitlines()
    for text in theirs - ours:
        lines = text.splitlines()
        assert len(lines) == len(original), text  # a mutant adding a line is never dropped
        changed = [(a, b) for a, b in zip(original, lines, strict=True) if a != b]
        assert len(changed) == 1, text
        before, after = changed[0]
        code, was = mutation.code_of(after), mutation.code_of(before)
        assert (code == was or re.search(r"uint(?!64_t)", after)
                or mutation.brackets(code) != mutation.brackets(was)), after


def test_brackets_are_counted_outside_literals() -> None:
    assert mutation.brackets('f(a[1], "(") || g(\')\'); {') == (0, 0, 1)
    assert mutation.brackets("if (a || (0==1)") == (1, 0, 0)


def test_code_of_strips_comments_outside_literals() -> None:
    assert mutation.code_of('x = "a // b";  // c') == 'x = "a // b";'
    assert mutation.code_of("n = 1'000; c = '/'; // d") == "n = 1'000; c = '/';"
    assert mutation.code_of("/* a */ y =  2;") == "y = 2;"
    assert mutation.code_of("a;  // c\n  break;") == "a; break;"


def test_a_mutant_applies_to_one_line_and_shows_a_diff() -> None:
    mutant = mutation.Mutant("cpp/snippet.cpp", 6, "  if (a < b) return a;",
                             "  if (a <= b) return a;")
    applied = mutant.apply(SNIPPET).splitlines()
    original = SNIPPET.splitlines()
    assert [i for i, (a, b) in enumerate(zip(original, applied, strict=True)) if a != b] == [5]
    diff = mutant.diff(SNIPPET)
    assert "--- a/cpp/snippet.cpp\n+++ b/cpp/snippet.cpp\n" in diff
    assert "\n-  if (a < b) return a;\n+  if (a <= b) return a;\n" in diff


def test_an_entry_identifies_a_mutant_by_its_file_line_and_lines() -> None:
    mutant = mutation.Mutant("cpp/a.cpp", 12, "    m = a | b;  // disjoint", "    m = a & b;")
    assert mutant.entry() == "cpp/a.cpp | 12 | m = a | b; // disjoint ==> m = a & b; | "
    entries = mutation.parse_equivalents(
        "# a comment\n\n" + mutant.entry() + "a and b have no bit in common\n")
    assert list(entries) == [mutant.key]
    (entry,) = entries.values()
    assert entry.reason == "a and b have no bit in common" and entry.where.endswith(":3")
    assert entry.line == 12
    # Indented differently, the same mutant; the same lines elsewhere, another one.
    assert mutation.Mutant("cpp/a.cpp", 12, "m  =  a | b; // disjoint", "  m = a & b;").key \
        in entries
    assert mutation.Mutant("cpp/a.cpp", 40, mutant.original, mutant.replacement).key \
        not in entries
    assert mutation.Mutant("cpp/b.cpp", 12, mutant.original, mutant.replacement).key \
        not in entries


@pytest.mark.parametrize(("text", "message"), [
    ("cpp/a.cpp | 3 | x < y ==> x <= y\n", ":1: expected 'file | line | original line"),
    ("cpp/a.cpp | 3 | x < y ==> x <= y |  \n", ":1: expected"),
    ("cpp/a.cpp | 3 | x < y | equal\n", ":1: expected"),
    ("cpp/a.cpp | x < y ==> x <= y | equal\n", ":1: expected"),  # no line
    ("cpp/a.cpp | 0 | x < y ==> x <= y | equal\n", ":1: expected"),
    ("\ncpp/a.cpp | 3 | a ==> b ==> c | why\n", ":2: expected"),
    ("cpp/a.cpp | 3 | x < y ==> x <= y | one\ncpp/a.cpp | 3 |  x < y ==> x <=  y | two\n",
     ":2: the same mutant as tools/mutation-equivalent.txt:1"),
])
def test_a_bad_entry_is_an_error_naming_its_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mutation.parse_equivalents(text)


def test_the_committed_list_and_the_configuration_hold() -> None:
    mutation.parse_equivalents(mutation.EQUIVALENT_FILE.read_text())
    for path in mutation.IGNORED_TESTS:
        assert (mutation.REPO / path).is_file(), path
    files = mutation.target_files(mutation.DEFAULT_FILES)
    assert {"cpp/src/eval/hucklebuck.cpp", "cpp/src/games/betting.cpp",
            "cpp/include/cardcore/games/engine.hpp"} <= set(files)


def test_no_committed_equivalent_is_stale() -> None:
    # A change that moves or edits a listed line must move its entry too: CI's mutation stage
    # fails on a stale entry, and this catches it without a build.
    equivalents = mutation.parse_equivalents(mutation.EQUIVALENT_FILE.read_text())
    files = sorted({entry.file for entry in equivalents.values()})
    sources = {file: (mutation.REPO / file).read_text() for file in files}
    mutants = [mutant for file in files for mutant in mutation.generate(file, sources[file])]
    stale = mutation.stale_entries(equivalents.values(), sources, mutants)
    assert not stale, [f"{entry.where}: {why}" for entry, why in stale]


def test_a_kill_names_the_failing_test_or_else_the_last_line() -> None:
    pattern = r"^(?:FAILED|ERROR) (\S+)"
    failed = mutation.Step(1, "x\nFAILED tests/test_a.py::test_b - assert 1 == 2\n1 failed\n", 3.0)
    assert mutation.killed("Python tests", failed, pattern).detail == "tests/test_a.py::test_b"
    crashed = mutation.Step(-11, "collected 9 items\nFatal Python error: Aborted\n\n", 3.0)
    assert mutation.killed("Python tests", crashed, pattern).detail == "Fatal Python error: Aborted"
    hung = mutation.killed("C++ tests", mutation.Step(None, "", 60.0), pattern)
    assert (hung.status, hung.by) == (mutation.KILLED, "C++ tests (timeout)")


def result(index: int, status: str) -> mutation.Result:
    return mutation.Result(mutation.Mutant("cpp/a.cpp", index, "a", "b"), status, "", "", 0.0)


def test_a_sample_is_the_first_mutants_that_compile_whatever_the_timing() -> None:
    statuses = [mutation.NO_COMPILE, mutation.KILLED, mutation.NO_COMPILE, mutation.SURVIVED,
                mutation.KILLED, mutation.KILLED]
    mutants = [result(i, "").mutant for i in range(len(statuses))]
    one = mutation.Schedule(mutants, 3)  # one job: one at a time
    while (index := one.take()) is not None:
        one.finish(index, result(index, statuses[index]))
    two = mutation.Schedule(mutants, 3)  # three in flight, finishing out of order
    assert [two.take(), two.take(), two.take()] == [0, 1, 2]
    two.finish(0, result(0, statuses[0]))
    assert two.take() == 3
    for index in (3, 2, 1):
        two.finish(index, result(index, statuses[index]))
    assert two.take() == 4
    two.finish(4, result(4, statuses[4]))
    assert two.take() is None
    assert sorted(one.results) == sorted(two.results) == [0, 1, 2, 3, 4]


def test_the_report_counts_and_shows_survivors() -> None:
    source = "int f(int a) {\n  return a + 1;\n}\n"
    listed = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a + 0;")
    survivor = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    results = [
        mutation.Result(listed, mutation.SURVIVED, "", "", 1.0),
        mutation.Result(survivor, mutation.SURVIVED, "", "", 1.0),
        mutation.Result(mutation.Mutant("cpp/a.cpp", 1, "int f(int a) {", "int f(int a) "),
                        mutation.NO_COMPILE, "", "error: expected", 1.0),
        mutation.Result(mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a - 1;"),
                        mutation.KILLED, "Python tests", "tests/test_a.py::test_f", 1.0),
    ]
    equivalents = mutation.parse_equivalents(listed.entry() + "never reached\n")
    assert listed.entry().startswith("cpp/a.cpp | 2 | ")
    report = mutation.Report(results, equivalents)
    text = report.text({"cpp/a.cpp": source})
    assert text.startswith("killed 1 of 2 (score 50.0%)\n")
    assert "1 listed as equivalent" in text and "1 did not compile" in text
    assert "survived: cpp/a.cpp:2\n" in text and "\n+  return a * 1;\n" in text
    assert survivor.entry() + "REASON" in text
    assert [r.mutant for r in report.survivors] == [survivor]


def test_results_written_with_json_read_back_for_retest(tmp_path: Path) -> None:
    survivor = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    results = [mutation.Result(survivor, mutation.SURVIVED, "", "", 2.5),
               mutation.Result(mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;",
                                               "  return a - 1;"),
                               mutation.KILLED, "C++ tests", "eval", 1.0)]
    path = tmp_path / "score.json"
    path.write_text(mutation.json.dumps(mutation.Report(results, {}).json()))
    assert mutation.load_results(path) == results
    path.write_text('{"mutants": [{"file": "cpp/a.cpp"}]}')
    with pytest.raises(mutation.ToolError, match="not the results of a --json run"):
        mutation.load_results(path)


def test_a_mutant_tested_again_follows_its_line_only_to_one_line_nearby() -> None:
    mutant = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    assert mutation.relocated(mutant, "int f(int a) {\n  return a + 1;\n}\n") == mutant
    moved = mutation.relocated(mutant, "// new\nint f(int a) {\n  return a + 1;\n}\n")
    assert moved == mutation.Mutant("cpp/a.cpp", 3, mutant.original, mutant.replacement)
    # Two lines with its text: which one it was cannot be told, so it is stale.
    twice = "// a\n// b\n// c\n  return a + 1;\n// d\n// e\n  return a + 1;\n"
    assert mutation.relocated(mutant, twice) is None
    # One line with its text, but far from where it was: stale too.
    far = "// x\n" * (mutation.NEARBY + 2) + "  return a + 1;\n"
    assert mutation.relocated(mutant, far) is None
    # No line with its text: the code changed, and the mutant is gone.
    assert mutation.relocated(mutant, "int f(int a) {\n  return a + 2;\n}\n") is None


def test_a_survivors_progress_line_shows_its_change() -> None:
    survivor = mutation.Mutant("cpp/a.cpp", 2, "  return  a + 1;", "  return a * 1;")
    line = mutation.progress(mutation.Result(survivor, mutation.SURVIVED, "", "", 3.0), 4, 8)
    assert line == "[4/8] cpp/a.cpp:2 survived: return a + 1; ==> return a * 1; (3 s)"
    killed = mutation.Result(survivor, mutation.KILLED, "C++ tests", "eval", 3.0)
    assert mutation.progress(killed, 4, 8) == ("[4/8] cpp/a.cpp:2 killed by the C++ tests: "
                                               "eval (3 s)")


def test_a_per_file_sample_is_the_first_mutants_of_each_file_that_compile() -> None:
    # Files a and b interleaved; with 2 a file, a's third mutant is needed only because its
    # first did not compile, and b's third never.
    files = ["a", "b", "a", "b", "a", "b", "a"]
    statuses = [mutation.NO_COMPILE, mutation.KILLED, mutation.KILLED, mutation.SURVIVED,
                mutation.KILLED, mutation.KILLED, mutation.KILLED]
    mutants = [mutation.Mutant(f"cpp/{f}.cpp", i, "x", "y") for i, f in enumerate(files)]

    def outcome(index: int) -> mutation.Result:
        return mutation.Result(mutants[index], statuses[index], "", "", 0.0)

    one = mutation.Schedule(mutants, 2, per_file=True)
    while (index := one.take()) is not None:
        one.finish(index, outcome(index))
    assert sorted(one.results) == [0, 1, 2, 3, 4]
    two = mutation.Schedule(mutants, 2, per_file=True)  # four in flight, out of order
    assert [two.take() for _ in range(4)] == [0, 1, 2, 3]
    for index in (3, 1, 2):
        two.finish(index, outcome(index))
    # b is complete, a has one that compiled and one in flight: whether a needs its next
    # mutant waits on mutant 0 (in a thread, since take() blocks until then).
    taken: list[int | None] = []
    waiter = threading.Thread(target=lambda: taken.append(two.take()))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive() and not taken
    two.finish(0, outcome(0))
    waiter.join(5)
    assert taken == [4]
    two.finish(4, outcome(4))
    assert two.take() is None
    assert sorted(two.results) == sorted(one.results)


def test_a_resumed_run_takes_its_earlier_results_and_tests_the_rest() -> None:
    statuses = [mutation.NO_COMPILE, mutation.KILLED, mutation.NO_COMPILE, mutation.SURVIVED,
                mutation.KILLED, mutation.KILLED]
    mutants = [mutation.Mutant("cpp/a.cpp", i, "a", f"b{i}") for i in range(len(statuses))]
    # The stopped run had the first two.
    known = {mutants[i].key: mutation.Result(mutants[i], statuses[i], "", "", 0.0)
             for i in (0, 1)}
    schedule = mutation.Schedule(mutants, 3, known=known)
    tested = []
    while (index := schedule.take()) is not None:
        tested.append(index)
        schedule.finish(index, mutation.Result(mutants[index], statuses[index], "", "", 0.0))
    assert tested == [2, 3, 4]  # the same three that compile as a fresh run's: 1, 3 and 4
    assert [r.mutant for r in schedule.so_far()] == mutants[:5]  # the earlier on this run's lines
    assert [r.status for r in schedule.so_far()] == statuses[:5]


def test_resume_needs_the_json_file() -> None:
    with pytest.raises(SystemExit):
        mutation.parse_args(["--resume"])
    assert mutation.parse_args(["--resume", "--json", "x.json"]).resume


def test_the_json_file_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "score.json"
    path.write_text("old")
    mutant = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    results = [mutation.Result(mutant, mutation.KILLED, "C++ tests", "eval", 1.0)]
    mutation.write_json(path, results, {})
    assert mutation.load_results(path) == results
    assert sorted(p.name for p in tmp_path.iterdir()) == ["score.json"]


def test_a_mutants_own_game_is_tested_first() -> None:
    # Every registered game's engine directory; Kuhn and Leduc poker are engines of the C++
    # core only so far (their tests are C++: cpp/tests/test_reference_games.cpp).
    assert set(mutation.GAMES) == set(cc.GAMES) | {"kuhn", "leduc"}
    assert mutation.first_tests("cpp/src/games/buh/state.cpp") == [
        "tests/games/test_buh_engine.py", "tests/test_buh.py", "tests/test_buh_phh.py"]
    badugi = mutation.first_tests("cpp/src/eval/badugi.cpp")
    assert "tests/test_badugi.py" in badugi and "tests/games/test_badugi_vs_pokerkit.py" in badugi
    assert not any("hucklebuck" in test or "baibuu" in test for test in badugi)
    assert mutation.first_tests("cpp/include/cardcore/games/betting.hpp") == list(
        mutation.SHARED_FIRST)
    for test in (*badugi, *mutation.SHARED_FIRST):
        assert (mutation.REPO / test).is_file() and test not in mutation.IGNORED_TESTS


def test_a_retest_takes_the_unlisted_survivors_and_drops_those_whose_line_is_gone(
        capsys: pytest.CaptureFixture[str]) -> None:
    kept = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    listed = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a - 1;")
    gone = mutation.Mutant("cpp/a.cpp", 3, "  return b;", "  return -b;")
    killed = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a;")
    earlier = [mutation.Result(kept, mutation.SURVIVED, "", "", 1.0),
               mutation.Result(listed, mutation.SURVIVED, "", "", 1.0),
               mutation.Result(gone, mutation.SURVIVED, "", "", 1.0),
               mutation.Result(killed, mutation.KILLED, "C++ tests", "", 1.0)]
    # The entry names the line where the survivor's line is now.
    equivalents = mutation.parse_equivalents(
        "cpp/a.cpp | 3 | return a + 1; ==> return a - 1; | a reason\n")
    source = "// moved\nint f(int a) {\n  return a + 1;\n}\n"
    again, results = mutation.to_retest(earlier, {"cpp/a.cpp": source}, equivalents)
    assert again == [mutation.Mutant("cpp/a.cpp", 3, kept.original, kept.replacement)]
    assert [r.mutant.line for r in results] == [3, 3, 2]  # the survivors on their line now
    assert [r.mutant.replacement for r in results] == [kept.replacement, listed.replacement,
                                                       killed.replacement]
    assert mutation.Report(results, equivalents).survivors == [results[0]]
    assert ("cpp/a.cpp:3: that line no longer reads 'return b;', and no single line near it "
            "does") in capsys.readouterr().out


def test_a_resumed_run_keeps_the_earlier_results_it_has_not_taken() -> None:
    # Stopped early, or with a smaller sample than before, a --resume run must not drop the
    # earlier results from its --json file.
    first = mutation.Mutant("cpp/a.cpp", 2, "  return a + 1;", "  return a * 1;")
    second = mutation.Mutant("cpp/a.cpp", 3, "  return b;", "  return -b;")
    earlier = {m.key: mutation.Result(m, mutation.KILLED, "C++ tests", "", 1.0)
               for m in (first, second)}
    taken = [earlier[first.key]]
    assert mutation.unreached(earlier, taken) == [earlier[second.key]]
    assert mutation.unreached(earlier, [*taken, earlier[second.key]]) == []
    assert mutation.unreached({}, taken) == []


def test_mutants_with_the_same_text_on_two_lines_have_results_of_their_own() -> None:
    # A resumed run takes the earlier result of line 3 only: line 7 is tested.
    three = mutation.Mutant("cpp/a.cpp", 3, "  x = a < b;", "  x = a <= b;")
    seven = mutation.Mutant("cpp/a.cpp", 7, "  x = a < b;", "  x = a <= b;")
    known = {three.key: mutation.Result(three, mutation.KILLED, "C++ tests", "t", 1.0)}
    schedule = mutation.Schedule([three, seven], None, known=known)
    assert schedule.take() == 1 and schedule.take() is None
    schedule.finish(1, mutation.Result(seven, mutation.SURVIVED, "", "", 1.0))
    assert [(r.mutant.line, r.status) for r in schedule.so_far()] == [
        (3, mutation.KILLED), (7, mutation.SURVIVED)]
    # An entry for line 3 excuses line 3's survivor, not line 7's.
    equivalents = mutation.parse_equivalents(three.entry() + "a == b cannot happen here\n")
    results = [mutation.Result(m, mutation.SURVIVED, "", "", 1.0) for m in (three, seven)]
    report = mutation.Report(results, equivalents)
    assert [r.mutant for r in report.survivors] == [seven]
    assert report.total().equivalent == 1


def test_a_stale_entry_is_reported_and_excuses_nothing(mutants: list[mutation.Mutant]) -> None:
    (listed,) = [m for m in mutants if m.replacement.strip() == "if (a <= b) return a;"]
    entries = mutation.parse_equivalents(listed.entry() + "a reason\n")
    sources = {listed.file: SNIPPET}
    assert mutation.stale_entries(entries.values(), sources, mutants) == []
    # Two lines added above: the entry's line now holds other text; its own moved by two.
    edited = "// one\n// two\n" + SNIPPET
    moved = mutation.generate(listed.file, edited)
    ((entry, why),) = mutation.stale_entries(entries.values(), {listed.file: edited}, moved)
    assert entry.line == listed.line
    assert why.startswith(f"line {listed.line} now reads ")
    assert why.endswith(f"its text is at line {listed.line + 2} now: if the mutant is still "
                        "equivalent there, give that line")
    survivor = next(m for m in moved if m.replacement == listed.replacement)
    report = mutation.Report([mutation.Result(survivor, mutation.SURVIVED, "", "", 1.0)],
                             entries)
    assert report.survivors and report.total().equivalent == 0
    # A file too short for the entry's line, and another file's entries, left alone.
    ((_, why),) = mutation.stale_entries(entries.values(), {listed.file: "int x;\n"}, [])
    assert why == f"{listed.file} has only 1 lines"
    assert mutation.stale_entries(entries.values(), {"cpp/b.cpp": ""}, []) == []


def test_verify_equivalents_fails_on_a_killed_or_stale_entry(
        mutants: list[mutation.Mutant], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cpp").mkdir()
    (tmp_path / "cpp" / "snippet.cpp").write_text(SNIPPET)
    listed = [m for m in mutants if m.line == 6][:3]
    entries = mutation.parse_equivalents("".join(m.entry() + "a reason\n" for m in listed))
    doomed = listed[1]
    tested: list[list[mutation.Mutant]] = []

    def fake(chosen: list[mutation.Mutant]) -> list[mutation.Result]:  # a test kills `doomed`
        tested.append(chosen)
        return [mutation.Result(m, mutation.KILLED if m == doomed else mutation.SURVIVED,
                                "C++ tests", "betting", 1.0) for m in chosen]

    assert mutation.verify_equivalents(entries, None, 0, fake, tmp_path) == 1
    assert sorted(tested[0]) == sorted(listed)
    out = capsys.readouterr().out
    assert ":2: killed by the C++ tests (betting): not equivalent; remove the entry" in out
    assert "2 of 3 survived" in out
    # Without the killed entry all survive; a sample of 1 tests one entry.
    del entries[doomed.key]
    assert mutation.verify_equivalents(entries, None, 0, fake, tmp_path) == 0
    assert mutation.verify_equivalents(entries, 1, 5, fake, tmp_path) == 0
    assert len(tested[-1]) == 1
    # The file edited above the entries' line: stale, and nothing is built or tested.
    (tmp_path / "cpp" / "snippet.cpp").write_text("// new\n" + SNIPPET)
    tested.clear()
    assert mutation.verify_equivalents(entries, 1, 5, fake, tmp_path) == 1
    assert not tested
    assert "is stale (line 6 now reads" in capsys.readouterr().out


def test_verify_equivalents_takes_only_a_sample_and_a_seed() -> None:
    args = mutation.parse_args(["--verify-equivalents", "--sample", "4", "--seed", "77"])
    assert (args.verify_equivalents, args.sample, args.seed) == (True, 4, 77)
    for other in (["--ci"], ["--per-file", "3"], ["--json", "x.json"], ["--list"]):
        with pytest.raises(SystemExit):
            mutation.parse_args(["--verify-equivalents", *other])


def test_suite_seconds_runs_one_quick_file_of_the_unmutated_trees_python_tests() -> None:
    args = mutation.parse_args(["--ci", "--suite-seconds", "300"])
    assert (args.sample, args.suite_seconds) == (mutation.CI_SAMPLE, 300.0)
    for bad in (["--suite-seconds", "0"], ["--verify-equivalents", "--suite-seconds", "9"]):
        with pytest.raises(SystemExit):
            mutation.parse_args(bad)
    job = object.__new__(mutation.Job)  # its steps recorded, nothing built
    job.workers, job.python, job.whole_suite = 1, Path("python"), True
    commands: list[tuple[str | Path, ...]] = []

    def run(*command: str | Path, timeout: float | None = None) -> mutation.Step:
        commands.append(command)
        return mutation.Step(0, "", 1.0)

    job.run = run  # type: ignore[method-assign]
    job.install = lambda: commands.append(("install",))  # type: ignore[method-assign]
    smoke = job.test(mutation.Timeouts(), mutation.SMOKE_TESTS, only=True)
    assert smoke.status == mutation.SURVIVED and smoke.pytest is not None
    pytests = [c for c in commands if c[0] == job.python]
    assert len(pytests) == 1 and pytests[0][-len(mutation.SMOKE_TESTS):] == mutation.SMOKE_TESTS
    commands.clear()
    job.test(mutation.Timeouts(), mutation.SMOKE_TESTS)  # the whole suite: the file, the rest
    assert [c[-1] for c in commands if c[0] == job.python] == [
        mutation.SMOKE_TESTS[-1], f"--ignore={mutation.SMOKE_TESTS[-1]}"]
