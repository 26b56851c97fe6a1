// The four-card colex index of 16 masks at once with AVX-512 F and CD, by the "low-bit lz" and
// "binomial by lz" layouts of layout.hpp. For x86-64 with GCC or Clang only: each function is
// compiled for AVX-512 (CARDCORE_AVX512, a target attribute) in a library built for baseline
// x86-64, and may run only where batch_kernel() (rank_table.hpp) says the CPU has it.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CARDCORE_AVX512_KERNEL 1

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "cardcore/core/layout.hpp"

#define CARDCORE_AVX512 __attribute__((target("avx512f,avx512cd")))

namespace cardcore::avx512 {

// How many elements ahead of those in hand a kernel asks for memory: the hardware's
// prefetcher alone kept too few lines in flight for one core to reach memory's bandwidth
// (measured in docs/performance.md "The batch kernels").
inline constexpr std::size_t kPrefetchAhead = 256;

// Asks for the cache line of p[kPrefetchAhead], to read it (or to write it: `for_write`). A
// prefetch is a hint and never faults, so the line may lie past the array's end; the address
// is computed as an integer so that no pointer leaves its array.
template <class T>
inline void prefetch_ahead(const T* p, bool for_write = false) {
  const auto* line = reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(p) + kPrefetchAhead * sizeof(T));
  if (for_write) {
    __builtin_prefetch(line, 1, 3);
  } else {
    __builtin_prefetch(line, 0, 3);
  }
}

// One row of kBinomialByLz in four registers of 16 entries.
struct BinomialRow {
  __m512i part[4];
};

// The rows the index reads (C(b, 2) to C(b, 4)), loaded once a call.
struct Colex4Rows {
  BinomialRow c2, c3, c4;
};

CARDCORE_AVX512 inline BinomialRow load_row(int j) {
  BinomialRow row;
  for (int p = 0; p < 4; ++p) row.part[p] = _mm512_loadu_si512(kBinomialByLz[j].data() + 16 * p);
  return row;
}

CARDCORE_AVX512 inline Colex4Rows load_colex4_rows() { return {load_row(2), load_row(3), load_row(4)}; }

// C(63 - z, j) for each lane's low-bit lz z (0-64): vpermt2d reads entry z mod 32 of a 32-entry
// pair of registers, and bit 5 of z picks the pair (z = 64 reads entry 0; only invalid masks
// have it, and their lanes are discarded).
CARDCORE_AVX512 inline __m512i binomial_by_lz(const BinomialRow& row, __m512i z) {
  const __m512i low = _mm512_permutex2var_epi32(row.part[0], z, row.part[1]);
  const __m512i high = _mm512_permutex2var_epi32(row.part[2], z, row.part[3]);
  return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(z, _mm512_set1_epi32(32)), low, high);
}

// The colex index of masks[0..16) as 16 dwords, and in `valid` the lanes whose mask holds
// exactly four cards below 52 (the others' index is garbage). Four times, each mask's lowest
// card is taken as its low-bit lz and cleared; the index is the sum of the four binomial
// terms read by those lz.
CARDCORE_AVX512 inline __m512i colex4_index(const Colex4Rows& rows, const Mask* masks, __mmask16& valid) {
  const __m512i zero = _mm512_setzero_si512();
  // The even dwords of two registers of qwords: the 16 lz (each below 65) in one register,
  // the first register's eight masks first.
  const __m512i even_dwords = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  prefetch_ahead(masks);  // the 16 masks' 128 bytes: two lines
  prefetch_ahead(masks + 8);
  __m512i a = _mm512_loadu_si512(masks), b = _mm512_loadu_si512(masks + 8);
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
  valid = static_cast<__mmask16>(_mm512_testn_epi64_mask(a, a) | _mm512_testn_epi64_mask(b, b) << 8);
  valid = _mm512_mask_cmple_epu32_mask(valid, z[3], _mm512_set1_epi32(63));
  valid = _mm512_mask_cmpge_epu32_mask(valid, z[3], _mm512_set1_epi32(63 - (kDeckSize - 1)));
  // C(b, 1) = b = 63 - lz for the lowest card, then the rows for the others.
  return _mm512_add_epi32(
      _mm512_add_epi32(_mm512_sub_epi32(_mm512_set1_epi32(63), z[0]), binomial_by_lz(rows.c2, z[1])),
      _mm512_add_epi32(binomial_by_lz(rows.c3, z[2]), binomial_by_lz(rows.c4, z[3])));
}

}  // namespace cardcore::avx512

#endif
