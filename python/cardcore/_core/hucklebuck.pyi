"""
Hucklebuck: its engine (docs/rulebook/hucklebuck.md) and what its binding file adds.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Game', 'State', 'VectorEnv', 'VectorEnvPart', 'ismcts', 'legal_plays', 'policy_action', 'restore_game', 'restore_state', 'simulate', 'simulate_calling', 'simulate_summary', 'spec', 'strategy_probabilities', 'trick_winner']
class State:
    """
    A Hucklebuck state (docs/rulebook/hucklebuck.md): the engine protocol
    plus named verbs and readable properties.
    
    >>> state = Game(players=5).new_initial_state(seed=1)
    >>> state.phase, state.to_act
    ('in or out', 1)
    """
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, memo: typing.Any) -> State:
        ...
    def __reduce__(self) -> tuple[typing.Any, tuple[dict[str, typing.Any], str]]:
        ...
    def __repr__(self) -> str:
        ...
    def _repr_svg_(self) -> str:
        """
        The omniscient picture (every card shown) that Jupyter displays for a state.
        """
    def action_to_string(self, action: typing.SupportsIndex, viewer: typing.SupportsIndex | None = None) -> str:
        """
        The canonical string of an action id at this state; with a `viewer` seat, the action as that seat sees it: another seat's face-down cards (a discard, an exchange, an arrangement) only counted, "discard 2 cards".
        """
    def apply_action(self, action: typing.SupportsIndex) -> None:
        """
        Applies an action id; an illegal one is a ValueError and changes nothing.
        """
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """
        (card id, probability) for each card of the stock at a chance node.
        """
    def clone(self) -> State:
        """
        An independent copy.
        """
    def current_player(self) -> int:
        """
        The seat to act, CHANCE (-1) at a chance node or TERMINAL (-4) at the end.
        """
    def exchange(self, cards: typing.Any = None) -> None:
        """
        Throws these cards of the hand to act and draws as many (none: no card).
        """
    def history(self) -> list[int]:
        """
        Every action id applied so far, chance included.
        """
    def in_(self) -> None:
        """
        Stays in the hand.
        """
    def information_state_string(self, player: typing.SupportsIndex | None = None) -> str:
        """
        What `player` (by default the player to act) knows, as text: the observation and his cards at each stage.
        """
    def information_state_tensor(self, player: typing.SupportsIndex | None = None) -> numpy.typing.NDArray[numpy.float32]:
        """
        The observation plus the player's own cards at each stage of the hand (by default the player to act's).
        """
    def is_chance_node(self) -> bool:
        ...
    def is_terminal(self) -> bool:
        ...
    def legal_actions(self) -> list[int]:
        """
        Legal action ids: the stock's card ids at a chance node, none at the end.
        """
    def legal_actions_mask(self) -> numpy.typing.NDArray[numpy.bool]:
        """
        The legal actions as a bool array, True at each legal id: num_distinct_actions entries at a player node (all False at the end), 52 (the card ids) at a chance node.
        """
    def observation_string(self, player: typing.SupportsIndex | None = None) -> str:
        """
        What `player` (by default the player to act) sees, as text.
        """
    def observation_tensor(self, player: typing.SupportsIndex | None = None) -> numpy.typing.NDArray[numpy.float32]:
        """
        The observation of `player` (by default the player to act) as a float32 vector (layout in the game's docs).
        """
    def out(self) -> None:
        """
        Drops out of the hand.
        """
    def pass_(self) -> None:
        """
        Draws no card.
        """
    def play(self, card: typing.Any) -> None:
        """
        Plays a card of the hand to act (following suit when it can).
        """
    def resample_from_infostate(self, player: typing.SupportsIndex, seed: typing.SupportsIndex) -> State:
        """
        A state `player` cannot tell from this one: every card hidden from him drawn again.
        """
    def returns(self) -> list[float]:
        """
        Chips won or lost per seat over the hands completed.
        """
    def rewards(self) -> list[float]:
        """
        The result of the hand the last action completed, else zeros.
        """
    def serialize(self) -> str:
        """
        The state as a string (configuration, chance mode, history).
        """
    def string_to_action(self, text: str) -> int:
        """
        The action id of a canonical string (cards in any order and spelling).
        """
    def to_svg(self, viewer: int | None = None, *, theme: str = 'light', scale: typing.SupportsFloat | typing.SupportsIndex = 1.0) -> str:
        """
        The picture of this state as seat `viewer` sees it (None: every card shown), as SVG text; `theme` is "light" or "dark", `scale` multiplies its size (cardcore.picture, docs/pictures.md).
        """
    def view(self, viewer: int | None = None) -> dict[str, typing.Any]:
        """
        What seat `viewer` may see of this state as JSON-ready data, or everything when `viewer` is None (cardcore.view, docs/views.md).
        """
    def why_illegal(self, action: typing.SupportsIndex) -> str | None:
        """
        None when the action id is legal here, else why not, in a player's words ("facing a bet you cannot check: call, raise or fold").
        """
    @property
    def active(self) -> tuple[bool, ...]:
        """
        Whether each seat plays this hand (has not dropped out).
        """
    @property
    def button(self) -> int:
        """
        The dealer's seat.
        """
    @property
    def config(self) -> dict[str, typing.Any]:
        """
        The configuration of the state's game, as its Game's `config`: the keywords of Game(...).
        """
    @property
    def dead_cards(self) -> typing.Any:
        """
        The discard pile, the upcard (unless a player drew it) and every card played this hand.
        """
    @property
    def hand_number(self) -> int:
        ...
    @property
    def hands(self) -> tuple[typing.Any, ...]:
        """
        Every hand (the full state, not one player's view).
        """
    @property
    def log(self) -> list[str]:
        """
        Every action so far as 'P0: raise', 'chance: 7h'.
        """
    @property
    def phase(self) -> str:
        """
        The part of the hand in play: in or out, exchange, play or over.
        """
    @property
    def scores(self) -> tuple[int, ...]:
        ...
    @property
    def stock(self) -> typing.Any:
        """
        The cards still to be dealt.
        """
    @property
    def to_act(self) -> int | None:
        """
        The seat to act, or None at a chance node or the end.
        """
    @property
    def trick(self) -> list[tuple[int, str]]:
        """
        The trick in play as (seat, card) in play order.
        """
    @property
    def tricks(self) -> tuple[int, ...]:
        """
        Tricks each seat took this hand.
        """
    @property
    def trump(self) -> str | None:
        """
        The trump suit letter (None before the upcard).
        """
    @property
    def upcard(self) -> typing.Any:
        """
        The turned-up card, whose suit is trump (None before it is turned).
        """
    @property
    def winner(self) -> int | None:
        """
        The winner of a game played to the target (None before the end, or for a draw).
        """
class Game:
    """
    Hucklebuck for 3 to 7 players (docs/rulebook/hucklebuck.md).
    
    One hand by default, scores starting from ``scores`` (returns are the score changes);
    ``hands=None`` plays the game to ``target`` (11), capped at ``max_hands``, returning +1 for
    the winner and -1/(n-1) for each other player.
    
    >>> game = Game(players=5, hands=None)
    >>> game.num_players, game.num_distinct_actions
    (5, 86)
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *, players: typing.SupportsInt | typing.SupportsIndex = 4, target: typing.SupportsInt | typing.SupportsIndex = 11, scores: int | collections.abc.Iterable[int] | None = None, hands: int | None = 1, max_hands: typing.SupportsInt | typing.SupportsIndex = 200, first_dealer: typing.SupportsInt | typing.SupportsIndex = 0, game_end: str = 'end_of_hand', upcard: str = 'set_aside') -> None:
        ...
    def __reduce__(self) -> tuple[typing.Any, tuple[dict[str, typing.Any]]]:
        ...
    def __repr__(self) -> str:
        ...
    def deserialize_state(self, text: str) -> State:
        """
        The state a serialize() string describes; a corrupt one is a ValueError.
        """
    def new_initial_state(self, seed: typing.SupportsIndex | None = None) -> State:
        """
        A new state; with a seed chance is sampled inside, without one it is explicit.
        """
    @property
    def acting_players(self) -> int:
        """
        The seats whose decisions a player outside the engine makes (seats 0 to n-1).
        """
    @property
    def config(self) -> dict[str, typing.Any]:
        ...
    @property
    def information_state_segments(self) -> list[tuple[str, int, int, float, float]]:
        """
        The information state tensor's segments: (name, offset, size, low, high), in order.
        """
    @property
    def information_state_tensor_shape(self) -> list[int]:
        ...
    @property
    def max_chance_outcomes(self) -> int:
        ...
    @property
    def max_game_length(self) -> int:
        ...
    @property
    def max_utility(self) -> float:
        ...
    @property
    def min_utility(self) -> float:
        ...
    @property
    def num_distinct_actions(self) -> int:
        ...
    @property
    def num_players(self) -> int:
        ...
    @property
    def observation_segments(self) -> list[tuple[str, int, int, float, float]]:
        """
        The observation tensor's segments: (name, offset, size, low, high), in order.
        """
    @property
    def observation_tensor_shape(self) -> list[int]:
        ...
    @property
    def utility(self) -> str:
        """
        'zero_sum' when the returns of this configuration always sum to zero, else 'general_sum'.
        """
class VectorEnv:
    """
    num_envs states of this game stepped together in C++ (cardcore.VectorEnv wraps it; docs/vector.md).
    """
    def __init__(self, game: Game, num_envs: typing.SupportsInt | typing.SupportsIndex, seat: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], information_state: bool, threads: typing.SupportsInt | typing.SupportsIndex, rotate_dealer: bool) -> None:
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
    def state(self, i: typing.SupportsInt | typing.SupportsIndex) -> State:
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
def ismcts(state: State, simulations: typing.SupportsInt | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex, rollout: str, seed: typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, horizon: str, memory_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[int, int, list[tuple[int, int, float]]]:
    """
    Information-set MCTS for the player to move (docs/search.md): (action, player, [(action, visits, value sum) for each legal root action]). A terminal state or a chance node is a ValueError; so is a search whose trees may need more than memory_limit bytes (0: half this machine's memory).
    """
def legal_plays(hand: typing.Any, led_suit: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Mask of the cards of ``hand`` that may be played; led_suit -1 when leading.
    
    >>> legal_plays("Ks 4s 9h 2c 7d", 3) == 1 << 11 | 1 << 47  # 4s and Ks
    True
    """
def policy_action(state: State, policy: str, seed: typing.SupportsIndex) -> int:
    """
    The action a built-in policy (one of simulate's names) takes at a player node; `seed` drives its random choices.
    """
def restore_game(config: dict[str, typing.Any]) -> Game:
    """
    The game of a `config` dict (how a Game unpickles).
    """
def restore_state(config: dict[str, typing.Any], text: str) -> State:
    """
    The state of a `config` dict and a serialize() string (how a State unpickles).
    """
def simulate(game: Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], threads: typing.SupportsInt | typing.SupportsIndex, shortcut: bool = True, deal: str = 'stock', control_variates: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    Returns of games [begin, end) played in C++, seat s by the built-in policy policies[s] (the game's SPEC.policies), and the games' counts. With `shortcut`, policies that the game can play without States (its Spec's shortcut) are played that way, to the same results (deal='stock' only, no control variates). `deal`: 'stock' deals from the seeded state's generator; 'seats' gives each seat (and each other destination of a card) its own stream of the game's seed, so that a seat gets the same cards whoever sits there (duplicate matches). `control_variates`: with k > 0 playouts an outcome, each return is corrected by the control variates of the cards dealt and of the decisions whose probabilities are known (docs/match.md): the same means, and less spread once k is large enough (with too few playouts, their own noise adds more than they take out).
    """
def simulate_calling(game: Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[typing.Any], deal: str = 'stock') -> tuple[numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    simulate's games [begin, end) on one thread with the GIL held, seat s choosing by policies[s]: a built-in name, or a callable that takes the state (a copy) and returns a legal action id. `deal`: 'stock' deals from the seeded state's generator; 'seats' gives each seat (and each other destination of a card) its own stream of the game's seed, so that a seat gets the same cards whoever sits there (duplicate matches).
    """
def simulate_summary(game: Game, begin: typing.SupportsInt | typing.SupportsIndex, end: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, policies: collections.abc.Sequence[str], threads: typing.SupportsInt | typing.SupportsIndex, low: typing.SupportsFloat | typing.SupportsIndex, high: typing.SupportsFloat | typing.SupportsIndex, bins: typing.SupportsInt | typing.SupportsIndex, deal: str = 'stock', control_variates: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[numpy.typing.NDArray[numpy.float64], numpy.typing.NDArray[numpy.float64], numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.int64], numpy.typing.NDArray[numpy.float64], dict[str, int]]:
    """
    simulate's games [begin, end) summarized in constant memory: (mean, m2, ahead, histogram, totals, counts), where m2 is each seat's sum of squared deviations from its mean, ahead the games it ended above zero, histogram[seat] its returns in `bins` equal bins over [low, high) (outside values in the end bins) and totals[b] each seat's total after the (b + 1)th block of 1024 games. `deal`: 'stock' deals from the seeded state's generator; 'seats' gives each seat (and each other destination of a card) its own stream of the game's seed, so that a seat gets the same cards whoever sits there (duplicate matches). `control_variates`: with k > 0 playouts an outcome, each return is corrected by the control variates of the cards dealt and of the decisions whose probabilities are known (docs/match.md): the same means, and less spread once k is large enough (with too few playouts, their own noise adds more than they take out).
    """
def spec() -> dict[str, typing.Any]:
    """
    The game's spec as plain data (cardcore's GameSpec).
    """
def strategy_probabilities(state: State, token: str) -> dict:
    """
    Each legal action's probability at a decision by the registered strategy `token` (Strategy.native_name), looked up as its C++ players look it up.
    """
def trick_winner(plays: collections.abc.Iterable[typing.Any], trump: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    Index of the winning play (lead first, a list of cards or a string of them); trump is a
    suit index 0-3 (c d h s).
    
    >>> trick_winner(["7s", "Ks", "2h", "As"], 2)
    2
    """
