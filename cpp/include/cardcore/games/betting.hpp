// Fixed-limit betting with a cap, table stakes and pots: what every betting game shares
// (Badugi, Buh).
//
// Per round, L is the last full bet level and T the highest total put in (docs/rulebook/buh.md
// 1.4 #6, which Badugi's heads-up rules are a case of). With nothing owed a player checks
// or bets; facing chips he folds, calls (all-in for less if short) or raises. A full bet or
// raise makes the total L + unit and counts toward the cap; a player short of it may go
// all-in for less, which raises T but not L, does not count toward the cap and does not
// reopen raising for players who acted since L was set. Folding is never offered when a
// check is free. Nobody may bet or raise when every other active player is all-in, and a
// player who owes nothing and has nobody left to bet against does not act. Chips no one
// matched are returned at the end of the round. Pots are bounded by the amounts the
// players still in the hand put in (a folded player's chips join the pot of the next such
// amount); each pot goes to the best eligible hands, its odd chips one at a time in a given
// seat order.
#pragma once

#include <cstdint>
#include <string>

namespace cardcore::betting {

inline constexpr int kMaxPlayers = 8;

// Player action ids shared by the betting games (docs/design.md).
enum Action : int { kFold = 0, kCheck = 1, kCall = 2, kBet = 3, kRaise = 4 };
inline constexpr int kNumActions = 5;

using Chips = std::int32_t;
using Seats = std::uint8_t;  // bit i = seat i

class Table {
 public:
  Table() = default;
  Table(int num_players, const Chips* stacks);

  int num_players() const { return n_; }
  Chips stack(int seat) const { return stack_[seat]; }
  Chips committed(int seat) const { return committed_[seat]; }  // this hand
  Chips round_bet(int seat) const { return round_bet_[seat]; }
  Chips pot() const;
  Chips highest() const { return high_; }
  int bets() const { return bets_; }
  bool folded(int seat) const { return folded_ >> seat & 1; }
  bool all_in(int seat) const { return all_in_ >> seat & 1; }
  bool active(int seat) const { return !folded(seat); }
  int num_active() const;

  // A new hand: nothing committed, nobody folded or all-in.
  void start_hand();
  // Posts min(amount, stack) for a blind or an ante; all-in if it takes the whole stack.
  void post(int seat, Chips amount);
  // A new betting round with this bet unit and cap (bets + raises). With blind_level > 0
  // (Badugi's pre-draw), the blinds already posted make the round's opening bet: L is that
  // level and it counts as one bet.
  void start_round(Chips unit, int cap, Chips blind_level = 0);

  // Bit a set for each legal Action of `seat`.
  unsigned legal(int seat) const;
  // Why betting action `action` is not legal for `seat` now, in a player's words ("facing a
  // bet you cannot check"); "" when it is legal or the reason is not the table's.
  std::string why_illegal(int seat, int action) const;
  void apply(int seat, Action action);

  // Whether `seat` still has to act this round.
  bool needs_action(int seat) const;
  // The first seat that needs to act, scanning from `from` in seat order; -1 if none.
  int next_to_act(int from) const;

  // Ends the round: returns chips nobody matched to the player who put them in.
  void end_round();

  // Takes the player out of the hand without a betting action (busted, or gone after a
  // Buh declaration): he is no longer eligible for any pot.
  void leave(int seat) { folded_ |= Seats(1u << seat); }
  // Gives `seat` every pot layer up to `level`: min(committed, level) from every seat.
  // Returns the chips won.
  Chips take_layers(int seat, Chips level);
  // Pays out at once the top pot layers that at most one active player can win.
  void award_uncontested();

  // Pays the pots out by the hands of the active players (higher strength wins, equal
  // splits) with odd chips given one at a time following `odd_chip_order` (every seat
  // once). Writes each seat's winnings to `won` and moves the pot to the stacks.
  void award(const int* strength, const int* odd_chip_order, Chips* won);

 private:
  int n_ = 0;
  Chips stack_[kMaxPlayers]{};
  Chips committed_[kMaxPlayers]{};
  Chips round_bet_[kMaxPlayers]{};
  Seats folded_ = 0, all_in_ = 0, acted_ = 0;  // acted: since L was last set
  Chips level_ = 0;                            // L
  Chips high_ = 0;                             // T
  Chips unit_ = 0;
  int bets_ = 0;  // full bets and raises this round
  int cap_ = 0;

  bool others_can_bet(int seat) const;
  void pay(int seat, Chips amount);
};

}  // namespace cardcore::betting
