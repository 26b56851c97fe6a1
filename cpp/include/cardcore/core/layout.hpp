// The layouts the kernels use, derived from the public card mask (cards.hpp).
//
// | layout            | what it is                                     | used by                  |
// |-------------------|------------------------------------------------|--------------------------|
// | card mask         | uint64, bit (4 * rank + suit) per card          | every public function    |
// | colex index       | rank of a k-card mask among all k-card masks   | 4-card tables (Buh,      |
// |                   | in increasing integer order:                    | Badugi, Bai Buu), 2-card |
// |                   | sum over its bits b0 < ... < b(k-1) of          | table (Bai Buu)          |
// |                   | C(b_j, j + 1); 0 .. C(52, k) - 1                |                          |
// | rank nibble       | bits 4r .. 4r+3 of the mask: the suits held in  | rank counting            |
// |                   | rank r                                          |                          |
// | suit comb         | mask & suit_mask(s): the cards of suit s, every | follow suit (Hucklebuck) |
// |                   | fourth bit                                      |                          |
// | low-bit lz        | 63 - b for a card bit b: the leading-zero count | the AVX-512 four-card    |
// |                   | of m & -m, the mask's lowest bit alone          | index (colex_avx512.hpp) |
// | binomial by lz    | kBinomialByLz[j][z] = C(63 - z, j): the colex   | the same                 |
// |                   | term of the j-th lowest card from its low-bit   |                          |
// |                   | lz, 64 entries a row (four vector registers)    |                          |
// | low-bit exponent  | 1023 + b for a card bit b: the biased exponent  | the AVX2 four-card index |
// |                   | of the double 2^b, from m & -m (b below 52)     | (colex_avx2.hpp)         |
//
// The colex index of a mask equals its position in cardcore.all_hands(k), which lists the
// k-card masks in increasing integer order, so tables indexed by it line up with that array.
#pragma once

#include <array>
#include <cstdint>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"

namespace cardcore {

inline constexpr int kMaxColexK = 5;

// kBinomial[k][n] = C(n, k) for n in 0..64: the rows reach bit 63, which colex_index can
// meet on an invalid mask, so every lookup stays inside the table.
inline constexpr auto kBinomial = [] {
  std::array<std::array<std::uint32_t, 65>, kMaxColexK + 1> c{};
  for (int n = 0; n <= 64; ++n) {
    c[0][n] = 1;
    for (int k = 1; k <= kMaxColexK; ++k) c[k][n] = n == 0 ? 0 : c[k][n - 1] + c[k - 1][n - 1];
  }
  return c;
}();

// kBinomialByLz[j][z] = C(63 - z, j) (the "binomial by lz" layout above): the row a vector
// kernel permutes by the low-bit lz of the j-th lowest card (the four-card index reads rows
// 2 to 4).
inline constexpr auto kBinomialByLz = [] {
  std::array<std::array<std::uint32_t, 64>, kMaxColexK + 1> c{};
  for (int j = 0; j <= kMaxColexK; ++j)
    for (int z = 0; z < 64; ++z) c[j][z] = kBinomial[j][63 - z];
  return c;
}();

inline constexpr std::uint32_t kNumHands2 = kBinomial[2][kDeckSize];  // 1,326
inline constexpr std::uint32_t kNumHands4 = kBinomial[4][kDeckSize];  // 270,725

// Colex index of a K-card mask. `valid` is set to whether the mask holds exactly K cards,
// all below 52; an invalid mask gets index 0, so a table lookup with it stays in bounds.
// Branch-free, so a batch loop over it pipelines.
template <int K>
inline std::uint32_t colex_index(Mask mask, bool& valid) {
  static_assert(K >= 1 && K <= kMaxColexK);
  // Bit 63 is never a card: OR-ing it in keeps lowest_bit's argument nonzero, so it compiles
  // to a bare tzcnt/bsf with no zero branch. A mask that runs out early finds bit 63 there.
  constexpr Mask kSentinel = Mask{1} << 63;
  std::uint32_t index = 0;
  int bit = 0;
  for (int j = 0; j < K; ++j) {
    bit = lowest_bit(mask | kSentinel);
    mask = clear_lowest(mask);
    index += kBinomial[j + 1][bit];
  }
  // Exactly K cards: nothing is left after K removals and the K-th was found below 52.
  valid = (mask == 0) & (bit < kDeckSize);
  return index & (0u - std::uint32_t(valid));  // index, or 0 when invalid (no branch)
}

// Inverse of colex_index: the K-card mask with the given index (index < C(52, K)).
template <int K>
inline Mask mask_from_colex(std::uint32_t index) {
  Mask mask = 0;
  int bit = kDeckSize;
  for (int j = K; j >= 1; --j) {
    // The largest bit b with C(b, j) <= index is the j-th card (greedy colex unranking).
    do --bit;
    while (kBinomial[j][bit] > index);
    mask |= card_bit(bit);
    index -= kBinomial[j][bit];
  }
  return mask;
}

// Every card of a suit: bit 4r + suit for each rank r (0x1111111111111 has bit 4r set).
constexpr Mask suit_mask(int suit) { return Mask{0x1111111111111} << suit; }

// The suits held in each rank: nibble r of the mask (bits 4r .. 4r+3).
constexpr unsigned rank_nibble(Mask mask, int rank) { return unsigned(mask >> (4 * rank)) & 0xFu; }

// Bit r set iff the mask holds a card of rank r.
inline unsigned ranks_present(Mask mask) {
  unsigned ranks = 0;
  for (int r = 0; r < kNumRanks; ++r) ranks |= unsigned(rank_nibble(mask, r) != 0) << r;
  return ranks;
}

}  // namespace cardcore
