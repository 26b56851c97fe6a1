// Vector environments (docs/vector.md): a batch of N seeded states of any engine that
// follows the protocol (games/protocol.hpp), all stepped by one call, writing observations,
// legal masks, rewards and terminations straight into caller-owned arrays. Nothing here
// names a game: a game plugs in through the registry (games/registry.hpp) and the bindings.
//
// Conventions (the documented contract):
// - Env i draws everything from its own generator, Rng(seed, i): episode k starts from the
//   state seeded with that generator's next output, and each decision a built-in policy
//   takes inside (single-agent mode) is made with Rng(the generator's next output), as
//   policy_action(state, policy, seed) makes it. So trajectories never depend on the
//   thread count. A reset may give each env its own seed: env i then draws from
//   Rng(seeds[i], i).
// - The dealer moves (rotate_dealer, in a game whose configuration has first_dealer): env
//   i's first episode after a seeded reset has first dealer (first_dealer + i) mod players,
//   and each episode after that the next seat (a game dealt again for want of a decision
//   keeps its dealer), so that every seat deals equally often, whatever the thread count.
// - Self-play (seat < 0): an env stops at every player decision. Single-agent (seat k):
//   the other seats are played inside by their policies, so every stop is seat k's.
// - Auto-reset is Gymnasium 1.x's next-step mode: the step after the one that ended an
//   episode (terminated) starts the next episode and ignores that env's action.
// - A game with no decision to stop at (a Bai Buu round whose player hands are all dealt
//   Naturals; in single-agent mode any game that ends before seat k acts) is settled
//   inside and the next one dealt: its returns arrive as the reward of the step that
//   starts the episode, and count in that episode's returns.
// - rewards are each seat's chips won since the env's previous step; episode_returns, at a
//   terminated step, the sum of the episode's rewards (zeros otherwise).
// - At a terminated step the observation is the final state seen by the seat that acted
//   (self-play) or by seat k, current_player is kTerminalPlayer and no action is legal.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/protocol.hpp"
#include "cardcore/vector/thread_pool.hpp"

namespace cardcore::vector {

// Where a reset or step writes, row i for env i (C-contiguous): observation num_envs x D,
// legal_mask num_envs x A, current_player num_envs, rewards num_envs x players,
// terminated num_envs, episode_returns num_envs x players.
struct Outputs {
  float* observation;
  bool* legal_mask;
  std::int8_t* current_player;
  float* rewards;
  bool* terminated;
  float* episode_returns;
};

template <GameState State>
class VectorEnv {
 public:
  using Config = typename State::Spec::Config;
  // A built-in policy: the action of the seat to act, drawing any randomness from rng.
  using Policy = std::function<int(const State&, Rng&)>;
  static constexpr int kMaxSeats = State::Spec::kSpec.max_players;

  // seat < 0: self-play; else single-agent for `seat`, policies[s] choosing for every
  // other seat s (policies has one entry per seat; seat's own is unused).
  VectorEnv(const Config& config, int num_envs, int seat, std::vector<Policy> policies, bool information_state,
            int threads, bool rotate_dealer = true)
      : config_(validated(config)),  // checked once: every State below is built Prevalidated
        num_envs_(num_envs),
        seat_(seat),
        rotate_dealer_(rotate_dealer),
        policies_(std::move(policies)),
        information_state_(information_state),
        players_(State::Spec::num_players(config)),
        actions_(State::Spec::kSpec.num_distinct_actions),
        pool_(threads) {
    const typename State::Spec::Layout layout(config);
    size_ = information_state ? layout.information_state.size() : layout.observation.size();
    if (num_envs < 1) throw std::invalid_argument("num_envs must be at least 1, got " + std::to_string(num_envs));
    if (seat >= players_)
      throw std::invalid_argument("seat must be below the " + std::to_string(players_) + " seats, got " +
                                  std::to_string(seat));
    if (seat >= 0 && policies_.size() != static_cast<std::size_t>(players_))
      throw std::invalid_argument("single-agent mode needs a policy for every seat");
  }

  int num_envs() const { return num_envs_; }
  int players() const { return players_; }
  int num_actions() const { return actions_; }
  int observation_size() const { return size_; }
  int seat() const { return seat_; }
  int threads() const { return pool_.size(); }
  bool started() const { return !envs_.empty(); }

  // Starts a new episode in every env from the streams of `seed`.
  void reset(std::uint64_t seed, const Outputs& out) {
    reset(std::vector<std::optional<std::uint64_t>>(static_cast<std::size_t>(num_envs_), seed), out);
  }
  // Starts a new episode in every env: env i restarts stream i of seeds[i] (one per env), or
  // continues its stream where seeds[i] is empty (every seed is given at the first reset).
  void reset(const std::vector<std::optional<std::uint64_t>>& seeds, const Outputs& out) {
    envs_.reserve(static_cast<std::size_t>(num_envs_));
    for (std::size_t i = 0; i < seeds.size(); ++i) {
      if (!seeds[i]) continue;
      Env env{State(config_, true, 0, Prevalidated{}), Rng(*seeds[i], static_cast<std::uint64_t>(i))};
      if constexpr (kHasDealer) env.dealer = (config_.first_dealer + static_cast<int>(i)) % players_;
      if (i < envs_.size())
        envs_[i] = std::move(env);
      else
        envs_.push_back(std::move(env));
    }
    run(out, [&](std::size_t i) { start_episode(envs_[i], i, out); });
  }
  // Starts a new episode in every env, continuing each env's stream.
  void reset(const Outputs& out) {
    run(out, [&](std::size_t i) { start_episode(envs_[i], i, out); });
  }

  // The first env of [first, last) (in index order) whose action, actions[i], is not legal,
  // or kNoBadIndex. An env whose last step ended its episode ignores its action.
  std::int64_t first_illegal(const std::int64_t* actions, std::size_t first = 0,
                             std::size_t last = static_cast<std::size_t>(-1)) const {
    for (std::size_t i = first; i < std::min(last, envs_.size()); ++i) {
      const Env& env = envs_[i];
      if (!env.done && (actions[i] < 0 || actions[i] >= actions_ || !env.legal.contains(static_cast<int>(actions[i]))))
        return static_cast<std::int64_t>(i);
    }
    return kNoBadIndex;
  }

  // Steps every env; the caller has checked the actions (first_illegal).
  void step(const std::int64_t* actions, const Outputs& out) {
    run(out, [&](std::size_t i) { step_env(i, actions[i], out); });
  }

  // Steps envs [first, last) asynchronously on the pool (a part of a split VectorEnv, docs/vector.md):
  // returns at once, and finish(job) completes it. actions[i] is env i's; the caller has
  // checked them, and neither they nor these envs' rows of `out` may be touched before finish.
  void start_step(ThreadPool::Job& job, std::size_t first, std::size_t last, const std::int64_t* actions,
                  const Outputs& out) {
    pool_.start(job, last - first, kChunk, [this, first, actions, out](std::size_t begin, std::size_t end) {
      for (std::size_t i = first + begin; i < first + end; ++i) step_env(i, actions[i], out);
    });
  }
  void finish(ThreadPool::Job& job) { pool_.finish(job); }

  const State& state(int i) const { return envs_.at(static_cast<std::size_t>(i)).state; }
  bool done(int i) const { return envs_.at(static_cast<std::size_t>(i)).done; }

 private:
  struct Env {
    State state;
    Rng rng;
    std::array<double, kMaxSeats> reported{};  // the state's returns at the last step
    std::array<double, kMaxSeats> episode{};   // the rewards of this episode so far
    ActionSet legal{};                         // the legal actions the last step reported
    bool done = false;                         // the last step ended an episode
    int dealer = 0;                            // the first dealer of the next episode
  };

  static constexpr bool kHasDealer = requires(Config c) { c.first_dealer; };

  // A new game of `env`, with its first dealer env.dealer when the dealer rotates.
  State deal(Env& env) const {
    const std::uint64_t seed = env.rng.next();
    if constexpr (kHasDealer) {
      if (rotate_dealer_) {
        Config config = config_;
        config.first_dealer = env.dealer;
        return State(config, true, seed, Prevalidated{});
      }
    }
    return State(config_, true, seed, Prevalidated{});
  }

  template <class Each>
  void run(const Outputs&, Each each) {
    pool_.run(static_cast<std::size_t>(num_envs_), [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) each(i);
    });
  }

  // The envs a split part's chunk holds: enough that taking one costs little beside
  // stepping it, few enough that the two ends of a part meet evenly.
  static constexpr std::size_t kChunk = 32;

  // Env i's step: `action` applied, or its next episode after one that ended.
  void step_env(std::size_t i, std::int64_t action, const Outputs& out) {
    Env& env = envs_[i];
    if (env.done) return start_episode(env, i, out);
    const int actor = env.state.current_player();
    env.state.apply_action(static_cast<int>(action));
    if (seat_ >= 0) play_others(env);
    finish_step(env, i, out, actor);
  }

  // Single-agent mode: the policies play every other seat until seat_'s turn or the end.
  void play_others(Env& env) {
    State& state = env.state;
    for (int player = state.current_player(); player >= 0 && player != seat_; player = state.current_player()) {
      Rng rng(env.rng.next());
      state.apply_action(policies_[static_cast<std::size_t>(player)](state, rng));
    }
  }

  // Deals games until one stops at a decision; the returns of those that did not count as
  // this step's rewards.
  void start_episode(Env& env, std::size_t i, const Outputs& out) {
    std::array<double, kMaxSeats> carried{};
    for (;;) {
      env.state = deal(env);
      if (seat_ >= 0) play_others(env);
      if (!env.state.is_terminal()) break;
      for (int s = 0; s < players_; ++s) carried[s] += env.state.return_of(s);
    }
    env.dealer = (env.dealer + 1) % players_;
    float* rewards = out.rewards + i * static_cast<std::size_t>(players_);
    for (int s = 0; s < players_; ++s) {
      const double now = env.state.return_of(s);
      env.reported[s] = now;
      env.episode[s] = carried[s] + now;
      rewards[s] = static_cast<float>(env.episode[s]);
    }
    env.done = false;
    out.terminated[i] = false;
    std::fill_n(out.episode_returns + i * static_cast<std::size_t>(players_), players_, 0.0f);
    write_view(env, i, out, env.state.current_player());
  }

  // The rewards, termination and view after an action of `actor`.
  void finish_step(Env& env, std::size_t i, const Outputs& out, int actor) {
    float* rewards = out.rewards + i * static_cast<std::size_t>(players_);
    for (int s = 0; s < players_; ++s) {
      const double now = env.state.return_of(s), reward = now - env.reported[s];
      env.reported[s] = now;
      env.episode[s] += reward;
      rewards[s] = static_cast<float>(reward);
    }
    env.done = env.state.is_terminal();
    out.terminated[i] = env.done;
    float* returns = out.episode_returns + i * static_cast<std::size_t>(players_);
    for (int s = 0; s < players_; ++s) returns[s] = env.done ? static_cast<float>(env.episode[s]) : 0.0f;
    write_view(env, i, out, env.done ? (seat_ >= 0 ? seat_ : actor) : env.state.current_player());
  }

  // The observation of `viewer`, the legal mask and the player to act.
  void write_view(Env& env, std::size_t i, const Outputs& out, int viewer) {
    const State& state = env.state;
    float* observation = out.observation + i * static_cast<std::size_t>(size_);
    if (information_state_)
      state.information_state_tensor(viewer, observation);
    else
      state.observation_tensor(viewer, observation);
    env.legal = env.done ? ActionSet{} : state.legal_player_actions();
    bool* mask = out.legal_mask + i * static_cast<std::size_t>(actions_);
    for (int a = 0; a < actions_; ++a) mask[a] = env.legal.bits[a >> 6] >> (a & 63) & 1;
    out.current_player[i] = static_cast<std::int8_t>(state.current_player());
  }

  Config config_;
  int num_envs_, seat_;
  bool rotate_dealer_;
  std::vector<Policy> policies_;
  bool information_state_;
  int players_, actions_, size_ = 0;
  std::vector<Env> envs_;
  ThreadPool pool_;
};

}  // namespace cardcore::vector
