#include "cardcore/eval/badugi.hpp"

#include "cardcore/core/bits.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rank_table.hpp"

namespace cardcore::badugi {
namespace {

constexpr int ace_low_rank(int card) { return rank_of(card) == kAce ? 1 : rank_of(card) + 2; }

// Whether the cards of `subset` have pairwise distinct ranks and suits.
bool is_legal(Mask subset) {
  unsigned ranks = 0, suits = 0;
  for (Mask m = subset; m; m = clear_lowest(m)) {
    const int card = lowest_bit(m);
    const unsigned rank_bit = 1u << rank_of(card), suit_bit = 1u << suit_of(card);
    if ((ranks & rank_bit) || (suits & suit_bit)) return false;
    ranks |= rank_bit;
    suits |= suit_bit;
  }
  return true;
}

Analysis analyze_subset(Mask subset) {
  Analysis a;
  a.cards = subset;
  for (Mask m = subset; m; m = clear_lowest(m)) {
    // Insert in descending order (at most four ranks).
    const auto rank = static_cast<std::uint8_t>(ace_low_rank(lowest_bit(m)));
    int i = a.size++;
    for (; i > 0 && a.ranks[i - 1] < rank; --i) a.ranks[i] = a.ranks[i - 1];
    a.ranks[i] = rank;
  }
  return a;
}

// Whether the ascending id list of `a` is lexicographically smaller than that of `b`
// (same size): the first differing lowest card decides.
bool lower_ids(Mask a, Mask b) {
  while (a && b && lowest_bit(a) == lowest_bit(b)) {
    a = clear_lowest(a);
    b = clear_lowest(b);
  }
  return lowest_bit(a) < lowest_bit(b);
}

const RankTable4& table() {
  static const RankTable4 built([](Mask hand) { return key(analyze(hand)); }, "a Badugi hand", kNumStrengths);
  return built;
}

}  // namespace

Analysis analyze(Mask hand) {
  check_hand(hand, 4, "a Badugi hand");
  int cards[4], n = 0;
  for (Mask m = hand; m; m = clear_lowest(m)) cards[n++] = lowest_bit(m);
  Analysis best;
  std::uint32_t best_key = ~0u;
  for (unsigned pick = 1; pick < 16; ++pick) {  // every nonempty subset of the four cards
    Mask subset = 0;
    for (int i = 0; i < 4; ++i)
      if (pick >> i & 1) subset |= card_bit(cards[i]);
    if (!is_legal(subset)) continue;
    const Analysis a = analyze_subset(subset);
    const std::uint32_t k = key(a);
    if (k < best_key || (k == best_key && lower_ids(subset, best.cards))) {
      best = a;
      best_key = k;
    }
  }
  return best;
}

std::uint32_t key(const Analysis& a) {
  std::uint32_t ranks = 0;  // four nibbles, highest rank first, padded with 0
  for (int i = 0; i < 4; ++i) ranks = ranks << 4 | (i < a.size ? a.ranks[i] : 0u);
  return std::uint32_t(4 - a.size) << 16 | ranks;
}

int strength(Mask hand) { return table().strength(hand); }

std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads) {
  return table().strength_many(hands, out, n, threads);
}

}  // namespace cardcore::badugi
