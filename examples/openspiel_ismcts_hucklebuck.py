"""Information-set MCTS against random players at Hucklebuck, through OpenSpiel.

    python examples/openspiel_ismcts_hucklebuck.py [--hands 30] [--simulations 100] [--seed 0]

OpenSpiel's ``ISMCTSBot`` (random rollouts) plays one seat of a 3-player hand, moving
round the table from hand to hand, against two uniform random players. The bot knows only
what its seat may: every search starts from states the engine redraws with
``resample_from_infostate``. It prints how often the bot gains the most points in a hand
(a tie for the most counts as a share) and each side's mean score change, next to what a
random player gets in the same hands. Needs the rl extra (``pip install cardcore[rl]``).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardcore.adapters import openspiel

PLAYERS = 3


def play_hand(game: pyspiel.Game, bot: ismcts.ISMCTSBot, bot_seat: int,
              rng: np.random.RandomState) -> np.ndarray:
    """One hand: chance and the random seats drawn from ``rng``; the score changes."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        elif state.current_player() == bot_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return np.asarray(state.returns())


def win_shares(returns: np.ndarray) -> np.ndarray:
    """Each seat's share of the hand's win: 1/k for each of the k seats gaining the most."""
    best = returns == returns.max()
    return best / best.sum()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands to play")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.simulations < 1:
        parser.error("--hands and --simulations must be positive")

    openspiel.register()
    game = pyspiel.load_game("python_cardcore_hucklebuck", {"players": PLAYERS})
    rng = np.random.RandomState(args.seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(random_state=rng), uct_c=2.0,
        max_simulations=args.simulations, random_state=rng,
    )
    # The bot's own resampler draws from an unseeded sampler: give it a seeded one, so that
    # a run repeats exactly.
    sampler = pyspiel.UniformProbabilitySampler(args.seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    bot_returns, random_returns, bot_wins = [], [], 0.0
    for hand in range(args.hands):
        seat = hand % PLAYERS
        returns = play_hand(game, bot, seat, rng)
        bot_wins += win_shares(returns)[seat]
        bot_returns.append(returns[seat])
        random_returns.extend(np.delete(returns, seat))

    print(f"Hucklebuck, {PLAYERS} players, {args.hands} hands, "
          f"ISMCTS with {args.simulations} simulations a move against random players")
    print(f"ISMCTS win rate: {bot_wins / args.hands:.1%} (a random seat's fair share: "
          f"{1 / PLAYERS:.1%})")
    print(f"mean score change: ISMCTS {np.mean(bot_returns):+.2f}, "
          f"random players {np.mean(random_returns):+.2f}")


if __name__ == "__main__":
    main()
