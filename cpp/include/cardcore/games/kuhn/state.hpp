// Kuhn poker (docs/rulebook/kuhn.md), as OpenSpiel's kuhn_poker with two players: the
// same chance outcomes (card ids 0-2, each card left equally likely, seat 0 dealt first),
// action ids (pass 0, bet 1), players, returns, information-state and observation strings
// and tensors, so that a history of one is a history of the other.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/games/engine.hpp"
#include "cardcore/games/kuhn/spec.hpp"

namespace cardcore::kuhn {

class State : public EngineState<State, kNumPlayers> {
 public:
  using Spec = kuhn::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  static constexpr bool kRemapsDraws = false;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const;
  bool is_terminal() const { return winner_ >= 0; }
  ActionSet legal_player_actions() const;

  // A chance action is the card's letter (J, Q, K), a player's "pass" or "bet".
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

  // The card of a seat (0 jack, 1 queen, 2 king), or -1 before it is dealt.
  int card(int seat) const { return cards_[static_cast<std::size_t>(seat)]; }
  // Each seat's chips in the pot (the ante and a bet).
  int contribution(int seat) const { return contributions_[static_cast<std::size_t>(seat)]; }

  static constexpr auto kCountNames = kuhn::kCountNames;
  std::array<std::int64_t, 2> counts() const { return {is_terminal() ? 1 : 0, is_terminal() && showdown_ ? 1 : 0}; }

 private:
  friend class EngineState<State, kNumPlayers>;
  Config config_;
  std::array<int, kNumPlayers> cards_{-1, -1};
  std::array<int, kNumPlayers> contributions_{1, 1};
  int first_bettor_ = -1;
  int winner_ = -1;
  bool showdown_ = false;

  int turns() const { return static_cast<int>(history().size()) - kNumPlayers; }  // betting actions so far
  // Seat 0's card first, then seat 1's: the seat is the cards dealt so far.
  int chance_target() const { return static_cast<int>(history().size()); }
  void apply_chance(int card);
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
};

}  // namespace cardcore::kuhn
