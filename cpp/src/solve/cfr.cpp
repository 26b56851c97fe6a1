// The solver's iterations over the game's public tree (docs/solve.md, "The public tree").
#include "cardcore/solve/cfr.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <stdexcept>
#include <thread>
#include <utility>

#include "cardcore/vector/thread_pool.hpp"

namespace cardcore::solve {
namespace {

constexpr std::string_view kAlgorithmNames[] = {"cfr", "cfr+", "dcfr", "linear"};

// DCFR's discounts (OpenSpiel's DCFRSolver defaults; LCFRSolver is alpha = beta = gamma = 1).
struct Discount {
  double alpha, beta, gamma;
};
Discount discount_of(Algorithm algorithm) {
  return algorithm == Algorithm::kDcfr ? Discount{1.5, 0, 2} : Discount{1, 1, 1};
}

// Spins a little before looking again: x86's PAUSE, ARM's YIELD, else nothing.
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// A barrier for threads that meet every few microseconds. A waiting thread spins briefly,
// then yields its core at each look, and sleeps only after about a millisecond: threads
// that slept after a thousand looks took turns to sleep, and waking one takes longer than
// a pass of Leduc (about 9 microseconds). Yielding still lets a thread with no core of its
// own run (the machine may have fewer free cores than threads).
class Barrier {
 public:
  explicit Barrier(int threads) : threads_(threads) {}
  void wait() {
    const int generation = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) == threads_ - 1) {
      arrived_.store(0, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
      generation_.notify_all();
      return;
    }
    for (int looks = 0; generation_.load(std::memory_order_acquire) == generation; ++looks) {
      if (looks < kSpins) {
        relax();
      } else if (looks < kSpins + kYields) {
        std::this_thread::yield();
      } else {
        generation_.wait(generation, std::memory_order_acquire);
      }
    }
  }

 private:
  static constexpr int kSpins = 64, kYields = 4096;
  const int threads_;
  std::atomic<int> arrived_{0}, generation_{0};
};

// Union-find over node ids.
class Components {
 public:
  explicit Components(std::size_t n) : parent_(n) {
    for (std::size_t i = 0; i < n; ++i) parent_[i] = static_cast<std::int32_t>(i);
  }
  std::int32_t find(std::int32_t x) {
    while (parent_[static_cast<std::size_t>(x)] != x) {
      auto& up = parent_[static_cast<std::size_t>(x)];
      up = parent_[static_cast<std::size_t>(up)];
      x = up;
    }
    return x;
  }
  void unite(std::int32_t a, std::int32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }

 private:
  std::vector<std::int32_t> parent_;
};

}  // namespace

std::string_view algorithm_name(Algorithm algorithm) { return kAlgorithmNames[static_cast<int>(algorithm)]; }

Algorithm algorithm_from_name(std::string_view name) {
  for (int a = 0; a < 4; ++a)
    if (name == kAlgorithmNames[a]) return static_cast<Algorithm>(a);
  throw std::invalid_argument("unknown solver algorithm " + quote_input(name) + ": expected cfr, cfr+, dcfr or linear");
}

// The public tree: the decisions of the history tree grouped into public states (the
// smallest groups that keep each information set, and each player's view of the other's
// decisions, whole), each holding a vector of each player's private states ("hands": its
// information sets, or its views). A public state's histories all have one player to act,
// one parent public state and action, and each hand one hand at the parent; the terminals
// after an action, through any chance, become a matrix of player 0's return times chance's
// probability over the two players' hands. A pass is then vector arithmetic: each public
// state's reaches from its parent's (preorder), its values from its children's (reverse
// preorder), and at the updated player's states the regrets, the cumulative policy and
// regret matching. Each public state's arithmetic is the same whichever thread does it, so
// the results do not depend on the threads.
// An allocator of whole cache lines (the passes' arrays: see `lines` in the constructor).
template <class T>
struct CacheLines {
  using value_type = T;
  CacheLines() = default;
  template <class U>
  CacheLines(const CacheLines<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64})); }
  void deallocate(T* p, std::size_t) { ::operator delete (p, std::align_val_t{64}); }
  bool operator==(const CacheLines&) const = default;
};
using Lines = std::vector<double, CacheLines<double>>;

class Solver::Public {
 public:
  Public(const Tree& tree, int threads);
  void run(Algorithm algorithm, std::int64_t first, std::int64_t iterations);
  std::vector<double> to_tree(const Tree& tree, bool average) const;

 private:
  struct Node {
    std::int32_t player, actions;
    std::int32_t parent, action;  // the parent and its action index leading here; -1 at a root
    std::int32_t hands[2];
    std::int32_t map[2];    // in maps_: each hand's hand at the parent
    std::int32_t reach[2];  // in reach_: each hand's reach by its player's policy
    std::int32_t value;     // in value_: the updated player's hands' counterfactual values
    std::int32_t policy;    // in regret_, cumulative_, current_: action a, hand i at + a * hands[player] + i
    std::int32_t scratch;   // in scratch_: actions x hands, then hands
    std::int32_t infosets;  // in infosets_: the information set of each of the player's hands
    std::int32_t children, children_end;  // in children_
    std::int32_t end;                     // one past its subtree in preorder
  };
  struct Child {
    std::int32_t action;
    std::int32_t node;    // a public state, or -1 for the terminals
    std::int32_t matrix;  // in terminal_: by columns, player 0's return per hands[0] x hands[1], then minus it per
                          // hands[1] x hands[0]
  };
  // One pass's weights: of the cumulative policy, and of positive and negative regrets.
  struct Weights {
    int player;
    bool iteration_first, plus, discounted;
    double weight, positive, negative;
  };

  std::vector<Node> nodes_;  // in preorder
  std::vector<Child> children_;
  std::vector<std::int32_t> maps_, infosets_;
  std::vector<double> terminal_;
  Lines reach_, value_, scratch_, regret_, cumulative_, current_;
  // Threads: the subtrees (preorder ranges) of each, and the nodes above them (thread 0's).
  std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> ranges_;
  std::vector<std::int32_t> top_;
  // Its threads, kept from call to call: a thread started at each call began on the
  // caller's core, and the scheduler took milliseconds to move it.
  vector::ThreadPool pool_;

  void forward(std::int32_t n);
  void backward(std::int32_t n, const Weights& w);
  void split(int threads);
};

namespace {

// out[i] += the sum over j of m[j * rows + i] * x[j] (m by columns), with the loops unrolled
// for the small numbers of hands in card games.
template <int kRows>
void add_product(const double* m, const double* x, int columns, double* out) {
  double sum[kRows] = {};
  for (int j = 0; j < columns; ++j)
    for (int i = 0; i < kRows; ++i) sum[i] += m[j * kRows + i] * x[j];
  for (int i = 0; i < kRows; ++i) out[i] += sum[i];
}

void add_product(const double* m, const double* x, int rows, int columns, double* out) {
  switch (rows) {
    case 2:
      return add_product<2>(m, x, columns, out);
    case 3:
      return add_product<3>(m, x, columns, out);
    case 4:
      return add_product<4>(m, x, columns, out);
    case 5:
      return add_product<5>(m, x, columns, out);
    case 6:
      return add_product<6>(m, x, columns, out);
    case 7:
      return add_product<7>(m, x, columns, out);
    case 8:
      return add_product<8>(m, x, columns, out);
    default:
      for (int j = 0; j < columns; ++j)
        for (int i = 0; i < rows; ++i) out[i] += m[j * rows + i] * x[j];
  }
}

[[noreturn]] void no_public_tree(const Tree& tree, const std::string& why) {
  throw std::invalid_argument("the solver needs the public states of " + std::string(tree.game()) +
                              " to form a tree, but " + why);
}

}  // namespace

Solver::Public::Public(const Tree& tree, int threads) : pool_(threads) {
  const auto& hnodes = tree.nodes();
  const auto& hchildren = tree.children();
  const auto& views = tree.views();
  const std::size_t n = hnodes.size();
  // Each history's nearest decision above it, the action index taken there, and chance's reach.
  std::vector<std::int32_t> above(n, -1), taken(n, -1);
  std::vector<double> chance(n, 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    const Tree::Node& node = hnodes[i];
    for (int c = 0; c < node.count; ++c) {
      const auto k = static_cast<std::size_t>(hchildren[static_cast<std::size_t>(node.first + c)]);
      const bool decision = node.player >= 0;
      chance[k] = chance[i] * (decision ? 1.0 : tree.chance_probabilities()[static_cast<std::size_t>(node.first + c)]);
      above[k] = decision ? static_cast<std::int32_t>(i) : above[i];
      taken[k] = decision ? c : taken[i];
    }
  }
  // Public states: decisions joined by a shared information set or view.
  Components components(n);
  std::vector<std::int32_t> first_of_set(tree.infosets().size(), -1);
  std::vector<std::int32_t> first_of_view[2];
  for (std::size_t i = 0; i < n; ++i) {
    const Tree::Node& node = hnodes[i];
    if (node.player < 0) continue;
    const auto me = static_cast<std::int32_t>(i);
    auto join = [&](std::int32_t& first) {
      if (first < 0) first = me;
      components.unite(first, me);
    };
    join(first_of_set[static_cast<std::size_t>(node.infoset)]);
    auto& of_view = first_of_view[1 - node.player];
    const auto view = static_cast<std::size_t>(views[i]);
    if (of_view.size() <= view) of_view.resize(view + 1, -1);
    join(of_view[view]);
  }
  // Number them in order of first appearance; each history's hands.
  std::vector<std::int32_t> state(n, -1),
      hand[2] = {std::vector<std::int32_t>(n, -1), std::vector<std::int32_t>(n, -1)};
  std::vector<std::int32_t> state_of_root(n, -1), set_hand(tree.infosets().size(), -1), view_hand[2];
  struct Draft {
    std::int32_t player, parent, action, hands[2] = {0, 0};
    const Tree::Infoset* set;
    std::vector<std::int32_t> map[2], infosets;
    std::vector<std::pair<std::int32_t, std::int32_t>> children;  // (action, state); state -1: terminals
    std::map<std::int32_t, std::int32_t> terminals;               // action -> its matrix in `matrices`
  };
  std::vector<Draft> drafts;
  std::vector<std::vector<double>> matrices;
  for (std::size_t i = 0; i < n; ++i) {
    const Tree::Node& node = hnodes[i];
    if (node.player < 0) continue;
    std::int32_t& s = state_of_root[static_cast<std::size_t>(components.find(static_cast<std::int32_t>(i)))];
    const Tree::Infoset& set = tree.infosets()[static_cast<std::size_t>(node.infoset)];
    const std::int32_t parent = above[i] < 0 ? -1 : state[static_cast<std::size_t>(above[i])];
    if (s < 0) {
      s = static_cast<std::int32_t>(drafts.size());
      drafts.push_back({node.player, parent, parent < 0 ? -1 : taken[i], {0, 0}, &set, {}, {}, {}, {}});
      if (parent >= 0) drafts[static_cast<std::size_t>(parent)].children.emplace_back(taken[i], s);
    }
    state[i] = s;
    Draft& d = drafts[static_cast<std::size_t>(s)];
    if (d.player != node.player) no_public_tree(tree, "a public state has decisions of both players");
    if (d.parent != parent || (parent >= 0 && d.action != taken[i]))
      no_public_tree(tree, "a public state follows two public states or actions (an action one player does not see?)");
    if (parent == s) no_public_tree(tree, "a public state follows itself");
    if (set.count != d.set->count ||
        !std::equal(tree.actions().begin() + set.offset, tree.actions().begin() + set.offset + set.count,
                    tree.actions().begin() + d.set->offset))
      no_public_tree(tree, "the legal actions differ within a public state");
    // The player's hand is its information set; the other's, its view.
    for (int q = 0; q < 2; ++q) {
      std::int32_t* known;
      if (q == node.player) {
        known = &set_hand[static_cast<std::size_t>(node.infoset)];
      } else {
        auto& of_view = view_hand[q];
        const auto view = static_cast<std::size_t>(views[i]);
        if (of_view.size() <= view) of_view.resize(view + 1, -1);
        known = &of_view[view];
      }
      if (*known < 0) {
        *known = d.hands[q]++;
        d.map[q].push_back(-1);
        if (q == node.player) d.infosets.push_back(node.infoset);
      }
      hand[q][i] = *known;
      if (parent < 0) continue;
      std::int32_t& at_parent = d.map[q][static_cast<std::size_t>(*known)];
      const std::int32_t parent_hand = hand[q][static_cast<std::size_t>(above[i])];
      if (at_parent >= 0 && at_parent != parent_hand)
        no_public_tree(tree, "a player's private state follows two private states (it forgets?)");
      at_parent = parent_hand;
    }
  }
  // The terminals after each public state's actions.
  for (std::size_t i = 0; i < n; ++i) {
    const Tree::Node& node = hnodes[i];
    if (node.player != Tree::kTerminal || above[i] < 0) continue;  // before any decision: no regret
    const auto h = static_cast<std::size_t>(above[i]);
    Draft& d = drafts[static_cast<std::size_t>(state[h])];
    auto [it, added] = d.terminals.try_emplace(taken[i], static_cast<std::int32_t>(matrices.size()));
    if (added) {
      matrices.emplace_back(static_cast<std::size_t>(d.hands[0] * d.hands[1]), 0.0);
      d.children.emplace_back(taken[i], -1 - it->second);
    }
    matrices[static_cast<std::size_t>(it->second)][static_cast<std::size_t>(hand[0][h] * d.hands[1] + hand[1][h])] +=
        chance[i] * node.value;
  }
  // Preorder, and the arrays.
  std::vector<std::int32_t> order, stack;
  for (std::size_t s = drafts.size(); s-- > 0;)
    if (drafts[s].parent < 0) stack.push_back(static_cast<std::int32_t>(s));
  std::vector<std::int32_t> index(drafts.size());
  while (!stack.empty()) {
    const std::int32_t s = stack.back();
    stack.pop_back();
    index[static_cast<std::size_t>(s)] = static_cast<std::int32_t>(order.size());
    order.push_back(s);
    Draft& d = drafts[static_cast<std::size_t>(s)];
    std::stable_sort(d.children.begin(), d.children.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto c = d.children.rbegin(); c != d.children.rend(); ++c)
      if (c->second >= 0) stack.push_back(c->second);
  }
  auto grow = [](auto& array, std::size_t size) {
    const auto at = static_cast<std::int32_t>(array.size());
    array.resize(array.size() + size);
    return at;
  };
  // The arrays the passes write hold each public state's part in whole cache lines (64 bytes),
  // so that two threads never write one line: sharing lines costs the second thread a third.
  auto lines = [](Lines& array, std::size_t size) {
    const auto at = static_cast<std::int32_t>(array.size());
    array.resize(array.size() + (size + 7) / 8 * 8);
    return at;
  };
  for (const std::int32_t s : order) {
    const Draft& d = drafts[static_cast<std::size_t>(s)];
    const int wide = std::max(d.hands[0], d.hands[1]), mine = d.hands[d.player];
    Node node{.player = d.player,
              .actions = d.set->count,
              .parent = d.parent < 0 ? -1 : index[static_cast<std::size_t>(d.parent)],
              .action = d.action,
              .hands = {d.hands[0], d.hands[1]},
              .map = {grow(maps_, d.map[0].size()), grow(maps_, d.map[1].size())},
              .reach = {lines(reach_, static_cast<std::size_t>(d.hands[0])),
                        lines(reach_, static_cast<std::size_t>(d.hands[1]))},
              .value = lines(value_, static_cast<std::size_t>(wide)),
              .policy = lines(regret_, static_cast<std::size_t>(d.set->count * mine)),
              .scratch = lines(scratch_, static_cast<std::size_t>((d.set->count + 1) * wide)),
              .infosets = grow(infosets_, d.infosets.size()),
              .children = static_cast<std::int32_t>(children_.size()),
              .children_end = 0,
              .end = 0};
    for (int q = 0; q < 2; ++q) std::copy(d.map[q].begin(), d.map[q].end(), maps_.begin() + node.map[q]);
    std::copy(d.infosets.begin(), d.infosets.end(), infosets_.begin() + node.infosets);
    for (const auto& [action, child] : d.children) {
      if (child >= 0) {
        children_.push_back({action, index[static_cast<std::size_t>(child)], -1});
        continue;
      }
      const std::vector<double>& m = matrices[static_cast<std::size_t>(-1 - child)];
      const std::int32_t at = grow(terminal_, 2 * m.size());
      for (int i = 0; i < d.hands[0]; ++i)
        for (int j = 0; j < d.hands[1]; ++j) {
          const double x = m[static_cast<std::size_t>(i * d.hands[1] + j)];
          terminal_[static_cast<std::size_t>(at + j * d.hands[0] + i)] = x;
          terminal_[static_cast<std::size_t>(at) + m.size() + static_cast<std::size_t>(i * d.hands[1] + j)] = -x;
        }
      children_.push_back({action, -1, at});
    }
    node.children_end = static_cast<std::int32_t>(children_.size());
    nodes_.push_back(node);
  }
  for (std::size_t k = nodes_.size(); k-- > 0;) {
    Node& node = nodes_[k];
    node.end = static_cast<std::int32_t>(k + 1);
    for (std::int32_t c = node.children; c < node.children_end; ++c)
      if (children_[static_cast<std::size_t>(c)].node >= 0)
        node.end =
            std::max(node.end, nodes_[static_cast<std::size_t>(children_[static_cast<std::size_t>(c)].node)].end);
  }
  reach_.assign(reach_.size(), 1.0);  // the roots' stay 1
  cumulative_.assign(regret_.size(), 0.0);
  current_.resize(regret_.size());
  for (const Node& node : nodes_)
    std::fill_n(current_.begin() + node.policy, node.actions * node.hands[node.player], 1.0 / node.actions);
  split(pool_.size());  // the threads the system gave
}

// Each thread's subtrees. The costliest subtree above an eighth of a thread's share is
// replaced by its children (itself going to the nodes above them) until none is; the
// subtrees, in preorder, are then cut into one run a thread (for two threads at the cut
// that leaves the least time, below; for more, into runs of about equal cost). Last, a
// node above whose subtree's runs all went to one thread, and that holds no other node
// above, goes to that thread with its whole subtree: thread 0 alone does the nodes left
// above, between the barriers, and every value they read from a subtree of another thread
// crosses between cores.
void Solver::Public::split(int threads) {
  const std::size_t count = nodes_.size();
  std::vector<double> own(count), cost(count);  // a node's own work, and its subtree's
  for (std::size_t k = count; k-- > 0;) {
    const Node& node = nodes_[k];
    own[k] = 8 + node.actions * (node.hands[0] + node.hands[1]);
    for (std::int32_t c = node.children; c < node.children_end; ++c) {
      const Child& child = children_[static_cast<std::size_t>(c)];
      if (child.node < 0) own[k] += node.hands[0] * node.hands[1];
      cost[k] += child.node < 0 ? 0 : cost[static_cast<std::size_t>(child.node)];
    }
    cost[k] += own[k];
  }
  std::vector<std::int32_t> subtrees, above;
  double total = 0;
  for (std::size_t k = 0; k < count; ++k)
    if (nodes_[k].parent < 0) {
      subtrees.push_back(static_cast<std::int32_t>(k));
      total += cost[k];
    }
  const double most = threads == 1 ? total : total / (8.0 * threads);
  for (;;) {
    auto costliest = std::max_element(subtrees.begin(), subtrees.end(), [&](std::int32_t a, std::int32_t b) {
      return cost[static_cast<std::size_t>(a)] < cost[static_cast<std::size_t>(b)];
    });
    if (costliest == subtrees.end() || cost[static_cast<std::size_t>(*costliest)] <= most) break;
    const Node& node = nodes_[static_cast<std::size_t>(*costliest)];
    above.push_back(*costliest);
    subtrees.erase(costliest);
    for (std::int32_t c = node.children; c < node.children_end; ++c)
      if (children_[static_cast<std::size_t>(c)].node >= 0)
        subtrees.push_back(children_[static_cast<std::size_t>(c)].node);
  }
  std::sort(subtrees.begin(), subtrees.end());
  std::sort(above.begin(), above.end());

  // The assignment of subtree i to thread first[t] <= i < first[t + 1]: the runs, and the
  // nodes left above, with the estimated time of a pass (the work above plus the largest
  // thread's work).
  struct Plan {
    std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> ranges;
    std::vector<std::int32_t> top;
    double time;
  };
  // The subtrees' roots and the nodes above, in preorder: the nodes inside an above node's
  // subtree that begin a run or lie above are the ones after it up to its end.
  std::vector<std::int32_t> marks(subtrees);
  marks.insert(marks.end(), above.begin(), above.end());
  std::sort(marks.begin(), marks.end());
  auto plan = [&](const std::vector<std::size_t>& first) {
    constexpr int kAbove = -1, kInside = -2;  // a mark left above, or inside another's run
    std::vector<int> owner(marks.size(), kAbove);
    for (std::size_t t = 0; t + 1 < first.size(); ++t)
      for (std::size_t i = first[t]; i < first[t + 1]; ++i)
        owner[static_cast<std::size_t>(std::lower_bound(marks.begin(), marks.end(), subtrees[i]) - marks.begin())] =
            static_cast<int>(t);
    for (std::size_t m = marks.size(); m-- > 0;) {  // children before parents
      if (owner[m] != kAbove) continue;
      const std::int32_t end = nodes_[static_cast<std::size_t>(marks[m])].end;
      int thread = kInside;
      std::size_t i = m + 1;
      for (; i < marks.size() && marks[i] < end; ++i) {
        if (owner[i] == kInside) continue;
        if (owner[i] == kAbove || (thread != kInside && owner[i] != thread)) break;
        thread = owner[i];
      }
      // Left above: split between threads, over a node left above, or with no public child.
      if ((i < marks.size() && marks[i] < end) || thread == kInside) continue;
      owner[m] = thread;
      for (std::size_t j = m + 1; j < i; ++j) owner[j] = kInside;
    }
    Plan p{std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>>(first.size() - 1), {}, 0};
    std::vector<double> work(p.ranges.size());
    for (std::size_t m = 0; m < marks.size(); ++m) {
      const auto node = static_cast<std::size_t>(marks[m]);
      if (owner[m] == kAbove) {
        p.top.push_back(marks[m]);
        p.time += own[node];
      } else if (owner[m] >= 0) {
        p.ranges[static_cast<std::size_t>(owner[m])].emplace_back(marks[m], nodes_[node].end);
        work[static_cast<std::size_t>(owner[m])] += cost[node];
      }
    }
    p.time += *std::max_element(work.begin(), work.end());
    return p;
  };
  std::vector<std::size_t> first(static_cast<std::size_t>(threads) + 1, subtrees.size());
  first[0] = 0;
  double in_subtrees = 0, before = 0;
  for (const std::int32_t s : subtrees) in_subtrees += cost[static_cast<std::size_t>(s)];
  for (std::size_t i = 0, t = 1; i < subtrees.size() && t < static_cast<std::size_t>(threads); ++i) {
    while (t < static_cast<std::size_t>(threads) && before >= in_subtrees * static_cast<double>(t) / threads)
      first[t++] = i;
    before += cost[static_cast<std::size_t>(subtrees[i])];
  }
  Plan best = plan(first);
  if (threads == 2)
    for (std::size_t cut = 1; cut < subtrees.size(); ++cut) {
      first[1] = cut;
      Plan p = plan(first);
      if (p.time < best.time) best = std::move(p);
    }
  ranges_ = std::move(best.ranges);
  top_ = std::move(best.top);
}

void Solver::Public::forward(std::int32_t n) {
  const Node& node = nodes_[static_cast<std::size_t>(n)];
  if (node.parent < 0) return;
  const Node& parent = nodes_[static_cast<std::size_t>(node.parent)];
  for (int q = 0; q < 2; ++q) {
    const std::int32_t* map = maps_.data() + node.map[q];
    const double* from = reach_.data() + parent.reach[q];
    double* to = reach_.data() + node.reach[q];
    if (q == parent.player) {
      const double* s = current_.data() + parent.policy + node.action * parent.hands[q];
      for (int i = 0; i < node.hands[q]; ++i) to[i] = from[map[i]] * s[map[i]];
    } else {
      for (int i = 0; i < node.hands[q]; ++i) to[i] = from[map[i]];
    }
  }
}

void Solver::Public::backward(std::int32_t n, const Weights& w) {
  const Node& node = nodes_[static_cast<std::size_t>(n)];
  const int p = w.player, o = 1 - p;
  const int mine = node.hands[p], theirs = node.hands[o];
  double* sums = scratch_.data() + node.scratch;  // per action, the counterfactual values
  std::fill_n(sums, node.actions * mine, 0.0);
  const double* their_reach = reach_.data() + node.reach[o];
  for (std::int32_t c = node.children; c < node.children_end; ++c) {
    const Child& child = children_[static_cast<std::size_t>(c)];
    double* out = sums + child.action * mine;
    if (child.node >= 0) {
      const Node& next = nodes_[static_cast<std::size_t>(child.node)];
      const std::int32_t* map = maps_.data() + next.map[p];
      const double* v = value_.data() + next.value;
      for (int i = 0; i < next.hands[p]; ++i) out[map[i]] += v[i];
      continue;
    }
    const double* m = terminal_.data() + child.matrix + (p == 0 ? 0 : node.hands[0] * node.hands[1]);
    const double* reach = their_reach;
    if (node.player == o) {
      const double* s = current_.data() + node.policy + child.action * theirs;
      double* by_policy = sums + node.actions * std::max(mine, theirs);
      for (int j = 0; j < theirs; ++j) by_policy[j] = their_reach[j] * s[j];
      reach = by_policy;
    }
    add_product(m, reach, mine, theirs, out);
  }
  double* value = value_.data() + node.value;
  if (node.player != p) {
    for (int i = 0; i < mine; ++i) {
      double v = 0;
      for (int a = 0; a < node.actions; ++a) v += sums[a * mine + i];
      value[i] = v;
    }
    return;
  }
  double* s = current_.data() + node.policy;
  double* r = regret_.data() + node.policy;
  double* c = cumulative_.data() + node.policy;
  const double* own = reach_.data() + node.reach[p];
  for (int i = 0; i < mine; ++i) {
    double v = 0;
    for (int a = 0; a < node.actions; ++a) v += s[a * mine + i] * sums[a * mine + i];
    value[i] = v;
    double positive = 0;
    for (int a = 0; a < node.actions; ++a) {
      const int k = a * mine + i;
      double regret = r[k] + (sums[k] - v);
      c[k] += w.iteration_first ? w.weight * own[i] * s[k] : own[i] * s[k] * w.weight;
      if (w.plus) {
        regret = regret < 0 ? 0.0 : regret;  // regret matching+
      } else if (w.discounted) {
        regret *= regret >= 0 ? w.positive : w.negative;
      }
      r[k] = regret;
      if (regret > 0) positive += regret;
    }
    for (int a = 0; a < node.actions; ++a) {
      const int k = a * mine + i;
      s[k] = positive > 0 ? std::max(0.0, r[k]) / positive : 1.0 / node.actions;
    }
  }
}

void Solver::Public::run(Algorithm algorithm, std::int64_t first, std::int64_t iterations) {
  const int threads = pool_.size();
  Barrier barrier(threads);
  const bool linear = algorithm == Algorithm::kDcfr || algorithm == Algorithm::kLinear;
  const Discount d = discount_of(algorithm);
  auto work = [&](std::size_t thread) {
    for (std::int64_t t = first + 1; t <= first + iterations; ++t) {
      const auto iteration = static_cast<double>(t);
      const double up = std::pow(iteration, d.alpha), down = std::pow(iteration, d.beta);
      for (int player = 0; player < 2; ++player) {
        const Weights w{.player = player,
                        .iteration_first = algorithm == Algorithm::kCfrPlus,
                        .plus = algorithm == Algorithm::kCfrPlus,
                        .discounted = linear,
                        .weight = algorithm == Algorithm::kCfrPlus ? iteration
                                  : linear                         ? std::pow(iteration, d.gamma)
                                                                   : 1.0,
                        .positive = up / (up + 1),
                        .negative = down / (down + 1)};
        if (thread == 0)
          for (const std::int32_t k : top_) forward(k);
        if (threads > 1) barrier.wait();
        for (const auto& [begin, end] : ranges_[thread]) {
          for (std::int32_t k = begin; k < end; ++k) forward(k);
          for (std::int32_t k = end; k-- > begin;) backward(k, w);
        }
        if (threads > 1) barrier.wait();
        if (thread == 0)
          for (auto k = top_.rbegin(); k != top_.rend(); ++k) backward(*k, w);
      }
    }
  };
  pool_.run(ranges_.size(), [&](std::size_t thread, std::size_t) { work(thread); });
}

std::vector<double> Solver::Public::to_tree(const Tree& tree, bool average) const {
  std::vector<double> policy(static_cast<std::size_t>(tree.policy_size()));
  for (const Node& node : nodes_) {
    const int mine = node.hands[node.player];
    const double* from = (average ? cumulative_ : current_).data() + node.policy;
    for (int i = 0; i < mine; ++i) {
      double* to =
          policy.data() +
          tree.infosets()[static_cast<std::size_t>(infosets_[static_cast<std::size_t>(node.infosets + i)])].offset;
      double sum = 0;
      for (int a = 0; a < node.actions; ++a) sum += from[a * mine + i];
      for (int a = 0; a < node.actions; ++a)
        to[a] = !average ? from[a * mine + i] : sum == 0 ? 1.0 / node.actions : from[a * mine + i] / sum;
    }
  }
  return policy;
}

Solver::Solver(std::shared_ptr<const Tree> tree, Algorithm algorithm, int threads)
    : tree_(std::move(tree)), algorithm_(algorithm) {
  if (threads < 1) throw std::invalid_argument("threads must be at least 1, got " + std::to_string(threads));
  if (static_cast<int>(algorithm) > 3) throw std::invalid_argument("unknown solver algorithm");
  public_ = std::make_unique<Public>(*tree_, threads);
}

Solver::~Solver() = default;

void Solver::iterate(std::int64_t iterations) {
  if (iterations < 0) throw std::invalid_argument("iterations must be at least 0, got " + std::to_string(iterations));
  public_->run(algorithm_, iteration_, iterations);
  iteration_ += iterations;
}

std::vector<double> Solver::average_policy() const { return public_->to_tree(*tree_, true); }

std::vector<double> Solver::current_policy() const { return public_->to_tree(*tree_, false); }

}  // namespace cardcore::solve
