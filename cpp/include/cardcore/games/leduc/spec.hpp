// Leduc poker's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/leduc.md, OpenSpiel's leduc_poker with its default parameters.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "cardcore/games/spec.hpp"

namespace cardcore::leduc {

inline constexpr int kNumPlayers = 2;
inline constexpr int kConfigSeats = kNumPlayers;
inline constexpr int kNumCards = 6;  // card c has rank c / 2 (jack, queen, king) and suit c % 2
inline constexpr int kFold = 0;
inline constexpr int kCall = 1;
inline constexpr int kRaise = 2;
inline constexpr int kMaxRaises = 2;                          // per round
inline constexpr int kMaxBetsPerRound = 3 * kNumPlayers - 2;  // call, raise, raise, call
inline constexpr int kStartingMoney = 100;

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
#define CARDCORE_LEDUC_CONFIG(X) X(kInt, players, int, kNumPlayers, 2, 2, "the seats (OpenSpiel's default; only 2)")

struct Config {
  CARDCORE_LEDUC_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  // "players=2" (the serialized form).
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_LEDUC_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// The rule-based player (state.cpp): it raises with a pair (its card's rank is the public
// card's) or a king, and calls otherwise, except that in round 2 with neither it folds facing
// a raise. When no raise is left it calls. Deterministic, so it draws nothing from the
// generator.
int rule_based_action(const State& state);
inline constexpr BuiltinPolicy<State> kPolicies[] = {
    {"random", random_action<State>, false},
    {"rule_based", [](const State& state, Rng&) { return rule_based_action(state); }}};
inline constexpr std::array<std::string_view, 2> kCountNames{"hands", "showdowns"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"fold", kFold, 1, "give up the hand (only facing a raise)"},
    {"call", kCall, 1, "match the stakes (a check when nothing is owed)"},
    {"raise", kRaise, 1, "raise 2 chips in round 1, 4 in round 2 (two raises a round)"},
};

// The tensors, OpenSpiel's: observation = the observer 2 (one-hot) | my card 6 (one-hot by
// card id) | the public card 6 | each seat's chips in the pot 2 (1-13); information state =
// the observer 2 | my card 6 | the public card 6 | the betting 2 rounds x 4 actions x 2
// (call, raise; a fold ends the hand and is not written).
struct TensorLayout {
  TensorShape observation, information_state;
  int player, card, public_card, contribution;  // observation offsets
  int betting;                                  // information state (the first three as above)
  explicit TensorLayout(const Config& config, bool named = false);
};

struct Spec {
  using Config = leduc::Config;
  static constexpr const auto& kConfigFields = leduc::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "leduc",
      .display_name = "Leduc poker",
      .min_players = kNumPlayers,
      .max_players = kNumPlayers,
      .seats_field = "players",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "rule_based",
      .rotates_dealer = false,  // player 0 always opens, as in OpenSpiel
      .count_names = kCountNames,
      .utility_doc = "zero-sum: net chips per seat, -13 to 13",
      .unit = "chips",
      .num_distinct_actions = 3,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config&) { return kNumPlayers; }
  // Three cards dealt and two rounds of at most four actions.
  static int max_game_length(const Config&) { return kNumPlayers + 1 + 2 * kMaxBetsPerRound; }
  static double max_utility(const Config&) { return 13; }  // the ante and two raises a round of 2 and 4
  static double min_utility(const Config&) { return -13; }
  static Utility utility(const Config&) { return Utility::kZeroSum; }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::leduc
