#include "cardcore/eval/hucklebuck.hpp"

#include <stdexcept>
#include <string>

#include "cardcore/core/layout.hpp"

namespace cardcore::hucklebuck {

int trick_winner(const int* plays, int n, int trump) {
  if (n < 1) throw std::invalid_argument("a trick needs at least one card");
  if (n > kMaxPlayers)
    throw std::invalid_argument("a trick holds at most " + std::to_string(kMaxPlayers) +
                                " cards (one per player), got " + std::to_string(n));
  if (trump < 0 || trump >= kNumSuits)
    throw std::invalid_argument("trump suit " + std::to_string(trump) + " is not in 0-3");
  Mask seen = 0;
  for (int i = 0; i < n; ++i) {
    if (plays[i] < 0 || plays[i] >= kDeckSize)
      throw std::invalid_argument("card id " + std::to_string(plays[i]) + " is not in 0-51");
    if (seen & card_bit(plays[i])) throw std::invalid_argument("card " + format_card(plays[i]) + " is played twice");
    seen |= card_bit(plays[i]);
  }
  // A trump outranks every non-trump; then the led suit outranks the rest; then rank.
  auto power = [&](int card) {
    const int suit = suit_of(card);
    const int tier = suit == trump ? 2 : suit == suit_of(plays[0]) ? 1 : 0;
    return tier * kNumRanks + rank_of(card);
  };
  int winner = 0;
  for (int i = 1; i < n; ++i)
    if (power(plays[i]) > power(plays[winner])) winner = i;
  return winner;
}

Mask legal_plays(Mask hand, int led_suit) {
  check_mask(hand);
  if (led_suit < -1 || led_suit >= kNumSuits)
    throw std::invalid_argument("led suit " + std::to_string(led_suit) + " is not in 0-3 (or -1)");
  if (led_suit < 0) return hand;
  const Mask following = hand & suit_mask(led_suit);
  return following ? following : hand;
}

}  // namespace cardcore::hucklebuck
