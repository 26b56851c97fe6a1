"""tools/sanitizer_reports.py, which decides the sanitizer stage: which reports count."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "sanitizer_reports.py"
spec = importlib.util.spec_from_file_location("sanitizer_reports", SCRIPT)
assert spec is not None and spec.loader is not None
reports = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reports)

HEADER = "\n=================================================================\n"
LEAKS = HEADER + "==python3==7==ERROR: LeakSanitizer: detected memory leaks\n\n"
CPYTHON_LEAK = """Direct leak of 16 byte(s) in 2 object(s) allocated from:
    #0 0x7fc0a90b78d5 in __interceptor_realloc asan_malloc_linux.cpp:85
    #1 0x7fc0a84f60bf in resize_buffer Modules/_io/stringio.c:110

"""
OUR_LEAK = """Indirect leak of 400 byte(s) in 1 object(s) allocated from:
    #0 0x7fc0a90b94c8 in operator new(unsigned long) asan_new_delete.cpp:95
    #1 0x7fc099b62035 in clone /src/cardcore/cpp/bindings/bind_game.hpp:80
    #2 0x7fc099b62035 in cfunction_call Objects/methodobject.c:543

"""
UNSYMBOLIZED_LEAK = """Direct leak of 8 byte(s) in 1 object(s) allocated from:
    #0 0x7f41ac0b78d5 in malloc asan_malloc_linux.cpp:69
    #1 0x7efc00000000  (/venv/site-packages/cardcore/_core.cpython-311-x86_64-linux-gnu.so+0x12)

"""
SUMMARY = "SUMMARY: AddressSanitizer: 424 byte(s) leaked in 4 allocation(s).\n"
OVERFLOW = HEADER + "==python3==9==ERROR: AddressSanitizer: heap-buffer-overflow on address\n"


def write(tmp_path: Path, name: str, text: str) -> None:
    (tmp_path / name).write_text(text)


def test_only_leaks_through_cardcore_count() -> None:
    report = LEAKS + CPYTHON_LEAK + OUR_LEAK + UNSYMBOLIZED_LEAK + SUMMARY
    found = reports.findings(report)
    assert [finding.split(" leak")[0] for finding in found] == ["Indirect", "Direct"]
    assert "bind_game.hpp" in found[0] and "_core.cpython" in found[1]
    assert reports.findings(LEAKS + CPYTHON_LEAK + SUMMARY) == []


def test_every_error_that_is_not_a_leak_counts() -> None:
    assert reports.findings(OVERFLOW) == [OVERFLOW.strip()]
    crash = "Tracer caught signal 11\n==python3==5==LeakSanitizer has encountered a fatal error.\n"
    assert reports.findings(crash) == [crash.strip()]


@pytest.mark.parametrize(
    ("files", "status"),
    [
        ({}, 0),
        ({"report.python3.7": LEAKS + CPYTHON_LEAK + SUMMARY}, 0),
        ({"report.bash.8": LEAKS + OUR_LEAK + SUMMARY, "report.git.9": OVERFLOW}, 0),
        ({"report.python3.7": LEAKS + OUR_LEAK + SUMMARY}, 1),
        ({"report.python3.9": OVERFLOW, "report.sort.4": OVERFLOW}, 1),
    ],
)
def test_the_run_fails_on_any_finding_of_a_python_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str], status: int
) -> None:
    for name, text in files.items():
        write(tmp_path, name, text)
    assert reports.main(tmp_path) == status
    others = sum(not name.startswith("report.python") for name in files)
    assert f"{others} report(s) of other programs left out" in capsys.readouterr().out
