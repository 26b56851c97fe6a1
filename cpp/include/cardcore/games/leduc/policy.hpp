// A simple rule-based Leduc poker player: it raises with a pair (its card's rank is the
// public card's) or a king, and calls otherwise, except that in round 2 with neither it
// folds facing a raise. When no raise is left it calls.
#pragma once

#include "cardcore/games/leduc/state.hpp"

namespace cardcore::leduc {

int rule_based_action(const State& state);

}  // namespace cardcore::leduc
