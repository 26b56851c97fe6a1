// Draw odds (cardcore/odds/draw.hpp) over Badugi's DrawGame (games/badugi/policy.hpp):
// the published figures, exact against Monte Carlo, the thread count, bad input; and the
// games' DrawGame fields (Buh's too).
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/games/buh/policy.hpp"
#include "cardcore/odds/draw.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

// The most cards one legal discard of `game` throws, over every four-card hand.
int most_thrown(const odds::DrawGame& game) {
  int most = 0;
  for (std::uint32_t i = 0; i < kNumHands4; ++i) {
    const Mask hand = mask_from_colex<4>(i);
    for (Mask discard = hand; discard != 0; discard = (discard - 1) & hand)
      if (popcount(discard) > most && game.legal_discard(hand, discard)) most = popcount(discard);
  }
  return most;
}

// The draws (of `counts`) that end in a four-card badugi.
std::uint64_t badugis(const std::vector<std::uint64_t>& counts) {
  const std::vector<std::uint8_t>& of = badugi::draw_game().class_of_strength();
  std::uint64_t n = 0;
  for (std::size_t s = 1; s < counts.size(); ++s) n += of[s] == 3 ? counts[s] : 0;
  return n;
}

odds::Showdown heads_up(const char* a, const char* b, int draws_left) {
  odds::Showdown s;
  s.players = 2;
  s.hands[0] = parse_cards(a);
  s.hands[1] = parse_cards(b);
  s.draws_left = draws_left;
  return s;
}

}  // namespace

TEST_CASE(odds_a_three_card_badugi_makes_a_badugi_with_ten_of_48) {
  std::vector<std::uint64_t> counts(badugi::kNumStrengths + 1);
  const auto total =
      odds::draw_distribution(badugi::draw_game(), parse_cards("As 2h 3d Kd"), parse_cards("Kd"), 0, counts.data());
  CHECK_EQ(total, std::uint64_t{48});
  CHECK_EQ(badugis(counts), std::uint64_t{10});
  // Dead clubs are outs no longer: 4c and 5c dead leave 8 of 46.
  odds::draw_distribution(badugi::draw_game(), parse_cards("As 2h 3d Kd"), parse_cards("Kd"), parse_cards("4c 5c"),
                          counts.data());
  CHECK_EQ(badugis(counts), std::uint64_t{8});
}

TEST_CASE(odds_four_new_cards_make_a_badugi_as_often_as_counted) {
  // Four of the 48 cards left by the four kings: 4 of 12 ranks, a suit each, C(12, 4) x 4!.
  std::vector<std::uint64_t> counts(badugi::kNumStrengths + 1);
  const Mask kings = parse_cards("Kc Kd Kh Ks");
  CHECK_EQ(odds::draw_distribution(badugi::draw_game(), kings, kings, 0, counts.data()), std::uint64_t{194580});
  CHECK_EQ(badugis(counts), std::uint64_t{495 * 24});
}

TEST_CASE(odds_monte_carlo_agrees_with_the_exact_equity_and_ignores_the_threads) {
  const odds::Showdown s = heads_up("As 2h 3d Kd", "2c 4c 6h Js", 1);
  const odds::ExactResult exact = odds::exact_showdown(badugi::draw_game(), s, 10'000'000);
  CHECK(exact.done);
  CHECK_LT(std::abs(exact.shares[0] + exact.shares[1] - 1.0), 1e-12);
  const std::int64_t n = 200'000;
  const odds::MonteCarloResult one = odds::monte_carlo_showdown(badugi::draw_game(), s, n, 7, 1);
  const odds::MonteCarloResult two = odds::monte_carlo_showdown(badugi::draw_game(), s, n, 7, 2);
  CHECK(one.share_sum == two.share_sum);
  CHECK(one.strength == two.strength);
  const double p = static_cast<double>(one.share_sum[0]) / odds::kShareUnits / n;
  CHECK_LT(std::abs(p - exact.shares[0]), 4 * std::sqrt(p * (1 - p) / n));  // 4 standard errors
  // A budget too small gives up.
  CHECK(!odds::exact_showdown(badugi::draw_game(), heads_up("Kc Qc Jc Tc", "Kd Qd Jd Td", 3), 1000).done);
}

TEST_CASE(odds_heads_up_with_both_drawing_counts_every_pair_of_draws) {
  // 30 dead cards leave 14 unseen; each hand throws three, and every pair of disjoint draws
  // is enumerated here, to check the inclusion-exclusion of exact_showdown.
  odds::Showdown s = heads_up("As 2h 7d Kd", "Qs Qh Jd Jc", 1);
  s.dead = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Qc Kc Ac 2d 3d 4d 5d 6d 8d 9d Td Qd Ad 3h 4h 5h 6h 8h 9h Th Kh");
  s.has_first[0] = s.has_first[1] = true;
  s.first_discards[0] = parse_cards("2h 7d Kd");
  s.first_discards[1] = parse_cards("Qh Jd Jc");
  const odds::ExactResult exact = odds::exact_showdown(badugi::draw_game(), s, 10'000'000);
  CHECK(exact.done);
  std::vector<Mask> draws;  // every three unseen cards
  const Mask unseen = kDeckMask & ~(s.hands[0] | s.hands[1] | s.dead);
  for (Mask a = unseen; a; a = clear_lowest(a))
    for (Mask b = clear_lowest(a); b; b = clear_lowest(b))
      for (Mask c = clear_lowest(b); c; c = clear_lowest(c))
        draws.push_back((a ^ clear_lowest(a)) | (b ^ clear_lowest(b)) | (c ^ clear_lowest(c)));
  CHECK_EQ(draws.size(), std::size_t{364});
  std::int64_t units = 0, pairs = 0;  // 2 a pair hand 0 wins, 1 a split
  for (const Mask mine : draws)
    for (const Mask theirs : draws) {
      if (mine & theirs) continue;
      const int a = badugi::strength((s.hands[0] & ~s.first_discards[0]) | mine);
      const int b = badugi::strength((s.hands[1] & ~s.first_discards[1]) | theirs);
      units += a > b ? 2 : a == b ? 1 : 0;
      ++pairs;
    }
  CHECK_EQ(pairs, std::int64_t{364 * 165});
  CHECK(std::abs(exact.shares[0] - static_cast<double>(units) / static_cast<double>(2 * pairs)) < 1e-12);
  CHECK(std::abs(exact.shares[0] + exact.shares[1] - 1) < 1e-12);
}

TEST_CASE(odds_max_discard_is_the_most_cards_a_legal_discard_throws) {
  // A documented field of the games' public DrawGame: Buh's granny throws 3, Badugi any 4.
  CHECK_EQ(buh::draw_game().max_discard, most_thrown(buh::draw_game()));
  CHECK_EQ(badugi::draw_game().max_discard, most_thrown(badugi::draw_game()));
}

TEST_CASE(odds_each_draw_game_says_which_discards_are_legal) {
  // DrawGame::illegal_discard, a public field that error messages end with: the rule in words.
  CHECK(badugi::draw_game().illegal_discard.find("any 0 to 4 cards") != std::string::npos);
  CHECK(buh::draw_game().illegal_discard.find("0 to 2 cards, or 3 (a granny)") != std::string::npos);
}

TEST_CASE(odds_bad_input_is_named) {
  std::vector<std::uint64_t> counts(badugi::kNumStrengths + 1);
  const Mask hand = parse_cards("As 2h 3d Kd");
  CHECK_THROWS(odds::draw_distribution(badugi::draw_game(), hand, parse_cards("Kc"), 0, counts.data()),
               std::invalid_argument, "not in the hand");
  CHECK_THROWS(odds::draw_distribution(badugi::draw_game(), hand, parse_cards("Kd"), parse_cards("Kd"), counts.data()),
               std::invalid_argument, "share");
  CHECK_THROWS(
      odds::draw_distribution(badugi::draw_game(), hand, hand, kDeckMask & ~hand & ~parse_cards("Kc"), counts.data()),
      std::invalid_argument, "too few unseen cards");
  CHECK_THROWS(odds::checked_showdown(badugi::draw_game(), heads_up("As 2h 3d Kd", "Kd 4c 5c 6c", 0)),
               std::invalid_argument, "shares Kd");
  CHECK_THROWS(odds::checked_showdown(badugi::draw_game(), heads_up("As 2h 3d Kd", "4c 5c 6c 7c", 4)),
               std::invalid_argument, "draws_left");
}

TEST_CASE(odds_a_random_hand_is_the_range_of_every_hand) {
  // No cards (dealt all four) and the range of all 270,725 hands, less those that share a
  // card with the known hand: the same exact shares, and a Monte Carlo figure near them.
  odds::Showdown random = heads_up("As 2h 3d Kd", "", 0);
  odds::Showdown range = random;
  for (std::uint32_t i = 0; i < kNumHands4; ++i) range.ranges[1].push_back(mask_from_colex<4>(i));
  const odds::ExactResult a = odds::exact_showdown(badugi::draw_game(), random, 10'000'000);
  const odds::ExactResult b = odds::exact_showdown(badugi::draw_game(), range, 10'000'000);
  CHECK(a.done && b.done);
  CHECK_LT(std::abs(a.shares[0] - b.shares[0]), 1e-12);
  const std::int64_t n = 100'000;
  const odds::MonteCarloResult c = odds::monte_carlo_showdown(badugi::draw_game(), range, n, 3, 2);
  const double p = static_cast<double>(c.share_sum[0]) / odds::kShareUnits / n;
  CHECK_LT(std::abs(p - a.shares[0]), 4 * std::sqrt(p * (1 - p) / n));
  // A range every hand of which shares a card with the known hand is refused.
  odds::Showdown none = heads_up("As 2h 3d Kd", "", 0);
  none.ranges[1] = {parse_cards("As 4c 5d 6h")};
  CHECK_THROWS(odds::exact_showdown(badugi::draw_game(), none, 1000), std::invalid_argument, "no hand left");
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
