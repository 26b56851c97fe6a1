// The one list of games: the only C++ file that names them all. Code over every game
// (the bindings' registration, tests) iterates it; adding a game adds one entry here.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "cardcore/core/text.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "cardcore/games/buh/state.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
#include "cardcore/games/protocol.hpp"

namespace cardcore {

template <class... States>
struct GameList {
  static constexpr std::size_t size = sizeof...(States);
  using Variant = std::variant<States...>;  // a state of any of the games
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

// The state that a serialize() string of any registered game describes, read from the
// string alone: the game its header names, through load_state. An unknown game throws
// std::invalid_argument listing the games.
inline Games::Variant load_any_state(std::string_view text) {
  const std::string name = read_header(text).name;
  std::optional<Games::Variant> state;
  std::string names;
  Games::for_each([&]<class State>() {
    names += (names.empty() ? "" : ", ") + std::string(State::kName);
    if (name == State::kName) state.emplace(std::in_place_type<State>, load_state<State>(text));
  });
  if (!state)
    throw std::invalid_argument("unknown game " + quote_input(name) + " in a serialized state: expected one of " +
                                names);
  return *std::move(state);
}

}  // namespace cardcore
