"""Reads the sanitizer report files of a tools/sanitize.sh run and prints what counts.

    python tools/sanitizer_reports.py REPORT_DIR

Exits 1 when anything counts, 0 otherwise. Files are named ``report.<program>.<pid>``
(ASan's ``log_exe_name``). What counts, from Python processes only (the other programs the
tests start, bash, git and coreutils, are not instrumented and not ours):

- every memory error, undefined behaviour or sanitizer failure (anything but a leak report);
- every leak whose allocation stack passes through cardcore's compiled module or its C++
  sources. Leaks of CPython, NumPy and other extension modules alone are theirs, not ours:
  with pymalloc they appear whenever only a live Python object points at a block.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

# A frame of cardcore: the module's file (cardcore/_core.cpython-...so) or a C++ source.
OURS = re.compile(r"cardcore/_core\.|/cpp/(src|include|bindings)/")
LEAK_BLOCK = re.compile(r"^(?:Direct|Indirect) leak of .*?(?=^\S|\Z)", re.MULTILINE | re.DOTALL)


def findings(report: str) -> list[str]:
    """What counts in one report: its non-leak errors whole, and the leaks that are ours."""
    if "ERROR: LeakSanitizer: detected memory leaks" not in report:
        return [report.strip()] if report.strip() else []
    return [block.strip() for block in LEAK_BLOCK.findall(report) if OURS.search(block)]


def main(directory: Path) -> int:
    counted = others = 0
    for path in sorted(directory.glob("report.*")):
        if not path.name.startswith("report.python"):
            others += 1
            continue
        for finding in findings(path.read_text(errors="replace")):
            counted += 1
            print(f"== {path.name}\n{finding}\n")
    print(
        f"sanitizer reports: {counted} finding(s) in Python processes; "
        f"{others} report(s) of other programs left out"
    )
    return 1 if counted else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
