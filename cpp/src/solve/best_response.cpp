#include <cmath>
#include <stdexcept>

#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {

void check_policy(const Tree& tree, std::span<const double> policy) {
  if (policy.size() != static_cast<std::size_t>(tree.policy_size()))
    throw std::invalid_argument("a policy of " + std::string(tree.game()) + " has " +
                                std::to_string(tree.policy_size()) + " entries, got " + std::to_string(policy.size()));
  for (const Tree::Infoset& infoset : tree.infosets()) {
    double sum = 0;
    for (int a = 0; a < infoset.count; ++a) {
      const double p = policy[static_cast<std::size_t>(infoset.offset + a)];
      if (!std::isfinite(p) || p < 0)
        throw std::invalid_argument("a policy's probability must be finite and at least 0, got " + std::to_string(p) +
                                    " at information set " + quote_input(infoset.key));
      sum += p;
    }
    if (std::abs(sum - 1) > 1e-6)
      throw std::invalid_argument("a policy's probabilities must sum to 1, got " + std::to_string(sum) +
                                  " at information set " + quote_input(infoset.key));
  }
}

BestResponse best_response(const Tree& tree, std::span<const double> policy, int player) {
  check_player(player, 2);
  check_policy(tree, policy);
  const auto& nodes = tree.nodes();
  const auto& children = tree.children();
  const auto& infosets = tree.infosets();
  const std::size_t n = nodes.size();
  // The reach of each node by the opponent's policy and chance.
  std::vector<double> reach(n), value(n), q(policy.size(), 0.0);
  reach[0] = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const Tree::Node& node = nodes[i];
    for (int c = 0; c < node.count; ++c) {
      const double w =
          node.player == Tree::kChance ? tree.chance_probabilities()[static_cast<std::size_t>(node.first + c)]
          : node.player == player
              ? 1.0
              : policy[static_cast<std::size_t>(infosets[static_cast<std::size_t>(node.infoset)].offset + c)];
      reach[static_cast<std::size_t>(children[static_cast<std::size_t>(node.first + c)])] = reach[i] * w;
    }
  }
  // Level by level, the player's latest decisions first: the action values of the
  // information sets at this level (their children's values are known), the best actions,
  // then the values of the level's nodes, children before parents.
  const double sign = player == 0 ? 1.0 : -1.0;
  std::vector<int> best(infosets.size(), -1);
  const auto& order = tree.order(player);
  const auto& begin = tree.level_begin(player);
  auto child_value = [&](const Tree::Node& node, int c) {
    return value[static_cast<std::size_t>(children[static_cast<std::size_t>(node.first + c)])];
  };
  for (std::size_t level = 0; level + 1 < begin.size(); ++level) {
    const auto first = order.begin() + begin[level], last = order.begin() + begin[level + 1];
    for (auto it = first; it != last; ++it) {
      const Tree::Node& node = nodes[static_cast<std::size_t>(*it)];
      if (node.player != player) continue;
      double* qs = q.data() + infosets[static_cast<std::size_t>(node.infoset)].offset;
      for (int c = 0; c < node.count; ++c) qs[c] += reach[static_cast<std::size_t>(*it)] * child_value(node, c);
    }
    for (auto it = first; it != last; ++it) {
      const Tree::Node& node = nodes[static_cast<std::size_t>(*it)];
      if (node.player != player || best[static_cast<std::size_t>(node.infoset)] >= 0) continue;
      const double* qs = q.data() + infosets[static_cast<std::size_t>(node.infoset)].offset;
      int choice = 0;
      for (int c = 1; c < node.count; ++c)
        if (qs[c] > qs[choice]) choice = c;  // ties to the lowest action id
      best[static_cast<std::size_t>(node.infoset)] = choice;
    }
    for (auto it = first; it != last; ++it) {
      const Tree::Node& node = nodes[static_cast<std::size_t>(*it)];
      double v = 0;
      if (node.player == Tree::kTerminal) {
        v = sign * node.value;
      } else if (node.player == player) {
        v = child_value(node, best[static_cast<std::size_t>(node.infoset)]);
      } else {
        const double* w = node.player == Tree::kChance
                              ? tree.chance_probabilities().data() + node.first
                              : policy.data() + infosets[static_cast<std::size_t>(node.infoset)].offset;
        for (int c = 0; c < node.count; ++c) v += w[c] * child_value(node, c);
      }
      value[static_cast<std::size_t>(*it)] = v;
    }
  }
  BestResponse response{value[0], std::vector<int>(infosets.size(), -1)};
  for (std::size_t i = 0; i < infosets.size(); ++i)
    if (best[i] >= 0) response.actions[i] = tree.actions()[static_cast<std::size_t>(infosets[i].offset + best[i])];
  return response;
}

double policy_value(const Tree& tree, std::span<const double> policy) {
  check_policy(tree, policy);
  const auto& nodes = tree.nodes();
  std::vector<double> value(nodes.size());
  for (std::size_t i = nodes.size(); i-- > 0;) {  // children come after their parents
    const Tree::Node& node = nodes[i];
    if (node.player == Tree::kTerminal) {
      value[i] = node.value;
      continue;
    }
    const double* w = node.player == Tree::kChance
                          ? tree.chance_probabilities().data() + node.first
                          : policy.data() + tree.infosets()[static_cast<std::size_t>(node.infoset)].offset;
    double v = 0;
    for (int c = 0; c < node.count; ++c)
      v += w[c] * value[static_cast<std::size_t>(tree.children()[static_cast<std::size_t>(node.first + c)])];
    value[i] = v;
  }
  return value[0];
}

Exploitability exploitability(const Tree& tree, std::span<const double> policy) {
  Exploitability e{};
  for (int p = 0; p < 2; ++p) e.best_response_value[p] = best_response(tree, policy, p).value;
  // The policy's values sum to zero (a zero-sum tree), as OpenSpiel's utility_sum().
  e.nash_conv = e.best_response_value[0] + e.best_response_value[1];
  e.exploitability = e.nash_conv / 2;
  return e;
}

}  // namespace cardcore::solve
