#include <optional>
#include <sstream>

#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "game.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {
namespace {

using badugi::Game;
using badugi::State;

std::string table_view(const State& s) {
  std::ostringstream out;
  out << "badugi.State(hand " << s.hand_number() << "/" << s.config().hands << ", " << s.stage_name() << ", pot "
      << s.pot();
  for (int seat = 0; seat < badugi::kNumPlayers; ++seat) {
    out << "; P" << seat << (seat == s.dealer() ? " (D)" : " (BB)") << " stack " << s.stack(seat);
    if (s.round_bet(seat)) out << " bet " << s.round_bet(seat);
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
  py::class_<State> state(m, "State", R"(A Badugi state (docs/rulebook/badugi.md): the engine protocol
plus named verbs and readable properties.

>>> game = Game()
>>> state = game.new_initial_state(seed=3)
>>> state.current_player(), state.street
(0, 'bet 1 (pre-draw)')
>>> state.check_or_call(); state.check_or_call()
>>> state.street
'draw 1')");
  bind_protocol(state);
  bind_betting_verbs(state);
  bind_draw_verbs(state, badugi::kDrawBase);
  state
      .def_property_readonly(
          "hands", [](const State& s) { return py::make_tuple(card_set(s.hand(0)), card_set(s.hand(1))); },
          "Both hands (the full state, not one player's view).")
      .def_property_readonly("stacks", [](const State& s) { return py::make_tuple(s.stack(0), s.stack(1)); })
      .def_property_readonly(
          "bets", [](const State& s) { return py::make_tuple(s.round_bet(0), s.round_bet(1)); },
          "Chips each seat put in this betting round.")
      .def_property_readonly("pot", &State::pot)
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly(
          "dead_cards", [](const State& s) { return card_set(s.dead_cards()); },
          "The cards burned or discarded this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat (small blind).")
      .def_property_readonly("street", &State::stage_name)
      .def_property_readonly("hand_number", &State::hand_number)
      .def("__repr__", &table_view);
  bind_state_pickling<State, badugi::kConfigFields>(state);

  py::class_<Game> game(m, "Game", R"(Heads-up fixed-limit triple draw Badugi (docs/rulebook/badugi.md).

The default is one hand with 100-chip stacks, blinds 1/2, bets 2/4 and one bet plus three
raises a round; ``hands=12`` plays the source's match over persistent stacks.

>>> game = Game(hands=12)
>>> game.num_players, game.num_distinct_actions, game.max_chance_outcomes
(2, 21, 52)
>>> state = game.new_initial_state()  # explicit chance nodes
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52))");
  bind_game<Game, State, badugi::kConfigFields>(m, game);
  bind_simulate<Game, State>(m, R"(Returns of games [begin, end) played in C++ by 'random' or 'rule_based' seats.

>>> simulate(Game(), 0, 4, 1, ["random", "rule_based"], 1)[0].shape
(4, 2))");
}

}  // namespace cardcore::bindings
