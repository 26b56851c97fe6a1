// A solution's policy as a player (docs/solve.md, "A strategy as a player"): the action
// probabilities of each information set, found by the information-state string of the
// player to act, and an action drawn by them.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "cardcore/core/rng.hpp"
#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {

class StrategyTable {
 public:
  explicit StrategyTable(Solution solution);

  // "<name> <config>", the game the strategy plays.
  const std::string& game() const { return solution_.game; }

  // The policy of `player` at the information set `key`, or nullptr.
  const InfosetPolicy* find(int player, const std::string& key) const;

  // The action of `policy` that `u` in [0, 1) falls on, the probabilities laid end to end
  // (the last action with a positive probability when rounding leaves `u` past them all).
  static int action_at(const InfosetPolicy& policy, double u);

  // An action of the player to act at `state`, drawn by its probability with one number of
  // `rng`: uniformly among the legal actions at a set a sampled solve never visited
  // (Solution::uniform_elsewhere), else std::invalid_argument when the strategy lacks it.
  // The message names the player, never the set's key: the key holds the player's cards,
  // and the error may reach another seat (a strategy playing against a person).
  template <class State>
  int choose(const State& state, Rng& rng) const {
    const int player = state.current_player();
    const std::string key = state.information_state_string(player);
    const double u = static_cast<double>(rng.next() >> 11) * 0x1p-53;  // 53 random bits
    if (const InfosetPolicy* policy = find(player, key)) return action_at(*policy, u);
    if (!solution_.uniform_elsewhere)
      throw std::invalid_argument("the strategy has no information set of player " + std::to_string(player) +
                                  " for this decision (the solution does not list every set of its game)");
    const auto legal = state.legal_player_actions();
    return legal.nth(static_cast<int>(u * legal.size()));
  }

 private:
  Solution solution_;
  std::unordered_map<std::string, std::size_t> index_[2];  // per player: key -> policy entry
};

}  // namespace cardcore::solve
