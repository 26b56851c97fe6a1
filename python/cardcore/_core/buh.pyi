"""
Buh hand evaluation (rules/buh.md 1.5).
"""
from __future__ import annotations
import numpy
import numpy.typing
import typing
__all__: list[str] = ['NUM_STRENGTHS', 'analyze', 'strength', 'strength_many']
def analyze(cards: typing.Any) -> dict[str, typing.Any]:
    """
    The fields of a 2-, 3- or 4-card Buh hand as a dict (see cardcore.buh.evaluate).
    
    >>> analyze("As Ah")["hand_class"]
    'buh'
    """
def strength(cards: typing.Any) -> int:
    """
    Showdown strength of a 4-card Buh hand: higher wins, equal is a choke.
    
    >>> strength("Ah Ac Ad As") > strength("Ad Jc Qh Ks")
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
NUM_STRENGTHS: int = 324
