"""pytest-benchmark runs of every workload in ``workloads.py``, baselines included.

Rates go to ``extra_info`` (``hands_per_second``, ``rounds_per_second`` or
``calls_per_second``) for ``--benchmark-json`` and to a section at the end of the run.
Targets are not asserted; ``report.py`` checks them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from workloads import WORKLOADS, Data, format_rate


@pytest.mark.parametrize("name", WORKLOADS)
def test_bench(
    benchmark: BenchmarkFixture, data: Data, record_rate: Callable[[str], None], name: str
) -> None:
    workload = WORKLOADS[name]
    size = workload.size(data)
    benchmark.group = f"{size:,} {workload.unit}"  # rounds of one group take comparable times
    benchmark.extra_info["what"] = workload.label
    benchmark.pedantic(workload.run, args=(data,), rounds=5, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:  # --benchmark-disable: ran once, untimed
        return
    rate = size / benchmark.stats.stats.min
    benchmark.extra_info[f"{workload.unit}_per_second"] = rate
    record_rate(f"{workload.label:<32} {format_rate(rate, workload.unit):>20}")
