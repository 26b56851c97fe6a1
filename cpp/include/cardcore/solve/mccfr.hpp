// Monte Carlo CFR for games too large for a tree in memory (docs/solve.md, "MCCFR"):
// external sampling over the engine itself (states copied and acted on, chance drawn by
// seeded states), regrets and average strategies in float32 tables keyed by a 64-bit hash
// of each information state or of its abstraction's bucket, a memory budget checked before
// every allocation, the same bits for the same seed and threads, and checkpoints that
// resume. Generic over the engine protocol (the GameState concept); it names no game.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/protocol.hpp"
#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {

// A 64-bit hash of the bytes, eight at a time: the identity abstraction's bucket of an
// information state string.
std::uint64_t hash_bytes(std::string_view bytes);

// What an abstraction is, whatever its game: its game's name and its own name (both recorded
// in checkpoints, which resume only under the same), and how many buckets it has per player
// when it knows (then MCCFR checks the memory budget for all of them up front).
class AbstractionBase {
 public:
  virtual ~AbstractionBase() = default;
  virtual std::string_view game() const = 0;
  virtual std::string name() const = 0;
  virtual std::int64_t buckets() const { return -1; }
};

// An abstraction of game S: a function from a decision and its player to a bucket id,
// called from several threads at once. The states of one bucket must have the same legal
// actions (MCCFR throws std::invalid_argument when they do not). key() is what a Solution
// records for a bucket, asked when the bucket is first met. fixed_action() takes a decision
// out of the solve: an action id there (legal, else MCCFR throws std::invalid_argument) is
// played by both the traverser and the other player with no branching and no table entry;
// -1, the default, leaves the decision to the solver. table_player() is the player whose
// sets a decision reads and writes (its table key mixes him in): the player himself by
// default; a game whose seats change places between hands (a button that moves) maps him to
// his place, so that what one seating learnt plays in every seating.
template <GameState S>
class Abstraction : public AbstractionBase {
 public:
  std::string_view game() const override { return S::kName; }
  virtual std::uint64_t bucket(const S& state, int player) const = 0;
  virtual int fixed_action(const S& /*state*/, int /*player*/) const { return -1; }
  virtual int table_player(const S& /*state*/, int player) const { return player; }
  virtual std::string key(const S& /*state*/, int /*player*/, std::uint64_t bucket) const {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "bucket ";
    for (int shift = 60; shift >= 0; shift -= 4) text += kHex[bucket >> shift & 15];
    return text;
  }
};

// No abstraction: each information state is its own bucket, the hash of the engine's
// information_state_string (the protocol offers no cheaper key of it), and its key is the
// string, so that the Solution is a Strategy of the game.
template <GameState S>
class IdentityAbstraction final : public Abstraction<S> {
 public:
  std::string name() const override { return "identity"; }
  std::uint64_t bucket(const S& state, int player) const override {
    return hash_bytes(state.information_state_string(player));
  }
  std::string key(const S& state, int player, std::uint64_t) const override {
    return state.information_state_string(player);
  }
};

// The bytes MCCFR may take, shared by its tables: take() throws std::invalid_argument, before
// the allocation it is asked for, when that would pass the limit.
class MemoryBudget {
 public:
  explicit MemoryBudget(std::int64_t limit) : limit_(limit) {}
  void take(std::int64_t bytes, std::int64_t information_sets);
  void give_back(std::int64_t bytes) { used_ -= bytes; }
  std::int64_t used() const { return used_; }
  std::int64_t limit() const { return limit_; }

 private:
  std::int64_t limit_;
  std::atomic<std::int64_t> used_{0};
};

// Regrets and strategy sums per information set (or bucket) in an open-addressing table
// (linear probing, at most half full) over a 64-bit key; the sets' values and legal actions
// in arrays in the order the sets were added, which is the table's order (saved so).
class RegretTable {
 public:
  struct Entry {
    std::uint64_t key;
    std::uint32_t offset;        // in values(): count regrets, then count strategy sums; in actions(): count ids
    std::uint8_t player, count;  // player: the abstraction's table_player
  };
  // The bytes a set of `actions` legal actions takes, besides its key text's characters: two
  // slots (the table at most half full), its Entry, its std::string, and per action two
  // float32 values and an action id.
  static constexpr std::int64_t bytes_per_set(int actions) { return 2 * 16 + 16 + 32 + 9 * actions; }

  explicit RegretTable(MemoryBudget& budget);
  ~RegretTable();
  RegretTable(const RegretTable&) = delete;
  RegretTable& operator=(const RegretTable&) = delete;

  // The set of `key`, or -1.
  std::int32_t find(std::uint64_t key) const {
    for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.key == key) return slot.entry;
      if (slot.key == 0) return -1;
    }
  }
  // The set of `key`, added with zero values when absent (its key string from `text()`);
  // throws std::invalid_argument when it has other legal actions.
  template <class Text>
  std::int32_t find_or_add(std::uint64_t key, int player, const int* actions, int count, Text&& text) {
    std::int32_t found = find(key);
    if (found < 0) return add(key, player, actions, count, text());
    check_actions(found, actions, count);
    return found;
  }
  std::int32_t add(std::uint64_t key, int player, const int* actions, int count, std::string text);
  void check_actions(std::int32_t set, const int* actions, int count) const;

  const Entry& entry(std::int32_t set) const { return entries_[static_cast<std::size_t>(set)]; }
  float* values(std::int32_t set) { return values_.data() + entry(set).offset; }
  const float* values(std::int32_t set) const { return values_.data() + entry(set).offset; }
  const std::uint8_t* actions(std::int32_t set) const { return actions_.data() + entry(set).offset / 2; }
  const std::string& text(std::int32_t set) const { return texts_[static_cast<std::size_t>(set)]; }
  std::int32_t size() const { return static_cast<std::int32_t>(entries_.size()); }
  std::int64_t bytes() const { return bytes_; }
  // Empties the table, keeping its memory.
  void clear();
  // Adds `other`'s values set by set in its order (sets it lacks added), then, with `floor`,
  // sets each negative regret of those sets to 0 (regret matching+).
  void merge(const RegretTable& other, bool floor);

 private:
  struct Slot {
    std::uint64_t key;  // 0: empty (keys are never 0)
    std::int32_t entry;
  };
  MemoryBudget& budget_;
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::vector<Entry> entries_;
  std::vector<float> values_;
  std::vector<std::uint8_t> actions_;  // at offset / 2
  std::vector<std::string> texts_;
  std::int64_t bytes_ = 0;

  template <class T>
  void reserve(std::vector<T>& array, std::size_t size);
  void rehash(std::size_t capacity);
};

// External sampling is MCCFR's one sampling scheme (checkpoints record it, by name).
struct MccfrOptions {
  Algorithm algorithm = Algorithm::kLinear;  // cfr, cfr+ or linear (dcfr is refused)
  std::uint64_t seed = 0;
  int threads = 1;
  std::int64_t memory = std::int64_t{1} << 30;  // bytes
};

// What MCCFR is, whatever its game: the iterations and rounds of threads, the tables, the
// checkpoints and the Solution. A game's Mccfr<S> provides the traversal.
class MccfrBase {
 public:
  // Iterations a thread does in a round (with 2 or more threads): see docs/solve.md.
  static constexpr std::int64_t kBatch = 64;

  virtual ~MccfrBase();
  MccfrBase(const MccfrBase&) = delete;
  MccfrBase& operator=(const MccfrBase&) = delete;

  // Runs `iterations` iterations (each: an external-sampling traversal for player 0, then
  // for player 1), without Python; check_interrupt() is polled between iterations.
  void iterate(std::int64_t iterations);
  std::int64_t iterations() const { return iteration_; }
  std::int64_t information_sets() const { return shared_.size(); }
  std::int64_t bytes() const { return budget_.used(); }
  // The iterations of a round: with threads, a call to iterate() that ends on a multiple
  // of it gives the bits of one call for all the iterations.
  std::int64_t round() const { return options_.threads == 1 ? 1 : options_.threads * kBatch; }
  const std::string& game() const { return game_; }
  const MccfrOptions& options() const { return options_; }

  // The average strategy as a Solution (sets by table player and key; exploitability not
  // measured: NaN).
  Solution solution() const;
  // The average strategy as a blueprint's bytes (solve/blueprint.hpp): by table key, with
  // probabilities in 255ths.
  std::string blueprint() const;

  // The table's key of a bucket: the player mixed in (one bucket id of each player is two
  // sets), never 0 (the empty slot).
  static std::uint64_t key_of(std::uint64_t bucket, int player) {
    std::uint64_t mix = bucket ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(player + 1));
    const std::uint64_t key = splitmix64(mix);
    return key == 0 ? 1 : key;
  }
  // The checkpoint (docs/solve.md, "MCCFR", Checkpoints): the options, the iterations and the
  // tables. save writes a temporary file, then renames it over `path`.
  std::string to_bytes() const;
  void save(const std::string& path) const;
  // Resumes from a checkpoint of the same game, abstraction, algorithm, sampling, seed and
  // threads; throws std::invalid_argument saying what is wrong or different.
  void restore(std::string_view bytes);
  void load(const std::string& path);

 protected:
  MccfrBase(std::string game, std::shared_ptr<const AbstractionBase> abstraction, const MccfrOptions& options);

  // The weights of iteration t's updates.
  struct Weights {
    double regret, sum;
    bool floor;  // regret matching+: negative regrets to 0 at once (one thread)
  };
  Weights weights(std::int64_t t) const;
  // The seeds of iteration t's traversal for `player`: the state's chance, and the sampling.
  std::uint64_t chance_seed(std::int64_t t, int player) const;
  Rng sampler(std::int64_t t, int player) const {
    return Rng(options_.seed, static_cast<std::uint64_t>(2 * t + player));
  }
  // Iteration t's traversal for `traverser`: reading the strategy from `read`, updating `write`.
  virtual void traverse(std::int64_t t, int traverser, const RegretTable& read, RegretTable& write) const = 0;

  // Regret matching of a set's regrets (uniform when none is positive, or no set).
  static void regret_matching(const float* regrets, int count, double* strategy);
  const RegretTable& table() const { return shared_; }

  std::string game_;
  std::shared_ptr<const AbstractionBase> abstraction_;
  MccfrOptions options_;

 private:
  MemoryBudget budget_;
  RegretTable shared_;
  std::vector<std::unique_ptr<RegretTable>> locals_;  // a thread's updates of a round
  std::int64_t iteration_ = 0;

  void run_round(std::int64_t first, std::int64_t end);
};

template <GameState S>
class Mccfr final : public MccfrBase {
 public:
  using Config = typename S::Spec::Config;
  // Throws std::invalid_argument for a game of other than two players or general-sum, an
  // abstraction of another game, the dcfr algorithm, threads below 1, or tables that would
  // not fit the memory budget (when the abstraction tells its buckets).
  Mccfr(const Config& config, std::shared_ptr<const Abstraction<S>> abstraction, const MccfrOptions& options)
      : MccfrBase(std::string(S::kName) + " " + config.to_string(),
                  abstraction ? std::shared_ptr<const AbstractionBase>(std::move(abstraction))
                              : std::make_shared<const IdentityAbstraction<S>>(),
                  checked(config, options)),
        config_(config),
        abstraction_of_(std::static_pointer_cast<const Abstraction<S>>(abstraction_)) {}

  // The average strategy's probabilities of the legal actions (ascending ids) at a decision,
  // uniform at a set never visited.
  std::vector<double> average_policy(const S& state) const;

 private:
  Config config_;
  std::shared_ptr<const Abstraction<S>> abstraction_of_;

  static const MccfrOptions& checked(const Config& config, const MccfrOptions& options);
  void traverse(std::int64_t t, int traverser, const RegretTable& read, RegretTable& write) const override;
  // The abstraction's fixed action at a decision (checked legal), or -1.
  int fixed(const S& state, int player) const {
    const int action = abstraction_of_->fixed_action(state, player);
    if (action >= 0 && !state.legal_player_actions().contains(action))
      throw std::invalid_argument("the abstraction " + quote_input(abstraction_of_->name()) +
                                  " fixes an illegal action (" + std::to_string(action) + ") at a decision of " +
                                  game_);
    return action;
  }
  double walk(S state, int traverser, const Weights& w, Rng& rng, const RegretTable& read, RegretTable& write) const;
};

namespace detail {
// Throws std::invalid_argument for MCCFR over a game that is not two-player zero-sum.
void check_mccfr_game(std::string_view game, int players, bool zero_sum);
// The legal actions of an ActionSet into `out` (ascending); their count.
inline int action_list(const ActionSet& set, int* out) {
  int n = 0;
  for (int word = 0; word < 2; ++word)
    for (std::uint64_t bits = set.bits[word]; bits; bits &= bits - 1) out[n++] = 64 * word + lowest_bit(bits);
  return n;
}
// The table key of the decision of `player` at `state`: his bucket, and the player whose
// sets he plays (the abstraction's table_player).
template <GameState S>
std::uint64_t table_key(const Abstraction<S>& abstraction, const S& state, int player) {
  return MccfrBase::key_of(abstraction.bucket(state, player), abstraction.table_player(state, player));
}
}  // namespace detail

template <GameState S>
const MccfrOptions& Mccfr<S>::checked(const Config& config, const MccfrOptions& options) {
  detail::check_mccfr_game(std::string(S::kName) + " " + config.to_string(), S::Spec::num_players(config),
                           S::Spec::utility(config) == Utility::kZeroSum);
  return options;
}

template <GameState S>
void Mccfr<S>::traverse(std::int64_t t, int traverser, const RegretTable& read, RegretTable& write) const {
  Rng rng = sampler(t, traverser);
  walk(S(config_, true, chance_seed(t, traverser), Prevalidated{}), traverser, weights(t), rng, read, write);
}

// External sampling (Lanctot et al. 2009): at the traverser's decisions every action is
// explored and its regret updated; at the other player's one action is sampled from its
// strategy, whose probabilities are added to its strategy sums; chance is the seeded state's.
template <GameState S>
double Mccfr<S>::walk(S state, int traverser, const Weights& w, Rng& rng, const RegretTable& read,
                      RegretTable& write) const {
  if (state.is_terminal()) {
    const double value = state.return_of(traverser);
    if (std::abs(value + state.return_of(1 - traverser)) > 1e-9 * (1 + std::abs(value)))
      throw std::invalid_argument("MCCFR needs a zero-sum game: a terminal history of " + game_ + " returns " +
                                  std::to_string(state.return_of(0)) + " and " + std::to_string(state.return_of(1)));
    return value;
  }
  const int player = state.current_player();
  if (const int fixed = this->fixed(state, player); fixed >= 0) {
    state.apply_action(fixed);
    return walk(std::move(state), traverser, w, rng, read, write);
  }
  int actions[128];
  const int count = detail::action_list(state.legal_player_actions(), actions);
  const int table_player = abstraction_of_->table_player(state, player);
  const std::uint64_t bucket = abstraction_of_->bucket(state, player), key = key_of(bucket, table_player);
  const std::int32_t found = read.find(key);
  if (found >= 0) read.check_actions(found, actions, count);
  double strategy[128];
  regret_matching(found >= 0 ? read.values(found) : nullptr, count, strategy);
  // A set's key text, asked when it is added: a thread's table adds the sets of the shared
  // table too (their texts are known there, and the merge keeps those).
  auto text = [&] { return found >= 0 ? std::string() : abstraction_of_->key(state, player, bucket); };
  if (player != traverser) {
    const std::int32_t set = write.find_or_add(key, table_player, actions, count, text);
    float* sums = write.values(set) + count;
    for (int a = 0; a < count; ++a) sums[a] += static_cast<float>(w.sum * strategy[a]);
    double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
    int a = 0;
    while (a < count - 1 && (u -= strategy[a]) >= 0) ++a;
    state.apply_action(actions[a]);
    return walk(std::move(state), traverser, w, rng, read, write);
  }
  double values[128], value = 0;
  for (int a = 0; a < count; ++a) {
    S child = state;
    child.apply_action(actions[a]);
    values[a] = walk(std::move(child), traverser, w, rng, read, write);
    value += strategy[a] * values[a];
  }
  // After the children: their sets' additions may have moved the arrays.
  float* regrets = write.values(write.find_or_add(key, table_player, actions, count, text));
  for (int a = 0; a < count; ++a) {
    regrets[a] += static_cast<float>(w.regret * (values[a] - value));
    if (w.floor && regrets[a] < 0) regrets[a] = 0;
  }
  return value;
}

template <GameState S>
std::vector<double> Mccfr<S>::average_policy(const S& state) const {
  const int player = state.current_player();
  if (player < 0) throw std::invalid_argument("a policy plays a player's decision, not a chance node or the end");
  int actions[128];
  const int count = detail::action_list(state.legal_player_actions(), actions);
  if (const int fixed = this->fixed(state, player); fixed >= 0) {
    std::vector<double> policy(static_cast<std::size_t>(count));
    policy[static_cast<std::size_t>(std::find(actions, actions + count, fixed) - actions)] = 1;
    return policy;
  }
  std::vector<double> policy(static_cast<std::size_t>(count), 1.0 / count);
  const RegretTable& table = this->table();
  const std::int32_t set = table.find(detail::table_key(*abstraction_of_, state, player));
  if (set < 0) return policy;
  table.check_actions(set, actions, count);
  const float* sums = table.values(set) + count;
  double total = 0;
  for (int a = 0; a < count; ++a) total += sums[a];
  if (total > 0)
    for (int a = 0; a < count; ++a) policy[static_cast<std::size_t>(a)] = sums[a] / total;
  return policy;
}

}  // namespace cardcore::solve
