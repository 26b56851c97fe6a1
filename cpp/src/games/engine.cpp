#include "cardcore/games/engine.hpp"

namespace cardcore {

std::vector<int> ActionSet::to_vector() const {
  std::vector<int> actions;
  for (int word = 0; word < 2; ++word)
    for (std::uint64_t b = bits[word]; b; b = clear_lowest(b)) actions.push_back(64 * word + lowest_bit(b));
  return actions;
}

int nth_card(Mask mask, int n) {
  for (; n > 0; --n) mask = clear_lowest(mask);
  return lowest_bit(mask);
}

int Stock::draw() { return nth_card(cards_, static_cast<int>(rng_.below(static_cast<std::uint32_t>(size())))); }

Mask cards_of_positions(Mask hand, unsigned positions) {
  Mask cards = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (positions >> i & 1) cards |= hand & (~hand + 1);  // hand & -hand: its lowest card
  return cards;
}

unsigned positions_of_cards(Mask hand, Mask cards) {
  unsigned positions = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (cards & hand & (~hand + 1)) positions |= 1u << i;
  return positions;
}

}  // namespace cardcore
