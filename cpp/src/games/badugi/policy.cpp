#include "cardcore/games/badugi/policy.hpp"

#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/draw.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::badugi {

// Badugi for the draw odds: three draws, any discard of 0-4 cards, the classes by the number
// of cards that play (docs/rulebook/badugi.md 2.5).
const odds::DrawGame& draw_game() {
  static odds::DrawGame game;
  static const bool described = [] {
    game.what = "a Badugi hand";
    game.num_strengths = badugi::kNumStrengths;
    game.max_draws = 3;
    game.max_discard = 4;
    game.strength = badugi::strength;
    game.legal_discard = [](Mask, Mask) { return true; };
    game.rule_discard = badugi::rule_based_discard;
    game.illegal_discard = "any 0 to 4 cards may be thrown";
    game.hand_class = [](Mask hand) { return badugi::analyze(hand).size - 1; };
    game.class_names = {"1-card", "2-card", "3-card", "4-card"};
    return true;
  }();
  (void)described;
  return game;
}

Mask rule_based_discard(Mask hand) { return hand & ~analyze(hand).cards; }

int rule_based_draw(const State& s) {
  const Mask hand = s.hand(s.current_player());
  return kDrawBase + static_cast<int>(positions_of_cards(hand, rule_based_discard(hand)));
}

int rule_based_action(const State& s, Rng&) {
  if (s.phase() == Phase::kDraw) return rule_based_draw(s);
  const Analysis best = analyze(s.hand(s.current_player()));
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

// The random policy of the spec's table (games/spec.hpp).
template int cardcore::random_action<cardcore::badugi::State>(const cardcore::badugi::State& state, cardcore::Rng& rng);
