"""
Bai Buu rollouts through the engine.
"""
from __future__ import annotations
import cardcore._core.baibuu
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['VectorEnv', 'VectorEnvPart', 'ismcts', 'policy_action', 'simulate', 'simulate_calling', 'simulate_summary']
class VectorEnv:
    """
    num_envs states of this game stepped together in C++ (cardcore.VectorEnv wraps it; docs/vector.md).
    """
    def __init__(self, game: cardcore._core.baibuu.Game, num_envs: typing.SupportsInt | typing.SupportsIndex, seat: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], information_state: bool, threads: typing.SupportsInt | typing.SupportsIndex, rotate_dealer: bool) -> None:
        ...
    def outputs(self) -> tuple[numpy.typing.NDArray[numpy.float32], numpy.typing.NDArray[numpy.bool], numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.float32], numpy.typing.NDArray[numpy.bool], numpy.typing.NDArray[numpy.float32]]:
        """
        The output arrays: observation, legal_mask, current_player, rewards, terminated, episode_returns.
        """
    def reset(self, seed: typing.SupportsIndex | None) -> None:
        """
        Starts a new episode in every env (a seed restarts every env's stream).
        """
    def reset_each(self, seeds: collections.abc.Sequence[typing.SupportsIndex | None]) -> None:
        """
        Starts a new episode in every env: env i restarts stream i of seeds[i], or continues its stream where seeds[i] is None.
        """
    def state(self, i: typing.SupportsInt | typing.SupportsIndex) -> cardcore._core.baibuu.State:
        """
        A copy of env i's current state.
        """
    def step(self, actions: numpy.ndarray) -> None:
        """
        Steps every env; an illegal action is a ValueError and changes no env.
        """
    def step_async(self, actions: numpy.ndarray) -> None:
        """
        Starts step(actions) on a background thread and returns at once; step_wait() collects it. An illegal action is a ValueError and starts nothing.
        """
    def step_wait(self) -> None:
        """
        Waits for the step that step_async started.
        """
    @property
    def num_envs(self) -> int:
        ...
    @property
    def threads(self) -> int:
        ...
class VectorEnvPart:
    """
    Envs [first, last) of a VectorEnv, stepped asynchronously on its threads (cardcore.VectorEnv.split wraps it; docs/vector.md).
    """
    def __init__(self, parent: typing.Any, first: typing.SupportsInt | typing.SupportsIndex, last: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def step_async(self, actions: numpy.ndarray) -> None:
        """
        Starts stepping the part's envs (actions[i] for env first + i) on the VectorEnv's threads and returns at once; step_wait() takes what is left and waits. An illegal action is a ValueError and starts nothing.
        """
    def step_wait(self) -> None:
        """
        Ends the step that step_async started.
        """
    @property
    def in_flight(self) -> bool:
        ...
def ismcts(state: cardcore._core.baibuu.State, simulations: typing.SupportsInt | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex, rollout: str, seed: typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, horizon: str, memory_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[int, int, list[tuple[int, int, float]]]:
    """
    Information-set MCTS for the player to move (docs/search.md): (action, player, [(action, visits, value sum) for each legal root action]). A terminal state or a chance node is a ValueError; so is a search whose trees may need more than memory_limit bytes (0: half this machine's memory).
    """
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
def simulate_summary(game: cardcore._core.baibuu.Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], threads: typing.SupportsInt | typing.SupportsIndex, low: typing.SupportsFloat | typing.SupportsIndex, high: typing.SupportsFloat | typing.SupportsIndex, bins: typing.SupportsInt | typing.SupportsIndex) -> tuple[numpy.typing.NDArray[numpy.float64], numpy.typing.NDArray[numpy.float64], numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    simulate's games [begin, end) summarized in constant memory: (mean, m2, ahead, histogram, totals, counts), where m2 is each seat's sum of squared deviations from its mean, ahead the games it ended above zero, histogram[seat] its returns in `bins` equal bins over [low, high) (outside values in the end bins) and totals[b] each seat's total after the (b + 1)th block of 1024 games.
    """
