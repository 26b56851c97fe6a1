// The solver (solve/tree.hpp, solve/cfr.hpp) on Kuhn and Leduc poker against OpenSpiel's
// figures in tests/data/openspiel_reference.json (tools/openspiel_reference.py): the tree
// sizes, the information sets, the exploitability of the uniform policy and of the average
// policies of CFR, CFR+, DCFR and linear CFR after 1, 10 and 100 iterations (to 1e-9); Kuhn's
// game value; the threads giving the same bits; the file format's round trip and its
// refusals; and the games the solver refuses.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "cardcore/games/kuhn/state.hpp"
#include "cardcore/games/leduc/state.hpp"
#include "cardcore/solve/cfr.hpp"
#include "cardcore/solve/strategy.hpp"
#include "check.hpp"

using namespace cardcore;
using namespace cardcore::solve;

namespace {

// The reference file's numbers by their path ("games.kuhn_poker.histories"; an array's
// entries by index), read by a small JSON reader that keeps numbers as their text.
class Reference {
 public:
  Reference() {
    std::ifstream file(std::string(CARDCORE_SOURCE_DIR) + "/tests/data/openspiel_reference.json");
    text_.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    if (text_.empty()) throw std::runtime_error("cannot read tests/data/openspiel_reference.json");
    value("");
  }
  double number(const std::string& path) const {
    const auto found = values_.find(path);
    if (found == values_.end()) throw std::runtime_error("no " + path + " in the reference file");
    return std::stod(found->second);
  }

 private:
  std::string text_;
  std::size_t at_ = 0;
  std::map<std::string, std::string> values_;

  void skip() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  std::string string() {
    std::string out;
    for (++at_; text_[at_] != '"'; ++at_) out += text_[at_];  // the file has no escapes
    ++at_;
    return out;
  }
  void value(const std::string& path) {
    skip();
    const std::string prefix = path.empty() ? "" : path + ".";
    if (text_[at_] == '{' || text_[at_] == '[') {
      const bool object = text_[at_++] == '{';
      for (int index = 0;; ++index) {
        skip();
        if (text_[at_] == '}' || text_[at_] == ']') break;
        std::string key = std::to_string(index);
        if (object) {
          key = string();
          skip();
          ++at_;  // the colon
        }
        value(prefix + key);
        skip();
        if (text_[at_] == ',') ++at_;
      }
      ++at_;
    } else if (text_[at_] == '"') {
      values_[path] = string();
    } else {
      const std::size_t end = text_.find_first_of(",}] \n", at_);
      values_[path] = text_.substr(at_, end - at_);
      at_ = end;
    }
  }
};

const Reference& reference() {
  static const Reference r;
  return r;
}

std::shared_ptr<const Tree> kuhn_tree() {
  static const auto tree = build_tree<kuhn::State>(kuhn::Config{});
  return tree;
}
std::shared_ptr<const Tree> leduc_tree() {
  static const auto tree = build_tree<leduc::State>(leduc::Config{});
  return tree;
}

void check_against_openspiel(const std::string& game, const std::shared_ptr<const Tree>& tree) {
  const std::string path = "games." + game + ".";
  CHECK_EQ(static_cast<double>(tree->nodes().size()), reference().number(path + "histories"));
  for (int p = 0; p < 2; ++p)
    CHECK_EQ(static_cast<double>(tree->infosets_of(p)),
             reference().number(path + "infosets_per_player." + std::to_string(p)));
  CHECK_LT(std::abs(exploitability(*tree, tree->uniform_policy()).exploitability -
                    reference().number(path + "uniform_exploitability")),
           1e-9);
  for (const Algorithm algorithm : {Algorithm::kCfr, Algorithm::kCfrPlus, Algorithm::kDcfr, Algorithm::kLinear}) {
    const std::string name(algorithm_name(algorithm));
    TRACE(game + " " + name);
    const Solution s = solve::solve(tree, {.algorithm = algorithm, .iterations = 100, .checkpoints = {1, 10, 100}});
    CHECK_EQ(s.history.size(), std::size_t{3});
    for (const Checkpoint& c : s.history) {
      TRACE("after " + std::to_string(c.iterations) + " iterations");
      const double expected = reference().number(path + "exploitability." + name + "." + std::to_string(c.iterations));
      // The discounts of DCFR and linear CFR amplify rounding: on Leduc a change in the order
      // of the additions (1e-16) grows about twofold an iteration at first, and moves their
      // exploitability after 100 iterations by 8e-6 and 5e-7 (CFR and CFR+ by 2e-12).
      // Their figures after 1 and 10 iterations pin them to 1e-9; after 100, to 1% of it.
      const bool amplified = (algorithm == Algorithm::kDcfr || algorithm == Algorithm::kLinear) && c.iterations == 100;
      CHECK_LT(std::abs(c.exploitability - expected), amplified ? 1e-2 * expected : 1e-9);
    }
    CHECK_EQ(s.exploitability, s.history.back().exploitability);
  }
}

}  // namespace

TEST_CASE(kuhn_agrees_with_openspiel) { check_against_openspiel("kuhn_poker", kuhn_tree()); }

TEST_CASE(leduc_agrees_with_openspiel) { check_against_openspiel("leduc_poker", leduc_tree()); }

// Kuhn poker's value for the first player is -1/18 (Kuhn 1950).
TEST_CASE(kuhn_cfr_plus_converges_to_the_game_value) {
  Solver solver(kuhn_tree(), Algorithm::kCfrPlus);
  solver.iterate(3000);
  const std::vector<double> policy = solver.average_policy();
  CHECK_LT(std::abs(policy_value(*kuhn_tree(), policy) + 1.0 / 18), 1e-3);
  CHECK_LT(exploitability(*kuhn_tree(), policy).exploitability, 1e-3);
}

// The best response of the first player to the uniform policy in Kuhn, as OpenSpiel's
// BestResponsePolicy gives it: value 0.5; the jack and the queen bet (a bet loses less than
// a pass), the king passes (a tie with betting, 1.5 each: to the lower id); facing a bet
// after passing, the jack folds, the queen and king call.
TEST_CASE(kuhn_best_response_to_uniform) {
  const Tree& tree = *kuhn_tree();
  const BestResponse br = best_response(tree, tree.uniform_policy(), 0);
  CHECK_LT(std::abs(br.value - 0.5), 1e-12);
  const std::pair<const char*, int> expected[] = {{"0", kuhn::kBet},    {"1", kuhn::kBet},   {"2", kuhn::kPass},
                                                  {"0pb", kuhn::kPass}, {"1pb", kuhn::kBet}, {"2pb", kuhn::kBet}};
  for (const auto& [key, action] : expected) {
    TRACE(std::string("information set ") + key);
    CHECK_EQ(br.actions[static_cast<std::size_t>(tree.find_infoset(0, key))], action);
  }
  CHECK_EQ(br.actions[static_cast<std::size_t>(tree.find_infoset(1, "0b"))], -1);  // not player 0's
  CHECK_THROWS(best_response(tree, std::vector<double>(3, 0.5), 0), std::invalid_argument, "has 24 entries, got 3");
  std::vector<double> bad = tree.uniform_policy();
  bad[0] = 0.7;
  CHECK_THROWS(exploitability(tree, bad), std::invalid_argument, "must sum to 1");
}

// Each information set's first history, replayed from the first state, is a history of it.
TEST_CASE(histories_lead_to_their_information_sets) {
  const Tree& tree = *leduc_tree();
  for (const Tree::Infoset& set : tree.infosets()) {
    leduc::State state(leduc::Config{}, false, 0);
    for (const int action : tree.history(set.node)) state.apply_action(action);
    CHECK_EQ(state.current_player(), set.player);
    CHECK_EQ(state.information_state_string(set.player), set.key);
  }
  CHECK(tree.history(0).empty());
}

TEST_CASE(threads_give_the_same_bits) {
  for (const Algorithm algorithm : {Algorithm::kCfr, Algorithm::kCfrPlus, Algorithm::kDcfr, Algorithm::kLinear}) {
    TRACE(std::string(algorithm_name(algorithm)));
    Solver one(leduc_tree(), algorithm, 1), two(leduc_tree(), algorithm, 2), three(leduc_tree(), algorithm, 3);
    for (Solver* s : {&one, &two, &three}) s->iterate(30);
    CHECK(one.average_policy() == two.average_policy());
    CHECK(one.current_policy() == two.current_policy());
    CHECK(one.average_policy() == three.average_policy());
  }
}

TEST_CASE(solution_file_round_trip_and_refusals) {
  const Solution s = solve::solve(kuhn_tree(), {.algorithm = Algorithm::kDcfr, .iterations = 20, .checkpoints = {5}});
  CHECK_EQ(s.policy.size(), std::size_t{12});
  CHECK_EQ(s.game, std::string("kuhn players=2"));
  const std::string path = std::string(CARDCORE_BINARY_DIR) + "/test_solve_solution.bin";
  s.save(path);
  const Solution loaded = Solution::load(path);
  CHECK(loaded == s);
  CHECK_EQ(exploitability(*kuhn_tree(), policy_of(*kuhn_tree(), loaded)).exploitability, s.exploitability);
  CHECK_THROWS(policy_of(*leduc_tree(), loaded), std::invalid_argument,
               "a solution of 'kuhn players=2' is not a policy of leduc players=2");
  Solution missing = s;
  missing.policy.pop_back();
  CHECK_THROWS(policy_of(*kuhn_tree(), missing), std::invalid_argument,
               "the solution has no policy at information set");
  Solution renamed = s;
  renamed.policy[0].key = "9";
  CHECK_THROWS(policy_of(*kuhn_tree(), renamed), std::invalid_argument,
               "the solution's information set '9' of player 0 is not in the game");
  const std::string bytes = s.to_bytes();
  CHECK_THROWS(Solution::from_bytes(bytes.substr(0, bytes.size() - 3)), std::invalid_argument,
               "truncated or corrupt: its checksum does not match");
  CHECK_THROWS(Solution::from_bytes(bytes.substr(0, 20)), std::invalid_argument, "truncated in the header");
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 1;
  CHECK_THROWS(Solution::from_bytes(flipped), std::invalid_argument, "checksum does not match");
  CHECK_THROWS(Solution::from_bytes("hello"), std::invalid_argument, "does not start with the magic");
  std::string version = bytes;
  version[18] = 3;
  CHECK_THROWS(Solution::from_bytes(version), std::invalid_argument,
               "format version 3; this cardcore reads version 1 to 2");
  CHECK_THROWS(Solution::load(path + ".missing"), std::invalid_argument, "cannot open the solution file");
  // A directory opens, and libstdc++ throws std::ios_base::failure at its first read.
  const std::string directory = path + ".directory";
  std::filesystem::create_directory(directory);
  CHECK_THROWS(Solution::load(directory), std::invalid_argument, "is a directory, not a file");
  std::filesystem::remove(directory);
  std::remove(path.c_str());
}

TEST_CASE(options_are_checked) {
  CHECK_THROWS(Solver(kuhn_tree(), Algorithm::kCfr, 0), std::invalid_argument, "threads must be at least 1, got 0");
  CHECK_THROWS(solve::solve(kuhn_tree(), {.iterations = 10, .checkpoints = {11}}), std::invalid_argument,
               "a checkpoint must be 1 to the iterations (10), got 11");
  CHECK_THROWS(algorithm_from_name("cfr++"), std::invalid_argument, "unknown solver algorithm 'cfr++'");
  CHECK_EQ(algorithm_from_name("linear"), Algorithm::kLinear);
}

// ---------------------------------------------------------------------------------------
// Games the solver refuses: too large (counted before building), three players,
// general-sum, returns that do not sum to zero, information sets without perfect recall or
// with different legal actions (Kuhn and Leduc poker dressed up as each).

TEST_CASE(a_tree_too_large_is_refused_before_building) {
  CHECK_THROWS(build_tree<leduc::State>(leduc::Config{}, {.max_nodes = 1000}), std::invalid_argument,
               "the game tree of leduc players=2 is too large: more than 1000 nodes");
  CHECK_THROWS(build_tree<leduc::State>(leduc::Config{}, {.max_bytes = 1000}), std::invalid_argument,
               "is too large: 9457 nodes, about 0 MiB or more (limits: max_nodes 10000000, max_bytes 1000)");
}

namespace {

// kForgetful: one information set for all of a player's decisions; kUnseen: neither player
// sees the other's actions.
enum class Fake { kThreePlayers, kGeneralSum, kUnbalanced, kForgetful, kUnseen };

template <class Base, Fake kFake, class State>
struct FakeSpec : Base {
  // The base game's facts with no built-in policies (they play the base game's State).
  static constexpr GameSpec<typename Base::Config, State> kSpec{
      .name = Base::kSpec.name,
      .display_name = Base::kSpec.display_name,
      .min_players = Base::kSpec.min_players,
      .max_players = Base::kSpec.max_players,
      .seats_field = Base::kSpec.seats_field,
      .fields = Base::kSpec.fields,
      .policies = {},
      .opponent = Base::kSpec.opponent,
      .rotates_dealer = Base::kSpec.rotates_dealer,
      .count_names = Base::kSpec.count_names,
      .utility_doc = Base::kSpec.utility_doc,
      .unit = Base::kSpec.unit,
      .num_distinct_actions = Base::kSpec.num_distinct_actions,
      .action_blocks = Base::kSpec.action_blocks,
  };
  static int num_players(const typename Base::Config&) { return kFake == Fake::kThreePlayers ? 3 : 2; }
  static Utility utility(const typename Base::Config&) {
    return kFake == Fake::kGeneralSum ? Utility::kGeneralSum : Utility::kZeroSum;
  }
};

template <class Base, Fake kFake>
struct FakeState : Base {
  using Spec = FakeSpec<typename Base::Spec, kFake, FakeState>;
  using Base::Base;
  explicit FakeState(const Base& state) : Base(state) {}
  std::vector<double> returns() const {
    std::vector<double> r = Base::returns();
    if (kFake == Fake::kUnbalanced && this->is_terminal()) r[1] += 1;
    return r;
  }
  std::string information_state_string(int player) const {
    if (kFake == Fake::kForgetful) return "P" + std::to_string(player);
    std::string key = Base::information_state_string(player);
    if (kFake == Fake::kUnseen)  // Kuhn's: the card, then a letter per action, player 0's first
      for (std::size_t i = key.size(); i-- > 1;)
        if ((i - 1) % 2 != static_cast<std::size_t>(player)) key.erase(i, 1);
    return key;
  }
  FakeState resample_from_infostate(int player, std::uint64_t seed) const {
    return FakeState(Base::resample_from_infostate(player, seed));
  }
  FakeState resample_hand(int player, std::uint64_t seed) const { return FakeState(Base::resample_hand(player, seed)); }
  static FakeState deserialize(const typename Base::Spec::Config& config, std::string_view text) {
    return FakeState(Base::deserialize(config, text));
  }
};
template <Fake kFake>
using FakeKuhn = FakeState<kuhn::State, kFake>;
static_assert(GameState<FakeKuhn<Fake::kThreePlayers>>);

}  // namespace

TEST_CASE(games_other_than_two_player_zero_sum_are_refused) {
  CHECK_THROWS(build_tree<FakeKuhn<Fake::kThreePlayers>>(kuhn::Config{}), std::invalid_argument,
               "the solver needs a two-player game, and kuhn players=2 has 3 players");
  CHECK_THROWS(build_tree<FakeKuhn<Fake::kGeneralSum>>(kuhn::Config{}), std::invalid_argument,
               "the solver needs a zero-sum game, and kuhn players=2 is general-sum");
  CHECK_THROWS(build_tree<FakeKuhn<Fake::kUnbalanced>>(kuhn::Config{}), std::invalid_argument,
               "the solver needs a zero-sum game: a terminal history returns");
}

TEST_CASE(information_sets_must_be_consistent) {
  // Kuhn's player 0 decides first and again after a bet: one set at two depths.
  CHECK_THROWS(build_tree<FakeKuhn<Fake::kForgetful>>(kuhn::Config{}), std::invalid_argument,
               "the solver needs perfect recall: the histories of information set 'P0' follow different numbers");
  // Leduc's player 0 may call or raise, and facing a raise may also fold.
  CHECK_THROWS((build_tree<FakeState<leduc::State, Fake::kForgetful>>(leduc::Config{})), std::invalid_argument,
               "two histories of one information set have different legal actions: 'P0'");
}

// Kuhn with unseen actions has perfect recall, but player 1 decides in one information set
// after either of player 0's actions: its decisions form no public tree.
TEST_CASE(a_game_without_a_public_tree_is_refused_by_the_solver) {
  const auto tree = build_tree<FakeKuhn<Fake::kUnseen>>(kuhn::Config{});
  CHECK_EQ(tree->infosets_of(1), 3);
  CHECK_THROWS(Solver(tree, Algorithm::kCfrPlus), std::invalid_argument,
               "the solver needs the public states of kuhn players=2 to form a tree, but a public state follows two "
               "public states or actions");
}

// A strategy plays each action on its share of [0, 1): the probabilities laid end to end,
// actions of probability 0 never, and the last possible action past rounding.
TEST_CASE(a_strategy_draws_each_action_on_its_share) {
  const InfosetPolicy policy{0, "k", {3, 5, 7, 9}, {0.25, 0.0, 0.75, 0.0}};
  CHECK_EQ(StrategyTable::action_at(policy, 0.0), 3);
  CHECK_EQ(StrategyTable::action_at(policy, 0.2499), 3);
  CHECK_EQ(StrategyTable::action_at(policy, 0.25), 7);
  CHECK_EQ(StrategyTable::action_at(policy, 0.9999), 7);
  CHECK_EQ(StrategyTable::action_at(policy, 1.0), 7);
  const InfosetPolicy zero_first{0, "k", {1, 2}, {0.0, 1.0}};
  CHECK_EQ(StrategyTable::action_at(zero_first, 0.0), 2);
}

// A strategy finds each information set by player and key, and plays a State by them.
TEST_CASE(a_strategy_plays_a_solution) {
  Solver solver(kuhn_tree(), Algorithm::kCfrPlus);
  solver.iterate(50);
  const StrategyTable strategy(make_solution(*kuhn_tree(), solver.average_policy()));
  CHECK_EQ(strategy.game(), std::string("kuhn players=2"));
  CHECK(strategy.find(0, "2") != nullptr);
  CHECK(strategy.find(1, "2") == nullptr);  // player 1's sets have a betting letter
  CHECK(strategy.find(2, "2") == nullptr);
  CHECK(strategy.find(1, "2p") != nullptr);
  kuhn::State state(kuhn::Config{}, true, 7);
  Rng rng(1);
  const int action = strategy.choose(state, rng);
  CHECK(action == kuhn::kPass || action == kuhn::kBet);
  Solution broken = make_solution(*kuhn_tree(), solver.average_policy());
  broken.policy[0].probabilities.pop_back();
  CHECK_THROWS(StrategyTable{broken}, std::invalid_argument, "needs one probability per action");
  broken.policy.clear();
  const StrategyTable empty(broken);
  CHECK_THROWS(empty.choose(state, rng), std::invalid_argument, "the strategy has no information set of player 0");
  try {  // the message quotes no key: a key holds the player's cards
    empty.choose(state, rng);
  } catch (const std::invalid_argument& error) {
    CHECK(std::string(error.what()).find('\'') == std::string::npos);
  }
  broken.uniform_elsewhere = true;  // a sampled solve's: unvisited sets play uniformly
  const StrategyTable sampled(broken);
  int bets = 0;
  for (int draw = 0; draw < 1000; ++draw) bets += sampled.choose(state, rng) == kuhn::kBet;
  CHECK(bets > 400 && bets < 600);
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
