"""``policy_action`` of every game module: one decision of a built-in player, the same
choice that ``cc.simulate`` and ``cardcore play`` make with that player's name."""

from __future__ import annotations

from typing import Any, Protocol

from cardcore._checks import checked_seed, shown
from cardcore.search import policy_text
from cardcore.spec import GameSpec


class PolicyAction(Protocol):
    def __call__(self, state: Any, policy: object = ..., seed: int = ...) -> int: ...


def policy_action_of(core: Any, spec: GameSpec, module: str) -> PolicyAction:
    """The ``policy_action`` function of the game whose ``_core`` submodule is ``core``."""

    def policy_action(state: Any, policy: object = spec.opponent, seed: int = 0) -> int:
        native = policy_text(policy, spec)
        if native is None:
            raise ValueError(f"unknown {spec.name} policy {shown(policy)}: expected one of "
                             f"{', '.join(spec.policies)}, or 'ismcts' (with options as "
                             "('ismcts', {...}) or 'ismcts:name=value,...')")
        from cardcore.simulation import Observation  # here: simulate imports the games

        if isinstance(state, Observation):  # its world tells the player what the seat knows
            state = state._world
        return int(core.policy_action(state, native, checked_seed(seed)))

    policy_action.__module__ = module
    policy_action.__qualname__ = "policy_action"
    policy_action.__doc__ = f"""The action that the built-in player ``policy`` (one of
    ``SPEC.policies``: {', '.join(spec.policies)}; by default {spec.opponent}; or the search,
    ``"ismcts"`` or ``("ismcts", {{options}})``, docs/search.md) takes at a player node of
    ``state`` (a State, or the Observation a callable of ``cc.simulate`` is handed);
    ``seed`` drives its random choices, so the same state and seed give the same action. A
    chance node or the end of the game is a ValueError.

    >>> state = Game().new_initial_state(seed=3)
    >>> action = policy_action(state, {spec.opponent!r}, seed=1)
    >>> action in state.legal_actions(), action == policy_action(state, {spec.opponent!r}, seed=1)
    (True, True)
    """
    return policy_action
