"""What each seat is shown: `cardcore play` echoes the other seats' moves as the user's seat
sees them, never naming a face-down card."""

from __future__ import annotations

import io
import re

import pytest

import cardcore as cc
from cardcore.play import play

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.mark.parametrize("name", list(cc.GAMES))
def test_play_never_echoes_another_seats_face_down_cards(name: str) -> None:
    echoed = []
    for seed in range(6):
        out = io.StringIO()
        play(name, seed=seed, stdin=io.StringIO("1\n0\n" * 400), stdout=out)
        # An echo may follow the user's prompt ("> ") on its line.
        echoed += re.findall(r"^(?:> )?P[1-9]: (.*)$", out.getvalue(), re.MULTILINE)
    # Cards are named only by moves that show them (a Hucklebuck card played to a trick);
    # a draw, an exchange or an arrangement is counted.
    assert {text.split()[0] for text in echoed if CARD.search(text)} <= {"play"}
    assert any(re.fullmatch(r"(discard|exchange|arrange) [1-5] cards?", text) for text in echoed)
