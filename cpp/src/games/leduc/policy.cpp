#include "cardcore/games/leduc/policy.hpp"

#include "cardcore/games/rollout.hpp"

namespace cardcore::leduc {

int rule_based_action(const State& state) {
  const int seat = state.current_player();
  const int rank = state.private_card(seat) / 2;
  const bool pair = state.public_card() != kNoCard && state.public_card() / 2 == rank;
  const ActionSet legal = state.legal_player_actions();
  if (pair || rank == 2) return legal.contains(kRaise) ? kRaise : kCall;
  if (state.round() == 2 && legal.contains(kFold)) return kFold;
  return kCall;
}

}  // namespace cardcore::leduc

// The random player of the spec's policy table, instantiated with this game's State.
template int cardcore::random_action<cardcore::leduc::State>(const cardcore::leduc::State& state, cardcore::Rng& rng);
