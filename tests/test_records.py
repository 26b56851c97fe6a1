"""JSON game records: every game round trips through its record (seeded and explicit
chance, several configurations, mid-game and at the end), and a malformed or inconsistent
record is a ValueError that says what is wrong."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc
from tests.test_views import CONFIGS


def played(name: str, config: dict[str, Any], seed: int | None, steps: int,
           rng: random.Random) -> Any:
    state = cc.GAMES[name](**config).new_initial_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_every_game_round_trips_through_its_record(name: str, tmp_path: Path) -> None:
    rng = random.Random(5)
    for i in range(40):
        config = CONFIGS[name][i % len(CONFIGS[name])]
        seed = None if i % 2 else i
        state = played(name, config, seed, rng.choice([0, 5, 30, 10_000]), rng)
        record = cc.to_record(state)
        assert record["seed"] == seed and record["game"] == name
        assert len(record["actions"]) == len(state.history())
        text = json.dumps(record)
        assert cc.load_record(text).serialize() == state.serialize()
        path = tmp_path / f"{name}.json"
        cc.save_record(state, path)
        assert json.loads(path.read_text(encoding="utf-8")) == record
        assert cc.load_record(path).serialize() == state.serialize()
        assert cc.load_record(str(path)).serialize() == state.serialize()


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_a_state_whose_seed_takes_over_later_round_trips(name: str) -> None:
    state = played(name, {}, 3, 6, random.Random(1)).resample_from_infostate(0, 9)
    record = cc.to_record(state)
    assert record["seed"] == 9 and record["seed_from"] > 0
    assert cc.load_record(record).serialize() == state.serialize()


def test_the_record_names_house_rules_and_every_move() -> None:
    state = cc.hucklebuck.Game(players=3, upcard="bottom_of_stock").new_initial_state(seed=4)
    state.apply_action(state.legal_actions()[0])
    record = cc.to_record(state)
    assert record["config"]["upcard"] == "bottom_of_stock"
    assert [a["id"] for a in record["actions"]] == state.history()
    assert [f"{'chance' if a['actor'] == 'chance' else 'P' + str(a['actor'])}: {a['text']}"
            for a in record["actions"]] == state.log


def base_record() -> dict[str, Any]:
    state = cc.badugi.Game().new_initial_state()
    for card in ("As", "2h", "3d", "4c", "5s", "6h", "7d", "8c"):
        state.apply_action(cc.Card(card).id)
    state.bet_or_raise()
    return cc.to_record(state)


def changed(**fields: Any) -> dict[str, Any]:
    record = base_record()
    record.update(fields)
    return record


def with_action(index: int, **fields: Any) -> dict[str, Any]:
    record = base_record()
    record["actions"][index] = {**record["actions"][index], **fields}
    return record


def without(name: str) -> dict[str, Any]:
    record = base_record()
    del record[name]
    return record


BAD: dict[str, tuple[Any, str]] = {
    "not json": ("{not json", r"not a JSON game record \(Expecting property name"),
    "not an object": ("[1, 2]", r"a game record is a JSON object, got '\[1, 2\]'"),
    "a number": (3, "a game record is a dict, JSON text or a path, got 3"),
    "no such file": ("no/such/record.json", "cannot read the game record 'no/such/record.json'"),
    "another format": (changed(format="pgn"), "its format is 'pgn', expected 'cardcore-rec"),
    "wrong version": (changed(version=2), "game record version 2 is not supported: expected 1"),
    "version as text": (changed(version="1"), "'version' must be int, got '1'"),
    "missing game": (without("game"), "the game record has no 'game' field"),
    "missing actions": (without("actions"), "the game record has no 'actions' field"),
    "missing seed": (without("seed"), "the game record has no 'seed' field"),
    "unknown game": (changed(game="chess"), "unknown game 'chess': expected one of badugi"),
    "config not a dict": (changed(config=[1]), "'config' must be dict, got \\[1\\]"),
    "bad config value": (changed(config={"hands": 0}), "config: badugi config: hands must be"),
    "unknown config field": (changed(config={"blinds": 1}), "unexpected keyword argument 'bli"),
    "seed as bool": (changed(seed=True), "'seed' must be int or null, got True"),
    "actions not a list": (changed(actions={}), "'actions' must be list, got {}"),
    "action without id": (with_action(2, id="7"), r"action 2 must be an object with an integer"),
    "illegal action": (with_action(8, id=1), r"action 8 \(1, 'raise'\) is illegal: facing"),
    "id past the actions": (with_action(8, id=99), r"action 8 \(99, 'raise'\) is illegal"),
    "card dealt twice": (with_action(3, id=51), r"action 3 \(51, '4c'\) deals As, which was "
                                               "already dealt"),
    "wrong words": (with_action(8, text="call"), r"action 8 \(4, 'call'\) is inconsistent: "
                                                 "id 4 is P0's 'raise' here"),
    "wrong actor": (with_action(8, actor=1), r"is inconsistent: id 4 is P0's 'raise' here, "
                                             "the record says actor 1, text 'raise'"),
    "seed_from without seed": (changed(seed_from=3), "'seed_from' must be an integer with a seed"),
}


@pytest.mark.parametrize("source, message", BAD.values(), ids=BAD)
def test_a_bad_record_says_what_is_wrong(source: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        cc.load_record(copy.deepcopy(source))
    assert len(str(error.value)) < 500


def test_a_seeded_record_must_deal_the_seeds_cards() -> None:
    state = cc.badugi.Game().new_initial_state(seed=7)
    record = cc.to_record(state)
    dealt = {a["id"] for a in record["actions"]}
    other = next(c for c in range(52) if c not in dealt)
    record["actions"][2] = {"id": other, "actor": "chance", "text": str(cc.Card.from_id(other))}
    with pytest.raises(ValueError, match=f"action 2 deals {cc.Card.from_id(other)} where seed 7 "
                                         f"deals {cc.Card.from_id(state.history()[2])}"):
        cc.load_record(record)


def test_a_long_bad_record_is_quoted_within_bounds() -> None:
    text = "{" + "x" * 100_000
    with pytest.raises(ValueError, match="100,001 characters") as error:
        cc.load_record(text)
    assert len(str(error.value)) < 500
