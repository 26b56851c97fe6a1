// The evaluator verbs every game with a hand evaluator shares: strength(cards) and
// strength_many(masks, threads, out) (and NUM_STRENGTHS), bound the same way for each from
// a description of its evaluator:
//
//   struct Evaluator {
//     static constexpr int kHandSize;              // cards in a hand it ranks
//     static constexpr std::string_view kHand;     // "a Badugi hand", for errors
//     static constexpr int kNumStrengths;          // or none: then no NUM_STRENGTHS
//     static constexpr const char* kStrengthDoc;   // strength's doc, with an example
//     static int strength(Mask hand, const Rules& rules);
//     static std::int64_t strength_many(const Mask*, std::int32_t*, std::size_t, int threads, const Rules&);
//     // With house rules of its own: the rules from the Game's keywords, and then both verbs
//     // take `rules` (a dict, by default {}). Without: Rules is NoHouseRules.
//     static Rules rules(const Fields& keywords);
//   };
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common.hpp"

namespace cardcore::bindings {

// The house rules of an evaluator that has none.
struct NoHouseRules {};

template <class Evaluator>
concept HasHouseRules = requires(const Fields& keywords) {
  Evaluator::rules(keywords);
};

template <class Evaluator>
void bind_evaluator(py::module_& m) {
  const std::string many_doc =
      "Strengths of a 1-D C-contiguous uint64 array of " + std::to_string(Evaluator::kHandSize) +
      "-card masks, with the GIL released,\nwritten to ``out`` (int32, same length) when "
      "given" +
      (HasHouseRules<Evaluator> ? ", under the house ``rules``" : "") +
      ".\n\n>>> import numpy as np\n>>> strength_many(np.array([" +
      std::to_string((Mask{1} << Evaluator::kHandSize) - 1) + "], dtype=np.uint64), 1, None).tolist() == [strength(" +
      std::to_string((Mask{1} << Evaluator::kHandSize) - 1) + ")]\nTrue";
  const auto many = [](const py::array& masks, int threads, const std::optional<py::array>& out, const auto& rules) {
    return strengths(masks, threads, out, Evaluator::kHandSize, Evaluator::kHand,
                     [&rules](const Mask* hands, std::int32_t* result, std::size_t n, int t) {
                       return Evaluator::strength_many(hands, result, n, t, rules);
                     });
  };
  if constexpr (HasHouseRules<Evaluator>) {
    m.def(
        "strength",
        [](py::handle cards, const Fields& rules) {
          return Evaluator::strength(to_mask(cards), Evaluator::rules(rules));
        },
        "cards"_a, "rules"_a = py::dict(), Evaluator::kStrengthDoc);
    m.def(
        "strength_many",
        [many](const py::array& masks, int threads, const std::optional<py::array>& out, const Fields& rules) {
          return many(masks, threads, out, Evaluator::rules(rules));
        },
        "masks"_a, "threads"_a, "out"_a = py::none(), "rules"_a = py::dict(), many_doc.c_str());
  } else {
    m.def(
        "strength", [](py::handle cards) { return Evaluator::strength(to_mask(cards), NoHouseRules{}); }, "cards"_a,
        Evaluator::kStrengthDoc);
    m.def(
        "strength_many",
        [many](const py::array& masks, int threads, const std::optional<py::array>& out) {
          return many(masks, threads, out, NoHouseRules{});
        },
        "masks"_a, "threads"_a, "out"_a = py::none(), many_doc.c_str());
  }
  if constexpr (requires { Evaluator::kNumStrengths; }) m.attr("NUM_STRENGTHS") = Evaluator::kNumStrengths;
}

}  // namespace cardcore::bindings
