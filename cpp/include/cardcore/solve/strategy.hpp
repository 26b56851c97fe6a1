// A solution's policy as a player (docs/solve.md, "A strategy as a player"): the action
// probabilities of each information set, found by the information-state string of the
// player to act, and an action drawn by them.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/core/text.hpp"
#include "cardcore/games/history.hpp"
#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {

class StrategyTable {
 public:
  explicit StrategyTable(Solution solution);

  // "<name> <config>", the game the strategy plays.
  const std::string& game() const { return solution_.game; }

  // The policy of `player` at the information set `key`, or nullptr.
  const InfosetPolicy* find(int player, const std::string& key) const;

  // The configuration the strategy was solved in, of the game of `config`: `config` itself,
  // or, in a game whose dealer moves, `config` with the strategy's first dealer (the same
  // table with the seats turned); else std::invalid_argument naming both games.
  template <class State>
  typename State::Spec::Config own_seating(const typename State::Spec::Config& config) const {
    const auto game_of = [](const typename State::Spec::Config& c) {
      return std::string(State::kName) + " " + c.to_string();
    };
    if (game_of(config) == solution_.game) return config;
    if constexpr (requires { config.first_dealer; }) {
      auto turned = config;
      for (turned.first_dealer = 0; turned.first_dealer < State::Spec::num_players(config); ++turned.first_dealer)
        if (game_of(turned) == solution_.game) return turned;
    }
    throw std::invalid_argument("a strategy of " + quote_input(solution_.game) + " cannot play " +
                                quote_input(game_of(config)));
  }

  // The policy of the player to act at `state`, or nullptr where the strategy lacks the set.
  // Simulations move the dealer from game to game: a state whose first dealer is not the
  // strategy's is looked up in the strategy's own seating, its history replayed there (every
  // card then goes to the seat as many places on from the dealer), so the strategy plays a
  // place at the table, not a seat number (docs/solve.md, "A strategy as a player").
  template <class State>
  const InfosetPolicy* policy_at(const State& state) const {
    const int player = state.current_player();
    if (const InfosetPolicy* policy = find(player, state.information_state_string(player))) return policy;
    const auto config = own_seating<State>(state.config());
    if constexpr (requires { config.first_dealer; }) {
      if (config.first_dealer != state.config().first_dealer) {
        State turned(config, false, 0);
        for (const Step& step : state.history()) turned.apply_action(step.action);
        return find(turned.current_player(), turned.information_state_string(turned.current_player()));
      }
    }
    return nullptr;
  }

  // The action of `policy` that `u` in [0, 1) falls on, the probabilities laid end to end
  // (the last action with a positive probability when rounding leaves `u` past them all).
  static int action_at(const InfosetPolicy& policy, double u);

  // Each legal action's probability at `state` (a decision): its set's (policy_at), or
  // each legal action's alike at a set a sampled solve never visited
  // (Solution::uniform_elsewhere), else std::invalid_argument (missing).
  template <class State>
  std::vector<std::pair<int, double>> probabilities(const State& state) const {
    std::vector<std::pair<int, double>> out;
    if (const InfosetPolicy* policy = policy_at(state)) {
      for (std::size_t a = 0; a < policy->actions.size(); ++a)
        out.emplace_back(policy->actions[a], policy->probabilities[a]);
      return out;
    }
    if (!solution_.uniform_elsewhere) missing(state.current_player());
    const auto legal = state.legal_actions();
    for (const int action : legal) out.emplace_back(action, 1.0 / static_cast<double>(legal.size()));
    return out;
  }

  // An action of the player to act at `state` drawn by those probabilities with one number
  // of `rng`.
  template <class State>
  int choose(const State& state, Rng& rng) const {
    const double u = static_cast<double>(rng.next() >> 11) * 0x1p-53;  // 53 random bits
    if (const InfosetPolicy* policy = policy_at(state)) return action_at(*policy, u);
    if (!solution_.uniform_elsewhere) missing(state.current_player());
    const auto legal = state.legal_player_actions();
    return legal.nth(static_cast<int>(u * legal.size()));
  }

 private:
  // Throws that the strategy lacks the set of `player`'s decision. The message names the
  // player, never the set's key: the key holds the player's cards, and the error may reach
  // another seat (a strategy playing against a person).
  [[noreturn]] static void missing(int player);

  Solution solution_;
  std::unordered_map<std::string, std::size_t> index_[2];  // per player: key -> policy entry
};

}  // namespace cardcore::solve
