#include "cardcore/games/engine.hpp"

#include "cardcore/core/text.hpp"

namespace cardcore {

std::vector<int> ActionSet::to_vector() const {
  std::vector<int> actions;
  for (int word = 0; word < 2; ++word)
    for (std::uint64_t b = bits[word]; b; b = clear_lowest(b)) actions.push_back(64 * word + lowest_bit(b));
  return actions;
}

std::invalid_argument unknown_action(std::string_view game, std::string_view text, std::string_view expected) {
  return std::invalid_argument("unknown " + std::string(game) + " action " + quote_input(text) + ": expected " +
                               std::string(expected));
}

void check_player(int player, int players) {
  if (player < 0 || player >= players)
    throw std::out_of_range("player must be in 0-" + std::to_string(players - 1) + ", got " + std::to_string(player));
}

}  // namespace cardcore
