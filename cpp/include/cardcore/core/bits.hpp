// Portable bit helpers over C++20 <bit>.
#pragma once

#include <bit>
#include <cstdint>

namespace cardcore {

// The number of set bits. std::popcount is one POPCNT instruction where the target has it
// (ARM, or x86-64 built with -mpopcnt), but baseline x86-64 (what wheels target) has no
// POPCNT and GCC then calls libgcc's __popcountdi2, a function call per count that took a
// seventh of a Bai Buu rollout's time; the same SWAR count inline is a dozen instructions.
inline int popcount(std::uint64_t x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
  x -= (x >> 1) & 0x5555555555555555ull;                                 // each 2-bit field: its count
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);  // each 4-bit field
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;                            // each byte
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);            // the bytes' sum, in the top byte
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

}  // namespace cardcore
