// What every game engine shares (DESIGN.md, "Engine protocol" and "Engine conventions").
//
// A chance node is one card leaving the stock; its outcomes are the cards in the stock,
// each with probability 1/|stock|. A seeded state resolves chance nodes itself with its own
// generator, so current_player() never returns kChancePlayer, and the cards it drew still
// appear in the history. Player action ids are game-specific and below 128.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/rng.hpp"

namespace cardcore {

inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

// A set of player action ids (0-127).
struct ActionSet {
  std::uint64_t bits[2]{};
  void add(int action) { bits[action >> 6] |= std::uint64_t{1} << (action & 63); }
  bool contains(int action) const {
    return action >= 0 && action < 128 && (bits[action >> 6] >> (action & 63) & 1);
  }
  bool empty() const { return (bits[0] | bits[1]) == 0; }
  std::vector<int> to_vector() const;
};

// One entry of a state's history: who acted (a seat, or kChancePlayer) and the action id
// (the card id for chance), and for a card leaving the stock, where it went.
struct Step {
  static constexpr std::int8_t kBurn = -1;
  std::int8_t actor;
  std::uint8_t action;
  std::int8_t target;  // chance: the seat that received the card, or kBurn
};

// The cards still to be dealt and how chance picks from them.
class Stock {
 public:
  Stock() = default;
  Stock(bool seeded, std::uint64_t seed) : rng_(seed), seeded_(seeded) {}

  bool seeded() const { return seeded_; }
  Mask cards() const { return cards_; }
  int size() const { return popcount(cards_); }
  void reset(Mask cards) { cards_ = cards; }
  void take(int card) { cards_ &= ~card_bit(card); }
  // A uniformly random card of the stock from the state's generator (seeded states).
  int draw();
  // From now on chance is drawn from this seed's generator.
  void make_seeded(std::uint64_t seed) {
    rng_ = Rng(seed);
    seeded_ = true;
  }

 private:
  Mask cards_ = 0;
  Rng rng_;
  bool seeded_ = false;
};

// The id of the n-th lowest card of a mask (n from 0).
int nth_card(Mask mask, int n);

// "discard" mask m (bit i = the i-th lowest card of the hand) as the cards it names.
Mask cards_of_positions(Mask hand, unsigned positions);
// The position mask of `cards` within `hand` (cards must be a subset of hand).
unsigned positions_of_cards(Mask hand, Mask cards);

}  // namespace cardcore
