#include <functional>
#include <optional>
#include <sstream>

#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {
namespace {

using badugi::Config;
using badugi::Game;
using badugi::State;


Config make_config(const py::object& stacks, long long small_blind, long long big_blind, long long small_bet,
                   long long big_bet, long long max_raises, long long hands, long long first_dealer) {
  const auto each = config_values(stacks, "badugi", "stacks", badugi::kNumPlayers, "2 entries (heads-up)");
  Config c;
  c.stacks = {config_int(each[0], "badugi", "stacks"), config_int(each[1], "badugi", "stacks")};
  c.small_blind = config_int(small_blind, "badugi", "small_blind");
  c.big_blind = config_int(big_blind, "badugi", "big_blind");
  c.small_bet = config_int(small_bet, "badugi", "small_bet");
  c.big_bet = config_int(big_bet, "badugi", "big_bet");
  c.max_raises = config_int(max_raises, "badugi", "max_raises");
  c.hands = config_int(hands, "badugi", "hands");
  c.first_dealer = config_int(first_dealer, "badugi", "first_dealer");
  c.validate();
  return c;
}

Fields config_dict(const Config& c) {
  return py::dict("stacks"_a = py::make_tuple(c.stacks[0], c.stacks[1]), "small_blind"_a = c.small_blind,
                  "big_blind"_a = c.big_blind, "small_bet"_a = c.small_bet, "big_bet"_a = c.big_bet,
                  "max_raises"_a = c.max_raises, "hands"_a = c.hands, "first_dealer"_a = c.first_dealer);
}

Config config_from_dict(const Fields& fields) {
  const ConfigDict d(fields, "badugi");
  return make_config(d["stacks"], d.integer("small_blind"), d.integer("big_blind"), d.integer("small_bet"),
                     d.integer("big_bet"), d.integer("max_raises"), d.integer("hands"), d.integer("first_dealer"));
}

std::string table_view(const State& s) {
  std::ostringstream out;
  out << "badugi.State(hand " << s.hand_number() << "/" << s.config().hands << ", " << s.stage_name()
      << ", pot " << s.pot();
  for (int seat = 0; seat < badugi::kNumPlayers; ++seat) {
    out << "; P" << seat << (seat == s.dealer() ? " (D)" : " (BB)") << " stack " << s.stack(seat);
    if (s.round_bet(seat)) out << " bet " << s.round_bet(seat);
    out << " [" << format_cards(s.hand(seat)) << "]";
  }
  const int player = s.current_player();
  out << "; " << (player >= 0 ? "P" + std::to_string(player) + " to act" : player == kChancePlayer ? std::string("chance") : std::string("over"))
      << ")";
  return out.str();
}

}  // namespace

void bind_badugi_engine(py::module_& m) {
  m.attr("CHANCE") = kChancePlayer;
  m.attr("TERMINAL") = kTerminalPlayer;

  py::class_<State> state(m, "State", R"(A Badugi state (rules/badugi.md): the engine protocol
plus named verbs and readable properties.

>>> game = Game()
>>> state = game.new_initial_state(seed=3)
>>> state.current_player(), state.street
(0, 'bet 1 (pre-draw)')
>>> state.check_or_call(); state.check_or_call()
>>> state.street
'draw 1')");
  bind_protocol<State, badugi::TensorLayout>(state);
  bind_betting_verbs(state);
  bind_draw_verbs(state, badugi::kDrawBase);
  state
      .def_property_readonly("hands", [](const State& s) { return py::make_tuple(card_set(s.hand(0)), card_set(s.hand(1))); },
                             "Both hands (the full state, not one player's view).")
      .def_property_readonly("stacks", [](const State& s) { return py::make_tuple(s.stack(0), s.stack(1)); })
      .def_property_readonly("bets", [](const State& s) { return py::make_tuple(s.round_bet(0), s.round_bet(1)); },
                             "Chips each seat put in this betting round.")
      .def_property_readonly("pot", &State::pot)
      .def_property_readonly("stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly("dead_cards", [](const State& s) { return card_set(s.dead_cards()); },
                             "The cards burned or discarded this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat (small blind).")
      .def_property_readonly("street", &State::stage_name)
      .def_property_readonly("hand_number", &State::hand_number)
      .def("__repr__", &table_view);
  bind_state_pickling(state, "cardcore._core.badugi", config_dict);

  py::class_<Game> game(m, "Game", R"(Heads-up fixed-limit triple draw Badugi (rules/badugi.md).

The default is one hand with 100-chip stacks, blinds 1/2, bets 2/4 and one bet plus three
raises a round; ``hands=12`` plays the source's match over persistent stacks.

>>> game = Game(hands=12)
>>> game.num_players, game.num_distinct_actions, game.max_chance_outcomes
(2, 21, 52)
>>> state = game.new_initial_state()  # explicit chance nodes
>>> state.current_player() == CHANCE, len(state.chance_outcomes())
(True, 52))");
  game.def(py::init([](const PerSeat& stacks, long long small_blind, long long big_blind,
                       long long small_bet, long long big_bet, long long max_raises, long long hands,
                       long long first_dealer) {
             return Game(make_config(stacks, small_blind, big_blind, small_bet, big_bet, max_raises, hands,
                                     first_dealer));
           }),
           py::kw_only(), "stacks"_a = py::make_tuple(100, 100),
           "small_blind"_a = 1, "big_blind"_a = 2, "small_bet"_a = 2, "big_bet"_a = 4, "max_raises"_a = 3,
           "hands"_a = 1, "first_dealer"_a = 0)
  ;
  bind_game<Game, State>(m, game, "cardcore._core.badugi", config_dict, config_from_dict);
  bind_simulate<Game, State>(
      m, R"(Returns of games [begin, end) played in C++ by 'random' or 'rule_based' seats.

>>> simulate(Game(), 0, 4, 1, ["random", "rule_based"], 1)[0].shape
(4, 2))",
      true, [](const std::string& name) -> std::function<int(const State&, Rng&)> {
        if (name == "random") return [](const State& s, Rng& rng) { return random_action(s, rng); };
        if (name == "rule_based") return [](const State& s, Rng&) { return badugi::rule_based_action(s); };
        throw std::invalid_argument("unknown Badugi policy '" + name + "': expected 'random' or 'rule_based'");
      });
}

}  // namespace cardcore::bindings
