#include "cardcore/core/rank_table.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/layout.hpp"

// The AVX-512 kernel is compiled for x86-64 with GCC or Clang, which can build one function for
// a CPU the rest of the library does not assume (target attribute); it runs only after the CPU
// is checked. Elsewhere the portable loop is the only kernel.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CARDCORE_AVX512_KERNEL 1
#include <immintrin.h>
#endif

namespace cardcore {

namespace {

std::atomic<bool> forced_portable{false};

#ifdef CARDCORE_AVX512_KERNEL
#define CARDCORE_AVX512 __attribute__((target("avx512f,avx512cd")))

// One row of kBinomialByLz (layout.hpp) in four registers of 16 entries.
struct BinomialRow {
  __m512i part[4];
};

CARDCORE_AVX512 inline BinomialRow load_row(int j) {
  BinomialRow row;
  for (int p = 0; p < 4; ++p) row.part[p] = _mm512_loadu_si512(kBinomialByLz[j].data() + 16 * p);
  return row;
}

// C(63 - z, j) for each lane's low-bit lz z (0-64): vpermt2d reads entry z mod 32 of a 32-entry
// pair of registers, and bit 5 of z picks the pair (z = 64 reads entry 0; only invalid masks
// have it, and their lanes are discarded).
CARDCORE_AVX512 inline __m512i binomial_by_lz(const BinomialRow& row, __m512i z) {
  const __m512i low = _mm512_permutex2var_epi32(row.part[0], z, row.part[1]);
  const __m512i high = _mm512_permutex2var_epi32(row.part[2], z, row.part[3]);
  return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(z, _mm512_set1_epi32(32)), low, high);
}

// lookup_colex<4> (batch.hpp), 16 masks a step: each step takes the lowest card of every mask
// as its low-bit lz (layout.hpp) and clears it, four times; the colex index is the sum of the
// four binomial terms read by those lz, and one gather reads the table. Measured in
// docs/performance.md "The batch kernels".
CARDCORE_AVX512 std::int64_t lookup_avx512(const std::uint16_t* table, const Mask* masks, std::int32_t* out,
                                           std::size_t n) {
  const __m512i zero = _mm512_setzero_si512();
  // The even dwords of two registers of qwords: the 16 lz (each below 65) in one register,
  // the first register's eight masks first.
  const __m512i even_dwords = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const BinomialRow c2 = load_row(2), c3 = load_row(3), c4 = load_row(4);
  const __m512i entry_bits = _mm512_set1_epi32(0xFFFF);
  __mmask16 invalid = 0;
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i a = _mm512_loadu_si512(masks + i), b = _mm512_loadu_si512(masks + i + 8);
    __m512i z[4];  // the low-bit lz of each mask's first, second, third and fourth lowest card
    for (__m512i& lz : z) {
      const __m512i low_a = _mm512_and_si512(a, _mm512_sub_epi64(zero, a));  // m & -m: the lowest bit alone
      const __m512i low_b = _mm512_and_si512(b, _mm512_sub_epi64(zero, b));
      lz = _mm512_permutex2var_epi32(_mm512_lzcnt_epi64(low_a), even_dwords, _mm512_lzcnt_epi64(low_b));
      a = _mm512_xor_si512(a, low_a);  // cleared
      b = _mm512_xor_si512(b, low_b);
    }
    // Exactly four cards below 52: none left after four (at most four), a fourth found
    // (lz 64 means none: at least four), and the highest, 63 - lz, below 52.
    __mmask16 valid = static_cast<__mmask16>(_mm512_testn_epi64_mask(a, a) | _mm512_testn_epi64_mask(b, b) << 8);
    valid = _mm512_mask_cmple_epu32_mask(valid, z[3], _mm512_set1_epi32(63));
    valid = _mm512_mask_cmpge_epu32_mask(valid, z[3], _mm512_set1_epi32(63 - (kDeckSize - 1)));
    invalid |= static_cast<__mmask16>(~valid);
    // C(b, 1) = b = 63 - lz for the lowest card, then the rows for the others.
    const __m512i index =
        _mm512_add_epi32(_mm512_add_epi32(_mm512_sub_epi32(_mm512_set1_epi32(63), z[0]), binomial_by_lz(c2, z[1])),
                         _mm512_add_epi32(binomial_by_lz(c3, z[2]), binomial_by_lz(c4, z[3])));
    // The gather reads four bytes at each entry: the entry in the low half, and the next one
    // (the table's spare last entry keeps that inside) masked off. Invalid lanes read nothing.
    const __m512i entries = _mm512_mask_i32gather_epi32(zero, valid, index, table, 2);
    _mm512_storeu_si512(out + i, _mm512_and_si512(entries, entry_bits));
  }
  const std::int64_t tail_bad = lookup_colex<4>(table, masks + i, out + i, n - i);
  if (invalid == 0 && tail_bad == kNoBadIndex) return kNoBadIndex;
  return first_bad_colex<4>(masks, n);  // rare path: find the first offender
}

bool cpu_has_avx512() {
  __builtin_cpu_init();  // needed when this runs before libgcc's own initialization
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd");
}
#endif

}  // namespace

BatchKernel batch_kernel() {
#ifdef CARDCORE_AVX512_KERNEL
  static const bool has_avx512 = cpu_has_avx512();
  if (has_avx512 && !forced_portable.load(std::memory_order_relaxed)) return BatchKernel::kAvx512;
#endif
  return BatchKernel::kPortable;
}

void force_portable_kernel(bool on) { forced_portable.store(on, std::memory_order_relaxed); }

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
#ifdef CARDCORE_AVX512_KERNEL
  if (batch_kernel() == BatchKernel::kAvx512)
    return lookup_many(lookup_avx512, by_colex_.data(), hands, out, n, threads);
#endif
  return lookup_colex_many<4>(by_colex_.data(), hands, out, n, threads);
}

}  // namespace cardcore
