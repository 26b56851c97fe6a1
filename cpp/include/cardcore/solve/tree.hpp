// The game tree of a two-player zero-sum game as flat arrays, built once from any engine
// (the GameState concept) for the solver (solve/cfr.hpp, docs/solve.md): every history in
// depth-first order, chance enumerated by chance_outcomes() and decisions by
// legal_actions(). Information sets are told apart by the engine's
// information_state_string(player) while building, and numbered, as are the other player's
// strings at each decision (its view, from which the solver finds the public states);
// nothing reads a string afterwards.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cardcore/games/engine.hpp"
#include "cardcore/games/protocol.hpp"

namespace cardcore::solve {

// How large a tree build_tree accepts: nodes, and the bytes its arrays take (estimated).
struct Limits {
  std::int64_t max_nodes = 10'000'000;
  std::int64_t max_bytes = std::int64_t{1} << 30;
};

class Tree {
 public:
  static constexpr std::int32_t kChance = -1;
  static constexpr std::int32_t kTerminal = -4;
  // The estimated bytes a tree takes per node (its arrays and a share of its information
  // set keys), for the size check before building.
  static constexpr std::int64_t kBytesPerNode = 96;

  struct Node {
    std::int32_t player;   // 0 or 1, kChance or kTerminal
    std::int32_t count;    // children
    std::int32_t first;    // the children's place in child() and chance_probability()
    std::int32_t infoset;  // a decision's information set
    std::int32_t offset;   // a decision's information set's Infoset::offset
    double value;          // a terminal's return for player 0 (player 1's is minus it)
  };
  struct Infoset {
    std::int32_t player;
    std::int32_t offset;  // the place of its actions' entries in a policy (policy_size() in all)
    std::int32_t count;   // legal actions
    std::int32_t depth;   // its player's decisions before it
    std::int32_t node;    // its first history
    std::string key;      // the engine's information_state_string
  };

  std::string_view game() const { return game_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<Infoset>& infosets() const { return infosets_; }
  // The child node ids, and the chance probabilities, at Node::first + i.
  const std::vector<std::int32_t>& children() const { return children_; }
  const std::vector<double>& chance_probabilities() const { return probabilities_; }
  // Action ids, at Infoset::offset + i.
  const std::vector<std::int32_t>& actions() const { return actions_; }
  // The actions (chance's outcomes included) from the first state to a node.
  std::vector<int> history(std::int32_t node) const;
  std::int32_t policy_size() const { return static_cast<std::int32_t>(actions_.size()); }
  int infosets_of(int player) const { return infosets_per_player_[static_cast<std::size_t>(player)]; }
  // The information set of a key, or -1.
  int find_infoset(int player, std::string_view key) const;
  // At a decision, the number of the other player's information_state_string there (its
  // view; numbered per player, apart from the information sets); -1 at other nodes.
  const std::vector<std::int32_t>& views() const { return views_; }

  // For the best response of `player`: every node, in levels by the player's decisions
  // before it, most first (level L of `levels` holds depth levels - 1 - L), and within a
  // level in reverse depth-first order (children before parents); level L's nodes are
  // order(player)[level_begin(player)[L] .. level_begin(player)[L + 1]).
  const std::vector<std::int32_t>& order(int player) const { return order_[static_cast<std::size_t>(player)]; }
  const std::vector<std::int32_t>& level_begin(int player) const {
    return level_begin_[static_cast<std::size_t>(player)];
  }

  // The uniform policy (each legal action 1/count).
  std::vector<double> uniform_policy() const;

  // Building (build_tree): nodes are added in depth-first order.
  class Builder;

 private:
  std::string game_;
  std::vector<Node> nodes_;
  std::vector<Infoset> infosets_;
  std::vector<std::int32_t> children_, actions_;
  std::vector<std::int32_t> parent_, taken_;  // per node: its parent (-1 at the root) and the action from it
  std::vector<double> probabilities_;
  std::unordered_map<std::string, std::int32_t> index_[2], view_index_[2];
  std::vector<std::int32_t> views_;
  int infosets_per_player_[2] = {0, 0};
  std::vector<std::int32_t> order_[2], level_begin_[2];
};

class Tree::Builder {
 public:
  Builder(std::string game, std::int64_t nodes);
  std::int32_t add_terminal(double value);
  std::int32_t add_chance(const std::vector<std::pair<int, double>>& outcomes);
  // `key` is the player's information_state_string, `view` the other player's. Throws
  // std::invalid_argument when the key's information set has other legal actions.
  std::int32_t add_decision(int player, std::string key, const std::string& view, const std::vector<int>& legal);
  // Child i of node `parent`, by `action`, is node `child` (once the child is added).
  void link(std::int32_t parent, int i, int action, std::int32_t child) {
    tree_->children_[static_cast<std::size_t>(tree_->nodes_[static_cast<std::size_t>(parent)].first + i)] = child;
    tree_->parent_[static_cast<std::size_t>(child)] = parent;
    tree_->taken_[static_cast<std::size_t>(child)] = action;
  }
  // The finished tree (depths and orders); throws std::invalid_argument when the game has no
  // perfect recall (an information set's histories differ in their player's decisions).
  std::shared_ptr<const Tree> finish();

 private:
  std::shared_ptr<Tree> tree_;
};

namespace detail {

// The histories under `state` (itself included), counted up to `budget` + 1.
template <GameState S>
void count_nodes(const S& state, std::int64_t& count, std::int64_t budget) {
  if (++count > budget || state.is_terminal()) return;
  const std::vector<int> actions = state.legal_actions();
  for (const int action : actions) {
    S child = state;
    child.apply_action(action);
    count_nodes(child, count, budget);
    if (count > budget) return;
  }
}

template <GameState S>
std::int32_t add_nodes(const S& state, Tree::Builder& builder) {
  if (state.is_terminal()) {
    const std::vector<double> returns = state.returns();
    if (std::abs(returns[0] + returns[1]) > 1e-9 * (1 + std::abs(returns[0])))
      throw std::invalid_argument("the solver needs a zero-sum game: a terminal history returns " +
                                  std::to_string(returns[0]) + " and " + std::to_string(returns[1]));
    return builder.add_terminal(returns[0]);
  }
  std::vector<int> actions;
  std::int32_t node;
  if (state.is_chance_node()) {
    const std::vector<std::pair<int, double>> outcomes = state.chance_outcomes();
    node = builder.add_chance(outcomes);
    for (const auto& outcome : outcomes) actions.push_back(outcome.first);
  } else {
    const int player = state.current_player();
    actions = state.legal_actions();
    node = builder.add_decision(player, state.information_state_string(player),
                                state.information_state_string(1 - player), actions);
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    S child = state;
    child.apply_action(actions[i]);
    builder.link(node, static_cast<int>(i), actions[i], add_nodes(child, builder));
  }
  return node;
}

// Throws std::invalid_argument when a game is not two-player, or its tree is too large.
void check_players(std::string_view game, int players);
void check_size(std::string_view game, std::int64_t nodes, const Limits& limits);

}  // namespace detail

// The tree of game S in configuration `config` from its first state, with explicit chance.
// Throws std::invalid_argument when the game has other than two players, is not zero-sum,
// or has more nodes or would take more memory than `limits` allow (counted before anything
// is allocated).
template <GameState S>
std::shared_ptr<const Tree> build_tree(const typename S::Spec::Config& config, const Limits& limits = {}) {
  const std::string game = std::string(S::kName) + " " + config.to_string();
  detail::check_players(game, S::Spec::num_players(config));
  if (S::Spec::utility(config) != Utility::kZeroSum)
    throw std::invalid_argument("the solver needs a zero-sum game, and " + game + " is general-sum");
  const S root(config, false, 0);
  std::int64_t count = 0;
  detail::count_nodes(root, count, limits.max_nodes);
  detail::check_size(game, count, limits);
  Tree::Builder builder(game, count);
  detail::add_nodes(root, builder);
  return builder.finish();
}

}  // namespace cardcore::solve
