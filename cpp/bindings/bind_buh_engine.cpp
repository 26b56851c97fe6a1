#include <optional>
#include <sstream>

#include "cardcore/games/buh/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "game.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {
namespace {

using buh::Game;
using buh::State;

// One value per seat, typed tuple[Element, ...] in the stubs.
template <class Element, class Value>
py::typing::Tuple<Element, py::ellipsis> per_seat(const State& s, Value value) {
  py::tuple out(s.config().players);
  for (int seat = 0; seat < s.config().players; ++seat) out[seat] = value(seat);
  return out;
}

std::string table_view(const State& s) {
  std::ostringstream out;
  out << "buh.State(hand " << s.hand_number() << "/" << s.config().hands << ", " << s.stage_name() << ", pot "
      << s.pot();
  for (int seat = 0; seat < s.config().players; ++seat) {
    out << "; P" << seat << (seat == s.dealer() ? " (D)" : "") << " stack " << s.stack(seat);
    if (s.round_bet(seat)) out << " bet " << s.round_bet(seat);
    if (s.declared(seat))
      out << " declared";
    else if (!s.in_hand(seat))
      out << " out";
    else
      out << " [" << format_cards(s.hand(seat)) << "]";
  }
  const int player = s.current_player();
  out << "; "
      << (player >= 0               ? "P" + std::to_string(player) + " to act"
          : player == kChancePlayer ? std::string("chance")
                                    : std::string("over"))
      << ")";
  return out.str();
}

}  // namespace

template <>
void bind_engine<State>(py::module_& m) {
  py::class_<State> state(m, "State", R"(A Buh state (docs/rulebook/buh.md): the engine protocol plus
named verbs and readable properties.

>>> state = Game(players=3).new_initial_state(seed=5)
>>> state.street, state.pot, state.to_act
('window 1', 3, 1)
>>> state.pass_(); state.pass_(); state.pass_()
>>> state.street
'bet 1')");
  bind_protocol(state);
  bind_betting_verbs(state);
  bind_draw_verbs(state, buh::kDrawBase);
  state
      .def(
          "declare", [](State& s) { apply_verb(s, {buh::kDeclare}, "declare"); }, "Declares a buh.")
      .def(
          "pass_", [](State& s) { apply_verb(s, {buh::kPass}, "pass"); }, "Passes in a declaration window.")
      .def_property_readonly(
          "hands", [](const State& s) { return per_seat<py::object>(s, [&](int i) { return card_set(s.hand(i)); }); },
          "Every hand (the full state, not one player's view); empty once out of the hand.")
      .def_property_readonly("stacks",
                             [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.stack(i); }); })
      .def_property_readonly(
          "bets", [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.round_bet(i); }); },
          "Chips each seat put in this betting round.")
      .def_property_readonly(
          "committed", [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.committed(i); }); },
          "Chips each seat has in the pot this hand.")
      .def_property_readonly(
          "in_hand", [](const State& s) { return per_seat<py::bool_>(s, [&](int i) { return s.in_hand(i); }); },
          "Whether each seat is still in the hand (not folded, declared or out).")
      .def_property_readonly(
          "declared", [](const State& s) { return per_seat<py::bool_>(s, [&](int i) { return s.declared(i); }); })
      .def_property_readonly("pot", &State::pot)
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly(
          "dead_cards", [](const State& s) { return card_set(s.dead_cards()); }, "Discards and folded hands this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat.")
      .def_property_readonly("street", &State::stage_name)
      .def_property_readonly("hand_number", &State::hand_number)
      .def("__repr__", &table_view);
  bind_state_pickling<State, buh::kConfigFields>(state);

  py::class_<Game> game(m, "Game", R"(Buh for 2 to 8 players (docs/rulebook/buh.md).

The default is one hand with 100-chip stacks, ante 1, bets 1/1/2/2 and one bet plus three
raises a round; ``hands`` > 1 rotates the dealer over persistent stacks.

>>> game = Game(players=6)
>>> game.num_players, game.num_distinct_actions
(6, 23))");
  bind_game<Game, State, buh::kConfigFields>(m, game);
  bind_simulate<Game, State>(m, R"(Returns of games [begin, end) played in C++ by 'random' or 'rule_based' seats.

>>> simulate(Game(players=3), 0, 4, 1, ["random", "rule_based", "random"], 1)[0].shape
(4, 3))");
}

}  // namespace cardcore::bindings
