"""The web table's Starlette app (``docs/web.md``): a JSON API over games held in memory,
each behind an unguessable token, and the page that plays them.

Everything the API says of a game is a view for the person's seat (:func:`cardcore.view`),
the odds of that seat's own cards, or, once the game is over, its record.
"""

from __future__ import annotations

import inspect
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardcore._checks import elide_input, shown
from cardcore._registry import GAMES, MODULES, module_of, module_of_state
from cardcore.play import _move_seed, game_hands, seats_config
from cardcore.record import to_record
from cardcore.search import NAME as SEARCH
from cardcore.search import policy_text
from cardcore.view import view

__all__ = ["MAX_BODY", "MAX_GAMES", "MAX_SIMULATIONS", "ODDS_SAMPLES", "Tables", "create_app"]

MAX_BODY = 16 * 1024
"""The largest request body read, in bytes; a larger one is refused before it is read."""
MAX_GAMES = 200
"""The games held at once by default; a new one drops the least recently used."""
MAX_SIMULATIONS = 5000
"""The most simulations a move of the search may take by default."""
ODDS_SAMPLES = 20_000
"""The Monte Carlo samples a discard of the odds panel takes where it is not exact."""
_STATIC = Path(__file__).parent / "static"
_CREATE_KEYS = {"game", "players", "rules", "opponents", "simulations", "seat"}


class BadRequest(Exception):
    """A request refused with ``status`` and a message for the person; nothing changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Table:
    """One game in play: its state, the person's seat, the opponents' policy and seed."""

    state: Any
    seat: int
    policy: str
    seed: int
    busy: threading.Lock = field(default_factory=threading.Lock)


class Tables:
    """The games in play by token, at most ``limit``: a new one past it drops the least
    recently used (so memory is bounded)."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"the games held at once must be at least 1, got {limit}")
        self.limit = limit
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, table: Table) -> str:
        token = secrets.token_urlsafe(24)
        with self._lock:
            self._tables[token] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        return token

    def get(self, token: str) -> Table:
        with self._lock:
            table = self._tables.get(token)
            if table is None:
                raise BadRequest(404, "no game has this token (a game is dropped when it is the "
                                      "least recently used of too many)")
            self._tables.move_to_end(token)
            return table

    def __len__(self) -> int:
        return len(self._tables)


def _catalog(max_simulations: int) -> dict[str, Any]:
    """The games a person may start, with their seats, house rules and opponents."""
    games = []
    for module in MODULES:
        spec = module.SPEC
        seats = spec.field(spec.seats_field) if spec.seats_field else None
        games.append({
            "name": spec.name, "display_name": spec.display_name,
            "players": None if seats is None else {
                "minimum": seats.minimum, "maximum": seats.maximum, "default": seats.default},
            "rules": [{"name": f.name, "kind": f.kind, "choices": list(f.choices),
                       "default": f.default, "doc": f.doc} for f in spec.house_rules],
            "opponents": [*spec.policies, SEARCH], "opponent": spec.opponent,
            "odds": module.CAPABILITIES.best_discards is not None})
    return {"games": games, "max_simulations": max_simulations}


def _policy(spec: Any, opponents: object, simulations: object, most: int) -> str:
    """The native name of the opponents' policy a request asks for."""
    if opponents == SEARCH:
        if type(simulations) is not int or not 1 <= simulations <= most:
            raise BadRequest(400, f"'simulations' must be a whole number 1 to {most}, got "
                                  f"{shown(simulations)}")
        native = policy_text((SEARCH, {"simulations": simulations}), spec)
    else:
        native = policy_text(opponents, spec) if isinstance(opponents, str) else None
    if native is None:
        raise BadRequest(400, f"unknown opponents {shown(opponents)}: expected one of "
                              f"{', '.join([*spec.policies, SEARCH])}")
    return native


def _new_table(body: dict[str, Any], most: int) -> Table:
    """The game a creation request asks for, its options checked."""
    unknown = sorted(set(body) - _CREATE_KEYS)
    if unknown:
        raise BadRequest(400, f"unknown option {shown(unknown[0])}: expected "
                              f"{', '.join(sorted(_CREATE_KEYS))}")
    name = body.get("game")
    if not isinstance(name, str) or name.lower() not in GAMES:
        raise BadRequest(400, f"unknown game {shown(name)}: expected one of {', '.join(GAMES)}")
    module = module_of(name.lower())
    spec = module.SPEC
    rules = body.get("rules", {})
    if not isinstance(rules, dict):
        raise BadRequest(400, f"'rules' must be an object, got {shown(rules)}")
    names = {f.name for f in spec.house_rules}
    for rule in rules:
        if rule not in names:
            raise BadRequest(400, f"unknown house rule {shown(rule)} of {spec.display_name}: "
                                  f"expected {', '.join(sorted(names)) or 'none'}")
    players = body.get("players")
    policy = _policy(spec, body.get("opponents", spec.opponent), body.get("simulations"), most)
    try:
        if players is not None and type(players) is not int:
            raise ValueError(f"'players' must be a whole number, got {shown(players)}")
        config = {**getattr(module, "_PLAY_CONFIG", {}), **seats_config(spec.name, players),
                  "hands": game_hands(spec.name), **rules}
        game = GAMES[spec.name](**config)
    except (ValueError, TypeError) as error:
        raise BadRequest(400, elide_input(str(error), 400)) from None
    seat = body.get("seat", 0)
    if type(seat) is not int or not 0 <= seat < game.num_players:
        raise BadRequest(400, f"'seat' must be a seat 0 to {game.num_players - 1}, got "
                              f"{shown(seat)}")
    seed = secrets.randbelow(2**32)
    return Table(game.new_initial_state(seed=seed), seat, policy, seed)


def _opponents(table: Table) -> list[dict[str, Any]]:
    """The opponents' moves up to the person's turn or the end, each a view."""
    state, frames = table.state, []
    policy_action = module_of_state(state, "serve").policy_action
    while not state.is_terminal() and state.current_player() != table.seat:
        state.apply_action(policy_action(state, table.policy, _move_seed(table.seed, state)))
        frames.append(view(state, table.seat))
    return frames


def _odds(table: Table, seen: dict[str, Any]) -> dict[str, Any] | None:
    """The best discards of the person's own hand when it is theirs to draw, else None."""
    capabilities = module_of(seen["game"]).CAPABILITIES
    phase = str(seen["phase"]).split()
    best_discards = capabilities.best_discards
    if best_discards is None or phase[0] != "draw" or not seen["legal"]:
        return None
    # A game of several draws numbers them ("draw 1"); its capabilities count them.
    draws_left = capabilities.draws - (int(phase[-1]) if len(phase) > 1 else 1) + 1
    cards = " ".join(card["card"] for card in seen["seats"][table.seat]["cards"])
    takes = inspect.signature(best_discards).parameters  # the rules that rank hands
    rules = {f.name: seen["config"][f.name]
             for f in module_of(seen["game"]).SPEC.house_rules if f.name in takes}
    advice = best_discards(cards, draws_left=draws_left, samples=ODDS_SAMPLES, threads=1,
                           **rules)
    return {"hand": cards, "draws_left": draws_left, "discards": [
        {"discard": str(a.discard) or "stand pat", "classes": a.class_probabilities,
         "expected_strength": a.expected_strength, "method": str(a.method)}
        for a in advice[:5]]}


def _answer(table: Table, views: list[dict[str, Any]]) -> dict[str, Any]:
    return {"views": views, "odds": _odds(table, views[-1])}


def _replay(table: Table) -> list[dict[str, Any]]:
    """The person's view after each move of the finished game, from the first deal."""
    state = table.state
    module = module_of_state(state, "serve")
    replay = module.Game(**state.config).new_initial_state(seed=table.seed)
    history = state.history()
    frames = [view(replay, table.seat)]
    while len(replay.history()) < len(history):
        replay.apply_action(history[len(replay.history())])
        frames.append(view(replay, table.seat))
    return frames


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length", "0")
    if not length.isdigit() or int(length) > MAX_BODY:
        raise BadRequest(413, f"the body must be at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadRequest(413, f"the body must be at most {MAX_BODY} bytes")
    try:
        body = json.loads(data)
    except ValueError:
        raise BadRequest(400, "the body is not JSON") from None
    if not isinstance(body, dict):
        raise BadRequest(400, f"the body must be a JSON object, got {shown(body)}")
    return body


def _locked(table: Table, work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``work`` with the table to itself: a second request while one plays is refused."""
    if not table.busy.acquire(blocking=False):
        raise BadRequest(409, "this game is playing a move: wait for it")
    try:
        return work()
    finally:
        table.busy.release()


def create_app(max_games: int = MAX_GAMES, max_simulations: int = MAX_SIMULATIONS) -> Starlette:
    """The web table: at most ``max_games`` games at once, the search's moves bounded by
    ``max_simulations`` simulations."""
    if max_simulations < 1:
        raise ValueError(f"the search's simulations must be at least 1, got {max_simulations}")
    tables = Tables(max_games)
    catalog = _catalog(max_simulations)

    async def index(request: Request) -> Response:
        return FileResponse(_STATIC / "index.html")

    async def games(request: Request) -> Response:
        return JSONResponse(catalog)

    async def create(request: Request) -> Response:
        body = await _body(request)
        table = _new_table(body, max_simulations)

        def start() -> dict[str, Any]:
            return _answer(table, [view(table.state, table.seat), *_opponents(table)])

        answer = await run_in_threadpool(_locked, table, start)
        return JSONResponse({"token": tables.add(table), **answer})

    async def show(request: Request) -> Response:
        table = tables.get(request.path_params["token"])
        return JSONResponse(await run_in_threadpool(
            _locked, table, lambda: _answer(table, [view(table.state, table.seat)])))

    async def move(request: Request) -> Response:
        table = tables.get(request.path_params["token"])
        body = await _body(request)
        action = body.get("action")
        if set(body) != {"action"} or type(action) is not int:
            raise BadRequest(400, f"a move is {{\"action\": ID}}, an id of the view's 'legal', "
                                  f"got {shown(body)}")

        def play() -> dict[str, Any]:
            state = table.state
            if state.is_terminal() or state.current_player() != table.seat:
                raise BadRequest(409, "it is not your turn")
            if action not in state.legal_actions():
                why = state.why_illegal(action) if 0 <= action < 2**31 else None
                raise BadRequest(400, f"action {shown(action)} is not a legal move"
                                      + (f": {why}" if why else ""))
            state.apply_action(action)
            return _answer(table, [view(state, table.seat), *_opponents(table)])

        return JSONResponse(await run_in_threadpool(_locked, table, play))

    def finished(request: Request) -> Table:
        table = tables.get(request.path_params["token"])
        if not table.state.is_terminal():
            raise BadRequest(409, "the game is not over: its replay and record come at the end")
        return table

    async def replay(request: Request) -> Response:
        table = finished(request)
        return JSONResponse(await run_in_threadpool(
            _locked, table, lambda: {"views": _replay(table)}))

    async def record(request: Request) -> Response:
        table = finished(request)
        name = module_of_state(table.state, "serve").SPEC.name
        return JSONResponse(to_record(table.state), headers={
            "Content-Disposition": f'attachment; filename="{name}.json"'})

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, BadRequest)
        return JSONResponse({"error": str(error)}, status_code=error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": error.detail}, status_code=error.status_code)

    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        BadRequest: refused, HTTPException: http_error}
    app = Starlette(routes=[
        Route("/", index),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{token}", show, methods=["GET"]),
        Route("/api/games/{token}/move", move, methods=["POST"]),
        Route("/api/games/{token}/replay", replay, methods=["GET"]),
        Route("/api/games/{token}/record", record, methods=["GET"]),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ], exception_handlers=handlers)
    app.state.tables = tables
    return app
