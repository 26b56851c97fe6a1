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

  // out[i] = strength(hands[i]) on `threads` threads, by batch_kernel(); returns the first
  // bad index or kNoBadIndex (batch.hpp).
  std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads) const;

 private:
  // Strength per colex index (layout.hpp), and one entry more: the vector kernel reads four
  // bytes at each entry, so the last one's read stays inside.
  std::vector<std::uint16_t> by_colex_;
  int distinct_ = 0;
  std::string_view what_;
};

// The kernels of the four-card batch calls (RankTable4::strength_many, and the settlement of
// an evaluator in eval/ that shares their vector indices), from the slowest: the portable
// loop, and on x86-64 CPUs a vector one with AVX2 (colex_avx2.hpp) and one with AVX-512 F
// and CD (colex_avx512.hpp), chosen at run time.
enum class BatchKernel : std::uint8_t { kPortable, kAvx2, kAvx512 };

// The kernel they run now: the best the CPU has, up to the limit below.
BatchKernel batch_kernel();

// limit_batch_kernel(k) makes them run the best kernel the CPU has up to k, so that tests
// cover every kernel the machine can run (kPortable on any); kAvx512 lifts the limit.
// Process-wide; a call in flight finishes on the kernel it started with.
void limit_batch_kernel(BatchKernel most);

}  // namespace cardcore
