#include "cardcore/eval/buh.hpp"
#include "cardcore/games/buh/policy.hpp"
#include "cardcore/games/buh/state.hpp"
#include "common.hpp"
#include "odds.hpp"

namespace cardcore::bindings {

template <>
void bind_game_module<buh::State>(py::module_& parent) {
  py::module_ m = parent.def_submodule("buh", "Buh hand evaluation (docs/rulebook/buh.md 1.5).");

  m.def(
      "analyze",
      [](py::handle cards) -> Fields {
        const Mask mask = to_mask(cards);
        const buh::Analysis a = buh::analyze(mask);
        py::tuple hooch(a.num_hooch);
        for (int i = 0; i < a.num_hooch; ++i) hooch[i] = py::int_(a.hooch[i]);
        py::dict d("mask"_a = mask, "value"_a = a.value, "hooch"_a = hooch, "is_flush"_a = a.is_flush,
                   "is_skunk"_a = a.is_skunk, "is_buh"_a = a.is_buh, "is_double_buh"_a = a.is_double_buh,
                   "is_star"_a = a.is_star, "is_natural"_a = a.is_natural,
                   "hand_class"_a = buh::kHandClassNames[static_cast<int>(a.hand_class)]);
        d["strength"] = a.num_cards == 4 ? py::object(py::int_(buh::strength(mask))) : py::none();
        return d;
      },
      "cards"_a, R"(The fields of a 2-, 3- or 4-card Buh hand as a dict (see cardcore.buh.evaluate).

>>> analyze("As Ah")["hand_class"]
'buh')");
  m.def(
      "strength", [](py::handle cards) { return buh::strength(to_mask(cards)); }, "cards"_a,
      R"(Showdown strength of a 4-card Buh hand: higher wins, equal is a choke.

>>> strength("Ah Ac Ad As") > strength("Ad Jc Qh Ks")
True)");
  m.def(
      "strength_many",
      [](const py::array& masks, int threads, const std::optional<py::array>& out) {
        return strengths(masks, threads, out, 4, "a Buh showdown hand", buh::strength_many);
      },
      "masks"_a, "threads"_a, "out"_a = py::none(),
      R"(Strengths of a 1-D C-contiguous uint64 array of 4-card masks, with the GIL released,
written to ``out`` (int32, same length) when given.

>>> import numpy as np
>>> strength_many(np.array([15], dtype=np.uint64), 1, None).tolist() == [strength(15)]
True)");
  m.attr("NUM_STRENGTHS") = buh::kNumStrengths;
  bind_odds(m, buh::draw_game());
  bind_engine<buh::State>(m);
}

}  // namespace cardcore::bindings
