// Information-set Monte Carlo tree search (single observer) over any engine that follows the
// protocol (games/protocol.hpp); it names no game (docs/search.md).
//
// The searcher is the player to move at the root. Each simulation:
//   1. picks the root's edge as step 2 does, then determinizes: a state the searcher
//      cannot tell from the root in the hand in play, drawn with resample_hand(searcher,
//      seed) (the hands before kept as they were: nothing the search reads depends on
//      their hidden cards, and a determinization then costs the hand in play only) and
//      continuing seeded, so that every chance node inside the tree (a deal, a
//      replacement) is sampled by its own generator. Common random numbers, when
//      determinizations are uniform (no opponent model, below): the k-th simulation
//      through a root action plays in world k of the tree, a determinization drawn once
//      (from stream k of the tree's world seed, for k below kCachedWorlds) with the
//      generator of every draw after it (chance, rollouts), the same for every root
//      action. The root's actions are thus compared on the same worlds, so the luck of the
//      hidden cards, the same for all of them, drops out of their differences (a Bai Buu
//      arrangement's mean settlement is noise of about 5 points of the wager at 400
//      visits, its difference to another's on the same bankers a fraction of that). Under
//      the opponent model they lost strength (measured in Hucklebuck: the k-th worlds of
//      32 exchanges were the same few, so the search met fewer of the rare worlds that
//      agree with the others' plays). With a deterministic rollout policy
//      (model_opponents), the rollout policy is also the model of the other players: a
//      determinization must agree with their decisions in the hand in play as that policy
//      takes them in its world (up to kDeterminizationAttempts draws, else an earlier
//      agreeing one is reused with new chance, else the last draw is taken; after
//      kDrawsBeforeGivingUp draws with none agreeing, a simulation checks one draw, and
//      takes it whether it agrees or not);
//   2. descends the tree: a node is an information state of the player to move (a hash of
//      that player's information_state_tensor and the seat), its edges are his legal actions
//      there; an untried edge is expanded first (the rollout policy's action when it is
//      untried, else a random untried one), otherwise UCT picks the edge with the best
//      mean value for the node's player plus uct_c * scale * sqrt(ln N / n), where scale is
//      the largest |return| seen so far in this tree (values in the game's own units);
//   3. after the expansion, plays on with the rollout policy to the horizon: the end of the
//      game, or (Horizon::kHand) the end of the hand in play;
//   4. backs up each node's player's value (from the root on) along the path: his return,
//      or at a hand horizon his hand_value (the score in a game to a target).
//
// The search sees the root only through its determinizations: everything it reads of a
// determinization is what the sampled world shows of the hand in play and the public state
// of the game (stacks, scores, the hands completed), and the root's hidden cards of the hand
// in play are redrawn by deal position (resample.hpp, resample_history), so two roots the
// searcher cannot tell apart give the same search for the same seed.
//
// Threads: root parallel. The simulations are split over kTrees independent trees (tree k
// gets simulations / kTrees, plus one while k < simulations % kTrees, from stream k of the
// seed); threads grow the trees at the same time, and their root statistics are added at
// the end. The result depends on the seed and the options, never on the thread count.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/protocol.hpp"

namespace cardcore::search {

// The number of root-parallel trees: what threads beyond it cannot use.
inline constexpr int kTrees = 4;

// How far a simulation looks: to the end of the game, or of the hand in play (its value
// then is the state's hand_value, engine.hpp).
enum class Horizon : std::uint8_t { kGame, kHand };

struct IsmctsOptions {
  int simulations = 1000;
  double uct_c = 1.0;
  std::uint64_t seed = 0;
  int threads = 1;
  // Whether the rollout policy models the other players: a determinization must then agree
  // with their past decisions as the rollout policy takes them in that world (for a
  // deterministic policy: the bindings set it from the rollout's entry in the game's spec).
  bool model_opponents = false;
  Horizon horizon = Horizon::kGame;
  // The bytes the trees growing at once may take at most (tree_memory_bound); 0: no limit.
  std::uint64_t memory_limit = 0;
};

// What an option of the search takes: an integer in [min, max], a real number >= min, one of
// its choices (the first the default), or the name of one of the game's built-in policies.
enum class OptionKind : std::uint8_t { kInteger, kReal, kChoice, kPolicy };

// One option of the search as a caller gives it (the bindings' "ismcts:name=value" text and
// the Python keywords): its range and default are stated here once, and every check and
// every document of the options reads them. A default of nullopt is None, which `doc` explains.
struct SearchOption {
  std::string_view name;
  OptionKind kind;
  std::string_view doc;
  std::optional<double> default_value = std::nullopt;
  std::uint64_t min = 0, max = 0;  // an integer's range; a real number's lower bound is min
  std::array<std::string_view, 2> choices{};
  std::string_view what = "an integer";  // what an integer option's value is, in words
};

inline constexpr IsmctsOptions kDefaultOptions{};
inline constexpr SearchOption kSearchOptions[] = {
    {"simulations", OptionKind::kInteger, "determinizations searched", kDefaultOptions.simulations, 1, 100'000'000},
    {"uct_c", OptionKind::kReal, "the exploration constant of UCT: a finite real number", kDefaultOptions.uct_c, 0},
    {"rollout", OptionKind::kPolicy, "the built-in policy that plays the games out; None: the game's SPEC.opponent"},
    {"seed", OptionKind::kInteger, "the search's random streams; the same seed and options give the same result",
     static_cast<double>(kDefaultOptions.seed), 0, std::numeric_limits<std::uint64_t>::max()},
    {"threads", OptionKind::kInteger, "threads growing the search's trees at once", kDefaultOptions.threads, 1, 256},
    {"horizon",
     OptionKind::kChoice,
     "how far a simulation plays: to the end of the game, or of the hand in play",
     std::nullopt,
     0,
     0,
     {"game", "hand"}},
    {"memory_limit",
     OptionKind::kInteger,
     "the bytes the search's trees may take at most; None: half this machine's memory",
     std::nullopt,
     1,
     static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()),
     {},
     "a number of bytes"},
};
// The horizon's choices are in Horizon's order (the bindings convert by index), the default first.
static_assert(static_cast<int>(kDefaultOptions.horizon) == 0 && static_cast<int>(Horizon::kHand) == 1);

// The option named `name` of kSearchOptions (a name of the table).
constexpr const SearchOption& search_option(std::string_view name) {
  for (const SearchOption& option : kSearchOptions)
    if (option.name == name) return option;
  throw std::logic_error("no search option of that name");
}

// Throws std::invalid_argument("ismcts: <name> must be <min> to <max>, got <value>") when an
// integer option is out of its range.
inline void check_integer_option(std::string_view name, std::int64_t value) {
  const SearchOption& option = search_option(name);
  if (value < 0 || static_cast<std::uint64_t>(value) < option.min || static_cast<std::uint64_t>(value) > option.max)
    throw std::invalid_argument("ismcts: " + std::string(name) + " must be " + std::to_string(option.min) + " to " +
                                std::to_string(option.max) + ", got " + std::to_string(value));
}

// How many determinizations a simulation draws to find one that agrees with the opponent
// model before it reuses one that agreed earlier in the tree (or, with none, takes the last).
inline constexpr int kDeterminizationAttempts = 8;
// How many worlds a tree keeps for its common random numbers (a few MB of states at most).
inline constexpr std::size_t kCachedWorlds = 1024;
// How many agreeing determinizations a tree keeps for reuse.
inline constexpr std::size_t kKeptWorlds = 64;
// After this many draws without one that agrees, a tree stops looking (the opponent model
// fits none of the worlds: a rule-based player's plays late in a Hucklebuck hand) and draws
// uniformly, as it would have taken the last draw anyway.
inline constexpr int kDrawsBeforeGivingUp = 8 * kDeterminizationAttempts;

// Throws std::invalid_argument naming the first bad option.
inline void check_options(const IsmctsOptions& options) {
  check_integer_option("simulations", options.simulations);
  if (!(options.uct_c >= static_cast<double>(search_option("uct_c").min)) || !std::isfinite(options.uct_c))
    throw std::invalid_argument("ismcts: uct_c must be a finite number >= 0");
  check_integer_option("threads", options.threads);
}

// One root action's statistics: how often the search chose it and the sum of the searcher's
// returns (from the root on) after it.
struct RootEdge {
  int action = 0;
  std::int64_t visits = 0;
  double value_sum = 0.0;
};

struct IsmctsResult {
  int action = 0;               // the most visited root action (ties: best mean, then lowest id)
  int player = 0;               // the searcher
  std::vector<RootEdge> edges;  // every legal root action, by ascending id
};

// A 64-bit hash of a seat and a float buffer (an information-state tensor): zero words are
// skipped, each nonzero one mixed with its index.
inline std::uint64_t hash_tensor(int player, const float* data, std::size_t size) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(player + 2);
  const std::size_t words = size / 2;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint64_t w;
    std::memcpy(&w, data + 2 * i, sizeof w);
    if (w == 0) continue;
    std::uint64_t x = w ^ (i * 0xD6E8FEB86659FD93ull);
    h ^= splitmix64(x);
    h *= 0x100000001B3ull;
  }
  if (size % 2) {
    std::uint32_t w;
    std::memcpy(&w, data + size - 1, sizeof w);
    std::uint64_t x = w ^ 0xA0761D6478BD642Full;
    h ^= splitmix64(x);
  }
  return h | 1;  // 0 marks an empty slot of the table
}

// A rollout policy: the action at a player node.
template <class State>
using Rollout = std::function<int(const State&, Rng&)>;

// One tree of the search. Its storage (nodes, edges, the table, the tensor buffer) lives as
// long as the tree and is reused by every simulation: a simulation allocates only when the
// tree outgrows its storage.
template <GameState State>
class IsmctsTree {
 public:
  IsmctsTree(const State& root, int searcher, const IsmctsOptions& options, const Rollout<State>& rollout, Rng rng)
      : rng_(rng),
        world_seed_(rng_.next()),
        root_(root),
        root_view_(root.resample_hand(searcher, rng_.next())),
        root_legal_(root.legal_player_actions()),
        searcher_(searcher),
        uct_c_(options.uct_c),
        model_opponents_(options.model_opponents),
        hand_horizon_(options.horizon == Horizon::kHand),
        rollout_(rollout),
        hand_start_(root.hand_begin()) {
    model_opponents_ = model_opponents_ && others_decided();
    const int seats = State::Spec::num_players(root.config());
    base_.resize(static_cast<std::size_t>(seats));
    for (int s = 0; s < seats; ++s) base_[static_cast<std::size_t>(s)] = value_of(root, s);
    tensor_.resize(static_cast<std::size_t>(typename State::Spec::Layout(root.config()).information_state.size()));
    slots_.assign(1024, Slot{});
    root_view_.information_state_tensor(searcher_, tensor_.data());
    node_of(hash_tensor(searcher_, tensor_.data(), tensor_.size()), searcher_, root_legal_);  // node 0
  }

  // An upper bound on the bytes of the trees of `options` that grow at once, searching from
  // `root`: per node its record, an edge for every action id and 4 slots of the table (kept
  // at most half full, doubling), the vectors' room to grow doubling the records; and per
  // tree the worlds it keeps, each a State with the root's history.
  static std::uint64_t memory_bound(const State& root, const IsmctsOptions& options) {
    const auto trees = static_cast<std::uint64_t>(std::min(kTrees, options.simulations));
    const std::uint64_t growing = std::min<std::uint64_t>(static_cast<std::uint64_t>(options.threads), trees);
    const std::uint64_t nodes = static_cast<std::uint64_t>(options.simulations) / trees + 2;
    const std::uint64_t per_node =
        2 * (sizeof(Node) + State::Spec::kSpec.num_distinct_actions * sizeof(Edge)) + 4 * sizeof(Slot);
    const std::uint64_t worlds =
        (kCachedWorlds + kKeptWorlds) * (sizeof(World) + (root.history().size() - root.hand_begin()) * sizeof(Step));
    return growing * (nodes * per_node + worlds);
  }

  void run(int simulations) {
    nodes_.reserve(static_cast<std::size_t>(simulations) + 1);
    for (int i = 0; i < simulations; ++i) {
      check_interrupt();
      simulate();
    }
  }

  // The root's edges (node 0 is the root, made by the constructor).
  void add_root_edges(std::vector<RootEdge>& out) const {
    if (nodes_.empty()) return;
    const Node& root = nodes_[0];
    for (int e = 0; e < root.num_edges; ++e) {
      const Edge& edge = edges_[root.first_edge + static_cast<std::size_t>(e)];
      for (RootEdge& r : out)
        if (r.action == edge.action) {
          r.visits += edge.visits;
          r.value_sum += edge.value_sum;
        }
    }
  }

 private:
  struct Edge {
    int action;
    std::int64_t visits;
    double value_sum;
  };
  struct Node {
    int player;
    int num_edges;
    std::size_t first_edge;
    std::int64_t visits;
  };
  struct Slot {
    std::uint64_t key = 0;
    int node = -1;
  };

  // The node of an information state, created with the edges of `legal` when new.
  int node_of(std::uint64_t key, int player, const ActionSet& legal) {
    std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>(key) & mask;
    for (; slots_[i].key != 0; i = (i + 1) & mask)
      if (slots_[i].key == key) return slots_[i].node;
    const int node = static_cast<int>(nodes_.size());
    nodes_.push_back({player, legal.size(), edges_.size(), 0});
    for (int n = 0; n < legal.size(); ++n) edges_.push_back({legal.nth(n), 0, 0.0});
    slots_[i] = {key, node};
    if (2 * nodes_.size() > slots_.size()) grow();
    return node;
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.key == 0) continue;
      std::size_t i = static_cast<std::size_t>(slot.key) & mask;
      while (slots_[i].key != 0) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  // The edge a simulation takes at `node` of `state`, and whether it is an expansion.
  std::size_t pick(const Node& node, const State& state, const ActionSet& legal, Rng& rng, bool& expanded) {
    // Untried legal edges first: the rollout policy's action when untried, else one at random.
    int untried = 0;
    for (int e = 0; e < node.num_edges; ++e) {
      const Edge& edge = edges_[node.first_edge + static_cast<std::size_t>(e)];
      untried += edge.visits == 0 && legal.contains(edge.action);
    }
    if (untried > 0) {
      expanded = true;
      const int preferred = rollout_(state, rng);
      for (int e = 0; e < node.num_edges; ++e) {
        const Edge& edge = edges_[node.first_edge + static_cast<std::size_t>(e)];
        if (edge.visits == 0 && edge.action == preferred) return node.first_edge + static_cast<std::size_t>(e);
      }
      int pick_n = static_cast<int>(rng.below(static_cast<std::uint32_t>(untried)));
      for (int e = 0; e < node.num_edges; ++e) {
        const Edge& edge = edges_[node.first_edge + static_cast<std::size_t>(e)];
        if (edge.visits != 0 || !legal.contains(edge.action)) continue;
        if (pick_n-- == 0) return node.first_edge + static_cast<std::size_t>(e);
      }
    }
    // UCT over the legal edges (every one tried).
    const double log_n = std::log(static_cast<double>(std::max<std::int64_t>(node.visits, 1)));
    // Capped so that a huge uct_c times a large scale stays finite: an infinite weight times a
    // zero bonus (a node seen once) would be NaN and leave no edge chosen.
    const double explore = std::min(uct_c_ * scale_, std::numeric_limits<double>::max());
    std::size_t best = kNone;
    double best_score = -INFINITY;
    for (int e = 0; e < node.num_edges; ++e) {
      const std::size_t index = node.first_edge + static_cast<std::size_t>(e);
      const Edge& edge = edges_[index];
      if (!legal.contains(edge.action)) continue;
      const auto n = static_cast<double>(edge.visits);
      const double score = edge.value_sum / n + explore * std::sqrt(log_n / n);
      if (score > best_score) {
        best_score = score;
        best = index;
      }
    }
    return best;
  }

  // Whether another player decided in the hand in play (else every world agrees).
  bool others_decided() const {
    const History& history = root_.history();
    for (std::size_t i = hand_start_; i < history.size(); ++i)
      if (history[i].actor >= 0 && history[i].actor != searcher_) return true;
    return false;
  }

  // Whether the other players' decisions of the hand in play in `world`'s history are what
  // the rollout policy takes at each of them in that world.
  bool agrees(const State& world, Rng& rng) const {
    State replay = world.hand_start_state();
    const History& history = world.history();
    for (std::size_t i = hand_start_; i < history.size(); ++i) {
      const Step& step = history[i];
      if (step.actor >= 0 && step.actor != searcher_ && rollout_(replay, rng) != step.action) return false;
      replay.apply_action(step.action);
    }
    return true;
  }

  // A state the searcher cannot tell from the root (and, when the rollout policy models the
  // opponents, one that agrees with their decisions), continuing seeded.
  State determinize(Rng& rng) {
    if (!model_opponents_) return root_.resample_hand(searcher_, rng.next());
    // Once kDrawsBeforeGivingUp draws in a row have disagreed, each simulation checks one
    // draw only: an agreeing world is then rare but still found and kept (Badugi), while a
    // long game's costly checks stop multiplying (Hucklebuck).
    const bool gave_up = kept_.empty() && disagreeing_draws_ >= kDrawsBeforeGivingUp;
    const int attempts = gave_up ? 1 : kDeterminizationAttempts;
    for (int attempt = 0;; ++attempt) {
      State world = root_.resample_hand(searcher_, rng.next());
      const bool agreed = agrees(world, rng);
      disagreeing_draws_ += !agreed;
      if (agreed) {
        if (kept_.size() < kKeptWorlds) kept_.push_back(world);
        return world;
      }
      if (attempt + 1 < attempts) continue;
      if (kept_.empty()) return world;
      State again = kept_[rng.below(static_cast<std::uint32_t>(kept_.size()))];
      again.continue_seeded(rng.next());  // the same cards so far, new chance from here on
      return again;
    }
  }

  // The world of a simulation that is the k-th through its root action: a determinization
  // and the generator of every draw after it. With uniform determinizations (no opponent
  // model), world k of the tree: the first kCachedWorlds are drawn once, from stream k of
  // the world seed, and kept for the k-th simulation of every root action (common random
  // numbers); later ones are drawn afresh from the tree's generator, as every world is
  // under the opponent model.
  struct World {
    State state;
    Rng rng;
  };
  World world_for(std::size_t k) {
    const bool common = !model_opponents_;
    if (common && k < worlds_.size()) return worlds_[k];
    const bool kept = common && k == worlds_.size() && k < kCachedWorlds;
    Rng rng = kept ? Rng(world_seed_, k) : Rng(rng_.next());
    State state = determinize(rng);
    if (kept) worlds_.push_back({state, rng});
    return {std::move(state), rng};
  }

  // What a seat has in `state`, in the units the search backs up.
  double value_of(const State& state, int seat) const {
    return hand_horizon_ ? state.hand_value(seat) : state.return_of(seat);
  }

  void simulate() {
    // The root's edge first, then its world: the k-th simulation through any root action
    // plays in world k of this tree (common random numbers, see the file's comment).
    path_.clear();
    bool expanded = false;
    const std::size_t root_edge = pick(nodes_[0], root_view_, root_legal_, rng_, expanded);
    auto [state, rng] = world_for(static_cast<std::size_t>(edges_[root_edge].visits));
    path_.push_back({0, root_edge});
    state.apply_action(edges_[root_edge].action);
    // With a hand horizon, the simulation stops at the first action that completes a hand
    // (the root itself may follow the action that completed the hand before).
    bool hand_over = hand_horizon_ && state.completed_hand();
    while (!state.is_terminal() && !hand_over) {
      if (state.is_chance_node()) {  // explicit chance: sample from here on
        state.continue_seeded(rng.next());
        continue;
      }
      if (expanded) {
        state.apply_action(rollout_(state, rng));
        hand_over = hand_horizon_ && state.completed_hand();
        continue;
      }
      const int player = state.current_player();
      const ActionSet legal = state.legal_player_actions();
      state.information_state_tensor(player, tensor_.data());
      const int node = node_of(hash_tensor(player, tensor_.data(), tensor_.size()), player, legal);
      const std::size_t edge = pick(nodes_[static_cast<std::size_t>(node)], state, legal, rng, expanded);
      if (edge == kNone) {  // a hash collision gave a node without these actions: roll out from here
        expanded = true;
        continue;
      }
      path_.push_back({node, edge});
      state.apply_action(edges_[edge].action);
      hand_over = hand_horizon_ && state.completed_hand();
    }
    for (std::size_t s = 0; s < base_.size(); ++s)
      scale_ = std::max(scale_, std::abs(value_of(state, static_cast<int>(s)) - base_[s]));
    for (const auto& [node, edge] : path_) {
      Node& n = nodes_[static_cast<std::size_t>(node)];
      ++n.visits;
      ++edges_[edge].visits;
      edges_[edge].value_sum += value_of(state, n.player) - base_[static_cast<std::size_t>(n.player)];
    }
  }

  static constexpr std::size_t kNone = ~std::size_t{0};
  Rng rng_;                   // the tree's own draws: the choices among untried root actions
  std::uint64_t world_seed_;  // world k of the tree is stream k of this seed
  const State& root_;
  State root_view_;  // the root as the searcher sees it (one determinization): its actions' source
  ActionSet root_legal_;
  int searcher_;
  double uct_c_;
  bool model_opponents_;
  bool hand_horizon_;
  const Rollout<State>& rollout_;
  std::size_t hand_start_;     // where the hand in play began in the root's history
  std::vector<State> kept_;    // determinizations that agreed with the opponent model
  std::vector<World> worlds_;  // world k of the tree (common random numbers), k below kCachedWorlds
  int disagreeing_draws_ = 0;
  double scale_ = 0.0;  // the largest |return| seen: 0 until a simulation returns something
  std::vector<double> base_;
  std::vector<float> tensor_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<Slot> slots_;
  struct PathStep {
    int node;
    std::size_t edge;
  };
  std::vector<PathStep> path_;
};

// The search from `root` for the player to move. Throws std::invalid_argument for bad
// options, a terminal state or a chance node.
template <GameState State>
IsmctsResult ismcts(const State& root, const IsmctsOptions& options, const Rollout<State>& rollout) {
  check_options(options);
  if (root.is_terminal()) throw std::invalid_argument("ismcts needs a player to move: the game is over");
  if (root.is_chance_node()) throw std::invalid_argument("ismcts needs a player to move, not a chance node");
  if (const std::uint64_t need = IsmctsTree<State>::memory_bound(root, options);
      options.memory_limit && need > options.memory_limit) {
    auto mib = [](std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; };
    throw std::invalid_argument("ismcts: " + std::to_string(options.simulations) + " simulations on " +
                                std::to_string(options.threads) + " threads may need up to " + mib(need) +
                                ", more than memory_limit (" + mib(options.memory_limit) +
                                "): use fewer simulations or threads, or raise memory_limit");
  }
  IsmctsResult result;
  result.player = root.current_player();
  const ActionSet legal = root.legal_player_actions();
  for (int n = 0; n < legal.size(); ++n) result.edges.push_back({legal.nth(n), 0, 0.0});
  const int trees = std::min(kTrees, options.simulations);
  std::vector<std::vector<RootEdge>> per_tree(static_cast<std::size_t>(trees), result.edges);
  parallel_chunks(static_cast<std::size_t>(trees), std::min(options.threads, trees),
                  [&](std::size_t first, std::size_t last) -> std::int64_t {
                    for (std::size_t k = first; k < last; ++k) {
                      const int share =
                          options.simulations / trees + (static_cast<int>(k) < options.simulations % trees ? 1 : 0);
                      IsmctsTree<State> tree(root, result.player, options, rollout, Rng(options.seed, k));
                      tree.run(share);
                      tree.add_root_edges(per_tree[k]);
                    }
                    return kNoBadIndex;
                  });
  for (const std::vector<RootEdge>& tree : per_tree)  // in tree order: the same sums on any thread count
    for (std::size_t e = 0; e < tree.size(); ++e) {
      result.edges[e].visits += tree[e].visits;
      result.edges[e].value_sum += tree[e].value_sum;
    }
  const RootEdge* best = &result.edges.front();
  auto mean = [](const RootEdge& e) { return e.visits ? e.value_sum / static_cast<double>(e.visits) : -INFINITY; };
  for (const RootEdge& e : result.edges)
    if (e.visits > best->visits || (e.visits == best->visits && mean(e) > mean(*best))) best = &e;
  result.action = best->action;
  return result;
}

}  // namespace cardcore::search
