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



def reference_table(state: Any, viewer: int | None, spec: Any,
                    names: tuple[str, ...]) -> dict[str, Any]:
    """The view of Kuhn's or Leduc's table (their ``spec``), read from the observation
    tensors, as those games bind no properties of their own: each seat's chips in the pot
    and its private card (named by ``names``, by card id), seen by its holder and by the
    omniscient view only, even after a showdown, as the games' information states say (the
    returns tell who won); Leduc's public card once dealt. A seat that folded is
    ``folded``.

    >>> import cardcore as cc
    >>> state = cc.kuhn.Game().new_initial_state(seed=2)
    >>> seen = reference_table(state, 0, cc.kuhn.SPEC, ("Js", "Qs", "Ks"))
    >>> seen["pot"], [seat["cards"] for seat in seen["seats"]]
    (2, [[{'id': 2, 'card': 'Ks', 'face': 'down'}], [{'id': None, 'card': None, 'face': 'down'}]])
    """
    layout = spec.observation_layout

    def one_hot(tensor: list[float], segment: str) -> int | None:
        hot = [index for index, value in enumerate(tensor[layout[segment].slice]) if value]
        return hot[0] if hot else None

    def shown_card(card: int | None, known: bool) -> dict[str, Any] | None:
        if card is None:
            return None
        if not known:
            return dict(UNKNOWN)
        return {"id": card, "card": names[card], "face": "down"}

    tensors = [list(state.observation_tensor(seat)) for seat in range(2)]
    chips = [int(value) for value in tensors[0][layout["pot_contribution"].slice]]
    # A fold leaves the folder's chips short of the other's: a showdown evens them.
    folder = chips.index(min(chips)) if state.is_terminal() and chips[0] != chips[1] else None
    seats = []
    for seat in range(2):
        entry = shown_card(one_hot(tensors[seat], "private_card"), known=sees(viewer, seat))
        seats.append({"bet": chips[seat], "status": "folded" if seat == folder else "active",
                      "cards": [entry] if entry is not None else []})
    table: dict[str, Any] = {"hand": 1, "phase": "over" if state.is_terminal() else "betting",
                             "dealer": None, "pot": sum(chips), "seats": seats}
    if "community_card" in layout:
        public = one_hot(tensors[0], "community_card")
        table["public_card"] = None if public is None else {
            "id": public, "card": names[public], "face": "up"}
    return table


def reference_description(state: Any, seat: int, spec: Any, names: tuple[str, ...]) -> str:
    """What ``cardcore play`` shows ``seat`` of a Kuhn or Leduc state: each seat's card as
    the seat sees it (``??`` when hidden) and chips in the pot, the public card, the pot.

    >>> import cardcore as cc
    >>> state = cc.leduc.Game().new_initial_state(seed=2)
    >>> reference_description(state, 1, cc.leduc.SPEC, cc.leduc._CARD_NAMES)
    'P0 ?? 1 in the pot; P1 (you) Kh 1 in the pot; pot 2'
    """
    table = reference_table(state, seat, spec, names)
    parts = [f"P{index}{' (you)' if index == seat else ''} "
             f"{entry['cards'][0]['card'] or '??' if entry['cards'] else '-'} "
             f"{entry['bet']} in the pot{' (folded)' if entry['status'] == 'folded' else ''}"
             for index, entry in enumerate(table["seats"])]
    if table.get("public_card"):
        parts.append(f"public card {table['public_card']['card']}")
    return "; ".join([*parts, f"pot {table['pot']}"])
