// Portable bit helpers over C++20 <bit>.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace cardcore {

// Byte k holds the count of the set bits of x's byte k (popcount's first steps).
constexpr std::uint64_t byte_counts(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;                                 // each 2-bit field: its count
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);  // each 4-bit field
  return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;                         // each byte
}

// The number of set bits. std::popcount is one POPCNT instruction where the target has it
// (ARM, or x86-64 built with -mpopcnt), but baseline x86-64 (what wheels target) has no
// POPCNT and GCC then calls libgcc's __popcountdi2, a function call per count that took a
// seventh of a Bai Buu rollout's time; the same SWAR count inline is a dozen instructions.
inline int popcount(std::uint64_t x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
  return static_cast<int>((byte_counts(x) * 0x0101010101010101ull) >> 56);  // the bytes' sum, in the top byte
#else
  return std::popcount(x);
#endif
}

// Index of the lowest set bit; 64 when x == 0.
inline int lowest_bit(std::uint64_t x) { return std::countr_zero(x); }

// x with its lowest set bit cleared (x & (x - 1) drops exactly the lowest one).
constexpr std::uint64_t clear_lowest(std::uint64_t x) { return x & (x - 1); }

// Index of the highest set bit; -1 when x == 0.
inline int highest_bit(std::uint64_t x) { return 63 - std::countl_zero(x); }

// For each byte value, the position of its k-th set bit (nth_card's last step).
inline constexpr auto kNthBitOfByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> nth{};
  for (int b = 0; b < 256; ++b)
    for (int bit = 0, k = 0; bit < 8; ++bit)
      if (b >> bit & 1) nth[b][k++] = static_cast<std::uint8_t>(bit);
  return nth;
}();

// Where the n-th lowest set bit of a word lies (n from 0, below its count), given the word's
// byte_counts: its byte (shift, 8 times the byte's index) and its place among that byte's
// set bits, which only the last step needs the word for. No loop and no branch (where the
// bit falls is random, so a branch on it would be mispredicted): one multiply sums the byte
// counts up to each byte, and the bit is in the first byte whose running count exceeds n.
struct CardPlace {
  int shift;
  int in_byte;
};
inline CardPlace nth_card_place(std::uint64_t counts, int n) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighBits = 0x8080808080808080ull;
  const std::uint64_t through = counts * kOnes;  // byte k: the set bits in bytes 0..k (at most 64)
  // Bit 7 of byte k stays set iff through[k] >= n + 1 (128 + through[k] never borrows).
  const std::uint64_t reached = ((through | kHighBits) - static_cast<std::uint64_t>(n + 1) * kOnes) & kHighBits;
  const int shift = lowest_bit(reached) & ~7;                             // 8 * the byte's index
  const int before = static_cast<int>(((through << 8) >> shift) & 0xFF);  // the set bits in the bytes below it
  return {shift, n - before};
}
// The bit of `mask` at `place`.
inline int card_at(std::uint64_t mask, CardPlace place) {
  return place.shift + kNthBitOfByte[(mask >> place.shift) & 0xFF][static_cast<std::size_t>(place.in_byte)];
}

// The id of the n-th lowest card of a mask (n from 0, below the mask's count of cards),
// given its byte_counts; the same for the set bits of any 64-bit word. Inline: every card
// of a seeded deal calls it.
inline int nth_card(std::uint64_t mask, std::uint64_t counts, int n) {
  return card_at(mask, nth_card_place(counts, n));
}

inline int nth_card(std::uint64_t mask, int n) { return nth_card(mask, byte_counts(mask), n); }

}  // namespace cardcore
