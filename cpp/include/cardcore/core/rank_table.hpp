// A four-card strength table: every four-card hand's key mapped to a dense rank.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "cardcore/core/cards.hpp"

namespace cardcore {

class RankTable4 {
 public:
  // Ranks all C(52, 4) hands by key_of (lower key = better hand) into strengths 1 (worst)
  // to distinct() (best), equal keys sharing a strength. `what` names the hand in errors.
  // Throws std::logic_error unless there are `expected_distinct` strengths (the game's
  // constant, which its module states without building the table).
  RankTable4(std::uint32_t (*key_of)(Mask), std::string_view what, int expected_distinct);

  int distinct() const { return distinct_; }

  // Throws std::invalid_argument unless `hand` holds four cards below 52.
  int strength(Mask hand) const;

  // out[i] = strength(hands[i]) on `threads` threads; returns the first bad index or
  // kNoBadIndex (batch.hpp).
  std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads) const;

 private:
  std::vector<std::uint16_t> by_colex_;  // strength per colex index (layout.hpp)
  int distinct_ = 0;
  std::string_view what_;
};

}  // namespace cardcore
