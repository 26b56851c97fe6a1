// Buh: lowball draw for 2 to 8 players with poker betting (docs/rulebook/buh.md).
//
// Rule choices, all from docs/rulebook/buh.md: every player antes (a short stack posts all of it);
// cards are dealt one at a time from the dealer's left, 2 then 1 then 1; after each deal
// and after the draw comes a declaration window and then a fixed-limit betting round
// (small bet in rounds 1-2, big bet in 3-4, one bet plus max_raises raises, first active
// player from the dealer's left, no fold when a check is free, short all-ins as in
// betting.hpp). In a window every player still in the hand, all-in or not, is asked once
// in deal order: `pass` is always legal and `declare` only while holding a buh, so whose
// turn it is reveals nothing (1.6). The first declaration takes every pot the declarer is
// eligible for; if other pots remain he leaves the hand, as do players eligible for none
// of them, a pot with one eligible player goes to him at once, and the hand goes on for
// the rest. In the draw each player in deal order stands or discards 1-2 cards, or 3
// if the card he keeps is an ace; the stock cannot run out, so R-3's reshuffle never
// happens (at most 4 players keep an ace, and 8 draw at most 20 cards, the stock left).
// At the showdown each pot goes to the best eligible hands (eval/buh.hpp); a choke splits
// it, odd chips one at a time in deal order from the dealer's left. With hands > 1
// the dealer rotates left and busted players sit out. Action ids: fold 0, check 1, call 2,
// bet 3, raise 4, 5 + m for the draw (bit i of m discards the i-th lowest card), declare
// 21, pass 22.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/games/betting.hpp"
#include "cardcore/games/buh/spec.hpp"
#include "cardcore/games/engine.hpp"
#include "cardcore/games/resample.hpp"

namespace cardcore::buh {

enum class Phase : std::uint8_t { kDeal, kWindow, kBet, kDraw, kReplace, kOver };

class State : public EngineState<State, kMaxPlayers> {
 public:
  using Spec = buh::Spec;
  static constexpr std::string_view kName = Spec::kSpec.name;
  State(const Config& config, bool seeded, std::uint64_t seed);
  State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated);

  const Config& config() const { return config_; }
  int current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  ActionSet legal_player_actions() const;
  // Why a player action is not legal now ("you have no buh to declare"), "" if it is.
  std::string why_illegal(int action) const;

  std::string observation_string(int player) const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  void information_state_tensor(int player, float* out) const;

  State resample_from_infostate(int player, std::uint64_t seed) const;
  // resample_from_infostate for the hand in play alone (docs/design.md, "Engine protocol").
  State resample_hand(int player, std::uint64_t seed) const;
  static int remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart);

  // What the Pythonic layer shows.
  Mask hand(int seat) const { return hands_[seat]; }
  betting::Chips stack(int seat) const { return table_.stack(seat); }
  betting::Chips round_bet(int seat) const { return table_.round_bet(seat); }
  betting::Chips committed(int seat) const { return table_.committed(seat); }
  betting::Chips pot() const { return table_.pot(); }
  int dealer() const { return dealer_; }
  int hand_number() const { return hands_completed_ + (phase_ == Phase::kOver ? 0 : 1); }
  bool in_hand(int seat) const { return table_.active(seat); }
  bool declared(int seat) const { return declared_ >> seat & 1; }
  int stage() const {
    switch (phase_) {
      case Phase::kDeal:
      case Phase::kWindow:
        return deal_ < 3 ? 2 * deal_ : 7;
      case Phase::kBet:
        return deal_ < 3 ? 2 * deal_ + 1 : 8;
      case Phase::kDraw:
      case Phase::kReplace:
        return 6;
      case Phase::kOver:
        break;
    }
    return 9;
  }
  Phase phase() const { return phase_; }
  std::string stage_name() const;
  Mask dead_cards() const { return dead_; }

  // What a simulation counts (games/rollout.hpp): hands completed, buhs declared, and
  // hands decided by a showdown of two or more hands.
  static constexpr auto kCountNames = buh::kCountNames;
  std::array<std::int64_t, 3> counts() const { return {hands_completed_, declarations_, showdowns_}; }

 private:
  friend class EngineState<State, kMaxPlayers>;
  Config config_;
  betting::Table table_;
  Phase phase_ = Phase::kDeal;
  Mask hands_[kMaxPlayers]{};
  Mask dead_ = 0;  // discards and folded hands
  int dealer_ = 0;
  int deal_ = 0;              // 0-2 the three deals, 3 the draw
  int order_[kMaxPlayers]{};  // seats dealt in, in deal order (dealer's left first)
  int num_dealt_in_ = 0;
  int deal_targets_[2 * kMaxPlayers]{};  // who gets each card of the current deal
  int deal_size_ = 0, dealt_ = 0;
  int position_ = 0;  // index into order_ of the window's or draw's next seat
  int to_act_ = -1;
  int to_replace_ = 0;
  std::uint8_t declared_ = 0;  // seats that declared a buh this hand
  std::uint8_t seated_ = 0;    // seats dealt in this hand
  int hands_completed_ = 0;
  int declarations_ = 0, showdowns_ = 0;  // over the whole game
  betting::Chips hand_start_[kMaxPlayers]{};
  std::size_t hand_start_index_ = 0;
  AppendLog<std::size_t> hand_starts_;  // history index where each hand began
  struct Reveal {
    std::size_t end;  // history length when the cards were shown
    int seat;
    Mask cards;
  };
  AppendLog<Reveal> reveals_;  // hands shown by a declaration or at a showdown

  template <class F>
  void each_log(F&& f) {
    f(hand_starts_);
    f(reveals_);
  }
  // What `player` knows of the cards of `deck`, with `replay` (the state at deck.begin,
  // left at deck.end): see resample_from_infostate. The hands shown are read from
  // reveals_[shown] on (`shown` is left at the first one after the deck).
  void view_deck(int player, DeckView& deck, State& replay, std::size_t& shown) const;

  int n() const { return config_.players; }
  void start_hand();
  void start_deal(int deal);
  void start_window();
  void next_in_window();
  void start_round();
  void after_betting_action();
  void end_round();  // returns uncalled chips, then the next deal, the draw or the showdown
  void start_draw();
  void next_drawer();
  void declare(int seat);
  void showdown();
  void end_hand();
  // A card of the deal goes to its seat in deal order, a replacement to the drawer.
  int chance_target() const { return phase_ == Phase::kDeal ? deal_targets_[dealt_] : to_act_; }
  int step_stage() const { return stage(); }
  void apply_chance(int card);
  void apply_player(int action);
  std::string player_action_to_string(int action) const;
  int player_string_to_action(std::string_view text) const;
  // The next seat in deal order from position_ still in the hand; -1 if none.
  int next_in_order(int& position) const;
  bool hand_decided() const { return table_.num_active() <= 1; }
  std::string describe(const Step& step, int viewer) const;
};

// Whether the discard positions m are a legal draw for `hand`: at most two cards, or three
// when the card kept is an ace (a granny).
bool is_legal_draw(Mask hand, unsigned positions);

}  // namespace cardcore::buh
