// Built-in Hucklebuck players, usable in C++ rollouts and from Python.
//
// kRandom picks uniformly among the legal actions. kRuleBased plays sensibly and fast:
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

enum class Policy : std::uint8_t { kRandom, kRuleBased };

// The action `policy` takes at a player node of `state`.
int policy_action(const State& state, Policy policy, Rng& rng);

}  // namespace cardcore::hucklebuck
