// A sensible rule-based Badugi player for rollouts: it draws the cards its best Badugi
// subset does not use, bets and raises with a badugi of ten or better, calls with any
// badugi or a three-card hand of 6 or better (any three-card hand before the draw), and
// otherwise checks, or folds when facing a bet.
#pragma once

#include "cardcore/core/rng.hpp"
#include "cardcore/games/badugi/state.hpp"

namespace cardcore::badugi {

int rule_based_action(const State& state);

}  // namespace cardcore::badugi
