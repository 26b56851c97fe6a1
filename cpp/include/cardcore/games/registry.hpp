// The one list of games: the only C++ file that names them all. Code over every game
// (the bindings' registration, tests) iterates it; adding a game adds one entry here.
#pragma once

#include "cardcore/games/badugi/state.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "cardcore/games/buh/state.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
#include "cardcore/games/protocol.hpp"

namespace cardcore {

template <class... States>
struct GameList {
  static constexpr std::size_t size = sizeof...(States);
  // Calls f.template operator()<State>() for each game, in the registry's order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<States>(), ...);
  }
};

// Every game, in the order of Python's cc.GAMES.
using Games = GameList<badugi::State, buh::State, baibuu::State, hucklebuck::State>;

// Every registered game follows the engine protocol.
template <class... States>
constexpr bool all_follow_protocol(GameList<States...>) {
  return (GameState<States> && ...);
}
static_assert(all_follow_protocol(Games{}), "every registered game's State follows the engine protocol");

}  // namespace cardcore
