"""The C++ sources under cpp/ are formatted by the repository's .clang-format (clang-format
--dry-run --Werror). Skipped when clang-format is not installed (Debian: apt-get install
clang-format); deselect with -m "not format". Fix a file with `clang-format -i <file>`.
This file does not import cardcore."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CLANG_FORMAT = shutil.which("clang-format")

pytestmark = [
    pytest.mark.format,
    pytest.mark.skipif(
        CLANG_FORMAT is None,
        reason="clang-format is not installed (Debian: apt-get install clang-format)"),
    pytest.mark.skipif(not (REPO / ".clang-format").is_file(),
                       reason="needs the source checkout (.clang-format next to tests/)"),
]


def test_cpp_sources_are_formatted() -> None:
    sources = sorted(str(path.relative_to(REPO)) for path in (REPO / "cpp").rglob("*")
                     if path.suffix in {".cpp", ".hpp"})
    assert sources, "no C++ sources under cpp/"
    result = subprocess.run([str(CLANG_FORMAT), "--dry-run", "--Werror", *sources], cwd=REPO,
                            capture_output=True, text=True)
    unformatted = sorted(set(re.findall(r"^(\S+?):\d+:\d+: error:", result.stderr, re.MULTILINE)))
    assert result.returncode == 0, (
        f"clang-format would change {len(unformatted)} of {len(sources)} files under cpp/; "
        "format them with `clang-format -i <file>`:\n  " + "\n  ".join(unformatted)
        + "\nthe first differences:\n" + "\n".join(result.stderr.splitlines()[:30]))
