// Leduc poker (docs/rulebook/leduc.md), as OpenSpiel's leduc_poker with its default
// parameters: the same chance outcomes (card ids 0-5, each card left equally likely; seat
// 0's card, seat 1's, then the public card), action ids (fold 0, call 1, raise 2), players,
// returns, information-state and observation strings and tensors, so that a history of one
// is a history of the other.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/games/engine.hpp"
#include "cardcore/games/leduc/spec.hpp"

namespace cardcore::leduc {

inline constexpr int kNoCard = -10000;            // OpenSpiel's invalid card, which its strings show
inline constexpr std::int8_t kPublicTarget = -2;  // a history step's target for the public card

class State : public EngineState<State, kNumPlayers> {
 public:
  using Spec = leduc::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  static constexpr bool kRemapsDraws = false;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const { return is_terminal() ? kTerminalPlayer : to_act_; }
  bool is_terminal() const;
  ActionSet legal_player_actions() const;

  // A chance action is the card (Js, Jh, Qs, Qh, Ks, Kh: ids 0-5), a player's "fold",
  // "call" or "raise".
  using EngineState::action_to_string;
  std::string action_to_string(int action) const;
  int string_to_action(std::string_view text) const;

  std::string observation_string(int player) const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;

  State resample_from_infostate(int player, std::uint64_t seed) const;
  // One hand a game: the hand in play is the game.
  State resample_hand(int player, std::uint64_t seed) const { return resample_from_infostate(player, seed); }

  // A seat's card id (kNoCard before it is dealt), and the public card's.
  int private_card(int seat) const { return private_cards_[static_cast<std::size_t>(seat)]; }
  int public_card() const { return public_card_; }
  int round() const { return round_; }    // 1 or 2
  int raises() const { return raises_; }  // this round
  int contribution(int seat) const { return ante_[static_cast<std::size_t>(seat)]; }
  int stakes() const { return stakes_; }  // what each seat must have in the pot to stay

  static constexpr auto kCountNames = leduc::kCountNames;
  std::array<std::int64_t, 2> counts() const {
    const bool over = is_terminal();
    return {over ? 1 : 0, over && remaining_ == kNumPlayers ? 1 : 0};
  }

 private:
  friend class EngineState<State, kNumPlayers>;
  Config config_;
  // OpenSpiel's bookkeeping: to_act_ is its cur_player_ (the chance player between rounds,
  // the last actor once the hand is over, as its strings show).
  int to_act_ = kChancePlayer;
  int calls_ = 0, raises_ = 0, round_ = 1, stakes_ = 1, pot_ = kNumPlayers;  // the antes
  int public_card_ = kNoCard, dealt_ = 0, remaining_ = kNumPlayers;
  std::array<int, kNumPlayers> private_cards_{kNoCard, kNoCard};
  std::array<int, kNumPlayers> money_{kStartingMoney - 1, kStartingMoney - 1};
  std::array<int, kNumPlayers> ante_{1, 1};
  std::array<bool, kNumPlayers> folded_{};
  std::array<std::array<std::int8_t, kMaxBetsPerRound>, 2> sequence_{};  // each round's actions
  std::array<int, 2> sequence_size_{};

  bool ready_for_next_round() const;
  int rank_hand(int seat) const;
  void put_in(int seat, int amount);
  void after_action();
  void resolve_winner();
  // The private cards go to seats 0 and 1, then the public card to the board.
  int chance_target() const { return dealt_ < kNumPlayers ? dealt_ : kPublicTarget; }
  // The betting round, from 0 (the public card is dealt in the second).
  int step_stage() const { return round_ - 1; }
  void apply_chance(int card);
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
  std::string view_string(int player, bool recall) const;
};

}  // namespace cardcore::leduc
