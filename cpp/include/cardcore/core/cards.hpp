// Cards and card sets.
//
// A card id is 4 * rank + suit, with rank 0 for a two up to 12 for an ace and suit
// 0 clubs, 1 diamonds, 2 hearts, 3 spades (the phevaluator / OMPEval / ACPC convention):
// 2c = 0, 2d = 1, ..., As = 51. A set of cards is a 64-bit mask whose bit i is card id i;
// bits 52..63 are never set in a valid mask. See layout.hpp for the layouts the kernels
// derive from it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/core/bits.hpp"

namespace cardcore {

using Mask = std::uint64_t;

inline constexpr int kDeckSize = 52;
inline constexpr int kNumRanks = 13;
inline constexpr int kNumSuits = 4;
inline constexpr Mask kDeckMask = (Mask{1} << kDeckSize) - 1;

enum Suit : int { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };

// Rank indices (two = 0 ... ace = 12) under their card names.
inline constexpr int kTen = 8, kJack = 9, kQueen = 10, kKing = 11, kAce = 12;

constexpr int rank_of(int card) { return card >> 2; }  // card / 4
constexpr int suit_of(int card) { return card & 3; }   // card % 4
constexpr int make_card(int rank, int suit) { return 4 * rank + suit; }
constexpr Mask card_bit(int card) { return Mask{1} << card; }

inline constexpr char kRankChars[] = "23456789TJQKA";
inline constexpr char kSuitChars[] = "cdhs";

// Parses one card token ("As", "as", "AS", "A♠", "10s", "Ts"); returns -1 if it is not one.
int parse_card_token(std::string_view token);

// Parses cards separated by spaces or commas. Throws std::invalid_argument naming the
// bad, duplicate or empty token ("As,,Kd") and its position.
Mask parse_cards(std::string_view text);

// The cards parse_cards reads, in the order written (a trick's plays, lead first).
std::vector<int> parse_card_list(std::string_view text);

// Parses exactly one card; throws std::invalid_argument otherwise.
int parse_card(std::string_view text);

// "As", or "A♠" when pretty.
std::string format_card(int card, bool pretty = false);

// Cards in ascending id order separated by spaces ("2c Kd As").
std::string format_cards(Mask mask, bool pretty = false);

// Throws std::invalid_argument if the mask has bits outside the 52 card positions.
void check_mask(Mask mask);

// check_hand's error, out of line: the message is built only for a bad hand.
[[noreturn]] void throw_bad_hand(Mask mask, int num_cards, std::string_view what);

// Throws std::invalid_argument unless the mask holds exactly `num_cards` cards below 52;
// `what` names the hand in the message ("a Buh hand"). Inline: engines check every hand
// they evaluate, and the good case is two tests.
inline void check_hand(Mask mask, int num_cards, std::string_view what) {
  if ((mask & ~kDeckMask) || popcount(mask) != num_cards) [[unlikely]]
    throw_bad_hand(mask, num_cards, what);
}

}  // namespace cardcore
