"""Every kind of bad input the public API can receive, one table row each: the exception a
user gets and what its message must name (the bad token, field or value). Inputs that look
odd but are fine (strided arrays, empty arrays, 2-card Buh hands) are checked to give the
same result as their plain form. A row for a known bug gets a strict xfail mark giving the
bug, so that the fix, which turns it into a pass, has to remove the mark.

A watchdog ends the whole run with a traceback if any row hangs, so the suite cannot hang;
the command-line rows run in subprocesses with a timeout."""

from __future__ import annotations

import contextlib
import faulthandler
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pytest

import cardcore as cc
from cardcore import cli
from cardcore._checks import CardcoreTypeError, elide_input, quote_input
from cardcore._registry import MODULES, module_of_state

HANG_SECONDS = 120  # far above any row's time on a loaded machine


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Dumps every thread's traceback and exits if a row runs for HANG_SECONDS."""
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


class _NoExecutor(Executor):
    """An executor that must not be used: a check comes before any task."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("nothing may be submitted")


INT_FIELD = {name: "hands" if "hands" in cc.GAMES[name]().config else "players"
             for name in cc.GAMES}
"""A whole-number field of each game's configuration (the reference games have only
``players``)."""


def row(ident: str, call: Callable[[], object], error: type[Exception], match: str) -> Any:
    """One bad input: `call` must raise `error` with a message matching `match`."""
    return pytest.param(call, error, match, id=ident)


def check(call: Callable[[], object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match) as raised:
        call()
    assert type(raised.value) is error  # exactly, not a subclass of it


MASKS = cc.random_hands(64, 4, seed=1)
DEALS = cc.random_deals(64, (4, 4), seed=3)
BANKER, PLAYER = DEALS[:, 0].copy(), DEALS[:, 1].copy()
# A Low hand for round 0 with one card of the player's holding and one he does not hold
LOW_NOT_HELD = np.array([int(PLAYER[0]) & -int(PLAYER[0]) | int(BANKER[0]) & -int(BANKER[0])],
                        np.uint64)


def read_only(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


# ---------------------------------------------------------------------------------------------
# Cards: cc.Card, cc.CardSet, CardSet.from_mask

CARDS = [
    row("card-bad-rank", lambda: cc.Card("Xs"), ValueError, r"invalid card 'Xs'.*expected a rank"),
    row("card-bad-suit", lambda: cc.Card("Ax"), ValueError, r"invalid card 'Ax'.*suit"),
    row("card-rank-only", lambda: cc.Card("A"), ValueError, r"invalid card 'A'"),
    row("card-rank-1", lambda: cc.Card("1s"), ValueError, r"invalid card '1s'"),
    row("card-rank-11", lambda: cc.Card("11s"), ValueError, r"invalid card '11s'"),
    row("card-extra-char", lambda: cc.Card("Ass"), ValueError, r"invalid card 'Ass'"),
    row("card-empty", lambda: cc.Card(""), ValueError, r"exactly one card, got ''"),
    row("card-two-cards", lambda: cc.Card("As Kd"), ValueError, r"exactly one card, got 'As Kd'"),
    row("card-id-52", lambda: cc.Card(52), ValueError, r"card id 52 .*0-51"),
    row("card-id-negative", lambda: cc.Card(-1), ValueError, r"card id -1"),
    row("card-float", lambda: cc.Card(1.5), TypeError, r"expected a card.*got float"),
    # Text with no UTF-8 form (a lone surrogate, as the fuzzer found) is Python's own error.
    row("card-lone-surrogate", lambda: cc.Card("\udce2"), UnicodeEncodeError, r"surrogate"),
    row("cardset-lone-surrogate", lambda: cc.CardSet("As \udce2"), UnicodeEncodeError,
        r"surrogate"),
    row("trick-lone-surrogate", lambda: cc.hucklebuck.trick_winner("\udce2", "h"),
        UnicodeEncodeError, r"surrogate"),
    row("card-none", lambda: cc.Card(None), TypeError, r"got NoneType"),
    row("card-bool", lambda: cc.Card(True), TypeError, r"got bool"),
    row("cardset-bad-token-position", lambda: cc.CardSet("As Kd 9x"), ValueError,
        r"invalid card '9x' at position 3 in 'As Kd 9x'"),
    row("cardset-bad-separator", lambda: cc.CardSet("As;Kd"), ValueError, r"invalid card 'As;Kd'"),
    row("cardset-ten-without-suit", lambda: cc.CardSet("As 10"), ValueError,
        r"invalid card '10' at position 2"),
    row("cardset-duplicate-string", lambda: cc.CardSet("As Kd as"), ValueError,
        r"duplicate card 'as' at position 3"),
    row("cardset-duplicate-symbol", lambda: cc.CardSet("A♠ As"), ValueError,
        r"duplicate card 'As' at position 2"),
    row("cardset-duplicate-ids", lambda: cc.CardSet([0, 0]), ValueError, r"duplicate card 2c"),
    row("cardset-duplicate-mixed", lambda: cc.CardSet([cc.Card("As"), "as"]), ValueError,
        r"duplicate card As"),
    row("cardset-id-52", lambda: cc.CardSet([3, 52]), ValueError, r"card id 52"),
    row("cardset-two-cards-in-one-item", lambda: cc.CardSet(["As Kd"]), ValueError,
        r"exactly one card, got 'As Kd'"),
    row("cardset-mask-bit-52", lambda: cc.CardSet(1 << 52), ValueError,
        r"bits outside the 52 card positions"),
    row("cardset-mask-negative", lambda: cc.CardSet(-1), ValueError, r"card mask -1"),
    row("cardset-mask-2**64", lambda: cc.CardSet(1 << 64), ValueError,
        r"card mask 18446744073709551616"),
    row("cardset-float", lambda: cc.CardSet(1.0), TypeError, r"expected cards.*got float"),
    row("cardset-none", lambda: cc.CardSet(None), TypeError, r"got NoneType"),
    row("cardset-nested-list", lambda: cc.CardSet([[0]]), TypeError, r"expected a card.*got list"),
    row("from-mask-bit-52", lambda: cc.CardSet.from_mask((1 << 52) | 1), ValueError,
        r"bits outside the 52 card positions"),
    row("from-mask-bit-63", lambda: cc.CardSet.from_mask(1 << 63), ValueError, r"bits outside"),
    row("from-mask-numpy-bit-60", lambda: cc.CardSet.from_mask(np.uint64(1 << 60)), ValueError,
        r"bits outside"),
    row("from-mask-negative", lambda: cc.CardSet.from_mask(-1), ValueError, r"card mask -1"),
    row("from-mask-float", lambda: cc.CardSet.from_mask(2.7), CardcoreTypeError,
        r"mask must be an integer, got float 2\.7"),
    row("from-mask-string", lambda: cc.CardSet.from_mask("As"), CardcoreTypeError,
        r"mask must be an integer, got str 'As'"),
    row("from-mask-bool", lambda: cc.CardSet.from_mask(True), CardcoreTypeError, r"got bool"),
    row("cardset-empty-token", lambda: cc.CardSet("As,,Kd"), ValueError,
        r"empty card at position 2 in 'As,,Kd'"),
    row("cardset-leading-comma", lambda: cc.CardSet(", As"), ValueError,
        r"empty card at position 1 in ', As'"),
    row("cardset-trailing-comma", lambda: cc.CardSet("As, Kd,"), ValueError,
        r"empty card at position 3"),
    row("cardset-bytes", lambda: cc.CardSet(b"As"), TypeError,
        r"got bytes: decode it to a str first"),
]

# ---------------------------------------------------------------------------------------------
# Evaluators: wrong card counts and masks

EVALUATORS = [
    row("buh-evaluate-1-card", lambda: cc.buh.evaluate("As"), ValueError,
        r"2, 3 or 4 cards, got 1"),
    row("buh-evaluate-5-cards", lambda: cc.buh.evaluate("As Kd 2c 3c 4c"), ValueError,
        r"2, 3 or 4 cards, got 5"),
    row("buh-evaluate-empty", lambda: cc.buh.evaluate(""), ValueError, r"got 0"),
    row("buh-evaluate-duplicate", lambda: cc.buh.evaluate("As Kd as"), ValueError,
        r"duplicate card 'as'"),
    row("buh-strength-3-cards", lambda: cc.buh.strength("As Kd 2c"), ValueError,
        r"needs 4 cards, got 3 \(2c Kd As\)"),
    row("buh-strength-mask-bit-52", lambda: cc.buh.strength(7 | 1 << 52), ValueError,
        r"bits outside"),
    row("buh-strength-float", lambda: cc.buh.strength(15.0), TypeError, r"got float"),
    row("buh-compare-second-3-cards", lambda: cc.buh.compare("As Kd 2c 3c", "As Kd 2c"),
        ValueError, r"got 3 \(2c Kd As\)"),
    row("badugi-evaluate-3-cards", lambda: cc.badugi.evaluate("As Kd 2c"), ValueError,
        r"Badugi hand needs 4 cards, got 3"),
    row("badugi-evaluate-5-cards", lambda: cc.badugi.evaluate("As Kd 2c 3c 4c"), ValueError,
        r"needs 4 cards, got 5"),
    row("badugi-strength-mask-5-cards", lambda: cc.badugi.strength(31), ValueError,
        r"needs 4 cards, got 5 \(2c 2d 2h 2s 3c\)"),
    row("badugi-strength-mask-0", lambda: cc.badugi.strength(0), ValueError, r"got 0"),
    row("baibuu-evaluate-3-cards", lambda: cc.baibuu.evaluate("As Kd 2c"), ValueError,
        r"2 cards .* or 4 .*got 3"),
    row("baibuu-strength-4-cards", lambda: cc.baibuu.strength("As Kd 2c 3c"), ValueError,
        r"two-card hand needs 2 cards, got 4"),
    row("baibuu-house-way-3-cards", lambda: cc.baibuu.house_way("As Kd 2c"), ValueError,
        r"holding needs 4 cards, got 3"),
    row("baibuu-optimal-5-cards", lambda: cc.baibuu.optimal_arrangement("As Kd 2c 3c 4c"),
        ValueError, r"holding needs 4 cards, got 5"),
    row("baibuu-natural-3-cards", lambda: cc.baibuu.natural("As Kd 2c"), ValueError,
        r"needs 4 cards, got 3"),
    row("baibuu-is-valid-shared-card", lambda: cc.baibuu.is_valid("As Kd", "As 4c"), ValueError,
        r"share As"),
    row("baibuu-compare-3-cards", lambda: cc.baibuu.compare("As Kd 2c", "3c 4c"), ValueError,
        r"needs 2 cards, got 3"),
]

# ---------------------------------------------------------------------------------------------
# Batch calls: dtypes, masks, thread counts, out=

BATCH = [
    row("float64", lambda: cc.buh.strength_many(MASKS.astype(np.float64)), ValueError,
        r"masks must be an integer .*float64"),
    row("object", lambda: cc.badugi.strength_many(MASKS.astype(object)), ValueError,
        r"dtype object"),
    row("bool", lambda: cc.buh.strength_many(np.ones(3, bool)), ValueError, r"dtype bool"),
    row("strings", lambda: cc.buh.strength_many(["As Kd 2c 3c"]), ValueError, r"dtype <U"),
    row("negative-int64", lambda: cc.badugi.strength_many(np.array([15, -1])), ValueError,
        r"masks\[1\] is negative"),
    row("3-bits", lambda: cc.buh.strength_many(np.array([15, 7], np.uint64)), ValueError,
        r"masks\[1\] = 7: .*needs 4 cards, got 3"),
    row("5-bits", lambda: cc.badugi.strength_many(np.array([31], np.uint64)), ValueError,
        r"masks\[0\] = 31: .*got 5"),
    row("baibuu-4-bits", lambda: cc.baibuu.strength_many(np.array([3, 15], np.uint64)),
        ValueError, r"masks\[1\] = 15: .*needs 2 cards, got 4"),
    row("bit-52", lambda: cc.buh.strength_many(np.array([7 | 1 << 52], np.uint64)), ValueError,
        r"masks\[0\] = 4503599627370503: .*bits outside"),
    row("bit-63", lambda: cc.badugi.strength_many(np.array([7 | 1 << 63], np.uint64)),
        ValueError, r"masks\[0\].*bits outside"),
    row("threads-0", lambda: cc.buh.strength_many(MASKS, threads=0), ValueError, r"threads.*got 0"),
    row("threads-negative", lambda: cc.badugi.strength_many(MASKS, threads=-1), ValueError,
        r"threads.*got -1"),
    row("threads-float", lambda: cc.buh.strength_many(MASKS, threads=1.5), CardcoreTypeError,
        r"threads must be None \(every core for a large batch\) or an integer 1 to 256, got "
        r"float 1\.5"),
    row("threads-bool", lambda: cc.badugi.strength_many(MASKS, threads=True), CardcoreTypeError,
        r"threads.*got bool"),
    row("out-int64", lambda: cc.buh.strength_many(MASKS, out=np.zeros(64, np.int64)), ValueError,
        r"out must be an int32 array of shape \(64,\), got int64"),
    row("out-short", lambda: cc.buh.strength_many(MASKS, out=np.zeros(63, np.int32)), ValueError,
        r"shape \(64,\), got int32 \(63,\)"),
    row("out-strided", lambda: cc.badugi.strength_many(MASKS, out=np.zeros(128, np.int32)[::2]),
        ValueError, r"out must be C-contiguous"),
    row("out-read-only",
        lambda: cc.badugi.strength_many(MASKS, out=read_only(np.zeros(64, np.int32))),
        ValueError, r"writeable"),
    row("random-hands-k-53", lambda: cc.random_hands(3, 53), ValueError,
        r"k must be in 0-52, got 53"),
    row("random-hands-n-negative", lambda: cc.random_hands(-1, 4), ValueError, r"n must be >= 0"),
    row("random-hands-10**15", lambda: cc.random_hands(10**15, 4), ValueError,
        r"random_hands of 1,000,000,000,000,000 hands needs 7\.1 PiB.*fewer at a time"),
    row("random-deals-10**15", lambda: cc.random_deals(10**15, (4, 4)), ValueError,
        r"random_deals of 1,000,000,000,000,000 deals needs 14\.2 PiB.*fewer at a time"),
    row("random-hands-seed-negative", lambda: cc.random_hands(3, 4, seed=-1), ValueError,
        r"seed .*got -1"),
    row("random-deals-too-many-cards", lambda: cc.random_deals(3, (26, 27)), ValueError,
        r"more than 52 cards"),
    row("random-deals-negative-size", lambda: cc.random_deals(3, (4, -1)), ValueError,
        r"hand sizes must be >= 0, got -1"),
    row("all-hands-6", lambda: cc.all_hands(6), ValueError, r"k must be in 0-5, got 6"),
    row("masks-from-ids-52", lambda: cc.masks_from_ids([[0, 52]]), ValueError,
        r"ids\[0, 1\] = 52 is not a card id"),
    row("masks-from-ids-duplicate", lambda: cc.masks_from_ids([[7, 7]]), ValueError,
        r"ids\[0, 1\]: duplicate card 3s"),
    row("masks-from-ids-float", lambda: cc.masks_from_ids([[0.0, 1.0]]), ValueError, r"float64"),
    row("masks-from-ids-1d", lambda: cc.masks_from_ids([0, 1]), ValueError, r"2-D"),
    row("ids-from-masks-wrong-k", lambda: cc.ids_from_masks([3], 3), ValueError,
        r"masks\[0\] = 3: .*3 cards, got 2"),
]

# ---------------------------------------------------------------------------------------------
# Bai Buu settlement and Hucklebuck tricks

HAND_B, HAND_P = "Qs 7h Kh 9c", "Ad 4c Kc Kd"

SETTLE = [
    row("settle-wager-0", lambda: cc.baibuu.settle(HAND_B, HAND_P, wager=0), ValueError,
        r"wager must be a positive integer.*got 0"),
    row("settle-wager-negative", lambda: cc.baibuu.settle(HAND_B, HAND_P, wager=-5), ValueError,
        r"wager.*got -5"),
    row("settle-wager-string", lambda: cc.baibuu.settle(HAND_B, HAND_P, wager="100"),
        CardcoreTypeError, r"wager must be a positive integer in minor units, got str '100'"),
    row("settle-commission-negative", lambda: cc.baibuu.settle(HAND_B, HAND_P, commission_bp=-1),
        ValueError, r"commission_bp must be an integer in 0-10000.*got -1"),
    row("settle-commission-over-100%",
        lambda: cc.baibuu.settle(HAND_B, HAND_P, commission_bp=10001),
        ValueError, r"commission_bp.*got 10001"),
    row("settle-banker-commission",
        lambda: cc.baibuu.settle(HAND_B, HAND_P, banker_commission_bp=-1),
        ValueError, r"banker_commission_bp.*got -1"),
    row("settle-shared-card", lambda: cc.baibuu.settle(HAND_B, "Qs 4c Kc Kd"), ValueError,
        r"banker and the player share Qs"),
    row("settle-banker-3-cards", lambda: cc.baibuu.settle("Qs 7h Kh", HAND_P), ValueError,
        r"banker's hand needs 4 cards, got 3"),
    row("settle-player-5-cards", lambda: cc.baibuu.settle(HAND_B, "Ad 4c Kc Kd 2c"), ValueError,
        r"player's hand needs 4 cards, got 5"),
    row("settle-split-overlap", lambda: cc.baibuu.settle(("Qs 7h", "Qs 9c"), HAND_P), ValueError,
        r"banker's \(low, high\) must be two disjoint two-card hands"),
    row("settle-split-3-and-1", lambda: cc.baibuu.settle(HAND_B, ("Ad 4c Kc", "Kd")), ValueError,
        r"player's \(low, high\)"),
    row("settle-banker-foul", lambda: cc.baibuu.settle(("Ks Kh", "4s 5h"), HAND_P), ValueError,
        r"banker's arrangement Kh Ks / 4s 5h is not valid"),
    row("settle-none", lambda: cc.baibuu.settle(None, HAND_P), TypeError, r"got NoneType"),
    row("settle-many-lengths", lambda: cc.baibuu.settle_many(BANKER[:5], PLAYER), ValueError,
        r"same length"),
    row("settle-many-shared-cards", lambda: cc.baibuu.settle_many(BANKER, BANKER), ValueError,
        r"round 0: the banker and the player share"),
    row("settle-many-3-cards", lambda: cc.baibuu.settle_many(np.array([7], np.uint64), PLAYER[:1]),
        ValueError, r"round 0: the banker's hand needs 4 cards, got 3"),
    row("settle-many-low-not-held",
        lambda: cc.baibuu.settle_many(BANKER[:1], PLAYER[:1], player_low=LOW_NOT_HELD),
        ValueError, r"round 0: .*Low hand .* is not two cards of"),
    row("settle-many-float", lambda: cc.baibuu.settle_many(BANKER.astype(float), PLAYER),
        ValueError, r"banker must be an integer .*float64"),
    row("settle-many-wager-0", lambda: cc.baibuu.settle_many(BANKER, PLAYER, wager=0), ValueError,
        r"wager.*got 0"),
    row("settle-many-threads-0", lambda: cc.baibuu.settle_many(BANKER, PLAYER, threads=0),
        ValueError, r"threads.*got 0"),
    row("trick-empty", lambda: cc.hucklebuck.trick_winner([], "h"), ValueError,
        r"at least one card"),
    row("trick-card-twice", lambda: cc.hucklebuck.trick_winner(["As", "Kd", "as"], "h"), ValueError,
        r"As is played twice"),
    row("trick-bad-card", lambda: cc.hucklebuck.trick_winner(["2c", "Xx"], "h"), ValueError,
        r"invalid card 'Xx'"),
    row("trick-card-id-52", lambda: cc.hucklebuck.trick_winner([0, 52], "h"), ValueError,
        r"card id 52"),
    row("trick-bad-trump", lambda: cc.hucklebuck.trick_winner(["2c", "3c"], "x"), ValueError,
        r"invalid suit 'x'"),
    row("trick-trump-4", lambda: cc.hucklebuck.trick_winner(["2c", "3c"], 4), ValueError,
        r"invalid suit 4"),
    # docs/rulebook/hucklebuck.md 4.2: 3 to 7 players, one card each to a trick
    row("trick-8-cards", lambda: cc.hucklebuck.trick_winner(list(range(8)), "h"), ValueError,
        r"a trick holds at most 7 cards \(one per player\), got 8"),
    row("trick-string-duplicate", lambda: cc.hucklebuck.trick_winner("As Kd as", "h"),
        ValueError, r"duplicate card 'as' at position 3"),
    row("legal-plays-bad-led", lambda: cc.hucklebuck.legal_plays("Ks 4s", led="spade"), ValueError,
        r"invalid suit 'spade'"),
]

# ---------------------------------------------------------------------------------------------
# Game configurations, and int arguments of the engine protocol


def banker_foul() -> None:
    """Bai Buu with banker='agent': the banker arranges his hand foul (the lowest such id)."""
    state = player_node("baibuu")
    state.apply_action(first_illegal(state, cc.baibuu.Game().num_distinct_actions))

CONFIGS = [
    row("buh-players-9", lambda: cc.buh.Game(players=9), ValueError,
        r"buh config: players must be 2 to 8, got 9"),
    row("buh-players-1", lambda: cc.buh.Game(players=1), ValueError, r"players .*got 1"),
    row("buh-players-2**40", lambda: cc.buh.Game(players=2**40), ValueError,
        r"buh config: players must be 2 to 8, got 1099511627776"),
    row("buh-players-string", lambda: cc.buh.Game(players="3"), ValueError,
        r"buh config: players must be an integer, got str '3'"),
    row("buh-players-float", lambda: cc.buh.Game(players=3.0), ValueError,
        r"buh config: players must be an integer, got float 3\.0"),
    row("buh-players-bool", lambda: cc.buh.Game(players=True), ValueError,
        r"buh config: players must be an integer, got bool True"),
    row("buh-unknown-keyword", lambda: cc.buh.Game(player=3), CardcoreTypeError,
        r"buh\.Game\(\) got an unexpected keyword argument 'player' \(did you mean 'players'\?\)"),
    row("buh-misspelt-keyword", lambda: cc.buh.Game(flsh_buh="double"), CardcoreTypeError,
        r"buh\.Game\(\) got an unexpected keyword argument 'flsh_buh' \(did you mean "
        r"'flush_buh'\?\); its keywords are players, stacks, .*, flush_buh, declare_after_draw, "
        r"hooch_order$"),
    row("buh-positional", lambda: cc.buh.Game(3), CardcoreTypeError,
        r"buh\.Game\(\) takes keyword arguments only, got 1 positional \(int\); its keywords "
        r"are players, "),
    row("buh-flush-buh-none", lambda: cc.buh.Game(flush_buh=None), ValueError,
        r"buh config: flush_buh must be 'plain' or 'double', got NoneType None"),
    row("buh-declare-after-draw-1", lambda: cc.buh.Game(declare_after_draw=1), ValueError,
        r"buh config: declare_after_draw must be True or False, got int 1"),
    row("buh-declare-after-draw-no", lambda: cc.buh.Game(declare_after_draw="no"), ValueError,
        r"buh config: declare_after_draw must be True or False, got str 'no'"),
    row("buh-hooch-order-bytes", lambda: cc.buh.Game(hooch_order=b"lexicographic"), ValueError,
        r"buh config: hooch_order must be 'lexicographic' or 'lowest_then_fewest', got bytes "
        r"b'lexicographic'"),
    row("hucklebuck-upcard-0", lambda: cc.hucklebuck.Game(upcard=0), ValueError,
        r"hucklebuck config: upcard must be 'set_aside' or 'bottom_of_stock', got int 0"),
    row("baibuu-banker-takes-none", lambda: cc.baibuu.Game(banker_takes_3_4_points=None),
        ValueError, r"baibuu config: banker_takes_3_4_points must be 'same_class' or "
        r"'any_class', got NoneType None"),
    row("buh-stack-negative", lambda: cc.buh.Game(players=2, stacks=(10, -10)), ValueError,
        r"stacks must be 1 to .*got -10"),
    row("buh-stacks-0", lambda: cc.buh.Game(stacks=0), ValueError, r"stacks.*got 0"),
    row("buh-stacks-count", lambda: cc.buh.Game(players=3, stacks=(10, 10)), ValueError,
        r"stacks needs one entry per player \(3\), got 2"),
    row("buh-stacks-string", lambda: cc.buh.Game(stacks="100"), ValueError,
        r"buh config: stacks must be an integer or a sequence of integers, got str '100'"),
    row("buh-hands-0", lambda: cc.buh.Game(hands=0), ValueError, r"hands must be .*got 0"),
    row("buh-ante-negative", lambda: cc.buh.Game(ante=-1), ValueError, r"ante .*got -1"),
    row("buh-max-raises-negative", lambda: cc.buh.Game(max_raises=-1), ValueError,
        r"max_raises .*got -1"),
    row("buh-first-dealer-2", lambda: cc.buh.Game(players=2, first_dealer=2), ValueError,
        r"first_dealer must be 0 to 1, got 2"),
    row("badugi-players", lambda: cc.badugi.Game(players=2), CardcoreTypeError,
        r"badugi\.Game\(\) got an unexpected keyword argument 'players'; its keywords are "
        r"stacks, small_blind, "),
    row("badugi-stacks-3", lambda: cc.badugi.Game(stacks=(1, 2, 3)), ValueError,
        r"stacks needs one entry per player \(2\), got 3"),
    row("badugi-stack-negative", lambda: cc.badugi.Game(stacks=(-1, 100)), ValueError,
        r"stacks.*got -1"),
    row("badugi-blinds-reversed", lambda: cc.badugi.Game(small_blind=2, big_blind=1), ValueError,
        r"big_blind must be at least small_blind \(2\), got 1"),
    row("badugi-small-bet-0", lambda: cc.badugi.Game(small_bet=0), ValueError, r"small_bet.*got 0"),
    row("badugi-hands-0", lambda: cc.badugi.Game(hands=0), ValueError, r"hands .*got 0"),
    row("baibuu-player-hands-7", lambda: cc.baibuu.Game(player_hands=7), ValueError,
        r"player_hands must be 1 to 6, got 7"),
    row("baibuu-player-hands-0", lambda: cc.baibuu.Game(player_hands=0), ValueError,
        r"player_hands .*got 0"),
    row("baibuu-wagers-count", lambda: cc.baibuu.Game(player_hands=2, wagers=(1, 2, 3)), ValueError,
        r"wagers needs one entry per player hand \(2\), got 3"),
    row("baibuu-wager-negative", lambda: cc.baibuu.Game(player_hands=2, wagers=(1, -2)), ValueError,
        r"wagers .*got -2"),
    row("baibuu-commission-10001", lambda: cc.baibuu.Game(commission_bp=10001), ValueError,
        r"commission_bp must be 0 to 10000, got 10001"),
    row("baibuu-banker-unknown", lambda: cc.baibuu.Game(banker="robot"), ValueError,
        r"banker must be 'house_way' or 'agent', got 'robot'"),
    row("baibuu-players-keyword", lambda: cc.baibuu.Game(players=3), CardcoreTypeError,
        r"baibuu\.Game\(\) got an unexpected keyword argument 'players' \(did you mean "
        r"'player_hands'\?\); its keywords are player_hands, wagers, "),
    row("hucklebuck-players-2", lambda: cc.hucklebuck.Game(players=2), ValueError,
        r"players must be 3 to 7, got 2"),
    row("hucklebuck-players-8", lambda: cc.hucklebuck.Game(players=8), ValueError, r"got 8"),
    row("hucklebuck-target-0", lambda: cc.hucklebuck.Game(target=0), ValueError,
        r"target must be .*got 0"),
    row("hucklebuck-scores-count", lambda: cc.hucklebuck.Game(players=3, scores=(1, 2)),
        ValueError, r"scores needs one entry per player \(3\), got 2"),
    row("hucklebuck-score-negative", lambda: cc.hucklebuck.Game(players=3, scores=(1, 2, -1)),
        ValueError, r"scores .*got -1"),
    row("hucklebuck-hands-0", lambda: cc.hucklebuck.Game(hands=0), ValueError,
        r"hands must be None or 1 to 100000, got 0"),
    row("hucklebuck-hands-string", lambda: cc.hucklebuck.Game(hands="x"), ValueError,
        r"hucklebuck config: hands must be an integer, got str 'x'"),
    row("buh-stacks-floats", lambda: cc.buh.Game(stacks=[1.5, 2]), ValueError,
        r"buh config: stacks\[0\] must be an integer, got float 1\.5"),
    row("baibuu-wagers-string", lambda: cc.baibuu.Game(wagers="x"), ValueError,
        r"baibuu config: wagers must be an integer or a sequence of integers, got str 'x'"),
    row("hucklebuck-scores-string", lambda: cc.hucklebuck.Game(players=3, scores="abc"),
        ValueError, r"hucklebuck config: scores must be an integer or a sequence"),
    row("badugi-stacks-string", lambda: cc.badugi.Game(stacks="100"), ValueError,
        r"badugi config: stacks must be an integer or a sequence of integers, got str"),
    row("badugi-stacks-huge", lambda: cc.badugi.Game(stacks=(2**70, 1)), ValueError,
        r"badugi config: stacks\[0\] is out of range: 1180591620717411303424"),
    row("new-initial-state-seed-negative", lambda: cc.buh.Game().new_initial_state(seed=-1),
        ValueError, r"seed must be an integer in \[0, 2\*\*64\), got -1"),
    row("new-initial-state-seed-2**64", lambda: cc.hucklebuck.Game().new_initial_state(seed=2**64),
        ValueError, r"seed must be .*got 18446744073709551616"),
    row("new-initial-state-seed-float", lambda: cc.buh.Game().new_initial_state(seed=1.0),
        CardcoreTypeError, r"buh\.Game\.new_initial_state\(\) takes \(seed: "
        r"typing\.SupportsIndex \| None = None\), got \(seed=float\)"),
    row("resample-seed-negative", lambda: cc.badugi.Game().new_initial_state(seed=3)
        .resample_from_infostate(0, -1), ValueError, r"seed must be .*got -1"),
    row("resample-player-beyond-int", lambda: cc.buh.Game().new_initial_state(seed=3)
        .resample_from_infostate(2**40, 1), IndexError,
        r"player must be in 0-1, got 1099511627776"),
    row("apply-action-beyond-int", lambda: cc.badugi.Game().new_initial_state(seed=3)
        .apply_action(2**40), ValueError, r"action 1099511627776 is not legal here"),
    row("apply-action-beyond-int64", lambda: cc.hucklebuck.Game().new_initial_state(seed=3)
        .apply_action(-2**70), ValueError, r"action -1180591620717411303424 is not legal here"),
    row("apply-action-bool", lambda: cc.buh.Game().new_initial_state(seed=3).apply_action(True),
        CardcoreTypeError, r"buh\.State\.apply_action\(\) takes \(action: "
        r"typing\.SupportsIndex\), got \(bool\)"),
    row("action-to-string-beyond-int", lambda: cc.baibuu.Game().new_initial_state(seed=3)
        .action_to_string(2**40), ValueError, r"no Bai Buu action has id 1099511627776"),
    row("observation-tensor-player-beyond-int", lambda: cc.hucklebuck.Game()
        .new_initial_state(seed=3).observation_tensor(-2**40), IndexError,
        r"player must be in 0-3, got -1099511627776"),
    row("information-state-string-player-beyond-int", lambda: cc.badugi.Game()
        .new_initial_state(seed=3).information_state_string(2**64), IndexError,
        r"player must be in 0-1, got 18446744073709551616"),
    # docs/rulebook/baibuu.md 3.6 #3: the banker may not foul
    row("baibuu-banker-foul", banker_foul, ValueError,
        r"action \d+ is not legal here \(the banker may not foul, and Low \w\w \w\w / High "
        r"\w\w \w\w is one: the High hand must beat the Low hand\)"),
    *(row(f"{name}-restore-game-missing-field", lambda name=name: getattr(cc._core, name)
          .restore_game({}), ValueError, rf"{name} config: \w+ is missing from the configuration")
      for name in cc.GAMES),
    *(row(f"{name}-restore-game-bad-field",
          lambda name=name: getattr(cc._core, name).restore_game(
              {**cc.GAMES[name]().config, INT_FIELD[name]: "x"}),
          ValueError, rf"{name} config: {INT_FIELD[name]} must be an integer, got str 'x'")
      for name in cc.GAMES),
]

# ---------------------------------------------------------------------------------------------
# cc.simulate and the other native players

SIMULATE = [
    row("unknown-game", lambda: cc.simulate("poker", 10), ValueError,
        r"unknown game 'poker': expected one of badugi, baibuu, buh, hucklebuck"),
    row("not-a-game", lambda: cc.simulate(42, 10), ValueError, r"not a cardcore game: 42"),
    row("unknown-policy", lambda: cc.simulate("badugi", 10, policies=["random", "smart"]),
        ValueError, r"unknown badugi policy 'smart'"),
    row("policy-of-another-game", lambda: cc.simulate("baibuu", 10,
                                                       policies=["rule_based", "house_way"]),
        ValueError, r"unknown baibuu policy 'rule_based': expected one of"),
    row("too-few-policies", lambda: cc.simulate("badugi", 10, policies=["random"]), ValueError,
        r"one per seat \(2\), got 1"),
    row("policies-string", lambda: cc.simulate("badugi", 10, policies="random"), ValueError,
        r"policies must be a list, one per seat \(2\), got the string 'random'"),
    row("callable-policy-illegal",
        lambda: cc.simulate("badugi", 10, policies=[lambda s: 99, "random"]), ValueError,
        r"the policy of seat 0 returned 99, not a legal action id .*legal here are fold"),
    row("callable-policy-not-an-id", lambda: cc.simulate("badugi", 10,
                                                          policies=[lambda s: "call", "random"]),  # type: ignore[list-item,return-value]
        ValueError, r"the policy of seat 0 returned 'call', not a legal action id"),
    row("policy-for-an-engine-seat", lambda: cc.simulate("baibuu", 10,
                                                          policies=["optimal", "random"]),
        ValueError, r"policies\[1\] is 'random', but seat 1 plays inside the engine .*give None"),
    row("callable-policy-with-threads",
        lambda: cc.simulate("badugi", 10, policies=[lambda s: 0, "random"], threads=2,
                            executor=_NoExecutor()),
        ValueError, r"threads=2 with a callable policy: a callable holds the GIL"),
    row("policy-input-unknown",
        lambda: cc.simulate("badugi", 10, policies=[lambda s: 0, "random"], policy_input="all",
                            executor=_NoExecutor()),
        ValueError, r"policy_input must be one of 'observation', 'state', got 'all'"),
    row("start-negative", lambda: cc.simulate("badugi", 10, start=-1), ValueError,
        r"start must be the index of the first game, 0 or more, got -1"),
    row("start-past-the-last-game",
        lambda: cc.simulate("badugi", 10, start=2**63 - 5, keep_returns=False), ValueError,
        r"games 9,223,372,036,854,775,803 to 9,223,372,036,854,775,812 go past the last game"),
    row("n-0", lambda: cc.simulate("badugi", 0), ValueError, r"n must be a positive .*got 0"),
    row("n-negative", lambda: cc.simulate("buh", -1), ValueError, r"got -1"),
    row("solution-saved-to-a-directory", lambda: cc.solve.cfr("kuhn", 2).save("/"), ValueError,
        r"cannot write the solution file '/': Is a directory"),
    row("record-saved-in-no-folder",
        lambda: cc.save_record(cc.kuhn.Game().new_initial_state(), "no/such/folder/game.json"),
        ValueError, r"cannot write the game record 'no/such/folder/game.json': No such file"),
    row("replay-saved-to-a-directory",
        lambda: cc.replay(cc.kuhn.Game().new_initial_state()).to_svg("/"), ValueError,
        r"cannot write the picture '/': Is a directory"),
    row("executor-not-an-executor", lambda: cc.simulate("badugi", 10, executor=4),  # type: ignore[arg-type]
        ValueError, r"executor must be None or an executor \(one with submit\(\)\), got 4"),
    row("match-executor-not-an-executor",
        lambda: cc.match("badugi", ["random", "rule_based"], 10, seed=1, executor="pool"),  # type: ignore[arg-type]
        ValueError, r"executor must be None or an executor .*got 'pool'"),
    row("lbr-executor-not-an-executor",
        lambda: cc.solve.local_best_response("leduc", "random", 10, seed=1, executor=[]),  # type: ignore[arg-type]
        ValueError, r"executor must be None or an executor .*got \[\]"),
    row("n-10**15-kept", lambda: cc.simulate("badugi", 10**15), ValueError,
        r"keeping the returns of 1,000,000,000,000,000 games needs 28\.4 PiB.*"
        r"keep_returns=False"),
    row("keep-returns-string", lambda: cc.simulate("badugi", 10, keep_returns="no"), ValueError,
        r"keep_returns must be True or False, got 'no'"),
    row("n-float", lambda: cc.simulate("badugi", 1.5), CardcoreTypeError,
        r"n must be a positive number of games, got float 1\.5"),
    row("seed-string", lambda: cc.simulate("badugi", 10, seed="1"), CardcoreTypeError,
        r"seed must be an integer in \[0, 2\*\*64\), got str '1'"),
    row("threads-0", lambda: cc.simulate("badugi", 10, threads=0), ValueError, r"threads.*got 0"),
    row("threads-negative", lambda: cc.simulate("hucklebuck", 10, threads=-2), ValueError,
        r"threads.*got -2"),
    row("seed-negative", lambda: cc.simulate("badugi", 10, seed=-1), ValueError,
        r"seed must be an integer in \[0, 2\*\*64\), got -1"),
    row("policy-action-at-chance",
        lambda: cc.hucklebuck.policy_action(cc.hucklebuck.Game().new_initial_state()),
        ValueError, r"needs a player to act"),
    row("policy-action-seed-negative", lambda: cc.hucklebuck.policy_action(
        cc.hucklebuck.Game().new_initial_state(seed=1), "random", seed=-1), ValueError,
        r"seed must be an integer in \[0, 2\*\*64\), got -1"),
    row("player-expectation-seed-negative", lambda: cc.baibuu.player_expectation(10, seed=-1),
        ValueError, r"seed must be .*got -1"),
    row("player-expectation-rounds-float", lambda: cc.baibuu.player_expectation(1.5),
        CardcoreTypeError, r"rounds must be a positive integer, got float 1\.5"),
    row("player-expectation-unknown",
        lambda: cc.baibuu.player_expectation(10, player="smart"),
        ValueError, r"player must be 'house_way' or 'optimal', got 'smart'"),
    row("baibuu-play-explicit-chance",
        lambda: cc.baibuu.play(cc.baibuu.Game().new_initial_state(), ["optimal", None]),
        ValueError, r"needs a seeded state"),
    row("baibuu-play-unknown-strategy",
        lambda: cc.baibuu.play(cc.baibuu.Game().new_initial_state(seed=1), ["smart", None]),
        ValueError, r"seat 0: unknown strategy 'smart'"),
]


# ---------------------------------------------------------------------------------------------
# Thread counts, counts and NumPy numbers: one shared check for every entry point

BADUGI_STATE = cc.badugi.Game().new_initial_state(seed=3)
THREADS_TOO_MANY = r"threads must be (None \(every core for a large batch\) or )?an integer 1 to " \
                   r"256, got {}"


def stops(state: Any) -> int:
    """A policy that raises StopIteration (a generator's end, leaked)."""
    raise StopIteration


def one_element_array(state: Any) -> Any:
    """A policy that returns its legal action in a one-element array."""
    return np.array([state.legal_actions()[0]])


SHARED = [
    row("simulate-threads-2**40", lambda: cc.simulate("badugi", 10, threads=2**40), ValueError,
        THREADS_TOO_MANY.format(1099511627776)),
    row("simulate-search-seats-threads-2**40", lambda: cc.simulate(
        cc.buh.Game(players=8), 10, policies=["ismcts"] * 8, threads=2**40),
        ValueError, THREADS_TOO_MANY.format(1099511627776)),
    row("best-discards-threads-2**31", lambda: cc.badugi.best_discards(
        "As 2h 3d Kd", method="monte carlo", samples=10, threads=2**31), ValueError,
        THREADS_TOO_MANY.format(2147483648)),
    row("equity-threads-2**31", lambda: cc.badugi.equity(
        ["As 2h 3d Kd", "Ac 2c 3c 4c"], method="monte carlo", samples=10, threads=2**31),
        ValueError, THREADS_TOO_MANY.format(2147483648)),
    row("strength-many-threads-2**40", lambda: cc.buh.strength_many(MASKS, threads=2**40),
        ValueError, THREADS_TOO_MANY.format(1099511627776)),
    row("settle-many-threads-2**40", lambda: cc.baibuu.settle_many(BANKER, PLAYER,
                                                                  threads=2**40),
        ValueError, THREADS_TOO_MANY.format(1099511627776)),
    row("player-expectation-threads-2**40", lambda: cc.baibuu.player_expectation(
        10, threads=2**40), ValueError, THREADS_TOO_MANY.format(1099511627776)),
    row("search-threads-2**40", lambda: cc.search.ismcts(BADUGI_STATE, threads=2**40),
        ValueError, THREADS_TOO_MANY.format(1099511627776)),
    row("search-threads-float", lambda: cc.search.ismcts(BADUGI_STATE, threads=2.0),
        CardcoreTypeError, r"threads must be an integer 1 to 256, got float 2\.0"),
    row("search-uct-c-10**400", lambda: cc.search.ismcts(BADUGI_STATE, uct_c=10**400),
        ValueError, r"uct_c must be a finite number >= 0, got 1000+…0+ \(401 characters\)"),
    row("search-uct-c-negative-numpy", lambda: cc.search.ismcts(BADUGI_STATE,
                                                               uct_c=np.float32(-1)),
        ValueError, r"uct_c must be a finite number >= 0, got np\.float32\(-1\.0\)"),
    row("search-uct-c-bool", lambda: cc.search.ismcts(BADUGI_STATE, uct_c=np.True_),
        CardcoreTypeError, r"uct_c must be a finite number >= 0, got bool"),
    row("search-simulations-2**70", lambda: cc.search.ismcts(BADUGI_STATE, simulations=2**70),
        ValueError, r"simulations must be an integer 1 to 100,000,000, got "
        r"1180591620717411303424"),
    row("callable-policy-one-element-array", lambda: cc.simulate(
        "badugi", 10, policies=[one_element_array, "random"]), ValueError,
        r"the policy of seat 0 returned array\(\[\d+\]\), not a legal action id"),
    row("callable-policy-stop-iteration", lambda: cc.simulate("badugi", 10,
                                                              policies=["random", stops]),
        RuntimeError, r"the policy of seat 1 \('stops'\) raised StopIteration; a policy "
        r"returns a legal action id"),
    row("draw-odds-array-of-ids-duplicate", lambda: cc.badugi.draw_odds(
        np.array([0, 1, 2, 2]), "2c"), ValueError, r"duplicate card 2h at position 4"),
    row("strength-many-read-only-out", lambda: cc.badugi.strength_many(
        MASKS, out=read_only(np.zeros(len(MASKS), np.int32))), ValueError,
        r"out must be a writeable array, got a read-only one"),
    row("policies-bytes", lambda: cc.simulate("badugi", 10, policies=b"random"),
        CardcoreTypeError, r"policies must be a list, one per seat \(2\), got bytes "
        r"b'random': decode it to a str"),
    row("opponents-bytes", lambda: cc.VectorEnv("badugi", 4, seat=0, opponents=b"random"),
        CardcoreTypeError, r"opponents must be a policy name or a list of them, got bytes "
        r"b'random': decode it to a str"),
    row("policy-bytes-in-a-list", lambda: cc.simulate("badugi", 10, policies=[b"random",
                                                                            "random"]),
        ValueError, r"unknown badugi policy b'random'"),
    row("vector-num-envs-array", lambda: cc.VectorEnv("badugi", np.array([4])),
        CardcoreTypeError, r"num_envs must be an integer 1 to 16777216, got ndarray "
        r"array\(\[4\]\)"),
    row("vector-threads-2**40", lambda: cc.VectorEnv("badugi", 4, threads=2**40), ValueError,
        r"threads must be None \(every core, at most 8, from 512 envs\) or an integer 1 to "
        r"256, got 1099511627776"),
    row("vector-part-last-10**20", lambda: cc.vector.VectorEnvPart(
        cc.VectorEnv("badugi", 4), 0, 10**20), ValueError,
        r"last must be an integer 1 to 4, got 100000000000000000000"),
    row("vector-part-first-float", lambda: cc.vector.VectorEnvPart(
        cc.VectorEnv("badugi", 4), 1.5, 3), CardcoreTypeError,
        r"first must be an env index 0 to 3, got float 1\.5"),
    row("vector-part-of-no-env", lambda: cc.vector.VectorEnvPart(
        object(), 0, 1), CardcoreTypeError,
        r"a VectorEnvPart is part of a VectorEnv, got object"),
    row("search-memory-limit-exceeded", lambda: cc.search.ismcts(
        BADUGI_STATE, simulations=100_000, memory_limit=2**20), ValueError,
        r"ismcts: 100000 simulations on 1 threads may need up to \d+ MiB, more than "
        r"memory_limit \(1 MiB\)"),
    row("search-memory-limit-float", lambda: cc.search.ismcts(BADUGI_STATE, memory_limit=1.0),
        CardcoreTypeError, r"memory_limit must be None or a number of bytes"),
]

ROWS = [*CARDS, *EVALUATORS, *BATCH, *SETTLE, *CONFIGS, *SIMULATE, *SHARED]


@pytest.mark.parametrize(("call", "error", "match"), ROWS)
def test_bad_input_raises_an_error_naming_the_problem(call: Callable[[], object],
                                                     error: type[Exception], match: str) -> None:
    check(call, error, match)


@pytest.mark.parametrize("call", [row.values[0] for row in ROWS
                                  if row.values[1] is CardcoreTypeError])
def test_a_wrong_type_is_both_a_type_error_and_a_value_error(call: Callable[[], object]) -> None:
    """Python's convention and cardcore's promise (every bad input is a ValueError) at once."""
    with pytest.raises(TypeError):
        call()
    with pytest.raises(ValueError):
        call()


# ---------------------------------------------------------------------------------------------
# Inputs that look odd but are fine: the same result as the plain form

def strided(masks: np.ndarray) -> np.ndarray:
    wide = np.zeros(2 * len(masks), np.uint64)
    wide[::2] = masks
    return wide[::2]


ACCEPTED = [
    # NumPy spells uint64 two ways (L and Q); a strided Q array once failed (the fuzzer).
    pytest.param(lambda: cc.buh.strength_many(strided(MASKS).view(np.ulonglong)),
                 lambda: cc.buh.strength_many(MASKS), id="ulonglong-strided"),
    pytest.param(lambda: cc.buh.strength_many(strided(MASKS)),
                 lambda: cc.buh.strength_many(MASKS), id="strided"),
    pytest.param(lambda: cc.badugi.strength_many(np.asfortranarray(MASKS.reshape(8, 8))),
                 lambda: cc.badugi.strength_many(MASKS).reshape(8, 8), id="fortran-2d"),
    pytest.param(lambda: cc.buh.strength_many(MASKS.astype(">u8")),
                 lambda: cc.buh.strength_many(MASKS), id="big-endian"),
    pytest.param(lambda: cc.baibuu.strength_many(np.array([3, 1 << 30 | 1 << 7], np.int32)),
                 lambda: cc.baibuu.strength_many(np.array([3, 1 << 30 | 1 << 7], np.uint64)),
                 id="int32"),
    pytest.param(lambda: cc.badugi.strength_many([int(m) for m in MASKS]),
                 lambda: cc.badugi.strength_many(MASKS), id="list-of-ints"),
    pytest.param(lambda: cc.buh.strength_many(MASKS[0]),
                 lambda: np.int32(cc.buh.strength(int(MASKS[0]))), id="0-d"),
    pytest.param(lambda: cc.buh.strength_many(np.array([], np.uint64)),
                 lambda: np.array([], np.int32), id="empty-array"),
    pytest.param(lambda: cc.buh.strength_many(MASKS, threads=64),
                 lambda: cc.buh.strength_many(MASKS, threads=1), id="more-threads-than-masks"),
    pytest.param(lambda: cc.baibuu.settle_many(strided(BANKER), strided(PLAYER)).codes,
                 lambda: cc.baibuu.settle_many(BANKER, PLAYER).codes, id="settle-many-strided"),
    pytest.param(lambda: cc.baibuu.settle_many(DEALS[:, 0], DEALS[:, 1]).codes,
                 lambda: cc.baibuu.settle_many(BANKER, PLAYER).codes, id="settle-many-columns"),
    pytest.param(lambda: len(cc.baibuu.settle_many(MASKS[:0], MASKS[:0])), lambda: 0,
                 id="settle-many-empty"),
    pytest.param(lambda: cc.random_hands(0, 4), lambda: np.array([], np.uint64),
                 id="random-hands-0"),
    # docs/rulebook/buh.md 1.5: a rank counts once, an ace 1 point; a hand with a normal worth at
    # most 1 point is a buh
    pytest.param(lambda: cc.buh.evaluate("As Ah").value, lambda: 1, id="buh-2-cards"),
    pytest.param(lambda: cc.buh.evaluate("Ah Ac Jd").is_buh, lambda: True, id="buh-3-cards"),
    pytest.param(lambda: cc.buh.strength_many([]), lambda: np.array([], np.int32),
                 id="empty-list"),
    pytest.param(lambda: cc.buh.strength_many(MASKS, threads=np.int64(2)),
                 lambda: cc.buh.strength_many(MASKS), id="numpy-integer-threads"),
    pytest.param(lambda: cc.hucklebuck.trick_winner("7s Ks 2h As", "h"),
                 lambda: cc.hucklebuck.trick_winner(["7s", "Ks", "2h", "As"], "h"),
                 id="trick-as-a-string"),
    pytest.param(lambda: cc.hucklebuck.trick_winner("7s,Ks, 2h  As", "h"),
                 lambda: cc.hucklebuck.trick_winner(["7s", "Ks", "2h", "As"], "h"),
                 id="trick-as-a-string-with-commas"),
    pytest.param(lambda: cc.CardSet.from_mask(np.uint64(3)).mask, lambda: 3,
                 id="from-mask-numpy"),
    pytest.param(lambda: cc.random_hands(4, 4, seed=np.uint64(2**63)),
                 lambda: cc.random_hands(4, 4, seed=2**63), id="numpy-seed"),
    pytest.param(lambda: cc.badugi.Game().new_initial_state(seed=np.uint64(2**64 - 1)).serialize(),
                 lambda: cc.badugi.Game().new_initial_state(seed=2**64 - 1).serialize(),
                 id="engine-numpy-seed"),
    pytest.param(lambda: cc.buh.Game(stacks=50).config["stacks"], lambda: (50, 50),
                 id="one-stack-for-every-seat"),
    pytest.param(lambda: cc.badugi.Game(stacks=np.array([30, 40])).config["stacks"],
                 lambda: (30, 40), id="stacks-as-an-array"),
    pytest.param(lambda: cc.buh.Game().deserialize_state(seeded_text("buh") + "\n").serialize(),
                 lambda: seeded_text("buh"), id="serialized-state-with-a-newline"),
    pytest.param(lambda: cc.buh.Game(declare_after_draw=np.False_).config,
                 lambda: cc.buh.Game(declare_after_draw=False).config, id="numpy-bool-field"),
    pytest.param(lambda: search_visits(uct_c=np.float32(1.5), simulations=np.int64(50)),
                 lambda: search_visits(uct_c=1.5, simulations=50), id="search-numpy-numbers"),
    pytest.param(lambda: search_visits(uct_c=np.int64(2)), lambda: search_visits(uct_c=2.0),
                 id="search-numpy-int-uct-c"),
    pytest.param(lambda: cc.badugi.draw_odds(
        np.array([cc.Card(card).id for card in ("As", "2c", "3h", "4s")]), "2c").counts,
                 lambda: cc.badugi.draw_odds("As 2c 3h 4s", "2c").counts,
                 id="draw-odds-array-of-card-ids"),
]


def search_visits(**options: Any) -> list[int]:
    """The root visits of a small search of a Badugi deal with these options."""
    result = cc.search.ismcts(BADUGI_STATE, **{"simulations": 50, "seed": 1, **options})
    return [result.visits[a] for a in sorted(result.visits)]


@pytest.mark.parametrize(("call", "plain"), ACCEPTED)
def test_odd_but_valid_input_gives_the_plain_result(call: Callable[[], Any],
                                                    plain: Callable[[], Any]) -> None:
    got, expected = call(), plain()
    assert np.array_equal(got, expected) and np.shape(got) == np.shape(expected)


# ---------------------------------------------------------------------------------------------
# Actions: a bad action is an error and leaves the state exactly as it was

GAMES = list(cc.GAMES)


def player_node(name: str) -> Any:
    """A player node that has an illegal action id below num_distinct_actions."""
    if name == "baibuu":  # every arrangement is legal for a player (he may foul): the banker
        state = cc.baibuu.Game(banker="agent").new_initial_state(seed=1)
        state.apply_action(0)
        return state
    return cc.GAMES[name]().new_initial_state(seed=3)


def chance_node(name: str) -> Any:
    """An explicit chance node after one card has been dealt."""
    state = cc.GAMES[name]().new_initial_state()
    state.apply_action(state.legal_actions()[0])
    return state


def terminal(name: str) -> Any:
    state = cc.GAMES[name]().new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def first_illegal(state: Any, limit: int) -> int:
    """The lowest id below `limit` that is not legal at `state`."""
    return next(a for a in range(limit) if a not in state.legal_actions())


def not_held(state: Any) -> list[int]:
    """Two card ids that the seat to act does not hold."""
    hand = state.hands[state.current_player()]
    return [c for c in range(52) if c not in hand][:2]


# One verb per game at the wrong moment, and a string that is not an action.
WRONG_VERB: dict[str, tuple[Callable[[Any], object], str]] = {
    "badugi": (lambda s: s.discard(), r"discard is not legal now; legal: fold, call, raise"),
    "buh": (lambda s: s.declare(), r"declare is not legal now; legal: pass"),
    "baibuu": (lambda s: s.arrange(not_held(s)), r"the Low hand must be two cards of"),
    "hucklebuck": (lambda s: s.play("As"), r"play As is not legal now; legal: pass, exchange "
                   r"<cards> \(\d+ ways, e.g. 'exchange \w\w'\)$"),
}
"""The games with verbs of their own (the reference games have none)."""
VERB_AT_CHANCE: dict[str, Callable[[Any], object]] = {
    "badugi": lambda s: s.fold(),
    "buh": lambda s: s.pass_(),
    "baibuu": lambda s: s.arrange("2c 3c"),
    "hucklebuck": lambda s: s.pass_(),
}
MALFORMED = {
    "badugi": ("raise 2", r"unknown Badugi action 'raise 2': expected fold"),
    "buh": ("declare now", r"unknown Buh action 'declare now': expected declare"),
    "baibuu": ("arrange 2c", r"'arrange 2c': the Low hand must be two cards of"),
    "hucklebuck": ("play As Ks", r"exactly one card, got 'As Ks'"),
    "kuhn": ("bet 2", r"unknown Kuhn poker action 'bet 2': expected pass or bet$"),
    "leduc": ("raise 2", r"unknown Leduc poker action 'raise 2': expected fold, call or raise$"),
}
BAD_CARD = {"kuhn": r"unknown Kuhn poker action 'Zz': expected a card J, Q or K$",
            "leduc": r"unknown Leduc poker action 'Zz': expected a card Js, Jh, Qs, Qh, Ks or Kh$"}
"""What a chance node of a reference game (cards of their own) says to a card it lacks."""

Try = Callable[[Any, str], object]
# kind: (the state, what to try on it given the game's name, the error, the message; {actions}
# in a message is the game's num_distinct_actions, a dict gives a message per game)
ACTIONS: dict[str, tuple[Callable[[str], Any], Try, type[Exception], str | dict[str, str]]] = {
    "illegal": (player_node, lambda s, n: s.apply_action(
        first_illegal(s, cc.GAMES[n]().num_distinct_actions)), ValueError,
        r"action \d+ is not legal here"),
    "out-of-range": (player_node, lambda s, n: s.apply_action(cc.GAMES[n]().num_distinct_actions),
                     ValueError, r"action {actions} is not legal"),
    "huge": (player_node, lambda s, n: s.apply_action(10**6), ValueError,
             r"action 1000000 is not legal"),
    "negative": (player_node, lambda s, n: s.apply_action(-1), ValueError,
                 r"action -1 is not legal"),
    "float": (player_node, lambda s, n: s.apply_action(1.0), CardcoreTypeError,
              r"State\.apply_action\(\) takes \(action: typing\.SupportsIndex\), got \(float\)"),
    "card-at-player-node": (player_node, lambda s, n: s.apply_action(first_illegal(s, 52)),
                            ValueError, r"action \d+ is not legal here"),
    "dealt-card-at-chance-node": (chance_node, lambda s, n: s.apply_action(s.history()[0]),
                                  ValueError, r"not legal here \(a chance node"),
    "at-terminal": (terminal, lambda s, n: s.apply_action(0), ValueError, r"the game is over"),
    "negative-to-string": (player_node, lambda s, n: s.action_to_string(-1), ValueError,
                           r"no [\w ]+ action has id -1$"),
    "out-of-range-to-string": (player_node,
                               lambda s, n: s.action_to_string(cc.GAMES[n]().num_distinct_actions),
                               ValueError, r"no [\w ]+ action has id {actions}$"),
    "unknown-string": (player_node, lambda s, n: s.string_to_action("dance"), ValueError,
                       r"action 'dance': expected"),
    "empty-string": (player_node, lambda s, n: s.string_to_action(""), ValueError,
                     r"action '': expected"),
    "malformed-string": (player_node, lambda s, n: s.string_to_action(MALFORMED[n][0]),
                         ValueError, {name: match for name, (_, match) in MALFORMED.items()}),
    "bad-card-at-chance-node": (chance_node, lambda s, n: s.string_to_action("Zz"), ValueError,
                                {name: BAD_CARD.get(name, r"invalid card 'Zz'")
                                 for name in cc.GAMES}),
    "wrong-verb": (player_node, lambda s, n: WRONG_VERB[n][0](s), ValueError,
                   {name: match for name, (_, match) in WRONG_VERB.items()}),
    "verb-at-chance-node": (chance_node, lambda s, n: VERB_AT_CHANCE[n](s), ValueError,
                            r"is not legal now: a card is to be dealt \(a chance node\)"),
}


def applies(name: str, kind: str) -> bool:
    """Whether the catalogue's ``kind`` of bad action exists in game ``name``: the verbs'
    rows need verbs, and Kuhn poker has no illegal action id at a player node (pass and bet
    are always legal)."""
    if kind in ("wrong-verb", "verb-at-chance-node"):
        return name in WRONG_VERB
    return not (kind == "illegal" and name == "kuhn")


ACTION_CASES = [(name, kind) for name in GAMES for kind in ACTIONS if applies(name, kind)]


@pytest.mark.parametrize(("name", "kind"), ACTION_CASES)
def test_a_bad_action_is_an_error_and_changes_nothing(name: str, kind: str) -> None:
    make, attempt, error, match = ACTIONS[kind]
    state = make(name)
    before = state.serialize(), state.legal_actions(), state.returns()
    message = match[name] if isinstance(match, dict) else match
    check(lambda: attempt(state, name),
          error, message.format(actions=cc.GAMES[name]().num_distinct_actions))
    assert (state.serialize(), state.legal_actions(), state.returns()) == before


# ---------------------------------------------------------------------------------------------
# Serialized states: each string is handed to the default game of `name`

def seeded_text(name: str) -> str:
    return str(cc.GAMES[name]().new_initial_state(seed=3).serialize())


def explicit_text(name: str) -> str:
    return str(cc.GAMES[name]().new_initial_state().serialize())


OTHER_CONFIG = {"badugi": {"hands": 2}, "buh": {"hands": 2}, "baibuu": {"hands": 2},
                "hucklebuck": {"players": 3}}
"""A configuration other than the default, where the game has one (the reference games have
only OpenSpiel's)."""


def other_config_text(name: str) -> str:
    game = cc.GAMES[name](**OTHER_CONFIG.get(name, {}))
    return str(game.new_initial_state(seed=3).serialize())


def other_game(name: str) -> str:
    return "buh" if name == "badugi" else "badugi"


def config_text(text: str) -> str:
    """The configuration part of a serialized state."""
    return re.escape(text.split(" | ")[0].split(" ", 1)[1])


def drop_last_id(text: str) -> str:
    return text.rsplit(" ", 1)[0]


NOT_A_STATE = r"not a serialized {name} state"
# kind: (the text to deserialize given the game's name, the error, the message)
SERIALIZED: dict[str, tuple[Callable[[str], object], type[Exception], str]] = {
    "empty": (lambda n: "", ValueError,
              NOT_A_STATE + r" \(it does not start with 'cardcore\.{name}/1 ' but is empty\)"),
    "blank": (lambda n: " \n", ValueError, r"but is empty"),
    "truncated-header": (lambda n: seeded_text(n)[:20], ValueError, NOT_A_STATE),
    "truncated-seeded-deal": (lambda n: drop_last_id(seeded_text(n)), ValueError,
                              NOT_A_STATE + r" \(the history stops in the middle of a seeded deal"),
    "another-game": (lambda n: seeded_text(other_game(n)), ValueError,
                     NOT_A_STATE + r" \(it does not start with 'cardcore\.{name}/1 ' but with "
                     r"'cardcore\.{other}/1'\)"),
    "wrong-version": (lambda n: seeded_text(n).replace("/1 ", "/2 ", 1), ValueError,
                      r"does not start with 'cardcore\.{name}/1 ' but with 'cardcore\.{name}/2'"),
    "another-config": (lambda n: other_config_text(n), ValueError,
                       NOT_A_STATE + r" \(its configuration differs from this game's: found "
                       r"'{other_config}', expected '{config}'\)"),
    "bad-config-value": (lambda n: seeded_text(n).replace(f"{INT_FIELD[n]}=",
                                                          f"{INT_FIELD[n]}=0", 1), ValueError,
                         r"configuration differs"),
    "unknown-chance-mode": (lambda n: explicit_text(n).replace("explicit", "random"), ValueError,
                            r"unknown chance mode 'random'"),
    "bad-seed": (lambda n: seeded_text(n).replace("seed=3", "seed=x"), ValueError,
                 r"bad seed 'x'"),
    "trailing-garbage": (lambda n: seeded_text(n) + " junk", ValueError,
                         r"bad action id at history position \d+"),
    # A number must be the whole token: junk after its digits is not ignored.
    "junk-after-action-id": (lambda n: explicit_text(n) + " 12abc", ValueError,
                             NOT_A_STATE + r" \(bad action id at history position 0\)"),
    "junk-after-seed": (lambda n: seeded_text(n).replace("seed=3", "seed=3x"), ValueError,
                        NOT_A_STATE + r" \(bad seed '3x'\)"),
    "junk-after-seed-since": (lambda n: seeded_text(n).replace("seed=3", "seed=3@5x"),
                              ValueError, NOT_A_STATE + r" \(bad seed '3@5x'\)"),
    "card-id-99": (lambda n: explicit_text(n) + " 99", ValueError,
                   r"action 99 at history position 0 is not legal"),
    "duplicate-card": (lambda n: explicit_text(n) + " 1 1", ValueError,
                       r"action 1 at history position 1 is not legal"),
    "not-a-string": (lambda n: None, CardcoreTypeError,
                     r"Game\.deserialize_state\(\) takes \(text: str\), got \(NoneType\)"),
}


SERIALIZED_CASES = [(name, kind) for name in GAMES for kind in SERIALIZED
                    if kind != "another-config" or name in OTHER_CONFIG]


@pytest.mark.parametrize(("name", "kind"), SERIALIZED_CASES)
def test_a_corrupt_serialized_state_is_an_error(name: str, kind: str) -> None:
    text, error, match = SERIALIZED[kind]
    check(lambda: cc.GAMES[name]().deserialize_state(text(name)), error,
          match.format(name=name, other=other_game(name), config=config_text(seeded_text(name)),
                       other_config=config_text(other_config_text(name))))


# ---------------------------------------------------------------------------------------------
# The command line: a non-zero exit, the problem named on stderr, no traceback

CLI = [
    pytest.param(["eval", "poker", "As"], r"invalid choice: 'poker'", id="unknown-game"),
    pytest.param(["frobnicate"], r"invalid choice: 'frobnicate'", id="unknown-command"),
    pytest.param(["eval", "buh", "As Xx 2c 3c"], r"invalid card 'Xx' at position 2",
                 id="bad-card"),
    pytest.param(["eval", "badugi", "As Kd 2c"], r"needs 4 cards, got 3", id="wrong-card-count"),
    pytest.param(["eval", "badugi"], r"(?s)usage: cardcore eval .*\ncardcore eval: error: badugi "
                 r"needs CARDS", id="eval-without-cards"),
    pytest.param(["simulate", "badugi", "--hands", "abc"],
                 r"--hands: expected a number of games such as 100000, 100_000 or 1e5, got 'abc'",
                 id="hands-not-a-number"),
    pytest.param(["simulate", "badugi", "--hands", "12.5"],
                 r"--hands: expected a whole number of games, got '12.5'", id="hands-12.5"),
    pytest.param(["simulate", "badugi", "--hands", "0"],
                 r"--hands must be a positive number of games, got 0", id="hands-0"),
    pytest.param(["solve", "kuhn", "--iterations", "0"],
                 r"iterations must be a positive integer, got 0", id="solve-iterations-0"),
    pytest.param(["solve", "kuhn", "--seconds", "0"], r"seconds must be a positive number",
                 id="solve-seconds-0"),
    pytest.param(["solve", "kuhn", "--iterations", "5", "--out", "."],
                 r"--out '\.' is a directory, not a file", id="solve-out-a-directory"),
    pytest.param(["solve", "kuhn", "--mccfr", "--iterations", "5", "--out", "no/such/folder/f"],
                 r"--out 'no/such/folder/f' cannot be written: there is no folder 'no/such/folder'",
                 id="solve-out-in-no-folder"),
    pytest.param(["simulate", "badugi", "--hands", "10", "--policy", "smart"],
                 r"unknown badugi policy 'smart'", id="unknown-policy"),
    pytest.param(["simulate", "buh", "--hands", "10", "--players", "9"],
                 r"players must be 2 to 8, got 9", id="players-9"),
    pytest.param(["simulate", "badugi", "--hands", "10", "--players", "3"],
                 r"heads-up: --players does not apply", id="players-in-badugi"),
    pytest.param(["simulate", "badugi", "--hands", "10", "--threads", "0"], r"threads.*got 0",
                 id="threads-0"),
    pytest.param(["simulate", "buh", "--hands", "10", "--rule", "flush_buh=double", "--rule",
                  "flush_buh=plain"],
                 r"--rule flush_buh is given twice \('flush_buh=double' and 'flush_buh=plain'\): "
                 r"give it once", id="rule-twice"),
    pytest.param(["simulate", "badugi", "--hands", "10", "--json", "/nonexistent/dir/out.json"],
                 r"--json '/nonexistent/dir/out\.json' cannot be written: there is no folder",
                 id="json-unwritable"),
    pytest.param(["match", "kuhn", "rule_based", "random", "--hands", "10", "--json", "."],
                 r"--json '\.' is a directory, not a file", id="match-json-a-directory"),
    pytest.param(["lbr", "kuhn", "random", "--hands", "16", "--json", "no/such/f.json"],
                 r"--json 'no/such/f\.json' cannot be written: there is no folder 'no/such'",
                 id="lbr-json-in-no-folder"),
    pytest.param(["simulate", "kuhn", "--hands", "10", "--plot", "no/such/f.png"],
                 r"--plot 'no/such/f\.png' cannot be written", id="plot-in-no-folder"),
    pytest.param(["match", "kuhn", "rule_based", "random", "--hands", "10",
                  "--control-variates", "-2"],
                 r"--control-variates must be 0 \(none\) or a positive number of playouts, "
                 r"got -2",
                 id="match-control-variates-negative"),
]


@pytest.mark.parametrize(("args", "match"), CLI)
def test_a_bad_command_line_exits_with_a_message(args: list[str], match: str) -> None:
    done = subprocess.run([sys.executable, "-m", "cardcore", *args], capture_output=True,
                          text=True, timeout=HANG_SECONDS, stdin=subprocess.DEVNULL, check=False)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip(), "no message on stderr"
    assert re.search(match, done.stderr), done.stderr


# ---------------------------------------------------------------------------------------------
# Giant input: whatever its size, a message quotes at most MAX_QUOTED characters of it

GIANT = 10**7
"""Ten million characters: a 10 MB log line for every bad request, if a message quoted it."""
MAX_MESSAGE = 500
"""The longest message any row of the catalogue may give: at most MAX_QUOTED (200)
characters of the user's input (a card and the text around it share them), the note of its
length, and the message's own words. A call a compiled function cannot take is within it
too: it names the function and the types it got, never pybind11's signatures and values."""
GIANT_SECONDS = 60.0
"""A guard against a hang, not a speed check (speed is measured in bench/): every row takes
a few tens of milliseconds (one pass over the text), and work that grows faster than the
text takes hours on it (quadratic), so a minute separates the two on any machine, however
loaded."""


def giant(prefix: str = "", piece: str = "x", suffix: str = "") -> str:
    """A text of GIANT characters or just under: `prefix`, `piece` repeated, `suffix`."""
    return prefix + piece * ((GIANT - len(prefix) - len(suffix)) // len(piece)) + suffix


def elided(text: str) -> str:
    """What a message shows of a giant text (cardcore._checks.quote_input), as a pattern."""
    return re.escape(quote_input(text))


def giant_row(ident: str, text: Callable[[], str], call: Callable[[str], object],
              error: type[Exception], match: Callable[[str], str] | str) -> Any:
    """A giant input: `call(text())` must raise `error` with a message matching `match` (or
    `match(text)`), which states the input's length."""
    return pytest.param(text, call, error, match, id=ident)


EVALUATING = [m for m in MODULES if hasattr(m, "evaluate")]
TEXT_FIELDS = [(m.SPEC.name, f.name) for m in MODULES for f in m.SPEC.fields]

GIANTS = [
    giant_row("card", giant, cc.Card, ValueError,
              r"invalid card 'x+…x+' \(10,000,000 characters\) at position 1"),
    giant_row("cardset", giant, cc.CardSet, ValueError,
              r"invalid card 'x{20}…x{19}' \(10,000,000 characters\) at position 1 in "
              r"'x{80}…x{79}' \(10,000,000 characters\): expected a rank"),
    giant_row("cardset-duplicates", lambda: giant("", "As "), cc.CardSet, ValueError,
              r"duplicate card 'As' at position 2 in 'As As .*' \(9,999,999 characters\)$"),
    giant_row("cardset-symbols", lambda: giant("", "A♠"), cc.CardSet, ValueError,
              r"invalid card 'A♠A♠A♠.*' \(10,000,000 characters\) at position 1"),
    giant_row("cardset-in-a-list", giant, lambda t: cc.CardSet(["As", t]), ValueError,
              r"invalid card 'x+…x+' \(10,000,000 characters\)"),
    *(giant_row(f"{m.SPEC.name}-evaluate", giant, m.evaluate, ValueError, r"invalid card 'x")
      for m in EVALUATING),
    giant_row("trick-plays", giant, lambda t: cc.hucklebuck.trick_winner(t, "h"), ValueError,
              r"invalid card 'x"),
    giant_row("trick-trump", giant, lambda t: cc.hucklebuck.trick_winner("As Kd", t), ValueError,
              lambda t: r"invalid suit " + elided(t)),
    *(giant_row(f"{name}-deserialize", lambda name=name: giant(f"cardcore.{name}/1 "),
                lambda t, name=name: cc.GAMES[name]().deserialize_state(t), ValueError,
                lambda t: r"its configuration differs from this game's: found "
                + elided(t.split(" ", 1)[1]))
      for name in GAMES),
    *(giant_row(f"{name}-deserialize-tag", giant,
                lambda t, name=name: cc.GAMES[name]().deserialize_state(t), ValueError,
                lambda t: r"does not start with .* but with " + elided(t))
      for name in GAMES),
    *(giant_row(f"{name}-deserialize-seed",
                lambda name=name: giant(seeded_text(name).split(" | ")[0] + " | seed=", "9", " |"),
                lambda t, name=name: cc.GAMES[name]().deserialize_state(t), ValueError,
                r"bad seed '9+…9+' \(9,99\d,\d{3} characters\)")
      for name in GAMES),
    *(giant_row(f"{name}-string-to-action", giant,
                lambda t, name=name: player_node(name).string_to_action(t), ValueError,
                lambda t: r"unknown .* action " + elided(t) + r": expected")
      for name in GAMES),
    *(giant_row(f"{name}-discard-string", lambda: giant("discard ", "As "),
                lambda t, name=name: player_node(name).string_to_action(t), ValueError,
                r"'discard As As .*' \(\d,\d{3},\d{3} characters\)")
      for name in GAMES),
    *(giant_row(f"{game}-config-{field}", giant, lambda t, game=game, field=field:
                cc.GAMES[game](**{field: t}), ValueError,
                lambda t, game=game, field=field: rf"{game} config: {field} must be .*, got "
                r"(str )?" + elided(t))
      for game, field in TEXT_FIELDS),
    *(giant_row(f"{name}-restore-game", giant, lambda t, name=name: getattr(cc._core, name)
                .restore_game({**cc.GAMES[name]().config, INT_FIELD[name]: t}), ValueError,
                lambda t, name=name: rf"{name} config: {INT_FIELD[name]} must be an integer, "
                r"got str " + elided(t))
      for name in GAMES),
    giant_row("simulate-game", giant, lambda t: cc.simulate(t, 10), ValueError,
              lambda t: r"unknown game " + elided(t)),
    giant_row("simulate-policy", giant,
              lambda t: cc.simulate("badugi", 10, policies=[t, "random"]), ValueError,
              lambda t: r"unknown badugi policy " + elided(t)),
    giant_row("simulate-policies-string", giant,
              lambda t: cc.simulate("badugi", 10, policies=t), ValueError,
              lambda t: r"got the string " + elided(t)),
    *(giant_row(f"{name}-policy-action", giant,
                lambda t, name=name: getattr(cc._core, name).policy_action(player_node(name), t, 0),
                ValueError, lambda t, name=name: rf"unknown {name} policy " + elided(t))
      for name in GAMES),
    giant_row("player-expectation", giant,
              lambda t: cc.baibuu.player_expectation(10, player=t), ValueError,
              lambda t: r"got " + elided(t)),
    giant_row("baibuu-play-strategy", giant,
              lambda t: cc.baibuu.play(cc.baibuu.Game().new_initial_state(seed=1), [t, None]),
              ValueError, lambda t: r"unknown strategy " + elided(t)),
    giant_row("spec-field", giant, lambda t: cc.buh.SPEC.field(t), ValueError,
              lambda t: r"no configuration field " + elided(t)),
    giant_row("seed-string", giant, lambda t: cc.simulate("badugi", 10, seed=t),
              CardcoreTypeError, lambda t: r"got str " + elided(t)),
    giant_row("record-json", lambda: giant("{"), cc.load_record, ValueError,
              lambda t: r"not a JSON game record \(.*\): " + elided(t)),
    giant_row("record-path", giant, cc.load_record, ValueError,
              lambda t: r"cannot read the game record " + elided(t)),
    giant_row("phh-toml", lambda: giant('variant = "'), cc.badugi.from_phh, ValueError,
              lambda t: r"not a PHH hand history \(.*\): " + elided(t)),
    giant_row("phh-action", lambda: giant("p1 "),
              lambda t: cc.badugi.from_phh('variant = "FB"\nantes = [0, 0]\n'
                                           "blinds_or_straddles = [1, 2]\nsmall_bet = 2\n"
                                           "big_bet = 4\nstarting_stacks = [9, 9]\n"
                                           f'actions = ["{t}"]'), ValueError,
              lambda t: r"the hand ends before PHH action 0 \(" + elided(t)),
]


def timed_error(call: Callable[[], object]) -> tuple[BaseException, float]:
    start = time.perf_counter()
    try:
        call()
    except BaseException as raised:  # the caller checks what it was
        return raised, time.perf_counter() - start
    raise AssertionError("no error")


@pytest.mark.parametrize(("text", "call", "error", "match"), GIANTS)
def test_a_giant_input_is_a_fast_bounded_error(text: Callable[[], str],
                                               call: Callable[[str], object],
                                               error: type[Exception],
                                               match: Callable[[str], str] | str) -> None:
    given = text()
    raised, seconds = timed_error(lambda: call(given))
    message = str(raised)
    assert type(raised) is error, repr(message[:1000])
    assert re.search(match if isinstance(match, str) else match(given), message), message
    assert len(message) <= MAX_MESSAGE, message
    assert re.search(r"\(\d{1,2},\d{3},\d{3} characters\)", message), message  # in millions
    assert seconds < GIANT_SECONDS, f"{seconds:.2f} s"


# Command lines with a giant argument, run in this process (an argument of a real command
# line has at most 128 KiB on Linux): (the arguments, the exit status, the message on stderr)
GIANT_COMMANDS: dict[str, tuple[Callable[[str], list[str]], int, Callable[[str], str]]] = {
    "eval-cards": (lambda t: ["eval", "buh", t], 2, lambda t: r"invalid card 'x"),
    "compare-cards": (lambda t: ["compare", "buh", t, "As Kd 2c 3c"], 2,
                      lambda t: r"invalid card 'x"),
    "eval-game": (lambda t: ["eval", t, "As"], 2,
                  lambda t: r"argument game: invalid choice: " + elided(t)),
    "eval-game-upper-case": (lambda t: ["eval", t.upper(), "As"], 2,
                             lambda t: r"invalid choice: " + elided(t)),
    "command": (lambda t: [t], 2, lambda t: r"invalid choice: " + elided(t)),
    "extra-argument": (lambda t: ["eval", "buh", "As Kd 2c 3c", t], 2,
                       lambda t: r"unrecognized arguments: " + re.escape(elide_input(t))),
    "trump": (lambda t: ["eval", "hucklebuck", "As Kd", "--trump", t], 2,
              lambda t: r"invalid suit " + elided(t)),
    "hands": (lambda t: ["simulate", "badugi", "--hands", t], 2,
              lambda t: r"--hands: " + elided(t) + " is too large a number of games"),
    "policy": (lambda t: ["simulate", "badugi", "--hands", "10", "--policy", t], 2,
               lambda t: r"unknown badugi policy " + elided(t)),
    "opponents": (lambda t: ["play", "badugi", "--opponents", t], 2,
                  lambda t: r"unknown badugi policy " + elided(t)),
    "json": (lambda t: ["simulate", "badugi", "--hands", "10", "--json", "/nonexistent/" + t], 2,
             lambda t: elided("/nonexistent/" + t)),
}


@pytest.mark.parametrize("kind", GIANT_COMMANDS)
def test_a_giant_argument_is_a_fast_bounded_error(kind: str, capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    arguments, status, match = GIANT_COMMANDS[kind]
    text = giant("", "9") if kind == "hands" else giant()
    argv = arguments(text)
    start = time.perf_counter()
    try:
        got = cli.main(argv)
    except SystemExit as exited:
        got = exited.code  # argparse's errors
    seconds = time.perf_counter() - start
    stderr = capsys.readouterr().err
    assert got == status, stderr[:1000]
    message = stderr.strip().splitlines()[-1].split("error: ", 1)[1]
    assert re.search(match(text), message), message[:1000]
    assert len(message) <= MAX_MESSAGE, message
    assert len(stderr) <= 2000, stderr[:1000]  # argparse's usage line and the message
    assert seconds < GIANT_SECONDS, f"{seconds:.2f} s"


def test_a_long_argument_of_a_real_command_line_is_bounded() -> None:
    """The same through a subprocess, with an argument as long as Linux allows (128 KiB)."""
    text = "x" * 100_000
    done = subprocess.run([sys.executable, "-m", "cardcore", "eval", text], capture_output=True,
                          text=True, timeout=HANG_SECONDS, stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 2
    assert quote_input(text) in done.stderr
    assert len(done.stderr) <= 2000, done.stderr[:1000]


# ---------------------------------------------------------------------------------------------
# Every message of the catalogue within the bound

def message_of(call: Callable[[], object]) -> str:
    """The message of what `call` raises."""
    try:
        call()
    except Exception as raised:  # any error of the catalogue
        return str(raised)
    raise AssertionError("no error")


CATALOGUE = [
    *(pytest.param(row.values[0], id=f"row-{row.id}") for row in ROWS),
    *(pytest.param(lambda name=name, kind=kind: cc.GAMES[name]().deserialize_state(
        SERIALIZED[kind][0](name)), id=f"serialized-{name}-{kind}")
      for name, kind in SERIALIZED_CASES),
    *(pytest.param(lambda name=name, kind=kind: ACTIONS[kind][1](ACTIONS[kind][0](name), name),
                   id=f"action-{name}-{kind}")
      for name, kind in ACTION_CASES),
]


@pytest.mark.parametrize("call", CATALOGUE)
def test_no_message_of_the_catalogue_exceeds_the_bound(call: Callable[[], object]) -> None:
    message = message_of(call)
    assert len(message) <= MAX_MESSAGE, message


@pytest.mark.parametrize(("args", "match"), CLI)
def test_no_message_of_the_command_line_exceeds_the_bound(
        args: list[str], match: str, capsys: pytest.CaptureFixture[str]) -> None:
    with contextlib.suppress(SystemExit):  # argparse's errors
        cli.main(args)
    message = capsys.readouterr().err.strip().splitlines()[-1].split("error: ", 1)[1]
    assert len(message) <= MAX_MESSAGE, message


# ---------------------------------------------------------------------------------------------
# The bindings' error paths: a call a bound function cannot take names the function and the
# types it got, never a value, so no message shows a card hidden from the player to act

WRONG_ARGUMENTS: list[tuple[tuple[object, ...], dict[str, object]]] = [
    ((), {}), ((object(),), {}), ((1.5,), {}), (("x",), {}), ((None,), {}), ((1, 2, 3), {}),
    ((), {"bogus": 1}), ((0,), {"player": 0, "seed": 1}),
]


def hidden_cards(state: Any) -> set[str]:
    """The cards of every hand but the one of the player to act (the omniscient view's); in
    the reference games, which show no hands, the other seat's card by its name (their
    deals give seat i the i-th card)."""
    if not hasattr(state, "hands"):
        other = 1 - state.current_player()
        deal = module_of_state(state, "hidden_cards").Game().new_initial_state()
        for card in state.history()[:other]:
            deal.apply_action(card)
        return {deal.action_to_string(state.history()[other])}
    return {str(card) for seat, hand in enumerate(state.hands)
            if seat != state.current_player() for card in hand}


def wrong_calls(name: str) -> Iterator[tuple[str, Callable[[], object]]]:
    """Every public method of the game's State and Game, and every function of its module,
    called with each of WRONG_ARGUMENTS (the module's functions after a State, which a wrong
    call of theirs would once print): (what was called, the call), each on its own state."""
    game = cc.GAMES[name]()
    core = getattr(cc._core, name)
    for method in [m for m in dir(core.State) if not m.startswith("_")
                   and callable(getattr(core.State, m))] + ["__deepcopy__", "__reduce__"]:
        for args, kwargs in WRONG_ARGUMENTS:
            yield (f"State.{method}",
                   lambda method=method, args=args, kwargs=kwargs: getattr(
                       player_node(name), method)(*args, **kwargs))
    for method in [m for m in dir(core.Game) if not m.startswith("_")
                   and callable(getattr(core.Game, m))]:
        for args, kwargs in WRONG_ARGUMENTS:
            yield (f"Game.{method}", lambda method=method, args=args, kwargs=kwargs: getattr(
                game, method)(*args, **kwargs))
    for function in [f for f in dir(core) if not f.startswith("_")
                     and not isinstance(getattr(core, f), type)]:
        for args, kwargs in WRONG_ARGUMENTS:
            yield (f"{name}.{function}",
                   lambda function=function, args=args, kwargs=kwargs: getattr(core, function)(
                       player_node(name), *args, **kwargs))


@pytest.mark.parametrize("name", GAMES)
def test_no_message_of_a_wrong_call_shows_a_hidden_card(name: str) -> None:
    hidden = hidden_cards(player_node(name))
    assert hidden
    refused = 0
    for what, call in wrong_calls(name):
        try:
            call()
        except (TypeError, ValueError, IndexError) as error:
            message = str(error)
            refused += isinstance(error, CardcoreTypeError)
        else:
            continue
        shown_cards = {card for card in hidden if re.search(rf"\b{card}\b", message)}
        assert not shown_cards, (what, message)
        assert f"{name}.State(" not in message, (what, message)
        assert len(message) <= MAX_MESSAGE, (what, message)
    assert refused >= 100  # most calls are refused by the bindings themselves


@pytest.mark.parametrize("view", ["observation_string", "information_state_string",
                                  "observation_tensor", "information_state_tensor"])
@pytest.mark.parametrize("name", GAMES)
def test_a_view_without_a_player_is_the_player_to_act(name: str, view: str) -> None:
    """As in OpenSpiel: state.observation_tensor() is the current player's."""
    state, seen = player_node(name), 0
    while not state.is_terminal() and seen < 4:
        if not state.is_chance_node():
            assert np.array_equal(getattr(state, view)(),
                                  getattr(state, view)(state.current_player()))
            seen += 1
        state.apply_action(state.legal_actions()[-1])
    for node, where in ((chance_node(name), "this is a chance node"),
                        (terminal(name), "the game is over")):
        check(lambda node=node: getattr(node, view)(), ValueError,
              rf"{view}\(\) without a player means the player to act, and {where}: give the "
              r"player")


@pytest.mark.parametrize("name", GAMES)
def test_a_chance_action_past_the_deck_names_the_card_ids(name: str) -> None:
    """action_to_string at a chance node: an id that is no card of the deck says which ids
    are (0-51 for a 52-card deck, the reference games' smaller ones)."""
    state = chance_node(name)
    for bad in (-1, 52, 99):
        check(lambda bad=bad: state.action_to_string(bad), ValueError,
              rf"\bis a card id 0-\d+, got {bad}$")


def test_gymnasium_reset_names_options_whatever_their_keys() -> None:
    pytest.importorskip("gymnasium")
    env = cc.VectorEnv("badugi", 2, seat=0).as_gymnasium()
    check(lambda: env.reset(options={1: 2, "a": 3}), ValueError,
          r"reset takes no options, got \{1: 2, 'a': 3\}")
