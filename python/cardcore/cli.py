"""The ``cardcore`` command line.

``cardcore simulate [GAME]`` plays a million games in C++ and prints each seat's result;
``cardcore play GAME`` plays one game in the terminal; ``cardcore bench`` measures;
``cardcore eval`` with no arguments evaluates example hands of every game;
``cardcore eval GAME CARDS`` explains one hand and ``cardcore compare GAME A B`` two.

>>> main(["eval", "badugi", "As 2h 3d Kd"])
Badugi  2h 3d Kd As: 3-card 3-2-A (plays 2h 3d As; strength 377 of 1092)
0
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from cardcore import __version__, badugi, baibuu, buh, hucklebuck
from cardcore.cards import Card, CardSet, random_deals, random_hands
from cardcore.play import play
from cardcore.simulate import GAMES as ENGINES
from cardcore.simulate import simulate

GAMES = ("buh", "badugi", "baibuu", "hucklebuck")

EXAMPLES: dict[str, tuple[str, ...]] = {
    "buh": ("As 3h 7c 9d", "4s 4h Jc Qd", "As Js Qs Ks", "Ah Ac Ad As", "Jh Qd Qc Ks"),
    "badugi": ("As 2h 3d 4c", "As 2h 3d Kd", "Kh Qd Js Tc", "Ad As 2d 2c"),
    "baibuu": ("Qs Kh 6c 4d", "Qh 8s Ac 4d", "2s 2h 3c 7d", "6s 7s 8s 9s", "Ah 9c"),
    "hucklebuck": ("7s Ks 2h As", "9c Tc Ad 3c"),
}


def explain(game: str, cards: str, trump: str = "h") -> str:
    """One line explaining a hand (for Hucklebuck: who wins the trick)."""
    if game == "buh":
        hand = buh.evaluate(cards)
        rank = "" if hand.strength is None else f"; strength {hand.strength} of {buh.NUM_STRENGTHS}"
        return f"Buh  {hand.cards}: {hand.description} (class {hand.hand_class}{rank})"
    if game == "badugi":
        b = badugi.evaluate(cards)
        return (
            f"Badugi  {b.cards}: {b.description} "
            f"(plays {b.used}; strength {b.strength} of {badugi.NUM_STRENGTHS})"
        )
    if game == "baibuu":
        result = baibuu.evaluate(cards)
        if isinstance(result, baibuu.BaiBuuHand):
            return f"Bai Buu  {result} (strength {result.strength} of 25)"
        if result.house_way is None:
            return f"Bai Buu  {result.cards}: Natural, {str(result.natural).replace('_', ' ')}"
        valid = sum(a.is_valid for a in result.arrangements)
        return (
            f"Bai Buu  {result.cards}: house way Low {result.house_way.low} / High "
            f"{result.house_way.high} ({valid} valid splits; highest card "
            f"{result.highest_card.pretty()})"
        )
    plays = [Card(token) for token in cards.replace(",", " ").split()]
    winner = hucklebuck.trick_winner(plays, trump)
    shown = " ".join(card.pretty() for card in plays)
    return f"Hucklebuck  trick {shown}, trump {trump}: play {winner + 1} ({plays[winner]}) wins"


def _settle_line(banker: str, player: str) -> str:
    """A Bai Buu round of two four-card holdings, both arranged by the house way."""
    o = baibuu.settle(banker, player)
    why = {"hands": f"Low {o.low}, High {o.high}",
           "high_card": f"Low {o.low}, High {o.high}; highest cards "
                        f"{o.banker_highest.pretty()} against {o.player_highest.pretty()}",
           }.get(o.reason, o.reason.replace("_", " "))
    return (f"banker {explain('baibuu', banker)}\nplayer {explain('baibuu', player)}\n"
            f"=> {o.winner} wins ({why}); player {o.player_net:+d}, banker {o.banker_net:+d}")


def _compare_line(game: str, a: str, b: str) -> str:
    if game == "baibuu" and len(CardSet(a)) == 4:
        return _settle_line(a, b)
    module = {"buh": buh, "badugi": badugi, "baibuu": baibuu}[game]
    result = module.compare(a, b)
    verdict = {1: "first wins", -1: "second wins", 0: "tie" if game != "buh" else "choke"}[result]
    return f"{explain(game, a)}\n{explain(game, b)}\n=> {verdict}"


def _simulate(args: argparse.Namespace) -> int:
    config: dict[str, int] = {}
    if args.players is not None:
        if args.game == "badugi":
            raise ValueError("Badugi is heads-up: --players does not apply")
        config["player_hands" if args.game == "baibuu" else "players"] = args.players
    game = ENGINES[args.game](**config)
    policies = args.policy
    if policies is not None and len(policies) == 1:
        policies = policies * game.num_players
    result = simulate(game, args.hands, policies=policies, seed=args.seed, threads=args.threads,
                      progress=args.hands >= 1_000_000 and sys.stderr.isatty())
    print(result.table())
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(result.to_json())
    if args.plot:
        result.plot(args.plot)
    return 0


def _rate(work: Callable[[], object], items: int) -> float:
    """Items per second of the faster of two runs after a warmup."""
    work()
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return items / best


def _bench(size: int) -> int:
    if size < 1000:
        raise ValueError(f"--size must be at least 1000, got {size}")
    masks = random_hands(size, 4, seed=1)
    deals = random_deals(size, (4, 4), seed=2)
    banker, player = deals[:, 0].copy(), deals[:, 1].copy()
    games = max(size // 20, 1000)
    rows = [
        ("buh.strength_many", _rate(partial(buh.strength_many, masks, threads=1), size), "hands"),
        ("badugi.strength_many", _rate(partial(badugi.strength_many, masks, threads=1), size),
         "hands"),
        ("baibuu.settle_many", _rate(partial(baibuu.settle_many, banker, player, threads=1), size),
         "rounds"),
    ]
    for name, cls in ENGINES.items():
        game = cls()
        rows.append((f"simulate {name} ({game.num_players} seats)",
                     _rate(partial(simulate, game, games, threads=1), games), "games"))
    print(f"cardcore {__version__}, one thread, best of 2")
    for what, rate, unit in rows:
        print(f"{what:<34} {rate / 1e6:>8.2f} M {unit}/s")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardcore", description="Evaluate hands of Buh, Badugi, Bai Buu and Hucklebuck."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    ev = commands.add_parser("eval", help="explain a hand (no arguments: examples of every game)")
    ev.add_argument("game", nargs="?", choices=GAMES)
    ev.add_argument("cards", nargs="?", help='cards, e.g. "As 2h 3d Kd"')
    ev.add_argument("--trump", default="h", help="Hucklebuck trump suit (default h)")
    ev.set_defaults(usage_error=ev.error)  # eval's own usage line with an error after parsing
    sim = commands.add_parser("simulate", help="play many games in C++ and summarise the results")
    sim.add_argument("game", nargs="?", default="badugi", choices=GAMES)
    sim.add_argument("--hands", type=int, default=1_000_000, help="games (default 1,000,000)")
    sim.add_argument("--players", type=int, help="players, or player hands in Bai Buu")
    sim.add_argument("--policy", nargs="+", help="one policy per seat, or one for every seat")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--threads", type=int, help="threads (default: every core)")
    sim.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    sim.add_argument("--plot", metavar="FILE",
                     help="also draw the results as a PNG (needs matplotlib: cardcore[plot])")
    game = commands.add_parser("play",
                               help="play one game in the terminal against built-in players")
    game.add_argument("game", choices=GAMES)
    game.add_argument("--players", type=int, help="players, or player hands in Bai Buu")
    game.add_argument("--seed", type=int, default=0)
    game.add_argument("--opponents", metavar="POLICY",
                      help="the other seats' policy (default: rule_based; Bai Buu: house_way)")
    bench = commands.add_parser("bench", help="a quick throughput report for this machine")
    bench.add_argument("--size", type=int, default=2_000_000, help="hands per batch (default 2M)")
    cmp = commands.add_parser(
        "compare", help="compare two hands of buh, badugi or baibuu (Bai Buu four-card "
                        "holdings: the banker's, then the player's, settled by the house way)")
    cmp.add_argument("game", choices=GAMES[:3])
    cmp.add_argument("a")
    cmp.add_argument("b")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "bench":
            return _bench(args.size)
        if args.command == "play":
            return play(args.game, args.players, args.seed, opponents=args.opponents)
        if args.command == "compare":
            print(_compare_line(args.game, args.a, args.b))
        elif args.game is None:
            for game in GAMES:
                for cards in EXAMPLES[game]:
                    print(explain(game, cards))
        else:
            if args.cards is None:
                args.usage_error(f"{args.game} needs CARDS, e.g. \"As 2h 3d Kd\"")
            print(explain(args.game, args.cards, args.trump))
    except (ValueError, ImportError, OSError) as error:
        print(f"cardcore: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
