#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "odds.hpp"

namespace cardcore::bindings {
namespace {

// Badugi for the draw odds: three draws, any discard of 0-4 cards, the classes by the number
// of cards that play (docs/rulebook/badugi.md 2.5).
const odds::DrawGame& draw_game() {
  static odds::DrawGame game;
  static const bool described = [] {
    game.what = "a Badugi hand";
    game.num_strengths = badugi::kNumStrengths;
    game.max_draws = 3;
    game.max_discard = 4;
    game.strength = badugi::strength;
    game.legal_discard = [](Mask, Mask) { return true; };
    game.rule_discard = badugi::rule_based_discard;
    game.illegal_discard = "any 0 to 4 cards may be thrown";
    game.hand_class = [](Mask hand) { return badugi::analyze(hand).size - 1; };
    game.class_names = {"1-card", "2-card", "3-card", "4-card"};
    return true;
  }();
  (void)described;
  return game;
}

}  // namespace

template <>
void bind_game_module<badugi::State>(py::module_& parent) {
  py::module_ m = parent.def_submodule("badugi", "Badugi hand evaluation (docs/rulebook/badugi.md 2.5).");

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
  m.def(
      "strength", [](py::handle cards) { return badugi::strength(to_mask(cards)); }, "cards"_a,
      R"(Strength of a 4-card Badugi hand: higher wins, equal splits.

>>> strength("As 2h 3d 4c") > strength("Ah 2c 3s 7d")
True)");
  m.def(
      "strength_many",
      [](const py::array& masks, int threads, const std::optional<py::array>& out) {
        return strengths(masks, threads, out, 4, "a Badugi hand", badugi::strength_many);
      },
      "masks"_a, "threads"_a, "out"_a = py::none(),
      R"(Strengths of a 1-D C-contiguous uint64 array of 4-card masks, with the GIL released,
written to ``out`` (int32, same length) when given.

>>> import numpy as np
>>> strength_many(np.array([15], dtype=np.uint64), 1, None).tolist() == [strength(15)]
True)");
  m.attr("NUM_STRENGTHS") = badugi::kNumStrengths;
  bind_odds(m, draw_game());
  bind_engine<badugi::State>(m);
}

}  // namespace cardcore::bindings
