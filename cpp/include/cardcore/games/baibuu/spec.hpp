// Bai Buu's spec: every fact about the game stated once (games/spec.hpp); the rules are
// docs/rulebook/baibuu.md (stakes and commission 3.2, R-9; the banker R-8).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/eval/baibuu.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore::baibuu {

inline constexpr int kMaxPlayerHands = 6;
inline constexpr int kMaxSeats = kMaxPlayerHands + 1;
inline constexpr int kConfigSeats = kMaxPlayerHands;  // per-seat fields hold one entry per player hand

// Who arranges the banker's hand: the house way inside the engine, or an agent at seat n.
enum class Banker : std::uint8_t { kHouseWay, kAgent };

// X(kind, name, type, default, min, max, doc, extras...): see CARDCORE_CONFIG_MEMBER.
#define CARDCORE_BAIBUU_CONFIG(X)                                                                                     \
  X(kInt, player_hands, int, 1, 1, kMaxPlayerHands, "player hands against the banker (seats 0..n-1)")                 \
  X(                                                                                                                  \
      kPerSeat, wagers, std::int64_t, 100, 1, 1'000'000'000'000, "each player hand's wager, in minor units",          \
      .count = [](const Config& c) { return c.player_hands; }, .entry = "player hand")                                \
  X(kInt, commission_bp, int, 300, 0, 10'000, "commission on a player's win, in basis points (rounded down)")         \
  X(                                                                                                                  \
      kInt, banker_commission_bp, int, 300, 0, 10'000, "commission on the banker's win (None: commission_bp)",        \
      .none = ::cardcore::NoneMeans::kDerived, .derive = [](Config& c) { c.banker_commission_bp = c.commission_bp; }) \
  X(kChoice, banker, Banker, Banker::kHouseWay, 0, 1, "who arranges the banker's hand: house_way or agent",           \
    .choices = {"house_way", "agent"})                                                                                \
  X(kInt, hands, int, 1, 1, 1'000'000, "rounds, each with a fresh deck")                                              \
  X(kChoice, banker_takes_3_4_points, ThreeFourPoints, ThreeFourPoints::kSameClass, 0, 1,                             \
    "house rule R-7: equal 3 or 4 points go to the banker between two Scores (same_class) or in any_class",           \
    .choices = {"same_class", "any_class"}, .house_rule = true)

struct Config {
  CARDCORE_BAIBUU_CONFIG(CARDCORE_CONFIG_MEMBER)

  // Throws std::invalid_argument naming the first bad field.
  void validate() const;
  std::string to_string() const;
  bool operator==(const Config&) const = default;
  // The settlement's house rules (eval/baibuu.hpp).
  Rules rules() const { return {banker_takes_3_4_points}; }
};

inline constexpr ConfigField<Config> kConfigFields[] = {CARDCORE_BAIBUU_CONFIG(CARDCORE_CONFIG_FIELD)};
class State;
// Bai Buu's built-in arrangers (policy.cpp): the house way, and the arrangement with the best
// expected settlement (the banker's arranges by the house way).
int house_way_action(const State& state, Rng& rng);
int optimal_action(const State& state, Rng& rng);
inline constexpr BuiltinPolicy<State> kPolicies[] = {
    {"house_way", house_way_action}, {"optimal", optimal_action}, {"random", random_action<State>, false}};
inline constexpr std::array<std::string_view, 4> kCountNames{"rounds", "naturals", "banker_naturals", "fouls"};
inline constexpr ActionBlock kActionBlocks[] = {
    {"arrange", 0, kNumArrangements,
     "Low = pair i of (0,1), (0,2), (0,3), (1,2), (1,3), (2,3) of the hand's cards sorted by id",
     /*face_down=*/true},
};

// observation_tensor: own cards 52 | my seat n+1 | phase 3 (deal, arrange, round over) |
// my arrangement 7 (Low pair index 0-5, or Natural) | per player hand after the reveal:
// the player won, the banker won 2n | per seat returns so far over the total wagers n+1.
// The information state tensor is the same (a round hides nothing it later needs).
struct TensorLayout {
  TensorShape observation, information_state;
  int seats;
  int own_cards, seat, phase, arrangement, results, returns;  // offsets
  // `named`: with the segments' names and bounds (to describe them), not the offsets alone.
  explicit TensorLayout(const Config& config, bool named = false);
};

struct TablePlay;  // state.hpp

struct Spec {
  using Config = baibuu::Config;
  static constexpr const auto& kConfigFields = baibuu::kConfigFields;  // the Game's keywords
  using Layout = TensorLayout;
  static constexpr GameSpec<Config, State> kSpec{
      .name = "baibuu",
      .display_name = "Bai Buu",
      .min_players = 2,
      .max_players = kMaxSeats,
      .seats_field = "player_hands",
      .fields = kConfigFields,
      .policies = kPolicies,
      .opponent = "house_way",
      .rotates_dealer = false,
      .count_names = kCountNames,
      .utility_doc =
          "net chips per seat after commission (seat n the banker); zero-sum only when both "
          "commissions are 0, else the sum is minus the commission collected",
      .unit = "chips",
      .num_distinct_actions = kNumArrangements,
      .action_blocks = kActionBlocks,
  };
  static int num_players(const Config& config) { return config.player_hands + 1; }
  // The banker decides only as an agent; by default it arranges by the house way inside.
  static int acting_players(const Config& config) {
    return config.player_hands + (config.banker == Banker::kAgent ? 1 : 0);
  }
  // The rounds of `policies` (one per seat, the banker last) settled by table, without
  // States (TablePlay), when they allow it: a house-way banker and every player hand by
  // 'house_way' or 'optimal'; else nothing. cc.simulate takes this path when it can.
  static std::optional<TablePlay> shortcut(const Config& config, const std::vector<std::string>& policies);
  static int max_game_length(const Config& config) {
    return config.hands * (4 * (config.player_hands + 1) + config.player_hands + 1);
  }
  static double max_utility(const Config& config);  // the banker wins every hand of every round
  static double min_utility(const Config& config) { return -max_utility(config); }
  static Utility utility(const Config& config) {
    return config.commission_bp == 0 && config.banker_commission_bp == 0 ? Utility::kZeroSum : Utility::kGeneralSum;
  }
};

using Game = EngineGame<Spec>;

}  // namespace cardcore::baibuu
