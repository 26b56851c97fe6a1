#include "cardcore/games/draw.hpp"

#include <stdexcept>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/text.hpp"

namespace cardcore {

unsigned remap_positions(Mask original_hand, Mask replay_hand, unsigned positions, const int* counterpart) {
  Mask thrown = 0;
  for (Mask m = cards_of_positions(original_hand, positions); m; m = clear_lowest(m))
    thrown |= card_bit(counterpart[lowest_bit(m)]);
  return positions_of_cards(replay_hand, thrown);
}

int remap_draw(Mask original_hand, Mask replay_hand, int action, int base, int count, const int* counterpart) {
  if (action <= base || action >= base + count) return action;
  return base + static_cast<int>(
                    remap_positions(original_hand, replay_hand, static_cast<unsigned>(action - base), counterpart));
}

int parse_draw(std::string_view text, std::string_view verb, Mask hand, int base) {
  if (hand == 0) throw std::invalid_argument(quote_input(text) + ": nobody is drawing now");
  const Mask cards = parse_cards(text.substr(verb.size() + 1));
  if (cards & ~hand)
    throw std::invalid_argument(quote_input(text) + ": " + format_cards(cards & ~hand) + " not in the hand " +
                                format_cards(hand));
  return base + static_cast<int>(positions_of_cards(hand, cards));
}

std::string draw_to_string(std::string_view verb, std::string_view none, Mask hand, unsigned positions) {
  if (positions == 0) return std::string(none);
  if (hand == 0) return std::string(verb) + " " + std::to_string(popcount(positions));
  return std::string(verb) + " " + format_cards(cards_of_positions(hand, positions));
}

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
