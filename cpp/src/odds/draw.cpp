#include "cardcore/odds/draw.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/bits.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rng.hpp"

namespace cardcore::odds {
namespace {

// The cards of `hand` at the 4-bit `positions` (bit i: the i-th lowest card).
inline Mask cards_at(Mask hand, unsigned positions) {
  Mask cards = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (positions >> i & 1) cards |= hand & (~hand + 1);  // hand & -hand: its lowest card
  return cards;
}

// cards_at for a four-card hand, without branches.
inline Mask cards_at4(Mask hand, unsigned positions) {
  Mask cards = 0;
  for (int i = 0; i < 4; ++i, hand = clear_lowest(hand))
    cards |= hand & (~hand + 1) & (Mask{0} - (positions >> i & 1));  // the lowest card, if picked
  return cards;
}

// The 4-bit positions in `hand` of `cards` (a subset of it).
inline unsigned positions_in(Mask hand, Mask cards) {
  unsigned positions = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (cards & hand & (~hand + 1)) positions |= 1u << i;
  return positions;
}

inline std::uint32_t colex4(Mask hand) {
  bool valid;
  return colex_index<4>(hand, valid);
}

// The generator of Monte Carlo sample i: splitmix64 (a full-period generator that passes
// BigCrush) started at a pseudo-random point, mix(seed's hash + i * gamma), so that samples'
// streams are independent and a sample's cards depend on the seed and i alone. Cheaper to
// start than Rng's four words, which matters at one start a sample.
class SampleRng {
 public:
  SampleRng() = default;
  // `hashed` is hash(seed) (the same for every sample of a run, so computed once).
  SampleRng(std::uint64_t hashed, std::uint64_t sample) {
    std::uint64_t at = hashed + sample * 0x9E3779B97F4A7C15ull;
    state_ = splitmix64(at);
  }
  static std::uint64_t hash(std::uint64_t seed) {
    std::uint64_t base = seed ^ 0x6A09E667F3BCC909ull;  // keeps seed 0 away from state 0
    return splitmix64(base);
  }
  std::uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, bound) (Lemire's multiply-shift with rejection, as Rng::below).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = (next() >> 32) * bound;
    if (static_cast<std::uint32_t>(m) < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (static_cast<std::uint32_t>(m) < threshold) m = (next() >> 32) * bound;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  std::uint64_t state_ = 0;
};

std::string cards_text(Mask cards) { return cards ? format_cards(cards) : std::string("no cards"); }

// Calls visit(drawn) for every k-subset of the n cards `bit` (k <= 4), as a mask, until
// visit returns false; returns false then.
template <class Visit>
bool each_subset(const Mask* bit, int n, int k, Visit visit) {
  if (k > n) return true;
  int index[kHandSize];
  for (int i = 0; i < k; ++i) index[i] = i;
  while (true) {  // every k-subset, as increasing indices
    Mask drawn = 0;
    for (int i = 0; i < k; ++i) drawn |= bit[index[i]];
    if (!visit(drawn)) return false;
    int i = k - 1;
    while (i >= 0 && index[i] == n - k + i) --i;
    if (i < 0) return true;
    ++index[i];
    for (int j = i + 1; j < k; ++j) index[j] = index[j - 1] + 1;
  }
}

// The cards of `cards` one bit each, lowest first; returns how many.
int bits_of(Mask cards, Mask* bit) {
  int n = 0;
  for (; cards; cards = clear_lowest(cards)) bit[n++] = cards & (~cards + 1);
  return n;
}

}  // namespace

void DrawGame::build() const {
  std::call_once(built_, [this] {
    if (num_strengths >= 1 << kRuleShift) throw std::logic_error(what + ": too many strengths for the odds tables");
    strength_by_colex_.resize(kNumHands4);
    rule_by_colex_.resize(kNumHands4);
    both_by_colex_.resize(kNumHands4);
    std::vector<int> classes(num_strengths + 1, -1);
    for (std::uint32_t i = 0; i < kNumHands4; ++i) {
      const Mask hand = mask_from_colex<4>(i);
      strength_by_colex_[i] = static_cast<std::uint16_t>(strength(hand));
      const Mask discard = rule_discard(hand);
      if ((discard & ~hand) || !legal_discard(hand, discard))
        throw std::logic_error(what + ": the rule-based draw of " + format_cards(hand) + " is not legal");
      rule_by_colex_[i] = static_cast<std::uint8_t>(positions_in(hand, discard));
      both_by_colex_[i] = static_cast<std::uint16_t>(strength_by_colex_[i] | rule_by_colex_[i] << kRuleShift);
      int& known = classes[strength_by_colex_[i]];
      const int c = hand_class(hand);
      if (known >= 0 && known != c)
        throw std::logic_error(what + ": hands of one strength in two classes (" + format_cards(hand) + ")");
      known = c;
    }
    class_of_strength_.assign(num_strengths + 1, 0);
    for (int s = 1; s <= num_strengths; ++s) class_of_strength_[s] = static_cast<std::uint8_t>(classes[s]);
  });
}

const std::uint16_t* DrawGame::strengths() const {
  build();
  return strength_by_colex_.data();
}

const std::vector<std::uint8_t>& DrawGame::class_of_strength() const {
  build();
  return class_of_strength_;
}

const std::uint16_t* DrawGame::strength_and_rule() const {
  build();
  return both_by_colex_.data();
}

const std::uint8_t* DrawGame::rule_positions() const {
  build();
  return rule_by_colex_.data();
}

void check_held(const DrawGame& game, Mask hand) {
  check_mask(hand);
  const int n = popcount(hand);
  if (n >= game.fewest_cards && n <= kHandSize) return;
  if (game.fewest_cards == kHandSize) throw_bad_hand(hand, kHandSize, game.what);
  throw std::invalid_argument(game.what + " needs " + std::to_string(game.fewest_cards) + " to " +
                              std::to_string(kHandSize) + " cards, got " + std::to_string(n) +
                              (hand ? " (" + format_cards(hand) + ")" : std::string()));
}

bool is_legal_discard(const DrawGame& game, Mask hand, Mask discard, Mask unseen) {
  if (discard & ~hand) return false;
  Mask bit[kDeckSize];
  const int n = bits_of(unseen & ~hand, bit);
  const int missing = kHandSize - popcount(hand);
  if (missing > n) return game.legal_discard(hand, discard);  // too few unseen: check_draw says so
  return each_subset(bit, n, missing, [&](Mask dealt) { return game.legal_discard(hand | dealt, discard); });
}

void check_draw(const DrawGame& game, Mask hand, Mask discard, Mask dead) {
  check_held(game, hand);
  check_mask(discard);
  check_mask(dead);
  if (discard & ~hand)
    throw std::invalid_argument("the discard " + format_cards(discard) + " is not in the hand " + format_cards(hand) +
                                " (" + cards_text(discard & ~hand) + " not held)");
  if (dead & hand) throw std::invalid_argument("the dead cards and the hand share " + format_cards(dead & hand));
  if (!is_legal_discard(game, hand, discard, kDeckMask & ~dead))
    throw std::invalid_argument(
        "discarding " + cards_text(discard) + " from " + format_cards(hand) + " is not a legal draw" +
        (popcount(hand) < kHandSize ? " whatever completes the hand: " : ": ") + game.illegal_discard);
  const int unseen = kDeckSize - popcount(hand | dead), needed = kHandSize - popcount(hand & ~discard);
  if (needed > unseen)
    throw std::invalid_argument("too few unseen cards: drawing " + std::to_string(needed) + " needs " +
                                std::to_string(needed) + ", but only " + std::to_string(unseen) + " are unseen");
}

std::uint64_t draw_distribution(const DrawGame& game, Mask hand, Mask discard, Mask dead, std::uint64_t* counts) {
  check_draw(game, hand, discard, dead);
  const std::uint16_t* table = game.strengths();
  for (int s = 0; s <= game.num_strengths; ++s) counts[s] = 0;
  const Mask kept = hand & ~discard;
  Mask bit[kDeckSize];
  const int n = bits_of(kDeckMask & ~(hand | dead), bit);
  std::uint64_t total = 0;
  // One loop a new card, each starting after the previous one (k <= 4).
  switch (kHandSize - popcount(kept)) {
    case 0:
      ++counts[table[colex4(kept)]];
      return 1;
    case 1:
      for (int a = 0; a < n; ++a) ++counts[table[colex4(kept | bit[a])]];
      return static_cast<std::uint64_t>(n);
    case 2:
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b, ++total) ++counts[table[colex4(kept | bit[a] | bit[b])]];
      return total;
    case 3:
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
          const Mask ab = kept | bit[a] | bit[b];
          for (int c = b + 1; c < n; ++c, ++total) ++counts[table[colex4(ab | bit[c])]];
        }
      return total;
    default:
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
          for (int c = b + 1; c < n; ++c) {
            const Mask abc = bit[a] | bit[b] | bit[c];
            for (int d = c + 1; d < n; ++d, ++total) ++counts[table[colex4(abc | bit[d])]];
          }
      return total;
  }
}

namespace {

// Calls visit(hands) for every choice of one hand from each range of `s` (the other hands
// as they are) that shares no card, until visit returns false; returns false then.
template <class Visit>
bool each_choice(const Showdown& s, Mask* hands, int player, Mask used, Visit& visit) {
  if (player == s.players) return visit(static_cast<const Mask*>(hands));
  if (s.ranges[player].empty()) return each_choice(s, hands, player + 1, used, visit);
  for (const Mask hand : s.ranges[player]) {
    if (hand & used) continue;
    hands[player] = hand;
    if (!each_choice(s, hands, player + 1, used | hand, visit)) return false;
  }
  hands[player] = 0;
  return true;
}

template <class Visit>
bool each_choice(const Showdown& s, Visit visit) {
  Mask hands[kMaxPlayers], used = s.dead;
  for (int p = 0; p < s.players; ++p) hands[p] = s.hands[p], used |= s.hands[p];
  return each_choice(s, hands, 0, used, visit);
}

bool has_ranges(const Showdown& s) {
  for (int p = 0; p < s.players; ++p)
    if (!s.ranges[p].empty()) return true;
  return false;
}

}  // namespace

Showdown checked_showdown(const DrawGame& game, const Showdown& given) {
  Showdown s = given;
  if (s.players < 1 || s.players > kMaxPlayers)
    throw std::invalid_argument("expected 1 to " + std::to_string(kMaxPlayers) + " hands, got " +
                                std::to_string(s.players));
  if (s.draws_left < 0 || s.draws_left > game.max_draws)
    throw std::invalid_argument("draws_left must be 0 to " + std::to_string(game.max_draws) + ", got " +
                                std::to_string(s.draws_left));
  check_mask(s.dead);
  Mask seen = s.dead;
  for (int p = 0; p < s.players; ++p) {
    if (!s.ranges[p].empty()) {
      if (s.hands[p]) throw std::invalid_argument("hand " + std::to_string(p + 1) + " is given both cards and a range");
      for (const Mask hand : s.ranges[p]) check_hand(hand, kHandSize, game.what);
      continue;
    }
    if (s.hands[p]) check_held(game, s.hands[p]);  // no cards: a random hand
    if (s.hands[p] & seen)
      throw std::invalid_argument("hand " + std::to_string(p + 1) + " (" + format_cards(s.hands[p]) + ") shares " +
                                  format_cards(s.hands[p] & seen) + " with an earlier hand or the dead cards");
    seen |= s.hands[p];
  }
  for (int p = 0; p < s.players; ++p) {  // card removal: the hands that cannot be held
    std::vector<Mask>& range = s.ranges[p];
    if (range.empty()) continue;
    range.erase(std::remove_if(range.begin(), range.end(), [&](Mask hand) { return hand & seen; }), range.end());
    if (range.empty())
      throw std::invalid_argument("hand " + std::to_string(p + 1) +
                                  "'s range has no hand left without the dead cards and the known hands' cards");
  }
  if (each_choice(s, [](const Mask*) { return false; }))  // stops at the first choice
    throw std::invalid_argument("the ranges have no choice of hands that share no card");
  // The most cards the deals and draws may take: the cards that complete each hand, then
  // the next draw's (given, or the rule-based draw of a four-card hand; otherwise at most
  // max_discard), later ones at most max_discard a hand.
  int most = 0;
  for (int p = 0; p < s.players; ++p) {
    const int held = popcount(s.hands[p]);
    most += kHandSize - held;
    if (s.has_first[p]) {
      if (s.draws_left == 0)
        throw std::invalid_argument("a discard was given for hand " + std::to_string(p + 1) + " but no draw is left");
      if (!s.ranges[p].empty())
        throw std::invalid_argument("a discard was given for hand " + std::to_string(p + 1) + ", a range");
      check_draw(game, s.hands[p], s.first_discards[p], s.dead);
    }
    if (s.draws_left == 0) continue;
    const int first = s.has_first[p]      ? popcount(s.first_discards[p])
                      : held == kHandSize ? popcount(game.rule_discard(s.hands[p]))
                                          : game.max_discard;
    most += first + (s.draws_left - 1) * game.max_discard;
  }
  const int unseen = kDeckSize - popcount(seen);
  if (most > unseen)
    throw std::invalid_argument("too few unseen cards: the draws may take up to " + std::to_string(most) +
                                " cards, but only " + std::to_string(unseen) + " are unseen");
  return s;
}

namespace {

struct Exact {
  const DrawGame& game;
  const Showdown& s;
  const std::uint16_t* table;
  const std::uint8_t* rule;
  std::int64_t& leaves_left;
  ExactResult result;

  // The cards `player` keeps at round `draw` and how many it takes: round -1 deals the
  // cards that complete a hand, later rounds are draws.
  std::pair<Mask, int> take(const Mask* hands, int draw, int player) const {
    const Mask hand = hands[player];
    if (draw < 0) return {hand, kHandSize - popcount(hand)};
    const Mask discard =
        draw == 0 && s.has_first[player] ? s.first_discards[player] : cards_at(hand, rule[colex4(hand)]);
    return {hand & ~discard, popcount(discard)};
  }

  // Returns false once the leaf budget is spent.
  bool step(Mask* hands, Mask stock, int draw, int player, double weight) {
    if (player == s.players) {
      player = 0;
      ++draw;
    }
    if (draw == s.draws_left) return showdown(hands, weight);
    const Mask hand = hands[player];
    // Not a structured binding: a lambda below captures `kept`, which clang only allows from 16.
    const std::pair<Mask, int> taken = take(hands, draw, player);
    const Mask kept = taken.first;
    const int k = taken.second;
    if (k == 0) return step(hands, stock, draw, player + 1, weight);
    Mask bit[kDeckSize];
    const int n = bits_of(stock, bit);
    const double w = weight / static_cast<double>(kBinomial[k][n]);
    if (is_last_draw(hands, draw, player)) return last_draw(hands, player, kept, bit, n, k, w);
    const bool done = each_subset(bit, n, k, [&](Mask drawn) {
      hands[player] = kept | drawn;
      return step(hands, stock & ~drawn, draw, player + 1, w);
    });
    hands[player] = hand;
    return done;
  }

  // Whether no card is taken after this player's: the last round, and every later player
  // of it takes none.
  bool is_last_draw(const Mask* hands, int draw, int player) const {
    if (draw != s.draws_left - 1) return false;
    for (int q = player + 1; q < s.players; ++q)
      if (take(hands, draw, q).second) return false;
    return true;
  }

  // The showdowns of every k-card draw of `player` when nothing is drawn after it: the
  // other hands are final, so their best strength is found once.
  bool last_draw(const Mask* hands, int player, Mask kept, const Mask* bit, int n, int k, double w) {
    if ((leaves_left -= static_cast<std::int64_t>(kBinomial[k][n])) < 0) return false;
    int others_best = 0, others_at_best = 0;
    int strengths[kMaxPlayers];
    for (int p = 0; p < s.players; ++p) {
      if (p == player) continue;
      strengths[p] = table[colex4(hands[p])];
      if (strengths[p] > others_best) others_best = strengths[p], others_at_best = 0;
      others_at_best += strengths[p] == others_best;
    }
    // Count this player's draws that beat, tie or lose to the others' best; every draw has
    // weight w.
    std::int64_t wins = 0, ties = 0;
    const std::int64_t total = kBinomial[k][n];
    double* strength0 = player == 0 ? result.strength.data() : nullptr;
    auto visit = [&](Mask final) {
      const int v = table[colex4(final)];
      if (strength0) strength0[v] += w;
      wins += v > others_best;
      ties += v == others_best;
    };
    switch (k) {  // one loop a new card, each starting after the previous one
      case 1:
        for (int a = 0; a < n; ++a) visit(kept | bit[a]);
        break;
      case 2:
        for (int a = 0; a < n; ++a)
          for (int b = a + 1; b < n; ++b) visit(kept | bit[a] | bit[b]);
        break;
      case 3:
        for (int a = 0; a < n; ++a)
          for (int b = a + 1; b < n; ++b) {
            const Mask ab = kept | bit[a] | bit[b];
            for (int c = b + 1; c < n; ++c) visit(ab | bit[c]);
          }
        break;
      default:
        for (int a = 0; a < n; ++a)
          for (int b = a + 1; b < n; ++b)
            for (int c = b + 1; c < n; ++c) {
              const Mask abc = kept | bit[a] | bit[b] | bit[c];
              for (int d = c + 1; d < n; ++d) visit(abc | bit[d]);
            }
    }
    const std::int64_t losses = total - wins - ties;
    const double tie_share = w * static_cast<double>(ties) / (others_at_best + 1);
    result.shares[player] += w * static_cast<double>(wins) + tie_share;
    const double others_share = tie_share + w * static_cast<double>(losses) / others_at_best;
    for (int p = 0; p < s.players; ++p)
      if (p != player && strengths[p] == others_best) result.shares[p] += others_share;
    if (player != 0) result.strength[strengths[0]] += w * static_cast<double>(total);
    return true;
  }

  bool showdown(const Mask* hands, double weight) {
    if (--leaves_left < 0) return false;
    int strengths[kMaxPlayers], best = 0, winners = 0;
    for (int p = 0; p < s.players; ++p) {
      strengths[p] = table[colex4(hands[p])];
      if (strengths[p] > best) best = strengths[p], winners = 0;
      winners += strengths[p] == best;
    }
    const double share = weight / winners;
    for (int p = 0; p < s.players; ++p)
      if (strengths[p] == best) result.shares[p] += share;
    result.strength[strengths[0]] += weight;
    return true;
  }
};

}  // namespace

namespace {

// Heads-up with one draw left, each hand drawing its known discard: hand 0 draws a
// d0-subset D of the n unseen cards, hand 1 a d1-subset E, disjoint, each such pair equally
// likely. Enumerating the pairs costs C(n, d0) * C(n - d0, d1) showdowns (10^10 when both
// draw four); inclusion-exclusion on the cards the two draws share costs about
// (C(n, d0) + C(n, d1)) * 16 instead. As [D and E disjoint] = sum over S in D & E of
// (-1)^|S|, summing a pair's pot share over the disjoint pairs is
//   sum over S of (-1)^|S| * (sum of the share over the pairs with D and E both containing S),
// and the inner sum only needs, for each S, the sorted strengths of the draws that contain
// it, on either side: a merge counts the pairs hand 0 wins and ties. S has at most
// min(d0, d1) cards, since it lies in both draws.
class HeadsUpLastDraw {
 public:
  HeadsUpLastDraw(const DrawGame& game, const Showdown& s) : table_(game.strengths()) {
    const std::uint8_t* rule = game.rule_positions();
    for (int p = 0; p < 2; ++p) {
      const Mask hand = s.hands[p];
      const Mask discard = s.has_first[p] ? s.first_discards[p] : cards_at(hand, rule[colex4(hand)]);
      kept_[p] = hand & ~discard;
      draws_[p] = popcount(discard);
    }
    for (Mask m = kDeckMask & ~(s.hands[0] | s.hands[1] | s.dead); m; m = clear_lowest(m))
      bit_[n_++] = card_bit(lowest_bit(m));
    shared_ = std::min(draws_[0], draws_[1]);
  }

  // Whether both hands draw. When one stands pat, enumerating the other's draws is cheaper.
  bool both_draw() const { return shared_ > 0; }

  // The entries the two sides list, the measure of the work (estimate_leaves).
  std::int64_t work() const { return entries(draws_[0]) + entries(draws_[1]); }

  ExactResult solve(const DrawGame& game) const {
    const std::vector<std::uint64_t> side0 = list(0), side1 = list(1);
    ExactResult result;
    result.done = true;
    result.strength.assign(game.num_strengths + 1, 0.0);
    // units: 2 for a pair hand 0 wins, 1 for a split; the pairs of each S, signed.
    std::int64_t units = 0;
    std::size_t i = 0, j = 0;
    while (i < side0.size() && j < side1.size()) {
      const std::uint64_t key = side0[i] >> kStrengthBits;
      if ((side1[j] >> kStrengthBits) < key) {  // an S that only side 1's draws contain
        j = group_end(side1, j);
        continue;
      }
      const std::size_t end0 = group_end(side0, i), end1 = group_end(side1, j);
      if ((side1[j] >> kStrengthBits) == key) {
        const std::int64_t pairs = wins_and_splits(side0, i, end0, side1, j, end1);
        units += shared_cards(key) % 2 ? -pairs : pairs;
        j = end1;
      }
      if (key == 0)  // S empty: every draw of hand 0, its strength distribution
        for (std::size_t k = i; k < end0; ++k) result.strength[side0[k] & kStrengthMask] += 1;
      i = end0;
    }
    const double draws0 = static_cast<double>(kBinomial[draws_[0]][n_]);
    const double pairs = draws0 * static_cast<double>(kBinomial[draws_[1]][n_ - draws_[0]]);
    for (double& p : result.strength) p /= draws0;
    const double share0 = static_cast<double>(units) / (2 * pairs);
    result.shares = {share0, 1 - share0};
    return result;
  }

 private:
  // An entry: a set S of at most four unseen cards (its indices + 1, 6 bits each, lowest
  // first: 0 is the empty set) above the strength of a draw containing S.
  static constexpr int kStrengthBits = DrawGame::kRuleShift;
  static constexpr std::uint64_t kStrengthMask = (std::uint64_t{1} << kStrengthBits) - 1;

  std::int64_t entries(int k) const {
    std::int64_t subsets = 0;  // the subsets of a k-card draw with at most shared_ cards
    for (int size = 0; size <= shared_; ++size) subsets += kBinomial[size][k];
    return static_cast<std::int64_t>(kBinomial[k][n_]) * subsets;
  }

  // Every (S, strength) of side p, sorted: each draw of p with each of its subsets S.
  std::vector<std::uint64_t> list(int p) const {
    const int k = draws_[p];
    std::vector<std::uint64_t> out;
    out.reserve(static_cast<std::size_t>(entries(k)));
    int index[kHandSize];
    for (int i = 0; i < k; ++i) index[i] = i;
    while (true) {  // every k-subset of the unseen cards, as increasing indices
      Mask drawn = 0;
      for (int i = 0; i < k; ++i) drawn |= bit_[index[i]];
      const std::uint64_t strength = table_[colex4(kept_[p] | drawn)];
      for (unsigned chosen = 0; chosen < 1u << k; ++chosen) {  // chosen: which drawn cards are in S
        if (popcount(chosen) > shared_) continue;
        std::uint64_t key = 0;
        int field = 0;
        for (int i = 0; i < k; ++i)
          if (chosen >> i & 1) key |= static_cast<std::uint64_t>(index[i] + 1) << (6 * field++);
        out.push_back(key << kStrengthBits | strength);
      }
      int i = k - 1;
      while (i >= 0 && index[i] == n_ - k + i) --i;
      if (i < 0) break;
      ++index[i];
      for (int j = i + 1; j < k; ++j) index[j] = index[j - 1] + 1;
    }
    radix_sort(out);
    return out;
  }

  // Sorts entries (an S's 24 bits above a strength's 11) by three stable passes over 12 bits
  // each, lowest first (LSD radix sort): a pass is two linear sweeps, where std::sort takes
  // about log2(n) = 21 for the 2 million entries of a four-card draw.
  static void radix_sort(std::vector<std::uint64_t>& entries) {
    constexpr int kDigitBits = 12, kPasses = 3;
    static_assert(kPasses * kDigitBits >= 4 * 6 + kStrengthBits, "the passes cover every bit of an entry");
    constexpr std::uint64_t kDigitMask = (std::uint64_t{1} << kDigitBits) - 1;
    std::vector<std::uint64_t> buffer(entries.size());
    std::vector<std::size_t> start(std::size_t{1} << kDigitBits);
    for (int pass = 0; pass < kPasses; ++pass) {
      const int shift = pass * kDigitBits;
      std::fill(start.begin(), start.end(), 0);
      for (const std::uint64_t e : entries) ++start[e >> shift & kDigitMask];
      std::size_t at = 0;  // counts to starting positions
      for (std::size_t& bucket : start) at += std::exchange(bucket, at);
      for (const std::uint64_t e : entries) buffer[start[e >> shift & kDigitMask]++] = e;
      entries.swap(buffer);
    }
  }

  static std::size_t group_end(const std::vector<std::uint64_t>& side, std::size_t begin) {
    const std::uint64_t key = side[begin] >> kStrengthBits;
    std::size_t end = begin;
    while (end < side.size() && side[end] >> kStrengthBits == key) ++end;
    return end;
  }

  static int shared_cards(std::uint64_t key) {
    int size = 0;
    for (; key; key >>= 6) ++size;
    return size;
  }

  // Over the pairs of a group of side 0 and one of side 1 (strengths ascending): 2 for each
  // pair side 0 wins, 1 for each split.
  static std::int64_t wins_and_splits(const std::vector<std::uint64_t>& a, std::size_t a_begin, std::size_t a_end,
                                      const std::vector<std::uint64_t>& b, std::size_t b_begin, std::size_t b_end) {
    std::int64_t units = 0;
    std::size_t below = b_begin, up_to = b_begin;  // b[b_begin, below) < strength <= b[below, up_to)
    for (std::size_t i = a_begin; i < a_end; ++i) {
      const std::uint64_t strength = a[i] & kStrengthMask;
      while (below < b_end && (b[below] & kStrengthMask) < strength) ++below;
      up_to = std::max(up_to, below);
      while (up_to < b_end && (b[up_to] & kStrengthMask) == strength) ++up_to;
      units += 2 * static_cast<std::int64_t>(below - b_begin) + static_cast<std::int64_t>(up_to - below);
    }
    return units;
  }

  const std::uint16_t* table_;
  Mask kept_[2]{}, bit_[kDeckSize]{};
  int draws_[2]{}, n_ = 0, shared_ = 0;
};

bool is_heads_up_last_draw(const Showdown& s) {
  return s.players == 2 && s.draws_left == 1 && popcount(s.hands[0]) == kHandSize && popcount(s.hands[1]) == kHandSize;
}

// exact_showdown of a checked showdown without ranges, spending `budget`.
ExactResult exact_of_hands(const DrawGame& game, const Showdown& s, std::int64_t& budget) {
  if (is_heads_up_last_draw(s)) {
    const HeadsUpLastDraw heads_up(game, s);
    if (heads_up.both_draw()) return (budget -= heads_up.work()) < 0 ? ExactResult{} : heads_up.solve(game);
  }
  Exact e{game, s, game.strengths(), game.rule_positions(), budget, {}};
  e.result.shares.assign(s.players, 0.0);
  e.result.strength.assign(game.num_strengths + 1, 0.0);
  Mask hands[kMaxPlayers], seen = s.dead;
  for (int p = 0; p < s.players; ++p) hands[p] = s.hands[p], seen |= s.hands[p];
  e.result.done = e.step(hands, kDeckMask & ~seen, -1, 0, 1.0);
  return e.result;
}

// `s` without its ranges (its hands to be set to a choice of theirs).
Showdown without_ranges(const Showdown& s) {
  Showdown one = s;
  for (std::vector<Mask>& range : one.ranges) range.clear();
  return one;
}

// The product of the ranges' sizes: at least the number of choices of their hands.
double range_choices(const Showdown& s) {
  double product = 1;
  for (int p = 0; p < s.players; ++p)
    if (!s.ranges[p].empty()) product *= static_cast<double>(s.ranges[p].size());
  return product;
}

// Chooses a hand from each range of `s` into `hands` (the others left as they are), every
// choice that shares no card with `seen` or itself equally likely (by rejection:
// checked_showdown found that one exists); returns `seen` with the hands chosen.
template <class Random>
Mask choose_from_ranges(const Showdown& s, Random& rng, Mask* hands, Mask seen) {
  while (true) {
    Mask used = seen;
    bool clash = false;
    for (int p = 0; p < s.players && !clash; ++p) {
      const std::vector<Mask>& range = s.ranges[p];
      if (range.empty()) continue;
      hands[p] = range[rng.below(static_cast<std::uint32_t>(range.size()))];
      clash = (hands[p] & used) != 0;
      used |= hands[p];
    }
    if (!clash) return used;
  }
}

Mask cards_held(const Showdown& s) {
  Mask seen = s.dead;
  for (int p = 0; p < s.players; ++p) seen |= s.hands[p];
  return seen;
}

}  // namespace

ExactResult exact_showdown(const DrawGame& game, const Showdown& given, std::int64_t max_leaves) {
  const Showdown s = checked_showdown(game, given);
  std::int64_t budget = max_leaves;
  if (!has_ranges(s)) return exact_of_hands(game, s, budget);
  Showdown one = without_ranges(s);
  ExactResult total;
  total.shares.assign(s.players, 0.0);
  total.strength.assign(game.num_strengths + 1, 0.0);
  std::int64_t choices = 0;
  total.done = each_choice(s, [&](const Mask* hands) {
    std::copy(hands, hands + s.players, one.hands);
    const ExactResult r = exact_of_hands(game, one, budget);
    if (!r.done) return false;
    for (int p = 0; p < s.players; ++p) total.shares[p] += r.shares[p];
    for (std::size_t v = 0; v < r.strength.size(); ++v) total.strength[v] += r.strength[v];
    ++choices;
    return true;
  });
  if (!total.done) return ExactResult{};
  for (double& share : total.shares) share /= static_cast<double>(choices);  // each choice alike
  for (double& p : total.strength) p /= static_cast<double>(choices);
  return total;
}

namespace {

// Plays the deals and draws of one sample with `rng`: each hand of fewer than four cards is
// dealt the rest, then each hand throws its discard and takes as many, uniformly random
// cards of the stock. Calls visit(n, k) before each deal or draw of k of n cards.
template <class Visit>
void play_draws(const Showdown& s, const std::uint8_t* rule, Mask* hands, Mask stock, Rng& rng, Visit visit) {
  auto take = [&](Mask hand, int k) {
    visit(popcount(stock), k);
    for (int left = k; left > 0; --left) {
      int card;
      do card = static_cast<int>(rng.below(kDeckSize));
      while (!(stock >> card & 1));  // rejection: a uniform card of the stock
      stock &= ~card_bit(card);
      hand |= card_bit(card);
    }
    return hand;
  };
  for (int p = 0; p < s.players; ++p)
    if (popcount(hands[p]) < kHandSize) hands[p] = take(hands[p], kHandSize - popcount(hands[p]));
  for (int draw = 0; draw < s.draws_left; ++draw)
    for (int p = 0; p < s.players; ++p) {
      const Mask discard =
          draw == 0 && s.has_first[p] ? s.first_discards[p] : cards_at(hands[p], rule[colex4(hands[p])]);
      hands[p] = take(hands[p] & ~discard, popcount(discard));
    }
}

}  // namespace

double estimate_leaves(const DrawGame& game, const Showdown& given, int paths, std::uint64_t seed) {
  const Showdown s = checked_showdown(game, given);
  Showdown one = without_ranges(s);
  const std::uint8_t* rule = game.rule_positions();
  const Mask seen = cards_held(s);
  double total = 0;
  for (int i = 0; i < paths; ++i) {
    Rng rng(seed, static_cast<std::uint64_t>(i));
    const Mask used = has_ranges(s) ? choose_from_ranges(s, rng, one.hands, seen) : seen;
    if (is_heads_up_last_draw(one)) {
      const HeadsUpLastDraw heads_up(game, one);
      if (heads_up.both_draw()) {
        total += static_cast<double>(heads_up.work());
        continue;
      }
    }
    Mask hands[kMaxPlayers];
    for (int p = 0; p < s.players; ++p) hands[p] = one.hands[p];
    double product = 1;
    play_draws(s, rule, hands, kDeckMask & ~used, rng,
               [&](int n, int k) { product *= static_cast<double>(kBinomial[k][n]); });
    total += product;
  }
  return paths > 0 ? total / paths * range_choices(s) : 0.0;
}

MonteCarloResult monte_carlo_showdown(const DrawGame& game, const Showdown& given, std::int64_t samples,
                                      std::uint64_t seed, int threads) {
  const Showdown s = checked_showdown(game, given);
  if (samples < 1) throw std::invalid_argument("samples must be at least 1, got " + std::to_string(samples));
  const std::uint16_t* both = game.strength_and_rule();
  const Mask seen = cards_held(s);
  // Whether a sample deals cards or chooses from ranges before the draws.
  bool deals = has_ranges(s);
  for (int p = 0; p < s.players; ++p) deals |= popcount(s.hands[p]) < kHandSize;
  std::uint16_t info0[kMaxPlayers]{};  // the starting hands' strength and rule-based draw
  if (!deals)
    for (int p = 0; p < s.players; ++p) info0[p] = both[colex4(s.hands[p])];
  const std::uint64_t hashed_seed = SampleRng::hash(seed);
  std::uint8_t stock_cards[kDeckSize]{};
  int stock_size = 0;
  for (Mask m = kDeckMask & ~seen; m; m = clear_lowest(m))
    stock_cards[stock_size++] = static_cast<std::uint8_t>(lowest_bit(m));
  const int players = s.players, strengths_size = game.num_strengths + 1;
  // At most 64 chunks, whatever the thread count: each keeps its own integer tally, summed
  // in chunk order, so the result does not depend on the threads.
  constexpr std::size_t kChunks = 64;
  const std::size_t chunks = std::min<std::size_t>(kChunks, static_cast<std::size_t>(samples));
  std::vector<MonteCarloResult> tallies(chunks);
  const auto per_chunk = static_cast<std::uint64_t>(samples) / chunks,
             extra = static_cast<std::uint64_t>(samples) % chunks;
  auto bounds = [&](std::size_t c) { return c * per_chunk + std::min<std::uint64_t>(c, extra); };
  parallel_chunks(chunks, threads, [&](std::size_t first, std::size_t last) -> std::int64_t {
    for (std::size_t c = first; c < last; ++c) {
      MonteCarloResult& t = tallies[c];
      std::int64_t share_sum[kMaxPlayers]{}, share_square[kMaxPlayers]{};  // local: no aliasing
      t.strength.assign(strengths_size, 0);
      std::int64_t* strength_count = t.strength.data();
      // Samples run kLanes at a time in lockstep: each lane's draws depend on its own table
      // lookups, and the lanes' lookups are independent, so the memory accesses overlap.
      constexpr int kLanes = 8;
      for (std::uint64_t i0 = bounds(c); i0 < bounds(c + 1); i0 += kLanes) {
        check_interrupt();
        const int lanes = static_cast<int>(std::min<std::uint64_t>(kLanes, bounds(c + 1) - i0));
        SampleRng rng[kLanes];
        Mask hands[kLanes][kMaxPlayers];
        std::uint16_t info[kLanes][kMaxPlayers];
        bool pat[kLanes][kMaxPlayers];          // stood pat by the rule: the same hand stands pat again
        std::uint8_t stock[kLanes][kDeckSize];  // the stock's cards; the first left[l] are in it
        int left[kLanes];
        // A uniform card of lane l's stock, moved out of it (a step of Fisher-Yates).
        auto take = [&](int l) {
          const std::uint32_t j = rng[l].below(static_cast<std::uint32_t>(left[l]));
          const Mask card = card_bit(stock[l][j]);
          stock[l][j] = stock[l][--left[l]];
          return card;
        };
        for (int l = 0; l < lanes; ++l) {
          rng[l] = SampleRng(hashed_seed, i0 + static_cast<std::uint64_t>(l));
          for (int p = 0; p < players; ++p) hands[l][p] = s.hands[p], info[l][p] = info0[p], pat[l][p] = false;
          if (!deals) {
            std::memcpy(stock[l], stock_cards, sizeof stock_cards);
            left[l] = stock_size;
            continue;
          }
          const Mask used = has_ranges(s) ? choose_from_ranges(s, rng[l], hands[l], seen) : seen;
          left[l] = 0;
          for (Mask m = kDeckMask & ~used; m; m = clear_lowest(m))
            stock[l][left[l]++] = static_cast<std::uint8_t>(lowest_bit(m));
          for (int p = 0; p < players; ++p) {
            for (int k = kHandSize - popcount(hands[l][p]); k > 0; --k) hands[l][p] |= take(l);
            info[l][p] = both[colex4(hands[l][p])];
          }
        }
        for (int draw = 0; draw < s.draws_left; ++draw)
          for (int p = 0; p < players; ++p) {
            const bool given = draw == 0 && s.has_first[p];
            for (int l = 0; l < lanes; ++l) {
              if (pat[l][p] && !given) continue;
              const Mask discard =
                  given ? s.first_discards[p] : cards_at4(hands[l][p], info[l][p] >> DrawGame::kRuleShift);
              if (!discard) {
                pat[l][p] = !given;
                continue;
              }
              Mask hand = hands[l][p] & ~discard;
              for (int k = popcount(discard); k > 0; --k) hand |= take(l);
              hands[l][p] = hand;
              info[l][p] = both[colex4(hand)];
            }
          }
        for (int l = 0; l < lanes; ++l) {
          int strengths[kMaxPlayers], best = 0, winners = 0;
          for (int p = 0; p < players; ++p) {
            strengths[p] = info[l][p] & ((1 << DrawGame::kRuleShift) - 1);
            if (strengths[p] > best) best = strengths[p], winners = 0;
            winners += strengths[p] == best;
          }
          const std::int64_t share = kShareUnits / winners;
          for (int p = 0; p < players; ++p)
            if (strengths[p] == best) {
              share_sum[p] += share;
              share_square[p] += share * share;
            }
          ++strength_count[strengths[0]];
        }
      }
      t.share_sum.assign(share_sum, share_sum + players);
      t.share_square.assign(share_square, share_square + players);
    }
    return kNoBadIndex;
  });
  MonteCarloResult result;
  result.samples = samples;
  result.share_sum.assign(players, 0);
  result.share_square.assign(players, 0);
  result.strength.assign(strengths_size, 0);
  for (const MonteCarloResult& t : tallies) {
    for (int p = 0; p < players; ++p) {
      result.share_sum[p] += t.share_sum[p];
      result.share_square[p] += t.share_square[p];
    }
    for (int v = 0; v < strengths_size; ++v) result.strength[v] += t.strength[v];
  }
  return result;
}

std::int64_t raw_showdown_loop(const DrawGame& game, const Mask* a, const Mask* b, std::size_t n) {
  const std::uint16_t* table = game.strengths();
  std::int64_t net = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int sa = table[colex4(a[i])], sb = table[colex4(b[i])];
    net += (sa > sb) - (sa < sb);
  }
  return net;
}

}  // namespace cardcore::odds
