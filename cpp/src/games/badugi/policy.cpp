#include "cardcore/games/badugi/policy.hpp"

#include "cardcore/eval/badugi.hpp"

namespace cardcore::badugi {

Mask rule_based_discard(Mask hand) { return hand & ~analyze(hand).cards; }

int rule_based_action(const State& s) {
  const int seat = s.current_player();
  const Mask hand = s.hand(seat);
  const Analysis best = analyze(hand);
  if (s.phase() == Phase::kDraw) return kDrawBase + static_cast<int>(positions_of_cards(hand, hand & ~best.cards));
  const ActionSet legal = s.legal_player_actions();
  auto first = [&](std::initializer_list<int> choices) {
    for (int a : choices)
      if (legal.contains(a)) return a;
    return -1;
  };
  const bool strong = best.size == 4 && best.ranks[0] <= 10;
  const bool playable = best.size == 4 || (best.size == 3 && (best.ranks[0] <= 6 || s.round() == 0));
  if (strong) {
    const int a = first({betting::kRaise, betting::kBet, betting::kCall, betting::kCheck});
    if (a >= 0) return a;
  }
  if (playable) return first({betting::kCheck, betting::kCall});
  return first({betting::kCheck, betting::kFold});
}

}  // namespace cardcore::badugi
