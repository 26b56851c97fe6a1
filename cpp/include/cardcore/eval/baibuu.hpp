// Bai Buu hand evaluation and settlement (docs/rulebook/baibuu.md 3.3-3.9).
//
// Two-card hands rank Pair (Bửu, by rank, ace high) > Công Lớn (two different pictures
// J/Q/K, all equal) > Công Nhỏ (exactly A + 9) > Score (points mod 10; A = 1, 2-9 pips,
// 10/J/Q/K = 0). Their strength is a dense rank: Score p is 1 + p, Công Nhỏ 11, Công Lớn 12,
// a pair of rank r (2 = 0 ... A = 12) is 13 + r. A four-card holding is a Natural (straight
// flush, four of a kind, flush, straight with A-2-3-4 and J-Q-K-A but no wrap, three of a
// kind) or is arranged into a Low and a High two-card hand; the arrangement is valid iff
// High is strictly stronger (3.6). Arrangement i of a holding takes as Low the i-th pair of
// its cards sorted by id among (0,1), (0,2), (0,3), (1,2), (1,3), (2,3) (the action ids of
// docs/design.md). Settlement (3.7): player Natural, banker Natural, player foul, then the two
// positions with the banker winning equal Scores of 3 or 4, then the highest card of each
// four-card holding by rank then suit ♠ > ♥ > ♣ > ♦ (not id order: clubs beat diamonds).
// There is never a push. The house way (3.9) is Ruby89's as the rules resolve it.
//
// A house rule (docs/rulebook/baibuu.md R-7) widens the 3- and 4-point rule to any two
// hands worth the same 3 or 4 points, whatever their classes (a pair of 2 or of 7 is worth
// 4): the settlement and the optimal arrangement take it as a Rules argument, each setting
// with its own tables, built on first use.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cardcore/core/cards.hpp"

namespace cardcore::baibuu {

enum class TwoCardClass : std::uint8_t { kScore, kCongNho, kCongLon, kPair };
enum class Natural : std::uint8_t { kNone, kStraightFlush, kFourOfAKind, kFlush, kStraight, kThreeOfAKind };
enum class PositionResult : std::uint8_t { kBanker, kPlayer, kTie, kNotCompared };
enum class Reason : std::uint8_t { kHands, kHighCard, kPlayerNatural, kBankerNatural, kPlayerFoul };
// The names of the reasons and of the position results, by enum value, as Python spells
// them (cardcore.baibuu.REASONS, Outcome.reason, Outcome.low and Outcome.high).
inline constexpr std::array<std::string_view, 5> kReasonNames{"hands", "high_card", "player_natural", "banker_natural",
                                                              "player_foul"};
inline constexpr std::array<std::string_view, 3> kPositionNames{"banker", "player", "tie"};

// Which equal 3- or 4-point hands go to the banker: two Scores only, or any two hands.
enum class ThreeFourPoints : std::uint8_t { kSameClass, kAnyClass };
struct Rules {
  ThreeFourPoints banker_takes_3_4_points = ThreeFourPoints::kSameClass;
};

inline constexpr int kMaxTwoCardStrength = 25;
inline constexpr int kCongNhoStrength = 11;
inline constexpr int kCongLonStrength = 12;
inline constexpr int kNumArrangements = 6;

// Strength (1-25) of a two-card hand; throws unless `pair` holds two cards below 52.
int two_card_strength(Mask pair);
TwoCardClass class_of_strength(int strength);
// Points of a Score hand (strength 1-10); -1 for other classes.
constexpr int score_points(int strength) { return strength <= 10 ? strength - 1 : -1; }
// The points of any two-card hand, (p1 + p2) mod 10 whatever its class: a Score's, 0 for a
// Công, and for a pair of rank r (strength 13 + r, 2 = 0 ... A = 12) twice its card's points.
constexpr int hand_points(int strength) {
  if (strength <= 10) return strength - 1;
  if (strength <= 12) return 0;  // A + 9, or two pictures
  const int rank = strength - 13;
  const int card = rank == 12 ? 1 : rank <= 7 ? rank + 2 : 0;
  return 2 * card % 10;
}

Natural natural(Mask holding);  // throws unless four cards

// The Low hand of arrangement `index` (0-5) of a four-card holding.
Mask arrangement_low(Mask holding, int index);
// The arrangement index whose Low hand is `low` (two cards of the holding).
int arrangement_index(Mask holding, Mask low);
bool is_valid(Mask low, Mask high);

// The house way's arrangement index for a non-Natural holding; -1 for a Natural. Looked
// up in a table of every holding, built on first use.
int house_way(Mask holding);

// Rank * 4 + suit strength (♦ 0, ♣ 1, ♥ 2, ♠ 3): the order of the highest-card step.
int card_value(int card);
// The card id of the highest card of a holding in that order.
int highest_card(Mask holding);

// One side of a settlement: its four cards and its Low hand, or low == 0 to arrange the
// holding by the house way (a Natural is never arranged).
struct Side {
  Mask cards = 0;
  Mask low = 0;
};

struct Outcome {
  bool player_wins = false;
  Reason reason = Reason::kHands;
  PositionResult low = PositionResult::kNotCompared;
  PositionResult high = PositionResult::kNotCompared;
  int banker_highest = 0;  // card ids of each side's highest card
  int player_highest = 0;
};

// Settles one player hand against the banker. Throws std::invalid_argument for a side
// that is not four cards, a Low hand that is not two of them, shared cards, or an invalid
// banker arrangement (the banker never fouls, R-8); a player's invalid one is a foul.
Outcome settle(const Side& banker, const Side& player, Rules rules = {});
// A four-card holding's entry in the table of every holding: all that an engine's round
// needs of it, found by one lookup (holding_entry) and then read at no cost. Bits 0-5 hold
// the highest card's card_value, 6-14 the form of the house way's arrangement (what
// settlement compares), 15-20 the valid arrangements (bit i for arrangement i), 21-23 the
// house way's arrangement index, 7 for a Natural.
class HoldingEntry {
 public:
  constexpr HoldingEntry() = default;
  explicit constexpr HoldingEntry(std::uint32_t word) : word_(word) {}
  constexpr std::uint32_t word() const { return word_; }
  constexpr unsigned valid_arrangements() const { return word_ >> 15 & 63; }
  constexpr bool natural() const { return (word_ >> 21 & 7) == 7; }
  // The house way's arrangement index; -1 for a Natural.
  constexpr int house_way() const { return natural() ? -1 : static_cast<int>(word_ >> 21 & 7); }

 private:
  std::uint32_t word_ = 0;
};

// The table entry of a holding, for hot loops: it must be four cards (unchecked).
HoldingEntry holding_entry(Mask holding);

// settle() of n player hands against one banker, out[i] for players[i], for hot loops (an
// engine's rounds): by table, with each side's holding_entry looked up already (banker_entry
// for banker.cards, entries[i] for players[i].cards), checking nothing (every side four
// cards, no card shared, each Low two of its side's cards or 0, the banker's arrangement
// valid).
void settle_unchecked(const Side& banker, HoldingEntry banker_entry, const Side* players, const HoldingEntry* entries,
                      int n, Outcome* out, Rules rules = {});

// Settles arrays of holdings, the banker by the house way and the player by the house way
// (player_low == nullptr) or by the given Low hands. Writes each outcome packed in one
// byte: bit 0 player wins, bits 1-3 Reason, bits 4-5 the Low position's PositionResult,
// bits 6-7 the High position's. Returns the first bad index or kNoBadIndex (batch.hpp).
std::int64_t settle_many(const Mask* banker, const Mask* player, const Mask* player_low, std::uint8_t* out,
                         std::size_t n, int threads, Rules rules = {});

// The player's expected return of arrangement `index` of a non-Natural holding against a
// banker holding drawn uniformly from the other 48 cards and arranged by the house way,
// in hundredths of the wager summed over all C(48, 4) banker holdings: a win counts +97
// (commission unrounded), a loss -100.
std::int64_t arrangement_score(Mask holding, int index, Rules rules = {});

// The "optimal" arrangement of a holding: the valid split with the highest
// arrangement_score, the house way's on ties; -1 for a Natural. Tabulated for all holdings
// on first use.
int optimal_arrangement(Mask holding, Rules rules = {});

// Exactly, over every player holding and every banker holding of the other 48 cards: how
// many holdings the optimal arrangement plays differently from the house way (strictly
// better), and the player's expected return per unit wager under each (a win
// 1 - commission_bp / 10000, unrounded: +0.97 at the default 300; a loss -1; against a
// house-way banker). A round never pushes, so an arrangement's expected return ranks as
// its wins whatever the commission: the optimal arrangement is the same for every
// commission, and only the returns depend on it. commission_bp is 0 to 10000.
struct OptimalSummary {
  std::int64_t differing = 0;
  double house_way_return = 0, optimal_return = 0;
};
OptimalSummary optimal_summary(int commission_bp = 300, Rules rules = {});

// Settles one round by the tables: player hand i (holding players[i]) arranged by the
// optimal arrangement when optimal[i], else by the house way; the banker by the house way.
// Writes each hand's packed outcome (settle_many's byte). The holdings must be four cards
// each and disjoint (the caller deals them).
void settle_round(Mask banker, const Mask* players, const bool* optimal, int n, std::uint8_t* codes, Rules rules = {});

// Plays `rounds` random rounds of one player hand against the banker, the banker arranged
// by the house way and the player by the house way or the optimal arrangement, and counts
// the player's wins (there is never a push). Round i is dealt from stream i / 65536 of
// `seed`, so the count does not depend on `threads`.
std::int64_t count_player_wins(std::int64_t rounds, std::uint64_t seed, bool optimal, int threads, Rules rules = {});

std::int64_t two_card_strength_many(const Mask* pairs, std::int32_t* out, std::size_t n, int threads);

}  // namespace cardcore::baibuu
