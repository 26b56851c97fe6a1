// A simple rule-based Kuhn poker player: with the king it bets and calls, with the jack it
// passes and folds, with the queen it passes and calls a bet.
#pragma once

#include "cardcore/games/kuhn/state.hpp"

namespace cardcore::kuhn {

int rule_based_action(const State& state);

}  // namespace cardcore::kuhn
