"""The ``cardcore`` command line.

``cardcore simulate [GAME]`` plays a million games in C++ and prints each seat's result;
``cardcore play GAME`` plays one game in the terminal; ``cardcore bench`` measures;
``cardcore eval`` with no arguments evaluates example hands of every game;
``cardcore eval GAME CARDS`` explains one hand and ``cardcore compare GAME A B`` two;
``cardcore odds GAME CARDS`` ranks a hand's draws (or splits) and ``cardcore equity GAME A B
...`` gives each hand's share of the pot. Every command that takes a game takes its house
rules as ``--rule NAME=VALUE`` (repeatable; the game's ``SPEC.house_rules``).

>>> main(["eval", "badugi", "As 2h 3d Kd"])  # doctest: +NORMALIZE_WHITESPACE
Badugi  2h 3d Kd As: 3-card 3-2-A (plays 2h 3d As; strength 377 of 1092;
beats 93.5% of four-card hands)
0
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

from cardcore import __version__
from cardcore._checks import MAX_QUOTED, elide_input, quote_input, write_user_file
from cardcore._namespace import public_dir
from cardcore._odds import DEFAULT_SAMPLES
from cardcore._registry import GAMES, MODULES, module_of
from cardcore.cards import random_deals, random_hands
from cardcore.matches import match
from cardcore.picture import THEMES, replay
from cardcore.play import HINT_SIMULATIONS, _move_seed, play, play_config, seats_config
from cardcore.record import load_record
from cardcore.simulation import _checked_policies, simulate
from cardcore.solve import ALGORITHMS, cfr, exploitability, local_best_response, mccfr
from cardcore.solve import load as load_solution

__all__ = ["COMPARED", "EQUITY", "EVALUATORS", "EXPLAINED", "ODDS", "SETTLERS", "explain",
           "house_rules", "main"]

EVALUATORS = tuple(m for m in MODULES if m.CAPABILITIES.strength_many is not None)
"""The game modules with a batch evaluator (``cardcore bench``)."""
_GAME_LIST = ", ".join(m.SPEC.display_name for m in MODULES)
_PLAYERS_HELP = "the seats: " + "; ".join(
    f"{m.SPEC.name} {m.SPEC.seats_field} {m.SPEC.field(m.SPEC.seats_field).minimum}-"
    f"{m.SPEC.field(m.SPEC.seats_field).maximum}" for m in MODULES if m.SPEC.seats_field)
_POLICY_HELP = ("a built-in player per seat, or one for every seat; " + "; ".join(
    f"{m.SPEC.name}: {', '.join(m.SPEC.policies)}" for m in MODULES)
    + "; or the search, ismcts or ismcts:simulations=1000,rollout=random,... (docs/search.md)"
    + " (default: each game's first)")
SETTLERS = tuple(m for m in MODULES if m.CAPABILITIES.settle_many is not None)
"""The game modules that settle rounds in batches (``cardcore bench``)."""
EXPLAINED = tuple(m.SPEC.name for m in MODULES if m.CAPABILITIES.explain is not None)
"""The games whose hands ``cardcore eval`` explains (the reference games have none)."""
COMPARED = tuple(m.SPEC.name for m in MODULES if m.CAPABILITIES.compare is not None)
"""The games whose hands ``cardcore compare`` compares."""
ODDS = tuple(m.SPEC.name for m in MODULES if m.CAPABILITIES.odds is not None)
"""The games whose hands ``cardcore odds`` advises on (the ranked discards, or the splits)."""
EQUITY = tuple(m.SPEC.name for m in MODULES if m.CAPABILITIES.equity is not None)
"""The games whose showdown shares ``cardcore equity`` computes."""
_ODDS_OPTIONS = {"draws": "draws_left", "dead": "dead", "against": "against"}
_DEFAULT_DRAWS = 1
"""The draws left when ``--draws`` is not given, in ``odds`` and ``equity`` alike."""


def house_rules(game: str, rules: Sequence[str] | None) -> dict[str, Any]:
    """The house rules of ``game`` given as ``--rule NAME=VALUE`` texts, as ``Game``
    keywords: a choice by its name, a bool as true or false. An unknown name, a rule given
    twice, or a bool that is neither, is a ValueError (a bad choice is one when it is used).

    >>> spec = next(m.SPEC for m in MODULES if m.SPEC.house_rules)
    >>> rule = spec.house_rules[0]
    >>> house_rules(spec.name, [f"{rule.name}={rule.choices[-1]}"]) == {rule.name: rule.choices[-1]}
    True
    """
    spec = module_of(game).SPEC
    given: dict[str, Any] = {}
    texts: dict[str, str] = {}  # each rule's --rule text
    for text in rules or ():
        name, equals, value = text.partition("=")
        field = next((f for f in spec.house_rules if f.name == name), None)
        if not equals or field is None:
            names = ", ".join(f.name for f in spec.house_rules) or "none"
            problem = ("takes NAME=VALUE" if not equals else
                       f"names no house rule of {spec.display_name}")
            raise ValueError(f"--rule {quote_input(text)} {problem} (its house rules: {names})")
        if name in texts:
            raise ValueError(f"--rule {name} is given twice ({quote_input(texts[name])} and "
                             f"{quote_input(text)}): give it once")
        texts[name] = text
        if field.kind == "bool":
            if value.lower() not in ("true", "false"):
                raise ValueError(f"--rule {name} takes true or false, got {quote_input(value)}")
            given[name] = value.lower() == "true"
        else:
            given[name] = value
    return given


def _with_rules(function: Callable[..., Any], game: str, rules: Mapping[str, Any],
                command: str) -> Callable[..., Any]:
    """``function`` with the house ``rules`` as keywords; a rule it does not take (one that
    changes only the engine's play, or that this command does not model) is a ValueError
    naming the command."""
    parameters = inspect.signature(function).parameters
    for name in rules:
        if name not in parameters:
            raise ValueError(f"cardcore {command} {game} does not take the house rule {name} "
                             "(simulate and play take every house rule)")
    return partial(function, **rules)


def _offered(game: str, capability: str) -> Callable[..., Any]:
    """The ``capability`` of ``game`` (a field of its module's CAPABILITIES), which the
    command's choice of games guarantees it offers."""
    function: Callable[..., Any] | None = getattr(module_of(game).CAPABILITIES, capability)
    assert function is not None, (game, capability)
    return function


def explain(game: str, cards: str, trump: str | None = None,
            rules: Mapping[str, Any] | None = None) -> str:
    """One line explaining a hand of ``game`` (a Hucklebuck trick with ``trump``), under the
    house ``rules`` (:func:`house_rules`)."""
    module = module_of(game)
    explain_hand = _with_rules(module.CAPABILITIES.explain, module.SPEC.name, rules or {}, "eval")
    if trump is None:
        return str(explain_hand(cards))
    if "trump" not in inspect.signature(module.CAPABILITIES.explain).parameters:
        raise ValueError(f"--trump does not apply to {module.SPEC.display_name}")
    return str(explain_hand(cards, trump=trump))


def _odds(args: argparse.Namespace) -> str:
    """What ``cardcore odds`` prints: the game's ``odds_table`` with the options it takes; an
    option it does not take is a ValueError."""
    module = module_of(args.game)
    odds_table = _offered(args.game, "odds")
    parameters = inspect.signature(odds_table).parameters
    options = {}
    for flag, name in _ODDS_OPTIONS.items():
        value = getattr(args, flag)
        if value is None:
            continue
        if name not in parameters:
            raise ValueError(f"--{flag} does not apply to {module.SPEC.display_name}")
        options[name] = value
    rules = house_rules(args.game, args.rule)
    return str(_with_rules(odds_table, module.SPEC.name, rules, "odds")(args.cards, **options))


_STREAM_ABOVE = 2**30
"""The size of the per-game returns above which `cardcore simulate` streams."""


def _count(text: str) -> int:
    """A number of games as a person types it: ``100000``, ``100_000``, ``100,000`` or
    ``1e5``; it must be a whole number.

    >>> _count("1e5"), _count("100_000"), _count("2,000")
    (100000, 100000, 2000)
    """
    cleaned = text.strip().replace(",", "").replace("_", "")
    try:
        return int(cleaned)
    except ValueError:
        if cleaned.isdigit():  # beyond Python's limit on the digits of an int
            raise argparse.ArgumentTypeError(
                f"{quote_input(text)} is too large a number of games") from None
    try:
        value = float(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of games such as 100000, 100_000 or 1e5, got "
            f"{quote_input(text)}") from None
    if not value.is_integer():
        raise argparse.ArgumentTypeError(f"expected a whole number of games, got "
                                         f"{quote_input(text)}")
    return int(value)


def _policy_arg(text: str) -> Any:
    """A policy given on the command line: a saved solution's file (``cardcore solve
    --out``) as its strategy, anything else as the policy's name. No policy's name holds a
    slash, so a text with one that names no file is refused as a missing file."""
    try:
        saved = Path(text).is_file()
    except (OSError, ValueError):  # a name too long for a path, or with a NUL in it
        saved = False
    if not saved and ("/" in text or os.sep in text):
        raise ValueError(f"no solution file {quote_input(text)}: a policy is a built-in "
                         "policy's name or the file of a saved solution (cardcore solve --out)")
    return load_solution(text).policy if saved else text


def _simulate(args: argparse.Namespace) -> int:
    if args.hands < 1:  # said here by its flag: simulate() would name its parameter n
        raise ValueError(f"--hands must be a positive number of games, got {args.hands}")
    _check_outputs(args)
    game = GAMES[args.game](**seats_config(args.game, args.players),
                            **house_rules(args.game, args.rule))
    policies = None if args.policy is None else [_policy_arg(text) for text in args.policy]
    if policies is not None and len(policies) == 1:
        policies = policies * game.acting_players  # the seats that decide: not a house banker
    # The table, --json and --plot need no per-game rows: past _STREAM_ABOVE bytes of them,
    # the run keeps a summary in constant memory instead.
    keep = args.hands * game.num_players * 8 <= _STREAM_ABOVE
    result = simulate(game, args.hands, policies=policies, seed=args.seed, threads=args.threads,
                      progress=args.hands >= 1_000_000 and sys.stderr.isatty(),
                      keep_returns=keep)
    print(result.table())
    _write_json(args.json, result.to_json())
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
    games = max(size // 20, 1000)
    rows = []
    for module in EVALUATORS:
        masks = random_hands(size, module.CAPABILITIES.hand_size, seed=1)
        rows.append((f"{module.SPEC.name}.strength_many",
                     _rate(partial(module.CAPABILITIES.strength_many, masks, threads=1), size),
                     "hands"))
    for module in SETTLERS:  # rounds of two four-card holdings, settled
        banker, player = random_deals(size, (4, 4), seed=2).T.copy()
        settle = partial(module.CAPABILITIES.settle_many, banker, player, threads=1)
        rows.append((f"{module.SPEC.name}.settle_many", _rate(settle, size), "rounds"))
    for name, cls in GAMES.items():
        game = cls()
        rows.append((f"simulate {name} ({game.num_players} seats)",
                     _rate(partial(simulate, game, games, threads=1), games), "games"))
    print(f"cardcore {__version__}, one thread, best of 2")
    for what, rate, unit in rows:
        print(f"{what:<34} {rate / 1e6:>8.2f} M {unit}/s")
    return 0


_ARGUMENTS: ContextVar[Sequence[str]] = ContextVar("_ARGUMENTS", default=())
"""The arguments of the running ``main``, which its error messages may quote."""


def _bounded(message: str) -> str:
    """``message`` with each argument of ``main`` that is too long to quote whole (and its
    lower-case form, which a game name is read as) shown as cardcore's own messages show
    user input (:func:`cardcore._checks.quote_input`): argparse and Python's own errors
    (an unwritable ``--json FILE``) quote an argument whole, however long. The arguments
    are replaced longest first, so that one inside another is not cut apart."""
    too_long = {text for argument in _ARGUMENTS.get() if len(argument) > MAX_QUOTED
            for text in (argument, argument.lower())}
    for argument in sorted(too_long, key=len, reverse=True):
        if argument in message:
            message = message.replace(repr(argument), quote_input(argument))
            message = message.replace(argument, elide_input(argument))
    return message


class _Parser(argparse.ArgumentParser):
    """argparse's parser with its error messages bounded (:func:`_bounded`); its
    subparsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        super().error(_bounded(message))


_FIRST = MODULES[0].SPEC.name
_RULE_EXAMPLE = next(f"{f.name}={f.choices[-1] if f.choices else 'false'}"
                     for m in MODULES for f in m.SPEC.house_rules)
_EPILOG = f"""commands:
  eval [GAME CARDS]    explain a hand: its value, its strength and the share of hands it
                       beats (no arguments: example hands of every game)
  compare GAME A B     compare two hands and say which wins
  simulate [GAME]      play many games in C++ between built-in players and summarise each
                       seat's result (--hands, --policy, --players, --seed, --json, --plot)
  match GAME POLICY POLICY ...
                       a duplicate match: each deal played once per seating, so that the
                       luck of the cards cancels; each policy's winnings per hand with a 95%
                       interval (--hands, --plain, --control-variates, --seed, --json)
  play GAME            play one game in the terminal against built-in players
  odds GAME CARDS      rank a hand's discards by what they make (or a holding's splits)
  equity GAME A B ...  each hand's share of the pot, with draws to come (--draws); a hand
                       may be random or a range such as "top 20%"
  bench                measure evaluation and simulation speed on this machine
  serve                a web table to play the built-in players in a browser (cardcore[web])
  solve GAME           solve a two-player zero-sum game by CFR (--algorithm, --iterations or
                       --seconds, --out FILE), the exploitability shown as it falls
  exploitability GAME POLICY|FILE
                       the exploitability of a built-in policy or of a saved solution
  lbr GAME POLICY|FILE local best response against a policy: its winnings per hand with a
                       95% interval, a lower bound on the exploitability (--hands, --seed,
                       --samples, --threads, --json)

Each command that takes a game takes its house rules too: --rule NAME=VALUE, repeatable
(see each game's docs page, "House rules"; for example --rule {_RULE_EXAMPLE}).

Games: {_GAME_LIST} (names in any case). 'cardcore COMMAND --help' tells more of
each; for example:
  cardcore eval {_FIRST} "{MODULES[0].CAPABILITIES.examples[0]}"
  cardcore simulate {_FIRST} --hands 1e5 --policy {MODULES[0].SPEC.policies[-1]}
  cardcore play {_FIRST}
"""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardcore",
        description=f"Hands and games of {_GAME_LIST}: explain or compare hands, work out "
                    "their odds, play many games in C++ and summarise them, play one in the "
                    "terminal, measure speed.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"cardcore {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    ev = commands.add_parser("eval", help="explain a hand (no arguments: examples of every game)")
    ev.add_argument("game", nargs="?", type=str.lower, choices=list(EXPLAINED))
    ev.add_argument("cards", nargs="?", help='cards, e.g. "As 2h 3d Kd"')
    ev.add_argument("--trump", help="the trump suit of a trick, in games of tricks (required "
                                    "there: c, d, h or s)")
    ev.set_defaults(usage_error=ev.error)  # eval's own usage line with an error after parsing
    sim = commands.add_parser("simulate", help="play many games in C++ and summarise the results")
    sim.add_argument("game", nargs="?", default=next(iter(GAMES)), type=str.lower,
                     choices=list(GAMES))
    sim.add_argument("--hands", type=_count, default=1_000_000,
                     help="games: 100000, 100_000 or 1e5 (default 1,000,000)")
    sim.add_argument("--players", type=int, help=_PLAYERS_HELP)
    sim.add_argument("--policy", nargs="+", help=_POLICY_HELP)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--threads", type=int, help="threads (default: every core)")
    sim.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    sim.add_argument("--plot", metavar="FILE",
                     help="also draw the results as a PNG (needs matplotlib: cardcore[plot])")
    game = commands.add_parser(
        "play", help="play one game in the terminal against built-in players",
        description="Play one game in the terminal against built-in players. At your turn, "
                    "type a move as its words or its number, 'help' for the numbered moves, "
                    f"'hint' for what the search would play and why (it runs "
                    f"{HINT_SIMULATIONS:,} simulations from what your seat can see, seeded "
                    "by --seed and the move number, and shows each move's visits and mean "
                    "value in the game's unit), or 'quit'.")
    game.add_argument("game", type=str.lower, choices=list(GAMES))
    game.add_argument("--players", type=int, help=_PLAYERS_HELP)
    game.add_argument("--seed", type=int, default=0)
    game.add_argument("--hands", type=int, help="hands to play (default: the game's own "
                                                "length: to its target score where it has "
                                                "one, else one hand)")
    game.add_argument("--seat", type=int, default=0,
                      help="your seat (default 0, the first dealer where there is one)")
    game.add_argument("--opponents", metavar="POLICY|FILE",
                      help="the other seats' built-in player; " + "; ".join(
                          f"{m.SPEC.name}: {', '.join(m.SPEC.policies)} (default {m.SPEC.opponent})"
                          for m in MODULES) + "; the search: ismcts[:simulations=1000,...]; or "
                      "a solution saved by cardcore solve --out, playing its strategy")
    bench = commands.add_parser("bench", help="a quick throughput report for this machine")
    bench.add_argument("--size", type=int, default=2_000_000, help="hands per batch (default 2M)")
    cmp = commands.add_parser(
        "compare", help=f"compare two hands of {', '.join(COMPARED)} (where a banker plays, "
                        "two holdings: the banker's, then the player's, settled)")
    cmp.add_argument("game", type=str.lower, choices=list(COMPARED))
    cmp.add_argument("a")
    cmp.add_argument("b")
    odds = commands.add_parser(
        "odds", help=f"rank the draws of a hand of {', '.join(ODDS)} with the chances of each "
                     "class (where a banker plays, the splits of a holding and their values)")
    odds.add_argument("game", type=str.lower, choices=list(ODDS))
    odds.add_argument("cards", help='cards, e.g. "As 2h 3d Kd"')
    odds.add_argument("--draws", type=int,
                      help=f"draws left, later ones by rule_based (default {_DEFAULT_DRAWS})")
    odds.add_argument("--dead", metavar="CARDS", help="cards known to be out of the deck")
    odds.add_argument("--against", metavar="CARDS",
                      help="a hand to beat, random or a range (it draws by rule_based too): "
                           "adds the win chance")
    eq = commands.add_parser(
        "equity", help=f"each hand's share of the pot at showdown, in {', '.join(EQUITY)}")
    eq.add_argument("game", type=str.lower, choices=list(EQUITY))
    eq.add_argument("hands", nargs="+", metavar="HAND",
                    help='two or more hands: cards ("As 2h 3d Kd"), random, or a range '
                         '("top 20%%", "8s 7h 6d 5c+", "As 2h 3d 4c, 2c 3d 4h 5s"; docs/odds.md)')
    eq.add_argument("--draws", type=int, default=_DEFAULT_DRAWS,
                    help=f"draws left, every hand drawing by rule_based (default "
                         f"{_DEFAULT_DRAWS}, as odds)")
    eq.add_argument("--dead", metavar="CARDS", help="cards known to be out of the deck")
    eq.add_argument("--samples", type=_count,
                    help=f"Monte Carlo samples where the answer is not exact (default "
                         f"{DEFAULT_SAMPLES:,})")
    eq.add_argument("--seed", type=int, default=0, help="the Monte Carlo seed (default 0)")
    serve = commands.add_parser(
        "serve", help="serve a web table to play the built-in players in a browser (needs "
                      "cardcore[web]; docs/web.md)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--max-games", type=int, default=200,
                       help="games held at once; past it the least recently used is dropped "
                            "(default 200)")
    serve.add_argument("--max-simulations", type=int, default=5000,
                       help="the most simulations a move of the search may take (default 5000)")
    for command, verb in ((ev, "explain"), (sim, None), (game, None), (cmp, "compare"),
                          (odds, "odds"), (eq, "equity")):
        command.add_argument("--rule", action="append", metavar="NAME=VALUE",
                             help=_rule_help(verb))
    _add_replay(commands)
    _add_solve(commands)
    _add_match(commands)
    return parser


def _add_match(commands: Any) -> None:
    """The match command."""
    duel = commands.add_parser(
        "match", help="a duplicate match between policies: winnings per hand with a 95%% "
                      "interval (docs/match.md)")
    duel.add_argument("game", type=str.lower, choices=list(GAMES))
    duel.add_argument("policy", nargs="+",
                      help="one per seat: a built-in player (as simulate's --policy), the "
                           "search, ismcts or ismcts:simulations=1000,..., or a saved "
                           "solution's file (cardcore solve --out)")
    duel.add_argument("--hands", type=_count, default=100_000,
                      help="hands to play, a multiple of the seats (default 100,000)")
    duel.add_argument("--plain", action="store_true",
                      help="play each deal once, policy i in seat i (no seating rotations)")
    duel.add_argument("--control-variates", type=int, default=0, metavar="K",
                      help="correct each hand for the luck of the cards and of the decisions "
                           "with known probabilities, valued by K playouts an outcome (16 to "
                           "64; fewer add noise): a narrower interval, thousands of times "
                           "slower (default 0: none)")
    duel.add_argument("--players", type=int, help=_PLAYERS_HELP)
    duel.add_argument("--seed", type=int, default=0)
    duel.add_argument("--threads", type=int, help="threads (default: every core)")
    duel.add_argument("--json", metavar="FILE", help="also write the result as JSON")
    duel.add_argument("--rule", action="append", metavar="NAME=VALUE", help=_rule_help(None))


def _match(args: argparse.Namespace) -> int:
    if args.control_variates < 0:  # said by its flag: match() would name its parameter
        raise ValueError("--control-variates must be 0 (none) or a positive number of "
                         f"playouts, got {args.control_variates}")
    _check_outputs(args)
    game = GAMES[args.game](**seats_config(args.game, args.players),
                            **house_rules(args.game, args.rule))
    policies = [_policy_arg(text) for text in args.policy]
    long = args.hands >= (1_000 if args.control_variates else 1_000_000)
    result = match(game, policies, args.hands, duplicate=not args.plain, seed=args.seed,
                   threads=args.threads, progress=long and sys.stderr.isatty(),
                   control_variates=args.control_variates)
    print(result.table())
    _write_json(args.json, result.to_json())
    return 0


def _add_solve(commands: Any) -> None:
    """``cardcore solve`` and ``cardcore exploitability`` (docs/solve.md)."""
    solve = commands.add_parser(
        "solve", help="solve a two-player zero-sum game by CFR (docs/solve.md)",
        description="Solve a two-player zero-sum game (its default configuration) by CFR or a "
                    "variant, showing the exploitability of the average policy as it falls, "
                    "and optionally save the solution.")
    solve.add_argument("game", type=str.lower, choices=list(GAMES))
    solve.add_argument("--algorithm", choices=ALGORITHMS,
                       help="the algorithm (default cfr+; with --mccfr linear, and no dcfr)")
    budget = solve.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=_count, help="iterations (default 1,000)")
    budget.add_argument("--seconds", type=float, help="seconds to run instead")
    solve.add_argument("--threads", type=int, help="threads (default 1; the same result)")
    solve.add_argument("--mccfr", action="store_true",
                       help="Monte Carlo CFR over the engine, with no tree (games too large "
                            "for one), over the abstraction of the game's module when it "
                            "has one (its abstraction()); the exploitability is not measured")
    solve.add_argument("--seed", type=int, help="the seed of --mccfr (default 0)")
    solve.add_argument("--out", metavar="FILE", help="save the solution (cardcore.solve.load)")
    exp = commands.add_parser(
        "exploitability", help="the exploitability of a policy in a two-player zero-sum game",
        description="The exploitability (NashConv / 2, OpenSpiel's) of POLICY, a built-in "
                    "policy's name, or of FILE, a solution saved by 'cardcore solve --out'.")
    exp.add_argument("game", type=str.lower, choices=list(GAMES))
    exp.add_argument("policy", metavar="POLICY|FILE")
    lbr = commands.add_parser(
        "lbr", help="local best response against a policy: a lower bound on its exploitability",
        description="Local best response (docs/solve.md) against POLICY, a built-in policy's "
                    "name, or FILE, a solution saved by 'cardcore solve --out': what it won "
                    "per hand with a 95% interval, a lower bound on the exploitability.")
    lbr.add_argument("game", type=str.lower, choices=list(GAMES))
    lbr.add_argument("policy", metavar="POLICY|FILE")
    lbr.add_argument("--hands", type=_count, default=1000, help="hands (default 1,000)")
    lbr.add_argument("--seed", type=int, default=0)
    lbr.add_argument("--samples", type=_count, default=64,
                     help="the worlds of the range at most (default 64)")
    lbr.add_argument("--threads", type=int, help="threads (default 1; the same result)")
    lbr.add_argument("--json", metavar="FILE", help="also write the result as JSON")


def _solve(args: argparse.Namespace) -> int:
    """Runs the solver, a line per checkpoint: a bar of the budget spent, the iterations and
    the exploitability (with --mccfr, a line about every ten seconds, and no exploitability)."""
    start = time.perf_counter()
    if args.out:
        _check_out(args.out)
    total = args.iterations if args.iterations is not None else (
        None if args.seconds is not None else 1000)
    if args.mccfr:
        return _solve_mccfr(args, total, start)
    if args.seed is not None:
        raise ValueError("--seed is the seed of --mccfr's sampling: CFR draws nothing")

    def show(iterations: int, exploitability: float) -> None:
        elapsed = time.perf_counter() - start
        done = min(1.0, iterations / total if total else elapsed / args.seconds)
        bar = "#" * round(20 * done)
        print(f"[{bar:<20}] {iterations:>9,} iterations  exploitability {exploitability:.3e}  "
              f"({elapsed:.2f} s)", flush=True)

    solution = cfr(args.game, total if args.seconds is None else None, seconds=args.seconds,
                   algorithm=args.algorithm or "cfr+", threads=args.threads, progress=show)
    print(f"{solution.game}: {solution.algorithm}, {solution.iterations:,} iterations, "
          f"exploitability {solution.exploitability:.6g} (nash_conv {solution.nash_conv:.6g})")
    if args.out:
        solution.save(args.out)
        print(f"saved {args.out}")
    return 0


def _check_out(path: str, option: str = "--out") -> None:
    """Refuses a file to write (``--out``, ``--json``) that could not be written before the
    run, not after it."""
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"{option} {quote_input(path)} is a directory, not a file")
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"{option} {quote_input(path)} cannot be written: there is no folder "
                         f"{quote_input(str(folder))}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{option} {quote_input(path)} cannot be written: the folder "
                         f"{quote_input(str(folder))} is not writable")


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuses the command's ``--json`` and ``--plot`` files, where given, that could not be
    written, before the run."""
    for option in ("json", "plot"):
        if getattr(args, option, None):
            _check_out(getattr(args, option), f"--{option}")


def _write_json(path: str | None, text: str) -> None:
    """Writes ``--json``'s file, if asked for."""
    if path:
        write_user_file(path, text, "the --json file")


def _solve_mccfr(args: argparse.Namespace, total: int | None, start: float) -> int:
    """``cardcore solve --mccfr``: the same command and threads give the same file."""
    abstraction = getattr(module_of(args.game), "abstraction", None)
    shown_at = [0.0]

    def show(iterations: int, seconds: float) -> None:
        if seconds - shown_at[0] >= 10:
            shown_at[0] = seconds
            print(f"{iterations:>12,} iterations  ({seconds:.0f} s)", flush=True)

    solution = mccfr(args.game, abstraction=None if abstraction is None else abstraction(),
                     iterations=total, seconds=args.seconds, algorithm=args.algorithm or "linear",
                     threads=args.threads, seed=0 if args.seed is None else args.seed,
                     progress=show)
    print(f"{solution.game}: mccfr {solution.algorithm}, {solution.iterations:,} iterations, "
          f"{len(solution.policy):,} information sets ({time.perf_counter() - start:.0f} s)")
    if args.out:
        solution.save(args.out)
        print(f"saved {args.out}")
    return 0


def _exploitability(args: argparse.Namespace) -> int:
    """Prints the exploitability of a built-in policy or of a saved solution's policy."""
    print(f"{exploitability(args.game, _policy_arg(args.policy)):.12g}")
    return 0


def _lbr(args: argparse.Namespace) -> int:
    """Plays local best response against a policy and prints the result."""
    _check_outputs(args)
    result = local_best_response(args.game, _policy_arg(args.policy), args.hands,
                                 seed=args.seed, threads=args.threads, samples=args.samples)
    print(result)
    _write_json(args.json, result.to_json())
    return 0


def _add_replay(commands: Any) -> None:
    """``cardcore replay``: a game played out by built-in players, or a game record, drawn
    as one animated SVG (docs/pictures.md)."""
    rep = commands.add_parser(
        "replay", help="draw a whole game as one animated SVG, a frame per move",
        description="Draw a whole game as one animated SVG, a frame per move (CSS, looping): "
                    "GAME played out by built-in players from --seed, or FILE, a JSON game "
                    "record (cardcore.save_record).")
    rep.add_argument("source", metavar="GAME|FILE",
                     help=f"a game ({', '.join(GAMES)}) or a game record's path")
    rep.add_argument("-o", "--output", required=True, metavar="FILE.svg")
    rep.add_argument("--viewer", type=int, help="draw what this seat sees (default: every card)")
    rep.add_argument("--theme", choices=list(THEMES), default="light")
    rep.add_argument("--seconds-per-move", type=float, default=1.0)
    rep.add_argument("--players", type=int, help=_PLAYERS_HELP)
    rep.add_argument("--policy", nargs="+", help=_POLICY_HELP)
    rep.add_argument("--seed", type=int, default=0)
    rep.add_argument("--hands", type=int, help="hands to play (default: as cardcore play)")
    rep.add_argument("--rule", action="append", metavar="NAME=VALUE", help=_rule_help(None))


def _replay(args: argparse.Namespace) -> int:
    """Plays GAME out (each seat's built-in player deciding as ``cardcore play``'s opponents
    do) or reads the record FILE, and writes its replay."""
    name = args.source.lower()
    if name in GAMES:
        game = GAMES[name](**play_config(name, args.players, args.hands,
                                         house_rules(name, args.rule)))
        policies = args.policy
        if policies is not None and len(policies) == 1:
            policies = policies * game.acting_players
        seats = _checked_policies(game, name, policies)
        policy_action = module_of(name).policy_action
        state = game.new_initial_state(seed=args.seed)
        while not state.is_terminal():
            state.apply_action(policy_action(state, seats[state.current_player()],
                                             seed=_move_seed(args.seed, state)))
    else:
        state = load_record(args.source)
    game_replay = replay(state)
    game_replay.to_svg(args.output, args.viewer, theme=args.theme,
                       seconds_per_move=args.seconds_per_move)
    print(f"wrote {args.output}: {len(game_replay)} frames")
    return 0


def _rule_help(verb: str | None) -> str:
    """The help of ``--rule`` for a command that calls each game's capability ``verb`` (a
    field of its CAPABILITIES; None: every house rule): the house rules that it takes, game
    by game."""
    games = []
    for m in MODULES:
        function = None if verb is None else getattr(m.CAPABILITIES, verb)
        takes = None if function is None else inspect.signature(function).parameters
        if verb is not None and takes is None:
            continue
        rules = [f"{f.name}={'|'.join(f.choices) or 'true|false'}" for f in m.SPEC.house_rules
                 if takes is None or f.name in takes]
        if rules:
            games.append(f"{m.SPEC.name} " + ", ".join(rules))
    return "a house rule of the game, repeatable: " + ("; ".join(games) or "none")


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    given = _ARGUMENTS.set(arguments)
    try:
        return _run(_parser().parse_args(arguments))
    except BrokenPipeError:
        # The reader went away (``cardcore eval | head``): stop quietly, as Unix tools do.
        # Python would report the pipe again when it flushes stdout at exit, so stdout
        # becomes /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    finally:
        _ARGUMENTS.reset(given)


def _run(args: argparse.Namespace) -> int:
    """Runs the command that ``args`` were parsed into; a ValueError (a bad card, a bad
    policy name) and the like are a message on stderr and exit status 2."""
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "match":
            return _match(args)
        if args.command == "bench":
            return _bench(args.size)
        if args.command == "replay":
            return _replay(args)
        if args.command == "solve":
            return _solve(args)
        if args.command == "exploitability":
            return _exploitability(args)
        if args.command == "lbr":
            return _lbr(args)
        if args.command == "serve":
            from cardcore.web import serve  # the web extra, imported only to serve

            serve(args.host, args.port, max_games=args.max_games,
                  max_simulations=args.max_simulations)
            return 0
        if args.command == "play":
            opponents = None if args.opponents is None else _policy_arg(args.opponents)
            return play(args.game, args.players, args.seed, opponents=opponents,
                        hands=args.hands, seat=args.seat, rules=house_rules(args.game, args.rule))
        if args.command == "odds":
            print(_odds(args))
        elif args.command == "equity":
            equity = _with_rules(_offered(args.game, "equity"), args.game,
                                 house_rules(args.game, args.rule), "equity")
            print(equity(args.hands, draws_left=args.draws, dead=args.dead, samples=args.samples,
                         seed=args.seed))
        elif args.command == "compare":
            compare = _with_rules(_offered(args.game, "compare"), args.game,
                                  house_rules(args.game, args.rule), "compare")
            print(compare(args.a, args.b))
        elif args.game is None:
            if args.rule:
                args.usage_error("--rule needs a GAME")
            for module in MODULES:
                for cards in module.CAPABILITIES.examples:
                    print(module.CAPABILITIES.explain(cards))
        else:
            if args.cards is None:
                args.usage_error(f"{args.game} needs CARDS, e.g. \"As 2h 3d Kd\"")
            if args.trump is None and "trump" in inspect.signature(
                    _offered(args.game, "explain")).parameters:
                args.usage_error(f"{args.game} needs --trump, the trump suit (c, d, h or s)")
            print(explain(args.game, args.cards, args.trump, house_rules(args.game, args.rule)))
    except BrokenPipeError:
        raise  # the reader went away: main ends quietly
    except (ValueError, ImportError, OSError) as error:
        print(f"cardcore: error: {_bounded(str(error))}", file=sys.stderr)
        return 2
    return 0


__dir__ = public_dir(__all__)


if __name__ == "__main__":
    sys.exit(main())
