// Badugi hand evaluation (docs/rulebook/badugi.md 2.5).
//
// Aces are low (A = 1 ... K = 13). A legal subset of the four cards has pairwise distinct
// ranks and pairwise distinct suits; the hand plays its largest legal subset, and among
// those the one whose ranks, sorted descending, are lowest. A larger subset wins; at equal
// size the first lower rank from the top wins; suits never break ties. The cards used are
// the winning subset with the lexicographically smallest ascending id list (A♠ A♥ 2♣ plays
// A♥ 2♣). `strength` is a dense rank of the key, higher better, 1 for the worst hand.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cardcore/core/cards.hpp"

namespace cardcore::badugi {

struct Analysis {
  int size = 0;             // cards in the best legal subset, 1-4
  std::uint8_t ranks[4]{};  // their ace-low ranks, descending (A = 1 ... K = 13)
  Mask cards = 0;           // the cards used
};

// Best legal subset of a four-card hand; throws std::invalid_argument otherwise.
Analysis analyze(Mask hand);

// (4 - size, ranks descending) as one integer: lower wins, equal splits.
std::uint32_t key(const Analysis& a);

// The number of distinct strengths (the best hand has this strength): C(13, k) rank sets
// for each size k of 4, 3, 2 and 1. A constant, so that stating it builds no table; the
// table checks it when it is built.
inline constexpr int kNumStrengths = 715 + 286 + 78 + 13;

int strength(Mask hand);
std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads);

}  // namespace cardcore::badugi
