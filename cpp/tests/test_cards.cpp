// Cards, card sets, bit helpers, colex indexing (core/layout.hpp), the four-card rank
// table and the project's generator (core/rng.hpp).
#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/colex_avx2.hpp"
#include "cardcore/core/colex_avx512.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rank_table.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/engine.hpp"
#include "check.hpp"

using namespace cardcore;

TEST_CASE(card_ids_follow_the_documented_layout) {
  // card id = 4 * rank + suit, 2c = 0 ... As = 51 (cards.hpp)
  CHECK_EQ(parse_card("2c"), 0);
  CHECK_EQ(parse_card("2d"), 1);
  CHECK_EQ(parse_card("3c"), 4);
  CHECK_EQ(parse_card("As"), 51);
  CHECK_EQ(make_card(kAce, kSpades), 51);
  CHECK_EQ(make_card(kTen, kHearts), 4 * 8 + 2);
  for (int card = 0; card < kDeckSize; ++card) {
    CHECK_EQ(make_card(rank_of(card), suit_of(card)), card);
    CHECK_EQ(parse_card(format_card(card)), card);
    CHECK_EQ(parse_card(format_card(card, true)), card);
  }
}

TEST_CASE(card_tokens_take_every_documented_spelling) {
  const int ace_of_spades = make_card(kAce, kSpades);
  for (const char* token : {"As", "as", "AS", "A♠", "A♤"}) {
    TRACE(std::string("parsing '") + token + "'");
    CHECK_EQ(parse_card_token(token), ace_of_spades);
  }
  CHECK_EQ(parse_card_token("10h"), make_card(kTen, kHearts));
  CHECK_EQ(parse_card_token("Th"), make_card(kTen, kHearts));
  CHECK_EQ(parse_card_token("9♦"), make_card(7, kDiamonds));
  for (const char* bad : {"", "A", "1s", "Ax", "11s", "As s", "Zs"}) {
    TRACE(std::string("parsing '") + bad + "'");
    CHECK_EQ(parse_card_token(bad), -1);
  }
}

TEST_CASE(card_sets_parse_format_and_reject_bad_input) {
  const Mask mask = parse_cards("As, 3h 7c\t9d");
  CHECK_EQ(popcount(mask), 4);
  CHECK_EQ(format_cards(mask), std::string("3h 7c 9d As"));
  CHECK_EQ(format_cards(0), std::string(""));
  CHECK_EQ(parse_cards(""), Mask{0});
  // The order written is kept by parse_card_list (a trick's plays, lead first).
  CHECK_EQ(parse_card_list("Kd 2c As"), (std::vector<int>{make_card(kKing, kDiamonds), 0, 51}));
  CHECK_THROWS(parse_cards("As Ks As"), std::invalid_argument, "duplicate card 'As' at position 3");
  CHECK_THROWS(parse_cards("As,,Kd"), std::invalid_argument, "empty card at position 2");
  CHECK_THROWS(parse_cards("As Kx"), std::invalid_argument, "invalid card 'Kx' at position 2");
  CHECK_THROWS(parse_card("As Kd"), std::invalid_argument, "expected exactly one card");
  CHECK_THROWS(check_mask(Mask{1} << 52), std::invalid_argument, "outside the 52 card positions");
  CHECK_THROWS(check_hand(parse_cards("As Kd"), 4, "a Buh hand"), std::invalid_argument,
               "a Buh hand needs 4 cards, got 2 (Kd As)");
  check_hand(parse_cards("As Kd Qh Jc"), 4, "a Buh hand");  // a good hand does not throw
}

TEST_CASE(bit_helpers_at_their_edges) {
  CHECK_EQ(popcount(0), 0);
  CHECK_EQ(popcount(~std::uint64_t{0}), 64);
  CHECK_EQ(lowest_bit(0), 64);
  CHECK_EQ(highest_bit(0), -1);
  CHECK_EQ(lowest_bit(0b1011000), 3);
  CHECK_EQ(highest_bit(0b1011000), 6);
  CHECK_EQ(clear_lowest(0b1011000), std::uint64_t{0b1010000});
  CHECK_EQ(clear_lowest(0), std::uint64_t{0});
  CHECK_EQ(highest_bit(std::uint64_t{1} << 63), 63);
  // Each byte's count, in that byte; popcount sums them.
  CHECK_EQ(byte_counts(0xFF01000000000300ull), std::uint64_t{0x0801000000000200ull});
  CHECK_EQ(popcount(0xFF01000000000300ull), 11);
}

TEST_CASE(suit_and_rank_layouts) {
  for (int suit = 0; suit < kNumSuits; ++suit) {
    CHECK_EQ(popcount(suit_mask(suit)), kNumRanks);
    for (int rank = 0; rank < kNumRanks; ++rank) CHECK(suit_mask(suit) >> make_card(rank, suit) & 1);
  }
  CHECK_EQ(suit_mask(0) | suit_mask(1) | suit_mask(2) | suit_mask(3), kDeckMask);
  const Mask hand = parse_cards("Ac Ah 7d 2s");
  CHECK_EQ(rank_nibble(hand, kAce), 0b0101u);  // clubs (bit 0) and hearts (bit 2)
  CHECK_EQ(rank_nibble(hand, 5), 0b0010u);     // 7d: rank index 5, diamonds
  CHECK_EQ(rank_nibble(hand, 1), 0u);
  CHECK_EQ(ranks_present(hand), (1u << kAce) | (1u << 5) | 1u);
}

TEST_CASE(binomials_and_table_sizes) {
  CHECK_EQ(kBinomial[0][0], 1u);
  CHECK_EQ(kBinomial[1][0], 0u);
  CHECK_EQ(kBinomial[2][52], 1326u);
  CHECK_EQ(kBinomial[4][52], 270725u);
  CHECK_EQ(kBinomial[5][52], 2598960u);
  CHECK_EQ(kNumHands2, 1326u);
  CHECK_EQ(kNumHands4, 270725u);
  for (int n = 1; n <= 64; ++n)
    for (int k = 1; k <= kMaxColexK; ++k) CHECK_EQ(kBinomial[k][n], kBinomial[k][n - 1] + kBinomial[k - 1][n - 1]);
}

// Every K-card mask in increasing integer order has colex index 0, 1, 2, ... and
// mask_from_colex inverts it.
template <int K>
void check_colex_order() {
  TRACE("K = " + std::to_string(K));
  Mask previous = 0;
  for (std::uint32_t i = 0; i < kBinomial[K][kDeckSize]; ++i) {
    const Mask mask = mask_from_colex<K>(i);
    if (i > 0) CHECK_LT(previous, mask);
    CHECK_EQ(popcount(mask), K);
    CHECK_EQ(mask & ~kDeckMask, Mask{0});
    bool valid = false;
    CHECK_EQ(colex_index<K>(mask, valid), i);
    CHECK(valid);
    previous = mask;
  }
  // The last index is the top K cards.
  CHECK_EQ(previous, kDeckMask & ~((Mask{1} << (kDeckSize - K)) - 1));
}

TEST_CASE(colex_index_is_the_position_in_increasing_order) {
  check_colex_order<1>();
  check_colex_order<2>();
  check_colex_order<3>();
  check_colex_order<4>();
  // The first 2-card masks: {2c 2d} = 0b11, {2c 2h} = 0b101, {2d 2h} = 0b110, {2c 2s} ...
  CHECK_EQ(mask_from_colex<2>(0), Mask{0b11});
  CHECK_EQ(mask_from_colex<2>(1), Mask{0b101});
  CHECK_EQ(mask_from_colex<2>(2), Mask{0b110});
  CHECK_EQ(mask_from_colex<2>(3), Mask{0b1001});
}

TEST_CASE(colex_round_trip_on_random_five_card_hands) {
  Rng rng(7);
  for (int i = 0; i < 100000; ++i) {
    const Mask hand = rng.random_hand(5);
    bool valid = false;
    const std::uint32_t index = colex_index<5>(hand, valid);
    CHECK(valid);
    CHECK_LT(index, kBinomial[5][kDeckSize]);
    CHECK_EQ(mask_from_colex<5>(index), hand);
  }
}

TEST_CASE(colex_index_rejects_masks_of_the_wrong_size_or_outside_the_deck) {
  struct Bad {
    Mask mask;
    const char* why;
  };
  const Bad bad[] = {
      {0, "no cards"},
      {parse_cards("As Kd Qh"), "three cards"},
      {parse_cards("As Kd Qh Jc Tc"), "five cards"},
      {parse_cards("As Kd Qh") | Mask{1} << 52, "a bit above the deck"},
      {parse_cards("As Kd Qh") | Mask{1} << 63, "bit 63"},
      {~Mask{0}, "every bit"},
  };
  for (const Bad& b : bad) {
    TRACE(std::string("a four-card index of ") + b.why);
    bool valid = true;
    CHECK_EQ(colex_index<4>(b.mask, valid), 0u);  // index 0: a lookup stays in bounds
    CHECK(!valid);
  }
}

TEST_CASE(batch_lookups_report_the_first_bad_index_whatever_the_thread_count) {
  std::vector<std::uint16_t> table(kNumHands2);
  for (std::uint32_t i = 0; i < kNumHands2; ++i) table[i] = static_cast<std::uint16_t>(i);
  Rng rng(3);
  std::vector<Mask> masks(5000);
  for (Mask& m : masks) m = rng.random_hand(2);
  std::vector<std::int32_t> out(masks.size());
  for (int threads : {1, 2, 7}) {
    TRACE("threads = " + std::to_string(threads));
    CHECK_EQ(lookup_colex_many<2>(table.data(), masks.data(), out.data(), masks.size(), threads), kNoBadIndex);
    for (std::size_t i = 0; i < masks.size(); ++i) {
      bool valid = false;
      CHECK_EQ(out[i], static_cast<std::int32_t>(colex_index<2>(masks[i], valid)));
    }
    std::vector<Mask> bad = masks;
    bad[4000] = parse_cards("As Ks Qs");
    bad[1234] = Mask{1} << 60 | 1;
    CHECK_EQ(lookup_colex_many<2>(table.data(), bad.data(), out.data(), bad.size(), threads), std::int64_t{1234});
  }
}

// The sum of a mask's card ids: 193 values for four cards, 0 + 1 + 2 + 3 = 6 to 48 + 49 + 50 + 51 = 198.
int ids_sum(Mask hand) {
  int sum = 0;
  for (Mask m = hand; m; m = clear_lowest(m)) sum += lowest_bit(m);
  return sum;
}

// A key where lower wins: 52 - the highest card id, so a hand's strength is the rank of its
// highest card among the highest cards a four-card hand can have (ids 3 .. 51).
std::uint32_t highest_card_key(Mask hand) { return static_cast<std::uint32_t>(kDeckSize - highest_bit(hand)); }

TEST_CASE(rank_table_gives_dense_strengths_higher_better) {
  const RankTable4 table(&highest_card_key, "a test hand", 49);  // the highest of four cards: ids 3 .. 51
  CHECK_EQ(table.distinct(), 49);
  CHECK_EQ(table.strength(parse_cards("2c 2d 2h 2s")), 1);  // highest id 3: the worst
  CHECK_EQ(table.strength(parse_cards("2c 2d 2h As")), 49);
  CHECK_EQ(table.strength(parse_cards("3c 2d 2h 2s")), 2);
  CHECK_THROWS(table.strength(parse_cards("2c 2d 2h")), std::invalid_argument, "a test hand needs 4 cards, got 3");
  const Mask hands[] = {parse_cards("2c 2d 2h 2s"), parse_cards("2c 2d 2h As"), parse_cards("2c 2d")};
  std::int32_t out[3];
  CHECK_EQ(table.strength_many(hands, out, 3, 1), std::int64_t{2});
  CHECK_EQ(out[0], 1);
  CHECK_EQ(out[1], 49);
}

#ifdef CARDCORE_AVX2_KERNEL
// avx2::colex4_index of masks[0..8), its lanes stored.
CARDCORE_AVX2 void avx2_colex4(const Mask* masks, std::uint32_t* index, std::uint32_t* valid) {
  __m256i lanes_valid;
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(index), avx2::colex4_index(masks, lanes_valid));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(valid), lanes_valid);
}

#ifdef CARDCORE_AVX512_KERNEL
// avx512::colex4_index of masks[0..16), its lanes stored (valid as all ones or zero).
CARDCORE_AVX512 void avx512_colex4(const Mask* masks, std::uint32_t* index, std::uint32_t* valid) {
  __mmask16 lanes_valid;
  _mm512_storeu_si512(index, avx512::colex4_index(avx512::load_colex4_rows(), masks, lanes_valid));
  for (int lane = 0; lane < 16; ++lane) valid[lane] = (lanes_valid >> lane & 1) ? ~0u : 0u;
}
#endif

// The vector kernels exist on x86-64 only (colex_avx2.hpp and colex_avx512.hpp).
TEST_CASE(the_vector_colex_indices_are_the_scalar_ones_lane_by_lane) {
  // Every hand, every seventh replaced by a bad mask (none, three cards, five, a card at 52 or
  // 63, all 64 bits): each kind in turn for 112 masks, whose 16 bad ones fall in all 16 lanes.
  const Mask bad[] = {0, 7, 31, Mask{7} | Mask{1} << 52, Mask{7} | Mask{1} << 63, ~Mask{0}};
  std::vector<Mask> masks(kNumHands4 / 16 * 16);
  for (std::size_t i = 0; i < masks.size(); ++i)
    masks[i] = i % 7 == 3 ? bad[i / 112 % std::size(bad)] : mask_from_colex<4>(static_cast<std::uint32_t>(i));
  // Each lane against colex_index<4>: the same validity, and the same index where valid (the
  // AVX2 one also gives 0 where not, as the scalar one does).
  auto check_lanes = [&](std::size_t at, int lanes, const std::uint32_t* index, const std::uint32_t* valid,
                         bool invalid_index_zero) {
    for (int lane = 0; lane < lanes; ++lane) {
      bool expected_valid;
      const std::uint32_t expected = colex_index<4>(masks[at + static_cast<std::size_t>(lane)], expected_valid);
      CHECK_EQ(valid[lane], expected_valid ? ~0u : 0u);
      if (expected_valid || invalid_index_zero) CHECK_EQ(index[lane], expected);
    }
  };
  limit_batch_kernel(BatchKernel::kAvx512);
  const BatchKernel best = batch_kernel();
  std::uint32_t index[16], valid[16];
  if (best >= BatchKernel::kAvx2)
    for (std::size_t at = 0; at < masks.size(); at += 8) {
      avx2_colex4(masks.data() + at, index, valid);
      check_lanes(at, 8, index, valid, true);
    }
#ifdef CARDCORE_AVX512_KERNEL
  if (best == BatchKernel::kAvx512)
    for (std::size_t at = 0; at < masks.size(); at += 16) {
      avx512_colex4(masks.data() + at, index, valid);
      check_lanes(at, 16, index, valid, false);
    }
#endif
}
#endif

TEST_CASE(rank_table_kernels_agree_on_every_hand_and_on_the_first_bad_index) {
  // A key that tells many hands apart: the sum of the card ids (lower is better).
  const RankTable4 table([](Mask hand) { return static_cast<std::uint32_t>(ids_sum(hand)); }, "a test hand", 193);
  std::vector<Mask> hands(kNumHands4);
  for (std::uint32_t i = 0; i < kNumHands4; ++i) hands[i] = mask_from_colex<4>(i);
  const BatchKernel best = batch_kernel();
  limit_batch_kernel(BatchKernel::kPortable);
  CHECK_EQ(batch_kernel(), BatchKernel::kPortable);
  std::vector<std::int32_t> portable(hands.size()), out(hands.size());
  CHECK_EQ(table.strength_many(hands.data(), portable.data(), hands.size(), 1), kNoBadIndex);
  for (std::uint32_t i = 0; i < kNumHands4; i += 9'973) CHECK_EQ(portable[i], table.strength(hands[i]));
  for (const BatchKernel kernel : {BatchKernel::kPortable, BatchKernel::kAvx2, BatchKernel::kAvx512}) {
    limit_batch_kernel(kernel);
    CHECK_EQ(batch_kernel(), std::min(kernel, best));
    std::fill(out.begin(), out.end(), -1);
    CHECK_EQ(table.strength_many(hands.data(), out.data(), hands.size(), 1), kNoBadIndex);
    CHECK(out == portable);
    // A bad mask of each kind (five cards, three, a card above 51: 52, 63) at the vector
    // steps' and blocks' edges and in the tail on one thread (AVX2's last block ends at
    // 270,720), and in either thread's part on two.
    for (std::int64_t bad : {0, 7, 8, 15, 16, 63, 64, 270'655, 270'719, 270'720, 270'724})
      for (Mask wrong : {Mask{31}, Mask{7}, Mask{7} | Mask{1} << 52, Mask{7} | Mask{1} << 63}) {
        std::vector<Mask> masks = hands;
        masks[static_cast<std::size_t>(bad)] = wrong;
        for (int threads : {1, 2}) CHECK_EQ(table.strength_many(masks.data(), out.data(), masks.size(), threads), bad);
      }
  }
  CHECK_EQ(batch_kernel(), best);  // the last limit, kAvx512, is none
}

TEST_CASE(rank_table_checks_its_number_of_strengths) {
  CHECK_THROWS(RankTable4(&highest_card_key, "a test hand", 48), std::logic_error,
               "a test hand: 49 distinct strengths, not 48");
}

TEST_CASE(rng_is_deterministic_and_in_range) {
  // The same seed and stream give the same sequence; another stream another one.
  Rng a(42), b(42), c(42, 1);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t x = a.next();
    CHECK_EQ(x, b.next());
    differs |= x != c.next();
  }
  CHECK(differs);
  // below() stays in range and, over many draws, hits every value roughly equally.
  Rng rng(1);
  for (std::uint32_t bound : {1u, 2u, 3u, 52u, 1000u, 0x80000001u}) {
    TRACE("bound = " + std::to_string(bound));
    for (int i = 0; i < 2000; ++i) CHECK_LT(rng.below(bound), bound);
  }
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) ++counts[rng.below(6)];
  for (int count : counts) {
    CHECK_GT(count, 9400);  // 10,000 expected, sd ~91: a 6-sd band
    CHECK_LT(count, 10600);
  }
  // splitmix64 from state 0 gives the published sequence, and next() is xoshiro256** over
  // the state words it seeds: a change that would deal other cards for a seed fails here.
  std::uint64_t state = 0;
  CHECK_EQ(splitmix64(state), std::uint64_t{0xE220A8397B1DCDAF});
  CHECK_EQ(splitmix64(state), std::uint64_t{0x6E789E6AA1B965F4});
  CHECK_EQ(splitmix64(state), std::uint64_t{0x06C45D188009454F});
  std::uint64_t sm = 5 ^ 0xD1B54A32D192ED03ull, s[4];  // Rng(5)'s seeding, stream 0
  for (auto& word : s) word = splitmix64(sm);
  auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
  Rng five(5);
  for (int i = 0; i < 1000; ++i) {  // xoshiro256** as published by Blackman and Vigna
    const std::uint64_t expected = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    CHECK_EQ(five.next(), expected);
  }
}

TEST_CASE(random_hands_have_k_distinct_cards_of_the_deck) {
  Rng rng(9);
  for (int k : {0, 1, 4, 26, 27, 51, 52}) {
    TRACE("k = " + std::to_string(k));
    for (int i = 0; i < 200; ++i) {
      const Mask hand = rng.random_hand(k);
      CHECK_EQ(popcount(hand), k);
      CHECK_EQ(hand & ~kDeckMask, Mask{0});
    }
  }
}

TEST_CASE(nth_card_is_the_nth_lowest_card_of_any_mask) {
  Rng rng(11);
  std::vector<Mask> masks{kDeckMask, Mask{1}, card_bit(51), 0xFFull << 40, Mask{0xAAAAAAAAAAAAA}};
  for (int k = 1; k <= 52; ++k)
    for (int i = 0; i < 20; ++i) masks.push_back(rng.random_hand(k));
  for (const Mask mask : masks) {
    TRACE("mask = " + std::to_string(mask));
    int n = 0;
    for (Mask m = mask; m; m = clear_lowest(m)) CHECK_EQ(nth_card(mask, n++), lowest_bit(m));
  }
}

TEST_CASE(an_action_sets_nth_is_its_nth_lowest_id_in_either_word) {
  Rng rng(12);
  for (int i = 0; i < 300; ++i) {
    ActionSet set;
    set.bits[0] = rng.next() & rng.next();  // about a quarter of the ids, in both words
    set.bits[1] = i % 3 ? rng.next() & rng.next() : 0;
    if (i % 7 == 0) set.bits[0] = 0;
    const std::vector<int> ids = set.to_vector();
    CHECK_EQ(static_cast<int>(ids.size()), set.size());
    for (int n = 0; n < set.size(); ++n) CHECK_EQ(set.nth(n), ids[static_cast<std::size_t>(n)]);
  }
}

TEST_CASE(a_stocks_deal_takes_out_the_card_its_generator_draws) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Stock stock(true, seed);
    const Mask start = seed % 2 ? kDeckMask : Rng(seed).random_hand(30);
    stock.reset(start);
    Rng draws(seed);  // the stock's own generator, replayed
    for (Mask left = start; left;) {
      const int expected = nth_card(left, static_cast<int>(draws.below(static_cast<std::uint32_t>(popcount(left)))));
      CHECK_EQ(stock.deal(), expected);
      left &= ~card_bit(expected);
      CHECK_EQ(stock.cards(), left);
      CHECK_EQ(stock.size(), popcount(left));
    }
  }
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
