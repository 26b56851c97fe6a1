// Portable bit helpers over C++20 <bit>.
#pragma once

#include <bit>
#include <cstdint>

namespace cardcore {

inline int popcount(std::uint64_t x) { return std::popcount(x); }

// Index of the lowest set bit; 64 when x == 0.
inline int lowest_bit(std::uint64_t x) { return std::countr_zero(x); }

// x with its lowest set bit cleared (x & (x - 1) drops exactly the lowest one).
constexpr std::uint64_t clear_lowest(std::uint64_t x) { return x & (x - 1); }

// Index of the highest set bit; -1 when x == 0.
inline int highest_bit(std::uint64_t x) { return 63 - std::countl_zero(x); }

}  // namespace cardcore
