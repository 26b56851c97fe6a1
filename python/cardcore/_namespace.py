"""What ``dir()`` shows of a public module: its API (``__all__``), not its imports."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def public_dir(names: Sequence[str]) -> Callable[[], list[str]]:
    """A module's ``__dir__`` (PEP 562) listing only ``names``.

    >>> public_dir(["b", "a"])()
    ['a', 'b']
    """
    return lambda: sorted(names)
