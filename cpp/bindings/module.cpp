#include "calls.hpp"
#include "cardcore/games/registry.hpp"
#include "common.hpp"

PYBIND11_MODULE(_core, m) {
  using namespace cardcore::bindings;
  m.doc() = "cardcore's C++ core: cards, hand evaluators and game engines.";
  bind_cards(m);
  cardcore::Games::for_each([&]<class State>() { bind_game_module<State>(m); });
  refuse_bad_calls(m);  // last: every function is bound
}
