"""What each seat is shown: `cardcore play` echoes the other seats' moves as the user's seat
sees them, never naming a face-down card."""

from __future__ import annotations

import io
import re

import pytest

import cardcore as cc
from cardcore.play import play
from tests.test_newcomer import plain

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.mark.parametrize("last_seat", [False, True], ids=["seat 0", "last seat"])
@pytest.mark.parametrize("name", list(cc.GAMES))
def test_play_never_echoes_another_seats_face_down_cards(name: str, last_seat: bool) -> None:
    echoed = []
    for seed in range(6):
        out = io.StringIO()
        seat = cc.GAMES[name]().num_players - 1 if last_seat else 0  # Bai Buu's: the banker
        play(name, seed=seed, seat=seat, stdin=io.StringIO("1\n0\n" * 400), stdout=out)
        text = plain(out.getvalue())
        assert f"you are seat {seat} " in text
        # An echo may follow the user's prompt ("> ") on its line.
        for actor, move in re.findall(r"^(?:> )?P(\d): (.*)$", text, re.MULTILINE):
            assert int(actor) != seat  # the user's own moves are not echoed
            echoed.append(move)
    # Cards are named only by moves that show them (a Hucklebuck card played to a trick);
    # a draw, an exchange or an arrangement is counted.
    assert {text.split()[0] for text in echoed if CARD.search(text)} <= {"play"}
    assert any(re.fullmatch(r"(discard|exchange|arrange) [1-5] cards?", text) for text in echoed)
