// The registry: every game, registered once from its own folder. Each game's register.hpp
// (included below through the list that CMake generates from the folders) fills the next
// slot with its State; code over every game (the bindings, the tests)
// iterates Games. Python's cc.GAMES, the CLI, the adapters and the tests derive from it.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "cardcore/core/text.hpp"
#include "cardcore/games/protocol.hpp"

namespace cardcore::registry {

// Slot i holds the State of the i-th registered game; a slot nothing filled holds void.
template <int Slot>
struct Registered {
  using State = void;
};
// __COUNTER__ counts up by one at each use in a translation unit: this one marks slot 0, each
// CARDCORE_REGISTER_GAME takes the next. Nothing else in cardcore uses __COUNTER__.
inline constexpr int kFirstSlot = __COUNTER__ + 1;

}  // namespace cardcore::registry

// Registers a game's State in the next slot (a game's register.hpp, included only here).
#define CARDCORE_REGISTER_GAME(GameState)                                               \
  template <>                                                                           \
  struct cardcore::registry::Registered<__COUNTER__ - cardcore::registry::kFirstSlot> { \
    using State = GameState;                                                            \
  }

// The games: CMakeLists.txt writes this list from the games' folders (one include of each
// game's register.hpp, by name), so no file here names a game.
#include "cardcore/games/registered.hpp"

#undef CARDCORE_REGISTER_GAME

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

namespace registry {
// The GameList of the filled slots from `Slot` on.
template <int Slot, class... States>
constexpr auto collect() {
  if constexpr (std::is_void_v<typename Registered<Slot>::State>)
    return GameList<States...>{};
  else
    return collect<Slot + 1, States..., typename Registered<Slot>::State>();
}
}  // namespace registry

// Every registered game, in the order of registration (Python's cc.GAMES).
using Games = decltype(registry::collect<0>());

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
