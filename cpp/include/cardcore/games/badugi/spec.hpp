// Badugi's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/badugi.md (configuration 2.2-2.4).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "cardcore/games/betting.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore::badugi {

inline constexpr int kNumPlayers = 2;
inline constexpr int kConfigSeats = kNumPlayers;
inline constexpr int kDrawBase = 5;  // action id of "stand"; 5 + m discards the cards of m
inline constexpr int kNumDistinctActions = kDrawBase + 16;
inline constexpr int kNumRounds = 4;
inline constexpr int kNumDraws = 3;

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
#define CARDCORE_BADUGI_CONFIG(X)                                                                           \
  X(                                                                                                        \
      kPerSeat, stacks, betting::Chips, 100, 1, 1'000'000'000, "each seat's chips at the start",            \
      .count = [](const Config&) { return kNumPlayers; })                                                   \
  X(kInt, small_blind, betting::Chips, 1, 1, 1'000'000, "the dealer's blind")                               \
  X(kInt, big_blind, betting::Chips, 2, 1, 1'000'000, "the other seat's blind, at least the small blind")   \
  X(kInt, small_bet, betting::Chips, 2, 1, 1'000'000, "the bet and raise size of rounds 1-2")               \
  X(kInt, big_bet, betting::Chips, 4, 1, 1'000'000, "the bet and raise size of rounds 3-4")                 \
  X(kInt, max_raises, int, 3, 0, 20, "raises after the opening bet in a round (the cap is 1 + max_raises)") \
  X(kInt, hands, int, 1, 1, 100'000, "hands over persistent stacks (12 plays the source's match)")          \
  X(kInt, first_dealer, int, 0, 0, 1, "the seat of the first hand's button")

struct Config {
  CARDCORE_BADUGI_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  // "stacks=100,100 small_blind=1 ..." (the serialized form).
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_BADUGI_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// The rule-based player (policy.hpp), and the blueprint trained by MCCFR (blueprint.hpp).
int rule_based_action(const State& state, Rng& rng);
int blueprint_action(const State& state, Rng& rng);
std::vector<std::pair<int, double>> blueprint_probabilities(const State& state);
inline constexpr BuiltinPolicy<State> kPolicies[] = {{"random", random_action<State>, false},
                                                     {"rule_based", rule_based_action},
                                                     {"blueprint", blueprint_action, false, blueprint_probabilities}};
inline constexpr std::array<std::string_view, 2> kCountNames{"hands", "showdowns"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"fold", 0, 1, "give up the hand"},
    {"check", 1, 1, "bet nothing when nothing is owed"},
    {"call", 2, 1, "match the bet (all-in if short)"},
    {"bet", 3, 1, "open the betting for one unit"},
    {"raise", 4, 1, "raise one unit"},
    {"draw", kDrawBase, 16, "stand (m = 0) or discard: bit i of m throws the i-th lowest card of the hand",
     /*face_down=*/true},
};

// The layout of the tensors (sizes depend on the cap through actions_per_round): own cards
// 52 | I am the dealer, the opponent is 2 | stage 8 (bet 1, draw 1, bet 2, draw 2, bet 3,
// draw 3, bet 4, hand over) | betting 4 rounds x actions_per_round slots x 5 action types
// (the actor alternates, the first being the dealer pre-draw and the big blind after) |
// draw counts 3 draws x 2 (me, opponent) x 5 (0-4 cards) | chips 5 (pot, my stack,
// opponent's stack, my bet and the opponent's bet this round, over the total chips) |
// hands completed over hands 1. information_state_tensor appends my cards after the deal
// and after each draw: 4 x 52.
struct TensorLayout {
  TensorShape observation, information_state;
  int actions_per_round;
  int own_cards, dealer, stage, betting, draws, chips, progress;  // observation offsets
  int hand_by_stage;                                              // information state only
  // `named`: with the segments' names and bounds (to describe them), not the offsets alone.
  explicit TensorLayout(const Config& config, bool named = false);
};

struct Spec {
  using Config = badugi::Config;
  static constexpr const auto& kConfigFields = badugi::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "badugi",
      .display_name = "Badugi",
      .min_players = kNumPlayers,
      .max_players = kNumPlayers,
      .seats_field = "",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "rule_based",
      .rotates_dealer = true,
      .count_names = kCountNames,
      .utility_doc = "zero-sum: net chips per seat; each seat can lose at most its stack and win the other's",
      .unit = "chips",
      .num_distinct_actions = kNumDistinctActions,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config&) { return kNumPlayers; }
  static int max_game_length(const Config& config);
  static double max_utility(const Config& config);  // the most one seat can win: the larger stack
  static double min_utility(const Config& config) { return -max_utility(config); }
  static Utility utility(const Config&) { return Utility::kZeroSum; }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::badugi
