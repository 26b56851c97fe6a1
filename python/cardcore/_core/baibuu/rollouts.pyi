"""
Bai Buu rollouts through the engine.
"""
from __future__ import annotations
import cardcore._core.baibuu
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['policy_action', 'simulate', 'simulate_calling']
def policy_action(state: cardcore._core.baibuu.State, policy: str, seed: typing.SupportsIndex) -> int:
    """
    The action a built-in policy (one of simulate's names) takes at a player node; `seed` drives its random choices.
    """
def simulate(game: cardcore._core.baibuu.Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], threads: typing.SupportsInt | typing.SupportsIndex) -> tuple[numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    Returns of rounds [begin, end) played through States, each seat arranging by
    'house_way', 'optimal' or 'random' (an agent banker by 'house_way' or 'random').
    
    >>> from cardcore._core.baibuu import Game
    >>> returns, counts = simulate(Game(player_hands=2), 0, 4, 1, ["optimal", "random", "house_way"], 1)
    >>> returns.shape, counts["rounds"]
    ((4, 3), 4)
    """
def simulate_calling(game: cardcore._core.baibuu.Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[typing.Any]) -> tuple[numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    simulate's games [begin, end) on one thread with the GIL held, seat s choosing by policies[s]: a built-in name, or a callable that takes the state (a copy) and returns a legal action id.
    """
