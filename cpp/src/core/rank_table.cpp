#include "cardcore/core/rank_table.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/layout.hpp"

namespace cardcore {

RankTable4::RankTable4(std::uint32_t (*key_of)(Mask), std::string_view what, int expected_distinct) : what_(what) {
  std::vector<std::uint32_t> keys(kNumHands4);
  for (std::uint32_t i = 0; i < kNumHands4; ++i) keys[i] = key_of(mask_from_colex<4>(i));
  std::vector<std::uint32_t> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  distinct_ = static_cast<int>(sorted.size());
  if (distinct_ != expected_distinct)
    throw std::logic_error(std::string(what) + ": " + std::to_string(distinct_) + " distinct strengths, not " +
                           std::to_string(expected_distinct));
  by_colex_.resize(kNumHands4);
  for (std::uint32_t i = 0; i < kNumHands4; ++i) {
    const auto better = std::lower_bound(sorted.begin(), sorted.end(), keys[i]) - sorted.begin();
    by_colex_[i] = static_cast<std::uint16_t>(distinct_ - better);  // lowest key -> highest
  }
}

int RankTable4::strength(Mask hand) const {
  bool valid;
  const std::uint32_t index = colex_index<4>(hand, valid);
  if (!valid) check_hand(hand, 4, what_);
  return by_colex_[index];
}

std::int64_t RankTable4::strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads) const {
  return lookup_colex_many<4>(by_colex_.data(), hands, out, n, threads);
}

}  // namespace cardcore
