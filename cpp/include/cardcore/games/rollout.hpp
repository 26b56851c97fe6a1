// Native rollouts: whole games played in C++ by built-in policies, for simulation.
//
// Game i of a simulation is played from stream i of the seed, so a simulation's results
// depend only on (game, policies, seed) and the game's index, never on how the games are
// split between threads or machines. Single-hand simulations rotate the dealer: game i
// has first dealer i mod players (docs/design.md, "Batch work and threads").
//
// The cards come from the seeded state's own generator (Deal::kStock), or, for duplicate
// matches, from one stream a destination (Deal::kSeats, docs/match.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/core/summary.hpp"
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

// How a simulation deals its cards.
// - kStock: the seeded state's generator, one stream for the whole stock: the n-th card to
//   leave the stock depends only on the seed, so the cards a seat draws depend on how many
//   the seats before it drew.
// - kSeats: each destination of a card (each seat, and a game's codes such as the burn)
//   has its own stream, so that a seat gets the same cards in every play of the game,
//   whoever sits there and however many cards the others draw, but for a card that another
//   destination's stream reached first (one replacement in ten in heads-up Badugi). What
//   duplicate matches deal.
enum class Deal : std::uint8_t { kStock, kSeats };

// The cards of Deal::kSeats. Destination t deals the first card of stream t of the seed
// that is still in the stock. Each stream is uniform and independent of the play, so the
// card is uniform over the stock given everything before, as a seeded state's.
class SeatStreams {
 public:
  explicit SeatStreams(std::uint64_t seed) : seed_(seed) {}

  int deal(int target, Mask stock) {
    Rng& rng = stream(target);
    for (;;) {  // the bound is fixed, so that the stream does not depend on the stock
      const auto card = static_cast<int>(rng.below(kDeckSize));
      if (stock >> card & 1) return card;
    }
  }

 private:
  // A game's destinations are its seats (at most 8) and a few negative codes.
  static constexpr std::size_t kMaxTargets = 16;

  Rng& stream(int target) {
    for (std::size_t k = 0; k < used_; ++k)
      if (targets_[k] == target) return streams_[k];
    if (used_ == kMaxTargets) throw std::logic_error("a game dealt to more than 16 destinations");
    targets_[used_] = target;
    streams_[used_] = Rng(seed_, static_cast<std::uint64_t>(target + 128));  // targets are int8
    return streams_[used_++];
  }

  std::uint64_t seed_;
  std::array<int, kMaxTargets> targets_{};
  std::array<Rng, kMaxTargets> streams_;  // default-constructed: replaced before use
  std::size_t used_ = 0;
};

// A player of play_to_end from a chooser choose(state, seat, rng) -> action, told nothing
// of the cards dealt.
template <class Choose>
struct PlainPlayer {
  const Choose& choose;
  template <class State>
  int decide(const State& state, int seat, Rng& rng) const {
    return choose(state, seat, rng);
  }
  template <class State>
  void dealt(const State&, int) const {}
};

// Plays `state` to its end, seat s choosing with player.decide(state, s, rng). A seeded
// state deals its own cards (`streams` null); a state with explicit chance gets them from
// `streams`, each card told to player.dealt(state, card) before it is dealt (control
// variates value it: games/control_variates.hpp).
template <class State, class Player>
void play_to_end(State& state, SeatStreams* streams, Rng& rng, Player&& player) {
  while (!state.is_terminal()) {
    if (streams && state.is_chance_node()) {
      const int card = streams->deal(state.pending_target(), state.stock());
      player.dealt(state, card);
      state.apply_action(card);
    } else {
      state.apply_action(player.decide(state, state.current_player(), rng));
    }
  }
}

// Game i of a simulation, played to its end from stream i of the seed by `player` (as
// play_to_end plays it), the cards dealt as `deal` says. `game` is the configuration,
// already checked (rollout and rollout_summary check it once), with first_dealer = i mod
// players when `rotate_dealer`.
template <class State, class Config, class Player>
State play_game_with(Config game, int players, bool rotate_dealer, Deal deal, std::uint64_t i, std::uint64_t seed,
                     Player&& player) {
  if constexpr (requires { game.first_dealer; })
    if (rotate_dealer) game.first_dealer = static_cast<int>(i % static_cast<std::uint64_t>(players));
  Rng rng(seed, i);
  const std::uint64_t deal_seed = rng.next();
  // One State for both deals, so that it is returned without a copy (NRVO): seeded from the
  // stock, or with explicit chance dealt here from the seats' streams.
  const bool from_stock = deal == Deal::kStock;
  State state(game, from_stock, from_stock ? deal_seed : 0, Prevalidated{});
  if (from_stock) {
    play_to_end(state, nullptr, rng, player);
  } else {
    SeatStreams streams(deal_seed);
    play_to_end(state, &streams, rng, player);
  }
  return state;
}

// play_game_with, seat s choosing with choose(state, s, rng).
template <class State, class Config, class Choose>
State play_game(const Config& game, int players, bool rotate_dealer, Deal deal, std::uint64_t i, std::uint64_t seed,
                const Choose& choose) {
  return play_game_with<State>(game, players, rotate_dealer, deal, i, seed, PlainPlayer<Choose>{choose});
}

// Adds one game's counts to a running total.
template <class State>
void add_counts(Counts<State>& total, const Counts<State>& more) {
  for (std::size_t c = 0; c < total.size(); ++c) total[c] += more[c];
}

// Plays games [begin, end) with play(i, row, counts), which plays game i, writes its
// returns to row[0, players) and adds its counts to `counts`: the rows, (end - begin) x
// players, go to `returns` and the games' counts are added to `counts`.
template <class CountsT, class Play>
void play_rows(int players, std::int64_t begin, std::int64_t end, int threads, const Play& play, double* returns,
               CountsT& counts) {
  std::mutex counts_mutex;
  parallel_chunks(
      static_cast<std::size_t>(end - begin), threads, [&](std::size_t first, std::size_t last) -> std::int64_t {
        CountsT chunk_counts{};
        for (std::size_t k = first; k < last; ++k) {
          check_interrupt();
          play(static_cast<std::uint64_t>(begin) + k, returns + k * static_cast<std::size_t>(players), chunk_counts);
        }
        const std::lock_guard lock(counts_mutex);  // once per chunk
        for (std::size_t c = 0; c < counts.size(); ++c) counts[c] += chunk_counts[c];
        return kNoBadIndex;
      });
}

// One game played from a seeded state (play_game): its returns to `row`, its counts added.
template <class State, class Config, class Choose>
void play_game_row(const Config& config, int players, bool rotate_dealer, Deal deal, std::uint64_t i,
                   std::uint64_t seed, const Choose& choose, double* row, Counts<State>& counts) {
  const State state = play_game<State>(config, players, rotate_dealer, deal, i, seed, choose);
  for (int p = 0; p < players; ++p) row[p] = state.return_of(p);
  add_counts<State>(counts, state.counts());
}

// Plays games [begin, end) (play_game), writes each game's returns, (end - begin) x
// players, to `returns`, and adds the games' counts to `counts`.
template <class State, class Config, class Choose>
void rollout(const Config& config, int players, bool rotate_dealer, Deal deal, std::int64_t begin, std::int64_t end,
             std::uint64_t seed, int threads, Choose choose, double* returns, Counts<State>& counts) {
  config.validate();
  play_rows(
      players, begin, end, threads,
      [&](std::uint64_t i, double* row, Counts<State>& game_counts) {
        play_game_row<State>(config, players, rotate_dealer, deal, i, seed, choose, row, game_counts);
      },
      returns, counts);
}

// Summarizes games [begin, end) without keeping their returns: play(i, row, counts) plays
// game i, writes its returns to row[0, players) and adds its counts to `counts` (a
// Counts). `moments` (one per seat) becomes the games' summary (core/summary.hpp: blocks of
// kSummaryBlock games from `begin`, combined in order, so the same for any thread count);
// their games ahead, histogram and counts are added to `summary_counts` and `counts`, and
// `running_totals` gets each seat's total after each block, blocks x players.
template <class CountsT, class Play>
void summarize_games(int players, std::int64_t begin, std::int64_t end, int threads, const Play& play, const Bins& bins,
                     Moments* moments, SummaryCounts& summary_counts, CountsT& counts,
                     std::vector<double>& running_totals) {
  const auto games = static_cast<std::size_t>(end - begin);
  const std::size_t blocks = (games + kSummaryBlock - 1) / kSummaryBlock;
  const auto seats = static_cast<std::size_t>(players);
  std::vector<Moments> block_moments(blocks * seats);  // a few per thousand games
  std::mutex counts_mutex;
  parallel_chunks(blocks, threads, [&](std::size_t first_block, std::size_t last_block) -> std::int64_t {
    CountsT chunk_counts{};
    SummaryCounts chunk_summary(players, bins.count);
    std::vector<double> row(seats);
    for (std::size_t b = first_block; b < last_block; ++b) {
      Moments* block = &block_moments[b * seats];
      const std::size_t last = std::min(games, (b + 1) * kSummaryBlock);
      for (std::size_t k = b * kSummaryBlock; k < last; ++k) {
        check_interrupt();
        play(static_cast<std::uint64_t>(begin) + k, row.data(), chunk_counts);
        const auto n = static_cast<std::int64_t>(k - b * kSummaryBlock + 1);
        for (std::size_t p = 0; p < seats; ++p) block[p].add(row[p], n);
        chunk_summary.add(row.data(), players, bins);
      }
    }
    const std::lock_guard lock(counts_mutex);  // once per thread
    summary_counts.merge(chunk_summary);
    for (std::size_t c = 0; c < counts.size(); ++c) counts[c] += chunk_counts[c];
    return kNoBadIndex;
  });
  running_totals.assign(blocks * seats, 0.0);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto before = static_cast<std::int64_t>(b * kSummaryBlock);
    const auto more = static_cast<std::int64_t>(std::min(games, (b + 1) * kSummaryBlock)) - before;
    for (std::size_t p = 0; p < seats; ++p) {
      const Moments& block = block_moments[b * seats + p];
      moments[p].merge(block, before, more);
      running_totals[b * seats + p] =
          (b == 0 ? 0.0 : running_totals[(b - 1) * seats + p]) + block.mean * static_cast<double>(more);
    }
  }
}

// summarize_games over games played from seeded states (play_game).
template <class State, class Config, class Choose>
void rollout_summary(const Config& config, int players, bool rotate_dealer, Deal deal, std::int64_t begin,
                     std::int64_t end, std::uint64_t seed, int threads, Choose choose, const Bins& bins,
                     Moments* moments, SummaryCounts& summary_counts, Counts<State>& counts,
                     std::vector<double>& running_totals) {
  config.validate();
  summarize_games(
      players, begin, end, threads,
      [&](std::uint64_t i, double* row, Counts<State>& game_counts) {
        play_game_row<State>(config, players, rotate_dealer, deal, i, seed, choose, row, game_counts);
      },
      bins, moments, summary_counts, counts, running_totals);
}

}  // namespace cardcore
