#include <optional>
#include <sstream>

#include "cardcore/games/baibuu/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "game.hpp"
#include "simulate.hpp"

namespace cardcore::bindings {
namespace {

using baibuu::Game;
using baibuu::State;

std::string table_view(const State& s) {
  std::ostringstream out;
  out << "baibuu.State(round " << s.round_number() << "/" << s.config().hands;
  for (int seat = 0; seat < s.seats(); ++seat) {
    out << "; " << (seat == s.banker_seat() ? std::string("banker") : "P" + std::to_string(seat)) << " ["
        << format_cards(s.hand(seat)) << "]";
    if (s.low(seat)) out << " low " << format_cards(s.low(seat));
  }
  const int player = s.current_player();
  out << "; "
      << (player >= 0               ? "P" + std::to_string(player) + " to arrange"
          : player == kChancePlayer ? std::string("chance")
                                    : std::string("over"))
      << ")";
  return out.str();
}

py::typing::List<Fields> results(const State& s) {
  py::list out;
  if (!s.revealed()) return out;
  for (int i = 0; i < s.config().player_hands; ++i) {
    const baibuu::Outcome& o = s.outcome(i);
    auto position = [](baibuu::PositionResult r) -> py::object {
      if (r == baibuu::PositionResult::kNotCompared) return py::none();
      return py::str(std::string(baibuu::kPositionNames[static_cast<int>(r)]));
    };
    out.append(py::dict("winner"_a = o.player_wins ? "player" : "banker",
                        "reason"_a = std::string(baibuu::kReasonNames[static_cast<int>(o.reason)]),
                        "low"_a = position(o.low), "high"_a = position(o.high)));
  }
  return out;
}

// Which player hands arrange optimally, when rounds [begin, end) with these policies can be
// settled by table (a house-way banker, every hand 'house_way' or 'optimal'); else none.
std::optional<std::vector<bool>> table_choices(const Game& game, const std::vector<std::string>& policies,
                                               std::int64_t begin, std::int64_t end) {
  const int hands = game.config.player_hands;
  if (game.config.banker != baibuu::Banker::kHouseWay || policies.size() != static_cast<std::size_t>(hands + 1) ||
      begin < 0 || end < begin)
    return std::nullopt;
  std::vector<bool> optimal;
  for (int i = 0; i < hands; ++i) {
    const std::string& name = policies[static_cast<std::size_t>(i)];
    if (name != "house_way" && name != "optimal") return std::nullopt;
    optimal.push_back(name == "optimal");
  }
  return optimal;
}

}  // namespace

template <>
void bind_engine<State>(py::module_& m) {
  py::class_<State> state(m, "State", R"(A Bai Buu round (docs/rulebook/baibuu.md): the engine protocol
plus arrange() and readable properties. Seats 0 .. n-1 are the player hands, seat n the
banker.

>>> state = Game(player_hands=2).new_initial_state(seed=4)
>>> state.to_act, len(state.legal_actions())
(0, 6))");
  bind_protocol(state);
  state
      .def(
          "arrange",
          [](State& s, py::handle low) {
            if (s.current_player() < 0) apply_verb(s, {}, "arrange");
            const Mask mask = to_mask(low);
            const Mask hand = s.hand(s.current_player());
            if (popcount(mask) != 2 || (mask & ~hand))
              throw std::invalid_argument("arrange: the Low hand must be two cards of " + format_cards(hand) +
                                          ", got " + format_cards(mask));
            const int action = baibuu::arrangement_index(hand, mask);
            if (!s.is_legal(action)) throw std::invalid_argument("arrange: " + s.why_illegal(action));
            s.apply_action(action);
          },
          "low"_a, "Arranges the hand to act with these two cards as Low (a player may foul).")
      .def_property_readonly(
          "hands",
          [](const State& s) -> py::typing::Tuple<py::object, py::ellipsis> {
            py::tuple out(s.seats());
            for (int i = 0; i < s.seats(); ++i) out[i] = card_set(s.hand(i));
            return out;
          },
          "Every seat's four cards (the full state, not one player's view).")
      .def_property_readonly(
          "lows",
          [](const State& s) -> py::typing::Tuple<py::object, py::ellipsis> {
            py::tuple out(s.seats());
            for (int i = 0; i < s.seats(); ++i) out[i] = s.low(i) ? card_set(s.low(i)) : py::none();
            return out;
          },
          "Each seat's Low hand once arranged (None before, and for a Natural).")
      .def_property_readonly("results", &results,
                             "The last settled round, per player hand: winner, reason, Low and High results.")
      .def_property_readonly("round_number", &State::round_number)
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def("__repr__", &table_view);
  bind_state_pickling<State, baibuu::kConfigFields>(state);

  py::class_<Game> game(m, "Game", R"(Bai Buu: 1 to 6 player hands against a banker (docs/rulebook/baibuu.md).

One round by default (``hands`` rounds in all), each hand wagering 100 minor units, 3%
commission on winnings rounded down, the banker arranging by the house way (or acting as
the last seat with ``banker="agent"``).

>>> game = Game(player_hands=6, wagers=50)
>>> game.num_players, game.num_distinct_actions
(7, 6))");
  bind_game<Game, State, baibuu::kConfigFields>(m, game);
  // The general rollouts; simulate() below takes the table path when it can.
  py::module_ general = m.def_submodule("rollouts", "Bai Buu rollouts through the engine.");
  bind_simulate<Game, State>(general, R"(Returns of rounds [begin, end) played through States, each seat arranging by
'house_way', 'optimal' or 'random' (an agent banker by 'house_way' or 'random').

>>> from cardcore._core.baibuu import Game
>>> returns, counts = simulate(Game(player_hands=2), 0, 4, 1, ["optimal", "random", "house_way"], 1)
>>> returns.shape, counts["rounds"]
((4, 3), 4))");
  m.attr("policy_action") = general.attr("policy_action");
  m.attr("VectorEnv") = general.attr("VectorEnv");
  m.attr("VectorEnvPart") = general.attr("VectorEnvPart");
  m.attr("ismcts") = general.attr("ismcts");
  m.attr("simulate_calling") = general.attr("simulate_calling");
  m.def(
      "simulate",
      [general](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
                const std::vector<std::string>& policies, int threads) -> py::object {
        const auto optimal = table_choices(game, policies, begin, end);
        if (!optimal) return general.attr("simulate")(game, begin, end, seed, policies, threads);
        const int seats = game.config.player_hands + 1;
        py::array_t<double> out({static_cast<py::ssize_t>(end - begin), static_cast<py::ssize_t>(seats)});
        double* data = out.mutable_data();
        Counts<State> counts{};
        interruptible([&] {  // writes only `out` and `counts`
          baibuu::simulate_by_tables(game.config, *optimal, begin, end, seed, threads, data, counts);
        });
        return py::make_tuple(out, counts_dict<State>(counts));
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "threads"_a,
      R"(Returns of rounds [begin, end) played in C++: the same as rollouts.simulate, by table (no
States) when the banker is the house way and every player hand arranges by 'house_way' or
'optimal'.

>>> import numpy as np
>>> game = Game(player_hands=3)
>>> policies = ["optimal", "house_way", "optimal", "house_way"]
>>> by_table = simulate(game, 0, 50, 1, policies, 1)
>>> by_states = rollouts.simulate(game, 0, 50, 1, policies, 1)
>>> bool(np.array_equal(by_table[0], by_states[0])), by_table[1] == by_states[1]
(True, True))");
  m.def(
      "simulate_summary",
      [general](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
                const std::vector<std::string>& policies, int threads, double low, double high,
                int bins) -> py::object {
        const auto optimal = table_choices(game, policies, begin, end);
        if (!optimal)
          return general.attr("simulate_summary")(game, begin, end, seed, policies, threads, low, high, bins);
        bool choices[baibuu::kMaxPlayerHands];
        std::copy(optimal->begin(), optimal->end(), choices);
        const auto& config = game.config;
        return summarize<State>(config.player_hands + 1, begin, end, low, high, bins, [&](auto&&... summary) {
          summarize_games(
              config.player_hands + 1, begin, end, threads,
              [&](std::uint64_t i, double* row, Counts<State>& counts) {
                baibuu::play_by_tables(config, choices, seed, i, row, counts);
              },
              summary...);
        });
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "threads"_a, "low"_a, "high"_a, "bins"_a,
      kSimulateSummaryDoc);
}

}  // namespace cardcore::bindings
