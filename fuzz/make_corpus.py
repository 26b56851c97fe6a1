"""Writes seed inputs for the harnesses into a folder per harness (fuzz/run.sh merge then
keeps those that add coverage to fuzz/corpus/<harness>/):

    python fuzz/make_corpus.py build/fuzz/seeds
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from deserialize import seed_inputs


def card_inputs() -> list[bytes]:
    """Card strings in every spelling the parser accepts, each behind the bytes that make
    cards.py read a string of that length."""
    rng = random.Random(1)
    ranks, suits = "A23456789TJQK", ("cdhs", "CDHS", "♣♦♥♠")
    texts = ["As", "10h", "a♠, Kd", "As Kx", "As As", "2c 3d 4h 5s", ""]
    for size in (1, 2, 3, 4, 4, 5, 13):
        cards = [rng.choice(ranks + "a") + rng.choice(rng.choice(suits)) for _ in range(size)]
        texts.append(rng.choice((" ", ",", ", ")).join(cards))
    encoded = [text.encode() for text in texts]
    return [bytes([0, min(len(data), 40)]) + data for data in encoded]


def main(folder: Path) -> None:
    seeds = {
        "cards": card_inputs(),
        "deserialize": seed_inputs(3),
        # Random bytes drive the others: each byte pair is a choice of the harness.
        "actions": [random.Random(i).randbytes(400) for i in range(20)],
        "batch": [random.Random(i).randbytes(300) for i in range(20)],
        "vector": [random.Random(i).randbytes(600) for i in range(20)],
    }
    for harness, inputs in seeds.items():
        (folder / harness).mkdir(parents=True, exist_ok=True)
        for data in inputs:
            (folder / harness / hashlib.sha1(data).hexdigest()).write_bytes(data)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
