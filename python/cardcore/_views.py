"""The parts of a view (``cardcore.view``) that every game's ``_table_view`` builds from:
cards as the viewer sees them, and what the state says of itself."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardcore.cards import Card

UNKNOWN: dict[str, Any] = {"id": None, "card": None, "face": "down"}
"""A card the viewer cannot know: no id, no name."""


def card(value: Card | None, *, known: bool, face_up: bool = False) -> dict[str, Any] | None:
    """One card of a view: ``{"id", "card", "face"}``, with no id or name when the viewer
    does not know it; ``face`` is ``"up"`` for a card every seat sees (played, turned up,
    shown), ``"down"`` for a card its holder alone sees. None stays None.

    >>> card(Card("As"), known=True, face_up=True)
    {'id': 51, 'card': 'As', 'face': 'up'}
    >>> card(Card("As"), known=False)
    {'id': None, 'card': None, 'face': 'down'}
    """
    if value is None:
        return None
    if not known and not face_up:
        return dict(UNKNOWN)
    return {"id": value.id, "card": str(value), "face": "up" if face_up else "down"}


def cards(values: Iterable[Card], *, known: bool, face_up: bool = False,
          up: Iterable[Card] = ()) -> list[dict[str, Any]]:
    """The cards of a holding in id order (:func:`card` each), the cards in ``up`` face up
    whatever ``known`` says. Unknown cards come last, so that their places say nothing.

    >>> from cardcore.cards import CardSet
    >>> [c["card"] for c in cards(CardSet("As 2h 3d"), known=False, up=[Card("2h")])]
    ['2h', None, None]
    """
    public = {c.id for c in up}
    entries = [card(c, known=known, face_up=face_up or c.id in public) for c in values]
    return sorted((e for e in entries if e is not None), key=lambda e: e["id"] is None)


def sees(viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` sees what seat ``seat`` alone sees (the omniscient view does)."""
    return viewer is None or viewer == seat


def json_config(state: Any) -> dict[str, Any]:
    """The state's ``config`` in JSON types: a per-seat value as a list.

    >>> import cardcore as cc
    >>> json_config(cc.badugi.Game().new_initial_state())["stacks"]
    [100, 100]
    """
    return {name: list(value) if isinstance(value, tuple) else value
            for name, value in state.config.items()}


def last_move(state: Any) -> tuple[int, int] | None:
    """The seat and action id of the last step of ``state``'s history when a player took
    it, else None.

    >>> import cardcore as cc
    >>> state = cc.badugi.Game().new_initial_state(seed=1)
    >>> state.fold()
    >>> last_move(state)
    (0, 0)
    """
    log: list[str] = state.log
    if not log or not log[-1].startswith("P"):
        return None
    return int(log[-1][1:].split(":", 1)[0]), state.history()[-1]
