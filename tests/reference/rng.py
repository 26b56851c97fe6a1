"""The project's generator in plain Python, from its definition (cardcore/core/rng.hpp, and
docs/vector.md for how vector environments use its streams): xoshiro256** whose four state
words come from splitmix64, started at ``seed XOR (0xD1B54A32D192ED03 * (stream + 1))``.

>>> rng = Rng(0)
>>> isinstance(rng.next(), int)
True
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    """Stream ``stream`` of ``seed``."""

    def __init__(self, seed: int, stream: int = 0) -> None:
        sm = (seed ^ (0xD1B54A32D192ED03 * (stream + 1))) & MASK
        words = []
        for _ in range(4):
            sm = (sm + 0x9E3779B97F4A7C15) & MASK
            z = sm
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            words.append(z ^ (z >> 31))
        self.s = words

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result
