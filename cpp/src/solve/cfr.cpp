#include "cardcore/solve/cfr.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "cardcore/vector/thread_pool.hpp"

namespace cardcore::solve {
namespace {

constexpr std::string_view kAlgorithmNames[] = {"cfr", "cfr+", "dcfr", "linear"};
constexpr int kMaxActions = 128;  // player action ids are below 128 (games/engine.hpp)

// DCFR's discounts (OpenSpiel's DCFRSolver defaults; LCFRSolver is alpha = beta = gamma = 1).
struct Discount {
  double alpha, beta, gamma;
};
Discount discount_of(Algorithm algorithm) {
  return algorithm == Algorithm::kDcfr ? Discount{1.5, 0, 2} : Discount{1, 1, 1};
}

}  // namespace

std::string_view algorithm_name(Algorithm algorithm) { return kAlgorithmNames[static_cast<int>(algorithm)]; }

Algorithm algorithm_from_name(std::string_view name) {
  for (int a = 0; a < 4; ++a)
    if (name == kAlgorithmNames[a]) return static_cast<Algorithm>(a);
  throw std::invalid_argument("unknown solver algorithm " + quote_input(name) + ": expected cfr, cfr+, dcfr or linear");
}

// One pass of the traversal for `player` (OpenSpiel's _compute_counterfactual_regret_for_player):
// values are player 0's (player 1's are minus them: the tree is zero-sum), and a subtree is
// skipped only where both players' reach is 0. A node's contributions are added to its
// information set's sums at once, in depth-first order; with kSlots (a thread's share of
// the root's outcomes), those of a set that other outcomes reach too are written to the
// node's own slots (its children's places), for the caller to add up in depth-first order.
struct Solver::Pass {
  const Tree::Node* nodes;
  const std::int32_t* children;
  const double* probabilities;
  const double* current;
  double* regret;
  double* cumulative;
  // kSlots: the slots, and which nodes write to them (the others' sets are the thread's own).
  double* slot_regret;
  double* slot_policy;
  const std::uint8_t* shared;
  std::uint32_t* stamp;
  std::uint32_t pass;
  double weight;  // of the cumulative policy: the iteration (CFR+), t^gamma (DCFR, linear) or 1

  // kPlayer: the player updated; kIterationFirst (CFR+): a policy weight of (t * reach) * p,
  // else (reach * p) * weight, as OpenSpiel multiplies.
  template <bool kSlots, int kPlayer, bool kIterationFirst>
  double walk(std::int32_t n, double r0, double r1, double rc) const {
    const Tree::Node& node = nodes[n];
    const std::int32_t* child = children + node.first;
    if (node.player == Tree::kChance) {
      const double* p = probabilities + node.first;
      double value = 0;
      for (int c = 0; c < node.count; ++c)
        value += p[c] * value_of<kSlots, kPlayer, kIterationFirst>(child[c], r0, r1, rc * p[c]);
      return value;
    }
    if (r0 == 0 && r1 == 0) return 0;
    const std::int32_t offset = node.offset;
    const double* s = current + offset;
    double values[kMaxActions];
    double value = 0;
    if (node.player == 0) {
      for (int c = 0; c < node.count; ++c) {
        values[c] = value_of<kSlots, kPlayer, kIterationFirst>(child[c], r0 * s[c], r1, rc);
        value += s[c] * values[c];
      }
    } else {
      for (int c = 0; c < node.count; ++c) {
        values[c] = value_of<kSlots, kPlayer, kIterationFirst>(child[c], r0, r1 * s[c], rc);
        value += s[c] * values[c];
      }
    }
    if (node.player != kPlayer) return value;
    const double counterfactual = (kPlayer == 0 ? r1 : r0) * rc;
    const double own = kPlayer == 0 ? r0 : r1;
    auto update = [&](double* r, double* w, auto write) {
      for (int c = 0; c < node.count; ++c) {
        const double gain = kPlayer == 0 ? values[c] - value : -(values[c] - value);
        write(r[c], counterfactual * gain);
        write(w[c], kIterationFirst ? weight * own * s[c] : own * s[c] * weight);
      }
    };
    if (kSlots && shared[n]) {
      update(slot_regret + node.first, slot_policy + node.first, [](double& to, double x) { to = x; });
      stamp[n] = pass;
    } else {
      update(regret + offset, cumulative + offset, [](double& to, double x) { to += x; });
    }
    return value;
  }

  // A node's value: a terminal's without a call.
  template <bool kSlots, int kPlayer, bool kIterationFirst>
  double value_of(std::int32_t n, double r0, double r1, double rc) const {
    const Tree::Node& node = nodes[n];
    return node.player == Tree::kTerminal ? node.value : walk<kSlots, kPlayer, kIterationFirst>(n, r0, r1, rc);
  }

  template <bool kSlots>
  double run(int player, bool iteration_first, std::int32_t n, double rc) const {
    if (player == 0)
      return iteration_first ? value_of<kSlots, 0, true>(n, 1, 1, rc) : value_of<kSlots, 0, false>(n, 1, 1, rc);
    return iteration_first ? value_of<kSlots, 1, true>(n, 1, 1, rc) : value_of<kSlots, 1, false>(n, 1, 1, rc);
  }
};

Solver::Solver(std::shared_ptr<const Tree> tree, Algorithm algorithm, int threads)
    : tree_(std::move(tree)), algorithm_(algorithm) {
  if (threads < 1) throw std::invalid_argument("threads must be at least 1, got " + std::to_string(threads));
  if (static_cast<int>(algorithm) > 3) throw std::invalid_argument("unknown solver algorithm");
  regret_.assign(static_cast<std::size_t>(tree_->policy_size()), 0.0);
  cumulative_ = regret_;
  current_ = tree_->uniform_policy();
  const auto& nodes = tree_->nodes();
  if (threads > 1 && !nodes.empty() && nodes[0].player == Tree::kChance && nodes[0].count > 1) {
    pool_ = std::make_unique<vector::ThreadPool>(std::min(threads, nodes[0].count));
    slot_regret_.assign(tree_->children().size(), 0.0);
    slot_policy_ = slot_regret_;
    stamp_.assign(nodes.size(), 0);
    // Each information set's nodes in depth-first order (counting sort by set).
    const std::size_t sets = tree_->infosets().size();
    infoset_nodes_begin_.assign(sets + 1, 0);
    for (const Tree::Node& node : nodes)
      if (node.player >= 0) ++infoset_nodes_begin_[static_cast<std::size_t>(node.infoset) + 1];
    for (std::size_t i = 0; i < sets; ++i) infoset_nodes_begin_[i + 1] += infoset_nodes_begin_[i];
    infoset_nodes_.resize(static_cast<std::size_t>(infoset_nodes_begin_[sets]));
    std::vector<std::int32_t> next(infoset_nodes_begin_.begin(), infoset_nodes_begin_.end() - 1);
    for (std::size_t n = 0; n < nodes.size(); ++n)
      if (nodes[n].player >= 0)
        infoset_nodes_[static_cast<std::size_t>(next[static_cast<std::size_t>(nodes[n].infoset)]++)] =
            static_cast<std::int32_t>(n);
    // The root outcome above each node; a set is shared when nodes under two outcomes are in it.
    std::vector<std::int32_t> outcome(nodes.size(), -1), outcome_of_set(sets, -1);
    std::vector<std::uint8_t> set_shared(sets, 0);
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const Tree::Node& node = nodes[n];
      for (int c = 0; c < node.count; ++c)
        outcome[static_cast<std::size_t>(tree_->children()[static_cast<std::size_t>(node.first + c)])] =
            n == 0 ? c : outcome[n];
      if (node.player < 0) continue;
      std::int32_t& seen = outcome_of_set[static_cast<std::size_t>(node.infoset)];
      if (seen >= 0 && seen != outcome[n]) set_shared[static_cast<std::size_t>(node.infoset)] = 1;
      seen = outcome[n];
    }
    shared_.assign(nodes.size(), 0);
    for (std::size_t n = 0; n < nodes.size(); ++n)
      if (nodes[n].player >= 0) shared_[n] = set_shared[static_cast<std::size_t>(nodes[n].infoset)];
    for (std::size_t i = 0; i < sets; ++i)
      if (set_shared[i])
        shared_sets_[static_cast<std::size_t>(tree_->infosets()[i].player)].push_back(static_cast<std::int32_t>(i));
  }
}

Solver::~Solver() = default;

void Solver::pass(int player) {
  const Tree& t = *tree_;
  const double iteration = static_cast<double>(iteration_);
  const bool linear = algorithm_ == Algorithm::kDcfr || algorithm_ == Algorithm::kLinear;
  Pass pass{.nodes = t.nodes().data(),
            .children = t.children().data(),
            .probabilities = t.chance_probabilities().data(),
            .current = current_.data(),
            .regret = regret_.data(),
            .cumulative = cumulative_.data(),
            .slot_regret = slot_regret_.data(),
            .slot_policy = slot_policy_.data(),
            .shared = shared_.data(),
            .stamp = stamp_.data(),
            .pass = 0,
            .weight = algorithm_ == Algorithm::kCfrPlus ? iteration
                      : linear                          ? std::pow(iteration, discount_of(algorithm_).gamma)
                                                        : 1.0};
  const bool iteration_first = algorithm_ == Algorithm::kCfrPlus;
  if (!pool_) {
    pass.run<false>(player, iteration_first, 0, 1);
    return;
  }
  pass.pass = ++pass_;
  const Tree::Node& root = t.nodes()[0];
  const std::int32_t* child = t.children().data() + root.first;
  const double* p = t.chance_probabilities().data() + root.first;
  pool_->run(static_cast<std::size_t>(root.count), [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) pass.run<true>(player, iteration_first, child[c], p[c]);
  });
  // The slots' contributions, added in depth-first order within each information set.
  const std::vector<std::int32_t>& sets = shared_sets_[static_cast<std::size_t>(player)];
  if (sets.empty()) return;
  pool_->run(sets.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t j = begin; j < end; ++j) {
      const auto i = static_cast<std::size_t>(sets[j]);
      const Tree::Infoset& infoset = t.infosets()[i];
      for (std::int32_t k = infoset_nodes_begin_[i]; k < infoset_nodes_begin_[i + 1]; ++k) {
        const std::int32_t n = infoset_nodes_[static_cast<std::size_t>(k)];
        if (stamp_[static_cast<std::size_t>(n)] != pass_) continue;
        const std::int32_t first = t.nodes()[static_cast<std::size_t>(n)].first;
        for (int a = 0; a < infoset.count; ++a) {
          regret_[static_cast<std::size_t>(infoset.offset + a)] += slot_regret_[static_cast<std::size_t>(first + a)];
          cumulative_[static_cast<std::size_t>(infoset.offset + a)] +=
              slot_policy_[static_cast<std::size_t>(first + a)];
        }
      }
    }
  });
}

// The pass changed only `player`'s regrets, so only its sets change: OpenSpiel applies
// regret matching+ and regret matching to every set, which leaves the others as they were.
void Solver::after_pass(int player) {
  const double iteration = static_cast<double>(iteration_);
  const bool linear = algorithm_ == Algorithm::kDcfr || algorithm_ == Algorithm::kLinear;
  double positive_factor = 1, negative_factor = 1;
  if (linear) {
    const Discount d = discount_of(algorithm_);
    const double up = std::pow(iteration, d.alpha), down = std::pow(iteration, d.beta);
    positive_factor = up / (up + 1);
    negative_factor = down / (down + 1);
  }
  for (const Tree::Infoset& infoset : tree_->infosets()) {
    if (infoset.player != player) continue;
    double* r = regret_.data() + infoset.offset;
    double* s = current_.data() + infoset.offset;
    if (algorithm_ == Algorithm::kCfrPlus) {
      for (int a = 0; a < infoset.count; ++a) r[a] = r[a] < 0 ? 0.0 : r[a];  // regret matching+
    } else if (linear) {
      for (int a = 0; a < infoset.count; ++a) r[a] *= r[a] >= 0 ? positive_factor : negative_factor;
    }
    double positive = 0;
    for (int a = 0; a < infoset.count; ++a)
      if (r[a] > 0) positive += r[a];
    for (int a = 0; a < infoset.count; ++a) s[a] = positive > 0 ? std::max(0.0, r[a]) / positive : 1.0 / infoset.count;
  }
}

void Solver::iterate(std::int64_t iterations) {
  if (iterations < 0) throw std::invalid_argument("iterations must be at least 0, got " + std::to_string(iterations));
  for (std::int64_t i = 0; i < iterations; ++i) {
    ++iteration_;
    for (int player = 0; player < 2; ++player) {
      pass(player);
      after_pass(player);
    }
  }
}

std::vector<double> Solver::average_policy() const {
  std::vector<double> policy(cumulative_.size());
  for (const Tree::Infoset& infoset : tree_->infosets()) {
    const double* c = cumulative_.data() + infoset.offset;
    double sum = 0;
    for (int a = 0; a < infoset.count; ++a) sum += c[a];
    for (int a = 0; a < infoset.count; ++a)
      policy[static_cast<std::size_t>(infoset.offset + a)] = sum == 0 ? 1.0 / infoset.count : c[a] / sum;
  }
  return policy;
}

}  // namespace cardcore::solve
