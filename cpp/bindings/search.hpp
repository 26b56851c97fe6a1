// The binding of the native search (cardcore/search/ismcts.hpp) for every game: ismcts(state,
// simulations, uct_c, rollout, seed, threads, horizon), and the "ismcts[:option=value,...]" policy
// that simulate, policy_action and VectorEnv accept wherever they take a policy name.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/search/ismcts.hpp"
#include "common.hpp"
#include "engine.hpp"

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

namespace cardcore::bindings {

// The search's default memory_limit: half this machine's memory, or 0 (no limit) where the
// platform does not say.
inline std::uint64_t half_the_memory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
#endif
  return 0;
}

inline constexpr std::string_view kSearchPolicy = "ismcts";

// The horizon named "game" or "hand"; anything else throws std::invalid_argument.
inline search::Horizon to_horizon(std::string_view name) {
  if (name == "game") return search::Horizon::kGame;
  if (name == "hand") return search::Horizon::kHand;
  throw std::invalid_argument("ismcts: horizon must be 'game' or 'hand', got " + quote_input(name));
}

// Whether a policy name is the search, plain or with options.
inline bool is_search_policy(std::string_view name) {
  return name == kSearchPolicy ||
         (name.size() > kSearchPolicy.size() && name.substr(0, kSearchPolicy.size()) == kSearchPolicy &&
          name[kSearchPolicy.size()] == ':');
}

// A search policy's options, read from "ismcts[:option=value,...]".
struct SearchPolicy {
  search::IsmctsOptions options{.memory_limit = half_the_memory()};
  std::string rollout;  // empty: the game's spec.opponent
  bool seeded = false;  // the text gave a seed
};

// Reads "ismcts:simulations=1000,uct_c=1.4,rollout=rule_based,seed=3,threads=2,horizon=hand,memory_limit=N"
// (any order, each option at most once). Throws std::invalid_argument naming what is wrong.
inline SearchPolicy parse_search_policy(std::string_view text) {
  SearchPolicy policy;
  if (text.size() <= kSearchPolicy.size()) return policy;
  std::string_view rest = text.substr(kSearchPolicy.size() + 1);
  std::vector<std::string_view> seen;
  auto bad = [&](const std::string& why) {
    return std::invalid_argument("ismcts policy " + quote_input(text) + ": " + why +
                                 " (expected ismcts:option=value,... with options simulations, uct_c, rollout, "
                                 "seed, threads, horizon, memory_limit)");
  };
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
      throw bad("option " + quote_input(item) + " is not name=value");
    const std::string_view name = item.substr(0, eq), value = item.substr(eq + 1);
    for (std::string_view earlier : seen)
      if (earlier == name) throw bad("option " + quote_input(name) + " is given twice");
    seen.push_back(name);
    auto integer = [&](std::int64_t low, std::int64_t high) {
      std::int64_t out = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
      if (ec != std::errc() || end != value.data() + value.size() || out < low || out > high)
        throw bad(std::string(name) + " must be an integer " + std::to_string(low) + " to " + std::to_string(high) +
                  ", got " + quote_input(value));
      return out;
    };
    if (name == "simulations") {
      policy.options.simulations = static_cast<int>(integer(1, search::kMaxSimulations));
    } else if (name == "threads") {
      policy.options.threads = static_cast<int>(integer(1, search::kMaxThreads));
    } else if (name == "seed") {
      std::uint64_t out = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
      if (ec != std::errc() || end != value.data() + value.size())
        throw bad("seed must be an integer in [0, 2**64), got " + quote_input(value));
      policy.options.seed = out;
      policy.seeded = true;
    } else if (name == "uct_c") {
      const std::string copy(value);
      char* end = nullptr;
      const double out = std::strtod(copy.c_str(), &end);
      if (end != copy.c_str() + copy.size() || !std::isfinite(out) || out < 0)
        throw bad("uct_c must be a finite number >= 0, got " + quote_input(value));
      policy.options.uct_c = out;
    } else if (name == "rollout") {
      policy.rollout = std::string(value);
    } else if (name == "memory_limit") {
      policy.options.memory_limit = static_cast<std::uint64_t>(integer(1, std::numeric_limits<std::int64_t>::max()));
    } else if (name == "horizon") {
      if (value != "game" && value != "hand") throw bad("horizon must be game or hand, got " + quote_input(value));
      policy.options.horizon = to_horizon(value);
    } else {
      throw bad("unknown option " + quote_input(name));
    }
  }
  return policy;
}

// The chooser (state, rng) -> action of a search policy; rollout_of(name) resolves the
// rollout policy (a built-in name of the game's spec). The search's seed is drawn from the
// chooser's generator (mixed with the policy's own seed when it gives one), so a simulation
// stays the same for the same seed on any number of threads.
template <class State, class RolloutOf>
std::function<int(const State&, Rng&)> search_chooser(const RolloutOf& rollout_of, std::string_view text) {
  const SearchPolicy policy = parse_search_policy(text);
  const search::Rollout<State> rollout =
      rollout_of(policy.rollout.empty() ? std::string(State::Spec::kSpec.opponent) : policy.rollout);
  const bool model = policy.rollout != "random" && !(policy.rollout.empty() && State::Spec::kSpec.opponent == "random");
  return [policy, rollout, model](const State& state, Rng& rng) {
    search::IsmctsOptions options = policy.options;
    options.model_opponents = model;
    std::uint64_t mixed = options.seed ^ rng.next();
    options.seed = splitmix64(mixed);
    return search::ismcts(state, options, rollout).action;
  };
}

// Binds ismcts(state, ...) into `m`; rollout_of(name) resolves a rollout policy name.
template <class State, class RolloutOf>
void bind_search(py::module_& m, RolloutOf rollout_of) {
  m.def(
      "ismcts",
      [rollout_of](const State& state, int simulations, double uct_c, const std::string& rollout, const Integer& seed,
                   int threads, const std::string& horizon, std::uint64_t memory_limit)
          -> py::typing::Tuple<int, int, py::typing::List<py::typing::Tuple<int, int, float>>> {
        search::IsmctsOptions options{simulations,
                                      uct_c,
                                      to_seed(seed),
                                      threads,
                                      rollout != "random",
                                      to_horizon(horizon),
                                      memory_limit ? memory_limit : half_the_memory()};
        search::check_options(options);
        const search::Rollout<State> choose = rollout_of(rollout);
        // Searched from a copy taken with the GIL held: another Python thread may change the
        // caller's state while the search runs.
        const State root = state;
        const search::IsmctsResult result = interruptible([&] { return search::ismcts(root, options, choose); });
        py::list edges;
        for (const search::RootEdge& e : result.edges) edges.append(py::make_tuple(e.action, e.visits, e.value_sum));
        return py::make_tuple(result.action, result.player, edges);
      },
      "state"_a, "simulations"_a, "uct_c"_a, "rollout"_a, "seed"_a, "threads"_a, "horizon"_a, "memory_limit"_a = 0,
      "Information-set MCTS for the player to move (docs/search.md): (action, player, [(action, "
      "visits, value sum) for each legal root action]). A terminal state or a chance node is a "
      "ValueError; so is a search whose trees may need more than memory_limit bytes (0: half this "
      "machine's memory).");
}

}  // namespace cardcore::bindings
