"""
Badugi hand evaluation (rules/badugi.md 2.5).
"""
from __future__ import annotations
import numpy
import numpy.typing
import typing
__all__: list[str] = ['NUM_STRENGTHS', 'analyze', 'strength', 'strength_many']
def analyze(cards: typing.Any) -> dict[str, typing.Any]:
    """
    The fields of a 4-card Badugi hand as a dict (see cardcore.badugi.evaluate).
    
    >>> analyze("As 2h 3d Kd")["ranks"]
    (3, 2, 1)
    """
def strength(cards: typing.Any) -> int:
    """
    Strength of a 4-card Badugi hand: higher wins, equal splits.
    
    >>> strength("As 2h 3d 4c") > strength("Ah 2c 3s 7d")
    True
    """
def strength_many(masks: numpy.ndarray, threads: typing.SupportsInt | typing.SupportsIndex, out: numpy.ndarray | None = None) -> numpy.typing.NDArray[numpy.int32]:
    """
    Strengths of a 1-D C-contiguous uint64 array of 4-card masks, with the GIL released,
    written to ``out`` (int32, same length) when given.
    
    >>> import numpy as np
    >>> strength_many(np.array([15], dtype=np.uint64), 1, None).tolist() == [strength(15)]
    True
    """
NUM_STRENGTHS: int = 1092
