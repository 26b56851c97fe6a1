#include "cardcore/core/rank_table.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/colex_avx2.hpp"
#include "cardcore/core/colex_avx512.hpp"
#include "cardcore/core/layout.hpp"

namespace cardcore {

namespace {

std::atomic<BatchKernel> limit{BatchKernel::kAvx512};

#ifdef CARDCORE_AVX512_KERNEL
// lookup_colex<4> (batch.hpp), 16 masks a step: their colex indices (colex_avx512.hpp), then
// one gather reads the table. Measured in docs/performance.md "The batch kernels".
CARDCORE_AVX512 std::int64_t lookup_avx512(const std::uint16_t* table, const Mask* masks, std::int32_t* out,
                                           std::size_t n) {
  const avx512::Colex4Rows rows = avx512::load_colex4_rows();
  __mmask16 invalid = 0;
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __mmask16 valid;
    avx512::prefetch_ahead(out + i, true);  // the 16 results' 64 bytes: a line
    const __m512i index = avx512::colex4_index(rows, masks + i, valid);
    invalid |= static_cast<__mmask16>(~valid);
    // The gather reads four bytes at each entry: the entry in the low half, and the next one
    // (the table's spare last entry keeps that inside) masked off. Invalid lanes read nothing.
    const __m512i entries = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), valid, index, table, 2);
    _mm512_storeu_si512(out + i, _mm512_and_si512(entries, _mm512_set1_epi32(0xFFFF)));
  }
  const std::int64_t tail_bad = lookup_colex<4>(table, masks + i, out + i, n - i);
  if (invalid == 0 && tail_bad == kNoBadIndex) return kNoBadIndex;
  return first_bad_colex<4>(masks, n);  // rare path: find the first offender
}
#endif

#ifdef CARDCORE_AVX2_KERNEL
// lookup_colex<4> (batch.hpp) with AVX2: the colex indices of 64 masks, 8 a step
// (colex_avx2.hpp), then the 64 table reads one by one. Where the table (541 kB) misses the
// core's second-level cache, reading a block's entries in a loop of their own keeps many of
// them in flight; AVX2's gather, or the reads done step by step, kept fewer (measured in
// docs/performance.md "The batch kernels").
CARDCORE_AVX2 std::int64_t lookup_avx2(const std::uint16_t* table, const Mask* masks, std::int32_t* out,
                                       std::size_t n) {
  constexpr std::size_t kBlock = 64;
  alignas(32) std::uint32_t index[kBlock];
  __m256i valid_all = _mm256_set1_epi32(-1);
  std::size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    for (std::size_t j = 0; j < kBlock; j += 8) {
      __m256i valid;
      _mm256_store_si256(reinterpret_cast<__m256i*>(index + j), avx2::colex4_index(masks + i + j, valid));
      valid_all = _mm256_and_si256(valid_all, valid);
    }
    for (std::size_t j = 0; j < kBlock; ++j) out[i + j] = table[index[j]];
  }
  const std::int64_t tail_bad = lookup_colex<4>(table, masks + i, out + i, n - i);
  if (_mm256_movemask_epi8(valid_all) == -1 && tail_bad == kNoBadIndex) return kNoBadIndex;
  return first_bad_colex<4>(masks, n);  // rare path: find the first offender
}
#endif

// The best kernel this CPU has.
BatchKernel best_kernel() {
#if defined(CARDCORE_AVX2_KERNEL) || defined(CARDCORE_AVX512_KERNEL)
  __builtin_cpu_init();  // needed when this runs before libgcc's own initialization
#endif
#ifdef CARDCORE_AVX512_KERNEL
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd")) return BatchKernel::kAvx512;
#endif
#ifdef CARDCORE_AVX2_KERNEL
  if (__builtin_cpu_supports("avx2")) return BatchKernel::kAvx2;
#endif
  return BatchKernel::kPortable;
}

}  // namespace

BatchKernel batch_kernel() {
  static const BatchKernel best = best_kernel();
  return std::min(best, limit.load(std::memory_order_relaxed));
}

void limit_batch_kernel(BatchKernel most) { limit.store(most, std::memory_order_relaxed); }

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
  by_colex_.resize(kNumHands4 + 1);  // the spare entry stays 0
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
  switch (batch_kernel()) {
#ifdef CARDCORE_AVX512_KERNEL
    case BatchKernel::kAvx512:
      return lookup_many(lookup_avx512, by_colex_.data(), hands, out, n, threads);
#endif
#ifdef CARDCORE_AVX2_KERNEL
    case BatchKernel::kAvx2:
      return lookup_many(lookup_avx2, by_colex_.data(), hands, out, n, threads);
#endif
    default:
      return lookup_colex_many<4>(by_colex_.data(), hands, out, n, threads);
  }
}

}  // namespace cardcore
