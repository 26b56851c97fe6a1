// Bai Buu's built-in arrangers, the policies of its spec (games/baibuu/spec.hpp).
#include "cardcore/eval/baibuu.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::baibuu {

int house_way_action(const State& state, Rng&) { return house_way(state.hand(state.current_player())); }

int optimal_action(const State& state, Rng&) {
  const int seat = state.current_player();
  // The optimal arrangement is the player's; a banker arranges by the house way.
  return seat == state.banker_seat() ? house_way(state.hand(seat))
                                     : optimal_arrangement(state.hand(seat), state.config().rules());
}

}  // namespace cardcore::baibuu

// The random policy of the spec's table (games/spec.hpp).
template int cardcore::random_action<cardcore::baibuu::State>(const cardcore::baibuu::State& state, cardcore::Rng& rng);
