// The Game class of every game, bound once from the game's Spec (games/spec.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common.hpp"
#include "config.hpp"
#include "engine.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {

// Binds what every game's Game class shares, from the game's Spec: the keyword arguments of
// its field table, the protocol's properties and its spec, and the module functions that
// unpickle (restore_game, restore_state) and give the spec record's data (spec).
template <class Game, class State, const auto& Table>
void bind_game(py::module_& m, py::class_<Game>& cls) {
  using Spec = typename State::Spec;
  using Config = typename Game::Config;
  static constexpr std::string_view kName = Spec::kSpec.name;
  const std::string module = "cardcore._core." + std::string(kName);
  def_game_init<Game, Table>(cls, kName, std::make_index_sequence<std::size(Table)>());
  cls.def(
         "new_initial_state",
         [](const Game& g, const std::optional<Integer>& seed) {
           return seed ? State(g.config, true, to_seed(*seed)) : State(g.config, false, 0);
         },
         "seed"_a = py::none(), "A new state; with a seed chance is sampled inside, without one it is explicit.")
      .def(
          "deserialize_state", [](const Game& g, std::string_view text) { return State::deserialize(g.config, text); },
          "text"_a, "The state a serialize() string describes; a corrupt one is a ValueError.")
      .def_property_readonly("num_players", &Game::num_players)
      .def_property_readonly("acting_players", &Game::acting_players,
                             "The seats whose decisions a player outside the engine makes (seats 0 to n-1).")
      .def_property_readonly("num_distinct_actions", &Game::num_distinct_actions)
      .def_property_readonly("max_chance_outcomes", [](const Game&) { return kDeckSize; })
      .def_property_readonly("max_game_length", &Game::max_game_length)
      .def_property_readonly("min_utility", &Game::min_utility)
      .def_property_readonly("max_utility", &Game::max_utility)
      .def_property_readonly(
          "utility", [](const Game& g) { return g.utility() == Utility::kZeroSum ? "zero_sum" : "general_sum"; },
          "'zero_sum' when the returns of this configuration always sum to zero, else 'general_sum'.")
      .def_property_readonly("observation_tensor_shape",
                             [](const Game& g) { return std::vector<int>{g.observation_size()}; })
      .def_property_readonly("information_state_tensor_shape",
                             [](const Game& g) { return std::vector<int>{g.information_state_size()}; })
      .def_property_readonly(
          "observation_segments",
          [](const Game& g) { return segments(typename Spec::Layout(g.config, true).observation); },
          "The observation tensor's segments: (name, offset, size, low, high), in order.")
      .def_property_readonly(
          "information_state_segments",
          [](const Game& g) { return segments(typename Spec::Layout(g.config, true).information_state); },
          "The information state tensor's segments: (name, offset, size, low, high), in order.")
      .def_property_readonly("config", [](const Game& g) { return config_dict<Config>(Table, g.config); })
      .def(
          "__eq__",
          [](const Game& a, const py::object& other) -> py::object {
            if (!py::isinstance<Game>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a.config == other.cast<const Game&>().config);
          },
          "other"_a)
      .def("__hash__", [](const Game& g) { return py::hash(py::str(g.config.to_string())); })
      .def("__repr__",
           [](const Game& g) {
             std::string text = g.config.to_string();
             for (char& c : text)
               if (c == ' ') c = ',';
             return std::string(kName) + ".Game(" + text + ")";
           })
      .def("__reduce__", [module](const Game& g) -> py::typing::Tuple<py::object, py::typing::Tuple<Fields>> {
        py::object restore = py::module_::import(module.c_str()).attr("restore_game");
        return py::make_tuple(restore, py::make_tuple(config_dict<Config>(Table, g.config)));
      });
  m.def(
      "restore_game", [](const Fields& config) { return Game(config_from_dict<Config>(kName, Table, config)); },
      "config"_a, "The game of a `config` dict (how a Game unpickles).");
  m.def(
      "restore_state",
      [](const Fields& config, std::string_view text) {
        return State::deserialize(config_from_dict<Config>(kName, Table, config), text);
      },
      "config"_a, "text"_a, "The state of a `config` dict and a serialize() string (how a State unpickles).");
  m.def(
      "spec", []() { return spec_dict(Spec::kSpec); }, "The game's spec as plain data (cardcore's GameSpec).");
}

// A State's config (its game's keywords, as Game.config) and __reduce__:
// restore_state(config, serialize()) of its module.
template <class State, const auto& Table>
void bind_state_pickling(py::class_<State>& cls) {
  const std::string module = "cardcore._core." + std::string(State::Spec::kSpec.name);
  cls.def_property_readonly(
      "config", [](const State& s) { return config_dict<typename State::Spec::Config>(Table, s.config()); },
      "The configuration of the state's game, as its Game's `config`: the keywords of Game(...).");
  cls.def("__reduce__", [module](const State& s) -> py::typing::Tuple<py::object, py::typing::Tuple<Fields, py::str>> {
    py::object restore = py::module_::import(module.c_str()).attr("restore_state");
    return py::make_tuple(restore,
                          py::make_tuple(config_dict<typename State::Spec::Config>(Table, s.config()), s.serialize()));
  });
}

// How a state's repr ends: "; P2 to act)", "; chance)" or "; over)" (`acts` is the verb).
template <class State>
std::string repr_tail(const State& s, const char* acts = "to act") {
  const int player = s.current_player();
  if (player >= 0) return "; P" + std::to_string(player) + " " + acts + ")";
  return player == kChancePlayer ? "; chance)" : "; over)";
}

// The repr of a state of a game whose binding file gives none: its actions so far.
template <class State>
std::string history_repr(const State& s) {
  std::string text = std::string(State::kName) + ".State(";
  const std::vector<std::string> lines = action_log(s);
  for (std::size_t i = 0; i < lines.size(); ++i) text += (i ? ", " : "") + lines[i];
  return text + (lines.empty() ? "start" : "") + repr_tail(s);
}

// A game's submodule of `parent`, named as the game: its State (the protocol and pickling),
// its Game (the spec's keywords), its simulation, VectorEnv and search; then the game's own
// bindings if its binding file registered some (GameBindings), and a repr if they gave none.
template <class State>
void bind_game_module(py::module_& parent) {
  using Spec = typename State::Spec;
  using Game = EngineGame<Spec>;
  const std::string display(Spec::kSpec.display_name);
  py::module_ m = parent.def_submodule(
      std::string(State::kName).c_str(),
      (display + ": its engine (docs/rulebook/" + std::string(State::kName) + ".md) and what its binding file adds.")
          .c_str());
  py::class_<State> state(m, "State", (display + " state: the engine protocol (docs/design.md).").c_str());
  bind_protocol(state);
  bind_state_pickling<State, Spec::kConfigFields>(state);
  py::class_<Game> game(m, "Game", (display + " (docs/rulebook/" + std::string(State::kName) + ".md).").c_str());
  bind_game<Game, State, Spec::kConfigFields>(m, game);
  bind_simulate<Game, State>(m);
  if (const OwnBindings own = GameBindings::of(State::kName)) own(m);
  if (!state.attr("__dict__").contains("__repr__")) state.def("__repr__", &history_repr<State>);  // none of its own
}

}  // namespace cardcore::bindings
