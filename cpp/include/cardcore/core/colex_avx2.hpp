// The four-card colex index of 8 masks at once with AVX2, by the "low-bit exponent" layout of
// layout.hpp. For x86-64 with GCC or Clang only: each function is compiled for AVX2
// (CARDCORE_AVX2, a target attribute) in a library built for baseline x86-64, and may run
// only where batch_kernel() (rank_table.hpp) says the CPU has it. AVX2 has no vector
// leading-zero count and no two-register permute, so the kernel takes each card's bit from
// a double's exponent and computes the binomial terms instead of reading them.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CARDCORE_AVX2_KERNEL 1

#include <immintrin.h>

#include <cstdint>

#include "cardcore/core/layout.hpp"

#define CARDCORE_AVX2 __attribute__((target("avx2")))

namespace cardcore::avx2 {

// The low-bit exponent of each qword `low`, which holds a mask's lowest bit alone, 2^b, and
// 0 for a bit at 52 or above (or none): the bits of 2^b OR-ed into those of the double 2^52
// are the double 2^52 + 2^b, so subtracting 2^52 leaves the double 2^b exactly, whose biased
// exponent (bits 52 to 62) is 1023 + b. A qword 0 gives 0.0, exponent 0. Every result is
// exact, so no floating-point flag is raised.
CARDCORE_AVX2 inline __m256i low_bit_exponent(__m256i low) {
  const __m256i two_52 = _mm256_set1_epi64x(0x4330000000000000);  // the double 2^52
  const __m256i deck = _mm256_set1_epi64x(static_cast<std::int64_t>(kDeckMask));
  const __m256d exact = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(low, deck), two_52)),
                                      _mm256_castsi256_pd(two_52));
  return _mm256_srli_epi64(_mm256_castpd_si256(exact), 52);
}

// x / 3 for each dword x that 3 divides: x times 3's inverse modulo 2^32.
CARDCORE_AVX2 inline __m256i exact_third(__m256i x) {
  return _mm256_mullo_epi32(x, _mm256_set1_epi32(static_cast<std::int32_t>(0xAAAAAAABu)));
}

// x - k in each dword.
CARDCORE_AVX2 inline __m256i minus(__m256i x, int k) { return _mm256_sub_epi32(x, _mm256_set1_epi32(k)); }

// The colex index of masks[0..8) as 8 dwords in the masks' order, and in `valid` all ones in
// the lanes whose mask holds exactly four cards below 52, zero in the others (whose index is
// 0). Four times, each mask's lowest card b is taken by its low-bit exponent and cleared; the
// index is b1 + C(b2, 2) + C(b3, 3) + C(b4, 4), the products divided exactly.
CARDCORE_AVX2 inline __m256i colex4_index(const Mask* masks, __m256i& valid) {
  const __m256i zero = _mm256_setzero_si256();
  __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(masks));
  __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(masks + 4));
  // Each card's low-bit exponent in dwords: a's masks in the even dwords, b's in the odd ones
  // (each qword's result sits in its low dword; b's move up).
  __m256i bit[4];  // the first, second, third and fourth lowest card
  for (__m256i& card : bit) {
    const __m256i low_a = _mm256_and_si256(a, _mm256_sub_epi64(zero, a));  // m & -m: the lowest bit alone
    const __m256i low_b = _mm256_and_si256(b, _mm256_sub_epi64(zero, b));
    a = _mm256_xor_si256(a, low_a);  // cleared
    b = _mm256_xor_si256(b, low_b);
    card = _mm256_or_si256(low_bit_exponent(low_a), _mm256_slli_epi64(low_bit_exponent(low_b), 32));
  }
  // Exactly four cards below 52: none left after four, and a fourth found below 52 (its
  // exponent is 0 when there was none or it lay above; a card above 51 among the four
  // lowest makes the fourth lie above too).
  valid = _mm256_blend_epi32(_mm256_cmpeq_epi64(a, zero), _mm256_cmpeq_epi64(b, zero), 0xAA);
  valid = _mm256_andnot_si256(_mm256_cmpeq_epi32(bit[3], zero), valid);
  for (__m256i& card : bit) card = minus(card, 1023);  // the exponent's bias
  // C(b, 2) = b(b - 1) / 2; C(b, 3) = b(b - 1)(b - 2) / 6; C(b, 4) = b(b - 1)(b - 2)(b - 3) / 24.
  // Each product is below 2^23 and divisible by its divisor: halve or shift it, then divide
  // by 3 exactly.
  const __m256i c2 = _mm256_srli_epi32(_mm256_mullo_epi32(bit[1], minus(bit[1], 1)), 1);
  const __m256i c3 = exact_third(
      _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_mullo_epi32(bit[2], minus(bit[2], 1)), minus(bit[2], 2)), 1));
  const __m256i c4 =
      exact_third(_mm256_srli_epi32(_mm256_mullo_epi32(_mm256_mullo_epi32(bit[3], minus(bit[3], 1)),
                                                       _mm256_mullo_epi32(minus(bit[3], 2), minus(bit[3], 3))),
                                    3));
  const __m256i index =
      _mm256_and_si256(_mm256_add_epi32(_mm256_add_epi32(bit[0], c2), _mm256_add_epi32(c3, c4)), valid);
  // Back to the masks' order: a's four (the even dwords), then b's.
  const __m256i even_then_odd = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  valid = _mm256_permutevar8x32_epi32(valid, even_then_odd);
  return _mm256_permutevar8x32_epi32(index, even_then_odd);
}

}  // namespace cardcore::avx2

#endif
