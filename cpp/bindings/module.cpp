#include "calls.hpp"
#include "common.hpp"
#include "search.hpp"

namespace cardcore::bindings {
void bind_solve(py::module_& parent);  // bind_solve.cpp
}  // namespace cardcore::bindings

PYBIND11_MODULE(_core, m) {
  using namespace cardcore::bindings;
  m.doc() = "cardcore's C++ core: cards, hand evaluators and game engines.";
  bind_cards(m);
  // What current_player() returns at a chance node and at the end, in every game.
  m.attr("CHANCE") = cardcore::kChancePlayer;
  m.attr("TERMINAL") = cardcore::kTerminalPlayer;
  bind_search_options(m);
  bind_games(m);
  bind_solve(m);
  refuse_bad_calls(m);  // last: every function is bound
}
