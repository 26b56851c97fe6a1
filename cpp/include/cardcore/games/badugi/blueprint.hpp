// Badugi's abstraction for MCCFR and the blueprint policy trained with it (docs/solve.md,
// "The Badugi abstraction"). A decision's bucket is what the player knows, coarsened and
// suit-free: the betting round, his seat, a class of his own hand, this round's betting
// actions, a class of the pot at the round's start, who bet last the round before, the
// opponent's last draw count, and the legal actions. The draws are not learnt: the
// abstraction fixes them to the rule-based player's draw (policy.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cardcore/games/badugi/state.hpp"
#include "cardcore/solve/mccfr.hpp"

namespace cardcore::badugi {

// The features of a player's decision that the abstraction keeps.
struct Features {
  int round = 0;           // betting round 0-3 (at a draw: the draw's index)
  bool draw = false;       // a draw decision
  bool dealer = false;     // the player is the dealer
  int size = 0;            // cards in his best Badugi subset, 1-4
  int high = 0;            // class of that subset's highest rank (by size: see blueprint.cpp)
  int second = 0;          // class of its second rank (4-card hands; 0 otherwise)
  int pot = 0;             // class of the pot at the round's start (0 pre-draw)
  int aggressor = 0;       // the last bet or raise of the round before: 0 none, 1 his, 2 the opponent's
  int opponent_drew = -1;  // cards the opponent drew at the last draw (-1 before the first)
  std::string sequence;    // this round's betting actions: f x c b r (fold check call bet raise)
  unsigned legal = 0;      // bit a for each legal betting action a
};

// The features of the decision of `player`, who is to act at `state`.
Features features(const State& state, int player);

class BlueprintAbstraction final : public solve::Abstraction<State> {
 public:
  std::string name() const override { return "badugi-v1"; }
  std::uint64_t bucket(const State& state, int player) const override;
  // The features as text: "r2 dealer 4-card 8/4-5 pot 5-8 aggr opp drew 1 seq xb legal fcr".
  std::string key(const State& state, int player, std::uint64_t bucket) const override;
  // The rule-based draw at a draw decision; -1 at a betting decision.
  int fixed_action(const State& state, int player) const override;
  // The player's place: 0 the dealer, 1 the big blind. A run of the default configuration,
  // whose seat 0 deals, learns each place's sets as that seat's; the blueprint plays them in
  // whichever seat the button puts the place.
  int table_player(const State& state, int player) const override { return player == state.dealer() ? 0 : 1; }
};

// The blueprint's file (docs/solve.md, "The Badugi blueprint"), read at its first use; the
// Python package sets it at import. blueprint_action (the spec's "blueprint" policy) throws
// std::invalid_argument when it is unset, absent or not a blueprint of BlueprintAbstraction.
void set_blueprint_path(const std::string& path);

// The blueprint policy's probability of each legal action of the player to act at `state`
// (a decision, not a chance node): what blueprint_action draws from.
std::vector<std::pair<int, double>> blueprint_probabilities(const State& state);

}  // namespace cardcore::badugi
