#include "cardcore/games/kuhn/policy.hpp"

#include "cardcore/games/rollout.hpp"

namespace cardcore::kuhn {

int rule_based_action(const State& state) {
  const int card = state.card(state.current_player());
  const bool facing_bet = state.contribution(0) != state.contribution(1);
  if (card == 2) return kBet;                // the king bets, and calls
  if (card == 1 && facing_bet) return kBet;  // the queen calls
  return kPass;                              // checks, and the jack folds
}

}  // namespace cardcore::kuhn

// The random player of the spec's policy table, instantiated with this game's State.
template int cardcore::random_action<cardcore::kuhn::State>(const cardcore::kuhn::State& state, cardcore::Rng& rng);
