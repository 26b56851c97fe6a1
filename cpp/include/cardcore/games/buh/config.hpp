// Buh game configuration (rules/buh.md 1.2-1.4, R-1).
#pragma once

#include <array>
#include <string>

#include "cardcore/games/betting.hpp"

namespace cardcore::buh {

inline constexpr int kMaxPlayers = 8;

struct Config {
  int players = 2;                                    // 2 to 8
  std::array<betting::Chips, kMaxPlayers> stacks{100, 100, 100, 100, 100, 100, 100, 100};
  betting::Chips ante = 1;
  betting::Chips small_bet = 1;  // rounds 1-2
  betting::Chips big_bet = 2;    // rounds 3-4
  int max_raises = 3;            // raises after the bet: the cap is 1 + max_raises
  int hands = 1;                 // > 1: the dealer rotates, busted players sit out
  int first_dealer = 0;

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

}  // namespace cardcore::buh
