// The binding of draw odds (cardcore/odds/draw.hpp) into a game's submodule: each game that
// has them describes itself with an odds::DrawGame and calls bind_odds from its
// bind_<game>.cpp.
#pragma once

#include "cardcore/odds/draw.hpp"
#include "common.hpp"

namespace cardcore::bindings {

// The game's DrawGame under the house rules {name: value} (the Game's keywords); throws
// std::invalid_argument for a name that is not a house rule of the evaluator, or a bad value.
// The object must outlive the module (a function-local static).
using DrawGameOf = const odds::DrawGame& (*)(const Fields& rules);

// Adds draw_counts, is_legal_discard, showdown_exact, estimate_leaves, showdown_monte_carlo,
// odds_classes and raw_showdown_loop to `m`, each with a last argument `rules` (default {}).
void bind_odds(py::module_& m, DrawGameOf game_of);

}  // namespace cardcore::bindings
