// Every registered game bound: cc._core.GAMES and a submodule per game (game.hpp), with the
// own bindings that games' binding files register (GameBindings).
#include <string>
#include <utility>
#include <vector>

#include "cardcore/games/registry.hpp"
#include "common.hpp"
#include "game.hpp"

namespace cardcore::bindings {
namespace {

std::vector<std::pair<std::string_view, OwnBindings>>& own_bindings() {
  static std::vector<std::pair<std::string_view, OwnBindings>> registered;  // built at first use
  return registered;
}

}  // namespace

GameBindings::GameBindings(std::string_view game, OwnBindings bind) { own_bindings().emplace_back(game, bind); }

OwnBindings GameBindings::of(std::string_view game) {
  for (const auto& [name, bind] : own_bindings())
    if (name == game) return bind;
  return nullptr;
}

void bind_games(py::module_& m) {
  py::tuple names(Games::size);
  std::size_t i = 0;
  Games::for_each([&]<class State>() {
    names[i++] = py::str(std::string(State::kName));
    bind_game_module<State>(m);
  });
  m.attr("GAMES") = names;  // the registered games' names, in order (Python's cc.GAMES)
}

}  // namespace cardcore::bindings
