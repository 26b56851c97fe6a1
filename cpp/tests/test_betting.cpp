// The betting table (games/betting.hpp): legal actions, short all-ins, the cap, chips
// returned, side pots and odd chips (docs/rulebook/buh.md 1.4 #6 and 1.7 #2, docs/rulebook/badugi.md
// 2.4 and 2.7). The odd chips' order is the caller's: the Buh engine passes deal order
// (test_engines.cpp plays such a choke through the engine).
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/games/betting.hpp"
#include "check.hpp"

using namespace cardcore::betting;

namespace {

// The legal actions as a bit set, for comparisons that print as numbers.
constexpr unsigned actions(std::initializer_list<Action> list) {
  unsigned bits = 0;
  for (Action a : list) bits |= 1u << a;
  return bits;
}

Chips total_chips(const Table& table) {
  Chips total = table.pot();
  for (int s = 0; s < table.num_players(); ++s) total += table.stack(s);
  return total;
}

// The seats after the dealer, then the dealer: Buh's deal order (docs/rulebook/buh.md 1.7 #2).
std::vector<int> deal_order(int players, int dealer) {
  std::vector<int> order(static_cast<std::size_t>(players));
  for (int i = 0; i < players; ++i) order[static_cast<std::size_t>(i)] = (dealer + 1 + i) % players;
  return order;
}

}  // namespace

TEST_CASE(betting_opens_with_check_or_bet_and_never_offers_a_free_fold) {
  const Chips stacks[] = {100, 100};
  Table table(2, stacks);
  table.start_hand();
  table.start_round(2, 4);
  CHECK_EQ(table.legal(0), actions({kCheck, kBet}));
  CHECK_THROWS(table.apply(0, kFold), std::invalid_argument, "betting action not legal");
  table.apply(0, kCheck);
  CHECK_EQ(table.next_to_act(1), 1);
  table.apply(1, kBet);
  CHECK_EQ(table.legal(0), actions({kFold, kCall, kRaise}));  // check-raise is allowed
  CHECK_EQ(table.round_bet(1), 2);
  CHECK_EQ(table.bets(), 1);
}

TEST_CASE(betting_cap_is_one_bet_and_three_raises) {
  const Chips stacks[] = {100, 100};
  Table table(2, stacks);
  table.start_hand();
  table.start_round(1, 4);
  table.apply(0, kBet);
  table.apply(1, kRaise);
  table.apply(0, kRaise);
  table.apply(1, kRaise);
  CHECK_EQ(table.bets(), 4);
  CHECK_EQ(table.highest(), 4);
  CHECK_EQ(table.legal(0), actions({kFold, kCall}));  // capped
  table.apply(0, kCall);
  CHECK_EQ(table.next_to_act(1), -1);
  CHECK_EQ(table.pot(), 8);
  // A new hand clears the capped round: no bets, nothing in the pot, nobody owes.
  table.end_round();
  table.start_hand();
  CHECK_EQ(table.bets(), 0);
  CHECK_EQ(table.highest(), 0);
  CHECK_EQ(table.pot(), 0);
}

TEST_CASE(short_all_in_raise_does_not_reopen_betting) {
  // docs/rulebook/buh.md 1.4 #6: round 3, unit 2. A bets 2, B goes all-in to 3, C may fold,
  // call 3 or raise to 4; if C calls, A may only call 3 or fold.
  const Chips stacks[] = {100, 3, 100};
  Table table(3, stacks);
  table.start_hand();
  table.start_round(2, 4);
  table.apply(0, kBet);
  CHECK_EQ(table.legal(1), actions({kFold, kCall, kRaise}));
  table.apply(1, kRaise);  // short of the full raise to 4: all-in for 3
  CHECK(table.all_in(1));
  CHECK_EQ(table.round_bet(1), 3);
  CHECK_EQ(table.highest(), 3);
  CHECK_EQ(table.bets(), 1);  // a short all-in does not count toward the cap
  CHECK_EQ(table.legal(2), actions({kFold, kCall, kRaise}));
  table.apply(2, kCall);
  CHECK_EQ(table.round_bet(2), 3);
  CHECK_EQ(table.next_to_act(0), 0);
  CHECK_EQ(table.legal(0), actions({kFold, kCall}));  // A acted since L was set: no raise
  table.apply(0, kCall);
  CHECK_EQ(table.next_to_act(0), -1);
  CHECK_EQ(table.pot(), 9);

  // Had C made the full raise to 4, raising would have reopened for A.
  Table reopened(3, stacks);
  reopened.start_hand();
  reopened.start_round(2, 4);
  reopened.apply(0, kBet);
  reopened.apply(1, kRaise);
  reopened.apply(2, kRaise);
  CHECK_EQ(reopened.round_bet(2), 4);
  CHECK_EQ(reopened.bets(), 2);
  CHECK_EQ(reopened.legal(0), actions({kFold, kCall, kRaise}));
}

TEST_CASE(a_player_who_checked_may_only_call_a_short_all_in_bet) {
  // docs/rulebook/buh.md 1.4 #6: L = 0 counts as set at the start of the round; a player who
  // has not acted completes the short bet with a raise to L + unit.
  const Chips stacks[] = {100, 1, 100};
  Table table(3, stacks);
  table.start_hand();
  table.start_round(2, 4);
  table.apply(0, kCheck);
  CHECK_EQ(table.legal(1), actions({kCheck, kBet}));
  table.apply(1, kBet);  // all-in for 1, short of the unit
  CHECK_EQ(table.highest(), 1);
  CHECK_EQ(table.bets(), 0);
  CHECK_EQ(table.legal(2), actions({kFold, kCall, kRaise}));
  table.apply(2, kRaise);
  CHECK_EQ(table.round_bet(2), 2);                            // completed to L + unit = 2
  CHECK_EQ(table.legal(0), actions({kFold, kCall, kRaise}));  // a full raise reopens
}

TEST_CASE(badugi_all_in_pre_draw_returns_the_uncovered_excess) {
  // docs/rulebook/badugi.md 2.7 BV2: A (dealer, 5 chips) and B (195) post 1 and 2; A raises
  // to 4, B to 6; A can only call all-in (total 5) or fold; B's uncovered 1 comes back and
  // the pot is 10; a tie gives 5 each.
  const Chips stacks[] = {5, 195};
  Table table(2, stacks);
  table.start_hand();
  table.post(0, 1);
  table.post(1, 2);
  table.start_round(2, 4, 2);
  CHECK_EQ(table.legal(0), actions({kFold, kCall, kRaise}));
  table.apply(0, kRaise);
  CHECK_EQ(table.round_bet(0), 4);
  table.apply(1, kRaise);
  CHECK_EQ(table.round_bet(1), 6);
  CHECK_EQ(table.legal(0), actions({kFold, kCall}));
  table.apply(0, kCall);
  CHECK(table.all_in(0));
  CHECK_EQ(table.round_bet(0), 5);
  CHECK_EQ(table.next_to_act(1), -1);
  table.end_round();
  CHECK_EQ(table.pot(), 10);
  CHECK_EQ(table.stack(1), 190);
  const int strength[] = {7, 7};
  const int odd_chip_order[] = {1, 0};  // the big blind first
  Chips won[2];
  table.award(strength, odd_chip_order, won);
  CHECK_EQ(won[0], 5);
  CHECK_EQ(won[1], 5);
  CHECK_EQ(table.stack(0), 5);
  CHECK_EQ(table.stack(1), 195);
  CHECK_EQ(table.pot(), 0);
}

TEST_CASE(a_blind_all_in_leaves_nothing_to_bet) {
  // docs/rulebook/badugi.md 2.6 R-6: the small blind has 1 chip and posts it; the big blind's
  // uncovered 1 is returned, so the pot is 2, and nobody acts.
  const Chips stacks[] = {1, 100};
  Table table(2, stacks);
  table.start_hand();
  table.post(0, 1);
  table.post(1, 2);
  table.start_round(2, 4, 2);
  CHECK_EQ(table.next_to_act(0), -1);
  table.end_round();
  CHECK_EQ(table.pot(), 2);
  CHECK_EQ(table.stack(1), 99);
}

TEST_CASE(chips_nobody_matched_go_back) {
  const Chips stacks[] = {100, 100, 100};
  Table table(3, stacks);
  table.start_hand();
  for (int s = 0; s < 3; ++s) table.post(s, 1);  // antes
  table.start_round(2, 4);
  table.apply(0, kBet);
  table.apply(1, kFold);
  table.apply(2, kFold);
  CHECK_EQ(table.num_active(), 1);
  table.end_round();
  CHECK_EQ(table.round_bet(0), 0);  // his bet came back; the antes stay
  CHECK_EQ(table.pot(), 3);
  table.award_uncontested();
  CHECK_EQ(table.pot(), 0);
  CHECK_EQ(table.stack(0), 102);
  CHECK_EQ(total_chips(table), 300);
}

TEST_CASE(side_pots_go_to_different_winners) {
  // A (10 chips) bets all-in short of the unit, B (30) raises all-in, C (50) can only call
  // (everyone else is all-in). The main pot (3 x 10) is A's, the best hand; the side pot
  // (2 x 20) is B's, the best hand eligible for it.
  const Chips stacks[] = {10, 30, 50};
  Table table(3, stacks);
  table.start_hand();
  table.start_round(100, 4);
  table.apply(0, kBet);
  CHECK(table.all_in(0));
  table.apply(1, kRaise);
  CHECK(table.all_in(1));
  CHECK_EQ(table.legal(2), actions({kFold, kCall}));  // nobody left to raise against
  table.apply(2, kCall);
  CHECK_EQ(table.next_to_act(0), -1);
  table.end_round();
  CHECK_EQ(table.pot(), 70);
  const int strength[] = {3, 2, 1};
  const int odd_chip_order[] = {1, 2, 0};
  Chips won[3];
  table.award(strength, odd_chip_order, won);
  CHECK_EQ(won[0], 30);
  CHECK_EQ(won[1], 40);
  CHECK_EQ(won[2], 0);
  CHECK_EQ(table.stack(0), 30);
  CHECK_EQ(table.stack(1), 40);
  CHECK_EQ(table.stack(2), 20);
  CHECK_EQ(total_chips(table), 90);
}

TEST_CASE(a_folded_players_chips_join_the_pot_of_the_next_active_level) {
  // D put in 20 and folded: 10 of it is in the main pot (up to A's 10), 10 in the side pot
  // up to 30. His hand, the best, wins nothing.
  const Chips stacks[] = {10, 30, 50, 50};
  Table table(4, stacks);
  table.start_hand();
  table.post(0, 10);
  table.post(1, 30);
  table.post(2, 30);
  table.post(3, 20);
  table.leave(3);
  const int strength[] = {3, 2, 1, 9};
  const int odd_chip_order[] = {1, 2, 3, 0};
  Chips won[4];
  table.award(strength, odd_chip_order, won);
  CHECK_EQ(won[0], 40);  // 4 x 10
  CHECK_EQ(won[1], 50);  // B, C 20 each and D's other 10
  CHECK_EQ(won[2], 0);
  CHECK_EQ(won[3], 0);
  CHECK_EQ(total_chips(table), 140);
}

TEST_CASE(choke_odd_chips_go_in_deal_order_not_seat_order) {
  // docs/rulebook/buh.md 1.7 #2: odd chips one at a time to the choked players in deal
  // order from the dealer's left. Seat order would give the odd chips to other seats in
  // every case but the rules' own example (the third).
  struct Choke {
    const char* what;
    int players, dealer;
    std::vector<Chips> put_in;  // chips each seat put in
    std::vector<int> strength;  // -1: folded
    std::vector<Chips> won;
  };
  const Choke chokes[] = {
      {"3 players, dealer 0 (deal order 1 2 0): seats 2 and 0 split 5, seat 2 gets the odd chip",
       3,
       0,
       {2, 1, 2},
       {5, -1, 5},
       {2, 0, 3}},
      {"4 players, dealer 1 (deal order 2 3 0 1): seats 0, 1 and 3 split 14, seats 3 and 0 get "
       "the two odd chips",
       4,
       1,
       {4, 4, 2, 4},
       {5, 5, -1, 5},
       {5, 4, 0, 5}},
      {"docs/rulebook/buh.md 1.7 #2's example: 8 players, dealer seat 0, seats 7, 1 and 4 choke a "
       "pot of 25: 8 each, the odd chip to seat 1",
       8,
       0,
       {2, 5, 2, 2, 5, 2, 2, 5},
       {-1, 4, -1, -1, 4, -1, -1, 4},
       {0, 9, 0, 0, 8, 0, 0, 8}},
      {"3 players, dealer 1 (deal order 2 0 1): seats 1 and 2 split 5, seat 2 gets the odd chip",
       3,
       1,
       {1, 2, 2},
       {-1, 3, 3},
       {0, 2, 3}},
  };
  for (const Choke& c : chokes) {
    TRACE(c.what);
    const std::vector<Chips> stacks(static_cast<std::size_t>(c.players), 100);
    Table table(c.players, stacks.data());
    table.start_hand();
    for (int s = 0; s < c.players; ++s) {
      table.post(s, c.put_in[static_cast<std::size_t>(s)]);
      if (c.strength[static_cast<std::size_t>(s)] < 0) table.leave(s);
    }
    const std::vector<int> order = deal_order(c.players, c.dealer);
    std::vector<Chips> won(static_cast<std::size_t>(c.players));
    table.award(c.strength.data(), order.data(), won.data());
    CHECK_EQ(won, c.won);
    CHECK_EQ(total_chips(table), 100 * c.players);
  }
}

TEST_CASE(each_pots_odd_chips_are_assigned_separately) {
  // Dealer 0, deal order 1 2 0. Seat 0 is all-in for 3; seats 1 and 2 put in 6; seat 0 and
  // seat 2 choke for the best hand. Main pot 9 (seats 0 and 2): 4 each and the odd chip to
  // seat 2, first in deal order. Side pot 6 (seats 1 and 2): seat 2's.
  const Chips stacks[] = {3, 100, 100};
  Table table(3, stacks);
  table.start_hand();
  table.post(0, 3);
  table.post(1, 6);
  table.post(2, 6);
  const int strength[] = {5, 1, 5};
  const std::vector<int> order = deal_order(3, 0);
  Chips won[3];
  table.award(strength, order.data(), won);
  CHECK_EQ(won[0], 4);
  CHECK_EQ(won[1], 0);
  CHECK_EQ(won[2], 11);
}

TEST_CASE(a_new_table_has_no_seats_no_bets_and_nobody_folded_all_in_or_acted) {
  // The header is installed: a Table is usable before start_hand and start_round, and starts
  // empty, whatever the engines do with it.
  const Table empty;
  CHECK_EQ(empty.num_players(), 0);
  CHECK_EQ(empty.bets(), 0);
  const Chips stacks[] = {10, 10};
  const Table table(2, stacks);
  CHECK_EQ(table.bets(), 0);
  CHECK(!table.folded(0));
  CHECK(!table.all_in(0));
  CHECK(table.needs_action(0));                 // nobody has acted yet
  CHECK_EQ(table.legal(0), actions({kCheck}));  // no round yet, so no cap that allows a bet
}

TEST_CASE(blinds_over_a_cap_of_no_bets_leave_no_raise) {
  // The blinds count as the round's one bet; a cap below that allows no raise.
  const Chips stacks[] = {100, 100};
  Table table(2, stacks);
  table.start_hand();
  table.post(0, 1);
  table.post(1, 2);
  table.start_round(2, 0, 2);
  CHECK_EQ(table.legal(0), actions({kFold, kCall}));
}

TEST_CASE(a_seat_left_with_chips_by_the_returned_excess_is_not_all_in) {
  // A bets his whole stack of 4; B calls all-in for 3; A's unmatched chip comes back.
  const Chips stacks[] = {4, 3};
  Table table(2, stacks);
  table.start_hand();
  table.start_round(4, 4);
  table.apply(0, kBet);
  CHECK(table.all_in(0));
  table.apply(1, kCall);
  table.end_round();
  CHECK_EQ(table.stack(0), 1);
  CHECK(!table.all_in(0));
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }

TEST_CASE(why_illegal_says_what_the_table_knows) {
  const Chips stacks[] = {100, 100};
  Table table(2, stacks);
  table.start_hand();
  table.start_round(1, 2);
  CHECK_EQ(table.why_illegal(0, kFold), std::string("nothing is owed, so there is nothing to fold to: check"));
  CHECK_EQ(table.why_illegal(0, kCall), std::string("there is no bet to call: check or bet"));
  CHECK_EQ(table.why_illegal(0, kRaise), std::string("there is no bet to raise: bet"));
  CHECK_EQ(table.why_illegal(0, kCheck), std::string());  // legal
  table.apply(0, kBet);
  CHECK_EQ(table.why_illegal(1, kCheck), std::string("facing a bet you cannot check: call, raise or fold"));
  CHECK_EQ(table.why_illegal(1, kBet), std::string("a bet is already in: raise it, call or fold"));
  CHECK_EQ(table.why_illegal(0, kCheck), std::string());  // not to act: not the table's to say
  table.apply(1, kRaise);                                 // the cap: one bet and one raise
  CHECK_EQ(table.why_illegal(0, kRaise), std::string("the betting is capped: 2 bets and raises this round"));
  CHECK_EQ(table.why_illegal(0, 99), std::string());  // not a betting action: not the table's to say
}
