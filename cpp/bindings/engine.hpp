// The engine protocol (DESIGN.md) bound once for every game: a game's State and Game
// classes get the same methods, names and pickling from bind_protocol.
#pragma once

#include <string>
#include <vector>

#include "cardcore/games/engine.hpp"
#include "common.hpp"

namespace cardcore::bindings {

// A CardSet (the Python class) for a mask.
py::object card_set(Mask mask);

template <class State>
py::array_t<float> tensor(const State& state, int player, int size,
                          void (State::*fill)(int, float*) const) {
  py::array_t<float> out(size);
  (state.*fill)(player, out.mutable_data());
  return out;
}

// Binds the protocol methods shared by every game's State class. `Layout` gives the tensor
// sizes of a state's configuration.
template <class State, class Layout>
void bind_protocol(py::class_<State>& cls) {
  cls.def("current_player", &State::current_player,
          "The seat to act, CHANCE (-1) at a chance node or TERMINAL (-4) at the end.")
      .def("is_terminal", &State::is_terminal)
      .def("is_chance_node", &State::is_chance_node)
      .def("legal_actions", &State::legal_actions,
           "Legal action ids: the stock's card ids at a chance node, none at the end.")
      .def("chance_outcomes", &State::chance_outcomes,
           "(card id, probability) for each card of the stock at a chance node.")
      .def("apply_action", &State::apply_action, "action"_a,
           "Applies an action id; an illegal one is a ValueError and changes nothing.")
      .def("action_to_string", &State::action_to_string, "action"_a,
           "The canonical string of an action id at this state.")
      .def("string_to_action", &State::string_to_action, "text"_a,
           "The action id of a canonical string (cards in any order and spelling).")
      .def("returns", &State::returns, "Chips won or lost per seat over the hands completed.")
      .def("rewards", &State::rewards, "The result of the hand the last action completed, else zeros.")
      .def("history", &State::history_ids, "Every action id applied so far, chance included.")
      .def("observation_string", &State::observation_string, "player"_a)
      .def("information_state_string", &State::information_state_string, "player"_a)
      .def(
          "observation_tensor",
          [](const State& s, int player) {
            return tensor(s, player, Layout(s.config()).observation_size, &State::observation_tensor);
          },
          "player"_a, "The observation of `player` as a float32 vector (layout in the game's docs).")
      .def(
          "information_state_tensor",
          [](const State& s, int player) {
            return tensor(s, player, Layout(s.config()).information_state_size, &State::information_state_tensor);
          },
          "player"_a, "The observation plus the player's own cards at each stage of the hand.")
      .def("resample_from_infostate", &State::resample_from_infostate, "player"_a, "seed"_a,
           "A state `player` cannot tell from this one: every card hidden from him drawn again.")
      .def("clone", [](const State& s) { return State(s); }, "An independent copy.")
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::handle) { return State(s); }, "memo"_a)
      .def("serialize", &State::serialize, "The state as a string (configuration, chance mode, history).");
}

}  // namespace cardcore::bindings
