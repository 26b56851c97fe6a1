"""Sphinx configuration of the cardcore documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``; the site
documents the installed ``cardcore`` (its compiled ``_core`` lives only there). The pages'
``>>>`` examples run in tests/test_doctests.py, not through a Sphinx builder.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import cardcore

project = "cardcore"
author = "the cardcore authors"
copyright = "2026, the cardcore authors"
release = cardcore.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

autodoc_default_options = {"members": True, "undoc-members": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# pybind11 classes carry their constructor's signature in __init__'s docstring.
autoclass_content = "both"
# No intersphinx (builds run offline): references to the standard library, NumPy and the
# libraries the adapters wrap cannot resolve, so only those are exempt from nitpicky checking.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|npt|np|typing|collections|concurrent|types|os)\..*"),
    (r"py:.*", r"(int|float|str|bool|bytes|object|dict|list|tuple|None|Any|Literal)"),
    (r"py:.*", r"(pettingzoo|gymnasium|pyspiel|open_spiel)(\.|::).*|GameParameter"),
]

html_theme = "furo"
html_title = f"cardcore {release}"


def _drop_self(
    app: object, what: str, name: str, obj: object, options: object,
    signature: str | None, return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """pybind11 signatures spell out ``self: cardcore._core.x.State``; show them as Python
    methods do, and name the public module instead of ``_core``."""
    if signature:
        signature = re.sub(r"^\(self(: [\w.]+)?(, )?", "(", signature)
        signature = re.sub(r"cardcore\._core\.", "cardcore.", signature)
    if return_annotation:
        return_annotation = re.sub(r"cardcore\._core\.", "cardcore.", return_annotation)
    return signature, return_annotation


def _draw_pictures(app: object) -> None:
    """Draws docs/_static/pictures (the pictures of docs/pictures.md) with the installed
    cardcore, by tools/make_pictures.py, before the pages are read."""
    path = Path(__file__).resolve().parent.parent / "tools" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write(module.DOCS)


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _drop_self)
    app.connect("builder-inited", _draw_pictures)
