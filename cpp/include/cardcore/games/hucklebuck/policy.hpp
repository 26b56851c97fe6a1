// The rule-based Hucklebuck player, usable in C++ rollouts and from Python. It plays sensibly and fast:
// it drops out (when allowed) with a hand expected to take under one trick, keeps trumps and
// off-suit aces and kings and exchanges the rest, leads an off-suit ace or else its highest
// trump or else its lowest card, and when following wins the trick with its cheapest
// winning card or, when it cannot win, throws its cheapest card (non-trumps before trumps,
// low before high).
#pragma once

#include <cstdint>

#include "cardcore/core/rng.hpp"
#include "cardcore/games/hucklebuck/state.hpp"

namespace cardcore::hucklebuck {

// rule_based_action(state, rng), the spec's "rule_based" policy, is declared in spec.hpp.

}  // namespace cardcore::hucklebuck
