#include "cardcore/games/hucklebuck/policy.hpp"

#include "cardcore/core/layout.hpp"
#include "cardcore/games/draw.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::hucklebuck {
namespace {

// Expected tricks of a hand, roughly: high trumps win most of the time, off-suit aces
// often and kings sometimes.
double expected_tricks(Mask hand, int trump) {
  double tricks = 0;
  for (Mask m = hand; m; m = clear_lowest(m)) {
    const int card = lowest_bit(m), rank = rank_of(card);
    if (suit_of(card) == trump)
      tricks += rank >= kQueen ? 0.9 : rank >= kTen ? 0.6 : 0.4;
    else if (rank == kAce)
      tricks += 0.6;
    else if (rank == kKing)
      tricks += 0.25;
  }
  return tricks;
}

// Cheapness: non-trumps before trumps, then low before high.
int cost(int card, int trump) { return (suit_of(card) == trump ? kNumRanks : 0) + rank_of(card); }

int cheapest(Mask cards, int trump) {
  int best = -1;
  for (Mask m = cards; m; m = clear_lowest(m))
    if (best < 0 || cost(lowest_bit(m), trump) < cost(best, trump)) best = lowest_bit(m);
  return best;
}

int rule_based(const State& s) {
  const int me = s.current_player();
  const Mask hand = s.hand(me);
  const int trump = s.trump();
  const std::vector<int> legal = s.legal_actions();
  if (legal.front() == kIn) return expected_tricks(hand, trump) < 1.0 ? kOut : kIn;
  if (legal.front() == kExchangeBase) {
    Mask keep = hand & suit_mask(trump);
    for (Mask m = hand & ~keep; m; m = clear_lowest(m))
      if (rank_of(lowest_bit(m)) >= kKing) keep |= card_bit(lowest_bit(m));
    return kExchangeBase + static_cast<int>(positions_of_cards(hand, hand & ~keep));
  }
  Mask playable = 0;
  for (int a : legal) playable |= card_bit(a - kPlayBase);
  const int lead = s.trick_card(s.leader());
  if (lead < 0) {  // leading
    const Mask aces = playable & ~suit_mask(trump) & (Mask{0xF} << (4 * kAce));
    if (aces) return kPlayBase + lowest_bit(aces);
    if (playable & suit_mask(trump)) return kPlayBase + highest_bit(playable & suit_mask(trump));
    return kPlayBase + cheapest(playable, trump);
  }
  // Following: the card to beat, then the cheapest card that beats it.
  int best = lead;
  auto beats = [&](int card, int than) {
    if (suit_of(card) == suit_of(than)) return rank_of(card) > rank_of(than);
    return suit_of(card) == trump;
  };
  for (int seat = 0; seat < s.n(); ++seat)
    if (s.trick_card(seat) >= 0 && beats(s.trick_card(seat), best)) best = s.trick_card(seat);
  Mask winners = 0;
  for (Mask m = playable; m; m = clear_lowest(m))
    if (beats(lowest_bit(m), best)) winners |= card_bit(lowest_bit(m));
  return kPlayBase + cheapest(winners ? winners : playable, trump);
}

}  // namespace

int rule_based_action(const State& state, Rng&) { return rule_based(state); }

}  // namespace cardcore::hucklebuck

// The random policy of the spec's table (games/spec.hpp).
template int cardcore::random_action<cardcore::hucklebuck::State>(const cardcore::hucklebuck::State& state,
                                                                  cardcore::Rng& rng);
