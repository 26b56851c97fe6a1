// A sensible rule-based Buh player for rollouts: it declares every buh; in the draw it
// throws hooch and normals above 5, at most two, or three when the card it keeps is an ace
// (a granny); it bets and raises with a value of 3 or less, calls with 8 or less, and
// otherwise checks, or folds when facing a bet.
#pragma once

#include "cardcore/games/buh/state.hpp"

namespace cardcore::buh {

int rule_based_action(const State& state);

}  // namespace cardcore::buh
