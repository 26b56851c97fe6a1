#include "cardcore/games/buh/policy.hpp"

#include <iterator>
#include <utility>

#include "cardcore/eval/buh.hpp"
#include "cardcore/games/draw.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::buh {

namespace {

// The evaluator of one house rule setting as the plain functions a DrawGame holds.
template <int kRules>
int strength_under(Mask hand) {
  return buh::strength(hand, Rules::of_index(kRules));
}
template <int kRules>
int class_under(Mask hand) {
  return static_cast<int>(buh::analyze(hand, Rules::of_index(kRules)).hand_class);
}

template <int... kRules>
void describe_draw_games(odds::DrawGame* games, std::integer_sequence<int, kRules...>) {
  ((games[kRules].strength = strength_under<kRules>, games[kRules].hand_class = class_under<kRules>,
    games[kRules].num_strengths = num_strengths(Rules::of_index(kRules))),
   ...);
}

}  // namespace

// Buh for the draw odds: one draw of 0-2 cards, or 3 when the card kept is an ace (a granny,
// docs/rulebook/buh.md 1.3 #9); the strengths and classes are evaluate's under the rules.
// The rule-based discard does not depend on them.
const odds::DrawGame& draw_game(Rules rules) {
  static odds::DrawGame games[Rules::kNumSettings];
  static const bool described = [] {
    describe_draw_games(games, std::make_integer_sequence<int, Rules::kNumSettings>());
    for (odds::DrawGame& game : games) {
      game.what = "a Buh hand";
      game.max_draws = 1;
      game.max_discard = 3;
      game.fewest_cards = 2;  // after deal 1 (1.3 #3)
      game.legal_discard = [](Mask hand, Mask discard) {
        return buh::is_legal_draw(hand, positions_of_cards(hand, discard));
      };
      game.rule_discard = buh::rule_based_discard;
      game.illegal_discard = "a draw throws 0 to 2 cards, or 3 (a granny) only when the card kept is an ace";
      game.class_names.assign(std::begin(kHandClassNames), std::end(kHandClassNames));
    }
    return true;
  }();
  (void)described;
  return games[rules.index()];
}

Mask rule_based_discard(Mask hand) {
  // Worst cards first: hooch, then normals above 5 from the highest down.
  unsigned throw_positions = 0;
  int position = 0;
  int order[4];
  for (Mask m = hand; m; m = clear_lowest(m)) order[position++] = lowest_bit(m);
  auto badness = [](int card) {
    const int rank = rank_of(card);
    if (rank >= kJack && rank <= kKing) return 100;  // hooch
    return rank == kAce ? 0 : rank + 2 > 5 ? rank + 2 : -1;
  };
  constexpr int kNone = 4;  // no card left worth throwing: a position past the hand's four
  for (int pass = 0; pass < 4; ++pass) {
    int worst = kNone;
    for (int i = 0; i < 4; ++i)
      if (!(throw_positions >> i & 1) && badness(order[i]) > 0 &&
          (worst == kNone || badness(order[i]) > badness(order[worst])))
        worst = i;
    if (worst == kNone) break;
    const unsigned next = throw_positions | 1u << worst;
    if (!is_legal_draw(hand, next)) break;
    throw_positions = next;
  }
  return cards_of_positions(hand, throw_positions);
}

int rule_based_action(const State& s, Rng&) {
  const int seat = s.current_player();
  const Mask hand = s.hand(seat);
  const ActionSet legal = s.legal_player_actions();
  if (legal.contains(kDeclare)) return kDeclare;
  if (legal.contains(kPass)) return kPass;
  if (s.phase() == Phase::kDraw)
    return kDrawBase + static_cast<int>(positions_of_cards(hand, rule_based_discard(hand)));
  // Thresholds on the hand's value by the number of cards held (2 to 4, in betting): the best
  // third or so of random hands of that size bet and raise, the best nine in ten call.
  constexpr int kRaiseAtMost[3] = {6, 8, 10};
  constexpr int kCallAtMost[3] = {14, 17, 19};
  const Analysis info = analyze(hand);
  const int row = popcount(hand) - 2;                 // the thresholds of 2, 3 or 4 cards
  const int value = info.is_skunk ? 99 : info.value;  // four hooch: the worst hand
  auto first = [&](std::initializer_list<int> choices) {
    for (int a : choices)
      if (legal.contains(a)) return a;
    return -1;
  };
  if (value <= kRaiseAtMost[row]) {
    const int a = first({betting::kRaise, betting::kBet, betting::kCall, betting::kCheck});
    if (a >= 0) return a;
  }
  if (value <= kCallAtMost[row]) return first({betting::kCheck, betting::kCall});
  return first({betting::kCheck, betting::kFold});
}

}  // namespace cardcore::buh

// The random policy of the spec's table (games/spec.hpp).
template int cardcore::random_action<cardcore::buh::State>(const cardcore::buh::State& state, cardcore::Rng& rng);
