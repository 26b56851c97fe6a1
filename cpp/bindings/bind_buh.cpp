#include "cardcore/eval/buh.hpp"
#include "cardcore/games/buh/policy.hpp"
#include "cardcore/games/buh/state.hpp"
#include "common.hpp"
#include "config.hpp"
#include "odds.hpp"

namespace cardcore::bindings {
namespace {

// The evaluator's house rules from {name: value} (the Game's keywords flush_buh, hooch_order).
buh::Rules rules_of(const Fields& rules) {
  return with_house_rules<buh::Config>("buh", buh::kConfigFields, rules).rules();
}

}  // namespace

template <>
void bind_game_module<buh::State>(py::module_& parent) {
  py::module_ m = parent.def_submodule("buh", "Buh hand evaluation (docs/rulebook/buh.md 1.5).");

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
  m.def(
      "strength", [](py::handle cards, const Fields& rules) { return buh::strength(to_mask(cards), rules_of(rules)); },
      "cards"_a, "rules"_a = py::dict(),
      R"(Showdown strength of a 4-card Buh hand: higher wins, equal is a choke (under ``rules``).

>>> strength("Ah Ac Ad As") > strength("Ad Jc Qh Ks")
True)");
  m.def(
      "strength_many",
      [](const py::array& masks, int threads, const std::optional<py::array>& out, const Fields& rules) {
        const buh::Rules r = rules_of(rules);
        return strengths(masks, threads, out, 4, "a Buh showdown hand",
                         [r](const Mask* hands, std::int32_t* result, std::size_t n, int t) {
                           return buh::strength_many(hands, result, n, t, r);
                         });
      },
      "masks"_a, "threads"_a, "out"_a = py::none(), "rules"_a = py::dict(),
      R"(Strengths of a 1-D C-contiguous uint64 array of 4-card masks, with the GIL released,
written to ``out`` (int32, same length) when given.

>>> import numpy as np
>>> strength_many(np.array([15], dtype=np.uint64), 1, None).tolist() == [strength(15)]
True)");
  m.attr("NUM_STRENGTHS") = buh::kNumStrengths;
  m.def(
      "num_strengths", [](const Fields& rules) { return buh::num_strengths(rules_of(rules)); }, "rules"_a = py::dict(),
      R"(The number of distinct strengths under the house rules ``rules``.

>>> num_strengths({"flush_buh": "double"}) - num_strengths()
7)");
  bind_odds(m, [](const Fields& rules) -> const odds::DrawGame& { return buh::draw_game(rules_of(rules)); });
  bind_engine<buh::State>(m);
}

}  // namespace cardcore::bindings
