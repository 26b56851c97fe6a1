// Hucklebuck tricks (docs/rulebook/hucklebuck.md 4.3 #5).
//
// Cards rank 2 (low) to A (high) in every suit, which is card id order within a suit. A
// player must follow the led suit if he can, and otherwise may play any card, with no duty
// to trump or to head the trick. The trick goes to the highest trump played, or, with
// no trump in it, to the highest card of the led suit.
#pragma once

#include <cstdint>

#include "cardcore/core/cards.hpp"

namespace cardcore::hucklebuck {

// 3 to 7 players (4.2 #1), so a trick holds at most 7 cards.
inline constexpr int kMaxPlayers = 7;

// Index of the winning play among plays[0..n) (the lead first; a trick still being played
// may hold fewer cards than players). Throws std::invalid_argument for an empty trick, more
// than kMaxPlayers cards, a card id outside 0-51, a card played twice or a trump outside 0-3.
int trick_winner(const int* plays, int n, int trump);

// The cards of `hand` that may be played to a trick whose led suit is `led_suit` (-1 when
// leading: every card).
Mask legal_plays(Mask hand, int led_suit);

}  // namespace cardcore::hucklebuck
