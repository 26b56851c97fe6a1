#include "cardcore/eval/buh.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rank_table.hpp"

namespace cardcore::buh {
namespace {

// Point value of a normal rank (A = 1, 2-10 = pips), 0 for hooch.
constexpr int points(int rank) { return rank == kAce ? 1 : rank <= kTen ? rank + 2 : 0; }

constexpr Rules rules_of_index(int index) {
  return {static_cast<FlushBuh>(index & 1), static_cast<HoochOrder>(index >> 1)};
}

template <int Index>
std::uint32_t key_of(Mask hand) {
  return showdown_key(analyze(hand, rules_of_index(Index)), rules_of_index(Index));
}

// The table of one house rule setting, built on first use.
template <int Index>
const RankTable4& table_of() {
  static const RankTable4 built(key_of<Index>, "a Buh showdown hand", num_strengths(rules_of_index(Index)));
  return built;
}

const RankTable4& table(Rules rules) {
  switch (rules.index()) {
    case 1:
      return table_of<1>();
    case 2:
      return table_of<2>();
    case 3:
      return table_of<3>();
    default:
      return table_of<0>();
  }
}

}  // namespace

Analysis analyze(Mask hand, Rules rules) {
  check_mask(hand);
  Analysis a;
  a.num_cards = popcount(hand);
  if (a.num_cards < 2 || a.num_cards > 4)
    throw std::invalid_argument("a Buh hand has 2, 3 or 4 cards, got " + std::to_string(a.num_cards));
  unsigned normals = 0;  // bit p set iff a normal worth p points is held
  unsigned suits = 0;
  for (Mask m = hand; m; m = clear_lowest(m)) {
    const int card = lowest_bit(m);
    suits |= 1u << suit_of(card);
    if (const int p = points(rank_of(card)))
      normals |= 1u << p;
    else
      a.hooch[a.num_hooch++] = static_cast<std::uint8_t>(rank_of(card) + 2);  // J=11 Q=12 K=13
  }
  // Cards come in ascending id order, so ascending rank: the hooch list is already sorted.
  const unsigned run_tops = normals & ~(normals >> 1);  // p held and p + 1 not held
  int base = 0;
  for (unsigned m = run_tops; m; m &= m - 1) base += lowest_bit(m);
  a.is_flush = a.num_cards == 4 && popcount(suits) == 1;
  a.value = a.is_flush ? base / 2 : base;
  a.is_skunk = a.num_cards == 4 && normals == 0;
  a.is_buh = normals != 0 && a.value <= 1;
  // value 0 only, or every flush buh under the house rule.
  a.is_double_buh = a.is_buh && a.is_flush && (a.value == 0 || rules.flush_buh == FlushBuh::kDouble);
  a.is_star = a.num_cards == 4 && normals == 0b10 && a.num_hooch == 0;  // four aces
  a.is_natural = a.num_hooch == 0;
  a.hand_class = a.is_double_buh ? HandClass::kDoubleBuh
                 : a.is_star     ? HandClass::kStar
                 : a.is_buh      ? HandClass::kBuh
                 : a.is_skunk    ? HandClass::kSkunk
                 : a.is_natural  ? HandClass::kNatural
                                 : HandClass::kNormal;
  return a;
}

std::uint32_t showdown_key(const Analysis& a, Rules rules) {
  // The hooch list as four base-4 digits (J 1, Q 2, K 3, padded with 0 after the end), so
  // integer order is lexicographic order with a proper prefix lower.
  std::uint32_t hooch = 0;
  for (int i = 0; i < 4; ++i) hooch = 4 * hooch + (i < a.num_hooch ? a.hooch[i] - 10u : 0u);
  if (rules.hooch_order == HoochOrder::kLowestThenFewest) {
    // The lowest card's digit, then the count, then the rest's digits: 4 * 5 * 64 values.
    const std::uint32_t first = hooch >> 6, rest = hooch & 63;
    hooch = (first * 5 + static_cast<std::uint32_t>(a.num_hooch)) * 64 + rest;
  }
  const std::uint32_t value = a.is_skunk ? 0u : static_cast<std::uint32_t>(a.value);
  // A double buh beats every other hand; by default it is the only hand of value 0, so the
  // bit changes no order.
  return (std::uint32_t(a.is_skunk) << 22) | (std::uint32_t(!a.is_double_buh) << 21) | (value << 12) | hooch;
}

int strength(Mask hand, Rules rules) { return table(rules).strength(hand); }

std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads, Rules rules) {
  return table(rules).strength_many(hands, out, n, threads);
}

}  // namespace cardcore::buh
