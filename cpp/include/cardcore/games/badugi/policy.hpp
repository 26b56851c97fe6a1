// A sensible rule-based Badugi player for rollouts: it draws the cards its best Badugi
// subset does not use, bets and raises with a badugi of ten or better, calls with any
// badugi or a three-card hand of 6 or better (any three-card hand before the draw), and
// otherwise checks, or folds when facing a bet.
#pragma once

#include "cardcore/core/rng.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "cardcore/odds/draw.hpp"

namespace cardcore::badugi {

// rule_based_action(state, rng), the spec's "rule_based" policy, is declared in spec.hpp.

// The cards the rule-based player throws from a four-card hand in a draw: those its best
// Badugi subset does not use (docs/odds.md computes later draws with it).
Mask rule_based_discard(Mask hand);
// The rule-based player's draw action at a draw decision of `state`.
int rule_based_draw(const State& state);

// The game as the draw odds see it (cardcore/odds/draw.hpp): its draws, its legal discards,
// the rule-based discard and its classes.
const odds::DrawGame& draw_game();

}  // namespace cardcore::badugi
