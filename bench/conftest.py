"""Session data for the benchmarks and a terminal section listing their rates."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from workloads import Data, make_data

_RATES = pytest.StashKey[list[str]]()


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Benchmarks run in one process: the test suite's ``-n auto`` (pyproject.toml) would
    make pytest-benchmark disable them, so it is turned off here, as ``-n0`` would."""
    if hasattr(config.option, "numprocesses"):
        config.option.numprocesses = 0


@pytest.fixture(scope="session")
def data() -> Data:
    """The random hands every benchmark runs over, generated once."""
    return make_data()


@pytest.fixture
def record_rate(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Adds a line to the rates section printed at the end of the run."""
    return request.config.stash.setdefault(_RATES, []).append


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    lines = config.stash.get(_RATES, [])
    if lines:
        terminalreporter.section("cardcore rates (fastest round, single thread)")
        for line in lines:
            terminalreporter.write_line(line)
