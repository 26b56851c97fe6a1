// Buh's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/buh.md (configuration 1.2-1.4, R-1).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "cardcore/eval/buh.hpp"
#include "cardcore/games/betting.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore::buh {

inline constexpr int kMaxPlayers = 8;
inline constexpr int kConfigSeats = kMaxPlayers;
inline constexpr int kDrawBase = 5;
inline constexpr int kDeclare = 21;
inline constexpr int kPass = 22;
inline constexpr int kNumDistinctActions = 23;
inline constexpr int kNumRounds = 4;

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
// The house rules' choices are eval/buh.hpp's FlushBuh and HoochOrder.
#define CARDCORE_BUH_CONFIG(X)                                                                                \
  X(kInt, players, int, 2, 2, kMaxPlayers, "players at the table")                                            \
  X(                                                                                                          \
      kPerSeat, stacks, betting::Chips, 100, 1, 100'000'000, "each player's chips at the start",              \
      .count = [](const Config& c) { return c.players; })                                                     \
  X(kInt, ante, betting::Chips, 1, 0, 1'000'000, "what every player antes (a short stack posts all of it)")   \
  X(kInt, small_bet, betting::Chips, 1, 1, 1'000'000, "the bet and raise size of rounds 1-2")                 \
  X(kInt, big_bet, betting::Chips, 2, 1, 1'000'000, "the bet and raise size of rounds 3-4")                   \
  X(kInt, max_raises, int, 3, 0, 20, "raises after the bet in a round (the cap is 1 + max_raises)")           \
  X(kInt, hands, int, 1, 1, 100'000, "hands; more than one rotates the dealer and busted players sit out")    \
  X(                                                                                                          \
      kInt, first_dealer, int, 0, 0, kMaxPlayers - 1, "the seat of the first hand's dealer",                  \
      .max_of = [](const Config& c) { return std::int64_t{c.players} - 1; })                                  \
  X(kChoice, flush_buh, FlushBuh, FlushBuh::kPlain, 0, 1,                                                     \
    "house rule R-5: a flush of value 1 is a plain buh, or a double buh above the star",                      \
    .choices = {"plain", "double"}, .house_rule = true)                                                       \
  X(kBool, declare_after_draw, bool, true, 0, 1, "house rule R-4: a buh may also be declared after the draw", \
    .house_rule = true)                                                                                       \
  X(kChoice, hooch_order, HoochOrder, HoochOrder::kLexicographic, 0, 1,                                       \
    "house rule R-6: hooch lists compare lexicographic, or lowest_then_fewest",                               \
    .choices = {"lexicographic", "lowest_then_fewest"}, .house_rule = true)

struct Config {
  CARDCORE_BUH_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  std::string to_string() const;
  bool operator==(const Config&) const = default;
  // The evaluator's house rules (eval/buh.hpp).
  Rules rules() const { return {flush_buh, hooch_order}; }
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_BUH_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// The rule-based player (policy.hpp).
int rule_based_action(const State& state, Rng& rng);
inline constexpr BuiltinPolicy<State> kPolicies[] = {{"random", random_action<State>, false},
                                                     {"rule_based", rule_based_action}};
inline constexpr std::array<std::string_view, 3> kCountNames{"hands", "declarations", "showdowns"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"fold", 0, 1, "give up the hand"},
    {"check", 1, 1, "bet nothing when nothing is owed"},
    {"call", 2, 1, "match the bet (all-in if short)"},
    {"bet", 3, 1, "open the betting for one unit"},
    {"raise", 4, 1, "raise one unit"},
    {"draw", kDrawBase, 16,
     "stand (m = 0) or discard: bit i of m throws the i-th lowest card (at most 2, or 3 keeping an ace)",
     /*face_down=*/true},
    {"declare", kDeclare, 1, "declare a buh"},
    {"pass", kPass, 1, "do not declare"},
};

// The layout of the tensors for n seats (all relative to the table, not the viewer): own
// cards 52 | my seat n | dealer n | stage 10 (window 1, bet 1, window 2, bet 2, window 3,
// bet 3, draw, window 4, bet 4, over) | per seat: in the hand, folded, declared, all-in
// (4n) | per seat cards discarded 0-3 (4n) | chips over the total: pot, then per seat stack
// and bet this round (1 + 2n) | this round's betting, actions_per_round slots x (actor n +
// action 5). The information state tensor appends my cards after each deal and after the
// draw (4 x 52) and the three earlier rounds' betting slots.
struct TensorLayout {
  TensorShape observation, information_state;
  int n, actions_per_round, slot_size;
  int own_cards, seat, dealer, stage, seats, draws, chips, betting;  // observation offsets
  int hand_by_stage, earlier_betting;                                // information state only
  // `named`: with the segments' names and bounds (to describe them), not the offsets alone.
  explicit TensorLayout(const Config& config, bool named = false);
};

struct Spec {
  using Config = buh::Config;
  static constexpr const auto& kConfigFields = buh::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "buh",
      .display_name = "Buh",
      .min_players = 2,
      .max_players = kMaxPlayers,
      .seats_field = "players",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "rule_based",
      .rotates_dealer = true,
      .count_names = kCountNames,
      .utility_doc = "zero-sum: net chips per seat; a seat can lose at most its stack and win everyone else's",
      .unit = "chips",
      .num_distinct_actions = kNumDistinctActions,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config& config) { return config.players; }
  static int max_game_length(const Config& config);
  static double max_utility(const Config& config);  // everyone else's chips
  static double min_utility(const Config& config);  // a whole stack
  static Utility utility(const Config&) { return Utility::kZeroSum; }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::buh
