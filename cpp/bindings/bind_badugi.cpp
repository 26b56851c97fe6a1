#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "common.hpp"
#include "config.hpp"
#include "odds.hpp"

namespace cardcore::bindings {

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
  // Badugi has no house rules of its evaluator: any name in `rules` is refused, by name.
  bind_odds(m, [](const Fields& rules) -> const odds::DrawGame& {
    with_house_rules<badugi::Config>("badugi", badugi::kConfigFields, rules);
    return badugi::draw_game();
  });
  bind_engine<badugi::State>(m);
}

}  // namespace cardcore::bindings
