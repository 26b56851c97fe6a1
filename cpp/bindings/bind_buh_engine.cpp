#include <functional>
#include <optional>
#include <sstream>

#include "cardcore/games/buh/policy.hpp"
#include "cardcore/games/buh/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {
namespace {

using buh::Config;
using buh::Game;
using buh::State;


// stacks: None (100 each), one number for everyone, or one per player.
Config make_config(long long players, const py::object& stacks, long long ante, long long small_bet, long long big_bet,
                   long long max_raises, long long hands, long long first_dealer) {
  Config c;
  c.players = config_int(players, "buh", "players");
  if (c.players < 2 || c.players > buh::kMaxPlayers)
    throw std::invalid_argument("buh config: players must be 2 to 8, got " + std::to_string(players));
  if (!stacks.is_none()) {
    const auto each = config_values(stacks, "buh", "stacks", static_cast<std::size_t>(c.players),
                                    "one entry per player (" + std::to_string(c.players) + ")");
    for (int s = 0; s < c.players; ++s) c.stacks[s] = config_int(each[static_cast<std::size_t>(s)], "buh", "stacks");
  }
  c.ante = config_int(ante, "buh", "ante");
  c.small_bet = config_int(small_bet, "buh", "small_bet");
  c.big_bet = config_int(big_bet, "buh", "big_bet");
  c.max_raises = config_int(max_raises, "buh", "max_raises");
  c.hands = config_int(hands, "buh", "hands");
  c.first_dealer = config_int(first_dealer, "buh", "first_dealer");
  c.validate();
  return c;
}

Fields config_dict(const Config& c) {
  py::tuple stacks(c.players);
  for (int s = 0; s < c.players; ++s) stacks[s] = py::int_(c.stacks[s]);
  return py::dict("players"_a = c.players, "stacks"_a = stacks, "ante"_a = c.ante, "small_bet"_a = c.small_bet,
                  "big_bet"_a = c.big_bet, "max_raises"_a = c.max_raises, "hands"_a = c.hands,
                  "first_dealer"_a = c.first_dealer);
}

Config config_from_dict(const Fields& fields) {
  const ConfigDict d(fields, "buh");
  return make_config(d.integer("players"), d["stacks"], d.integer("ante"), d.integer("small_bet"),
                     d.integer("big_bet"), d.integer("max_raises"), d.integer("hands"), d.integer("first_dealer"));
}

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
    if (s.declared(seat)) out << " declared";
    else if (!s.in_hand(seat)) out << " out";
    else out << " [" << format_cards(s.hand(seat)) << "]";
  }
  const int player = s.current_player();
  out << "; " << (player >= 0 ? "P" + std::to_string(player) + " to act"
                              : player == kChancePlayer ? std::string("chance") : std::string("over"))
      << ")";
  return out.str();
}

}  // namespace

void bind_buh_engine(py::module_& m) {
  m.attr("CHANCE") = kChancePlayer;
  m.attr("TERMINAL") = kTerminalPlayer;

  py::class_<State> state(m, "State", R"(A Buh state (rules/buh.md): the engine protocol plus
named verbs and readable properties.

>>> state = Game(players=3).new_initial_state(seed=5)
>>> state.street, state.pot, state.to_act
('window 1', 3, 1)
>>> state.pass_(); state.pass_(); state.pass_()
>>> state.street
'bet 1')");
  bind_protocol<State, buh::TensorLayout>(state);
  bind_betting_verbs(state);
  bind_draw_verbs(state, buh::kDrawBase);
  state.def("declare", [](State& s) { apply_verb(s, {buh::kDeclare}, "declare"); }, "Declares a buh.")
      .def("pass_", [](State& s) { apply_verb(s, {buh::kPass}, "pass"); }, "Passes in a declaration window.")
      .def_property_readonly("hands", [](const State& s) { return per_seat<py::object>(s, [&](int i) { return card_set(s.hand(i)); }); },
                             "Every hand (the full state, not one player's view); empty once out of the hand.")
      .def_property_readonly("stacks", [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.stack(i); }); })
      .def_property_readonly("bets", [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.round_bet(i); }); },
                             "Chips each seat put in this betting round.")
      .def_property_readonly("committed", [](const State& s) { return per_seat<py::int_>(s, [&](int i) { return s.committed(i); }); },
                             "Chips each seat has in the pot this hand.")
      .def_property_readonly("in_hand", [](const State& s) { return per_seat<py::bool_>(s, [&](int i) { return s.in_hand(i); }); },
                             "Whether each seat is still in the hand (not folded, declared or out).")
      .def_property_readonly("declared", [](const State& s) { return per_seat<py::bool_>(s, [&](int i) { return s.declared(i); }); })
      .def_property_readonly("pot", &State::pot)
      .def_property_readonly("stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly("dead_cards", [](const State& s) { return card_set(s.dead_cards()); },
                             "Discards and folded hands this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat.")
      .def_property_readonly("street", &State::stage_name)
      .def_property_readonly("hand_number", &State::hand_number)
      .def("__repr__", &table_view);
  bind_state_pickling(state, "cardcore._core.buh", config_dict);

  py::class_<Game> game(m, "Game", R"(Buh for 2 to 8 players (rules/buh.md).

The default is one hand with 100-chip stacks, ante 1, bets 1/1/2/2 and one bet plus three
raises a round; ``hands`` > 1 rotates the dealer over persistent stacks.

>>> game = Game(players=6)
>>> game.num_players, game.num_distinct_actions
(6, 23))");
  game.def(py::init([](long long players, const py::typing::Optional<PerSeat>& stacks, long long ante, long long small_bet,
                       long long big_bet, long long max_raises, long long hands, long long first_dealer) {
             return Game(make_config(players, stacks, ante, small_bet, big_bet, max_raises, hands, first_dealer));
           }),
           py::kw_only(), "players"_a = 2, "stacks"_a = py::none(), "ante"_a = 1, "small_bet"_a = 1, "big_bet"_a = 2,
           "max_raises"_a = 3, "hands"_a = 1, "first_dealer"_a = 0);
  bind_game<Game, State>(m, game, "cardcore._core.buh", config_dict, config_from_dict);
  bind_simulate<Game, State>(
      m, R"(Returns of games [begin, end) played in C++ by 'random' or 'rule_based' seats.

>>> simulate(Game(players=3), 0, 4, 1, ["random", "rule_based", "random"], 1)[0].shape
(4, 3))",
      true, [](const std::string& name) -> std::function<int(const State&, Rng&)> {
        if (name == "random") return [](const State& s, Rng& rng) { return random_action(s, rng); };
        if (name == "rule_based") return [](const State& s, Rng&) { return buh::rule_based_action(s); };
        throw std::invalid_argument("unknown Buh policy '" + name + "': expected 'random' or 'rule_based'");
      });
}

}  // namespace cardcore::bindings
