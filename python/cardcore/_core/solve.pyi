"""
The solver of two-player zero-sum games (docs/solve.md).
"""
from __future__ import annotations
import cardcore.protocol
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Abstraction', 'Mccfr', 'Solution', 'Solver', 'Tree', 'build_tree', 'builtin_policy', 'forget_strategy', 'mccfr', 'read_blueprint', 'register_strategy']
class Abstraction:
    """
    An abstraction of a game's information states into buckets (solve/mccfr.hpp).
    """
    @property
    def buckets(self) -> int:
        """
        Buckets per player, or -1 if unknown.
        """
    @property
    def game(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
class Tree:
    """
    The game tree of a two-player zero-sum game (solve/tree.hpp).
    """
    def best_response(self, policy: typing.Annotated[numpy.typing.ArrayLike, numpy.float64], player: typing.SupportsInt | typing.SupportsIndex) -> tuple[float, list[int]]:
        """
        (value, action per information set, -1 at the other player's) of the best response of `player`.
        """
    def exploitability(self, policy: typing.Annotated[numpy.typing.ArrayLike, numpy.float64]) -> tuple[float, float]:
        """
        (nash_conv, exploitability) of a policy.
        """
    def history(self, infoset: typing.SupportsInt | typing.SupportsIndex) -> list[int]:
        """
        The actions (chance's included) to the first history of an information set.
        """
    def infosets(self) -> list:
        """
        (player, key, legal actions, offset in a policy) of each information set, in the policy's order.
        """
    def policy_value(self, policy: typing.Annotated[numpy.typing.ArrayLike, numpy.float64]) -> float:
        """
        Player 0's expected return when both play the policy.
        """
    def uniform_policy(self) -> numpy.typing.NDArray[numpy.float64]:
        """
        Each information set's legal actions with equal probabilities.
        """
    @property
    def game(self) -> str:
        """
        The game and its configuration: "<name> <config>".
        """
    @property
    def histories(self) -> int:
        """
        Its histories, chance and terminals included.
        """
    @property
    def policy_size(self) -> int:
        ...
class Solver:
    """
    CFR and its variants over a tree (solve/cfr.hpp).
    """
    def __init__(self, tree: Tree, algorithm: str, threads: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def average_policy(self) -> numpy.typing.NDArray[numpy.float64]:
        """
        The normalized cumulative policy.
        """
    def iterate(self, iterations: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        Runs iterations (each a pass for each player), without the GIL.
        """
    @property
    def iterations(self) -> int:
        ...
class Solution:
    """
    A solve's result and its file format (docs/solve.md).
    """
    @staticmethod
    def from_bytes(data: bytes) -> Solution:
        """
        The solution of the file format's bytes; a ValueError saying what is wrong.
        """
    def __init__(self, tree: Tree, policy: typing.Annotated[numpy.typing.ArrayLike, numpy.float64], algorithm: str, iterations: typing.SupportsInt | typing.SupportsIndex, history: collections.abc.Sequence[tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsFloat | typing.SupportsIndex]]) -> None:
        """
        The solution of a policy of a tree, its exploitability measured.
        """
    def policy_of(self, tree: Tree) -> numpy.typing.NDArray[numpy.float64]:
        """
        The policy as a policy array of `tree` (a ValueError when it is not the tree's game's).
        """
    def to_bytes(self) -> bytes:
        """
        The file format's bytes.
        """
    @property
    def algorithm(self) -> str:
        ...
    @property
    def exploitability(self) -> float:
        ...
    @property
    def game(self) -> str:
        ...
    @property
    def history(self) -> list[tuple[int, float]]:
        ...
    @property
    def iterations(self) -> int:
        ...
    @property
    def nash_conv(self) -> float:
        ...
    @property
    def policy(self) -> list:
        """
        (player, key, actions, probabilities) of each information set.
        """
    @property
    def uniform_elsewhere(self) -> bool:
        """
        Whether the information sets it does not list play uniformly (a sampled solve's).
        """
class Mccfr:
    """
    Monte Carlo CFR over a game's engine (solve/mccfr.hpp).
    """
    def blueprint(self) -> bytes:
        """
        The average strategy as a blueprint file's bytes (solve/blueprint.hpp).
        """
    def iterate(self, iterations: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        Runs iterations (each a traversal for each player), without the GIL.
        """
    def load(self, path: str) -> None:
        """
        Resumes from a checkpoint; a ValueError saying what is wrong.
        """
    def save(self, path: str) -> None:
        """
        Writes a checkpoint.
        """
    def solution(self) -> Solution:
        """
        The average strategy as a Solution.
        """
    @property
    def bytes(self) -> int:
        """
        The bytes its tables take.
        """
    @property
    def information_sets(self) -> int:
        ...
    @property
    def iterations(self) -> int:
        ...
    @property
    def round(self) -> int:
        """
        The iterations of a round of its threads.
        """
def build_tree(game: cardcore.protocol.Game, max_nodes: typing.SupportsInt | typing.SupportsIndex, max_bytes: typing.SupportsInt | typing.SupportsIndex) -> Tree:
    """
    The tree of a game, refused (a ValueError giving the estimated nodes and memory) above the limits.
    """
def builtin_policy(game: cardcore.protocol.Game, tree: Tree, name: str) -> numpy.typing.NDArray[numpy.float64]:
    """
    A built-in policy's probabilities at each information set of the tree.
    """
def forget_strategy(token: str) -> None:
    """
    Forgets a registered strategy (choosers already made from it keep it).
    """
def mccfr(game: cardcore.protocol.Game, abstraction: Abstraction | None, algorithm: str, seed: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, memory: typing.SupportsInt | typing.SupportsIndex) -> Mccfr:
    """
    A Monte Carlo CFR run over the game (abstraction None: the identity).
    """
def read_blueprint(data: bytes) -> dict:
    """
    The header of a blueprint file's bytes (game, abstraction, iterations, sets); a ValueError if invalid.
    """
def register_strategy(solution: Solution) -> str:
    """
    Registers a solution's policy as a player for this process: its token, which every built-in policy's place takes.
    """
