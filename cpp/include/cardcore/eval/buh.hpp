// Buh hand evaluation (docs/rulebook/buh.md 1.5).
//
// Normals are A (1 point) and 2-10 (pips); J, Q, K are hooch with no points. The base value
// is the sum over the distinct normal ranks of those that do not continue a run (each run
// counts its top card once, a match counts once). A four-card hand of one suit is a flush
// and its value is halved, rounded down. Lower wins: the showdown key is (skunk, value,
// hooch ranks ascending), where a skunk is four hooch, and inside the hooch a proper prefix
// beats a longer list. A buh has a normal and value <= 1; a double buh is a
// value-0 flush (only A J Q K suited, R-5); the star is A A A A. `strength` maps the key of
// every four-card hand to a dense rank, higher is better, equal is a choke.
//
// Two house rules (docs/rulebook/buh.md) change the order: FlushBuh::kDouble makes
// every flush buh (value 0 or 1) a double buh, above the star, and HoochOrder::kLowestThen
// Fewest compares hooch lists by their lowest card, then by fewer cards, then by the next
// card. Each setting has its own table, built on first use.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cardcore/core/cards.hpp"

namespace cardcore::buh {

// First that applies, in this order (docs/rulebook/buh.md 1.5, "Library surface").
enum class HandClass : std::uint8_t { kDoubleBuh, kStar, kBuh, kSkunk, kNatural, kNormal };
// evaluate's name of each HandClass, in its order.
inline constexpr const char* kHandClassNames[] = {"double_buh", "star", "buh", "skunk", "natural", "normal"};

// What a flush of value 1 is: a plain buh, or a double buh like A J Q K suited.
enum class FlushBuh : std::uint8_t { kPlain, kDouble };
// How hooch lists compare at equal value: lexicographically (a proper prefix first),
// or by the lowest card, then fewer cards, then the next cards.
enum class HoochOrder : std::uint8_t { kLexicographic, kLowestThenFewest };

// The evaluator's house rules; the default is the engine's resolution.
struct Rules {
  FlushBuh flush_buh = FlushBuh::kPlain;
  HoochOrder hooch_order = HoochOrder::kLexicographic;
  // 0-3: the index of the setting's strength table.
  constexpr int index() const { return int(flush_buh) | int(hooch_order) << 1; }
  static constexpr int kNumSettings = 4;
  static constexpr Rules of_index(int index) {
    return {static_cast<FlushBuh>(index & 1), static_cast<HoochOrder>(index >> 1)};
  }
};

struct Analysis {
  int num_cards = 0;
  int value = 0;  // v: halved for a flush; 0 when the hand has no normals
  int num_hooch = 0;
  std::uint8_t hooch[4]{};  // hooch ranks ascending: J = 11, Q = 12, K = 13
  bool is_flush = false;
  bool is_skunk = false;
  bool is_buh = false;
  bool is_double_buh = false;
  bool is_star = false;
  bool is_natural = false;
  HandClass hand_class = HandClass::kNormal;
};

// A hand of 2, 3 or 4 cards; throws std::invalid_argument for any other size.
Analysis analyze(Mask hand, Rules rules = {});

// The showdown key of a four-card hand as one integer: lower wins, equal is a choke.
std::uint32_t showdown_key(const Analysis& a, Rules rules = {});

// Dense rank of the showdown key, 1 for the worst hand; throws unless 4 cards below 52.
int strength(Mask hand, Rules rules = {});

// The number of distinct strengths (the best hand has this strength): the distinct
// showdown keys over every four-card hand. A constant, so that stating it builds no table;
// the table checks it when it is built, and tests/test_buh.py against the oracle's order.
inline constexpr int kNumStrengths = 324;
// Under each house rule setting: a double flush buh adds the 7 hooch lists of the flushes of
// value 1 as keys of their own (A2JQ A2JK A2QK 23JQ 23JK 23QK: J Q, J K, Q K; 2JQK 3JQK:
// J Q K; A23J A23Q A23K: J, Q, K); the hooch order only reorders keys.
constexpr int num_strengths(Rules rules) {
  return rules.flush_buh == FlushBuh::kDouble ? kNumStrengths + 7 : kNumStrengths;
}

// Batch strength of four-card masks; returns the first bad index or kNoBadIndex.
std::int64_t strength_many(const Mask* hands, std::int32_t* out, std::size_t n, int threads, Rules rules = {});

}  // namespace cardcore::buh
