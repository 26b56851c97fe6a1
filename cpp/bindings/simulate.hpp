// The binding of every game's native rollouts: simulate(game, begin, end, seed, policies,
// threads) -> (returns of games [begin, end), one row each; the games' counts by name), and
// policy_action(state, policy, seed), one decision of a built-in policy.
#pragma once

#include <string>
#include <vector>

#include "cardcore/games/rollout.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "vector.hpp"

namespace cardcore::bindings {

// A State's simulation counts as {name: count}.
using NamedCounts = py::typing::Dict<py::str, py::int_>;
template <class State>
NamedCounts counts_dict(const Counts<State>& counts) {
  py::dict named;
  for (std::size_t c = 0; c < counts.size(); ++c) named[py::str(std::string(State::kCountNames[c]))] = counts[c];
  return named;
}

// The chooser (state, rng) -> action of policy `name`: one of the game's spec, else
// std::invalid_argument listing them. `choose_for(name)` gives the chooser of a spec name.
template <class State, class ChooseFor>
auto chooser(const ChooseFor& choose_for, const std::string& name) {
  const auto& spec = State::Spec::kSpec;
  std::string expected;
  for (std::string_view policy : spec.policies) {
    if (policy == name) return choose_for(name);
    expected += (expected.empty() ? "'" : ", '") + std::string(policy) + "'";
  }
  throw std::invalid_argument("unknown " + std::string(spec.name) + " policy " + quote_input(name) +
                              ": expected one of " + expected);
}

// `choose_for(name)` turns a policy name of the game's spec into a chooser (state, rng) ->
// action. Binds the game's VectorEnv too, whose single-agent mode plays the same policies.
template <class Game, class State, class ChooseFor>
void bind_simulate(py::module_& m, const char* policies_doc, bool rotate_dealer, ChooseFor choose_for) {
  m.def(
      "simulate",
      [rotate_dealer, choose_for](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
                                  const std::vector<std::string>& policies,
                                  int threads) -> py::typing::Tuple<py::array_t<double>, NamedCounts> {
        const int players = game.num_players();
        if (policies.size() != static_cast<std::size_t>(players))
          throw std::invalid_argument("policies needs one name per seat (" + std::to_string(players) + "), got " +
                                      std::to_string(policies.size()));
        if (begin < 0 || end < begin)
          throw std::invalid_argument("games [" + std::to_string(begin) + ", " + std::to_string(end) +
                                      ") is empty or negative");
        using Chooser = decltype(choose_for(std::string()));
        std::vector<Chooser> choosers;
        for (const std::string& name : policies) choosers.push_back(chooser<State>(choose_for, name));
        py::array_t<double> out({static_cast<py::ssize_t>(end - begin), static_cast<py::ssize_t>(players)});
        double* data = out.mutable_data();
        Counts<State> counts{};
        {
          py::gil_scoped_release release;  // plays its own states and writes only `out` and `counts`
          rollout<State>(
              game.config, players, rotate_dealer, begin, end, seed, threads,
              [&](const State& s, int seat, Rng& rng) { return choosers[static_cast<std::size_t>(seat)](s, rng); },
              data, counts);
        }
        return py::make_tuple(out, counts_dict<State>(counts));
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "threads"_a, policies_doc);
  m.def(
      "policy_action",
      [choose_for](const State& state, const std::string& policy, const Integer& seed) {
        if (state.current_player() < 0)
          throw std::invalid_argument("policy_action needs a player to act, not a chance or terminal node");
        Rng rng(to_seed(seed));
        return chooser<State>(choose_for, policy)(state, rng);
      },
      "state"_a, "policy"_a, "seed"_a,
      "The action a built-in policy (one of simulate's names) takes at a player node; `seed` "
      "drives its random choices.");
  bind_vector<Game, State>(m, choose_for);
}

}  // namespace cardcore::bindings
