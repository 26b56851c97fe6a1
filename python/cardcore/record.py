"""JSON game records (``docs/views.md``, "Game records"): a game written for people and
programs, read back as the same state.

A record holds the format's name and version, the game, its whole configuration (house
rules included), how chance was resolved (a seed, or explicit outcomes) and every action
of the history, chance included, each with its actor and its words.

>>> import cardcore as cc
>>> state = cc.buh.Game(players=3).new_initial_state(seed=5)
>>> state.apply_action(state.legal_actions()[0])
>>> record = cc.to_record(state)
>>> record["game"], record["seed"], record["actions"][-1]
('buh', 5, {'id': 22, 'actor': 1, 'text': 'pass'})
>>> cc.load_record(record).serialize() == state.serialize()
True
"""

from __future__ import annotations

import json
import os
from typing import Any

from cardcore._checks import quote_input, read_user_file, shown, write_user_file
from cardcore._namespace import public_dir
from cardcore._registry import module_of, module_of_state
from cardcore._views import json_config

__all__ = ["FORMAT", "RECORD_VERSION", "load_record", "save_record", "to_record"]

FORMAT: str = "cardcore-record"
"""The value of a record's ``format`` field."""
RECORD_VERSION: int = 1
"""The version of the record format that this package writes and reads."""

_FIELDS: dict[str, tuple[type, ...]] = {
    "format": (str,), "version": (int,), "game": (str,), "config": (dict,),
    "seed": (int, type(None)), "actions": (list,)}
"""The fields every record has, and the JSON types each takes."""


def _chance_mode(state: Any) -> tuple[int | None, int]:
    """The seed of a state (None with explicit chance) and the history position from
    which it draws (the serialized form's ``seed=<n>@<i>``; 0 from the start)."""
    mode = state.serialize().split("|")[1].strip()
    if mode == "explicit":
        return None, 0
    seed, _, start = mode.removeprefix("seed=").partition("@")
    return int(seed), int(start or 0)


def to_record(state: Any) -> dict[str, Any]:
    """The JSON game record of ``state``: a dict of JSON types (``json.dumps`` writes it).

    >>> import cardcore as cc
    >>> state = cc.badugi.Game(hands=2).new_initial_state()
    >>> for card in ("As", "2h", "3d", "4c", "5s", "6h", "7d", "8c"):
    ...     state.apply_action(cc.Card(card).id)
    >>> state.fold()
    >>> record = to_record(state)
    >>> record["seed"], record["actions"][0], record["actions"][-1]
    (None, {'id': 51, 'actor': 'chance', 'text': 'As'}, {'id': 0, 'actor': 0, 'text': 'fold'})
    """
    module = module_of_state(state, "to_record")
    seed, start = _chance_mode(state)
    actions = []
    for action, entry in zip(state.history(), state.log, strict=True):
        actor, _, text = entry.partition(": ")
        actions.append({"id": action, "actor": "chance" if actor == "chance" else int(actor[1:]),
                        "text": text})
    record: dict[str, Any] = {"format": FORMAT, "version": RECORD_VERSION,
                              "game": module.SPEC.name, "config": json_config(state),
                              "seed": seed}
    if start:
        record["seed_from"] = start
    record["actions"] = actions
    return record


def save_record(state: Any, path: str | os.PathLike[str]) -> None:
    """Writes the JSON game record of ``state`` to ``path`` (UTF-8, one action a line).

    >>> import cardcore as cc, tempfile, pathlib
    >>> state = cc.hucklebuck.Game().new_initial_state(seed=2)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> save_record(state, path)
    >>> load_record(path).serialize() == state.serialize()
    True
    """
    record = to_record(state)
    lines = ",\n    ".join(json.dumps(action) for action in record.pop("actions"))
    head = json.dumps(record, indent=2)[:-2]  # without the closing "\n}"
    write_user_file(path, f'{head},\n  "actions": [\n    {lines}\n  ]\n}}\n', "the game record")


def _read(source: str | os.PathLike[str] | dict[str, Any]) -> dict[str, Any]:
    """The record of a dict, of JSON text, or of the file at a path."""
    if isinstance(source, dict):
        return source
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        text = source
    elif isinstance(source, (str, os.PathLike)):
        text = read_user_file(source, "the game record").decode("utf-8")
    else:
        raise ValueError(f"a game record is a dict, JSON text or a path, got {shown(source)}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not a JSON game record ({error.msg} at line {error.lineno} column "
                         f"{error.colno}): {quote_input(text)}") from None
    if not isinstance(record, dict):
        raise ValueError(f"a game record is a JSON object, got {quote_input(text)}")
    return record


def _check_fields(record: dict[str, Any]) -> None:
    """Each field is there with its type, in order: the format and the version first, so
    that a record of another format or version says so before anything else."""
    for name, types in _FIELDS.items():
        if name not in record:
            raise ValueError(f"the game record has no {name!r} field: expected the fields "
                             f"{', '.join(_FIELDS)}")
        value = record[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            expected = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise ValueError(f"the game record's {name!r} must be {expected}, got "
                             f"{shown(value)}")
        if name == "format" and value != FORMAT:
            raise ValueError(f"not a cardcore game record: its format is {shown(value)}, "
                             f"expected {FORMAT!r}")
        if name == "version" and value != RECORD_VERSION:
            raise ValueError(f"game record version {value} is not supported: expected "
                             f"{RECORD_VERSION}")


def _checked_action(index: int, entry: object, state: Any) -> int:
    """The id of ``entry``, the record's action ``index``, once it is legal at ``state``
    and its actor and words are those of that id there."""
    if not isinstance(entry, dict) or type(entry.get("id")) is not int:
        raise ValueError(f"action {index} must be an object with an integer 'id', got "
                         f"{shown(entry)}")
    action: int = entry["id"]
    what = f"action {index} ({action}{', ' + shown(entry['text']) if 'text' in entry else ''})"
    chance = state.is_chance_node()
    why = state.why_illegal(action)
    if chance and why is not None and action in state.history():
        raise ValueError(f"{what} deals {state.action_to_string(action)}, which was already "
                         "dealt")
    if why is not None:
        raise ValueError(f"{what} is illegal: {why}")
    actor = "chance" if chance else state.current_player()
    text = state.action_to_string(action)
    if entry.get("actor", actor) != actor or entry.get("text", text) != text:
        who = "chance" if chance else f"P{actor}"
        raise ValueError(f"{what} is inconsistent: id {action} is {who}'s {text!r} here, the "
                         f"record says actor {shown(entry.get('actor'))}, text "
                         f"{shown(entry.get('text'))}")
    return action


def load_record(source: str | os.PathLike[str] | dict[str, Any]) -> Any:
    """The state a JSON game record describes: from a dict, JSON text or a path. Every
    action is checked where it stands (an illegal one, a card dealt twice, an actor or
    words that are not the id's) and a seeded record's chance outcomes against its seed; a
    malformed record is a ValueError that says what is wrong.

    >>> import cardcore as cc
    >>> load_record('{"format": "cardcore-record", "version": 2}')
    Traceback (most recent call last):
    ...
    ValueError: game record version 2 is not supported: expected 1
    """
    record = _read(source)
    _check_fields(record)
    module = module_of(record["game"])
    try:
        game = module.Game(**record["config"])
    except (TypeError, ValueError) as error:
        raise ValueError(f"the game record's config: {error}") from None
    seed: int | None = record["seed"]
    start = record.get("seed_from", 0)
    if type(start) is not int or (seed is None and start):
        raise ValueError(f"the game record's 'seed_from' must be an integer with a seed, got "
                         f"{shown(start)}")
    explicit = game.new_initial_state()
    seeded = game.new_initial_state(seed) if seed is not None and not start else None
    history = []
    for index, entry in enumerate(record["actions"]):
        action = _checked_action(index, entry, explicit)
        if seeded is not None:
            drawn = seeded.history()
            if len(drawn) > index and drawn[index] != action:
                raise ValueError(f"action {index} deals {explicit.action_to_string(action)} "
                                 f"where seed {seed} deals "
                                 f"{explicit.action_to_string(drawn[index])}")
            if len(drawn) <= index:
                seeded.apply_action(action)
        explicit.apply_action(action)
        history.append(action)
    if seed is None:
        return explicit
    header = explicit.serialize().split(" | ")[0]
    mode = f"seed={seed}@{start}" if start else f"seed={seed}"
    return game.deserialize_state(f"{header} | {mode} |" + "".join(f" {a}" for a in history))


__dir__ = public_dir(__all__)
