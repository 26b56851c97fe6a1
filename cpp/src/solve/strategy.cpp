#include "cardcore/solve/strategy.hpp"

#include <utility>

#include "cardcore/core/text.hpp"

namespace cardcore::solve {

StrategyTable::StrategyTable(Solution solution) : solution_(std::move(solution)) {
  for (std::size_t i = 0; i < solution_.policy.size(); ++i) {
    const InfosetPolicy& policy = solution_.policy[i];
    if (policy.actions.empty() || policy.actions.size() != policy.probabilities.size())
      throw std::invalid_argument("a strategy's information set " + quote_input(policy.key) +
                                  " needs one probability per action, and an action");
    if (policy.player < 0 || policy.player > 1)
      throw std::invalid_argument("a strategy's information set belongs to player " + std::to_string(policy.player) +
                                  ": expected 0 or 1");
    index_[policy.player].emplace(policy.key, i);
  }
}

const InfosetPolicy* StrategyTable::find(int player, const std::string& key) const {
  if (player < 0 || player > 1) return nullptr;
  const auto found = index_[player].find(key);
  return found == index_[player].end() ? nullptr : &solution_.policy[found->second];
}

void StrategyTable::missing(int player) {
  throw std::invalid_argument("the strategy has no information set of player " + std::to_string(player) +
                              " for this decision (the solution does not list every set of its game)");
}

int StrategyTable::action_at(const InfosetPolicy& policy, double u) {
  int last = policy.actions.front();
  for (std::size_t a = 0; a < policy.actions.size(); ++a) {
    if (policy.probabilities[a] <= 0) continue;
    last = policy.actions[a];
    u -= policy.probabilities[a];
    if (u < 0) return last;
  }
  return last;
}

}  // namespace cardcore::solve
