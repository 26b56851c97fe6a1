// Draw actions (a discard, an exchange) name cards by their positions in the hand: bit i of
// the positions is the hand's i-th lowest card. Their text, and their translation for a
// resampled deal.
#pragma once

#include <string>
#include <string_view>

#include "cardcore/core/cards.hpp"

namespace cardcore {

// A discard given as positions in the original hand, as positions in the replayed hand of
// the counterpart cards.
unsigned remap_positions(Mask original_hand, Mask replay_hand, unsigned positions, const int* counterpart);

// resample_history's translation of a draw action (base + m, m > 0, below base + count):
// the replay throws the stand-ins of the cards the original threw. Other actions stay.
int remap_draw(Mask original_hand, Mask replay_hand, int action, int base, int count, const int* counterpart);

// The action id of "<verb> <cards>" (discard, exchange) for a hand: base + the positions of
// the cards in the hand. Throws std::invalid_argument when nobody is drawing (hand == 0) or
// a card is not in the hand.
int parse_draw(std::string_view text, std::string_view verb, Mask hand, int base);

// The text of draw action base + m ("<verb> <cards>" for the cards of positions m in
// `hand`, `none` for m = 0); with no hand to read (nobody drawing) the count of cards.
std::string draw_to_string(std::string_view verb, std::string_view none, Mask hand, unsigned positions);

// "discard" mask m (bit i = the i-th lowest card of the hand) as the cards it names.
Mask cards_of_positions(Mask hand, unsigned positions);
// The position mask of `cards` within `hand` (cards must be a subset of hand).
unsigned positions_of_cards(Mask hand, Mask cards);

}  // namespace cardcore
