// Kuhn poker's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/kuhn.md, OpenSpiel's kuhn_poker with its default two players.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "cardcore/games/spec.hpp"

namespace cardcore::kuhn {

inline constexpr int kNumPlayers = 2;
inline constexpr int kConfigSeats = kNumPlayers;
inline constexpr int kNumCards = kNumPlayers + 1;  // card ids 0 (jack), 1 (queen), 2 (king)
inline constexpr int kPass = 0;
inline constexpr int kBet = 1;

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
#define CARDCORE_KUHN_CONFIG(X) X(kInt, players, int, kNumPlayers, 2, 2, "the seats (OpenSpiel's default; only 2)")

struct Config {
  CARDCORE_KUHN_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  // "players=2" (the serialized form).
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_KUHN_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// The rule-based player (state.cpp): with the king it bets and calls, with the jack it passes
// and folds, with the queen it passes and calls a bet. Deterministic, so it draws nothing
// from the generator.
int rule_based_action(const State& state);
inline constexpr BuiltinPolicy<State> kPolicies[] = {
    {"random", random_action<State>, false},
    {"rule_based", [](const State& state, Rng&) { return rule_based_action(state); }}};
inline constexpr std::array<std::string_view, 2> kCountNames{"hands", "showdowns"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"pass", kPass, 1, "check, or fold facing a bet"},
    {"bet", kBet, 1, "bet one chip, or call a bet"},
};

// The tensors, OpenSpiel's: observation = the observer 2 (one-hot) | my card 3 (one-hot,
// jack queen king) | each seat's chips in the pot 2 (1-2); information state = the observer
// 2 | my card 3 | the betting 3 turns x 2 (pass, bet).
struct TensorLayout {
  TensorShape observation, information_state;
  int player, card, contribution;  // observation offsets
  int betting;                     // information state (player and card as above)
  explicit TensorLayout(const Config& config, bool named = false);
};

struct Spec {
  using Config = kuhn::Config;
  static constexpr const auto& kConfigFields = kuhn::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "kuhn",
      .display_name = "Kuhn poker",
      .min_players = kNumPlayers,
      .max_players = kNumPlayers,
      .seats_field = "players",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "rule_based",
      .rotates_dealer = false,  // player 0 always opens, as in OpenSpiel
      .count_names = kCountNames,
      .utility_doc = "zero-sum: net chips per seat, -2 to 2",
      .unit = "chips",
      .num_distinct_actions = 2,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config&) { return kNumPlayers; }
  static int max_game_length(const Config&) { return kNumPlayers + 3; }  // two deals, three turns
  static double max_utility(const Config&) { return 2; }
  static double min_utility(const Config&) { return -2; }
  static Utility utility(const Config&) { return Utility::kZeroSum; }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::kuhn
