#!/usr/bin/env python3
"""Fuzzes deserialize_state of every game with mutated serialized states. An input is one
byte choosing the game and config (an index into CASES) followed by the text. Whatever
deserializes must behave: it serializes back to a state that reads back equal, its
observations have the game's shapes, and random play from it reaches the end."""

from __future__ import annotations

import random
import zlib

from _common import CASES, GAMES, attempt, check_round_trip, main, play_out


def test_one_input(data: bytes) -> None:
    if not data:
        return
    game = GAMES[data[0] % len(GAMES)]
    text = data[1:].decode("latin-1")  # every byte a character; serialized states are ASCII
    ok, state = attempt(game.deserialize_state, text)
    if not ok:
        return
    check_round_trip(game, state)
    for player in range(game.num_players):
        state.observation_string(player)
        state.information_state_string(player)
        assert list(state.observation_tensor(player).shape) == game.observation_tensor_shape
        shape = game.information_state_tensor_shape
        assert list(state.information_state_tensor(player).shape) == shape
    play_out(state, random.Random(zlib.crc32(data)), game)
    check_round_trip(game, state)


def seed_inputs(count: int) -> list[bytes]:
    """Serialized states from random games of every case, in both chance modes, at random
    points of play: the seed corpus (fuzz/make_corpus.py)."""
    inputs = []
    for index, game in enumerate(GAMES):
        for seed in range(count):
            rng = random.Random(seed)
            state = game.new_initial_state(seed=seed) if seed % 2 else game.new_initial_state()
            stop = rng.randrange(game.max_game_length + 1)
            while not state.is_terminal() and len(state.history()) < stop:
                state.apply_action(rng.choice(state.legal_actions()))
            inputs.append(bytes([index]) + state.serialize().encode())
    assert len(CASES) < 256
    return inputs


if __name__ == "__main__":
    main(test_one_input)
