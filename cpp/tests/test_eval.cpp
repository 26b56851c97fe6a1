// The four evaluators against the rules' test vectors: Buh (docs/rulebook/buh.md 1.9), Badugi
// (docs/rulebook/badugi.md 2.7), Bai Buu (docs/rulebook/baibuu.md 3.11) and the Hucklebuck trick
// winner (docs/rulebook/hucklebuck.md 4.6). Cards are written in the parser's ASCII form
// (T for 10).
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/eval/badugi.hpp"
#include "cardcore/eval/baibuu.hpp"
#include "cardcore/eval/buh.hpp"
#include "cardcore/eval/hucklebuck.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

// -1: the first hand wins, 0: they split (a choke), 1: the second wins; strength is higher
// for the better hand.
int winner(int first_strength, int second_strength) {
  return first_strength > second_strength ? -1 : first_strength == second_strength ? 0 : 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Buh

namespace {

struct BuhVector {
  const char* hand;
  int value;          // v, 0 for a skunk
  const char* hooch;  // H ascending, one letter a card
  buh::HandClass hand_class;
  bool flush;
};

using enum buh::HandClass;

// docs/rulebook/buh.md 1.9, B1-B34 (index i is Bi + 1).
const BuhVector kBuhHands[] = {
    {"As 3h 7c 9d", 20, "", kNatural, false},     // B1
    {"3s 5h Jc Kd", 8, "JK", kNormal, false},     // B2
    {"Js Qh Qc Kd", 0, "JQQK", kSkunk, false},    // B3
    {"3s 3h 5c 5d", 8, "", kNatural, false},      // B4
    {"2s 3h 5c 6d", 9, "", kNatural, false},      // B5
    {"3s 4h 4c 5d", 5, "", kNatural, false},      // B6
    {"Ah Ac 3s Jd", 4, "J", kNormal, false},      // B7
    {"3s 4s 5s Js", 2, "J", kNormal, true},       // B8
    {"As 2h 3c 4d", 4, "", kNatural, false},      // B9
    {"4s 4h Jc Qd", 4, "JQ", kNormal, false},     // B10
    {"2s 4h Jc Qd", 6, "JQ", kNormal, false},     // B11
    {"6s 6h 6c Qd", 6, "Q", kNormal, false},      // B12
    {"4s 4h 7c Jd", 11, "J", kNormal, false},     // B13
    {"Ah Th Jc Qd", 11, "JQ", kNormal, false},    // B14
    {"As 3h Jc Kd", 4, "JK", kNormal, false},     // B15
    {"4s 4h Jh Kc", 4, "JK", kNormal, false},     // B16
    {"As Ah Ac Ad", 1, "", kStar, false},         // B17
    {"As Js Qs Ks", 0, "JQK", kDoubleBuh, true},  // B18
    {"2s Js Qs Ks", 1, "JQK", kBuh, true},        // B19
    {"Ad Jc Qh Ks", 1, "JQK", kBuh, false},       // B20
    {"Ac Ad Ah Js", 1, "J", kBuh, false},         // B21
    {"Ts 9h 8c 7d", 10, "", kNatural, false},     // B22
    {"Ts Th Tc Td", 10, "", kNatural, false},     // B23
    {"Ks Kh Kc Kd", 0, "KKKK", kSkunk, false},    // B24
    {"Js Jh Jc Qd", 0, "JJJQ", kSkunk, false},    // B25
    {"5h 6h 7h 8h", 4, "", kNatural, true},       // B26
    {"9c Tc 2c Ac", 6, "", kNatural, true},       // B27
    {"2d 4d 6d 8d", 10, "", kNatural, true},      // B28
    {"As 2s Js Qs", 1, "JQ", kBuh, true},         // B29
    {"5s 5h 9c Jd", 14, "J", kNormal, false},     // B30
    {"3c 9d Ts Kh", 13, "K", kNormal, false},     // B31
    {"Jh Jd Kc 2h", 2, "JJK", kNormal, false},    // B32
    {"Ac 2d Js Qh", 2, "JQ", kNormal, false},     // B33
    {"2h 3d 4c 6s", 10, "", kNatural, false},     // B34
};

std::string hooch_letters(const buh::Analysis& a) {
  std::string letters;
  for (int i = 0; i < a.num_hooch; ++i) letters += "JQK"[a.hooch[i] - 11];
  return letters;
}

}  // namespace

TEST_CASE(buh_hand_values_classes_and_hooch) {
  for (int i = 0; i < static_cast<int>(std::size(kBuhHands)); ++i) {
    const BuhVector& v = kBuhHands[i];
    TRACE("docs/rulebook/buh.md 1.9 B" + std::to_string(i + 1) + ": " + v.hand);
    const buh::Analysis a = buh::analyze(parse_cards(v.hand));
    CHECK_EQ(a.hand_class, v.hand_class);
    if (v.hand_class != kSkunk) CHECK_EQ(a.value, v.value);
    CHECK_EQ(hooch_letters(a), std::string(v.hooch));
    CHECK_EQ(a.is_flush, v.flush);
    CHECK_EQ(a.is_skunk, v.hand_class == kSkunk);
    CHECK_EQ(a.is_natural, std::string(v.hooch).empty());
  }
}

TEST_CASE(buh_showdowns) {
  // docs/rulebook/buh.md 1.9 P1-P32: (first, second) as B numbers, and who wins.
  struct Pair {
    int first, second, result;  // result as winner()
  };
  const Pair pairs[] = {
      {9, 10, -1},  {11, 12, -1}, {13, 14, -1}, {15, 16, 0}, {3, 1, 1},    {3, 25, 1},   {24, 3, 1},   {18, 17, -1},
      {17, 20, -1}, {17, 21, -1}, {20, 21, 1},  {19, 20, 0}, {19, 17, 1},  {18, 19, -1}, {8, 9, -1},   {26, 9, 0},
      {26, 10, -1}, {4, 2, -1},   {6, 8, 1},    {22, 23, 0}, {28, 22, 0},  {27, 11, -1}, {27, 12, -1}, {30, 31, 1},
      {7, 10, -1},  {7, 15, -1},  {10, 15, -1}, {5, 4, 1},   {29, 20, -1}, {32, 33, -1}, {34, 6, 1},   {2, 32, 1},
  };
  for (int i = 0; i < static_cast<int>(std::size(pairs)); ++i) {
    const Pair& p = pairs[i];
    const char* first = kBuhHands[p.first - 1].hand;
    const char* second = kBuhHands[p.second - 1].hand;
    TRACE("docs/rulebook/buh.md 1.9 P" + std::to_string(i + 1) + ": " + first + " vs " + second);
    CHECK_EQ(winner(buh::strength(parse_cards(first)), buh::strength(parse_cards(second))), p.result);
  }
}

TEST_CASE(buh_declarations_on_partial_hands) {
  // docs/rulebook/buh.md 1.9 Dc1-Dc8: whether the cards held are a buh.
  struct Declaration {
    const char* hand;
    int value;
    bool buh;
  };
  const Declaration declarations[] = {
      {"Ah Ac Jd", 1, true}, {"Ah Ac 3s Jd", 4, false}, {"Ac Kd", 1, true},       {"As 2h", 2, false},
      {"Js Qh", 0, false},   {"As Js", 1, true},        {"3s Js Qs Ks", 1, true}, {"As 3s Js Qs", 2, false},
  };
  for (int i = 0; i < static_cast<int>(std::size(declarations)); ++i) {
    const Declaration& d = declarations[i];
    TRACE("docs/rulebook/buh.md 1.9 Dc" + std::to_string(i + 1) + ": " + d.hand);
    const buh::Analysis a = buh::analyze(parse_cards(d.hand));
    CHECK_EQ(a.value, d.value);
    CHECK_EQ(a.is_buh, d.buh);
    CHECK(!a.is_double_buh);  // a partial hand is never a flush; Dc7 is a plain buh
  }
  CHECK_THROWS(buh::analyze(parse_cards("As")), std::invalid_argument, "a Buh hand has 2, 3 or 4 cards, got 1");
  CHECK_THROWS(buh::strength(parse_cards("As Ks Qs")), std::invalid_argument, "needs 4 cards, got 3");
}

TEST_CASE(buh_counts_over_every_hand) {
  // docs/rulebook/buh.md 1.5: 1,321 non-flush four-card buhs (the star included), 44 flushes
  // whose value halves to exactly 1, and 4 double buhs.
  int plain = 0, flush_value_one = 0, double_buhs = 0;
  for (std::uint32_t i = 0; i < kNumHands4; ++i) {
    const buh::Analysis a = buh::analyze(mask_from_colex<4>(i));
    plain += a.is_buh && !a.is_flush;
    flush_value_one += a.is_flush && a.value == 1;
    double_buhs += a.is_double_buh;
  }
  CHECK_EQ(plain, 1321);
  CHECK_EQ(flush_value_one, 44);
  CHECK_EQ(double_buhs, 4);
}

// ---------------------------------------------------------------------------------------
// Badugi

TEST_CASE(badugi_comparisons_and_values) {
  // docs/rulebook/badugi.md 2.7 D1-D18: each hand's value (ace-low ranks of the best legal
  // subset, descending) and who wins.
  struct Comparison {
    const char* first;
    std::vector<int> first_value;
    const char* second;
    std::vector<int> second_value;
    int result;
  };
  const Comparison comparisons[] = {
      {"As 2h 3d 4c", {4, 3, 2, 1}, "Ah 2c 3s 7d", {7, 3, 2, 1}, -1},     // D1
      {"As 2h 3d Kd", {3, 2, 1}, "Ah 2c 3s 7d", {7, 3, 2, 1}, 1},         // D2
      {"3s 5d 7h 8c", {8, 7, 5, 3}, "Ah 2c 3d 9s", {9, 3, 2, 1}, -1},     // D3
      {"8h 5d 3s Ah", {5, 3, 1}, "7h 5c 4c 3d", {7, 4, 3}, -1},           // D4
      {"Ad As 2d 2c", {2, 1}, "Qd Jd 8d 4d", {4}, -1},                    // D5
      {"Td 3h 2c As", {10, 3, 2, 1}, "Ts 4d 2h Ac", {10, 4, 2, 1}, -1},   // D6
      {"Jh Ts 4d Ac", {11, 10, 4, 1}, "Qs 3h 2c Ad", {12, 3, 2, 1}, -1},  // D7
      {"Kh Qd Js Tc", {13, 12, 11, 10}, "As Ah 2c 3c", {2, 1}, -1},       // D8
      {"4d 7d 8d Td", {4}, "Ad As Ah Ac", {1}, 1},                        // D9
      {"2h 6d 6c 9s", {9, 6, 2}, "3h 5d 7s Qh", {7, 5, 3}, 1},            // D10
      {"As 2s 3h 4d", {4, 3, 1}, "2c 3c 4h Ad", {4, 2, 1}, 1},            // D11
      {"Ks Js 8h 6d", {11, 8, 6}, "Kh Jh 8s 6c", {11, 8, 6}, 0},          // D12
      {"5s 6h 7d 8c", {8, 7, 6, 5}, "As 2s 3s 4s", {1}, -1},              // D13
      {"As 2s 3s 4s", {1}, "Ah 2h 3h 5h", {1}, 0},                        // D14
      {"4c 3d 2h As", {4, 3, 2, 1}, "4h 3s 2c Ad", {4, 3, 2, 1}, 0},      // D15
      {"6c 7s 8s 9s", {7, 6}, "6h 7c 2c 9c", {6, 2}, 1},                  // D16
      {"Ac 2d 2h Kc", {2, 1}, "Ah 3s Kd Qc", {13, 12, 3, 1}, 1},          // D17
      {"9s 8h 7d 6c", {9, 8, 7, 6}, "Ks 2h 3d 4c", {13, 4, 3, 2}, -1},    // D18
  };
  auto value = [](const char* hand) {
    const badugi::Analysis a = badugi::analyze(parse_cards(hand));
    return std::vector<int>(a.ranks, a.ranks + a.size);
  };
  for (int i = 0; i < static_cast<int>(std::size(comparisons)); ++i) {
    const Comparison& c = comparisons[i];
    TRACE("docs/rulebook/badugi.md 2.7 D" + std::to_string(i + 1) + ": " + c.first + " vs " + c.second);
    CHECK_EQ(value(c.first), c.first_value);
    CHECK_EQ(value(c.second), c.second_value);
    CHECK_EQ(winner(badugi::strength(parse_cards(c.first)), badugi::strength(parse_cards(c.second))), c.result);
  }
}

TEST_CASE(badugi_cards_used_are_the_lowest_ids_among_equal_subsets) {
  // docs/rulebook/badugi.md 2.5 #6: A♠ A♥ 2♣ can use either ace and uses A♥ (the lower id).
  CHECK_EQ(format_cards(badugi::analyze(parse_cards("As Ah 2c 3c")).cards), std::string("2c Ah"));
  CHECK_EQ(format_cards(badugi::analyze(parse_cards("As 2h 3d Kd")).cards), std::string("2h 3d As"));
  CHECK_EQ(format_cards(badugi::analyze(parse_cards("Ad As 2d 2c")).cards), std::string("2c Ad"));
  CHECK_EQ(badugi::kNumStrengths, badugi::strength(parse_cards("As 2h 3d 4c")));  // the best hand
  CHECK_EQ(badugi::strength(parse_cards("Ks Kh Kd Kc")), 1);                      // the worst
  CHECK_THROWS(badugi::analyze(parse_cards("As 2h 3d")), std::invalid_argument, "needs 4 cards, got 3");
}

TEST_CASE(badugi_key_is_missing_cards_then_ranks_from_the_top) {
  // eval/badugi.hpp: key = (4 - size) << 16, then the ranks descending a nibble each (ace 1,
  // king 13), padded with 0. Lower wins.
  CHECK_EQ(badugi::key(badugi::analyze(parse_cards("As 2h 3d 4c"))), 0x4321u);
  CHECK_EQ(badugi::key(badugi::analyze(parse_cards("Ks Kh 2d 3c"))), 0x1D320u);  // K-3-2
  CHECK_EQ(badugi::key(badugi::analyze(parse_cards("Ks Kh Kd Kc"))), 0x3D000u);  // one king
}

// ---------------------------------------------------------------------------------------
// Bai Buu

TEST_CASE(baibuu_two_card_classes) {
  // docs/rulebook/baibuu.md 3.3-3.4: strength 1 + points for a Score, 11 Công Nhỏ, 12 Công
  // Lớn, 13 + rank for a pair.
  struct TwoCards {
    const char* cards;
    int strength;
  };
  const TwoCards hands[] = {
      {"As Ah", 25}, {"2s 2h", 13}, {"Jc Jd", 22}, {"Js Qh", 12}, {"Ks Qs", 12}, {"Ah 9s", 11},
      {"Ts 4h", 5},  {"Ts Jh", 1},  {"9c Td", 10}, {"8s Ac", 10}, {"Ah 3h", 5},  {"5c 5d", 16},
  };
  for (const TwoCards& h : hands) {
    TRACE(std::string("two cards ") + h.cards);
    CHECK_EQ(baibuu::two_card_strength(parse_cards(h.cards)), h.strength);
  }
  CHECK_EQ(baibuu::class_of_strength(25), baibuu::TwoCardClass::kPair);
  CHECK_EQ(baibuu::class_of_strength(12), baibuu::TwoCardClass::kCongLon);
  CHECK_EQ(baibuu::class_of_strength(11), baibuu::TwoCardClass::kCongNho);
  CHECK_EQ(baibuu::class_of_strength(10), baibuu::TwoCardClass::kScore);
  CHECK_EQ(baibuu::score_points(10), 9);
  CHECK_EQ(baibuu::score_points(11), -1);
}

TEST_CASE(baibuu_naturals_and_their_counts) {
  using enum baibuu::Natural;
  struct Holding {
    const char* cards;
    baibuu::Natural natural;
  };
  const Holding holdings[] = {
      {"6s 7s 8s 9s", kStraightFlush}, {"Ts Th Tc Td", kFourOfAKind}, {"7s 7h 7c 2d", kThreeOfAKind},
      {"Ac 2d 3h 4s", kStraight},      {"Jc Qd Kh Ac", kStraight},    {"Qc 2d Kh Ac", kNone},
      {"2h 5h 9h Kh", kFlush},         {"3s 3h Jc Jd", kNone},        {"As 2s 3s 4s", kStraightFlush},
  };
  for (const Holding& h : holdings) {
    TRACE(std::string("holding ") + h.cards);
    CHECK_EQ(baibuu::natural(parse_cards(h.cards)), h.natural);
  }
  // docs/rulebook/baibuu.md 3.5 #3: the counts over all C(52, 4) holdings.
  int counts[6] = {};
  for (std::uint32_t i = 0; i < kNumHands4; ++i) ++counts[static_cast<int>(baibuu::natural(mask_from_colex<4>(i)))];
  CHECK_EQ(counts[static_cast<int>(kNone)], 262584);
  CHECK_EQ(counts[static_cast<int>(kStraightFlush)], 44);
  CHECK_EQ(counts[static_cast<int>(kFourOfAKind)], 13);
  CHECK_EQ(counts[static_cast<int>(kFlush)], 2816);
  CHECK_EQ(counts[static_cast<int>(kStraight)], 2772);
  CHECK_EQ(counts[static_cast<int>(kThreeOfAKind)], 2496);
}

TEST_CASE(baibuu_settlements) {
  // docs/rulebook/baibuu.md 3.11 V1-V24, banker Low / High ; player Low / High (Low "" and
  // High the four cards for a Natural, which is never arranged).
  using enum baibuu::PositionResult;
  using enum baibuu::Reason;
  constexpr auto kNo = kNotCompared;
  struct Settlement {
    const char *banker_low, *banker_high, *player_low, *player_high;
    bool player_wins;
    baibuu::Reason reason;
    baibuu::PositionResult low, high;
  };
  const Settlement settlements[] = {
      {"4s 5h", "Ks Kh", "3c 5d", "Qc Qd", false, kHands, kBanker, kBanker},     // V1
      {"3s 3h", "Js Jh", "4c 4d", "Qc Qd", true, kHands, kPlayer, kPlayer},      // V2
      {"Qs 7h", "Kh 9c", "Ad 4c", "Kc Kd", true, kHighCard, kBanker, kPlayer},   // V3
      {"Ts 4h", "As Ah", "9c Td", "Kc Kd", false, kHighCard, kPlayer, kBanker},  // V4
      {"2s 5h", "Kc 9d", "3h 4d", "2c 6s", false, kHands, kTie, kBanker},        // V5
      {"4s 5h", "2s 2h", "3c 5d", "2c 2d", false, kHands, kBanker, kTie},        // V6
      {"Ts 5h", "3s 3h", "Jc 5d", "4c 4d", true, kHands, kTie, kPlayer},         // V7
      {"", "6s 7s 8s 9s", "", "Ts Th Tc Td", true, kPlayerNatural, kNo, kNo},    // V8
      {"As 3h", "Ts Th", "Kc 4d", "5c 5d", false, kHands, kBanker, kBanker},     // V9
      {"Ts 4h", "2s 2h", "Kc 4d", "5c 5d", true, kHighCard, kBanker, kPlayer},   // V10
      {"As 3h", "Ts Th", "5c 5d", "Kc 4d", false, kPlayerFoul, kNo, kNo},        // V11
      {"", "7s 7h 7c 2d", "4c 5d", "Kc Kd", false, kBankerNatural, kNo, kNo},    // V12
      {"2s 3h", "Qs Qh", "8c 8d", "4h 5c", false, kPlayerFoul, kNo, kNo},        // V13
      {"As 2h", "9s Th", "Ac 2c", "Kc Kd", false, kHighCard, kBanker, kPlayer},  // V14
      {"2s 3h", "Js Qh", "2c 3d", "9c Td", false, kHands, kTie, kBanker},        // V15
      {"2s 3h", "Ah 9s", "4c Ac", "Qc 9d", false, kHands, kTie, kBanker},        // V16
      {"2s 3h", "Js Qh", "4c As", "Jc Kd", true, kHighCard, kTie, kTie},         // V17
      {"5s 3h", "2s 2h", "4c As", "Jc Kd", false, kHands, kBanker, kBanker},     // V18
      {"", "9s 9h 9c 9d", "", "3s 3h 3c Kd", true, kPlayerNatural, kNo, kNo},    // V19
      {"5s 5h", "Ks Kh", "", "Ac 2d 3h 4s", true, kPlayerNatural, kNo, kNo},     // V20
      {"2s 2h", "5s 5h", "", "Jc Qd Kh Ac", true, kPlayerNatural, kNo, kNo},     // V21
      {"5s 6h", "2s 2h", "2d Ac", "Qc Kh", true, kHighCard, kPlayer, kBanker},   // V22
      {"As 2h", "Ks 4s", "Ac 2c", "Qd 4d", false, kHands, kBanker, kBanker},     // V23
      {"", "3s 3h 3c 3d", "8c 8d", "4h 5c", false, kBankerNatural, kNo, kNo},    // V24
  };
  for (int i = 0; i < static_cast<int>(std::size(settlements)); ++i) {
    const Settlement& s = settlements[i];
    TRACE("docs/rulebook/baibuu.md 3.11 V" + std::to_string(i + 1) + ": banker " + s.banker_low + " / " +
          s.banker_high + " ; player " + s.player_low + " / " + s.player_high);
    const Mask banker_low = parse_cards(s.banker_low), player_low = parse_cards(s.player_low);
    const baibuu::Outcome o = baibuu::settle({banker_low | parse_cards(s.banker_high), banker_low},
                                             {player_low | parse_cards(s.player_high), player_low});
    CHECK_EQ(o.player_wins, s.player_wins);
    CHECK_EQ(o.reason, s.reason);
    CHECK_EQ(o.low, s.low);
    CHECK_EQ(o.high, s.high);
  }
  // The banker may not foul (3.6 #3): V11's banker arranged as printed is rejected.
  CHECK_THROWS(baibuu::settle({parse_cards("As 3h Ts Th"), parse_cards("Ts Th")},
                              {parse_cards("5c 5d Kc 4d"), parse_cards("5c 5d")}),
               std::invalid_argument, "is not valid");
  CHECK_THROWS(baibuu::settle({parse_cards("As 3h Ts Th"), parse_cards("As 3h")},
                              {parse_cards("As 5d Kc 4d"), parse_cards("As 5d")}),
               std::invalid_argument, "share As");
}

TEST_CASE(baibuu_house_way) {
  // docs/rulebook/baibuu.md 3.11 HW1-HW7: the (Low, High) strengths of the house way's pick.
  struct HouseWay {
    const char* cards;
    int low, high;
  };
  const HouseWay picks[] = {
      {"Qs Kh 6c 4d", 1, 12},   // 6c 4d (0) / Qs Kh (Công Lớn)
      {"Ah 9s 8c 2d", 1, 11},   // 8c 2d (0) / Ah 9s (Công Nhỏ)
      {"Qh 8s Ac 4d", 5, 10},   // Qh 4d (4) / 8s Ac (9)
      {"Qh 8s Ac 3d", 5, 9},    // Ac 3d (4) / Qh 8s (8)
      {"2s 2h 3c 7d", 6, 10},   // split the pair: 5 / 9
      {"8s 8h Ac Td", 9, 10},   // split the pair: 8 / 9
      {"3s 3h Jc Jd", 14, 22},  // forced: 3s 3h / Jc Jd
  };
  for (int i = 0; i < static_cast<int>(std::size(picks)); ++i) {
    const HouseWay& h = picks[i];
    TRACE("docs/rulebook/baibuu.md 3.11 HW" + std::to_string(i + 1) + ": " + h.cards);
    const Mask holding = parse_cards(h.cards);
    const int index = baibuu::house_way(holding);
    CHECK_GE(index, 0);
    CHECK_LT(index, baibuu::kNumArrangements);
    const Mask low = baibuu::arrangement_low(holding, index);
    CHECK_EQ(baibuu::two_card_strength(low), h.low);
    CHECK_EQ(baibuu::two_card_strength(holding & ~low), h.high);
    CHECK_EQ(baibuu::arrangement_index(holding, low), index);
  }
  CHECK_EQ(baibuu::house_way(parse_cards("6s 7s 8s 9s")), -1);  // a Natural is not arranged
}

TEST_CASE(baibuu_every_holding_has_a_valid_arrangement_and_the_house_way_picks_one) {
  // docs/rulebook/baibuu.md 3.6 #4, checked over every non-natural holding.
  for (std::uint32_t i = 0; i < kNumHands4; ++i) {
    const Mask holding = mask_from_colex<4>(i);
    if (baibuu::natural(holding) != baibuu::Natural::kNone) continue;
    TRACE("holding " + format_cards(holding));
    const Mask low = baibuu::arrangement_low(holding, baibuu::house_way(holding));
    CHECK(baibuu::is_valid(low, holding & ~low));
  }
}

// ---------------------------------------------------------------------------------------
// Hucklebuck

TEST_CASE(hucklebuck_tricks) {
  // docs/rulebook/hucklebuck.md 4.6 T1-T6: the plays in order, the lead first, and the index
  // of the winning play.
  struct Trick {
    int trump;
    const char* plays;
    int winner;
  };
  const Trick tricks[] = {
      {kHearts, "7s Ks 2h As", 2},    // T1: the only trump
      {kHearts, "9c Tc Ad 3c", 1},    // T2: the highest club, A♦ off-suit
      {kSpades, "5s Ks Ah 2s", 1},    // T3: trump led, the highest trump
      {kDiamonds, "Qh 3d 8d Kh", 2},  // T4: the highest trump over higher hearts
      {kClubs, "Ah Kh 2c 3c Ac", 4},  // T5: the highest of three trumps
      {kClubs, "4d Jd 5h 2d", 1},     // T6: the highest diamond, 5♥ off-suit
  };
  for (int i = 0; i < static_cast<int>(std::size(tricks)); ++i) {
    const Trick& t = tricks[i];
    TRACE("docs/rulebook/hucklebuck.md 4.6 T" + std::to_string(i + 1) + ": " + t.plays);
    const std::vector<int> plays = parse_card_list(t.plays);
    CHECK_EQ(hucklebuck::trick_winner(plays.data(), static_cast<int>(plays.size()), t.trump), t.winner);
  }
  const int one[] = {parse_card("2c")};
  CHECK_EQ(hucklebuck::trick_winner(one, 1, kSpades), 0);
  CHECK_THROWS(hucklebuck::trick_winner(one, 0, kSpades), std::invalid_argument, "a trick needs at least one card");
  const int twice[] = {parse_card("2c"), parse_card("2c")};
  CHECK_THROWS(hucklebuck::trick_winner(twice, 2, kSpades), std::invalid_argument, "card 2c is played twice");
  CHECK_THROWS(hucklebuck::trick_winner(one, 1, 4), std::invalid_argument, "trump suit 4 is not in 0-3");
  for (const int id : {-1, 52, 60}) {  // the first id past the deck, and one well past it
    const int off_deck[] = {parse_card("2c"), id};
    CHECK_THROWS(hucklebuck::trick_winner(off_deck, 2, kSpades), std::invalid_argument,
                 "card id " + std::to_string(id) + " is not in 0-51");
  }
}

TEST_CASE(hucklebuck_follow_suit) {
  // docs/rulebook/hucklebuck.md 4.6, legality: spades led, K♠ 4♠ 9♥ 2♣ 7♦ must play a spade;
  // with no spade any card, with no duty to trump.
  const Mask hand = parse_cards("Ks 4s 9h 2c 7d");
  CHECK_EQ(hucklebuck::legal_plays(hand, kSpades), parse_cards("Ks 4s"));
  CHECK_EQ(hucklebuck::legal_plays(hand, kHearts), parse_cards("9h"));
  CHECK_EQ(hucklebuck::legal_plays(hand, -1), hand);
  const Mask void_in_spades = parse_cards("9h 2c 7d 5h");
  CHECK_EQ(hucklebuck::legal_plays(void_in_spades, kSpades), void_in_spades);
  for (const int led : {-2, 4, 9})  // below "none led", the first past the suits, well past
    CHECK_THROWS(hucklebuck::legal_plays(hand, led), std::invalid_argument,
                 "led suit " + std::to_string(led) + " is not in 0-3 (or -1)");
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
