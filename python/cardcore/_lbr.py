"""Local best response (docs/solve.md, "Local best response"): the machinery behind
:func:`cardcore.solve.local_best_response`. It plays one seat of a two-player zero-sum game
against a policy whose action probabilities are known, keeping the policy's range (the
worlds the other seat may be in, weighted by how likely the policy was to play as it did)
and choosing at each of its decisions the action of highest value when the rest of the hand
is checked and called down. It reads only the engine protocol (docs/design.md) and the
betting words of ``action_to_string``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcore._checks import shown
from cardcore._registry import module_of
from cardcore.search import NAME as SEARCH
from cardcore.search import policy_text
from cardcore.solve import Solution, Strategy, _checked_probabilities, _not_a_policy

Probabilities = Callable[[Any], Mapping[int, float]]

Choices = Callable[[Any], list[tuple[int, float]]]
"""A step's hidden choices in a world: (action, weight factor) pairs."""


def probabilities_of(game: Any, policy: object) -> Probabilities:
    """``state -> {legal action: probability}`` of a policy: a Strategy (or Solution), the
    uniform ``random``, a built-in policy whose probabilities its game's module gives
    (``POLICY_PROBABILITIES``: Badugi's ``blueprint``), another built-in policy, which is
    deterministic (its action with probability 1), the search (:func:`searched`), or a
    callable whose answers are checked as the solver checks them."""
    module = module_of(game)
    if isinstance(policy, Solution):
        policy = policy.policy
    if isinstance(policy, Strategy):
        return policy.action_probabilities
    if isinstance(policy, str) and policy == "random":
        def uniform(state: Any) -> dict[int, float]:
            legal = state.legal_actions()
            return dict.fromkeys(legal, 1 / len(legal))
        return uniform
    known: Mapping[str, Probabilities] = getattr(module, "POLICY_PROBABILITIES", {})
    if isinstance(policy, str) and policy in known:
        return known[policy]
    if (isinstance(policy, str) and policy in module.SPEC.policies
            and policy not in module.SPEC.random_policies):
        # A built-in policy the spec does not list as random takes one action per state.
        def one_hot(state: Any) -> dict[int, float]:
            return {int(module.policy_action(state, policy)): 1.0}
        return one_hot
    if isinstance(policy, (str, tuple)):
        native = policy_text(policy, module.SPEC)  # bad search options are a ValueError here
        if native is not None and native.split(":")[0] == SEARCH:
            return searched(module, policy)
        raise ValueError(
            f"local best response needs a policy's probabilities, and {shown(policy)} is "
            f"not a policy of {module.SPEC.name} with known probabilities: expected a "
            f"Strategy, {', '.join(module.SPEC.policies)}, the search ('{SEARCH}' or "
            f"('{SEARCH}', {{...}})) or a callable state -> {{action: probability}}")
    if not callable(policy):
        raise _not_a_policy(policy)
    function = policy

    def checked(state: Any) -> dict[int, float]:
        legal = state.legal_actions()
        key = state.information_state_string(state.current_player())
        return dict(zip(legal, _checked_probabilities(function(state), legal, key), strict=True))
    return checked


def searched(module: Any, policy: object) -> Probabilities:
    """The search as a policy with known probabilities: at a state, the action of the search
    seeded by the player's information state (the first 8 bytes of its text's BLAKE2b), with
    probability 1. States the player cannot tell apart get the same action, so this is a
    deterministic policy, one member of the search's family; the search draws its worlds from
    the information state alone, so the action is computed once an information state (a
    cache of the last 65,536)."""
    actions: dict[str, int] = {}

    def search(state: Any) -> dict[int, float]:
        key = state.information_state_string(state.current_player())
        action = actions.get(key)
        if action is None:
            seed = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")
            action = actions[key] = int(module.policy_action(state, policy, seed=seed))
            if len(actions) > 65_536:
                del actions[next(iter(actions))]  # the oldest
        return {action: 1.0}
    return search


_BETTING_WORDS = frozenset({"fold", "check", "call", "bet", "raise", "pass"})


def _betting(state: Any) -> dict[str, int]:
    """The betting actions of the player to act by kind: ``fold``, ``passive`` (check or
    call) and ``aggressive`` (bet or raise); empty at a decision that is not betting (a
    draw). Kuhn poker's ``pass`` and ``bet`` are a fold and a call once a bet was made."""
    legal = state.legal_actions()
    if state.action_to_string(legal[0]) not in _BETTING_WORDS:
        return {}  # a draw: no decision mixes betting with other actions
    texts = {action: state.action_to_string(action) for action in legal}
    if set(texts.values()) == {"pass", "bet"}:
        facing = any(line.endswith(": bet") for line in state.log)
        kinds = {"pass": "fold" if facing else "passive",
                 "bet": "passive" if facing else "aggressive"}
    else:
        kinds = {"fold": "fold", "check": "passive", "call": "passive", "bet": "aggressive",
                 "raise": "aggressive"}
    return {kinds[text]: action for action, text in texts.items() if text in kinds}


class _Lost(Exception):
    """Every world of the range was dropped."""


@dataclass
class _Step:
    """One step of the hand as the LBR seat saw it: a chance card (``visible`` when the seat
    sees it) or a player's action (``seen``, how the seat saw it)."""

    actor: int
    action: int
    visible: bool = True
    seen: str = ""


class Range:
    """The other seat's range at the LBR seat's decisions: weighted worlds (explicit-chance
    states of the hand, each consistent with everything the seat saw), extended step by step
    along the hand. While the enumeration stays within ``budget`` worlds it is exact: every
    hidden card and every hidden choice of the policy is branched on, each world weighted by
    the policy's probability of the other seat's actions in it. Beyond that it is a particle
    filter of ``budget`` particles: a hidden card drawn uniformly from the cards the seat has
    not seen, a hidden choice (a draw's cards) drawn from the policy's probabilities among
    the choices that look the same to the seat, weighted by their total; resampled when the
    effective sample size falls below half. ``exact=False`` runs the filter from the start."""

    def __init__(self, game: Any, seat: int, policy: Probabilities, budget: int,
                 rng: random.Random, exact: bool = True) -> None:
        self.seat, self.policy, self.budget, self.rng = seat, policy, budget, rng
        self.start, self.enumerates = game.new_initial_state(), exact
        self.worlds: list[Any] = [self.start.clone()]
        self.weights = np.ones(1)
        self.exact = exact
        self.done = 0  # steps applied
        self.misses = 0  # steps to which the policy gave probability 0 in every world
        self.missed = False  # the step being applied is a miss

    def extend(self, steps: list[_Step]) -> None:
        """Applies the steps not yet applied (every card the seat saw is known by now)."""
        seen = {step.action for step in steps if step.actor < 0 and step.visible}
        try:
            self._apply(steps[self.done:], seen)
        except _Lost:
            # Every world gave away a card the seat saw since: the range is built again
            # from the start, every card seen by now kept out of the hidden places (so
            # that it cannot happen again).
            self.worlds, self.weights = [self.start.clone()], np.ones(1)
            self.exact, self.misses = self.enumerates, 0
            self._apply(steps, seen)
        self.done = len(steps)

    def _apply(self, steps: list[_Step], seen: set[int]) -> None:
        for step in steps:
            if step.actor < 0 and not step.visible:
                self._hidden_card(seen)
            elif step.actor < 0 or step.actor == self.seat:
                self._public(step.action)
            else:
                self._other(step)
            if not self.exact:
                self._resample()

    def _keep(self, worlds: list[Any], weights: list[float]) -> None:
        alive = [i for i, w in enumerate(weights) if w > 0]
        if not alive:
            raise _Lost
        self.worlds = [worlds[i] for i in alive]
        self.weights = np.array([weights[i] for i in alive])

    def _public(self, action: int) -> None:
        """A card the seat saw or its own action: the worlds where it is legal go on."""
        weights = [w if action in world.legal_actions() else 0.0
                   for world, w in zip(self.worlds, self.weights, strict=True)]
        for world, w in zip(self.worlds, weights, strict=True):
            if w > 0:
                world.apply_action(action)
        self._keep(self.worlds, weights)

    def _choices(self, options: Choices, otherwise: Choices) -> list[list[tuple[int, float]]]:
        """Each world's choices by ``options``; when no world has any (the policy never
        plays the action taken in any world), each world's by ``otherwise`` (counted)."""
        choices = [options(world) for world in self.worlds]
        if any(choices):
            return choices
        self.missed = True
        return [otherwise(world) for world in self.worlds]

    def _branch(self, options: Choices, otherwise: Choices) -> None:
        """Each world's hidden choices: every one while the total fits the budget (the
        world's weight times the choice's factor), else one drawn per world in proportion to
        its factor (the world's weight times their total)."""
        self.missed = False
        choices = self._choices(options, otherwise)
        if self.exact and sum(len(c) for c in choices) <= self.budget:
            worlds, weights = [], []
            for world, w, found in zip(self.worlds, self.weights, choices, strict=True):
                for action, factor in found:
                    child = world.clone()
                    child.apply_action(action)
                    worlds.append(child)
                    weights.append(float(w) * factor)
        else:
            self.exact = False  # (for good, once a step does not fit)
            if len(self.worlds) != self.budget:
                self._resample()
                choices = self._choices(options, otherwise)
            worlds, weights = self.worlds, []
            for world, w, found in zip(self.worlds, self.weights, choices, strict=True):
                total = sum(f for _, f in found)
                if total > 0:
                    world.apply_action(_draw(dict(found), self.rng, total))
                weights.append(float(w) * total)
        self.misses += self.missed
        self._keep(worlds, weights)

    def _hidden_card(self, seen: set[int]) -> None:
        """A card the seat does not see: any card of each world's stock that the seat has
        not seen (in this hand, up to its decision), uniformly."""
        def stock(world: Any) -> list[tuple[int, float]]:
            return [(card, 1.0) for card in world.legal_actions() if card not in seen]
        self._branch(stock, stock)

    def _other(self, step: _Step) -> None:
        """The other seat's action: in each world, the actions that look the same to the
        seat, each weighted by the policy's probability of it there; where the policy never
        plays it in any world, the range keeps its weights (a miss)."""
        def alike(world: Any, action: int) -> bool:
            return (action == step.action
                    or world.action_to_string(action, viewer=self.seat) == step.seen)

        def options(world: Any) -> list[tuple[int, float]]:
            return [(a, p) for a, p in self.policy(world).items() if p > 0 and alike(world, a)]

        def otherwise(world: Any) -> list[tuple[int, float]]:
            return [(a, 1.0) for a in world.legal_actions() if alike(world, a)]
        self._branch(options, otherwise)

    def _resample(self) -> None:
        """Systematic resampling to ``budget`` worlds of equal weight, unless there are that
        many already with an effective sample size of half of them or more."""
        total = float(self.weights.sum())
        if (len(self.worlds) == self.budget
                and total * total >= self.budget / 2 * float((self.weights ** 2).sum())):
            return
        edges = np.cumsum(self.weights) / total
        points = (self.rng.random() + np.arange(self.budget)) / self.budget
        picks = np.minimum(np.searchsorted(edges, points, side="right"), len(self.worlds) - 1)
        self.worlds = [self.worlds[i].clone() for i in picks]
        self.weights = np.full(self.budget, total / self.budget)

    def posterior(self, key: Callable[[Any], object]) -> dict[object, float]:
        """The range's weights summed by ``key(world)`` and normalized (for tests and
        tools: the probability of each of the other seat's private states)."""
        out: dict[object, float] = {}
        for world, w in zip(self.worlds, self.weights, strict=True):
            k = key(world)
            out[k] = out.get(k, 0.0) + float(w)
        total = sum(out.values())
        return {k: v / total for k, v in out.items()}


class _Valuer:
    """Each legal action's value to the LBR seat in one world, when after it the hand is
    checked and called down: a bet or raise is first answered by the policy's fold
    probability; the LBR seat's draws are its game's default opponent's (``rule_based``),
    the other seat's its policy's. ``exact`` takes expectations over chance and the policy's
    draws instead of sampling them."""

    def __init__(self, module: Any, seat: int, policy: Probabilities, exact: bool,
                 rng: random.Random) -> None:
        self.module, self.seat, self.policy, self.exact, self.rng = (
            module, seat, policy, exact, rng)

    def action(self, world: Any, action: int) -> float:
        state = world.clone()
        aggressive = _betting(state).get("aggressive") == action
        state.apply_action(action)
        if aggressive and state.current_player() == 1 - self.seat:
            kinds = _betting(state)
            fold = kinds.get("fold")
            folds = 0.0 if fold is None else float(self.policy(state).get(fold, 0.0))
            value = 0.0
            if folds > 0:
                ended = state.clone()
                ended.apply_action(fold)
                value += folds * self.rest(ended)
            if folds < 1:
                state.apply_action(kinds["passive"])
                value += (1 - folds) * self.rest(state)
            return value
        return self.rest(state)

    def _expect(self, state: Any, options: list[tuple[int, float]]) -> float:
        if self.exact:
            total = 0.0
            for action, p in options:
                child = state.clone()
                child.apply_action(action)
                total += p * self.rest(child)
            return total
        state.apply_action(_draw(dict(options), self.rng))
        return self.rest(state)

    def rest(self, state: Any) -> float:
        """The LBR seat's return when the hand is checked and called down from ``state``."""
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                if self.exact:
                    return self._expect(state, state.chance_outcomes())
                # Chance deals uniformly from the stock (docs/design.md, "Chance nodes").
                state.apply_action(self.rng.choice(state.legal_actions()))
                continue
            kinds = _betting(state)
            if "passive" in kinds:
                state.apply_action(kinds["passive"])
            elif player == self.seat:
                state.apply_action(int(self.module.policy_action(state, self.module.SPEC.opponent)))
            else:
                return self._expect(state, list(self.policy(state).items()))
        return float(state.returns()[self.seat])


def _seen_step(state: Any, seat: int, action: int) -> _Step:
    """The step about to be taken at ``state`` as ``seat`` sees it. A chance card is hidden
    from the seat when another card there would leave the seat's information state the same."""
    player = state.current_player()
    if player >= 0:
        return _Step(player, action, seen=state.action_to_string(action, viewer=seat))
    other = next((card for card in state.legal_actions() if card != action), None)
    if other is None:
        return _Step(player, action)
    taken, instead = state.clone(), state.clone()
    taken.apply_action(action)
    instead.apply_action(other)
    visible = (taken.information_state_string(seat) != instead.information_state_string(seat))
    return _Step(player, action, visible=visible)


def _draw(options: Mapping[int, float], rng: random.Random, total: float = 1.0) -> int:
    """An action drawn in proportion to its weight (weights summing to ``total``)."""
    pick = rng.random() * total
    last = 0
    for action, p in options.items():
        if p > 0:
            last = action
            pick -= p
            if pick < 0:
                return action
    return last


def play_hand(game: Any, policy: Probabilities, seat: int, budget: int,
              seed: int) -> tuple[float, int, int, int]:
    """One hand, the LBR seat ``seat`` against ``policy``, chance and the policy's choices
    drawn from a generator seeded by ``seed``: the seat's return, its decisions, those with an
    exact range, and the range's misses."""
    module = module_of(game)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps: list[_Step] = []
    hand_range = Range(game, seat, policy, budget, rng)
    decisions = exact = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = _draw(dict(outcomes), rng)
        elif player != seat:
            action = _draw(policy(state), rng)
        elif len(state.legal_actions()) == 1:
            action = state.legal_actions()[0]
        else:
            hand_range.extend(steps)
            decisions += 1
            exact += hand_range.exact
            action = _best_action(module, state, seat, policy, hand_range, rng)
        steps.append(_seen_step(state, seat, action))
        state.apply_action(action)
    return float(state.returns()[seat]), decisions, exact, hand_range.misses


def hand_seed(seed: int, hand: int) -> int:
    """Hand ``hand``'s seed: the same whichever block, thread or process plays it."""
    return int(np.random.SeedSequence([seed, hand]).generate_state(2, np.uint64)[0])


def play_block(name: str, config: dict[str, Any], policy: object, begin: int, end: int,
               seed: int, budget: int) -> npt.NDArray[np.float64]:
    """Hands ``begin`` to ``end`` (the LBR seat ``hand % 2``), a row each: the return, the
    decisions, those with an exact range and the misses. A plain function, so that an
    executor can run it."""
    game = module_of(name).Game(**config)
    probabilities = probabilities_of(game, policy)
    return np.array([play_hand(game, probabilities, hand % 2, budget, hand_seed(seed, hand))
                     for hand in range(begin, end)], dtype=np.float64).reshape(-1, 4)


def _best_action(module: Any, state: Any, seat: int, policy: Probabilities,
                 hand_range: Range, rng: random.Random) -> int:
    """The legal action of highest value over the range (ties to the lowest id), each world's
    rollouts drawn with the same random numbers for every action."""
    legal = state.legal_actions()
    seeds = [rng.getrandbits(64) for _ in hand_range.worlds]
    weights = hand_range.weights / hand_range.weights.sum()
    best, best_value = legal[0], -np.inf
    for action in legal:
        value = 0.0
        for world, w, world_seed in zip(hand_range.worlds, weights, seeds, strict=True):
            valuer = _Valuer(module, seat, policy, hand_range.exact, random.Random(world_seed))
            value += float(w) * valuer.action(world, action)
        if value > best_value + 1e-12:
            best, best_value = action, value
    return int(best)
