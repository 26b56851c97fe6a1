"""Pictures of a state as SVG, drawn from one viewer's view (``docs/pictures.md``).

``to_svg(state, viewer)`` draws what :func:`cardcore.view` gives ``viewer`` and
nothing else, so a picture never shows a seat a card it cannot know; ``viewer=None`` is
the deliberately omniscient picture. The seats sit around an oval table, the viewer's at
the bottom; each shows its cards (the backs of those it cannot see), its numbers (stack,
bet, score...) and the dealer button; the middle shows the table's own fields (pot,
upcard and trump, the trick in play). Nothing here knows a game by name: what is drawn
follows the fields of the view (docs/views.md). ``replay(state)`` draws a whole game as one
animated SVG, a frame per move, shown in turn by CSS (no script).

>>> import cardcore as cc
>>> svg = cc.badugi.Game().new_initial_state(seed=1).to_svg(0)
>>> svg.startswith("<svg"), svg.count('class="card"'), svg.count('class="card back"')
(True, 4, 4)
"""

from __future__ import annotations

import copy
import importlib
import io
import math
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from cardcore._checks import shown, write_user_file
from cardcore._namespace import public_dir
from cardcore._registry import module_of_state
from cardcore.record import load_record
from cardcore.view import view as view_of

__all__ = ["THEMES", "Replay", "replay", "to_rgb_array", "to_svg"]

Theme = Literal["light", "dark"]
THEMES: dict[str, dict[str, str]] = {
    "light": {"page": "#f4f1ea", "felt": "#2e7d4f", "rim": "#1d5235", "ink": "#1b1b1b",
              "soft": "#ffffff", "face": "#ffffff", "red": "#c62828", "black": "#1b1b1b",
              "back": "#3949ab", "chip": "#f9a825", "turn": "#ffca28"},
    "dark": {"page": "#16181d", "felt": "#1f4d33", "rim": "#0f2a1c", "ink": "#e8e8e8",
             "soft": "#e8e8e8", "face": "#f2f2f2", "red": "#d32f2f", "black": "#111111",
             "back": "#5c6bc0", "chip": "#f9a825", "turn": "#ffd54f"},
}
"""The colours of each theme, by role."""

WIDTH, HEIGHT = 860, 580
"""The picture's size in user units at scale 1."""
CARD_W, CARD_H, CARD_STEP = 34, 48, 24
_SUITS = {"c": ("\u2663", "black"), "d": ("\u2666", "red"), "h": ("\u2665", "red"),
          "s": ("\u2660", "black")}
_CENTRE = (WIDTH / 2, HEIGHT / 2 + 10)
_SEAT_RADII = (WIDTH / 2 - 105, HEIGHT / 2 - 85)
_SHOWN_NUMBERS = ("role", "stack", "bet", "committed", "wager", "score", "tricks")
"""The seat fields written under a seat's name, in this order, where its view has them."""
_HIDDEN_STATUS = {"active", "in"}
"""The statuses too ordinary to write (a seat still in the hand)."""


def _style(theme: dict[str, str]) -> str:
    colours = "".join(f".{role}{{fill:{value}}}" for role, value in theme.items())
    return (f"svg{{font-family:sans-serif;background:{theme['page']}}}"
            f"text{{fill:{theme['ink']}}}.label{{font-size:13px}}.small{{font-size:11px}}"
            f".on-felt{{fill:{theme['soft']}}}.rank{{font-size:14px;font-weight:bold}}"
            f".turn-ring{{fill:none;stroke:{theme['turn']};stroke-width:3}}{colours}")


def _card_symbol(defs: ET.Element, name: str) -> ET.Element:
    """A card's shape in the ``<defs>``, blank: its ``<use>`` is ``#name``."""
    symbol = ET.SubElement(defs, "symbol", id=name, viewBox=f"0 0 {CARD_W} {CARD_H}")
    ET.SubElement(symbol, "rect", {"class": "face", "x": "0.5", "y": "0.5",
                                   "width": str(CARD_W - 1), "height": str(CARD_H - 1),
                                   "rx": "4", "stroke": "#777"})
    return symbol


def _defs(names: list[str]) -> ET.Element:
    """The shapes the drawing places with ``<use>``, drawn once: the back of a card, a
    chip, and the face of each card in ``names`` (those the drawing names, no other)."""
    defs = ET.Element("defs")
    back = _card_symbol(defs, "back")
    ET.SubElement(back, "rect", {"class": "back", "x": "4", "y": "4", "width": str(CARD_W - 8),
                                 "height": str(CARD_H - 8), "rx": "2"})
    for name in names:
        face = _card_symbol(defs, name)
        symbol, colour = _SUITS[name[1]]
        _text(face, 4, 16, "10" if name[0] == "T" else name[0], f"rank {colour}", "start")
        _text(face, CARD_W / 2, CARD_H - 8, symbol, f"rank {colour}")
    chip = ET.SubElement(defs, "symbol", id="chip", viewBox="0 0 16 16")
    ET.SubElement(chip, "circle", {"class": "chip", "cx": "8", "cy": "8", "r": "7",
                                   "stroke": "#6d4c00", "stroke-dasharray": "3 2"})
    return defs


def _text(parent: ET.Element, x: float, y: float, words: str, css: str = "label",
          anchor: str = "middle") -> None:
    ET.SubElement(parent, "text", {"class": css, "x": _n(x), "y": _n(y),
                                   "text-anchor": anchor}).text = words


def _n(value: float) -> str:
    """A coordinate as short as it is exact to a tenth."""
    return f"{value:.1f}".removesuffix(".0")


def _card(parent: ET.Element, card: dict[str, Any], x: float, y: float) -> None:
    """One card of a view at (x, y), its top left: its rank and suit, or its back when the
    view does not name it. A named card's group carries ``data-card``."""
    name = card["card"]
    group = ET.SubElement(parent, "g", {"class": "card back"} if name is None
                          else {"class": "card", "data-card": name})
    ET.SubElement(group, "use", href=f"#{name or 'back'}", x=_n(x), y=_n(y), width=str(CARD_W),
                  height=str(CARD_H))


def _cards(parent: ET.Element, cards: list[dict[str, Any]], x: float, y: float) -> float:
    """A row of overlapping cards from (x, y); returns its width."""
    for index, card in enumerate(cards):
        _card(parent, card, x + index * CARD_STEP, y)
    return _row_width(len(cards))


def _row_width(count: int) -> float:
    return CARD_W + CARD_STEP * (count - 1) if count else 0


def _chips(parent: ET.Element, x: float, y: float, amount: object) -> None:
    """A chip at (x, y), its centre, with ``amount`` beside it."""
    ET.SubElement(parent, "use", href="#chip", x=_n(x - 8), y=_n(y - 8), width="16",
                  height="16")
    _text(parent, x + 11, y + 4, str(amount), "label on-felt", "start")


def _seat_place(seat: int, seats: int, bottom: int) -> tuple[float, float]:
    """Where seat ``seat`` of ``seats`` sits: around the oval, ``bottom`` at the bottom
    and the others clockwise."""
    angle = math.pi / 2 + 2 * math.pi * ((seat - bottom) % seats) / seats
    return (_CENTRE[0] + _SEAT_RADII[0] * math.cos(angle),
            _CENTRE[1] + _SEAT_RADII[1] * math.sin(angle))


def _numbers(seat: dict[str, Any]) -> str:
    """The seat's numbers and status in words: ``stack 96 · bet 4``."""
    words = [f"{key} {seat[key]}" for key in _SHOWN_NUMBERS if seat.get(key) is not None]
    if seat.get("status") not in _HIDDEN_STATUS and "status" in seat:
        words.append(str(seat["status"]))
    if seat.get("arranged") and seat.get("arrangement") is None:
        words.append("arranged")
    return " \u00b7 ".join(words)


def _seat(parent: ET.Element, seat: dict[str, Any], x: float, y: float, dealer: bool,
          result: float | None) -> None:
    """One seat centred at (x, y): its name with its ``result`` so far, its numbers and
    cards (a Low and a High row when its arrangement shows)."""
    group = ET.SubElement(parent, "g", {"class": "seat", "data-seat": str(seat["seat"])})
    arrangement = seat.get("arrangement")
    rows = ([("Low", arrangement["low"]), ("High", arrangement["high"])] if arrangement
            else [("", seat["cards"])])
    width = sum(_row_width(len(cards)) for _, cards in rows) + 12 * (len(rows) - 1)
    box_w = max(width, 160) + 16
    ET.SubElement(group, "rect", {"class": "turn-ring" if seat["to_act"] else "rim",
                                  "x": _n(x - box_w / 2), "y": _n(y - 46), "width": _n(box_w),
                                  "height": "96", "rx": "10", "fill-opacity": "0.35"})
    title = f"P{seat['seat']}" + (f"  {result:+g}" if result is not None else "")
    _text(group, x, y - 30, title, "label on-felt")
    _text(group, x, y - 16, _numbers(seat), "small on-felt")
    left = x - width / 2
    for label, cards in rows:
        if label:
            _text(group, left, y - 2, label, "small on-felt", "start")
        left += _cards(group, cards, left, y) + 12
    if dealer:
        ET.SubElement(group, "circle", {"class": "soft", "cx": _n(x + box_w / 2 - 12),
                                        "cy": _n(y - 32), "r": "9", "stroke": "#555"})
        _text(group, x + box_w / 2 - 12, y - 28, "D", "small black")


def _is_card(value: object) -> bool:
    return isinstance(value, dict) and set(value) == {"id", "card", "face"}


def _middle(parent: ET.Element, seen: dict[str, Any], places: list[tuple[float, float]]) -> None:
    """The table's own fields in the middle: a card (the upcard), a suit (the trump), a
    trick (cards by seat, each pushed towards its player), numbers (the pot, the target),
    the bets in front of each seat."""
    x, y = _CENTRE
    line = []
    for key in ("pot", "target"):
        if isinstance(seen.get(key), int):
            line.append(f"{key} {seen[key]}")
    if seen.get("pot"):
        _chips(parent, x - 8, y - 22, seen["pot"])
    if line:
        _text(parent, x, y + 4, " \u00b7 ".join(line), "label on-felt")
    for key, value in seen.items():
        if _is_card(value):
            _text(parent, x - 230, y - 108, key, "small on-felt")
            _card(parent, value, x - 230 - CARD_W / 2, y - 100)
        elif key == "trump" and isinstance(value, str):
            symbol, colour = _SUITS[value]
            _text(parent, x + 230, y - 108, key, "small on-felt")
            ET.SubElement(parent, "circle", {"class": "face", "cx": _n(x + 230),
                                             "cy": _n(y - 80), "r": "16"})
            _text(parent, x + 230, y - 74, symbol, f"rank {colour}")
    for play in seen.get("trick") or []:
        sx, sy = places[play["seat"]]
        _card(parent, play["card"], x + (sx - x) * 0.45 - CARD_W / 2,
              y + (sy - y) * 0.45 - CARD_H / 2)
    for seat in seen["seats"]:
        if seat.get("bet"):
            sx, sy = places[seat["seat"]]
            _chips(parent, x + (sx - x) * 0.62, y + (sy - y) * 0.62, seat["bet"])


def _caption(seen: dict[str, Any], display_name: str) -> tuple[str, str]:
    """The two lines of words at the top: the game, hand, phase and whose turn; and who
    sees the picture."""
    words = [display_name, f"hand {seen['hand']}", str(seen["phase"])]
    if seen["terminal"]:
        words.append("game over")
    elif seen["to_act"] is not None:
        words.append(f"P{seen['to_act']} to act")
    who = "all cards shown" if seen["viewer"] is None else f"as P{seen['viewer']} sees it"
    return " \u00b7 ".join(words), who


def draw(seen: dict[str, Any], display_name: str) -> ET.Element:
    """The drawing of one view, as a ``<g>`` that the shared ``<defs>`` and style complete."""
    frame = ET.Element("g", {"class": "table"})
    head, who = _caption(seen, display_name)
    _text(frame, 14, 22, head, "label", "start")
    _text(frame, WIDTH - 14, 22, who, "label", "end")
    if seen["moves"]:
        last = seen["moves"][-1]
        _text(frame, 14, HEIGHT - 12, f"last move: P{last['seat']} {last['text']}", "label",
              "start")
    seats = seen["seats"]
    bottom = 0 if seen["viewer"] is None else seen["viewer"]
    places = [_seat_place(s["seat"], len(seats), bottom) for s in seats]
    _middle(frame, seen, places)
    # The returns at the end; in a game of rounds, its totals so far (Bai Buu's "totals").
    returns = seen["returns"] if seen["returns"] is not None else seen.get("totals")
    for seat, (x, y) in zip(seats, places, strict=True):
        _seat(frame, seat, x, y, seat["seat"] == seen.get("dealer"),
              None if returns is None else returns[seat["seat"]])
    return frame


@dataclass(frozen=True)
class _Options:
    theme: dict[str, str]
    scale: float


def _options(theme: object, scale: object) -> _Options:
    if not isinstance(theme, str) or theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(map(repr, THEMES))}, got "
                         f"{shown(theme)}")
    if not isinstance(scale, (int, float)):
        raise TypeError(f"scale must be a positive number, got {shown(scale)}")
    if not (math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a positive finite number, got {shown(scale)}")
    return _Options(THEMES[theme], float(scale))


def _svg(options: _Options, drawings: list[ET.Element], extra_style: str = "") -> str:
    """The SVG text of ``drawings`` on the table, with the style and the ``<defs>`` they
    share."""
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                              "width": _n(WIDTH * options.scale),
                              "height": _n(HEIGHT * options.scale),
                              "viewBox": f"0 0 {WIDTH} {HEIGHT}"})
    ET.SubElement(root, "style").text = _style(options.theme) + extra_style
    names = {g.get("data-card") for drawing in drawings for g in drawing.iter("g")}
    root.append(_defs(sorted(name for name in names if name)))
    ET.SubElement(root, "rect", {"class": "page", "width": str(WIDTH), "height": str(HEIGHT)})
    x, y = _CENTRE
    (rx, ry) = _SEAT_RADII
    ET.SubElement(root, "ellipse", {"class": "rim", "cx": _n(x), "cy": _n(y),
                                    "rx": _n(rx + 20), "ry": _n(ry + 12)})
    ET.SubElement(root, "ellipse", {"class": "felt", "cx": _n(x), "cy": _n(y),
                                    "rx": _n(rx + 8), "ry": _n(ry)})
    root.extend(drawings)
    ET.indent(root, space="")
    return ET.tostring(root, encoding="unicode") + "\n"


def to_svg(state: Any, viewer: int | None = None, *, theme: Theme = "light",
           scale: float = 1.0) -> str:
    """The picture of ``state`` as seat ``viewer`` sees it (None: every card shown), as SVG
    text; ``theme`` is ``"light"`` or ``"dark"``, ``scale`` multiplies its size
    (860 by 580 at 1).

    >>> import cardcore as cc
    >>> state = cc.hucklebuck.Game().new_initial_state(seed=2)
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(to_svg(state, 1, theme="dark", scale=0.5))
    >>> root.get("width")
    '430'
    >>> drawn = sorted(g.get("data-card") for g in root.iter() if g.get("data-card"))
    >>> seen = cc.view(state, 1)  # seat 1's own cards and the upcard, no other
    >>> drawn == sorted([c["card"] for c in seen["seats"][1]["cards"]] + [seen["upcard"]["card"]])
    True
    >>> to_svg(state, scale=0)
    Traceback (most recent call last):
    ...
    ValueError: scale must be a positive finite number, got 0
    """
    options = _options(theme, scale)
    seen = view_of(state, viewer)
    return _svg(options, [draw(seen, module_of_state(state, "to_svg").SPEC.display_name)])


_RENDER_MISSING = ('a picture as pixels needs an SVG rasterizer: pip install "cardcore[render]" '
                  "(resvg-py and Pillow)")
"""What :func:`to_rgb_array` says when the ``render`` extra is not installed."""


def to_rgb_array(state: Any, viewer: int | None = None, *, theme: Theme = "light",
                 scale: float = 1.0) -> npt.NDArray[np.uint8]:
    """The picture :func:`to_svg` draws, as pixels: an array of shape (height, width, 3)
    of uint8 RGB (580 by 860 at scale 1), rasterized by resvg (the ``render`` extra,
    ``pip install "cardcore[render]"``; without it an ImportError says so). PettingZoo's
    ``render_mode="rgb_array"`` is this picture."""
    try:
        resvg = importlib.import_module("resvg_py")
        image_module = importlib.import_module("PIL.Image")
    except ImportError:
        raise ImportError(_RENDER_MISSING) from None
    png = resvg.svg_to_bytes(svg_string=to_svg(state, viewer, theme=theme, scale=scale))
    with image_module.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def _frames(state: Any) -> list[Any]:
    """The states of ``state``'s game from the start: the deal, then the state after each
    move, with the cards that move brought dealt (a replay of its history, chance explicit)."""
    replay = module_of_state(state, "replay").Game(**state.config).new_initial_state()
    frames = []
    for action in state.history():
        if not replay.is_chance_node():
            frames.append(copy.copy(replay))
        replay.apply_action(action)
    frames.append(replay)
    return frames


class Replay:
    """A whole game, drawn as one animated SVG by :meth:`to_svg`: :func:`replay` makes it."""

    def __init__(self, state: Any) -> None:
        self.states: list[Any] = _frames(state)
        """The states drawn, one per frame: the deal, then the state after each move."""
        self._name: str = module_of_state(state, "replay").SPEC.display_name

    def __len__(self) -> int:
        return len(self.states)

    def to_svg(self, path: str | os.PathLike[str] | None = None, viewer: int | None = None, *,
               theme: Theme = "light", scale: float = 1.0,
               seconds_per_move: float = 1.0) -> str:
        """The game as one SVG whose frames show in turn (CSS keyframes, looping), each
        drawn from ``viewer``'s view (None: every card shown); written to ``path`` too when
        one is given. The frames share one style and one set of ``<defs>``."""
        options = _options(theme, scale)
        if not (isinstance(seconds_per_move, (int, float)) and math.isfinite(seconds_per_move)
                and seconds_per_move > 0):
            raise ValueError(f"seconds_per_move must be a positive number, got "
                             f"{shown(seconds_per_move)}")
        count = len(self.states)
        # Frame i shows from i seconds_per_move into each loop of count of them.
        animation = (f".frame{{visibility:hidden;animation:show "
                     f"{seconds_per_move * count:.6g}s step-end infinite}}"
                     f"@keyframes show{{0%{{visibility:visible}}{100 / count:.6g}%"
                     f"{{visibility:hidden}}100%{{visibility:hidden}}}}")
        frames = []
        for index, state in enumerate(self.states):
            frame = ET.Element("g", {"class": "frame", "data-frame": str(index),
                                     "style": f"animation-delay:{index * seconds_per_move:.6g}s"})
            frame.append(draw(view_of(state, viewer), self._name))
            frames.append(frame)
        text = _svg(options, frames, animation)
        if path is not None:
            write_user_file(path, text, "the picture")
        return text


def replay(source: Any) -> Replay:
    """The replay of a game: of a state (its history from the start) or of a game record
    (a dict, JSON text or a path, as :func:`cardcore.load_record` reads).

    >>> import cardcore as cc
    >>> state = cc.badugi.Game().new_initial_state(seed=1)
    >>> state.bet_or_raise(); state.fold()
    >>> game = cc.replay(state)
    >>> len(game)  # the deal, then one frame per move
    3
    >>> game.to_svg(viewer=1).count('class="frame"')
    3
    """
    if isinstance(source, (dict, str, os.PathLike)):
        return Replay(load_record(source))
    try:
        module_of_state(source, "replay")
    except ValueError:
        raise ValueError(f"replay takes a state or a game record (a dict, JSON text or a "
                         f"path), got {shown(source)}") from None
    return Replay(source)


__dir__ = public_dir(__all__)
