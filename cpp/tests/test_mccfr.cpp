// Monte Carlo CFR (solve/mccfr.hpp) through its C++ interface: the abstraction hook (a
// lossless suit-blind abstraction of Leduc poker converges, measured exactly on the tree),
// the refusal of a bucket whose states have different legal actions, the memory budget
// checked up front for an abstraction that tells its buckets, checkpoints' bytes, and the
// solution files of version 1 (before MCCFR's flag) still loading.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "cardcore/games/leduc/state.hpp"
#include "cardcore/solve/mccfr.hpp"
#include "check.hpp"

using namespace cardcore;
using namespace cardcore::solve;

namespace {

// Leduc's information state with each card by its rank alone (the suits do not matter in
// Leduc, so this loses nothing): the player's card, the public card and the actions.
class SuitBlind final : public Abstraction<leduc::State> {
 public:
  explicit SuitBlind(std::int64_t buckets = -1) : buckets_(buckets) {}
  std::string name() const override { return "suit-blind"; }
  std::int64_t buckets() const override { return buckets_; }
  std::uint64_t bucket(const leduc::State& state, int player) const override {
    std::string bytes{static_cast<char>(state.private_card(player) / 2),
                      static_cast<char>(state.public_card() < 0 ? -1 : state.public_card() / 2)};
    for (const Step& step : state.history())
      if (step.actor >= 0) bytes += static_cast<char>(step.action);
    return hash_bytes(bytes);
  }

 private:
  std::int64_t buckets_;
};

// Every decision in one bucket: Leduc's decisions have two or three legal actions.
class OneBucket final : public Abstraction<leduc::State> {
 public:
  std::string name() const override { return "one"; }
  std::uint64_t bucket(const leduc::State&, int) const override { return 7; }
};

// The identity, with player 0's first decision fixed to `first` (-1: nothing fixed).
class FixedFirst final : public Abstraction<leduc::State> {
 public:
  explicit FixedFirst(int first) : first_(first) {}
  std::string name() const override { return "fixed-first"; }
  std::uint64_t bucket(const leduc::State& state, int player) const override {
    return hash_bytes(state.information_state_string(player));
  }
  std::string key(const leduc::State& state, int player, std::uint64_t) const override {
    return state.information_state_string(player);
  }
  int fixed_action(const leduc::State& state, int player) const override {
    for (const Step& step : state.history())
      if (step.actor >= 0) return -1;
    return player == 0 ? first_ : -1;
  }

 private:
  int first_;
};

// The identity, with each player's sets kept as the other player's (table_player).
class SwappedTables final : public Abstraction<leduc::State> {
 public:
  std::string name() const override { return "swapped-tables"; }
  std::uint64_t bucket(const leduc::State& state, int player) const override {
    return hash_bytes(state.information_state_string(player));
  }
  std::string key(const leduc::State& state, int player, std::uint64_t) const override {
    return state.information_state_string(player);
  }
  int table_player(const leduc::State&, int player) const override { return 1 - player; }
};

// The policy of a run at each information set of the tree.
std::vector<double> tree_policy(const Tree& tree, const Mccfr<leduc::State>& run) {
  std::vector<double> policy(static_cast<std::size_t>(tree.policy_size()));
  for (std::size_t i = 0; i < tree.infosets().size(); ++i) {
    leduc::State state(leduc::Config{}, false, 0);
    for (const int action : tree.history(tree.infosets()[i].node)) state.apply_action(action);
    const std::vector<double> p = run.average_policy(state);
    std::copy(p.begin(), p.end(), policy.begin() + tree.infosets()[i].offset);
  }
  return policy;
}

}  // namespace

TEST_CASE(a_suit_blind_abstraction_of_leduc_converges) {
  const auto tree = build_tree<leduc::State>(leduc::Config{});
  Mccfr<leduc::State> run(leduc::Config{}, std::make_shared<SuitBlind>(), {});
  const double uniform = exploitability(*tree, tree_policy(*tree, run)).exploitability;
  run.iterate(100'000);
  // Three ranks, where the identity sees six cards: 288 sets of 936.
  CHECK_EQ(run.information_sets(), std::int64_t{288});
  const double solved = exploitability(*tree, tree_policy(*tree, run)).exploitability;
  CHECK(solved < 0.05);
  CHECK(solved < uniform / 20);
  // A bucket's key names it, as the Solution records it.
  CHECK_EQ(run.solution().policy[0].key.substr(0, 7), std::string("bucket "));
}

TEST_CASE(a_bucket_with_other_legal_actions_is_refused) {
  Mccfr<leduc::State> run(leduc::Config{}, std::make_shared<OneBucket>(), {});
  CHECK_THROWS(run.iterate(10), std::invalid_argument,
               "two states of one information set (or abstraction bucket) have different legal actions");
}

TEST_CASE(the_memory_budget_is_checked_before_allocating) {
  const MccfrOptions options{.memory = 1 << 20};
  CHECK_THROWS(
      Mccfr<leduc::State>(leduc::Config{}, std::make_shared<SuitBlind>(1'000'000), options), std::invalid_argument,
      "MCCFR over the 1000000 buckets a player of the abstraction 'suit-blind' needs at least 196000000 bytes, "
      "more than the memory budget of 1048576 bytes");
  Mccfr<leduc::State> run(leduc::Config{}, nullptr, {.memory = 40'000});
  CHECK_THROWS(run.iterate(1000), std::invalid_argument, "MCCFR's tables would pass the memory budget of 40000 bytes");
}

TEST_CASE(checkpoints_restore_the_tables) {
  const MccfrOptions options{.seed = 5, .threads = 2};
  Mccfr<leduc::State> whole(leduc::Config{}, nullptr, options), first(leduc::Config{}, nullptr, options),
      second(leduc::Config{}, nullptr, options);
  whole.iterate(4 * whole.round());
  first.iterate(2 * first.round());
  second.restore(first.to_bytes());
  second.iterate(2 * second.round());
  CHECK(second.to_bytes() == whole.to_bytes());
  CHECK(second.solution().to_bytes() == whole.solution().to_bytes());  // NaN exploitability: no ==
  Mccfr<leduc::State> other(leduc::Config{}, nullptr, {.seed = 5});
  CHECK_THROWS(other.restore(first.to_bytes()), std::invalid_argument,
               "the MCCFR checkpoint is of the threads '2', and this run's is '1'");
  Mccfr<leduc::State> blind(leduc::Config{}, std::make_shared<SuitBlind>(), options);
  CHECK_THROWS(blind.restore(first.to_bytes()), std::invalid_argument,
               "the MCCFR checkpoint is of the abstraction 'identity', and this run's is 'suit-blind'");
  std::string bytes = first.to_bytes();
  CHECK_THROWS(other.restore(bytes.substr(0, bytes.size() / 2)), std::invalid_argument,
               "not a valid cardcore MCCFR checkpoint (truncated or corrupt: its checksum does not match)");
}

// Solution files are version 2 since MCCFR (a flag: the unlisted sets play uniformly);
// version 1, without the flag, still loads, every set listed.
TEST_CASE(solutions_of_version_1_still_load) {
  Mccfr<leduc::State> run(leduc::Config{}, nullptr, {});
  run.iterate(3);
  const Solution sampled = run.solution();
  CHECK(sampled.uniform_elsewhere);
  CHECK(sampled.policy.size() < std::size_t{936});
  const auto tree = build_tree<leduc::State>(leduc::Config{});
  CHECK(std::isfinite(exploitability(*tree, policy_of(*tree, sampled)).exploitability));
  std::string bytes = sampled.to_bytes();
  const std::size_t flag = 18 + 4 + 4 + sampled.game.size() + 4 + std::string("linear").size();
  CHECK_EQ(bytes[flag], '\x01');
  bytes.erase(flag, 1);
  bytes[18] = 1;
  bytes.resize(bytes.size() - 8);
  std::uint64_t checksum = 14695981039346656037ull;  // FNV-1a, the files' checksum
  for (const char c : bytes) checksum = (checksum ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>(checksum >> (8 * i) & 0xFF));
  const Solution old = Solution::from_bytes(bytes);
  CHECK(!old.uniform_elsewhere);
  CHECK(old.policy == sampled.policy);
  CHECK_THROWS(policy_of(*tree, old), std::invalid_argument, "the solution has no policy at information set");
}

TEST_CASE(a_fixed_action_is_played_without_branching_or_a_set) {
  // Fixing nothing changes no bit: the hook draws no number and adds no set.
  Mccfr<leduc::State> identity(leduc::Config{}, nullptr, {.seed = 3}),
      unfixed(leduc::Config{}, std::make_shared<FixedFirst>(-1), {.seed = 3});
  identity.iterate(2000);
  unfixed.iterate(2000);
  CHECK(unfixed.solution().to_bytes() == identity.solution().to_bytes());
  // Player 0 always checks first (Leduc: fold 0, call 1, raise 2): his first decision has
  // no set, and player 1 never meets a raise there.
  Mccfr<leduc::State> fixed(leduc::Config{}, std::make_shared<FixedFirst>(1), {.seed = 3});
  fixed.iterate(2000);
  leduc::State first(leduc::Config{}, true, 1);
  CHECK(fixed.average_policy(first) == (std::vector<double>{1, 0}));
  const std::string first_key = first.information_state_string(0);
  leduc::State raised = first;
  raised.apply_action(2);
  const std::string raised_key = raised.information_state_string(1);
  bool checked = false;
  for (const InfosetPolicy& set : fixed.solution().policy) {
    CHECK(set.key != first_key && set.key != raised_key);
    if (set.player == 1)
      checked = checked || set.key == [&] {
        leduc::State s = first;
        s.apply_action(1);
        return s.information_state_string(1);
      }();
  }
  CHECK(checked);
  CHECK(fixed.information_sets() < identity.information_sets());
  // An illegal fixed action is refused.
  Mccfr<leduc::State> illegal(leduc::Config{}, std::make_shared<FixedFirst>(0), {});
  CHECK_THROWS(illegal.iterate(1), std::invalid_argument, "the abstraction 'fixed-first' fixes an illegal action (0)");
}

TEST_CASE(a_table_player_keys_the_sets_and_changes_no_strategy) {
  // A decision reads and writes the sets of its table player, in training and in play:
  // keeping each player's sets as the other's gives the identity's strategy at every
  // information set, and its sets with the players swapped.
  Mccfr<leduc::State> identity(leduc::Config{}, nullptr, {.seed = 5}),
      swapped(leduc::Config{}, std::make_shared<SwappedTables>(), {.seed = 5});
  identity.iterate(3000);
  swapped.iterate(3000);
  const auto tree = build_tree<leduc::State>(leduc::Config{});
  CHECK(tree_policy(*tree, swapped) == tree_policy(*tree, identity));
  std::vector<InfosetPolicy> expected = identity.solution().policy, got = swapped.solution().policy;
  for (InfosetPolicy& set : expected) set.player = 1 - set.player;
  const auto by_player_and_key = [](const InfosetPolicy& a, const InfosetPolicy& b) {
    return std::tie(a.player, a.key) < std::tie(b.player, b.key);
  };
  std::sort(expected.begin(), expected.end(), by_player_and_key);
  std::sort(got.begin(), got.end(), by_player_and_key);
  CHECK(!got.empty() && got == expected);
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
