// The reference games, Kuhn poker (kuhn::State) and Leduc poker (leduc::State), in many
// random games, seeded and with explicit chance: at every step a copy is the same state and
// independent of it, serialize() / deserialize() and load_state give the same state, the
// legal actions read back from their text (at a chance node: the cards left, equally
// likely), an illegal action is refused and changes nothing, a resampled state looks the
// same to the player to act, and at the end the returns sum to zero within the game's
// bounds. The rule-based policies play legal actions. Some histories are checked against
// what OpenSpiel's kuhn_poker and leduc_poker give for them (pyspiel), and the tensor
// sizes against OpenSpiel's shapes.
//
// `test_reference_games <kuhn|leduc>` runs one game's cases (ctest has one entry a game).
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/games/kuhn/state.hpp"
#include "cardcore/games/leduc/state.hpp"
#include "cardcore/games/protocol.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

// Everything a caller can observe of a state.
template <class State, class Game>
void check_same(const State& a, const State& b, const Game& game) {
  CHECK_EQ(a.serialize(), b.serialize());
  CHECK_EQ(a.current_player(), b.current_player());
  CHECK_EQ(a.legal_actions(), b.legal_actions());
  CHECK_EQ(a.returns(), b.returns());
  std::vector<float> ta(static_cast<std::size_t>(game.information_state_size())), tb(ta.size());
  for (int p = 0; p < 2; ++p) {
    CHECK_EQ(a.observation_string(p), b.observation_string(p));
    CHECK_EQ(a.information_state_string(p), b.information_state_string(p));
    a.information_state_tensor(p, ta.data());
    b.information_state_tensor(p, tb.data());
    CHECK_EQ(ta, tb);
    ta.assign(ta.size(), -1.0f);
    tb.assign(tb.size(), -1.0f);
    a.observation_tensor(p, ta.data());
    b.observation_tensor(p, tb.data());
    CHECK_EQ(ta, tb);
  }
}

// Plays random games (and games of the rule-based policy against itself), checking at every step.
template <class State, class Policy>
void play_random_games(Policy rule_based) {
  using Game = EngineGame<typename State::Spec>;
  const Game game(typename State::Spec::Config{});
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const bool seeded = seed % 2 == 0, rules = seed % 3 == 0;
    TRACE(std::string(State::kName) + " seed " + std::to_string(seed) + (seeded ? ", seeded" : ", explicit"));
    State state(game.config, seeded, seed);
    Rng rng(seed, 7);
    while (!state.is_terminal()) {
      TRACE("history '" + state.serialize() + "'");
      CHECK_LE(static_cast<int>(state.history().size()), game.max_game_length());
      const std::string before = state.serialize();
      State copy = state;
      check_same(copy, state, game);
      check_same(State::deserialize(game.config, before), state, game);
      check_same(load_state<State>(before), state, game);
      const std::vector<int> legal = state.legal_actions();
      CHECK(!legal.empty());
      if (state.is_chance_node()) {
        double total = 0;
        for (const auto& [card, p] : state.chance_outcomes()) total += p;
        CHECK_LT(std::abs(total - 1), 1e-12);
      } else {
        const int player = state.current_player();
        const State resampled = state.resample_from_infostate(player, seed);
        CHECK_EQ(resampled.information_state_string(player), state.information_state_string(player));
        CHECK_EQ(resampled.legal_actions(), legal);
      }
      for (const int action : legal) CHECK_EQ(state.string_to_action(state.action_to_string(action)), action);
      int illegal = 0;
      while (state.is_legal(illegal)) ++illegal;
      CHECK_THROWS(state.apply_action(illegal), std::invalid_argument, "is not legal");
      CHECK_EQ(state.serialize(), before);
      const int action = rules && !state.is_chance_node() ? rule_based(state)
                                                          : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      CHECK(state.is_legal(action));
      copy.apply_action(action);
      CHECK_EQ(state.serialize(), before);  // the copy is independent
      state.apply_action(action);
      check_same(state, copy, game);
    }
    const std::vector<double> returns = state.returns();
    CHECK_EQ(returns[0] + returns[1], 0.0);
    CHECK(game.min_utility() <= returns[0] && returns[0] <= game.max_utility());
    CHECK_EQ(state.counts()[0], std::int64_t{1});
    CHECK(state.legal_actions().empty());
  }
}

template <class State>
State play(const std::vector<int>& history) {
  State state(typename State::Spec::Config{}, false, 0);
  for (const int action : history) state.apply_action(action);
  return state;
}

}  // namespace

TEST_CASE(kuhn_random_games) { play_random_games<kuhn::State>(kuhn::rule_based_action); }

TEST_CASE(leduc_random_games) { play_random_games<leduc::State>(leduc::rule_based_action); }

// What pyspiel's kuhn_poker gives for these histories.
TEST_CASE(kuhn_agrees_with_openspiel_histories) {
  const kuhn::State folded = play<kuhn::State>({2, 0, 0, 1, 0});  // K, J: pass, bet, fold
  CHECK(folded.is_terminal());
  CHECK_EQ(folded.returns(), (std::vector<double>{-1, 1}));
  CHECK_EQ(folded.information_state_string(1), std::string("0pbp"));
  CHECK_EQ(play<kuhn::State>({0, 2, 1, 1}).returns(), (std::vector<double>{-2, 2}));
  const kuhn::Game game(kuhn::Config{});
  CHECK_EQ(game.information_state_size(), 11);
  CHECK_EQ(game.observation_size(), 7);
  kuhn::State dealing(kuhn::Config{}, false, 0);
  CHECK_EQ(dealing.action_to_string(2), std::string("K"));
  CHECK_EQ(dealing.string_to_action("Q"), 1);
  CHECK_THROWS(dealing.string_to_action("A"), std::invalid_argument, "expected a card J, Q or K");
}

// What pyspiel's leduc_poker gives for these histories.
TEST_CASE(leduc_agrees_with_openspiel_histories) {
  const leduc::State raised = play<leduc::State>({1, 5, 1, 2, 2, 1, 0, 1, 2, 1});
  CHECK(raised.is_terminal());
  CHECK_EQ(raised.returns(), (std::vector<double>{9, -9}));
  CHECK_EQ(raised.information_state_string(0),
           std::string("[Observer: 0][Private: 1][Round 2][Player: 0][Pot: 0][Money: 109 91][Public: 0][Round1: 1 2 2 "
                       "1][Round2: 1 2 1]"));
  CHECK_EQ(raised.observation_string(1),
           std::string("[Observer: 1][Private: 5][Round 2][Player: 0][Pot: 0][Money: 109 91][Public: 0][Ante: 9 9]"));
  const leduc::State split = play<leduc::State>({2, 3, 1, 1, 5, 1, 1});  // two queens
  CHECK_EQ(split.returns(), (std::vector<double>{0, 0}));
  CHECK_EQ(split.information_state_string(1),
           std::string("[Observer: 1][Private: 3][Round 2][Player: 1][Pot: 0][Money: 100 100][Public: 5][Round1: 1 "
                       "1][Round2: 1 1]"));
  const leduc::Game game(leduc::Config{});
  CHECK_EQ(game.information_state_size(), 30);
  CHECK_EQ(game.observation_size(), 16);
  // Fold is legal only facing a raise, and a round has two raises at most.
  leduc::State state = play<leduc::State>({0, 1});
  CHECK_EQ(state.legal_actions(), (std::vector<int>{leduc::kCall, leduc::kRaise}));
  state.apply_action(leduc::kRaise);
  state.apply_action(leduc::kRaise);
  CHECK_EQ(state.legal_actions(), (std::vector<int>{leduc::kFold, leduc::kCall}));
  CHECK_THROWS(state.apply_action(leduc::kRaise), std::invalid_argument, "is not legal");
}

// Each step as the history records it: the actor, the action, where a card went (a seat, or
// the board) and the stage (Leduc's betting round).
template <class State>
std::vector<Step> steps(const State& state) {
  return std::vector<Step>(state.history().begin(), state.history().end());
}

TEST_CASE(kuhn_history_records_each_step_where_its_card_went) {
  CHECK(steps(play<kuhn::State>({2, 0, 0, 1, 0})) ==
        (std::vector<Step>{{kChancePlayer, 2, 0}, {kChancePlayer, 0, 1}, {0, 0, 0}, {1, 1, 0}, {0, 0, 0}}));
}

TEST_CASE(leduc_history_records_each_step_where_its_card_went_and_the_round) {
  CHECK(steps(play<leduc::State>({2, 3, 1, 1, 5, 1, 2})) ==
        (std::vector<Step>{{kChancePlayer, 2, 0, 0},
                           {kChancePlayer, 3, 1, 0},
                           {0, 1, 0, 0},
                           {1, 1, 0, 0},
                           {kChancePlayer, 5, leduc::kPublicTarget, 1},
                           {0, 1, 0, 1},
                           {1, 2, 0, 1}}));
}

// The rule-based players' documented choices.
TEST_CASE(kuhn_rule_based_player) {
  CHECK_EQ(kuhn::rule_based_action(play<kuhn::State>({2, 0})), kuhn::kBet);      // the king bets
  CHECK_EQ(kuhn::rule_based_action(play<kuhn::State>({1, 0})), kuhn::kPass);     // the queen checks
  CHECK_EQ(kuhn::rule_based_action(play<kuhn::State>({2, 1, 1})), kuhn::kBet);   // and calls
  CHECK_EQ(kuhn::rule_based_action(play<kuhn::State>({2, 0, 1})), kuhn::kPass);  // the jack folds
  // No seat acts once the game is over: asked then, the player refuses.
  CHECK_THROWS(kuhn::rule_based_action(play<kuhn::State>({2, 0, 0, 0})), std::out_of_range, "got -4");
}

TEST_CASE(leduc_rule_based_player) {
  CHECK_EQ(leduc::rule_based_action(play<leduc::State>({4, 0})), leduc::kRaise);           // a king raises
  CHECK_EQ(leduc::rule_based_action(play<leduc::State>({0, 4})), leduc::kCall);            // a jack calls
  CHECK_EQ(leduc::rule_based_action(play<leduc::State>({0, 4, 1, 1, 1})), leduc::kRaise);  // a pair of jacks
  CHECK_EQ(leduc::rule_based_action(play<leduc::State>({0, 2, 1, 1, 4, 2})),
           leduc::kFold);  // a queen facing a raise in round 2
  CHECK_EQ(leduc::rule_based_action(play<leduc::State>({4, 2, 2, 2})), leduc::kCall);  // no raise left
  CHECK_THROWS(leduc::rule_based_action(play<leduc::State>({4, 0, 2, 0})), std::out_of_range, "got -4");  // over
}
