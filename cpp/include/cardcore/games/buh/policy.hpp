// A sensible rule-based Buh player for rollouts: it declares every buh; in the draw it
// throws hooch and normals above 5, at most two, or three when the card it keeps is an ace
// (a granny); it bets and raises with about the best third of hands for the number of
// cards it holds, calls with the best nine in ten, and otherwise checks, or folds when
// facing a bet. Four hooch (a skunk) is the worst hand, whatever its value.
#pragma once

#include "cardcore/games/buh/state.hpp"
#include "cardcore/odds/draw.hpp"

namespace cardcore::buh {

// rule_based_action(state, rng), the spec's "rule_based" policy, is declared in spec.hpp.

// The cards the rule-based player throws from a four-card hand in the draw (above; the
// draw rule of docs/rulebook/buh.md 1.3 #9 limits it); docs/odds.md uses it too.
Mask rule_based_discard(Mask hand);

// The game as the draw odds see it (cardcore/odds/draw.hpp) under the evaluator's house
// rules: its draws, its legal discards, the rule-based discard and its classes. One object
// a setting, each built on first use.
const odds::DrawGame& draw_game(Rules rules = {});

}  // namespace cardcore::buh
