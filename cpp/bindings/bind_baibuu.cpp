#include <optional>
#include <sstream>

#include "cardcore/eval/baibuu.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "common.hpp"
#include "config.hpp"
#include "engine.hpp"
#include "evaluator.hpp"
#include "game.hpp"

namespace cardcore::bindings {
namespace {

constexpr const char* kNaturalNames[] = {"",      "straight_flush", "four_of_a_kind",
                                         "flush", "straight",       "three_of_a_kind"};
constexpr const char* kClassNames[] = {"score", "cong_nho", "cong_lon", "pair"};

py::object position_name(baibuu::PositionResult r) {
  return r == baibuu::PositionResult::kNotCompared
             ? py::object(py::none())
             : py::object(py::str(std::string(baibuu::kPositionNames[static_cast<int>(r)])));
}

// The settlement's house rules from {name: value} (the Game's keyword banker_takes_3_4_points).
baibuu::Rules rules_of(const Fields& rules) {
  return with_house_rules<baibuu::Config>("baibuu", baibuu::kConfigFields, rules).rules();
}

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
  out << repr_tail(s, "to arrange");
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

// Bai Buu's two-card evaluator, for the shared verbs (evaluator.hpp); its house rule is the
// banker's, not the evaluator's.
struct BaiBuuEvaluator {
  static constexpr int kHandSize = 2;
  static constexpr std::string_view kHand = "a Bai Buu two-card hand";
  static constexpr const char* kStrengthDoc =
      R"(Strength 1-25 of a two-card hand: Score p is 1 + p, Công Nhỏ 11, Công Lớn 12,
a pair 13 (twos) to 25 (aces).

>>> strength("Ah 9c"), strength("2s 2h")
(11, 13))";
  static int strength(Mask hand, NoHouseRules) { return baibuu::two_card_strength(hand); }
  static std::int64_t strength_many(const Mask* pairs, std::int32_t* out, std::size_t n, int threads, NoHouseRules) {
    return baibuu::two_card_strength_many(pairs, out, n, threads);
  }
};

// baibuu's own bindings (GameBindings): its evaluator, and its State's verbs and properties.
void bind_baibuu(py::module_& m) {
  bind_evaluator<BaiBuuEvaluator>(m);
  m.def(
      "reason_names",
      []() -> py::typing::Tuple<py::str, py::ellipsis> {
        py::tuple names(baibuu::kReasonNames.size());
        for (std::size_t i = 0; i < names.size(); ++i) names[i] = py::str(std::string(baibuu::kReasonNames[i]));
        return names;
      },
      "The names of the settlement reasons, by their code (Settlements.reason).");
  m.def(
      "class_of_strength",
      [](int strength) {
        if (strength < 1 || strength > baibuu::kMaxTwoCardStrength)
          throw std::invalid_argument("a two-card strength is in 1-25, got " + std::to_string(strength));
        return kClassNames[static_cast<int>(baibuu::class_of_strength(strength))];
      },
      "strength"_a, R"(The class name of a two-card strength.

>>> class_of_strength(12)
'cong_lon')");
  m.def(
      "natural",
      [](py::handle cards) -> std::optional<std::string> {
        const baibuu::Natural n = baibuu::natural(to_mask(cards));
        if (n == baibuu::Natural::kNone) return std::nullopt;
        return kNaturalNames[static_cast<int>(n)];
      },
      "cards"_a, R"(The Natural a four-card holding makes, or None.

>>> natural("6s 7s 8s 9s")
'straight_flush')");
  m.def("arrangement_low", &baibuu::arrangement_low, "holding"_a, "index"_a,
        R"(The Low hand (mask) of arrangement ``index`` 0-5 of a four-card holding mask.

>>> arrangement_low(15, 5)
12)");
  m.def(
      "is_valid", [](py::handle low, py::handle high) { return baibuu::is_valid(to_mask(low), to_mask(high)); },
      "low"_a, "high"_a, R"(Whether High is strictly stronger than Low (docs/rulebook/baibuu.md 3.6).

>>> is_valid("4s 5h", "Ks Kh")
True)");
  m.def(
      "house_way",
      [](py::handle cards) -> std::optional<int> {
        const int i = baibuu::house_way(to_mask(cards));
        if (i < 0) return std::nullopt;
        return i;
      },
      "cards"_a, R"(The house way's arrangement index 0-5 (docs/rulebook/baibuu.md 3.9), None for a Natural.

>>> house_way("Qs Kh 6c 4d")
0)");
  m.def(
      "highest_card", [](py::handle cards) { return baibuu::highest_card(to_mask(cards)); }, "cards"_a,
      R"(Card id of the highest card by rank (ace high), then suit ♠ > ♥ > ♣ > ♦.

>>> highest_card("Ac Ad")
48)");
  m.def(
      "settle",
      [](Mask banker_cards, Mask banker_low, Mask player_cards, Mask player_low, const Fields& rules) -> Fields {
        const baibuu::Outcome o =
            baibuu::settle({banker_cards, banker_low}, {player_cards, player_low}, rules_of(rules));
        return py::dict("winner"_a = o.player_wins ? "player" : "banker",
                        "reason"_a = std::string(baibuu::kReasonNames[static_cast<int>(o.reason)]),
                        "low"_a = position_name(o.low), "high"_a = position_name(o.high),
                        "banker_highest"_a = o.banker_highest, "player_highest"_a = o.player_highest);
      },
      "banker_cards"_a, "banker_low"_a, "player_cards"_a, "player_low"_a, "rules"_a = py::dict(),
      R"(Settles one player hand against the banker (masks; a Low of 0 means the house way), under
the house rules ``rules`` ({"banker_takes_3_4_points": ...}, the Game's keyword).

>>> settle(0xF0000, 0, 0xF, 0)["reason"]
'player_natural')");
  m.def(
      "settle_many",
      [](const py::array& banker, const py::array& player, const std::optional<py::array>& player_low, int threads,
         const Fields& rules) {
        const baibuu::Rules r = rules_of(rules);
        const Mask* b = mask_data(banker, "banker");
        const Mask* p = mask_data(player, "player");
        const Mask* low = player_low ? mask_data(*player_low, "player_low") : nullptr;
        const auto n = static_cast<std::size_t>(banker.size());
        if (player.size() != banker.size() || (player_low && player_low->size() != banker.size()))
          throw std::invalid_argument("banker, player and player_low must have the same length");
        py::array_t<std::uint8_t> out(static_cast<py::ssize_t>(n));
        std::uint8_t* codes = out.mutable_data();
        std::int64_t bad;
        {
          py::gil_scoped_release release;  // reads the input buffers, writes only `out`
          bad = baibuu::settle_many(b, p, low, codes, n, threads, r);
        }
        if (bad >= 0) {
          try {
            baibuu::settle({b[bad], 0}, {p[bad], low ? low[bad] : 0}, r);
          } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("round " + std::to_string(bad) + ": " + e.what());
          }
          throw std::invalid_argument("round " + std::to_string(bad) + " is not a valid deal");
        }
        return out;
      },
      "banker"_a, "player"_a, "player_low"_a, "threads"_a, "rules"_a = py::dict(),
      R"(Packed outcomes of whole arrays of rounds: bit 0 player wins, bits 1-3 the reason (0 hands,
1 high_card, 2 player_natural, 3 banker_natural, 4 player_foul), bits 4-5 and 6-7 the Low and High results (0 banker, 1 player, 2 tie, 3 not
compared).

>>> import numpy as np
>>> settle_many(np.array([0xF0000], np.uint64), np.array([0xF], np.uint64), None, 1).tolist()
[245])");
  m.def(
      "count_player_wins",
      [](std::int64_t rounds, std::uint64_t seed, bool optimal, int threads, const Fields& rules) {
        if (rounds < 1) throw std::invalid_argument("rounds must be at least 1, got " + std::to_string(rounds));
        const baibuu::Rules r = rules_of(rules);
        py::gil_scoped_release release;  // touches only immutable tables
        return baibuu::count_player_wins(rounds, seed, optimal, threads, r);
      },
      "rounds"_a, "seed"_a, "optimal"_a, "threads"_a, "rules"_a = py::dict(),
      R"(Player wins in ``rounds`` random rounds against the house-way banker, the player by the
house way or the optimal arrangement.

>>> 0 < count_player_wins(1000, 1, False, 1) < 1000
True)");
  m.def(
      "arrangement_score",
      [](py::handle cards, int index, const Fields& rules) {
        return baibuu::arrangement_score(to_mask(cards), index, rules_of(rules));
      },
      "cards"_a, "index"_a, "rules"_a = py::dict(),
      R"(Exact expected return of an arrangement against a house-way banker over every banker
holding of the other 48 cards, in hundredths of the wager summed over the C(48, 4)
holdings (a win +97, a loss -100).

>>> arrangement_score("Qs Kh 6c 4d", 0) > arrangement_score("Qs Kh 6c 4d", 2)
True)");
  m.def(
      "optimal_arrangement",
      [](py::handle cards, const Fields& rules) -> std::optional<int> {
        const int index = baibuu::optimal_arrangement(to_mask(cards), rules_of(rules));
        if (index < 0) return std::nullopt;
        return index;
      },
      "cards"_a, "rules"_a = py::dict(),
      R"(The arrangement index maximizing arrangement_score (the house way's on ties), None
for a Natural; the first call tabulates every holding.

>>> optimal_arrangement("Qs Kh 6c 4d")
0)");
  m.def(
      "optimal_summary",
      [](int commission_bp, const Fields& rules) -> Fields {
        const baibuu::OptimalSummary s = baibuu::optimal_summary(commission_bp, rules_of(rules));
        return py::dict("differing"_a = s.differing, "house_way_return"_a = s.house_way_return,
                        "optimal_return"_a = s.optimal_return);
      },
      "commission_bp"_a = 300, "rules"_a = py::dict(),
      R"(Exact figures of the optimal arrangement: holdings it plays differently from the house way,
and the player's expected return per unit wager under each (a win 1 - commission_bp / 10000).

>>> summary = optimal_summary()
>>> summary["optimal_return"] >= summary["house_way_return"]
True)");

  py::class_<State> state = bound_class<State>(m, "State");
  set_doc(state, R"(A Bai Buu round (docs/rulebook/baibuu.md): the engine protocol
plus arrange() and readable properties. Seats 0 .. n-1 are the player hands, seat n the
banker.

>>> state = Game(player_hands=2).new_initial_state(seed=4)
>>> state.to_act, len(state.legal_actions())
(0, 6))");
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
          [](const State& s) { return per_seat<py::object>(s.seats(), [&](int i) { return card_set(s.hand(i)); }); },
          "Every seat's four cards (the full state, not one player's view).")
      .def_property_readonly(
          "lows",
          [](const State& s) {
            return per_seat<py::object>(s.seats(), [&](int i) { return s.low(i) ? card_set(s.low(i)) : py::none(); });
          },
          "Each seat's Low hand once arranged (None before, and for a Natural).")
      .def_property_readonly("results", &results,
                             "The last settled round, per player hand: winner, reason, Low and High results.")
      .def_property_readonly("round_number", &State::round_number)
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def("__repr__", &table_view);

  set_doc(m.attr("Game"), R"(Bai Buu: 1 to 6 player hands against a banker (docs/rulebook/baibuu.md).

One round by default (``hands`` rounds in all), each hand wagering 100 minor units, 3%
commission on winnings rounded down, the banker arranging by the house way (or acting as
the last seat with ``banker="agent"``).

>>> game = Game(player_hands=6, wagers=50)
>>> game.num_players, game.num_distinct_actions
(7, 6))");
}

}  // namespace

CARDCORE_GAME_BINDINGS(baibuu::State, bind_baibuu);

}  // namespace cardcore::bindings
