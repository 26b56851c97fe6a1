"""One view of a state per viewer, as data (``docs/views.md``).

``view(state, viewer)`` is a JSON-ready dict (str, int, float, bool, None, lists and dicts
only) of what seat ``viewer`` sees: every seat with its cards, chips or score and status,
the game's table (pot, dealer, trump, upcard, trick, arrangements...), the phase, the
player to act, his legal moves in the viewer's words, and the returns at the end. A card
the viewer cannot know is an unknown placeholder, never its identity; ``viewer=None`` is
the deliberately omniscient view. This module holds the parts every game shares; each
game's module adds its own with a private ``_view`` function.

>>> import cardcore as cc
>>> state = cc.badugi.Game().new_initial_state(seed=1)
>>> mine = cc.view(state, 0)
>>> mine["to_act"], [move["text"] for move in mine["legal"]]
(0, ['fold', 'call', 'raise'])
>>> [card["card"] for card in mine["seats"][1]["cards"]]
[None, None, None, None]
>>> [card["card"] for card in cc.view(state)["seats"][1]["cards"]]  # the omniscient view
['6d', '8d', 'Jd', 'Jh']
"""

from __future__ import annotations

from typing import Any

from cardcore._checks import checked_int
from cardcore._namespace import public_dir
from cardcore._registry import module_of_state
from cardcore._views import json_config, sees

__all__ = ["VIEW_VERSION", "view"]

VIEW_VERSION: int = 1
"""The version of the view's schema (``docs/views.md``); a change that removes or renames
a key raises it."""


def _hand_of(state: Any) -> int:
    """The number of the hand (a round, in a game of rounds) in play; 1 in a game of one hand
    that does not count them (the reference games)."""
    return int(getattr(state, "hand_number", getattr(state, "round_number", 1)))


def _moves(state: Any, module: Any, config: dict[str, Any],
           viewer: int | None) -> list[dict[str, Any]]:
    """The moves of the hand in play as ``viewer`` saw them (``{"seat", "text"}``, the words
    of ``action_to_string(id, viewer=viewer)`` where the move was made), from a replay: a
    face-down move of another seat only counted, and no id, whose draw positions would say
    something of the cards."""
    replay = module.Game(**config).new_initial_state()
    moves: list[dict[str, Any]] = []
    number = _hand_of(replay)
    for action in state.history():
        if not replay.is_chance_node():
            if _hand_of(replay) != number:
                moves, number = [], _hand_of(replay)
            moves.append({"seat": replay.current_player(),
                          "text": replay.action_to_string(action, viewer=viewer)})
        replay.apply_action(action)
    return moves if _hand_of(replay) == number else []


def view(state: Any, viewer: int | None = None) -> dict[str, Any]:
    """What seat ``viewer`` sees of ``state`` (``docs/views.md``), or everything when
    ``viewer`` is None; a seat out of range is a ValueError.

    >>> import cardcore as cc
    >>> state = cc.hucklebuck.Game().new_initial_state(seed=2)
    >>> seen = cc.view(state, 1)
    >>> seen["game"], seen["phase"], seen["upcard"], seen["trump"]
    ('hucklebuck', 'exchange', {'id': 41, 'card': 'Qd', 'face': 'up'}, 'd')
    >>> [len(seat["cards"]) for seat in seen["seats"]], seen["seats"][0]["cards"][0]
    ([5, 5, 5, 5], {'id': None, 'card': None, 'face': 'down'})
    >>> import json
    >>> json.loads(json.dumps(seen)) == seen
    True
    """
    module = module_of_state(state, "view")
    config = state.config
    seats = len(state.returns())
    if viewer is not None:
        viewer = checked_int(viewer, "viewer", f"None or a seat 0 to {seats - 1}",
                             lambda seat: 0 <= seat < seats)
    to_act: int | None = state.to_act
    legal = []
    if to_act is not None and sees(viewer, to_act):
        legal = [{"id": a, "text": state.action_to_string(a, viewer=viewer)}
                 for a in state.legal_actions()]
    terminal: bool = state.is_terminal()
    frame: dict[str, Any] = {
        "version": VIEW_VERSION,
        "game": module.SPEC.name,
        "config": json_config(state),
        "viewer": viewer,
        "terminal": terminal,
        "chance": state.is_chance_node(),
        "to_act": to_act,
        "legal": legal,
        "moves": _moves(state, module, config, viewer),
        "returns": state.returns() if terminal else None,
    }
    own: dict[str, Any] = module._table_view(state, viewer, config)
    own["seats"] = [{"seat": index, **seat, "to_act": index == to_act}
                    for index, seat in enumerate(own["seats"])]
    return {**frame, **own}


__dir__ = public_dir(__all__)
