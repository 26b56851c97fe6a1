// Badugi: heads-up fixed-limit triple draw (docs/rulebook/badugi.md).
//
// Rule choices, all from docs/rulebook/badugi.md: the dealer posts the small blind and the other
// seat the big blind; cards are dealt one at a time, big blind first. The dealer acts first
// before the first draw and the big blind after each draw. Fixed limit with a cap of one
// bet and three raises (max_raises), the big blind counting as the opening bet pre-draw;
// no fold when a check is free; short all-ins as in betting.hpp, chips nobody
// matched returned, and once a player is all-in the draws finish without betting. Before
// each draw one card is burned, then the big blind and then the dealer discard 0-4 cards
// and receive replacements. At showdown the better Badugi hand (eval/badugi.hpp) takes the
// pot; a tie splits it, the odd chip to the big blind (it cannot occur, R-4). The button
// alternates; `hands` > 1 plays a match over persistent stacks that ends early when a stack
// is empty. Action ids: fold 0, check 1, call 2, bet 3, raise 4, and 5 + m for a draw
// where bit i of m discards the i-th lowest card of the hand (m = 0 stands pat).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/games/badugi/spec.hpp"
#include "cardcore/games/betting.hpp"
#include "cardcore/games/engine.hpp"
#include "cardcore/games/resample.hpp"

namespace cardcore::badugi {

enum class Phase : std::uint8_t { kDeal, kBet, kBurn, kDraw, kReplace, kOver };

class State : public EngineState<State, kNumPlayers> {
 public:
  using Spec = badugi::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  ActionSet legal_player_actions() const;
  // Why a player action is not legal now ("facing a bet you cannot check"), "" if it is.
  std::string why_illegal(int action) const;

  std::string observation_string(int player) const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;

  State resample_from_infostate(int player, std::uint64_t seed) const;
  // resample_from_infostate for the hand in play alone (docs/design.md, "Engine protocol").
  State resample_hand(int player, std::uint64_t seed) const;
  // resample_history's hook: a discard of the original as the replay's positions.
  static int remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart);

  // What the Pythonic layer shows.
  Mask hand(int seat) const { return hands_[seat]; }
  betting::Chips stack(int seat) const { return table_.stack(seat); }
  betting::Chips round_bet(int seat) const { return table_.round_bet(seat); }
  betting::Chips pot() const { return table_.pot(); }
  int dealer() const { return dealer_; }
  int big_blind_seat() const { return 1 - dealer_; }
  int hand_number() const { return hands_completed_ + (phase_ == Phase::kOver ? 0 : 1); }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  // The stage index of the tensor layout: 0 bet 1, 1 draw 1, ..., 6 bet 4, 7 hand over.
  int stage() const;
  std::string stage_name() const;
  Mask dead_cards() const { return burned_ | mucked_; }  // burned and discarded this hand

  // What a simulation counts (games/rollout.hpp): hands completed, and those shown down.
  static constexpr auto kCountNames = badugi::kCountNames;
  std::array<std::int64_t, 2> counts() const {
    return {hands_completed_, static_cast<std::int64_t>(showdowns_.size())};
  }

 private:
  friend class EngineState<State, kNumPlayers>;
  Config config_;
  betting::Table table_;
  Phase phase_ = Phase::kDeal;
  Mask hands_[kNumPlayers]{};
  Mask burned_ = 0, mucked_ = 0;
  int dealer_ = 0;
  int round_ = 0;       // betting round 0-3; during a draw, the draw's index 0-2
  int to_act_ = -1;     // betting or drawing seat
  int dealt_ = 0;       // cards dealt this hand
  int to_replace_ = 0;  // replacements still owed to to_act_
  int hands_completed_ = 0;
  bool showdown_ = false;  // the last completed hand was shown down
  struct Showdown {
    std::size_t end;  // history length when the hand ended
    Mask hands[kNumPlayers];
  };
  AppendLog<Showdown> showdowns_;  // every hand shown down, for perfect recall
  betting::Chips hand_start_[kNumPlayers]{};
  std::size_t hand_start_index_ = 0;
  AppendLog<std::size_t> hand_starts_;  // history index where each hand began

  template <class F>
  void each_log(F&& f) {
    f(showdowns_);
    f(hand_starts_);
  }
  // What `player` knows of the cards of `deck`: his own, and the hands shown down in it,
  // read from showdowns_[shown] on (`shown` is left at the first one after the deck).
  void view_deck(int player, DeckView& deck, std::size_t& shown) const;

  void start_hand();
  void start_round(int round);
  void after_betting_action();
  void end_round();
  void end_hand(bool showdown);
  void next_drawer();
  // Where the card of this chance node goes: the deal's, one at a time and big blind first
  // (2.3 #2), the burn, or the drawer's replacements.
  int chance_target() const {
    if (phase_ == Phase::kDeal) return dealt_ % 2 == 0 ? big_blind_seat() : dealer_;
    return phase_ == Phase::kBurn ? Step::kBurn : to_act_;
  }
  void apply_chance(int card);
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
  std::string describe(const Step& step, int viewer) const;
};

}  // namespace cardcore::badugi
