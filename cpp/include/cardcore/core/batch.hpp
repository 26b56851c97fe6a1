// Batch kernels over arrays of masks, and the thread split they share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "cardcore/core/layout.hpp"

namespace cardcore {

inline constexpr std::int64_t kNoBadIndex = -1;

// Runs `chunk(begin, end)` over [0, n) cut into `threads` contiguous ranges, one per
// std::thread (the caller's thread takes the first). Each call returns the first bad index
// in its range or kNoBadIndex; the result is the smallest of them, so it does not depend on
// the thread count. threads < 1 counts as 1. An exception in any range is carried back and
// rethrown here once every thread has ended (the first range's first); the calling thread's
// Interrupt (core/interrupt.hpp) stops every range.
std::int64_t parallel_chunks(std::size_t n, int threads,
                             const std::function<std::int64_t(std::size_t, std::size_t)>& chunk);

// The first index whose mask does not hold exactly K cards below 52, or kNoBadIndex.
template <int K>
std::int64_t first_bad_colex(const Mask* masks, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    bool valid;
    colex_index<K>(masks[i], valid);
    if (!valid) return static_cast<std::int64_t>(i);
  }
  return kNoBadIndex;
}

// out[i] = table[colex index of masks[i]] for K-card masks. Returns the first index whose
// mask does not hold exactly K cards below 52, or kNoBadIndex. Output at bad indices is
// unspecified (here table[0]) and must not be used.
template <int K, class Entry>
std::int64_t lookup_colex(const Entry* table, const Mask* masks, std::int32_t* out, std::size_t n) {
  bool all_valid = true;
  for (std::size_t i = 0; i < n; ++i) {
    bool valid;
    out[i] = static_cast<std::int32_t>(table[colex_index<K>(masks[i], valid)]);
    all_valid &= valid;
  }
  return all_valid ? kNoBadIndex : first_bad_colex<K>(masks, n);  // rare path: find the first offender
}

// `lookup` (lookup_colex or a kernel with its contract) over `threads` threads
// (parallel_chunks).
template <class Entry, class Lookup>
std::int64_t lookup_many(Lookup lookup, const Entry* table, const Mask* masks, std::int32_t* out, std::size_t n,
                         int threads) {
  return parallel_chunks(n, threads, [&](std::size_t begin, std::size_t end) -> std::int64_t {
    const std::int64_t bad = lookup(table, masks + begin, out + begin, end - begin);
    return bad == kNoBadIndex ? bad : static_cast<std::int64_t>(begin) + bad;
  });
}

// lookup_colex over `threads` threads.
template <int K, class Entry>
std::int64_t lookup_colex_many(const Entry* table, const Mask* masks, std::int32_t* out, std::size_t n, int threads) {
  return lookup_many(lookup_colex<K, Entry>, table, masks, out, n, threads);
}

}  // namespace cardcore
