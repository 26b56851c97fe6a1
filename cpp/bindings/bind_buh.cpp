#include <optional>
#include <sstream>

#include "cardcore/eval/buh.hpp"
#include "cardcore/games/buh/policy.hpp"
#include "cardcore/games/buh/state.hpp"
#include "common.hpp"
#include "config.hpp"
#include "engine.hpp"
#include "evaluator.hpp"
#include "game.hpp"
#include "odds.hpp"

namespace cardcore::bindings {
namespace {

// The evaluator's house rules from {name: value} (the Game's keywords flush_buh, hooch_order).
buh::Rules rules_of(const Fields& rules) {
  return with_house_rules<buh::Config>("buh", buh::kConfigFields, rules).rules();
}

using buh::Game;
using buh::State;

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
  out << repr_tail(s);
  return out.str();
}

// Buh's evaluator, for the shared verbs (evaluator.hpp), under its house rules.
struct BuhEvaluator {
  static constexpr int kHandSize = 4;
  static constexpr std::string_view kHand = "a Buh showdown hand";
  static constexpr int kNumStrengths = buh::kNumStrengths;
  static constexpr const char* kStrengthDoc =
      R"(Showdown strength of a 4-card Buh hand: higher wins, equal is a choke (under ``rules``).

>>> strength("Ah Ac Ad As") > strength("Ad Jc Qh Ks")
True)";
  static buh::Rules rules(const Fields& keywords) { return rules_of(keywords); }
  static int strength(Mask hand, const buh::Rules& rules) { return buh::strength(hand, rules); }
  static std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads,
                                    const buh::Rules& rules) {
    return buh::strength_many(hands, out, n, threads, rules);
  }
};

// buh's own bindings (GameBindings): its evaluator, and its State's verbs and properties.
void bind_buh(py::module_& m) {
  m.def(
      "analyze",
      [](py::handle cards, const Fields& rules) -> Fields {
        const Mask mask = to_mask(cards);
        const buh::Rules r = rules_of(rules);
        const buh::Analysis a = buh::analyze(mask, r);
        py::tuple hooch(a.num_hooch);
        for (int i = 0; i < a.num_hooch; ++i) hooch[i] = py::int_(a.hooch[i]);
        py::dict d("mask"_a = mask, "value"_a = a.value, "hooch"_a = hooch, "is_flush"_a = a.is_flush,
                   "is_skunk"_a = a.is_skunk, "is_buh"_a = a.is_buh, "is_double_buh"_a = a.is_double_buh,
                   "is_star"_a = a.is_star, "is_natural"_a = a.is_natural,
                   "hand_class"_a = buh::kHandClassNames[static_cast<int>(a.hand_class)]);
        d["strength"] = a.num_cards == 4 ? py::object(py::int_(buh::strength(mask, r))) : py::none();
        return d;
      },
      "cards"_a, "rules"_a = py::dict(),
      R"(The fields of a 2-, 3- or 4-card Buh hand as a dict (see cardcore.buh.evaluate), under the
house rules ``rules`` ({"flush_buh": ..., "hooch_order": ...}, the Game's keywords).

>>> analyze("As Ah")["hand_class"]
'buh')");
  bind_evaluator<BuhEvaluator>(m);
  m.def(
      "num_strengths", [](const Fields& rules) { return buh::num_strengths(rules_of(rules)); }, "rules"_a = py::dict(),
      R"(The number of distinct strengths under the house rules ``rules``.

>>> num_strengths({"flush_buh": "double"}) - num_strengths()
7)");
  bind_odds(m, [](const Fields& rules) -> const odds::DrawGame& { return buh::draw_game(rules_of(rules)); });

  py::class_<State> state = bound_class<State>(m, "State");
  set_doc(state, R"(A Buh state (docs/rulebook/buh.md): the engine protocol plus
named verbs and readable properties.

>>> state = Game(players=3).new_initial_state(seed=5)
>>> state.street, state.pot, state.to_act
('window 1', 3, 1)
>>> state.pass_(); state.pass_(); state.pass_()
>>> state.street
'bet 1')");
  bind_betting_verbs(state);
  bind_draw_verbs(state, buh::kDrawBase);
  state
      .def(
          "declare", [](State& s) { apply_verb(s, {buh::kDeclare}, "declare"); }, "Declares a buh.")
      .def(
          "pass_", [](State& s) { apply_verb(s, {buh::kPass}, "pass"); }, "Passes in a declaration window.")
      .def_property_readonly(
          "hands",
          [](const State& s) {
            return per_seat<py::object>(s.config().players, [&](int i) { return card_set(s.hand(i)); });
          },
          "Every hand (the full state, not one player's view); empty once out of the hand.")
      .def_property_readonly(
          "stacks",
          [](const State& s) { return per_seat<py::int_>(s.config().players, [&](int i) { return s.stack(i); }); })
      .def_property_readonly(
          "bets",
          [](const State& s) { return per_seat<py::int_>(s.config().players, [&](int i) { return s.round_bet(i); }); },
          "Chips each seat put in this betting round.")
      .def_property_readonly(
          "committed",
          [](const State& s) { return per_seat<py::int_>(s.config().players, [&](int i) { return s.committed(i); }); },
          "Chips each seat has in the pot this hand.")
      .def_property_readonly(
          "in_hand",
          [](const State& s) { return per_seat<py::bool_>(s.config().players, [&](int i) { return s.in_hand(i); }); },
          "Whether each seat is still in the hand (not folded, declared or out).")
      .def_property_readonly(
          "declared",
          [](const State& s) { return per_seat<py::bool_>(s.config().players, [&](int i) { return s.declared(i); }); })
      .def_property_readonly("pot", &State::pot)
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly(
          "dead_cards", [](const State& s) { return card_set(s.dead_cards()); }, "Discards and folded hands this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat.")
      .def_property_readonly("street", &State::stage_name)
      .def_property_readonly("hand_number", &State::hand_number)
      .def("__repr__", &table_view);

  set_doc(m.attr("Game"), R"(Buh for 2 to 8 players (docs/rulebook/buh.md).

The default is one hand with 100-chip stacks, ante 1, bets 1/1/2/2 and one bet plus three
raises a round; ``hands`` > 1 rotates the dealer over persistent stacks.

>>> game = Game(players=6)
>>> game.num_players, game.num_distinct_actions
(6, 23))");
}

}  // namespace

CARDCORE_GAME_BINDINGS(buh::State, bind_buh);

}  // namespace cardcore::bindings
