"""``cardcore serve``: a web table to play the built-in players in a browser
(``docs/web.md``). It needs the ``web`` extra: ``pip install "cardcore[web]"``.

:func:`create_app` is the Starlette app (for any ASGI server); :func:`serve` runs it with
uvicorn.
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401
    import uvicorn
except ImportError as error:  # the message cardcore serve prints
    raise ImportError(f"cardcore serve needs the web extra: pip install \"cardcore[web]\" "
                      f"({error})") from error

from cardcore._namespace import public_dir
from cardcore.web.app import MAX_BODY, MAX_GAMES, MAX_SIMULATIONS, create_app

__all__ = ["MAX_BODY", "MAX_GAMES", "MAX_SIMULATIONS", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, *, max_games: int = MAX_GAMES,
          max_simulations: int = MAX_SIMULATIONS) -> None:
    """Serves the web table on ``host``:``port`` until interrupted (by default on this
    machine only)."""
    uvicorn.run(create_app(max_games, max_simulations), host=host, port=port)


__dir__ = public_dir(__all__)
