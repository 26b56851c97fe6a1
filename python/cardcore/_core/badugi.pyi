"""
Badugi: its engine (docs/rulebook/badugi.md) and what its binding file adds.
"""
from __future__ import annotations
import cardcore._core.solve
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['Game', 'NUM_STRENGTHS', 'State', 'VectorEnv', 'VectorEnvPart', 'abstraction', 'analyze', 'blueprint_probabilities', 'draw_counts', 'estimate_leaves', 'is_legal_discard', 'ismcts', 'odds_classes', 'odds_strengths', 'policy_action', 'raw_showdown_loop', 'restore_game', 'restore_state', 'showdown_exact', 'showdown_monte_carlo', 'simulate', 'simulate_calling', 'simulate_summary', 'spec', 'strategy_probabilities', 'strength', 'strength_many']
class State:
    """
    A Badugi state (docs/rulebook/badugi.md): the engine protocol
    plus named verbs and readable properties.
    
    >>> game = Game()
    >>> state = game.new_initial_state(seed=3)
    >>> state.current_player(), state.street
    (0, 'bet 1 (pre-draw)')
    >>> state.check_or_call(); state.check_or_call()
    >>> state.street
    'draw 1'
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
    def bet_or_raise(self) -> None:
        """
        Bets or raises one unit (all-in if short).
        """
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """
        (card id, probability) for each card of the stock at a chance node.
        """
    def check_or_call(self) -> None:
        """
        Checks, or calls what is owed (all-in if short).
        """
    def clone(self) -> State:
        """
        An independent copy.
        """
    def current_player(self) -> int:
        """
        The seat to act, CHANCE (-1) at a chance node or TERMINAL (-4) at the end.
        """
    def discard(self, cards: typing.Any = None) -> None:
        """
        Throws these cards of the hand to act and draws as many (none: no card).
        """
    def fold(self) -> None:
        """
        Folds.
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
    def stand(self) -> None:
        """
        Draws no card.
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
    def bets(self) -> tuple[int, int]:
        """
        Chips each seat put in this betting round.
        """
    @property
    def button(self) -> int:
        """
        The dealer's seat (small blind).
        """
    @property
    def config(self) -> dict[str, typing.Any]:
        """
        The configuration of the state's game, as its Game's `config`: the keywords of Game(...).
        """
    @property
    def dead_cards(self) -> typing.Any:
        """
        The cards burned or discarded this hand.
        """
    @property
    def hand_number(self) -> int:
        ...
    @property
    def hands(self) -> tuple[typing.Any, typing.Any]:
        """
        Both hands (the full state, not one player's view).
        """
    @property
    def log(self) -> list[str]:
        """
        Every action so far as 'P0: raise', 'chance: 7h'.
        """
    @property
    def pot(self) -> int:
        ...
    @property
    def stacks(self) -> tuple[int, int]:
        ...
    @property
    def stock(self) -> typing.Any:
        """
        The cards still to be dealt.
        """
    @property
    def street(self) -> str:
        ...
    @property
    def to_act(self) -> int | None:
        """
        The seat to act, or None at a chance node or the end.
        """
class Game:
    """
    Heads-up fixed-limit triple draw Badugi (docs/rulebook/badugi.md).
    
    The default is one hand with 100-chip stacks, blinds 1/2, bets 2/4 and one bet plus three
    raises a round; ``hands=12`` plays the source's match over persistent stacks.
    
    >>> game = Game(hands=12)
    >>> game.num_players, game.num_distinct_actions, game.max_chance_outcomes
    (2, 21, 52)
    >>> state = game.new_initial_state()  # explicit chance nodes
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 52)
    """
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __hash__(self) -> int:
        ...
    def __init__(self, *, stacks: int | collections.abc.Iterable[int] | None = None, small_blind: typing.SupportsInt | typing.SupportsIndex = 1, big_blind: typing.SupportsInt | typing.SupportsIndex = 2, small_bet: typing.SupportsInt | typing.SupportsIndex = 2, big_bet: typing.SupportsInt | typing.SupportsIndex = 4, max_raises: typing.SupportsInt | typing.SupportsIndex = 3, hands: typing.SupportsInt | typing.SupportsIndex = 1, first_dealer: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
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
def _abstraction_bucket(state: State, player: typing.SupportsInt | typing.SupportsIndex) -> tuple[int, str, int]:
    """
    (bucket, key, fixed action or -1) of the abstraction at a decision of `player` (for the tests).
    """
def _set_blueprint_path(path: str) -> None:
    """
    The blueprint policy's file, read at its first use (the package sets it at import).
    """
def abstraction() -> cardcore._core.solve.Abstraction:
    """
    The Badugi abstraction for MCCFR (docs/solve.md, "The Badugi abstraction").
    """
def analyze(cards: typing.Any) -> dict[str, typing.Any]:
    """
    The fields of a 4-card Badugi hand as a dict (see cardcore.badugi.evaluate).
    
    >>> analyze("As 2h 3d Kd")["ranks"]
    (3, 2, 1)
    """
def blueprint_probabilities(state: State) -> dict:
    """
    The ``blueprint`` policy's probability of each legal action of the player to act
    (docs/solve.md, "The Badugi blueprint"): what it draws its action from.
    """
def draw_counts(hand: typing.Any, discard: typing.Any, dead: typing.Any = None, rules: dict[str, typing.Any] = {}) -> numpy.typing.NDArray[numpy.uint64]:
    """
    The number of draws after which the hand has each strength (index 0 unused), over
    every replacement of ``discard`` from the unseen cards (see draw_odds).
    
    >>> int(draw_counts(15, 1).sum())
    48
    """
def estimate_leaves(hands: collections.abc.Sequence[typing.Any], discards: collections.abc.Sequence[typing.Any], dead: typing.Any, draws_left: typing.SupportsInt | typing.SupportsIndex, paths: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}, ranges: typing.Any = None) -> float:
    """
    An estimate (Knuth's, over ``paths`` random paths) of the showdowns showdown_exact
    would enumerate; heads-up with one draw left and both hands drawing, the exact count of
    the steps of its inclusion-exclusion instead (a step a draw of a hand and subset of it);
    times the product of the ranges' sizes.
    
    >>> estimate_leaves([15, 15 << 4], [1, 0], None, 1, 8, 0)
    44.0
    >>> estimate_leaves([15, 15 << 4], [1, 1 << 4], None, 1, 8, 0)
    176.0
    """
def is_legal_discard(hand: typing.Any, discard: typing.Any, rules: dict[str, typing.Any] = {}) -> bool:
    """
    Whether ``discard`` is a legal draw from ``hand`` (fewer than four cards:
    whatever cards complete it first).
    
    >>> is_legal_discard(15, 1)
    True
    """
def ismcts(state: State, simulations: typing.SupportsInt | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex, rollout: str, seed: typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, horizon: str, memory_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[int, int, list[tuple[int, int, float]]]:
    """
    Information-set MCTS for the player to move (docs/search.md): (action, player, [(action, visits, value sum) for each legal root action]). A terminal state or a chance node is a ValueError; so is a search whose trees may need more than memory_limit bytes (0: half this machine's memory).
    """
def odds_classes(rules: dict[str, typing.Any] = {}) -> list[str]:
    """
    The class name of each strength 1 .. num_strengths, in order (draw_odds groups by them).
    
    >>> len(odds_classes()) == NUM_STRENGTHS
    True
    """
def odds_strengths(rules: dict[str, typing.Any] = {}) -> numpy.typing.NDArray[numpy.uint16]:
    """
    The strength of every four-card hand, in colex order (the order of ``all_hands(4)``).
    
    >>> len(odds_strengths())
    270725
    """
def policy_action(state: State, policy: str, seed: typing.SupportsIndex) -> int:
    """
    The action a built-in policy (one of simulate's names) takes at a player node; `seed` drives its random choices.
    """
def raw_showdown_loop(a: numpy.ndarray, b: numpy.ndarray, rules: dict[str, typing.Any] = {}) -> tuple[int, float]:
    """
    Wins of a minus wins of b over pre-drawn four-card hands: two table lookups and a
    compare per pair, the baseline of bench/odds.py; with the seconds the loop took.
    
    >>> import numpy as np
    >>> raw_showdown_loop(np.array([15], dtype=np.uint64), np.array([15 << 4], dtype=np.uint64))[0]
    1
    """
def restore_game(config: dict[str, typing.Any]) -> Game:
    """
    The game of a `config` dict (how a Game unpickles).
    """
def restore_state(config: dict[str, typing.Any], text: str) -> State:
    """
    The state of a `config` dict and a serialize() string (how a State unpickles).
    """
def showdown_exact(hands: collections.abc.Sequence[typing.Any], discards: collections.abc.Sequence[typing.Any], dead: typing.Any, draws_left: typing.SupportsInt | typing.SupportsIndex, max_leaves: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}, ranges: typing.Any = None) -> tuple[bool, list[float], numpy.typing.NDArray[numpy.float64]]:
    """
    (done, shares, strength distribution of hand 0) of hands that draw and show down,
    every replacement enumerated; done is False when more than max_leaves showdowns were needed.
    A hand of no cards is a random hand, one of fewer than four is dealt the rest before the
    draws, and ``ranges`` (None, or an entry a hand: None or a uint64 array of four-card
    masks, that hand given as 0) makes a hand one of a range's, every choice of the ranges'
    hands that shares no card with the others weighted alike.
    
    >>> showdown_exact([15, 15 << 4], [None, None], None, 0, 10)[1]
    [1.0, 0.0]
    """
def showdown_monte_carlo(hands: collections.abc.Sequence[typing.Any], discards: collections.abc.Sequence[typing.Any], dead: typing.Any, draws_left: typing.SupportsInt | typing.SupportsIndex, samples: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, rules: dict[str, typing.Any] = {}, ranges: typing.Any = None) -> dict[str, typing.Any]:
    """
    Sums over ``samples`` random showdowns (sample i drawn with its own generator of
    ``seed``, so the sums do not depend on ``threads``): each hand's pot share and squared share
    in ``share_units``, and hand 0's final strength counts.
    
    >>> showdown_monte_carlo([15, 15 << 4], [None, None], None, 0, 3, 0, 1)["share_sum"]
    [2520, 0]
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
