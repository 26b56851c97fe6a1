#include "cardcore/eval/baibuu.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/bits.hpp"
#include "cardcore/core/colex_avx2.hpp"
#include "cardcore/core/colex_avx512.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rank_table.hpp"
#include "cardcore/core/rng.hpp"

namespace cardcore::baibuu {
namespace {

constexpr int kNine = 7;  // rank index of the nine

// Score points of one card: A 1, 2-9 pips, 10 J Q K 0.
constexpr int card_points(int card) {
  const int r = rank_of(card);
  return r == kAce ? 1 : r <= kNine ? r + 2 : 0;
}

constexpr bool is_picture(int rank) { return rank >= kJack && rank <= kKing; }

constexpr int pair_strength(int a, int b) {
  const int ra = rank_of(a), rb = rank_of(b);
  if (ra == rb) return 13 + ra;
  if (is_picture(ra) && is_picture(rb)) return kCongLonStrength;
  if ((ra == kAce && rb == kNine) || (ra == kNine && rb == kAce)) return kCongNhoStrength;
  return 1 + (card_points(a) + card_points(b)) % 10;
}

// The 2-card index pairs of arrangement i: Low = kLowPair[i], High = kLowPair[5 - i].
constexpr int kLowPair[kNumArrangements][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

struct Holding {
  int card[4];  // ascending ids
  explicit Holding(Mask m) {
    for (int& c : card) {
      c = lowest_bit(m);
      m = clear_lowest(m);
    }
  }
  int low_strength(int i) const { return pair_strength(card[kLowPair[i][0]], card[kLowPair[i][1]]); }
  int high_strength(int i) const { return low_strength(kNumArrangements - 1 - i); }
  bool valid(int i) const { return high_strength(i) > low_strength(i); }
};

// Ruby89's splittable pairs (3.9 #4): for a pair worth `pair_points`, the points of the two
// other cards, A = 1 and any 10/J/Q/K as 0.
struct SplitRule {
  int pair_rank;
  int a, b;
};
constexpr SplitRule kSplits[] = {
    {0, 3, 7}, {0, 4, 7}, {0, 5, 7}, {0, 6, 7}, {0, 5, 6},  // pair of 2
    {1, 4, 6}, {1, 5, 6},                                   // pair of 3
    {4, 1, 2}, {4, 1, 3}, {4, 2, 3}, {4, 2, 0}, {4, 3, 0},  // pair of 6
    {5, 1, 2}, {5, 1, 0}, {5, 2, 9},                        // pair of 7
    {6, 1, 0},                                              // pair of 8
    {7, 1, 0},                                              // pair of 9
};

bool splits_pair(int pair_rank, int other1, int other2) {
  const int a = card_points(other1), b = card_points(other2);
  for (const SplitRule& s : kSplits)
    if (s.pair_rank == pair_rank && ((s.a == a && s.b == b) || (s.a == b && s.b == a))) return true;
  return false;
}

int house_way_of(const Holding& h, Mask holding) {
  const int valid_count = h.valid(0) + h.valid(1) + h.valid(2) + h.valid(3) + h.valid(4) + h.valid(5);
  auto pick = [&](auto score) {
    // The valid arrangement with the largest score(i); on ties the first in the canonical
    // order of 3.9 #7, partition {c0c1|c2c3}, {c0c2|c1c3}, {c0c3|c1c2} (arrangements p and
    // 5 - p share partition p, and at most one of the two is valid).
    int best = -1;
    for (int p = 0; p < 3; ++p)
      for (int i : {p, kNumArrangements - 1 - p})
        if (h.valid(i) && (best < 0 || score(i) > score(best))) best = i;
    return best;
  };
  if (valid_count == 1) return pick([](int) { return 0; });  // 3.9 #2, e.g. two pairs

  // One pair (two pairs were forced above; trips are Naturals).
  for (int r = 0; r < kNumRanks; ++r) {
    if (popcount(rank_nibble(holding, r)) != 2) continue;
    int others[2], n = 0;
    for (int c : h.card)
      if (rank_of(c) != r) others[n++] = c;
    const bool split = splits_pair(r, others[0], others[1]);  // 3.9 #3-4
    return pick([&](int i) {
      const bool pair_kept = rank_of(h.card[kLowPair[5 - i][0]]) == r && rank_of(h.card[kLowPair[5 - i][1]]) == r;
      // Keep: only the arrangement with the pair as High. Split: the higher High.
      return split ? (pair_kept ? -1 : h.high_strength(i)) : (pair_kept ? 1 : 0);
    });
  }

  // A Công with no pair is kept as High (3.9 #5): with both an A + 9 and a Công Lớn
  // available, A + 9 goes Low under the Công Lớn, which this scoring also gives.
  int best_high = 0;
  for (int i = 0; i < kNumArrangements; ++i)
    if (h.valid(i) && h.high_strength(i) > best_high) best_high = h.high_strength(i);
  if (best_high >= kCongNhoStrength) return pick([&](int i) { return h.high_strength(i) * 32 + h.low_strength(i); });

  // All Score (3.9 #6): High 9 with Low >= 4 (the higher Low), else the highest Low, then
  // the highest High.
  return pick([&](int i) {
    const int low = score_points(h.low_strength(i)), high = score_points(h.high_strength(i));
    const bool preferred = high == 9 && low >= 4;
    return (preferred ? 1000 : 0) + low * 10 + high;
  });
}

// What settlement needs of one side (3.7).
struct Arranged {
  bool natural = false;
  bool foul = false;
  int low = 0, high = 0;  // two-card strengths
  int highest = 0;        // card_value of the highest card
};

PositionResult compare_position(int banker, int player, Rules rules) {
  if (rules.banker_takes_3_4_points == ThreeFourPoints::kAnyClass) {  // the house rule
    const int points = hand_points(banker);
    if ((points == 3 || points == 4) && hand_points(player) == points) return PositionResult::kBanker;
  }
  if (player > banker) return PositionResult::kPlayer;
  if (banker > player) return PositionResult::kBanker;
  // Equal Scores of 3 or 4 points (strengths 4 and 5) go to the banker (3.4 #3).
  return banker == 4 || banker == 5 ? PositionResult::kBanker : PositionResult::kTie;
}

// The settlement rules of 3.7, in order.
Outcome decide(const Arranged& banker, const Arranged& player, Rules rules) {
  Outcome o;
  if (player.natural) {
    o.player_wins = true;
    o.reason = Reason::kPlayerNatural;
  } else if (banker.natural) {
    o.reason = Reason::kBankerNatural;
  } else if (player.foul) {
    o.reason = Reason::kPlayerFoul;
  } else {
    o.low = compare_position(banker.low, player.low, rules);
    o.high = compare_position(banker.high, player.high, rules);
    const int player_won = (o.low == PositionResult::kPlayer) + (o.high == PositionResult::kPlayer);
    const int banker_won = (o.low == PositionResult::kBanker) + (o.high == PositionResult::kBanker);
    o.reason = player_won != banker_won ? Reason::kHands : Reason::kHighCard;
    o.player_wins = player_won != banker_won ? player_won > banker_won : player.highest > banker.highest;
  }
  return o;
}

std::uint8_t pack(const Outcome& o) {
  return static_cast<std::uint8_t>(unsigned(o.player_wins) | unsigned(o.reason) << 1 | unsigned(o.low) << 4 |
                                   unsigned(o.high) << 6);
}

// The batch path settles by table. A side's *form* is its arrangement's (Low, High)
// strengths, numbered 0-299 over the valid ones (Low < High), or 300 for a Natural; the
// outcome of two forms is the byte of pack(decide(...)), with the winner bit left 0 where
// the highest card decides (the only part that needs more than the forms).
constexpr int kNaturalForm = 300;
constexpr int kNumForms = 301;
constexpr std::uint8_t kHighCardBits = unsigned(Reason::kHighCard) << 1;
constexpr std::uint8_t kReasonMask = 7 << 1;

constexpr int form_of(int low, int high) { return (high - 1) * (high - 2) / 2 + (low - 1); }

// The (Low, High) strengths of each form but the Natural's.
struct FormStrengths {
  std::uint8_t low, high;
};
constexpr auto kFormStrengths = [] {
  std::array<FormStrengths, kNaturalForm> strengths{};
  for (int high = 2; high <= kMaxTwoCardStrength; ++high)
    for (int low = 1; low < high; ++low)
      strengths[form_of(low, high)] = {static_cast<std::uint8_t>(low), static_cast<std::uint8_t>(high)};
  return strengths;
}();

Arranged arranged_of_form(int form) {
  Arranged a;
  if (form == kNaturalForm) {
    a.natural = true;
    return a;
  }
  a.low = kFormStrengths[form].low;
  a.high = kFormStrengths[form].high;
  return a;
}

// Per holding (colex-indexed), all that a round needs of it in one word: a HoldingEntry's
// (eval/baibuu.hpp), whose settlement fields these read (the form is kNaturalForm for a
// Natural).
constexpr int record_form(std::uint32_t record) { return int(record >> 6 & 511); }
constexpr int record_highest(std::uint32_t record) { return int(record & 63); }

std::uint32_t holding_record(Mask holding) {
  const Holding h(holding);
  const bool is_natural = natural(holding) != Natural::kNone;
  const int way = is_natural ? 7 : house_way_of(h, holding);
  const int form = is_natural ? kNaturalForm : form_of(h.low_strength(way), h.high_strength(way));
  unsigned valid = 0;
  for (int i = 0; i < kNumArrangements; ++i) valid |= unsigned(h.valid(i)) << i;
  return static_cast<std::uint32_t>(card_value(highest_card(holding))) | std::uint32_t(form) << 6 | valid << 15 |
         std::uint32_t(way) << 21;
}

// The card id of a card_value (its suit strength back to the suit id: ♦ 0 is 1, ♣ 1 is 0).
constexpr int card_of_value(int value) { return (value & 2) ? value : value ^ 1; }

Arranged from_record(std::uint32_t record) {  // the house way's arrangement
  Arranged a = arranged_of_form(record_form(record));
  a.highest = record_highest(record);
  return a;
}

struct Tables {
  std::array<std::uint8_t, kNumHands2> two_card{};
  std::vector<std::uint32_t> holding = std::vector<std::uint32_t>(kNumHands4);  // holding_record
};

const Tables& tables() {
  static const Tables built = [] {
    Tables t;
    for (std::uint32_t i = 0; i < kNumHands2; ++i) {
      const Mask pair = mask_from_colex<2>(i);
      t.two_card[i] = static_cast<std::uint8_t>(pair_strength(lowest_bit(pair), highest_bit(pair)));
    }
    for (std::uint32_t i = 0; i < kNumHands4; ++i) t.holding[i] = holding_record(mask_from_colex<4>(i));
    return t;
  }();
  return built;
}

// The outcome of two forms, [banker][player], under one house rule setting.
template <ThreeFourPoints R>
const std::uint8_t* outcome_table_of() {
  static const std::vector<std::uint8_t> built = [] {
    // Three spare bytes at the end: the vector settlement reads four bytes at each entry.
    std::vector<std::uint8_t> outcome(kNumForms * kNumForms + 3);
    for (int b = 0; b < kNumForms; ++b)
      for (int p = 0; p < kNumForms; ++p)  // equal highest cards: a high-card decision gives 0
        outcome[b * kNumForms + p] = pack(decide(arranged_of_form(b), arranged_of_form(p), Rules{R}));
    return outcome;
  }();
  return built.data();
}

const std::uint8_t* outcome_table(Rules rules) {
  return rules.banker_takes_3_4_points == ThreeFourPoints::kAnyClass ? outcome_table_of<ThreeFourPoints::kAnyClass>()
                                                                     : outcome_table_of<ThreeFourPoints::kSameClass>();
}

std::uint32_t holding_index(Mask holding, std::string_view what) {
  bool valid;
  const std::uint32_t index = colex_index<4>(holding, valid);
  if (!valid) check_hand(holding, 4, what);
  return index;
}

// What settlement needs of a side whose holding has table entry `record` (settle's checks
// left to the caller).
Arranged arrange_unchecked(const Tables& t, const Side& side, std::uint32_t record) {
  Arranged a = from_record(record);
  if (side.low == 0 || a.natural) return a;
  bool valid;
  a.low = t.two_card[colex_index<2>(side.low, valid)];
  a.high = t.two_card[colex_index<2>(side.cards & ~side.low, valid)];
  a.foul = a.high <= a.low;
  return a;
}

// arrange_unchecked after checking the side: four cards, and a Low of two of them unless
// it is a Natural (never arranged).
Arranged arrange(const Tables& t, const Side& side, std::string_view what) {
  const std::uint32_t record = t.holding[holding_index(side.cards, what)];
  if (side.low != 0 && !HoldingEntry(record).natural() && ((side.low & ~side.cards) || popcount(side.low) != 2))
    throw std::invalid_argument(std::string(what) + ": the Low hand " + format_cards(side.low) +
                                " is not two cards of " + format_cards(side.cards));
  return arrange_unchecked(t, side, record);
}

// The outcome of two arranged sides (3.7): decide() as its table of forms gives it.
Outcome settle_arranged(const Arranged& banker, const Arranged& player, Rules rules) {
  Outcome o;
  if (player.foul && !banker.natural) {  // a player's Natural is never arranged, so never fouls
    o.reason = Reason::kPlayerFoul;
  } else {
    const auto form = [](const Arranged& side) { return side.natural ? kNaturalForm : form_of(side.low, side.high); };
    // A foul against a banker's Natural: the banker's Natural decides, whatever the form.
    const int player_form = player.foul ? 0 : form(player);
    const unsigned code = outcome_table(rules)[form(banker) * kNumForms + player_form];
    o.reason = static_cast<Reason>(code >> 1 & 7);
    o.low = static_cast<PositionResult>(code >> 4 & 3);
    o.high = static_cast<PositionResult>(code >> 6);
    o.player_wins = o.reason == Reason::kHighCard ? player.highest > banker.highest : (code & 1) != 0;
  }
  o.banker_highest = card_of_value(banker.highest);
  o.player_highest = card_of_value(player.highest);
  return o;
}

// The outcome code of a round from the banker's and the player's records and the player's
// form: the outcome table's entry, where the highest card decides with the player's win
// set when his is the higher.
inline std::uint8_t outcome_code(const std::uint8_t* outcome, std::uint32_t banker, std::uint32_t player,
                                 int player_form) {
  const std::uint8_t code = outcome[record_form(banker) * kNumForms + player_form];
  return code | (((code & kReasonMask) == kHighCardBits) & (record_highest(player) > record_highest(banker)));
}

// settle_many over [begin, end), with the player's Low hands given or by the house way.
// Branch-free (the winner of a random round is a coin flip a branch would mispredict);
// validity is accumulated, and the rare bad batch is scanned again for its first offender.
template <bool kExplicitLow>
std::int64_t settle_range(const Tables& t, const std::uint8_t* const outcome, const Mask* banker, const Mask* player,
                          const Mask* player_low, std::uint8_t* out, std::size_t begin, std::size_t end, Rules rules) {
  // Table pointers in locals: out is a byte array, and a byte store may alias anything
  // reached through memory, which would make the compiler reload them every round.
  const std::uint32_t* const holding = t.holding.data();
  const std::uint8_t* const two_card = t.two_card.data();
  constexpr std::uint8_t kFoul = unsigned(Reason::kPlayerFoul) << 1 | 0xF0;
  bool all_ok = true;
  for (std::size_t i = begin; i < end; ++i) {
    bool banker_ok, player_ok;
    const std::uint32_t b = holding[colex_index<4>(banker[i], banker_ok)];
    const std::uint32_t p = holding[colex_index<4>(player[i], player_ok)];
    bool ok = banker_ok & player_ok & ((banker[i] & player[i]) == 0);
    int player_form = record_form(p);
    bool foul = false;
    if constexpr (kExplicitLow) {
      const Mask low = player_low[i], high = player[i] & ~low;
      bool low_ok, high_ok;
      const int low_strength = two_card[colex_index<2>(low, low_ok)];
      const int high_strength = two_card[colex_index<2>(high, high_ok)];
      const bool is_natural = player_form == kNaturalForm;
      // A Natural is never arranged, so its Low hand is not checked.
      ok &= is_natural | (low_ok & high_ok & ((low & ~player[i]) == 0));
      foul = !is_natural & (high_strength <= low_strength);
      player_form = is_natural ? kNaturalForm : foul ? 0 : form_of(low_strength, high_strength);
      foul &= record_form(b) != kNaturalForm;  // a banker Natural comes before the foul
    }
    all_ok &= ok;
    const std::uint8_t code = outcome_code(outcome, b, p, player_form);
    out[i] = foul ? kFoul : code;
  }
  if (all_ok) return kNoBadIndex;
  for (std::size_t i = begin; i < end; ++i) {
    const Mask low = kExplicitLow ? player_low[i] : 0;
    try {
      settle({banker[i], 0}, {player[i], low}, rules);
    } catch (const std::invalid_argument&) {
      return static_cast<std::int64_t>(i);
    }
  }
  return kNoBadIndex;
}

#ifdef CARDCORE_AVX512_KERNEL
// settle_range<false> (the house way for both sides), 16 rounds a step: both holdings' colex
// indices (colex_avx512.hpp), their records by two gathers, the outcome by a gather of four
// bytes at its entry (the low byte; the table's spare bytes keep the last read inside), then
// the high-card bit as the scalar loop sets it. The rare bad batch is settled again by the
// scalar loop, which finds the first offender.
CARDCORE_AVX512 std::int64_t settle_range_avx512(const Tables& t, const std::uint8_t* const outcome, const Mask* banker,
                                                 const Mask* player, std::uint8_t* out, std::size_t begin,
                                                 std::size_t end, Rules rules) {
  const avx512::Colex4Rows rows = avx512::load_colex4_rows();
  const __m512i zero = _mm512_setzero_si512();
  const __m512i form_bits = _mm512_set1_epi32(511), highest_bits = _mm512_set1_epi32(63);
  __mmask16 invalid = 0;
  std::size_t i = begin;
  for (; i + 16 <= end; i += 16) {
    __mmask16 banker_ok, player_ok;
    const __m512i banker_index = avx512::colex4_index(rows, banker + i, banker_ok);
    const __m512i player_index = avx512::colex4_index(rows, player + i, player_ok);
    // The two hands share no card, in each of the two registers of eight rounds.
    const __mmask16 disjoint = static_cast<__mmask16>(
        _mm512_testn_epi64_mask(_mm512_loadu_si512(banker + i), _mm512_loadu_si512(player + i)) |
        _mm512_testn_epi64_mask(_mm512_loadu_si512(banker + i + 8), _mm512_loadu_si512(player + i + 8)) << 8);
    const __mmask16 ok = banker_ok & player_ok & disjoint;
    invalid |= static_cast<__mmask16>(~ok);
    const __m512i b = _mm512_mask_i32gather_epi32(zero, ok, banker_index, t.holding.data(), 4);
    const __m512i p = _mm512_mask_i32gather_epi32(zero, ok, player_index, t.holding.data(), 4);
    // record_form (bits 6-14) of each, then outcome[banker form * kNumForms + player form].
    // (The shifts' zero-masked form: GCC 12 warns that the plain one's unused source is unset.)
    const __m512i banker_form = _mm512_and_si512(_mm512_maskz_srli_epi32(0xFFFF, b, 6), form_bits);
    const __m512i player_form = _mm512_and_si512(_mm512_maskz_srli_epi32(0xFFFF, p, 6), form_bits);
    const __m512i entry = _mm512_add_epi32(_mm512_mullo_epi32(banker_form, _mm512_set1_epi32(kNumForms)), player_form);
    __m512i code = _mm512_and_si512(_mm512_mask_i32gather_epi32(zero, ok, entry, outcome, 1), _mm512_set1_epi32(0xFF));
    // Where the highest card (record_highest, bits 0-5) decides, the player wins with the higher one.
    const __mmask16 high_card = _mm512_cmpeq_epi32_mask(_mm512_and_si512(code, _mm512_set1_epi32(kReasonMask)),
                                                        _mm512_set1_epi32(kHighCardBits));
    const __mmask16 player_higher =
        _mm512_mask_cmpgt_epi32_mask(high_card, _mm512_and_si512(p, highest_bits), _mm512_and_si512(b, highest_bits));
    code = _mm512_mask_or_epi32(code, player_higher, code, _mm512_set1_epi32(1));
    _mm512_mask_cvtepi32_storeu_epi8(out + i, 0xFFFF, code);  // the low byte of each
  }
  const std::int64_t tail_bad = settle_range<false>(t, outcome, banker, player, nullptr, out, i, end, rules);
  if (invalid == 0 && tail_bad == kNoBadIndex) return kNoBadIndex;
  return settle_range<false>(t, outcome, banker, player, nullptr, out, begin, end, rules);
}
#endif

#ifdef CARDCORE_AVX2_KERNEL
// settle_range<false> (the house way for both sides) with AVX2, as lookup_avx2 reads its
// table (core/rank_table.cpp): both holdings' colex indices of 64 rounds, 8 a step
// (colex_avx2.hpp), then the block's records and outcomes read round by round. The rare bad
// batch is settled again by the scalar loop, which finds the first offender.
CARDCORE_AVX2 std::int64_t settle_range_avx2(const Tables& t, const std::uint8_t* const outcome, const Mask* banker,
                                             const Mask* player, std::uint8_t* out, std::size_t begin, std::size_t end,
                                             Rules rules) {
  constexpr std::size_t kBlock = 64;
  alignas(32) std::uint32_t banker_index[kBlock], player_index[kBlock];
  const std::uint32_t* const holding = t.holding.data();
  const __m256i zero = _mm256_setzero_si256();
  __m256i all_ok = _mm256_set1_epi32(-1);
  std::size_t i = begin;
  for (; i + kBlock <= end; i += kBlock) {
    for (std::size_t j = 0; j < kBlock; j += 8) {
      __m256i banker_ok, player_ok;
      _mm256_store_si256(reinterpret_cast<__m256i*>(banker_index + j), avx2::colex4_index(banker + i + j, banker_ok));
      _mm256_store_si256(reinterpret_cast<__m256i*>(player_index + j), avx2::colex4_index(player + i + j, player_ok));
      // The two hands share no card: their AND is a qword of zeros for each round. Only
      // whether all are is kept, so the lanes need not line up with the validity's.
      const auto* b = reinterpret_cast<const __m256i*>(banker + i + j);
      const auto* p = reinterpret_cast<const __m256i*>(player + i + j);
      const __m256i disjoint = _mm256_and_si256(
          _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256(b), _mm256_loadu_si256(p)), zero),
          _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256(b + 1), _mm256_loadu_si256(p + 1)), zero));
      all_ok = _mm256_and_si256(all_ok, _mm256_and_si256(disjoint, _mm256_and_si256(banker_ok, player_ok)));
    }
    for (std::size_t j = 0; j < kBlock; ++j) {
      const std::uint32_t b = holding[banker_index[j]], p = holding[player_index[j]];
      out[i + j] = outcome_code(outcome, b, p, record_form(p));
    }
  }
  const std::int64_t tail_bad = settle_range<false>(t, outcome, banker, player, nullptr, out, i, end, rules);
  if (_mm256_movemask_epi8(all_ok) == -1 && tail_bad == kNoBadIndex) return kNoBadIndex;
  return settle_range<false>(t, outcome, banker, player, nullptr, out, begin, end, rules);
}
#endif

}  // namespace

int two_card_strength(Mask pair) {
  bool valid;
  const std::uint32_t index = colex_index<2>(pair, valid);
  if (!valid) check_hand(pair, 2, "a Bai Buu two-card hand");
  return tables().two_card[index];
}

TwoCardClass class_of_strength(int strength) {
  return strength >= 13                 ? TwoCardClass::kPair
         : strength == kCongLonStrength ? TwoCardClass::kCongLon
         : strength == kCongNhoStrength ? TwoCardClass::kCongNho
                                        : TwoCardClass::kScore;
}

Natural natural(Mask holding) {
  check_hand(holding, 4, "a Bai Buu holding");
  unsigned suits = 0;
  for (Mask m = holding; m; m = clear_lowest(m)) suits |= 1u << suit_of(lowest_bit(m));
  int most_of_a_rank = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    const int n = popcount(rank_nibble(holding, r));
    if (n > most_of_a_rank) most_of_a_rank = n;
  }
  const unsigned ranks = ranks_present(holding);
  constexpr unsigned kAceLowStraight = 1u << kAce | 0b111u;  // A 2 3 4
  // Four distinct ranks in a row: shifted down to its lowest rank the set is 0b1111.
  const bool straight = ranks == kAceLowStraight || (ranks >> lowest_bit(ranks)) == 0b1111u;
  const bool flush = popcount(suits) == 1;
  if (straight && flush) return Natural::kStraightFlush;
  if (most_of_a_rank == 4) return Natural::kFourOfAKind;
  if (flush) return Natural::kFlush;
  if (straight) return Natural::kStraight;
  if (most_of_a_rank == 3) return Natural::kThreeOfAKind;
  return Natural::kNone;
}

Mask arrangement_low(Mask holding, int index) {
  check_hand(holding, 4, "a Bai Buu holding");
  if (index < 0 || index >= kNumArrangements)
    throw std::out_of_range("arrangement index " + std::to_string(index) + " is not in 0-5");
  const Holding h(holding);
  return card_bit(h.card[kLowPair[index][0]]) | card_bit(h.card[kLowPair[index][1]]);
}

int arrangement_index(Mask holding, Mask low) {
  for (int i = 0; i < kNumArrangements; ++i)
    if (arrangement_low(holding, i) == low) return i;
  throw std::invalid_argument("the Low hand " + format_cards(low) + " is not two cards of " + format_cards(holding));
}

bool is_valid(Mask low, Mask high) {
  if (low & high) throw std::invalid_argument("the Low and High hands share " + format_cards(low & high));
  return two_card_strength(high) > two_card_strength(low);
}

int house_way(Mask holding) {
  check_hand(holding, 4, "a Bai Buu holding");
  bool valid;
  return HoldingEntry(tables().holding[colex_index<4>(holding, valid)]).house_way();
}

int card_value(int card) {
  static constexpr int kSuitStrength[kNumSuits] = {1, 0, 2, 3};  // by suit id: c d h s
  return 4 * rank_of(card) + kSuitStrength[suit_of(card)];
}

int highest_card(Mask holding) {
  int best = -1;
  for (Mask m = holding; m; m = clear_lowest(m))
    if (best < 0 || card_value(lowest_bit(m)) > card_value(best)) best = lowest_bit(m);
  return best;
}

Outcome settle(const Side& banker, const Side& player, Rules rules) {
  const Tables& t = tables();
  const Arranged b = arrange(t, banker, "the banker's hand");
  const Arranged p = arrange(t, player, "the player's hand");
  if (banker.cards & player.cards)
    throw std::invalid_argument("the banker and the player share " + format_cards(banker.cards & player.cards));
  if (b.foul)
    throw std::invalid_argument("the banker's arrangement " + format_cards(banker.low) + " / " +
                                format_cards(banker.cards & ~banker.low) +
                                " is not valid: High must be stronger than Low (R-8)");
  return settle_arranged(b, p, rules);
}

HoldingEntry holding_entry(Mask holding) {
  bool valid;
  return HoldingEntry(tables().holding[colex_index<4>(holding, valid)]);
}

void settle_unchecked(const Side& banker, HoldingEntry banker_entry, const Side* players, const HoldingEntry* entries,
                      int n, Outcome* out, Rules rules) {
  const Tables& t = tables();
  const Arranged arranged_banker = arrange_unchecked(t, banker, banker_entry.word());
  for (int i = 0; i < n; ++i)
    out[i] = settle_arranged(arranged_banker, arrange_unchecked(t, players[i], entries[i].word()), rules);
}

std::int64_t settle_many(const Mask* banker, const Mask* player, const Mask* player_low, std::uint8_t* out,
                         std::size_t n, int threads, Rules rules) {
  const Tables& t = tables();
  const std::uint8_t* const outcome = outcome_table(rules);
  const BatchKernel kernel = batch_kernel();
  return parallel_chunks(n, threads, [&](std::size_t begin, std::size_t end) -> std::int64_t {
    if (player_low) return settle_range<true>(t, outcome, banker, player, player_low, out, begin, end, rules);
#ifdef CARDCORE_AVX512_KERNEL
    if (kernel == BatchKernel::kAvx512) return settle_range_avx512(t, outcome, banker, player, out, begin, end, rules);
#endif
#ifdef CARDCORE_AVX2_KERNEL
    if (kernel == BatchKernel::kAvx2) return settle_range_avx2(t, outcome, banker, player, out, begin, end, rules);
#endif
    return settle_range<false>(t, outcome, banker, player, player_low, out, begin, end, rules);
  });
}

namespace {

// Counts of banker holdings by (form, highest card value) for the inclusion-exclusion of
// arrangement_score: holdings disjoint from the player's are all holdings, less those
// containing one of his cards, plus those containing two, less three, plus four. The
// "below" counts are cumulative over the highest card value: below[f][h] counts holdings
// of form f whose highest card value is under h.
constexpr int kValues = 53;  // highest card values 0-51, and 52 for "below everything"
struct FormCounts {
  std::vector<std::uint32_t> all, all_below;    // [f], [f][h]
  std::vector<std::uint16_t> card, card_below;  // [c][f], [c][f][h]
  std::vector<std::uint16_t> pair, pair_below;  // [pair colex][f], [..][f][h]
};

const FormCounts& form_counts() {
  static const FormCounts built = [] {
    FormCounts fc;
    fc.all.assign(kNumForms, 0);
    fc.all_below.assign(kNumForms * kValues, 0);
    fc.card.assign(std::size_t(kDeckSize) * kNumForms, 0);
    fc.card_below.assign(std::size_t(kDeckSize) * kNumForms * kValues, 0);
    fc.pair.assign(std::size_t(kNumHands2) * kNumForms, 0);
    fc.pair_below.assign(std::size_t(kNumHands2) * kNumForms * kValues, 0);
    const Tables& t = tables();
    for (std::uint32_t i = 0; i < kNumHands4; ++i) {
      const Mask holding = mask_from_colex<4>(i);
      const int form = record_form(t.holding[i]), value = record_highest(t.holding[i]);
      // Counted at value + 1 and summed upward below: below[h] then counts values < h.
      ++fc.all[form];
      ++fc.all_below[form * kValues + value + 1];
      int cards[4], k = 0;
      for (Mask m = holding; m; m = clear_lowest(m)) cards[k++] = lowest_bit(m);
      for (int a = 0; a < 4; ++a) {
        ++fc.card[std::size_t(cards[a]) * kNumForms + form];
        ++fc.card_below[(std::size_t(cards[a]) * kNumForms + form) * kValues + value + 1];
        for (int b = a + 1; b < 4; ++b) {
          bool valid;
          const std::size_t pair = colex_index<2>(card_bit(cards[a]) | card_bit(cards[b]), valid);
          ++fc.pair[pair * kNumForms + form];
          ++fc.pair_below[(pair * kNumForms + form) * kValues + value + 1];
        }
      }
    }
    auto prefix = [](auto& below, std::size_t rows) {
      for (std::size_t r = 0; r < rows; ++r)
        for (int h = 1; h < kValues; ++h) below[r * kValues + h] += below[r * kValues + h - 1];
    };
    prefix(fc.all_below, kNumForms);
    prefix(fc.card_below, std::size_t(kDeckSize) * kNumForms);
    prefix(fc.pair_below, std::size_t(kNumHands2) * kNumForms);
    return fc;
  }();
  return built;
}

// What a banker form does to a player form: the player wins, loses, or the highest card
// decides.
enum class Versus : std::uint8_t { kWin, kLose, kHighCard };
Versus versus(const std::uint8_t* outcome, int banker_form, int player_form) {
  const std::uint8_t code = outcome[std::size_t(banker_form) * kNumForms + player_form];
  if ((code & kReasonMask) == kHighCardBits) return Versus::kHighCard;
  return code & 1 ? Versus::kWin : Versus::kLose;
}

// For a player holding: per banker form, the banker holdings disjoint from it, and those of
// them whose highest card is below the player's.
void disjoint_counts(Mask holding, std::int64_t* count, std::int64_t* below) {
  const FormCounts& fc = form_counts();
  const Tables& t = tables();
  const int value = card_value(highest_card(holding));
  int cards[4], k = 0;
  for (Mask m = holding; m; m = clear_lowest(m)) cards[k++] = lowest_bit(m);
  for (int f = 0; f < kNumForms; ++f) {
    count[f] = fc.all[f];
    below[f] = fc.all_below[f * kValues + value];
  }
  for (int a = 0; a < 4; ++a) {
    const std::size_t c = std::size_t(cards[a]) * kNumForms;
    for (int f = 0; f < kNumForms; ++f) {
      count[f] -= fc.card[c + f];
      below[f] -= fc.card_below[(c + f) * kValues + value];
    }
    for (int b = a + 1; b < 4; ++b) {
      bool valid;
      const std::size_t p = colex_index<2>(card_bit(cards[a]) | card_bit(cards[b]), valid) * kNumForms;
      for (int f = 0; f < kNumForms; ++f) {
        count[f] += fc.pair[p + f];
        below[f] += fc.pair_below[(p + f) * kValues + value];
      }
    }
  }
  // Holdings containing three of the cards (49 each, the holding itself among them) are
  // subtracted, and the holding itself, which contains all four, added back.
  auto add = [&](Mask banker, int sign) {
    bool valid;
    const std::uint32_t record = t.holding[colex_index<4>(banker, valid)];
    const int form = record_form(record);
    count[form] += sign;
    if (record_highest(record) < value) below[form] += sign;
  };
  for (int skip = 0; skip < 4; ++skip) {
    const Mask three = holding & ~card_bit(cards[skip]);
    for (Mask rest = kDeckMask & ~three; rest; rest = clear_lowest(rest)) add(three | (rest & (~rest + 1)), -1);
  }
  add(holding, +1);
}

std::int64_t score_of(const std::uint8_t* outcome, int player_form, const std::int64_t* count,
                      const std::int64_t* below) {
  std::int64_t score = 0;
  for (int f = 0; f < kNumForms; ++f) {
    switch (versus(outcome, f, player_form)) {
      case Versus::kWin:
        score += 97 * count[f];
        break;
      case Versus::kLose:
        score -= 100 * count[f];
        break;
      case Versus::kHighCard:
        score += 97 * below[f] - 100 * (count[f] - below[f]);
        break;
    }
  }
  return score;
}

struct Optimal {
  std::vector<std::int8_t> index;             // per holding; -1 for a Natural
  std::vector<std::uint16_t> form;            // the form of that arrangement (kNaturalForm)
  std::vector<std::int64_t> best, house_way;  // arrangement_score of each pick
};

// The optimal arrangement of one holding (see optimal_arrangement), with both scores. A
// Natural always wins: 97 from every banker holding.
void best_arrangement(Mask holding, std::int8_t& index, std::uint16_t& form, std::int64_t& best_score,
                      std::int64_t& house_score, Rules rules) {
  if (natural(holding) != Natural::kNone) {
    index = -1;
    form = kNaturalForm;
    best_score = house_score = 97 * std::int64_t(kBinomial[4][kDeckSize - 4]);
    return;
  }
  const std::uint8_t* const t = outcome_table(rules);
  std::int64_t count[kNumForms], below[kNumForms];
  disjoint_counts(holding, count, below);
  const Holding h(holding);
  int best = house_way_of(h, holding);
  house_score = best_score = score_of(t, form_of(h.low_strength(best), h.high_strength(best)), count, below);
  for (int i = 0; i < kNumArrangements; ++i) {
    if (!h.valid(i)) continue;
    const std::int64_t score = score_of(t, form_of(h.low_strength(i), h.high_strength(i)), count, below);
    if (score > best_score) {  // strictly better: ties stay with the house way
      best = i;
      best_score = score;
    }
  }
  index = static_cast<std::int8_t>(best);
  form = static_cast<std::uint16_t>(form_of(h.low_strength(best), h.high_strength(best)));
}

template <ThreeFourPoints R>
const Optimal& optimal_table_of() {
  static const Optimal built = [] {
    Optimal o{std::vector<std::int8_t>(kNumHands4), std::vector<std::uint16_t>(kNumHands4),
              std::vector<std::int64_t>(kNumHands4), std::vector<std::int64_t>(kNumHands4)};
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    parallel_chunks(kNumHands4, threads, [&](std::size_t begin, std::size_t end) -> std::int64_t {
      for (std::size_t i = begin; i < end; ++i)
        best_arrangement(mask_from_colex<4>(static_cast<std::uint32_t>(i)), o.index[i], o.form[i], o.best[i],
                         o.house_way[i], Rules{R});
      return kNoBadIndex;
    });
    return o;
  }();
  return built;
}

// The optimal arrangements under one house rule setting, tabulated on first use.
const Optimal& optimal_table(Rules rules) {
  return rules.banker_takes_3_4_points == ThreeFourPoints::kAnyClass ? optimal_table_of<ThreeFourPoints::kAnyClass>()
                                                                     : optimal_table_of<ThreeFourPoints::kSameClass>();
}

}  // namespace

std::int64_t arrangement_score(Mask holding, int index, Rules rules) {
  check_hand(holding, 4, "a Bai Buu holding");
  if (natural(holding) != Natural::kNone)
    throw std::invalid_argument("a Natural (" + format_cards(holding) + ") is not arranged");
  if (index < 0 || index >= kNumArrangements)
    throw std::out_of_range("arrangement index " + std::to_string(index) + " is not in 0-5");
  const Holding h(holding);
  if (!h.valid(index)) return -100 * std::int64_t(kBinomial[4][kDeckSize - 4]);  // a foul always loses
  std::int64_t count[kNumForms], below[kNumForms];
  disjoint_counts(holding, count, below);
  return score_of(outcome_table(rules), form_of(h.low_strength(index), h.high_strength(index)), count, below);
}

int optimal_arrangement(Mask holding, Rules rules) {
  bool valid;
  const std::uint32_t index = colex_index<4>(holding, valid);
  if (!valid) check_hand(holding, 4, "a Bai Buu holding");
  return optimal_table(rules).index[index];
}

void settle_round(Mask banker, const Mask* players, const bool* optimal, int n, std::uint8_t* codes, Rules rules) {
  const Tables& t = tables();
  const std::uint8_t* const outcome = outcome_table(rules);
  bool valid;
  const std::uint32_t b = t.holding[colex_index<4>(banker, valid)];
  for (int i = 0; i < n; ++i) {
    const std::uint32_t index = colex_index<4>(players[i], valid);
    const std::uint32_t p = t.holding[index];
    const std::uint32_t form = optimal[i] ? optimal_table(rules).form[index] : record_form(p);
    std::uint8_t code = outcome[record_form(b) * kNumForms + form];
    code |= ((code & kReasonMask) == kHighCardBits) & (record_highest(p) > record_highest(b));  // the higher card wins
    codes[i] = code;
  }
}

OptimalSummary optimal_summary(int commission_bp, Rules rules) {
  if (commission_bp < 0 || commission_bp > 10000)
    throw std::invalid_argument("commission_bp must be 0 to 10000 basis points, got " + std::to_string(commission_bp));
  const Optimal& o = optimal_table(rules);
  OptimalSummary summary;
  // A score over the B banker holdings is 97 W - 100 (B - W) = 197 W - 100 B for W wins:
  // the wins, exactly, whatever the commission they are then paid at.
  const std::int64_t bankers = kBinomial[4][kDeckSize - 4];
  std::int64_t house_wins = 0, best_wins = 0;
  for (std::uint32_t i = 0; i < kNumHands4; ++i) {
    summary.differing += o.best[i] != o.house_way[i];
    house_wins += (o.house_way[i] + 100 * bankers) / 197;
    best_wins += (o.best[i] + 100 * bankers) / 197;
  }
  const long double rounds = static_cast<long double>(kNumHands4) * bankers;
  const long double win = (10000 - commission_bp) / 10000.0L;
  auto expected = [&](std::int64_t wins) {
    return static_cast<double>((win * wins - (rounds - static_cast<long double>(wins))) / rounds);
  };
  summary.house_way_return = expected(house_wins);
  summary.optimal_return = expected(best_wins);
  return summary;
}

std::int64_t count_player_wins(std::int64_t rounds, std::uint64_t seed, bool optimal, int threads, Rules rules) {
  constexpr std::int64_t kChunk = 1 << 16;
  const Tables& t = tables();
  const std::uint8_t* const outcome = outcome_table(rules);
  const std::int64_t chunks = (rounds + kChunk - 1) / kChunk;
  std::vector<std::int64_t> wins(static_cast<std::size_t>(chunks), 0);
  parallel_chunks(static_cast<std::size_t>(chunks), threads, [&](std::size_t begin, std::size_t end) -> std::int64_t {
    std::vector<Mask> banker(kChunk), player(kChunk), low(kChunk);
    std::vector<std::uint8_t> codes(kChunk);
    for (std::size_t c = begin; c < end; ++c) {
      Rng rng(seed, c);
      const std::int64_t n = std::min(kChunk, rounds - static_cast<std::int64_t>(c) * kChunk);
      for (std::int64_t i = 0; i < n; ++i) {
        player[i] = rng.random_hand(4);
        Mask b;
        do b = rng.random_hand(4);  // from the 48 cards left: redraw on a shared card
        while (b & player[i]);
        banker[i] = b;
      }
      if (optimal) {
        for (std::int64_t i = 0; i < n; ++i) {
          const int index = optimal_arrangement(player[i], rules);
          low[i] = index < 0 ? 0 : arrangement_low(player[i], index);
        }
        settle_range<true>(t, outcome, banker.data(), player.data(), low.data(), codes.data(), 0,
                           static_cast<std::size_t>(n), rules);
      } else {
        settle_range<false>(t, outcome, banker.data(), player.data(), nullptr, codes.data(), 0,
                            static_cast<std::size_t>(n), rules);
      }
      std::int64_t won = 0;
      for (std::int64_t i = 0; i < n; ++i) won += codes[i] & 1;
      wins[c] = won;
    }
    return kNoBadIndex;
  });
  std::int64_t total = 0;
  for (std::int64_t w : wins) total += w;
  return total;
}

std::int64_t two_card_strength_many(const Mask* pairs, std::int32_t* out, std::size_t n, int threads) {
  return lookup_colex_many<2>(tables().two_card.data(), pairs, out, n, threads);
}

}  // namespace cardcore::baibuu
