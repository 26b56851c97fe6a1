// Hucklebuck: trick taking for 3 to 7 players, first to 11 (docs/rulebook/hucklebuck.md).
//
// Rule choices, all from docs/rulebook/hucklebuck.md: five cards each, dealt one at a time from the
// dealer's left; the next card is turned up and set aside, its suit trump, never drawn
// (R-1; the house rule upcard=bottom_of_stock leaves it under the stock, drawn last).
// With more than 4 players, players announce in or out from the dealer's left, at
// most n - 4 dropping; once that many have, the rest are in with no decision, and a
// dropped hand goes face down onto the discard pile. Each active player in deal order
// passes or exchanges 1-5 cards; when the stock runs short he gets what is left, then
// the discard pile without his own new discards becomes the stock. The first active
// player left of the dealer leads; players follow suit when they can, with no duty to
// trump; the highest trump, else the highest card of the led suit, takes the trick
// (eval/hucklebuck.hpp). Each active player scores one point a trick, or loses three with
// none, never going below zero; dropped players score nothing. The deal passes left. With
// `hands` = 0 the game runs to the target: after a hand, a unique top score at or above it
// wins (ties play on, R-6), capped by max_hands; the house rule game_end=first_to_target
// ends it at the trick that first brings a player to the target. Action ids: in 0, out 1, 2 + m to exchange
// the cards of the 5-bit mask m of the hand sorted by id (m = 0 passes), 34 + card to play.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/eval/hucklebuck.hpp"
#include "cardcore/games/engine.hpp"
#include "cardcore/games/hucklebuck/spec.hpp"
#include "cardcore/games/resample.hpp"

namespace cardcore::hucklebuck {

enum class Phase : std::uint8_t { kDeal, kUpcard, kInOut, kExchange, kReplace, kPlay, kOver };

class State : public EngineState<State, kMaxPlayers> {
 public:
  using Spec = hucklebuck::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  ActionSet legal_player_actions() const;
  // Why a player action is not legal now ("you must follow clubs"), "" if it is.
  std::string why_illegal(int action) const;

  std::string observation_string(int player) const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;

  State resample_from_infostate(int player, std::uint64_t seed) const;
  // resample_from_infostate for the hand in play alone (docs/design.md, "Engine protocol").
  State resample_hand(int player, std::uint64_t seed) const;
  static int remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart);

  int n() const { return config_.players; }
  Mask hand(int seat) const { return hands_[seat]; }
  int upcard() const { return upcard_; }
  int trump() const { return upcard_ < 0 ? -1 : suit_of(upcard_); }
  int score(int seat) const { return scores_[seat]; }
  int tricks(int seat) const { return tricks_[seat]; }
  bool active(int seat) const { return !(dropped_ >> seat & 1); }
  bool dropped(int seat) const { return dropped_ >> seat & 1; }
  int dealer() const { return dealer_; }
  int hand_number() const { return hands_completed_ + (phase_ == Phase::kOver ? 0 : 1); }
  int winner() const { return winner_; }
  // A game to the target pays only at its end: a hand's worth to a seat is its score; a game
  // of fixed hands pays each hand's score change (engine.hpp).
  double hand_value(int seat) const { return config_.hands == 0 ? scores_[seat] : return_of(seat); }
  Mask discard_pile() const { return discards_; }
  Mask played() const { return played_; }
  // The cards of the trick in play, by seat (-1: not played yet), and its leader.
  int trick_card(int seat) const { return trick_[seat]; }
  int leader() const { return leader_; }
  std::string phase_name() const;

  // What a simulation counts (games/rollout.hpp): hands completed, players who dropped out
  // of a hand, and active players who took no trick (-3).
  static constexpr auto kCountNames = hucklebuck::kCountNames;
  std::array<std::int64_t, 3> counts() const { return {hands_completed_, total_drops_, no_trick_hands_}; }

 private:
  friend class EngineState<State, kMaxPlayers>;
  Config config_;
  Phase phase_ = Phase::kDeal;
  Mask hands_[kMaxPlayers]{};
  Mask discards_ = 0, exchanging_ = 0, played_ = 0;
  int upcard_ = -1;
  bool upcard_in_stock_ = false;  // the house rule bottom_of_stock: the upcard is yet to be drawn
  int dealer_ = 0;
  int order_[kMaxPlayers]{};  // deal order: the dealer's left first, the dealer last
  int position_ = 0;          // next index into order_ in the in/out round or exchange
  int dealt_ = 0, drops_ = 0, to_act_ = -1, to_replace_ = 0;
  std::uint8_t dropped_ = 0, decided_ = 0;
  int exchanged_[kMaxPlayers]{};
  int trick_[kMaxPlayers]{};
  int leader_ = -1, plays_in_trick_ = 0, tricks_played_ = 0;
  int tricks_[kMaxPlayers]{};
  int scores_[kMaxPlayers]{};
  int hand_start_scores_[kMaxPlayers]{};
  int hands_completed_ = 0;
  int total_drops_ = 0, no_trick_hands_ = 0;  // over the whole game
  int winner_ = -1;                           // at the end of a game to the target: the winner, -1 for a draw
  std::size_t hand_start_index_ = 0;
  AppendLog<std::size_t> hand_starts_;

  template <class F>
  void each_log(F&& f) {
    f(hand_starts_);
  }
  // What `player` knows of the cards of `deck`, with `replay` (the state at deck.begin,
  // left at deck.end): see resample_from_infostate.
  void view_deck(int player, DeckView& deck, State& replay) const;
  int num_active() const { return n() - popcount(unsigned(dropped_)); }
  void start_hand();
  void next_announcer();
  void start_exchange();
  void next_exchanger();
  void start_play();
  void finish_trick();
  // `reached`: the seat whose trick brought it to the target under first_to_target, or -1.
  void end_hand(int reached = -1);
  // The deal's cards go one at a time from the dealer's left, the upcard is set aside (a
  // burn, for the history), and a replacement goes to the exchanger.
  int chance_target() const {
    if (phase_ == Phase::kDeal) return order_[dealt_ % n()];
    return phase_ == Phase::kUpcard ? Step::kBurn : to_act_;
  }
  // The tricks played (0 until the play, and so at every chance node).
  int step_stage() const { return tricks_played_; }
  void apply_chance(int card);
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
  void refill_stock();
  // The stock is empty while cards are owed: the upcard when it lies at the bottom of the
  // stock (it is known, so it comes with no chance node), then the reshuffle.
  void stock_ran_out();
};

}  // namespace cardcore::hucklebuck
