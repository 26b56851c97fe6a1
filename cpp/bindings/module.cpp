#include "calls.hpp"
#include "common.hpp"
#include "search.hpp"

namespace cardcore::bindings {
// bind_solve.cpp: the solve submodule and its Abstraction class first (a game's module
// returns its abstraction), the rest after the games (bound for each game).
void bind_solve_module(py::module_& parent);
void bind_solve(py::module_& parent);
}  // namespace cardcore::bindings

PYBIND11_MODULE(_core, m) {
  using namespace cardcore::bindings;
  m.doc() = "cardcore's C++ core: cards, hand evaluators and game engines.";
  bind_cards(m);
  // What current_player() returns at a chance node and at the end, in every game.
  m.attr("CHANCE") = cardcore::kChancePlayer;
  m.attr("TERMINAL") = cardcore::kTerminalPlayer;
  bind_search_options(m);
  bind_solve_module(m);
  bind_games(m);
  bind_solve(m);
  refuse_bad_calls(m);  // last: every function is bound
}
