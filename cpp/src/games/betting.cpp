#include "cardcore/games/betting.hpp"

#include <algorithm>
#include <stdexcept>

namespace cardcore::betting {

Table::Table(int num_players, const Chips* stacks) : n_(num_players) { std::copy(stacks, stacks + n_, stack_); }

Chips Table::pot() const {
  Chips total = 0;
  for (int s = 0; s < n_; ++s) total += committed_[s];
  return total;
}

int Table::num_active() const {
  int count = 0;
  for (int s = 0; s < n_; ++s) count += active(s);
  return count;
}

void Table::start_hand() {
  std::fill(committed_, committed_ + n_, 0);
  std::fill(round_bet_, round_bet_ + n_, 0);
  folded_ = all_in_ = acted_ = 0;
  level_ = high_ = 0;
  bets_ = 0;
}

void Table::pay(int seat, Chips amount) {
  amount = std::min(amount, stack_[seat]);
  stack_[seat] -= amount;
  committed_[seat] += amount;
  round_bet_[seat] += amount;
  high_ = std::max(high_, round_bet_[seat]);
  if (stack_[seat] == 0) all_in_ |= Seats(1u << seat);
}

void Table::post(int seat, Chips amount) { pay(seat, amount); }

void Table::start_round(Chips unit, int cap, Chips blind_level) {
  unit_ = unit;
  cap_ = cap;
  acted_ = 0;
  if (blind_level > 0) {  // the blinds stay in: they are this round's opening bet
    level_ = blind_level;
    bets_ = 1;
    return;
  }
  std::fill(round_bet_, round_bet_ + n_, 0);
  level_ = high_ = 0;
  bets_ = 0;
}

bool Table::others_can_bet(int seat) const {
  for (int s = 0; s < n_; ++s)
    if (s != seat && active(s) && !all_in(s)) return true;
  return false;
}

bool Table::needs_action(int seat) const {
  if (!active(seat) || all_in(seat)) return false;
  const bool owes = round_bet_[seat] < high_;
  // Owing nothing with nobody left to bet against: nothing to decide.
  if (!owes && !others_can_bet(seat)) return false;
  return owes || !(acted_ >> seat & 1);
}

int Table::next_to_act(int from) const {
  for (int i = 0; i < n_; ++i) {
    const int seat = (from + i) % n_;
    if (needs_action(seat)) return seat;
  }
  return -1;
}

unsigned Table::legal(int seat) const {
  if (!needs_action(seat)) return 0;
  const Chips owed = high_ - round_bet_[seat];
  unsigned actions = owed > 0 ? (1u << kFold | 1u << kCall) : 1u << kCheck;
  const bool can_raise = bets_ < cap_ && !(acted_ >> seat & 1) && others_can_bet(seat) && stack_[seat] > owed;
  if (can_raise) actions |= 1u << (high_ == 0 ? kBet : kRaise);
  return actions;
}

std::string Table::why_illegal(int seat, int action) const {
  if (action < 0 || action >= kNumActions || !needs_action(seat) || (legal(seat) >> action & 1)) return "";
  const Chips owed = high_ - round_bet_[seat];
  switch (action) {
    case kFold:
      return "nothing is owed, so there is nothing to fold to: check";
    case kCheck:
      return "facing a bet you cannot check: call, raise or fold";
    case kCall:
      return "there is no bet to call: check or bet";
    case kBet:
      if (high_ > 0) return "a bet is already in: raise it, call or fold";
      break;
    default:  // kRaise
      if (high_ == 0) return "there is no bet to raise: bet";
      break;
  }
  if (bets_ >= cap_) return "the betting is capped: " + std::to_string(bets_) + " bets and raises this round";
  if (acted_ >> seat & 1) return "nobody has raised since you acted, so you may not raise again";
  if (!others_can_bet(seat)) return "every other player is all-in: nobody could call a raise";
  if (stack_[seat] <= owed) return "your stack covers only a call";
  return "";
}

void Table::apply(int seat, Action action) {
  if (!(legal(seat) >> action & 1)) throw std::invalid_argument("betting action not legal");
  const Seats me = Seats(1u << seat);
  switch (action) {
    case kFold:
      folded_ |= me;
      break;
    case kCheck:
      break;
    case kCall:
      pay(seat, high_ - round_bet_[seat]);
      break;
    case kBet:
    case kRaise: {
      const Chips target = level_ + unit_;
      pay(seat, target - round_bet_[seat]);
      if (round_bet_[seat] == target) {  // a full bet or raise: a new level, raising reopens
        level_ = target;
        ++bets_;
        acted_ = 0;
      }
      break;
    }
  }
  acted_ |= me;
}

void Table::end_round() {
  // The top contribution beyond what anyone else put in this round goes back.
  int top = 0;
  for (int s = 1; s < n_; ++s)
    if (round_bet_[s] > round_bet_[top]) top = s;
  Chips second = 0;
  for (int s = 0; s < n_; ++s)
    if (s != top) second = std::max(second, round_bet_[s]);
  const Chips excess = round_bet_[top] - second;
  if (excess > 0) {
    round_bet_[top] -= excess;
    committed_[top] -= excess;
    stack_[top] += excess;
    if (stack_[top] > 0) all_in_ &= Seats(~(1u << top));
    high_ = second;
  }
}

Chips Table::take_layers(int seat, Chips level) {
  Chips taken = 0;
  for (int s = 0; s < n_; ++s) {
    const Chips part = std::min(committed_[s], level);
    committed_[s] -= part;
    round_bet_[s] = std::min(round_bet_[s], committed_[s]);
    taken += part;
  }
  stack_[seat] += taken;
  return taken;
}

// Pots are bounded by what the active players put in: the pot up to level L holds, from
// every seat, its chips between the previous level and L, so a folded player's chips join
// the pot of the next active level, and the top pot also takes any chips above the top.

void Table::award_uncontested() {
  while (true) {
    Chips top = 0, below = 0;  // the two highest active levels
    for (int s = 0; s < n_; ++s)
      if (active(s)) top = std::max(top, committed_[s]);
    for (int s = 0; s < n_; ++s)
      if (active(s) && committed_[s] < top) below = std::max(below, committed_[s]);
    int eligible = 0, winner = -1;
    for (int s = 0; s < n_; ++s)
      if (active(s) && committed_[s] == top) {
        ++eligible;
        winner = s;
      }
    if (eligible != 1) return;
    // Only one active player reached the top pot: it is his.
    Chips pot = 0;
    for (int s = 0; s < n_; ++s)
      if (committed_[s] > below) {
        pot += committed_[s] - below;
        committed_[s] = below;
        round_bet_[s] = std::min(round_bet_[s], below);
      }
    if (pot == 0) return;
    stack_[winner] += pot;
    all_in_ &= Seats(~(1u << winner));
  }
}

void Table::award(const int* strength, const int* odd_chip_order, Chips* won) {
  std::fill(won, won + n_, 0);
  Chips previous = 0;
  while (true) {
    Chips level = 0;  // the next active level above `previous`
    for (int s = 0; s < n_; ++s)
      if (active(s) && committed_[s] > previous && (level == 0 || committed_[s] < level)) level = committed_[s];
    if (level == 0) break;
    bool top = true;
    for (int s = 0; s < n_; ++s)
      if (active(s) && committed_[s] > level) top = false;
    Chips amount = 0;
    int best = -1;
    Seats winners = 0;
    for (int s = 0; s < n_; ++s) {
      const Chips upto = top ? committed_[s] : std::min(committed_[s], level);
      amount += std::max<Chips>(0, upto - previous);
      if (!active(s) || committed_[s] < level) continue;  // eligible: active and covering it
      if (strength[s] > best) {
        best = strength[s];
        winners = 0;
      }
      if (strength[s] == best) winners |= Seats(1u << s);
    }
    int count = 0;
    for (int s = 0; s < n_; ++s) count += winners >> s & 1;
    for (int s = 0; s < n_; ++s)
      if (winners >> s & 1) won[s] += amount / count;
    Chips odd = amount % count;
    for (int i = 0; i < n_ && odd > 0; ++i)
      if (winners >> odd_chip_order[i] & 1) {
        ++won[odd_chip_order[i]];
        --odd;
      }
    previous = level;
  }
  for (int s = 0; s < n_; ++s) {
    stack_[s] += won[s];
    committed_[s] = round_bet_[s] = 0;  // the pot is paid out
  }
}

}  // namespace cardcore::betting
