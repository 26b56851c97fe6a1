"""Every example runs: the docstrings of the Python modules and the C++ module's functions,
the `>>>` examples of the README and the documentation pages, and their `$ cardcore`
commands, which print what the pages show."""

from __future__ import annotations

import doctest
import importlib
import inspect
import io
import re
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

import cardcore

MODULES = [
    "cardcore",
    "cardcore.cards",
    "cardcore.buh",
    "cardcore.badugi",
    "cardcore.baibuu",
    "cardcore.hucklebuck",
    "cardcore.kuhn",
    "cardcore.leduc",
    "cardcore.cli",
    "cardcore.play",
    "cardcore.simulation",
    "cardcore.vector",
    "cardcore.search",
    "cardcore.solve",
    "cardcore.matches",
    "cardcore._checks",
    "cardcore._views",
    "cardcore.view",
    "cardcore.record",
    "cardcore.picture",
    "cardcore._core",
    "cardcore._core.buh",
    "cardcore._core.badugi",
    "cardcore._core.baibuu",
    "cardcore._core.hucklebuck",
]
# The adapters' examples need their frameworks (the rl extra, which CI installs).
ADAPTERS = {"cardcore.adapters.pettingzoo": "pettingzoo", "cardcore.adapters.openspiel": "pyspiel",
            "cardcore.adapters.gymnasium": "gymnasium"}


def examples(module: ModuleType) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder()
    found = finder.find(module, module.__name__, globs=vars(module).copy())
    if module.__name__.startswith("cardcore._core"):
        # Builtins do not say which module they come from, so collect their docstrings
        # one by one.
        for name, value in sorted(vars(module).items()):
            if callable(value) and not name.startswith("_"):
                found += finder.find(value, f"{module.__name__}.{name}", module=False,
                                     globs=vars(module).copy())
    return [test for test in found if test.examples]


@pytest.mark.parametrize("name", [*MODULES, *ADAPTERS])
def test_docstring_examples_run(name: str) -> None:
    if name in ADAPTERS:
        pytest.importorskip(ADAPTERS[name], reason="the rl extra is not installed")
    module = importlib.import_module(name)
    tests = examples(module)
    assert tests, f"{name} has no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    for test in tests:
        runner.run(test, out=report.write)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} of {attempted} examples failed in {name}:\n{report.getvalue()}"


def test_every_public_function_has_an_example() -> None:
    for name in MODULES[1:8]:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", []):
            value = getattr(module, attribute)
            if inspect.isfunction(value) or inspect.isbuiltin(value):
                assert ">>>" in (value.__doc__ or ""), f"{name}.{attribute} has no example"
    assert cardcore.__doc__


REPO = Path(__file__).resolve().parents[1]
# The README and every page of the documentation site with examples: they run as written.
DOC_PAGES = [page for page in sorted(REPO.glob("docs/**/*.md"))
             if "_build" not in page.parts and ">>>" in page.read_text(encoding="utf-8")]
TEXT_FILES = ["README.md", *(str(page.relative_to(REPO)) for page in DOC_PAGES)]


@pytest.mark.parametrize("name", TEXT_FILES)
def test_text_examples_run(name: str) -> None:
    path = REPO / name
    report = io.StringIO()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(path.read_text(encoding="utf-8"), {}, name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.write)
    assert test.examples and runner.failures == 0, report.getvalue()


def console_examples(path: Path) -> list[tuple[str, str]]:
    """The `$ cardcore ...` commands of a page's console blocks with the output shown
    under each (`cardcore bench` is left out: its figures are this machine's)."""
    found: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            if re.match(r"(printf [^|]*\| )?cardcore (?!bench)", command):
                found.append((command, output))
    return found


PAGES = [REPO / "README.md", *(page for page in sorted(REPO.glob("docs/**/*.md"))
                                 if "_build" not in page.parts)]
CONSOLE_EXAMPLES = [(str(page.relative_to(REPO)), command, output) for page in PAGES
                    for command, output in console_examples(page)]


@pytest.mark.parametrize(("name", "command", "output"), CONSOLE_EXAMPLES,
                         ids=[f"{name}: {command[:50]}" for name, command, _ in CONSOLE_EXAMPLES])
def test_console_examples_print_what_they_show(name: str, command: str, output: str,
                                               tmp_path: Path) -> None:
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True,
                            cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr

    def lines(text: str) -> list[str]:
        return [line.rstrip() for line in text.strip("\n").splitlines()]

    assert lines(result.stdout) == lines(output), f"{name}: {command}"


def test_the_readme_opens_with_its_two_commands_and_the_best_parts() -> None:
    """The README starts with its two commands; then, before the reference sections, a
    runnable example each of evaluation, an engine, the search, the vector environment
    (with its measured rate) and the odds; the long terminal transcripts live in docs/."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert text.startswith('# cardcore\n\n```bash\npip install . && cardcore simulate\n'
                           'pip install ".[test]" && pytest\n```\n')
    first = text[:text.index("\n## Cards")]
    calls = " ".join(example.source for example in doctest.DocTestParser().get_examples(first))
    for call in ("evaluate(", "new_initial_state(", "search.ismcts(", "VectorEnv(", "draw_odds("):
        assert call in calls, f"the README's first part has no example of {call}"
    assert re.search(r"[\d.]+ M steps/s", first), "the vector environment's rate"
    assert "```console" not in text, "a terminal transcript in the README (docs/cli.md has them)"
