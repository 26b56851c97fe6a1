// Bai Buu: a banker against 1 to 6 player hands (docs/rulebook/baibuu.md).
//
// Rule choices, all from docs/rulebook/baibuu.md: each round uses a fresh deck and deals 4 cards
// one at a time, player hands in seat order and the banker last. Every player hand
// that is not a Natural is arranged by its player, in seat order, seeing no other hand: any
// of the six splits may be chosen, a fouled one included. The banker then arranges by the
// house way (3.9), or, configured as an agent, acts as the last seat with only its valid
// splits legal; a Natural is never arranged. Each player hand is then settled against
// the banker (eval/baibuu.hpp, 3.7) at 1:1 with commission in basis points taken from the
// winner, rounded down (3.2 #7, R-9). Seats 0 .. n-1 are the player hands, seat n the
// banker; returns sum to minus the commission collected. Action id i (0-5) arranges with
// Low = the i-th pair among (0,1), (0,2), (0,3), (1,2), (1,3), (2,3) of the hand's cards
// sorted by id.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/eval/baibuu.hpp"
#include "cardcore/games/baibuu/spec.hpp"
#include "cardcore/games/engine.hpp"
#include "cardcore/games/resample.hpp"

namespace cardcore::baibuu {

enum class Phase : std::uint8_t { kDeal, kArrange, kOver };

class State : public EngineState<State, kMaxSeats> {
 public:
  using Spec = baibuu::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const {
    if (phase_ == Phase::kDeal) return kChancePlayer;
    return phase_ == Phase::kArrange ? to_act_ : kTerminalPlayer;
  }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  ActionSet legal_player_actions() const;

  // For an arrangement the banker may not make (3.6 #3): why not; else "".
  std::string why_illegal(int action) const;

  std::string observation_string(int player) const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;

  State resample_from_infostate(int player, std::uint64_t seed) const;
  // resample_from_infostate for the round in play alone (docs/design.md, "Engine protocol").
  State resample_hand(int player, std::uint64_t seed) const;
  // An arrangement names no drawn card: resampling replays it as it is.
  static constexpr bool kRemapsDraws = false;

  int seats() const { return config_.player_hands + 1; }
  int banker_seat() const { return config_.player_hands; }
  Mask hand(int seat) const { return hands_[seat]; }
  // The Low hand chosen, 0 before the choice (and for a Natural).
  Mask low(int seat) const { return lows_[seat]; }
  const Outcome& outcome(int player_hand) const { return outcomes_[player_hand]; }
  bool revealed() const { return revealed_; }
  int round_number() const { return rounds_completed_ + (phase_ == Phase::kOver ? 0 : 1); }
  // A seat's net over the rounds completed.
  std::int64_t net(int seat) const { return static_cast<std::int64_t>(return_of(seat)); }

  // What a simulation counts (games/rollout.hpp): rounds completed, player hands dealt a
  // Natural, banker hands dealt one, and player hands that fouled.
  static constexpr auto kCountNames = baibuu::kCountNames;
  std::array<std::int64_t, 4> counts() const;

 private:
  friend class EngineState<State, kMaxSeats>;
  Config config_;
  Phase phase_ = Phase::kDeal;
  Mask hands_[kMaxSeats]{};
  Mask lows_[kMaxSeats]{};
  HoldingEntry entries_[kMaxSeats]{};  // each holding's, once the round's deal is over
  Outcome outcomes_[kMaxPlayerHands]{};
  int dealt_ = 0;
  int deal_seat_ = 0;      // the seat the next card goes to
  unsigned naturals_ = 0;  // bit s: seat s was dealt a Natural this round (once all are dealt)
  unsigned fouled_ = 0;    // bit i: player hand i fouled this round
  int to_act_ = -1;
  bool revealed_ = false;  // the last round was settled and shown
  int rounds_completed_ = 0;
  int fouls_ = 0;                                  // over the whole game
  int player_naturals_ = 0, banker_naturals_ = 0;  // dealt in the rounds settled

  // A round of the history: the index where it began, and the hands it dealt (all of them
  // once its deal is over, which every round but the last has). Read from the history,
  // which holds them, rather than kept: a rollout's States then allocate only the history.
  struct Round {
    std::size_t begin;
    std::array<Mask, kMaxSeats> hands{};
  };
  std::vector<Round> rounds() const;
  // The round beginning at history index `begin`, and the index after its steps.
  std::size_t read_round(Round& round) const;
  // A resample of `decks` (the rounds' views, the last the round in play) replayed from
  // `start`, drawn again until the turns are the same.
  State resample_rounds(std::vector<DeckView> decks, std::uint64_t seed, const State& start) const;

  void start_round();
  void next_to_arrange(int from);
  void settle_round();
  // These two here, not in state.cpp, so that a seeded deal's loop (EngineState::resolve_chance)
  // inlines them. One card at a time, player hands in seat order, banker last.
  int chance_target() const { return deal_seat_; }
  void apply_chance(int card) {
    const int seat = deal_seat_;
    deal_seat_ = seat + 1 == seats() ? 0 : seat + 1;
    hands_[seat] |= card_bit(card);
    if (++dealt_ == 4 * seats()) end_deal();
  }
  void end_deal();
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
};

// Rounds of a simulation settled by table (Spec::shortcut), without building States: the
// banker arranges by the house way, player hand i by the optimal arrangement when
// optimal[i], else by the house way. Dealt exactly as seeded States deal them (game i from
// stream i of the seed, as games/rollout.hpp plays them), so the returns and counts are the
// States'.
struct TablePlay {
  Config config;
  std::array<bool, kMaxPlayerHands> optimal{};
  // Game `game` of the simulation of `seed`: writes its returns to row[0, player_hands] and
  // adds its counts (State::kCountNames) to `counts`.
  void operator()(std::uint64_t seed, std::uint64_t game, double* row, std::array<std::int64_t, 4>& counts) const;
};

}  // namespace cardcore::baibuu
