// The binding of draw odds (cardcore/odds/draw.hpp) into a game's submodule: each game that
// has them describes itself with an odds::DrawGame and calls bind_odds from its
// bind_<game>.cpp.
#pragma once

#include "cardcore/odds/draw.hpp"
#include "common.hpp"

namespace cardcore::bindings {

// Adds draw_counts, showdown_exact, showdown_monte_carlo, odds_classes and
// raw_showdown_loop to `m`; `game` must outlive the module (a function-local static).
void bind_odds(py::module_& m, const odds::DrawGame& game);

}  // namespace cardcore::bindings
