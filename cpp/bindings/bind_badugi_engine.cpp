#include <optional>
#include <sstream>

#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "engine.hpp"

namespace cardcore::bindings {
namespace {

using badugi::Config;
using badugi::Game;
using badugi::State;

betting::Chips chips(long long value, const char* field) {
  if (value < -2'000'000'000LL || value > 2'000'000'000LL)
    throw std::invalid_argument(std::string("badugi config: ") + field + " is out of range: " + std::to_string(value));
  return static_cast<betting::Chips>(value);
}

Config make_config(const std::vector<long long>& stacks, long long small_blind, long long big_blind,
                   long long small_bet, long long big_bet, long long max_raises, long long hands,
                   long long first_dealer) {
  if (stacks.size() != 2)
    throw std::invalid_argument("badugi config: stacks needs 2 entries (heads-up), got " + std::to_string(stacks.size()));
  Config c;
  c.stacks = {chips(stacks[0], "stacks"), chips(stacks[1], "stacks")};
  c.small_blind = chips(small_blind, "small_blind");
  c.big_blind = chips(big_blind, "big_blind");
  c.small_bet = chips(small_bet, "small_bet");
  c.big_bet = chips(big_bet, "big_bet");
  c.max_raises = chips(max_raises, "max_raises");
  c.hands = chips(hands, "hands");
  c.first_dealer = chips(first_dealer, "first_dealer");
  c.validate();
  return c;
}

Fields config_dict(const Config& c) {
  return py::dict("stacks"_a = py::make_tuple(c.stacks[0], c.stacks[1]), "small_blind"_a = c.small_blind,
                  "big_blind"_a = c.big_blind, "small_bet"_a = c.small_bet, "big_bet"_a = c.big_bet,
                  "max_raises"_a = c.max_raises, "hands"_a = c.hands, "first_dealer"_a = c.first_dealer);
}

Config config_from_dict(const Fields& d) {
  return make_config(d["stacks"].cast<std::vector<long long>>(), d["small_blind"].cast<long long>(),
                     d["big_blind"].cast<long long>(), d["small_bet"].cast<long long>(),
                     d["big_bet"].cast<long long>(), d["max_raises"].cast<long long>(),
                     d["hands"].cast<long long>(), d["first_dealer"].cast<long long>());
}

// Applies the first of `candidates` that is legal, or says which verbs are legal.
void apply_verb(State& s, std::initializer_list<int> candidates, const char* verb) {
  for (int a : candidates)
    if (s.is_legal(a)) return s.apply_action(a);
  std::string legal;
  for (int a : s.legal_actions()) legal += (legal.empty() ? "" : ", ") + s.action_to_string(a);
  throw std::invalid_argument(std::string(verb) + " is not legal now; legal: " + (legal.empty() ? "nothing" : legal));
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
  state
      .def("fold", [](State& s) { apply_verb(s, {betting::kFold}, "fold"); }, "Folds.")
      .def("check_or_call", [](State& s) { apply_verb(s, {betting::kCheck, betting::kCall}, "check_or_call"); },
           "Checks, or calls what is owed (all-in if short).")
      .def("bet_or_raise", [](State& s) { apply_verb(s, {betting::kBet, betting::kRaise}, "bet_or_raise"); },
           "Bets or raises one unit (all-in if short).")
      .def(
          "discard",
          [](State& s, py::handle cards) {
            if (s.phase() != badugi::Phase::kDraw) apply_verb(s, {}, "discard");
            const Mask mask = cards.is_none() ? 0 : to_mask(cards);
            const Mask hand = s.hand(s.current_player());
            if (mask & ~hand)
              throw std::invalid_argument("discard: " + format_cards(mask & ~hand) + " not in the hand " + format_cards(hand));
            s.apply_action(badugi::kDrawBase + static_cast<int>(positions_of_cards(hand, mask)));
          },
          "cards"_a = py::none(), "Discards these cards of the hand to act (none: stands pat).")
      .def("stand", [](State& s) { apply_verb(s, {badugi::kDrawBase}, "stand"); }, "Draws no card.")
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
      .def_property_readonly(
          "to_act", [](const State& s) -> std::optional<int> {
            const int p = s.current_player();
            if (p < 0) return std::nullopt;
            return p;
          },
          "The seat to act, or None at a chance node or the end.")
      .def_property_readonly("log", [](const State& s) {
        std::vector<std::string> lines;
        State replay(s.config(), false, 0);
        for (int action : s.history_ids()) {
          const int actor = replay.current_player();
          lines.push_back((actor == kChancePlayer ? std::string("chance: ") : "P" + std::to_string(actor) + ": ") +
                          replay.action_to_string(action));
          replay.apply_action(action);
        }
        return lines;
      }, "Every action so far as 'P0: raise', 'chance: 7h'.")
      .def("__repr__", &table_view)
      .def("__reduce__", [](const State& s) -> py::typing::Tuple<py::object, py::typing::Tuple<Fields, py::str>> {
        py::object restore = py::module_::import("cardcore._core.badugi").attr("restore_state");
        return py::make_tuple(restore, py::make_tuple(config_dict(s.config()), s.serialize()));
      });

  py::class_<Game>(m, "Game", R"(Heads-up fixed-limit triple draw Badugi (rules/badugi.md).

The default is one hand with 100-chip stacks, blinds 1/2, bets 2/4 and one bet plus three
raises a round; ``hands=12`` plays the source's match over persistent stacks.

>>> game = Game(hands=12)
>>> game.num_players, game.num_distinct_actions, game.max_chance_outcomes
(2, 21, 52)
>>> state = game.new_initial_state()  # explicit chance nodes
>>> state.current_player() == CHANCE, len(state.chance_outcomes())
(True, 52))")
      .def(py::init([](const std::vector<long long>& stacks, long long small_blind, long long big_blind,
                       long long small_bet, long long big_bet, long long max_raises, long long hands,
                       long long first_dealer) {
             return Game(make_config(stacks, small_blind, big_blind, small_bet, big_bet, max_raises, hands,
                                     first_dealer));
           }),
           py::kw_only(), "stacks"_a = std::vector<long long>{100, 100},
           "small_blind"_a = 1, "big_blind"_a = 2, "small_bet"_a = 2, "big_bet"_a = 4, "max_raises"_a = 3,
           "hands"_a = 1, "first_dealer"_a = 0)
      .def(
          "new_initial_state",
          [](const Game& g, std::optional<std::uint64_t> seed) { return State(g.config, seed.has_value(), seed.value_or(0)); },
          "seed"_a = py::none(), "A new state; with a seed chance is sampled inside, without one it is explicit.")
      .def("deserialize_state", [](const Game& g, std::string_view text) { return State::deserialize(g.config, text); },
           "text"_a, "The state a serialize() string describes; a corrupt one is a ValueError.")
      .def_property_readonly("num_players", [](const Game&) { return badugi::kNumPlayers; })
      .def_property_readonly("num_distinct_actions", [](const Game&) { return badugi::kNumDistinctActions; })
      .def_property_readonly("max_chance_outcomes", [](const Game&) { return kDeckSize; })
      .def_property_readonly("max_game_length", &Game::max_game_length)
      .def_property_readonly("min_utility", &Game::min_utility)
      .def_property_readonly("max_utility", &Game::max_utility)
      .def_property_readonly("observation_tensor_shape",
                             [](const Game& g) { return std::vector<int>{badugi::TensorLayout(g.config).observation_size}; })
      .def_property_readonly("information_state_tensor_shape",
                             [](const Game& g) { return std::vector<int>{badugi::TensorLayout(g.config).information_state_size}; })
      .def_property_readonly("config", [](const Game& g) { return config_dict(g.config); })
      .def(
          "__eq__",
          [](const Game& a, const py::object& other) -> py::object {
            if (!py::isinstance<Game>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a.config == other.cast<const Game&>().config);
          },
          "other"_a)
      .def("__hash__", [](const Game& g) { return py::hash(py::str(g.config.to_string())); })
      .def("__repr__", [](const Game& g) {
        std::string text = g.config.to_string();
        for (char& c : text) if (c == ' ') c = ',';
        return "badugi.Game(" + text + ")";
      })
      .def("__reduce__", [](const Game& g) -> py::typing::Tuple<py::object, py::typing::Tuple<Fields>> {
        py::object restore = py::module_::import("cardcore._core.badugi").attr("restore_game");
        return py::make_tuple(restore, py::make_tuple(config_dict(g.config)));
      });

  m.def("restore_game", [](const Fields& config) { return Game(config_from_dict(config)); }, "config"_a,
        "The game of a `config` dict (how a Game unpickles).");
  m.def(
      "restore_state",
      [](const Fields& config, std::string_view text) { return State::deserialize(config_from_dict(config), text); },
      "config"_a, "text"_a, "The state of a `config` dict and a serialize() string (how a State unpickles).");
}

}  // namespace cardcore::bindings
