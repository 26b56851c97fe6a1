"""Every example in the docstrings runs: the Python modules and the C++ module's functions."""

from __future__ import annotations

import doctest
import importlib
import inspect
import io
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
    "cardcore.cli",
    "cardcore.play",
    "cardcore.simulate",
    "cardcore._core",
    "cardcore._core.buh",
    "cardcore._core.badugi",
    "cardcore._core.baibuu",
    "cardcore._core.baibuu.rollouts",
    "cardcore._core.hucklebuck",
]


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


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
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
    for name in MODULES[1:6]:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", []):
            value = getattr(module, attribute)
            if inspect.isfunction(value) or inspect.isbuiltin(value):
                assert ">>>" in (value.__doc__ or ""), f"{name}.{attribute} has no example"
    assert cardcore.__doc__


def test_readme_examples_run() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    report = io.StringIO()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(readme.read_text(), {}, "README.md", str(readme), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.write)
    assert test.examples and runner.failures == 0, report.getvalue()
