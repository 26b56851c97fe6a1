#include "cardcore/solve/tree.hpp"

#include <algorithm>

namespace cardcore::solve {

namespace detail {

void check_players(std::string_view game, int players) {
  if (players != 2)
    throw std::invalid_argument("the solver needs a two-player game, and " + std::string(game) + " has " +
                                std::to_string(players) + " players");
}

void check_size(std::string_view game, std::int64_t nodes, const Limits& limits) {
  const std::int64_t bytes = nodes * Tree::kBytesPerNode;
  if (nodes <= limits.max_nodes && bytes <= limits.max_bytes) return;
  const std::string count =
      nodes > limits.max_nodes ? "more than " + std::to_string(limits.max_nodes) : std::to_string(nodes);
  throw std::invalid_argument("the game tree of " + std::string(game) + " is too large: " + count + " nodes, about " +
                              std::to_string(bytes >> 20) + " MiB or more (limits: max_nodes " +
                              std::to_string(limits.max_nodes) + ", max_bytes " + std::to_string(limits.max_bytes) +
                              ")");
}

}  // namespace detail

int Tree::find_infoset(int player, std::string_view key) const {
  const auto& index = index_[static_cast<std::size_t>(player)];
  const auto found = index.find(std::string(key));
  return found == index.end() ? -1 : found->second;
}

std::vector<int> Tree::history(std::int32_t node) const {
  std::vector<int> actions;
  for (; parent_[static_cast<std::size_t>(node)] >= 0; node = parent_[static_cast<std::size_t>(node)])
    actions.push_back(taken_[static_cast<std::size_t>(node)]);
  return {actions.rbegin(), actions.rend()};
}

std::vector<double> Tree::uniform_policy() const {
  std::vector<double> policy(actions_.size());
  for (const Infoset& infoset : infosets_)
    std::fill_n(policy.begin() + infoset.offset, infoset.count, 1.0 / infoset.count);
  return policy;
}

Tree::Builder::Builder(std::string game, std::int64_t nodes) : tree_(std::make_shared<Tree>()) {
  tree_->game_ = std::move(game);
  tree_->nodes_.reserve(static_cast<std::size_t>(nodes));
  tree_->children_.reserve(static_cast<std::size_t>(nodes));
  tree_->probabilities_.reserve(static_cast<std::size_t>(nodes));
  tree_->views_.reserve(static_cast<std::size_t>(nodes));
  tree_->parent_.assign(static_cast<std::size_t>(nodes), -1);
  tree_->taken_.assign(static_cast<std::size_t>(nodes), -1);
}

std::int32_t Tree::Builder::add_terminal(double value) {
  tree_->nodes_.push_back({kTerminal, 0, static_cast<std::int32_t>(tree_->children_.size()), -1, -1, value});
  tree_->views_.push_back(-1);
  return static_cast<std::int32_t>(tree_->nodes_.size() - 1);
}

std::int32_t Tree::Builder::add_chance(const std::vector<std::pair<int, double>>& outcomes) {
  Tree& t = *tree_;
  const auto first = static_cast<std::int32_t>(t.children_.size());
  t.nodes_.push_back({kChance, static_cast<std::int32_t>(outcomes.size()), first, -1, -1, 0.0});
  t.views_.push_back(-1);
  t.children_.resize(t.children_.size() + outcomes.size(), -1);
  for (const auto& outcome : outcomes) t.probabilities_.push_back(outcome.second);
  return static_cast<std::int32_t>(t.nodes_.size() - 1);
}

std::int32_t Tree::Builder::add_decision(int player, std::string key, const std::string& view,
                                         const std::vector<int>& legal) {
  Tree& t = *tree_;
  auto& views = t.view_index_[1 - player];
  t.views_.push_back(views.try_emplace(view, static_cast<std::int32_t>(views.size())).first->second);
  auto& index = t.index_[static_cast<std::size_t>(player)];
  auto [found, added] = index.try_emplace(key, static_cast<std::int32_t>(t.infosets_.size()));
  if (added) {
    t.infosets_.push_back({player, static_cast<std::int32_t>(t.actions_.size()),
                           static_cast<std::int32_t>(legal.size()), -1, static_cast<std::int32_t>(t.nodes_.size()),
                           std::move(key)});
    t.actions_.insert(t.actions_.end(), legal.begin(), legal.end());
    ++t.infosets_per_player_[player];
  } else {
    const Infoset& infoset = t.infosets_[static_cast<std::size_t>(found->second)];
    if (!std::equal(legal.begin(), legal.end(), t.actions_.begin() + infoset.offset,
                    t.actions_.begin() + infoset.offset + infoset.count) ||
        static_cast<int>(legal.size()) != infoset.count)
      throw std::invalid_argument("two histories of one information set have different legal actions: " +
                                  quote_input(infoset.key));
  }
  const auto first = static_cast<std::int32_t>(t.children_.size());
  t.nodes_.push_back({player, static_cast<std::int32_t>(legal.size()), first, found->second,
                      t.infosets_[static_cast<std::size_t>(found->second)].offset, 0.0});
  t.children_.resize(t.children_.size() + legal.size(), -1);
  t.probabilities_.resize(t.children_.size(), 0.0);
  return static_cast<std::int32_t>(t.nodes_.size() - 1);
}

std::shared_ptr<const Tree> Tree::Builder::finish() {
  Tree& t = *tree_;
  for (auto& views : t.view_index_) views = {};  // the numbers are kept, the strings not needed
  const auto n = t.nodes_.size();
  std::vector<std::uint8_t> depth;  // the player's decisions before each node
  for (int p = 0; p < 2; ++p) {
    depth.assign(n, 0);
    int levels = 1;
    for (std::size_t i = 0; i < n; ++i) {  // parents come before their children
      const Node& node = t.nodes_[i];
      const int below = depth[i] + (node.player == p ? 1 : 0);
      if (below > 255) throw std::invalid_argument("the solver handles at most 255 decisions of a player in a game");
      levels = std::max(levels, below + 1);
      for (int c = 0; c < node.count; ++c)
        depth[static_cast<std::size_t>(t.children_[node.first + c])] = static_cast<std::uint8_t>(below);
      if (node.player != p) continue;
      Infoset& infoset = t.infosets_[static_cast<std::size_t>(node.infoset)];
      if (infoset.depth >= 0 && infoset.depth != depth[i])
        throw std::invalid_argument("the solver needs perfect recall: the histories of information set " +
                                    quote_input(infoset.key) + " follow different numbers of its player's decisions");
      infoset.depth = depth[i];
    }
    // Counting sort by depth, most first; reverse depth-first order within a depth.
    std::vector<std::int32_t>& begin = t.level_begin_[p];
    begin.assign(static_cast<std::size_t>(levels) + 1, 0);
    for (std::size_t i = 0; i < n; ++i) ++begin[static_cast<std::size_t>(levels - 1 - depth[i]) + 1];
    for (int d = 0; d < levels; ++d) begin[static_cast<std::size_t>(d) + 1] += begin[static_cast<std::size_t>(d)];
    std::vector<std::int32_t>& order = t.order_[p];
    order.assign(n, 0);
    std::vector<std::int32_t> next(begin.begin(), begin.end() - 1);
    for (std::size_t i = n; i-- > 0;)
      order[static_cast<std::size_t>(next[static_cast<std::size_t>(levels - 1 - depth[i])]++)] =
          static_cast<std::int32_t>(i);
  }
  return tree_;
}

}  // namespace cardcore::solve
