"""The C++ library's documentation (docs/cpp.md, CONTRIBUTING.md, examples/cpp) against the
checkout: its build commands run from the checkout's root whatever its folder is called,
and its header table covers every header directory with its stability."""

from __future__ import annotations

import re

from tests.conftest import REPO

BUILD_DOCS = ["README.md", "CONTRIBUTING.md", "docs/cpp.md", "examples/cpp/CMakeLists.txt"]


def header_table() -> list[list[str]]:
    """The rows of docs/cpp.md's table of headers, cell by cell."""
    text = (REPO / "docs" / "cpp.md").read_text(encoding="utf-8")
    table = text[text.index("| header |"):].split("\n\n", 1)[0]
    return [[cell.strip() for cell in line.strip("|").split("|")]
            for line in table.splitlines()[2:]]


def test_every_cmake_source_is_a_folder_of_the_checkout() -> None:
    for name in BUILD_DOCS:
        sources = re.findall(r"cmake -S (\S+)", (REPO / name).read_text(encoding="utf-8"))
        for source in sources:
            assert (REPO / source).is_dir(), f"{name}: 'cmake -S {source}' assumes a folder name"


def test_the_header_table_names_every_header_directory_and_its_stability() -> None:
    rows = header_table()
    named = " ".join(row[0] for row in rows)
    for directory in (REPO / "cpp" / "include" / "cardcore").iterdir():
        assert f"cardcore/{directory.name}/" in named, f"docs/cpp.md: no row for {directory.name}/"
    assert all(len(row) == 3 and row[2] for row in rows), "docs/cpp.md: a row without its stability"
