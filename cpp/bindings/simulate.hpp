// The binding of every game's native rollouts: simulate(game, begin, end, seed, policies,
// threads) -> (returns of games [begin, end), one row each; the games' counts by name),
// simulate_calling(game, begin, end, seed, policies), the same games where a seat may choose
// by a Python callable, and policy_action(state, policy, seed), one decision of a built-in
// policy.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cardcore/games/rollout.hpp"
#include "common.hpp"
#include "engine.hpp"

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

// The legal action id that a callable policy returned (an int, or anything with
// __index__ but a bool), or nothing.
template <class State>
std::optional<int> legal_choice(const State& state, const py::object& chosen) {
  if (py::isinstance<py::bool_>(chosen) || !PyIndex_Check(chosen.ptr())) return std::nullopt;
  const py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(chosen.ptr()));
  if (!index) throw py::error_already_set();
  const long long action = PyLong_AsLongLong(index.ptr());
  if (action == -1 && PyErr_Occurred()) {
    PyErr_Clear();  // beyond a long long: not an action
    return std::nullopt;
  }
  if (action < 0 || action > std::numeric_limits<int>::max() || !state.is_legal(static_cast<int>(action)))
    return std::nullopt;
  return static_cast<int>(action);
}

// `choose_for(name)` turns a policy name of the game's spec into a chooser (state, rng) ->
// action.
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
      "simulate_calling",
      [rotate_dealer, choose_for](
          const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
          const std::vector<py::object>& policies) -> py::typing::Tuple<py::array_t<double>, NamedCounts> {
        const int players = game.num_players();
        if (policies.size() != static_cast<std::size_t>(players))
          throw std::invalid_argument("policies needs one per seat (" + std::to_string(players) + "), got " +
                                      std::to_string(policies.size()));
        if (begin < 0 || end < begin)
          throw std::invalid_argument("games [" + std::to_string(begin) + ", " + std::to_string(end) +
                                      ") is empty or negative");
        using Chooser = decltype(choose_for(std::string()));
        std::vector<std::optional<Chooser>> choosers;  // empty where a callable chooses
        for (const py::object& policy : policies) {
          if (py::isinstance<py::str>(policy))
            choosers.emplace_back(chooser<State>(choose_for, utf8(policy)));
          else if (PyCallable_Check(policy.ptr()))
            choosers.emplace_back(std::nullopt);
          else
            throw std::invalid_argument("a policy is a built-in name or a callable, got " + shown(policy));
        }
        py::array_t<double> out({static_cast<py::ssize_t>(end - begin), static_cast<py::ssize_t>(players)});
        Counts<State> counts{};
        // The GIL stays held: the callables are Python. One thread, the games in order, each
        // from the same stream of the seed as in simulate, so the built-in seats and the deals
        // are the same as there.
        rollout<State>(
            game.config, players, rotate_dealer, begin, end, seed, 1,
            [&](const State& s, int seat, Rng& rng) {
              const auto index = static_cast<std::size_t>(seat);
              if (choosers[index]) return (*choosers[index])(s, rng);
              const py::object chosen = policies[index](s);  // the callable gets a copy
              const std::optional<int> action = legal_choice(s, chosen);
              if (!action)
                throw std::invalid_argument(
                    "the policy of seat " + std::to_string(seat) + " returned " + shown(chosen) +
                    ", not a legal action id (state.legal_actions()): legal here are " + legal_list(s));
              return *action;
            },
            out.mutable_data(), counts);
        return py::make_tuple(out, counts_dict<State>(counts));
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a,
      "simulate's games [begin, end) on one thread with the GIL held, seat s choosing by "
      "policies[s]: a built-in name, or a callable that takes the state (a copy) and returns "
      "a legal action id.");
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
}

}  // namespace cardcore::bindings
