"""
Bai Buu: its engine (docs/rulebook/baibuu.md) and what its binding file adds.
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Game', 'State', 'VectorEnv', 'VectorEnvPart', 'arrangement_low', 'arrangement_score', 'class_of_strength', 'count_player_wins', 'highest_card', 'house_way', 'is_valid', 'ismcts', 'natural', 'optimal_arrangement', 'optimal_summary', 'policy_action', 'reason_names', 'restore_game', 'restore_state', 'settle', 'settle_many', 'simulate', 'simulate_calling', 'simulate_summary', 'spec', 'strategy_probabilities', 'strength', 'strength_many']
class State:
    """
    A Bai Buu round (docs/rulebook/baibuu.md): the engine protocol
    plus arrange() and readable properties. Seats 0 .. n-1 are the player hands, seat n the
    banker.
    
    >>> state = Game(player_hands=2).new_initial_state(seed=4)
    >>> state.to_act, len(state.legal_actions())
    (0, 6)
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
    def arrange(self, low: typing.Any) -> None:
        """
        Arranges the hand to act with these two cards as Low (a player may foul).
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
    def history(self) -> list[int]:
        """
        Every action id applied so far, chance included.
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
    def config(self) -> dict[str, typing.Any]:
        """
        The configuration of the state's game, as its Game's `config`: the keywords of Game(...).
        """
    @property
    def hands(self) -> tuple[typing.Any, ...]:
        """
        Every seat's four cards (the full state, not one player's view).
        """
    @property
    def log(self) -> list[str]:
        """
        Every action so far as 'P0: raise', 'chance: 7h'.
        """
    @property
    def lows(self) -> tuple[typing.Any, ...]:
        """
        Each seat's Low hand once arranged (None before, and for a Natural).
        """
    @property
    def results(self) -> list[dict[str, typing.Any]]:
        """
        The last settled round, per player hand: winner, reason, Low and High results.
        """
    @property
    def round_number(self) -> int:
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
class Game:
    """
    Bai Buu: 1 to 6 player hands against a banker (docs/rulebook/baibuu.md).
    
    One round by default (``hands`` rounds in all), each hand wagering 100 minor units, 3%
    commission on winnings rounded down, the banker arranging by the house way (or acting as
    the last seat with ``banker="agent"``).
    
    >>> game = Game(player_hands=6, wagers=50)
    >>> game.num_players, game.num_distinct_actions
    (7, 6)
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *, player_hands: typing.SupportsInt | typing.SupportsIndex = 1, wagers: int | collections.abc.Iterable[int] | None = None, commission_bp: typing.SupportsInt | typing.SupportsIndex = 300, banker_commission_bp: int | None = None, banker: str = 'house_way', hands: typing.SupportsInt | typing.SupportsIndex = 1, banker_takes_3_4_points: str = 'same_class') -> None:
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
def arrangement_low(holding: typing.SupportsInt | typing.SupportsIndex, index: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The Low hand (mask) of arrangement ``index`` 0-5 of a four-card holding mask.
    
    >>> arrangement_low(15, 5)
    12
    """
def arrangement_score(cards: typing.Any, index: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}) -> int:
    """
    Exact expected return of an arrangement against a house-way banker over every banker
    holding of the other 48 cards, in hundredths of the wager summed over the C(48, 4)
    holdings (a win +97, a loss -100).
    
    >>> arrangement_score("Qs Kh 6c 4d", 0) > arrangement_score("Qs Kh 6c 4d", 2)
    True
    """
def class_of_strength(strength: typing.SupportsInt | typing.SupportsIndex) -> str:
    """
    The class name of a two-card strength.
    
    >>> class_of_strength(12)
    'cong_lon'
    """
def count_player_wins(rounds: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, optimal: bool, threads: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}) -> int:
    """
    Player wins in ``rounds`` random rounds against the house-way banker, the player by the
    house way or the optimal arrangement.
    
    >>> 0 < count_player_wins(1000, 1, False, 1) < 1000
    True
    """
def highest_card(cards: typing.Any) -> int:
    """
    Card id of the highest card by rank (ace high), then suit ♠ > ♥ > ♣ > ♦.
    
    >>> highest_card("Ac Ad")
    48
    """
def house_way(cards: typing.Any) -> int | None:
    """
    The house way's arrangement index 0-5 (docs/rulebook/baibuu.md 3.9), None for a Natural.
    
    >>> house_way("Qs Kh 6c 4d")
    0
    """
def is_valid(low: typing.Any, high: typing.Any) -> bool:
    """
    Whether High is strictly stronger than Low (docs/rulebook/baibuu.md 3.6).
    
    >>> is_valid("4s 5h", "Ks Kh")
    True
    """
def ismcts(state: State, simulations: typing.SupportsInt | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex, rollout: str, seed: typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, horizon: str, memory_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[int, int, list[tuple[int, int, float]]]:
    """
    Information-set MCTS for the player to move (docs/search.md): (action, player, [(action, visits, value sum) for each legal root action]). A terminal state or a chance node is a ValueError; so is a search whose trees may need more than memory_limit bytes (0: half this machine's memory).
    """
def natural(cards: typing.Any) -> str | None:
    """
    The Natural a four-card holding makes, or None.
    
    >>> natural("6s 7s 8s 9s")
    'straight_flush'
    """
def optimal_arrangement(cards: typing.Any, rules: dict[str, typing.Any] = {}) -> int | None:
    """
    The arrangement index maximizing arrangement_score (the house way's on ties), None
    for a Natural; the first call tabulates every holding.
    
    >>> optimal_arrangement("Qs Kh 6c 4d")
    0
    """
def optimal_summary(commission_bp: typing.SupportsInt | typing.SupportsIndex = 300, rules: dict[str, typing.Any] = {}) -> dict[str, typing.Any]:
    """
    Exact figures of the optimal arrangement: holdings it plays differently from the house way,
    and the player's expected return per unit wager under each (a win 1 - commission_bp / 10000).
    
    >>> summary = optimal_summary()
    >>> summary["optimal_return"] >= summary["house_way_return"]
    True
    """
def policy_action(state: State, policy: str, seed: typing.SupportsIndex) -> int:
    """
    The action a built-in policy (one of simulate's names) takes at a player node; `seed` drives its random choices.
    """
def reason_names() -> tuple[str, ...]:
    """
    The names of the settlement reasons, by their code (Settlements.reason).
    """
def restore_game(config: dict[str, typing.Any]) -> Game:
    """
    The game of a `config` dict (how a Game unpickles).
    """
def restore_state(config: dict[str, typing.Any], text: str) -> State:
    """
    The state of a `config` dict and a serialize() string (how a State unpickles).
    """
def settle(banker_cards: typing.SupportsInt | typing.SupportsIndex, banker_low: typing.SupportsInt | typing.SupportsIndex, player_cards: typing.SupportsInt | typing.SupportsIndex, player_low: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}) -> dict[str, typing.Any]:
    """
    Settles one player hand against the banker (masks; a Low of 0 means the house way), under
    the house rules ``rules`` ({"banker_takes_3_4_points": ...}, the Game's keyword).
    
    >>> settle(0xF0000, 0, 0xF, 0)["reason"]
    'player_natural'
    """
def settle_many(banker: numpy.ndarray, player: numpy.ndarray, player_low: numpy.ndarray | None, threads: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}) -> numpy.typing.NDArray[numpy.uint8]:
    """
    Packed outcomes of whole arrays of rounds: bit 0 player wins, bits 1-3 the reason (0 hands,
    1 high_card, 2 player_natural, 3 banker_natural, 4 player_foul), bits 4-5 and 6-7 the Low and High results (0 banker, 1 player, 2 tie, 3 not
    compared).
    
    >>> import numpy as np
    >>> settle_many(np.array([0xF0000], np.uint64), np.array([0xF], np.uint64), None, 1).tolist()
    [245]
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
def strength(cards: typing.Any) -> int:
    """
    Strength 1-25 of a two-card hand: Score p is 1 + p, Công Nhỏ 11, Công Lớn 12,
    a pair 13 (twos) to 25 (aces).
    
    >>> strength("Ah 9c"), strength("2s 2h")
    (11, 13)
    """
def strength_many(masks: numpy.ndarray, threads: typing.SupportsInt | typing.SupportsIndex, out: numpy.ndarray | None = None) -> numpy.typing.NDArray[numpy.int32]:
    """
    Strengths of a 1-D C-contiguous uint64 array of 2-card masks, with the GIL released,
    written to ``out`` (int32, same length) when given.
    
    >>> import numpy as np
    >>> strength_many(np.array([3], dtype=np.uint64), 1, None).tolist() == [strength(3)]
    True
    """
