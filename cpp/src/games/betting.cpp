#include "cardcore/games/betting.hpp"

#include <algorithm>
#include <stdexcept>

namespace cardcore::betting {

Table::Table(int num_players, const Chips* stacks) : n_(num_players) {
  std::copy(stacks, stacks + n_, stack_);
}

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
  const bool can_raise = bets_ < cap_ && !(acted_ >> seat & 1) && others_can_bet(seat) &&
                         stack_[seat] > owed;
  if (can_raise) actions |= 1u << (high_ == 0 ? kBet : kRaise);
  return actions;
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

void Table::award_uncontested() {
  while (true) {
    // The top layer lies between the highest contribution and the next lower one.
    Chips top = 0;
    for (int s = 0; s < n_; ++s) top = std::max(top, committed_[s]);
    if (top == 0) return;
    Chips below = 0;
    for (int s = 0; s < n_; ++s)
      if (committed_[s] < top) below = std::max(below, committed_[s]);
    int eligible = 0, winner = -1;
    for (int s = 0; s < n_; ++s)
      if (active(s) && committed_[s] == top) {
        ++eligible;
        winner = s;
      }
    if (eligible > 1) return;
    // At most one seat can win the layer: it is his; with none (only folded contributors)
    // each contributor takes his part back.
    for (int s = 0; s < n_; ++s) {
      if (committed_[s] <= below) continue;
      const int to = winner >= 0 ? winner : s;
      stack_[to] += committed_[s] - below;
      all_in_ &= Seats(~(1u << to));
      committed_[s] = below;
      round_bet_[s] = std::min(round_bet_[s], below);
    }
  }
}

void Table::award(const int* strength, const int* odd_chip_order, Chips* won) {
  std::fill(won, won + n_, 0);
  Chips paid_level = 0;
  while (true) {
    // The next pot layer: up to the smallest contribution above paid_level.
    Chips layer = 0;
    for (int s = 0; s < n_; ++s)
      if (committed_[s] > paid_level && (layer == 0 || committed_[s] < layer)) layer = committed_[s];
    if (layer == 0) break;
    Chips amount = 0;
    int best = -1;
    Seats winners = 0;
    for (int s = 0; s < n_; ++s) {
      amount += std::min(committed_[s], layer) - std::min(committed_[s], paid_level);
      if (!active(s) || committed_[s] < layer) continue;  // eligible: active and covering it
      if (strength[s] > best) {
        best = strength[s];
        winners = 0;
      }
      if (strength[s] == best) winners |= Seats(1u << s);
    }
    if (winners == 0) {  // only folded players reach this layer: it is theirs back
      for (int s = 0; s < n_; ++s)
        if (committed_[s] >= layer) won[s] += layer - paid_level;
    } else {
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
    }
    paid_level = layer;
  }
  for (int s = 0; s < n_; ++s) {
    stack_[s] += won[s];
    committed_[s] = round_bet_[s] = 0;  // the pot is paid out
  }
}

}  // namespace cardcore::betting
