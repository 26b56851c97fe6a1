// Plays n hands of heads-up Badugi between two random players with the cardcore engine and
// reports seat 0's mean return and how strong the final hands were.
//
//   sim [n [seed]]     (defaults: 1000 hands, seed 0)
//
// Hand i is played exactly as cardcore's native rollouts play it (games/rollout.hpp): from
// stream i of the seed, with seat i mod 2 dealing. So the returns equal those of
// cardcore.simulate("badugi", n, policies=["random", "random"], seed=seed) in Python.
#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/state.hpp"
#include "cardcore/games/rollout.hpp"

namespace badugi = cardcore::badugi;

int main(int argc, char** argv) {
  std::int64_t n = 1000;
  std::uint64_t seed = 0;
  try {
    if (argc > 3) throw std::invalid_argument("too many arguments");
    if (argc > 1) n = std::stoll(argv[1]);
    if (argc > 2) seed = std::stoull(argv[2]);
    if (n < 1) throw std::invalid_argument("n must be at least 1");
  } catch (const std::exception& error) {
    std::fprintf(stderr, "usage: sim [n [seed]] (%s)\n", error.what());
    return 2;
  }

  const badugi::Game game{badugi::Config{}};  // 1 hand, blinds 1/2, stacks 100
  std::array<double, badugi::kNumPlayers> total{};
  std::array<std::int64_t, 5> by_size{};  // final hands by cards in their best Badugi, 1-4
  for (std::int64_t i = 0; i < n; ++i) {
    badugi::Config config = game.config;
    config.first_dealer = static_cast<int>(i % badugi::kNumPlayers);
    cardcore::Rng rng(seed, static_cast<std::uint64_t>(i));
    badugi::State state(config, /*seeded=*/true, rng.next());
    while (!state.is_terminal()) state.apply_action(cardcore::random_action(state, rng));
    const std::vector<double> returns = state.returns();
    for (int seat = 0; seat < badugi::kNumPlayers; ++seat) {
      total[seat] += returns[seat];
      ++by_size[badugi::analyze(state.hand(seat)).size];
    }
  }

  std::printf("hands %lld\nseed %llu\n", static_cast<long long>(n), static_cast<unsigned long long>(seed));
  for (int seat = 0; seat < badugi::kNumPlayers; ++seat) std::printf("seat %d total %.0f\n", seat, total[seat]);
  std::printf("seat 0 mean %.6f\n", total[0] / static_cast<double>(n));
  const char* names[5] = {"", "one-card", "two-card", "three-card", "badugi"};
  for (int size = 4; size >= 1; --size) std::printf("%s %lld\n", names[size], static_cast<long long>(by_size[size]));
  return 0;
}
