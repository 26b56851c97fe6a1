#include <optional>
#include <sstream>

#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/blueprint.hpp"
#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "config.hpp"
#include "engine.hpp"
#include "evaluator.hpp"
#include "game.hpp"
#include "odds.hpp"

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
  out << repr_tail(s);
  return out.str();
}

// Badugi's evaluator, for the shared verbs (evaluator.hpp); it has no house rules.
struct BadugiEvaluator {
  static constexpr int kHandSize = 4;
  static constexpr std::string_view kHand = "a Badugi hand";
  static constexpr int kNumStrengths = badugi::kNumStrengths;
  static constexpr const char* kStrengthDoc = R"(Strength of a 4-card Badugi hand: higher wins, equal splits.

>>> strength("As 2h 3d 4c") > strength("Ah 2c 3s 7d")
True)";
  static int strength(Mask hand, NoHouseRules) { return badugi::strength(hand); }
  static std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads, NoHouseRules) {
    return badugi::strength_many(hands, out, n, threads);
  }
};

// badugi's own bindings (GameBindings): its evaluator, and its State's verbs and properties.
void bind_badugi(py::module_& m) {
  m.def(
      "analyze",
      [](py::handle cards) -> Fields {
        const Mask mask = to_mask(cards);
        const badugi::Analysis a = badugi::analyze(mask);
        py::tuple ranks(a.size);
        for (int i = 0; i < a.size; ++i) ranks[i] = py::int_(a.ranks[i]);
        return py::dict("mask"_a = mask, "size"_a = a.size, "ranks"_a = ranks, "used"_a = a.cards,
                        "strength"_a = badugi::strength(mask));
      },
      "cards"_a, R"(The fields of a 4-card Badugi hand as a dict (see cardcore.badugi.evaluate).

>>> analyze("As 2h 3d Kd")["ranks"]
(3, 2, 1))");
  bind_evaluator<BadugiEvaluator>(m);
  m.def(
      "abstraction",
      [] { return std::shared_ptr<solve::AbstractionBase>(std::make_shared<badugi::BlueprintAbstraction>()); },
      "The Badugi abstraction for MCCFR (docs/solve.md, \"The Badugi abstraction\").");
  m.def(
      "_abstraction_bucket",
      [](const State& state, int player) {
        if (player != state.current_player())
          throw std::invalid_argument("player " + std::to_string(player) + " is not to act");
        const badugi::BlueprintAbstraction abstraction;
        const std::uint64_t bucket = abstraction.bucket(state, player);
        return py::make_tuple(bucket, abstraction.key(state, player, bucket), abstraction.fixed_action(state, player));
      },
      "state"_a, "player"_a,
      "(bucket, key, fixed action or -1) of the abstraction at a decision of `player` (for the tests).");
  m.def(
      "blueprint_probabilities",
      [](const State& state) {
        py::dict out;
        for (const auto& [action, probability] : badugi::blueprint_probabilities(state))
          out[py::int_(action)] = probability;
        return out;
      },
      "state"_a,
      "The ``blueprint`` policy's probability of each legal action of the player to act\n"
      "(docs/solve.md, \"The Badugi blueprint\"): what it draws its action from.");
  m.def("_set_blueprint_path", &badugi::set_blueprint_path, "path"_a,
        "The blueprint policy's file, read at its first use (the package sets it at import).");
  // Badugi has no house rules of its evaluator: any name in `rules` is refused, by name.
  bind_odds(m, [](const Fields& rules) -> const odds::DrawGame& {
    with_house_rules<badugi::Config>("badugi", badugi::kConfigFields, rules);
    return badugi::draw_game();
  });

  py::class_<State> state = bound_class<State>(m, "State");
  set_doc(state, R"(A Badugi state (docs/rulebook/badugi.md): the engine protocol
plus named verbs and readable properties.

>>> game = Game()
>>> state = game.new_initial_state(seed=3)
>>> state.current_player(), state.street
(0, 'bet 1 (pre-draw)')
>>> state.check_or_call(); state.check_or_call()
>>> state.street
'draw 1')");
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

  set_doc(m.attr("Game"), R"(Heads-up fixed-limit triple draw Badugi (docs/rulebook/badugi.md).

The default is one hand with 100-chip stacks, blinds 1/2, bets 2/4 and one bet plus three
raises a round; ``hands=12`` plays the source's match over persistent stacks.

>>> game = Game(hands=12)
>>> game.num_players, game.num_distinct_actions, game.max_chance_outcomes
(2, 21, 52)
>>> state = game.new_initial_state()  # explicit chance nodes
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52))");
}

}  // namespace

CARDCORE_GAME_BINDINGS(badugi::State, bind_badugi);

}  // namespace cardcore::bindings
