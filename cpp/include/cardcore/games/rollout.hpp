// Native rollouts: whole games played in C++ by built-in policies, for simulation.
//
// Game i of a simulation is played from stream i of the seed, so a simulation's results
// depend only on (game, policies, seed) and the game's index, never on how the games are
// split between threads or machines. Single-hand simulations rotate the dealer: game i
// has first dealer i mod players (docs/design.md, "Batch work and threads").
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/engine.hpp"

namespace cardcore {

// A uniformly random legal action of a player node.
template <class State>
int random_action(const State& state, Rng& rng) {
  const ActionSet legal = state.legal_player_actions();
  return legal.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size()))));
}

// What a simulation counts besides returns: each State names its counts in kCountNames
// (the first is always the hands, or rounds, completed) and reports them for the hands it
// has completed from counts().
template <class State>
using Counts = std::array<std::int64_t, State::kCountNames.size()>;

// Plays games [begin, end) from seeded states, seat s choosing with choose(state, s, rng),
// writes each game's returns, (end - begin) x players, to `returns`, and adds the games'
// counts to `counts`. With `rotate_dealer`, game i's configuration has first_dealer =
// i mod players.
template <class State, class Config, class Choose>
void rollout(const Config& config, int players, bool rotate_dealer, std::int64_t begin, std::int64_t end,
             std::uint64_t seed, int threads, Choose choose, double* returns, Counts<State>& counts) {
  std::mutex counts_mutex;
  parallel_chunks(static_cast<std::size_t>(end - begin), threads,
                  [&](std::size_t first, std::size_t last) -> std::int64_t {
                    Config game = config;
                    Counts<State> chunk_counts{};
                    for (std::size_t k = first; k < last; ++k) {
                      const auto i = static_cast<std::uint64_t>(begin) + k;
                      if constexpr (requires { game.first_dealer; })
                        if (rotate_dealer)
                          game.first_dealer = static_cast<int>(i % static_cast<std::uint64_t>(players));
                      Rng rng(seed, i);
                      State state(game, true, rng.next());
                      while (!state.is_terminal()) state.apply_action(choose(state, state.current_player(), rng));
                      const std::vector<double> r = state.returns();
                      std::copy(r.begin(), r.end(), returns + k * static_cast<std::size_t>(players));
                      const Counts<State> game_counts = state.counts();
                      for (std::size_t c = 0; c < counts.size(); ++c) chunk_counts[c] += game_counts[c];
                    }
                    const std::lock_guard lock(counts_mutex);  // once per chunk
                    for (std::size_t c = 0; c < counts.size(); ++c) counts[c] += chunk_counts[c];
                    return kNoBadIndex;
                  });
}

}  // namespace cardcore
