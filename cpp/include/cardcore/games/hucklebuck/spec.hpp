// Hucklebuck's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/hucklebuck.md (scoring and the game's end R-6).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "cardcore/core/cards.hpp"
#include "cardcore/eval/hucklebuck.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore::hucklebuck {

inline constexpr int kConfigSeats = kMaxPlayers;
inline constexpr int kIn = 0, kOut = 1, kExchangeBase = 2, kPlayBase = 34;
inline constexpr int kNumDistinctActions = kPlayBase + kDeckSize;
inline constexpr int kHandSize = 5;

// When a game to the target ends: after the hand, on the best score, or at the
// trick that first brings a player to the target.
enum class GameEnd : std::uint8_t { kEndOfHand, kFirstToTarget };
// Where the turned-up trump card goes: set aside, or left at the bottom of the stock.
enum class Upcard : std::uint8_t { kSetAside, kBottomOfStock };

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
#define CARDCORE_HUCKLEBUCK_CONFIG(X)                                                                 \
  X(kInt, players, int, 4, 3, kMaxPlayers, "players at the table")                                    \
  X(kInt, target, int, 11, 1, 1000, "the score that wins the game")                                   \
  X(                                                                                                  \
      kPerSeat, scores, int, 0, 0, 100'000, "each player's score at the start",                       \
      .count = [](const Config& c) { return c.players; })                                             \
  X(kInt, hands, int, 1, 1, 100'000, "hands to play; None plays the game to the target",              \
    .none = ::cardcore::NoneMeans::kWord, .none_word = "game", .none_value = 0)                       \
  X(kInt, max_hands, int, 200, 1, 100'000, "the most hands a game to the target plays (then a draw)") \
  X(                                                                                                  \
      kInt, first_dealer, int, 0, 0, kMaxPlayers - 1, "the seat of the first hand's dealer",          \
      .max_of = [](const Config& c) { return std::int64_t{c.players} - 1; })                          \
  X(kChoice, game_end, GameEnd, GameEnd::kEndOfHand, 0, 1,                                            \
    "house rule R-6: a game to the target ends at the end_of_hand or with the first_to_target",       \
    .choices = {"end_of_hand", "first_to_target"}, .house_rule = true)                                \
  X(kChoice, upcard, Upcard, Upcard::kSetAside, 0, 1,                                                 \
    "house rule R-1: the upcard is set_aside, or left at the bottom_of_stock (drawn last)",           \
    .choices = {"set_aside", "bottom_of_stock"}, .house_rule = true)

struct Config {
  CARDCORE_HUCKLEBUCK_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  std::string to_string() const;
  bool operator==(const Config&) const = default;
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_HUCKLEBUCK_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// The rule-based player (policy.hpp).
int rule_based_action(const State& state, Rng& rng);
inline constexpr BuiltinPolicy<State> kPolicies[] = {{"random", random_action<State>, false},
                                                     {"rule_based", rule_based_action}};
inline constexpr std::array<std::string_view, 3> kCountNames{"hands", "drops", "no_tricks"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"in", kIn, 1, "stay in the hand"},
    {"out", kOut, 1, "drop out of the hand"},
    {"exchange", kExchangeBase, 32, "pass (m = 0) or exchange: bit i of m throws the i-th lowest card of the hand",
     /*face_down=*/true},
    {"play", kPlayBase, kDeckSize, "play card id i"},
};

// observation_tensor for n seats: own cards 52 | upcard 52 | my seat n | dealer n | phase 4
// (in or out, exchange, play, over) | per seat in / out / undecided 3n | per seat cards
// exchanged, 0-5, 6n | the trick in play: per seat the card it played 52n | cards played
// in earlier tricks 52 | tricks won per seat over 5, n | scores per seat over the target, n.
// information_state_tensor appends my hand after the deal and after the exchange (2 x 52)
// and, per earlier trick, each seat's card (5 x 52n).
struct TensorLayout {
  TensorShape observation, information_state;
  int n;
  int own_cards, upcard, seat, dealer, phase, in_out, exchanged, trick, played, tricks, scores;  // observation
  int hands, earlier_tricks;  // information state only
  // `named`: with the segments' names and bounds (to describe them), not the offsets alone.
  explicit TensorLayout(const Config& config, bool named = false);
};

struct Spec {
  using Config = hucklebuck::Config;
  static constexpr const auto& kConfigFields = hucklebuck::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "hucklebuck",
      .display_name = "Hucklebuck",
      .min_players = 3,
      .max_players = kMaxPlayers,
      .seats_field = "players",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "rule_based",
      .rotates_dealer = true,
      .count_names = kCountNames,
      .utility_doc =
          "hands: each hand's score change, -3 to +5 (general-sum); hands=None: +1 for the winner "
          "and -1/(n-1) for each other player, all 0 for a draw (zero-sum)",
      .unit = "points",
      .num_distinct_actions = kNumDistinctActions,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config& config) { return config.players; }
  static int max_game_length(const Config& config);
  static double max_utility(const Config& config) { return config.hands == 0 ? 1.0 : 5.0 * config.hands; }
  static double min_utility(const Config& config) { return config.hands == 0 ? -1.0 : -3.0 * config.hands; }
  static Utility utility(const Config& config) { return config.hands == 0 ? Utility::kZeroSum : Utility::kGeneralSum; }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::hucklebuck
