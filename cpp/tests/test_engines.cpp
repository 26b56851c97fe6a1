// The four engines (badugi::State, buh::State, baibuu::State, hucklebuck::State) in many
// random games, seeded and with explicit chance, under random configurations: at every step
// a copy equals the state and stays independent of it, serialize() / deserialize() gives
// an equal state, the legal actions are in range and read back from their text (at a chance
// node: the cards of the stock, equally likely), an illegal action is refused and changes
// nothing, the rewards add up to the returns within the game's bounds, every card is in
// exactly one place, and chips are conserved (Badugi, Buh: stacks + pot constant and returns
// summing to zero; Bai Buu: returns summing to minus the commission). Actions are picked by
// the project's generator (core/rng.hpp), so a failure repeats; its message names the game,
// the configuration and the step. Also Buh chokes played through the engine, where the odd
// chip goes in deal order (docs/rulebook/buh.md 1.7 #2).
//
// `test_engines <game>` runs one game's cases (ctest has one entry a game). The environment
// variable CARDCORE_CPP_TEST_GAMES sets the number of random games per engine (default 100).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "cardcore/games/baibuu/state.hpp"
#include "cardcore/games/buh/state.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
#include "cardcore/games/registry.hpp"
#include "cardcore/games/rollout.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

// An ActionSet keeps ids 64-127 (Hucklebuck's plays) in its second word, each at its own
// bit, and holds no id outside 0-127: checked when compiling too, where a shift of 64 or
// more, or a read past the two words, would be an error.
constexpr bool holds_ids_of_both_words() {
  ActionSet set;
  set.add(100);
  set.add(3);
  set.add(127);
  return set.contains(100) && set.contains(3) && set.contains(127) && !set.contains(36) && !set.contains(99) &&
         !set.contains(128) && !set.contains(-1) && set.bits[0] == 8 &&
         set.bits[1] == (std::uint64_t{1} << 36 | std::uint64_t{1} << 63);
}
static_assert(holds_ids_of_both_words());

int num_games() {
  const char* text = std::getenv("CARDCORE_CPP_TEST_GAMES");
  const int games = text ? std::atoi(text) : 100;
  return games > 0 ? games : 100;
}

// Everything a caller can observe of a state, compared field by field (the engines have no
// operator==): what it serializes to, whose turn, the legal actions, returns and rewards,
// every player's observation and information state, the hands and the stock.
template <class State, class Game>
void check_same(const State& a, const State& b, const Game& game, int seats) {
  CHECK_EQ(a.serialize(), b.serialize());
  CHECK_EQ(a.history_ids(), b.history_ids());
  CHECK_EQ(a.current_player(), b.current_player());
  CHECK_EQ(a.is_terminal(), b.is_terminal());
  CHECK_EQ(a.legal_actions(), b.legal_actions());
  CHECK_EQ(a.returns(), b.returns());
  CHECK_EQ(a.rewards(), b.rewards());
  CHECK_EQ(a.stock(), b.stock());
  std::vector<float> ta(static_cast<std::size_t>(game.information_state_size()));
  std::vector<float> tb(ta.size());
  for (int p = 0; p < seats; ++p) {
    TRACE("comparing what player " + std::to_string(p) + " sees");
    CHECK_EQ(a.hand(p), b.hand(p));
    CHECK_EQ(a.observation_string(p), b.observation_string(p));
    CHECK_EQ(a.information_state_string(p), b.information_state_string(p));
    ta.assign(ta.size(), -1.0f);
    tb.assign(tb.size(), -1.0f);
    a.observation_tensor(p, ta.data());
    b.observation_tensor(p, tb.data());
    CHECK_EQ(ta, tb);
    a.information_state_tensor(p, ta.data());
    b.information_state_tensor(p, tb.data());
    CHECK_EQ(ta, tb);
  }
}

// The cards of `places` are disjoint and make up the whole deck.
void check_partition(const std::vector<Mask>& places) {
  Mask seen = 0;
  for (std::size_t i = 0; i < places.size(); ++i) {
    TRACE("card place " + std::to_string(i) + " holds " + format_cards(places[i]));
    CHECK_EQ(seen & places[i], Mask{0});
    seen |= places[i];
  }
  CHECK_EQ(seen, kDeckMask);
}

// The legal actions of `state`: at a chance node, the cards of the stock, each as likely
// as any other; at a player's turn, actions of the game's range that read back from their
// text.
template <class State, class Game>
void check_actions(const State& state, const std::vector<int>& legal, const Game& game, int seats) {
  if (state.is_chance_node()) {
    const std::vector<std::pair<int, double>> outcomes = state.chance_outcomes();
    CHECK_EQ(outcomes.size(), legal.size());
    CHECK_LE(outcomes.size(), static_cast<std::size_t>(kDeckSize));
    for (std::size_t i = 0; i < outcomes.size() && i < legal.size(); ++i) {
      CHECK_EQ(outcomes[i].first, legal[i]);
      CHECK_LT(std::abs(outcomes[i].second * static_cast<double>(outcomes.size()) - 1.0), 1e-12);
    }
    return;
  }
  CHECK(state.current_player() >= 0 && state.current_player() < seats);
  for (const int action : legal) {
    TRACE("legal action " + std::to_string(action));
    CHECK(action >= 0 && action < game.num_distinct_actions());
    CHECK_EQ(state.string_to_action(state.action_to_string(action)), action);
  }
}

// Where the hand in play began, read from an explicit replay of the history: after the last
// step that completed a hand and did not end the game (0 in the first hand).
template <class State>
std::size_t hand_begin_by_replay(const State& state) {
  State replay(state.config(), false, 0);
  std::size_t begin = 0;
  for (std::size_t i = 0; i < state.history().size(); ++i) {
    replay.apply_action(state.history()[i].action);
    if (replay.completed_hand() && !replay.is_terminal()) begin = i + 1;
  }
  return begin;
}

// resample_hand(player, seed) of a player's decision: the player cannot tell it from
// `state`; the hands before the one in play are the state's own steps, not replayed but
// shared with it (a copy shares them too); in the first hand it is resample_from_infostate.
template <class State, class Game>
void check_resample_hand(const State& state, std::uint64_t seed, const Game& game, int seats) {
  TRACE("resampling the hand in play");
  const int player = state.current_player();
  const std::size_t begin = state.hand_begin();
  CHECK_EQ(begin, hand_begin_by_replay(state));
  const State resampled = state.resample_hand(player, seed);
  CHECK_EQ(resampled.information_state_string(player), state.information_state_string(player));
  CHECK_EQ(resampled.legal_actions(), state.legal_actions());
  CHECK_EQ(resampled.history().size(), state.history().size());
  CHECK_EQ(resampled.hand_begin(), begin);
  if (begin == 0) {
    check_same(resampled, state.resample_from_infostate(player, seed), game, seats);
    return;
  }
  const State copy = state;
  for (const std::size_t i : {std::size_t{0}, begin - 1}) {
    CHECK(resampled.history().shares(state.history(), i));
    CHECK(copy.history().shares(state.history(), i));
  }
}

double sum(const std::vector<double>& values) {
  double total = 0;
  for (double v : values) total += v;
  return total;
}

// Plays one random game of `config` to the end, checking at every step. `invariants(state)`
// checks what the game conserves; `at_end(state)` what must hold when it is over.
template <class State, class Game, class Invariants, class AtEnd>
void play_random_game(const Game& game, std::uint64_t seed, bool seeded, int seats, Invariants invariants,
                      AtEnd at_end) {
  const auto& config = game.config;
  TRACE(std::string(State::kName) + " game with seed " + std::to_string(seed) +
        (seeded ? ", seeded" : ", explicit chance") + ", config " + config.to_string());
  State state(config, seeded, seed);
  Rng rng(seed, 99);
  const int max_length = game.max_game_length();
  std::vector<double> rewarded = state.rewards();  // what the rewards add up to
  for (int step = 0; !state.is_terminal(); ++step) {
    TRACE("step " + std::to_string(step) + ", history '" + state.serialize() + "'");
    CHECK_LE(static_cast<int>(state.history().size()), max_length);
    CHECK(!state.seeded() || !state.is_chance_node());  // a seeded state draws its own cards
    invariants(state);
    const std::string before = state.serialize();
    State copy = state;
    check_same(copy, state, game, seats);
    {
      TRACE("deserializing what it serialized");
      check_same(State::deserialize(config, before), state, game, seats);
    }
    const std::vector<int> legal = state.legal_actions();
    CHECK(!legal.empty());
    check_actions(state, legal, game, seats);
    const int action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (step % 5 == 0) {  // an illegal action is refused and changes nothing
      int illegal = 0;
      while (state.is_legal(illegal)) ++illegal;
      CHECK_THROWS(state.apply_action(illegal), std::invalid_argument, "is not legal");
      CHECK_EQ(state.serialize(), before);
      if (!state.is_chance_node()) {  // a resampled state looks the same to the player
        const int player = state.current_player();
        const State resampled = state.resample_from_infostate(player, seed + static_cast<std::uint64_t>(step));
        CHECK_EQ(resampled.information_state_string(player), state.information_state_string(player));
        CHECK_EQ(resampled.legal_actions(), legal);
        check_resample_hand(state, seed + static_cast<std::uint64_t>(step), game, seats);
      }
    }
    const int actor = state.current_player();
    const std::size_t recorded = state.history().size();
    copy.apply_action(action);
    CHECK_EQ(state.serialize(), before);  // the copy is independent
    state.apply_action(action);
    check_same(state, copy, game, seats);  // the same action gives the same state
    // Recorded once, by the base: the actor and the action, then only the cards that a seeded
    // state drew itself.
    const History& history = state.history();
    CHECK_LT(recorded, history.size());
    if (recorded < history.size()) {
      CHECK_EQ(static_cast<int>(history[recorded].actor), actor);
      CHECK_EQ(static_cast<int>(history[recorded].action), action);
    }
    for (std::size_t i = recorded + 1; i < history.size(); ++i)
      CHECK_EQ(static_cast<int>(history[i].actor), kChancePlayer);
    if (!seeded) CHECK_EQ(history.size(), recorded + 1);
    const std::vector<double> rewards = state.rewards();
    for (int p = 0; p < seats; ++p) rewarded[static_cast<std::size_t>(p)] += rewards[static_cast<std::size_t>(p)];
  }
  TRACE("the game is over: '" + state.serialize() + "'");
  invariants(state);
  const std::vector<int> ids = state.history_ids();
  CHECK_EQ(ids.capacity(), ids.size());  // allocated once, at its size
  CHECK(state.legal_actions().empty());
  CHECK_THROWS(state.apply_action(0), std::invalid_argument, "the game is over");
  at_end(state);
  const std::vector<double> returns = state.returns();
  for (int p = 0; p < seats; ++p) {  // the rewards add up to the returns, within the bounds
    TRACE("player " + std::to_string(p) + "'s returns");
    const double each = returns[static_cast<std::size_t>(p)];
    CHECK_LT(std::abs(rewarded[static_cast<std::size_t>(p)] - each), 1e-9);
    CHECK(game.min_utility() <= each && each <= game.max_utility());
  }
  check_same(State::deserialize(config, state.serialize()), state, game, seats);
  TRACE("loading what it serialized, the configuration read from the text");
  check_same(load_state<State>(state.serialize()), state, game, seats);
  check_same(std::get<State>(load_any_state(state.serialize())), state, game, seats);
}

}  // namespace

// load_state reads the configuration from the text, and says what is wrong with one it
// cannot load: the game, the header, a field and its value.
TEST_CASE(badugi_load_state_reads_the_configuration_and_names_what_is_wrong) {
  badugi::Config config;
  config.stacks = {7, 30};
  config.hands = 3;
  const std::string text = badugi::State(badugi::Game(config).config, true, 5).serialize();
  CHECK_EQ(load_state<badugi::State>(text).config().to_string(), config.to_string());
  CHECK_THROWS(load_state<buh::State>(text), std::invalid_argument,
               "not a serialized buh state: its header names 'badugi'");
  CHECK_THROWS(load_any_state("cardcore.poker/1 players=2 | explicit |"), std::invalid_argument,
               "unknown game 'poker' in a serialized state: expected one of badugi, baibuu, buh, hucklebuck");
  CHECK_THROWS(load_any_state("hello"), std::invalid_argument, "not a serialized cardcore state: expected");
  // The version's slash must come before the first " | ", not only in the history.
  CHECK_THROWS(load_any_state("cardcore.badugi | explicit | 1/2"), std::invalid_argument,
               "not a serialized cardcore state: expected");
  auto with = [&](const std::string& from, const std::string& to) {
    std::string changed = text;
    changed.replace(changed.find(from), from.size(), to);
    return changed;
  };
  CHECK_THROWS(load_state<badugi::State>(with("stacks=7,30", "stacks=7,x")), std::invalid_argument,
               "badugi config: stacks='7,x' is not 2 integers separated by commas, one per player");
  CHECK_THROWS(load_state<badugi::State>(with("stacks=7,30", "stacks=7")), std::invalid_argument,
               "stacks='7' is not 2 integers");
  CHECK_THROWS(load_state<badugi::State>(with("hands=3", "hands=0")), std::invalid_argument,
               "badugi config: hands must be");
  CHECK_THROWS(load_state<badugi::State>(with("hands=3", "hand=3")), std::invalid_argument,
               "badugi config: expected field=value with a field of ");
  CHECK_THROWS(load_state<badugi::State>(with("hands=3", "hands=3 hands=3")), std::invalid_argument,
               "badugi config: hands is given twice");
}

TEST_CASE(hucklebuck_load_state_reads_words_and_house_rules) {
  hucklebuck::Config config;
  config.players = 4;
  config.hands = 0;  // None: the whole game, written "hands=game"
  config.game_end = hucklebuck::GameEnd::kFirstToTarget;
  const std::string text = hucklebuck::State(hucklebuck::Game(config).config, true, 2).serialize();
  CHECK(text.find("hands=game") != std::string::npos);
  CHECK_EQ(load_state<hucklebuck::State>(text).config().to_string(), config.to_string());
  CHECK_THROWS(load_state<hucklebuck::State>("cardcore.hucklebuck/1 upcard=maybe | explicit |"), std::invalid_argument,
               "hucklebuck config: upcard='maybe' is not one of ");
}

// ---------------------------------------------------------------------------------------
// Badugi

namespace {

badugi::Config random_badugi_config(Rng& rng) {
  badugi::Config c;
  switch (rng.below(3)) {
    case 0:  // the rules' defaults: one hand of 100 chips each
      break;
    case 1:  // small stacks over a match: all-ins, blinds posted short, early ends
      c.stacks = {static_cast<betting::Chips>(1 + rng.below(20)), static_cast<betting::Chips>(1 + rng.below(20))};
      c.hands = 1 + static_cast<int>(rng.below(6));
      break;
    default:  // other structures
      c.stacks = {static_cast<betting::Chips>(10 + rng.below(60)), static_cast<betting::Chips>(10 + rng.below(60))};
      c.small_blind = 1 + static_cast<betting::Chips>(rng.below(2));
      c.big_blind = c.small_blind + static_cast<betting::Chips>(rng.below(3));
      c.small_bet = 1 + static_cast<betting::Chips>(rng.below(4));
      c.big_bet = c.small_bet * 2;
      c.max_raises = static_cast<int>(rng.below(5));
      c.hands = 1 + static_cast<int>(rng.below(3));
      break;
  }
  c.first_dealer = static_cast<int>(rng.below(2));
  return c;
}

}  // namespace

TEST_CASE(badugi_random_games) {
  for (int g = 0; g < num_games(); ++g) {
    Rng rng(g, 1);
    const badugi::Config config = random_badugi_config(rng);
    const betting::Chips chips = config.stacks[0] + config.stacks[1];
    play_random_game<badugi::State>(
        badugi::Game(config), static_cast<std::uint64_t>(g), g % 2 == 0, badugi::kNumPlayers,
        [&](const badugi::State& s) {
          CHECK_EQ(s.stack(0) + s.stack(1) + s.pot(), chips);  // chips are conserved
          CHECK_GE(s.stack(0), 0);
          CHECK_GE(s.stack(1), 0);
          CHECK_EQ(sum(s.returns()), 0.0);
          check_partition({s.hand(0), s.hand(1), s.stock(), s.dead_cards()});
        },
        [&](const badugi::State& s) {
          CHECK_EQ(s.pot(), 0);
          for (int p = 0; p < badugi::kNumPlayers; ++p)
            CHECK_EQ(s.returns()[static_cast<std::size_t>(p)], static_cast<double>(s.stack(p) - config.stacks[p]));
        });
  }
}

// Deal::kSeats (games/rollout.hpp): a destination's stream is uniform over the stock, and
// its cards do not depend on what other destinations drew unless they took the very card.
TEST_CASE(badugi_seat_streams_deal_uniformly_and_each_seat_its_own_cards) {
  std::vector<int> counts(kDeckSize, 0);
  const int draws = 52'000;
  for (int g = 0; g < draws; ++g) {
    SeatStreams streams(static_cast<std::uint64_t>(g));
    ++counts[static_cast<std::size_t>(streams.deal(0, kDeckMask))];
  }
  for (const int count : counts) {  // 1,000 expected; 5 standard deviations either way
    CHECK_GT(count, 1000 - 160);
    CHECK_LT(count, 1000 + 160);
  }
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    SeatStreams alone(seed), shared(seed);
    Mask stock_alone = kDeckMask, stock_shared = kDeckMask;
    const int other = shared.deal(1, stock_shared);  // seat 1 draws first in one play only
    stock_shared &= ~card_bit(other);
    const int first = alone.deal(0, stock_alone);
    if (first != other) CHECK_EQ(shared.deal(0, stock_shared), first);
  }
  // Two plays of the game with different players: each seat is dealt the same four cards.
  const badugi::Config config;
  const auto check_call = [](const badugi::State& s, int, Rng&) {
    const ActionSet legal = s.legal_player_actions();
    return legal.contains(betting::kCheck)  ? int{betting::kCheck}
           : legal.contains(betting::kCall) ? int{betting::kCall}
                                            : legal.nth(0);
  };
  const auto draw_three = [&](const badugi::State& s, int seat, Rng& rng) {
    const ActionSet legal = s.legal_player_actions();
    return legal.size() == 16 ? legal.nth(7) : check_call(s, seat, rng);  // discard three
  };
  for (std::uint64_t g = 0; g < 50; ++g) {
    const auto one = play_game<badugi::State>(config, 2, true, Deal::kSeats, g, 9, check_call);
    const auto two = play_game<badugi::State>(config, 2, true, Deal::kSeats, g, 9, draw_three);
    for (int seat = 0; seat < 2; ++seat) {
      const auto dealt = [&](const badugi::State& s) {
        Mask cards = 0;  // the first four chance steps to the seat
        int n = 0;
        for (const Step& step : s.history())
          if (step.actor == kChancePlayer && step.target == seat && n++ < 4) cards |= card_bit(step.action);
        return cards;
      };
      CHECK_EQ(dealt(one), dealt(two));
    }
  }
}

// At hand 2,000 of a Badugi match, resample_hand neither copies nor replays the hands
// before the one in play: its history stores them where the state's does. Played with deep
// stacks, never betting or raising, so that the match lasts.
TEST_CASE(badugi_resample_hand_late_in_a_long_match_shares_the_hands_before) {
  badugi::Config config;
  config.hands = 2000;
  config.stacks = {100'000, 100'000};
  badugi::State state(config, true, 5);
  Rng rng(5, 1);
  while (state.hand_number() < 2000 || state.phase() != badugi::Phase::kBet) {
    const ActionSet legal = state.legal_player_actions();
    state.apply_action(legal.contains(1) ? 1 : legal.contains(2) ? 2 : legal.nth(static_cast<int>(rng.below(16))));
  }
  const int player = state.current_player();
  const std::size_t begin = state.hand_begin();
  CHECK_GT(begin, std::size_t{2000 * 8});  // 1,999 hands of 8 cards dealt at least
  CHECK_EQ(begin, hand_begin_by_replay(state));
  const badugi::State resampled = state.resample_hand(player, 3);
  for (std::size_t i = 0; i < begin; ++i) CHECK(resampled.history().shares(state.history(), i));
  CHECK_EQ(resampled.information_state_string(player), state.information_state_string(player));
  CHECK_EQ(resampled.hand(player), state.hand(player));
}

// ---------------------------------------------------------------------------------------
// Buh

namespace {

buh::Config random_buh_config(Rng& rng) {
  buh::Config c;
  c.players = 2 + static_cast<int>(rng.below(7));
  const bool short_stacks = rng.below(2) == 0;  // all-ins, side pots, busted players
  for (int s = 0; s < c.players; ++s)
    c.stacks[static_cast<std::size_t>(s)] = short_stacks ? 1 + static_cast<betting::Chips>(rng.below(12))
                                                         : 20 + static_cast<betting::Chips>(rng.below(100));
  c.ante = static_cast<betting::Chips>(rng.below(3));
  c.small_bet = 1 + static_cast<betting::Chips>(rng.below(2));
  c.big_bet = 2 * c.small_bet;
  c.max_raises = static_cast<int>(rng.below(4));
  c.hands = 1 + static_cast<int>(rng.below(3));
  c.first_dealer = static_cast<int>(rng.below(static_cast<std::uint32_t>(c.players)));
  return c;
}

}  // namespace

TEST_CASE(buh_random_games) {
  for (int g = 0; g < num_games(); ++g) {
    Rng rng(g, 2);
    const buh::Config config = random_buh_config(rng);
    betting::Chips chips = 0;
    for (int s = 0; s < config.players; ++s) chips += config.stacks[static_cast<std::size_t>(s)];
    play_random_game<buh::State>(
        buh::Game(config), static_cast<std::uint64_t>(g), g % 2 == 0, config.players,
        [&](const buh::State& s) {
          betting::Chips total = s.pot();
          std::vector<Mask> places{s.stock(), s.dead_cards()};
          for (int p = 0; p < config.players; ++p) {
            CHECK_GE(s.stack(p), 0);
            total += s.stack(p);
            places.push_back(s.hand(p));
          }
          CHECK_EQ(total, chips);  // chips are conserved
          CHECK_EQ(sum(s.returns()), 0.0);
          check_partition(places);
        },
        [&](const buh::State& s) {
          CHECK_EQ(s.pot(), 0);
          for (int p = 0; p < config.players; ++p)
            CHECK_EQ(s.returns()[static_cast<std::size_t>(p)],
                     static_cast<double>(s.stack(p) - config.stacks[static_cast<std::size_t>(p)]));
        });
  }
}

namespace {

// Plays `script` (player actions as the engine spells them) on a state with explicit
// chance, dealing each seat the cards of `cards[seat]` in that order: at a chance node the
// card is the next one of the seat that receives it, found by trying each on a copy.
template <class State>
void play_rigged(State& state, std::vector<std::vector<int>> cards, const std::vector<std::string>& script) {
  std::size_t next = 0;
  while (!state.is_terminal()) {
    if (state.is_chance_node()) {
      bool dealt = false;
      for (std::size_t seat = 0; seat < cards.size() && !dealt; ++seat) {
        if (cards[seat].empty()) continue;
        State trial = state;
        trial.apply_action(cards[seat].front());
        if (trial.history().back().target != static_cast<int>(seat)) continue;
        state = trial;
        cards[seat].erase(cards[seat].begin());
        dealt = true;
      }
      if (!dealt) ::cardcore::testing::fail(__FILE__, __LINE__, "the script has no card for the next deal");
      continue;
    }
    TRACE("script step " + std::to_string(next) + " for seat " + std::to_string(state.current_player()));
    CHECK_LT(next, script.size());
    state.apply_action(state.string_to_action(script[next++]));
  }
  CHECK_EQ(next, script.size());  // the hand ended where the script did
}

// Every active player passes in a declaration window and checks through a betting round.
void repeat(std::vector<std::string>& script, const char* action, int times) {
  for (int i = 0; i < times; ++i) script.emplace_back(action);
}

}  // namespace

TEST_CASE(buh_two_way_choke_gives_the_odd_chip_in_deal_order) {
  // 3 players, dealer seat 0, so the deal order is 1 2 0. Everyone antes 1; in round 1 seat
  // 1 checks, seat 2 bets 1, seat 0 calls and seat 1 folds: a pot of 5. Seats 2 and 0 check
  // it down with hands of value 20 and choke: seat 2 gets the odd chip (seat order would
  // give it to seat 0).
  buh::Config config;
  config.players = 3;
  config.first_dealer = 0;
  buh::State state(config, false, 0);
  std::vector<std::string> script;
  repeat(script, "pass", 3);
  for (const char* action : {"check", "bet", "call", "fold"}) script.emplace_back(action);
  for (int deal = 2; deal <= 3; ++deal) {
    repeat(script, "pass", 2);
    repeat(script, "check", 2);
  }
  repeat(script, "stand", 2);
  repeat(script, "pass", 2);
  repeat(script, "check", 2);
  play_rigged(state, {parse_card_list("Ah 3c 7d 9s"), parse_card_list("2c 2d"), parse_card_list("As 3h 7c 9d")},
              script);
  CHECK_EQ(state.returns(), (std::vector<double>{0, -1, 1}));
  CHECK_EQ(state.stack(2), 101);
  CHECK_EQ(state.stack(0), 100);
}

TEST_CASE(buh_three_way_choke_gives_the_odd_chip_in_deal_order) {
  // 4 players, dealer seat 1, so the deal order is 2 3 0 1. After the antes, seat 2 checks,
  // seat 3 bets 1, seats 0 and 1 call and seat 2 folds: a pot of 7. Seats 3, 0 and 1 choke
  // with hands of value 20: 2 each and the odd chip to seat 3, the first of them in deal
  // order (seat order would give it to seat 0).
  buh::Config config;
  config.players = 4;
  config.first_dealer = 1;
  buh::State state(config, false, 0);
  std::vector<std::string> script;
  repeat(script, "pass", 4);
  for (const char* action : {"check", "bet", "call", "call", "fold"}) script.emplace_back(action);
  for (int deal = 2; deal <= 3; ++deal) {
    repeat(script, "pass", 3);
    repeat(script, "check", 3);
  }
  repeat(script, "stand", 3);
  repeat(script, "pass", 3);
  repeat(script, "check", 3);
  play_rigged(state,
              {parse_card_list("Ah 3c 7d 9s"), parse_card_list("Ac 3d 7s 9h"), parse_card_list("2c 2d"),
               parse_card_list("As 3h 7c 9d")},
              script);
  CHECK_EQ(state.returns(), (std::vector<double>{0, 0, -1, 1}));
}

// ---------------------------------------------------------------------------------------
// Bai Buu

namespace {

baibuu::Config random_baibuu_config(Rng& rng) {
  baibuu::Config c;
  c.player_hands = 1 + static_cast<int>(rng.below(6));
  for (auto& wager : c.wagers) wager = 1 + rng.below(5000);
  const int rates[] = {0, 300, 355, 10000};
  c.commission_bp = rates[rng.below(4)];
  c.banker_commission_bp = rng.below(2) ? c.commission_bp : rates[rng.below(4)];
  c.banker = rng.below(2) == 0 ? baibuu::Banker::kAgent : baibuu::Banker::kHouseWay;
  c.hands = 1 + static_cast<int>(rng.below(3));
  return c;
}

}  // namespace

TEST_CASE(baibuu_random_games) {
  for (int g = 0; g < num_games(); ++g) {
    Rng rng(g, 3);
    const baibuu::Config config = random_baibuu_config(rng);
    const int seats = config.player_hands + 1;
    play_random_game<baibuu::State>(
        baibuu::Game(config), static_cast<std::uint64_t>(g), g % 2 == 0, seats,
        [&](const baibuu::State& s) {
          // Each player hand either won w - floor(w * bp / 10000) or lost w in every
          // completed round, the banker the other side of it; the commission leaves the
          // table. So each player's return fixes his wins, and the returns sum to minus
          // the commission those wins and losses paid.
          const std::int64_t rounds = s.counts()[0];
          std::int64_t commission = 0;
          for (int i = 0; i < config.player_hands; ++i) {
            const std::int64_t w = config.wagers[static_cast<std::size_t>(i)];
            const std::int64_t player_cut = w * config.commission_bp / 10000;
            const std::int64_t banker_cut = w * config.banker_commission_bp / 10000;
            const std::int64_t lost_all = s.net(i) + rounds * w;  // = wins * (2w - player_cut)
            TRACE("player hand " + std::to_string(i) + ": net " + std::to_string(s.net(i)) + " over " +
                  std::to_string(rounds) + " rounds");
            CHECK_EQ(lost_all % (2 * w - player_cut), std::int64_t{0});
            const std::int64_t wins = lost_all / (2 * w - player_cut);
            CHECK_GE(wins, std::int64_t{0});
            CHECK_LE(wins, rounds);
            commission += wins * player_cut + (rounds - wins) * banker_cut;
          }
          std::int64_t total = 0;
          for (int seat = 0; seat < seats; ++seat) total += s.net(seat);
          CHECK_EQ(total, -commission);
          CHECK_EQ(sum(s.returns()), static_cast<double>(-commission));
          std::vector<Mask> places{s.stock()};
          for (int seat = 0; seat < seats; ++seat) places.push_back(s.hand(seat));
          check_partition(places);
        },
        [&](const baibuu::State& s) {
          CHECK_EQ(s.counts()[0], std::int64_t{config.hands});
          // The last round's rewards follow its outcomes.
          const std::vector<double> rewards = s.rewards();
          double banker = 0;
          for (int i = 0; i < config.player_hands; ++i) {
            const std::int64_t w = config.wagers[static_cast<std::size_t>(i)];
            const bool won = s.outcome(i).player_wins;
            CHECK_EQ(rewards[static_cast<std::size_t>(i)],
                     static_cast<double>(won ? w - w * config.commission_bp / 10000 : -w));
            banker += static_cast<double>(won ? -w : w - w * config.banker_commission_bp / 10000);
          }
          CHECK_EQ(rewards[static_cast<std::size_t>(config.player_hands)], banker);
        });
  }
}

// ---------------------------------------------------------------------------------------
// Hucklebuck

namespace {

hucklebuck::Config random_hucklebuck_config(Rng& rng) {
  hucklebuck::Config c;
  c.players = 3 + static_cast<int>(rng.below(5));
  if (rng.below(2) == 0) {
    c.hands = 1 + static_cast<int>(rng.below(2));
  } else {  // a whole game to a low target, ties played on, capped
    c.hands = 0;
    c.target = 2 + static_cast<int>(rng.below(5));
    c.max_hands = 1 + static_cast<int>(rng.below(4));
  }
  for (int s = 0; s < c.players; ++s) c.scores[static_cast<std::size_t>(s)] = static_cast<int>(rng.below(4));
  c.first_dealer = static_cast<int>(rng.below(static_cast<std::uint32_t>(c.players)));
  return c;
}

}  // namespace

TEST_CASE(hucklebuck_random_games) {
  for (int g = 0; g < num_games(); ++g) {
    Rng rng(g, 4);
    const hucklebuck::Config config = random_hucklebuck_config(rng);
    play_random_game<hucklebuck::State>(
        hucklebuck::Game(config), static_cast<std::uint64_t>(g), g % 2 == 0, config.players,
        [&](const hucklebuck::State& s) {
          int tricks = 0;
          Mask in_trick = 0;
          std::vector<Mask> places{s.stock(), s.discard_pile(), s.played()};
          if (s.upcard() >= 0) places.push_back(card_bit(s.upcard()));
          for (int p = 0; p < config.players; ++p) {
            CHECK_GE(s.score(p), 0);
            tricks += s.tricks(p);
            places.push_back(s.hand(p));
            if (s.trick_card(p) >= 0) in_trick |= card_bit(s.trick_card(p));
          }
          places.push_back(in_trick);
          CHECK_LE(tricks, hucklebuck::kHandSize);
          check_partition(places);
        },
        [&](const hucklebuck::State& s) {
          const std::vector<double> r = s.returns();
          if (config.hands == 0) {
            CHECK_LT(std::abs(sum(r)), 1e-9);  // +1 for the winner, -1/(n-1) each other, or 0
          } else {
            for (int p = 0; p < config.players; ++p)
              CHECK_EQ(r[static_cast<std::size_t>(p)],
                       static_cast<double>(s.score(p) - config.scores[static_cast<std::size_t>(p)]));
          }
        });
  }
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
