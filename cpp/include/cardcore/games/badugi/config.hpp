// Badugi game configuration (rules/badugi.md 2.2-2.4).
#pragma once

#include <array>
#include <string>

#include "cardcore/games/betting.hpp"

namespace cardcore::badugi {

struct Config {
  std::array<betting::Chips, 2> stacks{100, 100};
  betting::Chips small_blind = 1;
  betting::Chips big_blind = 2;
  betting::Chips small_bet = 2;  // rounds 1-2
  betting::Chips big_bet = 4;    // rounds 3-4
  int max_raises = 3;            // raises after the opening bet: the cap is 1 + max_raises
  int hands = 1;                 // 12 plays the source's match
  int first_dealer = 0;

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  // "stacks=100,100 small_blind=1 ..." (the serialized form).
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

}  // namespace cardcore::badugi
