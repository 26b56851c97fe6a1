// Draw odds, discard advice and showdown equity for the four-card draw games
// (docs/odds.md). Nothing here names a game: a game describes itself with a DrawGame (its
// strength table, how many draws a hand has, which discards are legal and which one its
// rule-based policy makes), and its bindings build one.
//
// Every question is answered over the unseen cards, the deck less every hand in play and
// the dead cards. Replacements come from them, uniformly; the cards thrown in a draw never
// come back. A hand of fewer than four cards (a game's partial hand, or none at all: a random
// hand) is dealt the rest from them before the first draw, and a range is one of its hands,
// each equally likely among those that share no card with the rest. Two ways of answering:
// - exact: every possible replacement is enumerated, each leaf weighted by the product of
//   1/C(n, k) of the draws on its path (draw_distribution counts in integers);
// - Monte Carlo: sample i draws its replacements with its own generator of (seed, i), so
//   the tally, kept in integers, is the same whatever the thread count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "cardcore/core/cards.hpp"

namespace cardcore::odds {

inline constexpr int kHandSize = 4;
inline constexpr int kMaxPlayers = 8;
// A pot share in whole units: divisible by every number of split winners 1-8.
inline constexpr std::int64_t kShareUnits = 840;

struct DrawGame {
  std::string what;  // a hand in messages: "a Badugi hand"
  int num_strengths = 0;
  int max_draws = 0;                                         // the most draws a hand has left (before the first draw)
  int max_discard = 0;                                       // the most cards one legal discard throws
  int fewest_cards = 4;                                      // the fewest cards a hand in play holds (Buh: 2)
  int (*strength)(Mask hand) = nullptr;                      // 1 .. num_strengths, higher wins
  bool (*legal_discard)(Mask hand, Mask discard) = nullptr;  // discard is a subset of hand
  Mask (*rule_discard)(Mask hand) = nullptr;                 // the rule-based policy's draw
  std::string illegal_discard;                               // why a discard can be illegal, for messages
  int (*hand_class)(Mask hand) = nullptr;                    // an index into class_names
  std::vector<std::string> class_names;                      // the names the game's evaluate uses

  // The strength and the rule-based draw (as 4-bit positions in the hand) of every
  // four-card hand by colex index, built on first use.
  const std::uint16_t* strengths() const;
  const std::uint8_t* rule_positions() const;
  // Both at once, strength | positions << kRuleShift (a strength has at most 11 bits): one
  // lookup a hand in a table half the size of two, for Monte Carlo.
  static constexpr int kRuleShift = 11;
  const std::uint16_t* strength_and_rule() const;
  // The class of each strength 0 .. num_strengths (a class is a function of the strength;
  // the build checks it); strength 0 is no hand and has class 0.
  const std::vector<std::uint8_t>& class_of_strength() const;

 private:
  void build() const;
  mutable std::once_flag built_;
  mutable std::vector<std::uint16_t> strength_by_colex_;
  mutable std::vector<std::uint8_t> rule_by_colex_;
  mutable std::vector<std::uint16_t> both_by_colex_;
  mutable std::vector<std::uint8_t> class_of_strength_;
};

// Throws std::invalid_argument unless `hand` holds game.fewest_cards to 4 cards.
void check_held(const DrawGame& game, Mask hand);

// Whether `discard` (a subset of `hand`) is legal at the draw whatever cards of `unseen`
// complete the hand to four first.
bool is_legal_discard(const DrawGame& game, Mask hand, Mask discard, Mask unseen);

// Throws std::invalid_argument unless `discard` is a legal discard of `hand` (check_held;
// fewer than four cards: whatever completes it), `dead` shares no card with it and enough
// cards are unseen to complete the hand and replace the discard.
void check_draw(const DrawGame& game, Mask hand, Mask discard, Mask dead);

// counts[s] = the number of sets of new cards (of C(n, k), n the unseen cards, k the cards
// dealt to complete the hand plus the discard's size) after which the hand has strength s;
// counts has num_strengths + 1 entries (counts[0] stays 0). Returns C(n, k).
std::uint64_t draw_distribution(const DrawGame& game, Mask hand, Mask discard, Mask dead, std::uint64_t* counts);

// Hands that all stay in to the showdown. Hand p is `hands[p]`: four cards, or
// game.fewest_cards or more, or none (a random hand), dealt the rest before the first draw;
// or, when `ranges[p]` is not empty (and hands[p] is), one of its four-card hands, each
// equally likely among those that share no card with the dead cards or the other hands
// (whose own ranges' hands are chosen jointly, every compatible choice equally likely).
// Each hand then draws `draws_left` times: at the next draw by `first_discards[i]` when
// `has_first[i]`, otherwise (and at later draws) by the rule-based policy, in seat order
// within a draw.
struct Showdown {
  int players = 0;
  Mask hands[kMaxPlayers]{};
  std::vector<Mask> ranges[kMaxPlayers];
  Mask first_discards[kMaxPlayers]{};
  bool has_first[kMaxPlayers]{};
  Mask dead = 0;
  int draws_left = 0;
};

// Throws std::invalid_argument for too few or too many hands, hands of a size the game does
// not hold, shared cards, a range with no hand left (or ranges with no choice that shares no
// card), illegal first discards, draws_left out of range, or too few unseen cards for the
// most the deals and draws may take. Returns the showdown with each range's hands that
// share a card with the dead cards or a known hand removed.
Showdown checked_showdown(const DrawGame& game, const Showdown& showdown);

struct ExactResult {
  bool done = false;             // false: the enumeration passed its leaf budget
  std::vector<double> shares;    // each player's expected pot share
  std::vector<double> strength;  // P(player 0 ends with strength s), s = 0 .. num_strengths
};

// Enumerates every replacement (and every choice of the ranges' hands, each such showdown
// weighted alike); gives up (done = false) after `max_leaves` showdowns.
// Heads-up with one draw left and both hands drawing, it counts by inclusion-exclusion over
// the cards both draws could take (draw.cpp), in about (C(n, d0) + C(n, d1)) * 16 steps
// whatever the draws: exact even when both hands draw four.
ExactResult exact_showdown(const DrawGame& game, const Showdown& showdown, std::int64_t max_leaves);

// Knuth's estimate of the number of showdowns exact_showdown enumerates (heads-up with one
// draw left and both drawing, the exact count of its steps instead): the mean over
// `paths` random paths (path i drawn with Rng(seed, i)) of the product of the number of
// possible replacements C(n, k) at each deal and draw along it, times the product of the
// ranges' sizes (a bound on their choices). Cheap; unbiased without ranges.
double estimate_leaves(const DrawGame& game, const Showdown& showdown, int paths, std::uint64_t seed);

struct MonteCarloResult {
  std::int64_t samples = 0;
  std::vector<std::int64_t> share_sum;     // per player, in kShareUnits
  std::vector<std::int64_t> share_square;  // per player, sum of squared shares (units^2)
  std::vector<std::int64_t> strength;      // player 0's final strength counts
};

// `samples` showdowns, sample i drawn with its own generator of (seed, i), on `threads` threads.
MonteCarloResult monte_carlo_showdown(const DrawGame& game, const Showdown& showdown, std::int64_t samples,
                                      std::uint64_t seed, int threads);

// The baseline of bench/odds.py: for i < n, compares strength(a[i]) with strength(b[i])
// and returns the number of wins of a minus wins of b (two lookups and a compare a sample).
std::int64_t raw_showdown_loop(const DrawGame& game, const Mask* a, const Mask* b, std::size_t n);

}  // namespace cardcore::odds
