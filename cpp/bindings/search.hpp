// The binding of the native search (cardcore/search/ismcts.hpp) for every game: ismcts(state,
// simulations, uct_c, rollout, seed, threads, horizon), and the "ismcts[:option=value,...]" policy
// that simulate, policy_action and VectorEnv accept wherever they take a policy name.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/games/control_variates.hpp"
#include "cardcore/search/ismcts.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "strategies.hpp"

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

// A seat's chooser (state, rng) -> action: a built-in policy, the search, or a VectorEnv's opponent.
template <class State>
using Chooser = std::function<int(const State&, Rng&)>;

// The entry of built-in policy `name` in the game's spec, else std::invalid_argument listing
// the game's policies.
template <class State>
const BuiltinPolicy<State>& builtin_policy(const std::string& name) {
  const auto& spec = State::Spec::kSpec;
  std::string expected;
  for (const BuiltinPolicy<State>& policy : spec.policies) {
    if (policy.name == name) return policy;
    expected += (expected.empty() ? "'" : ", '") + std::string(policy.name) + "'";
  }
  throw std::invalid_argument("unknown " + std::string(spec.name) + " policy " + quote_input(name) +
                              ": expected one of " + expected + " or 'ismcts[:option=value,...]'");
}

// The horizon of that name, one of the horizon option's choices (in Horizon's order);
// anything else throws std::invalid_argument.
inline search::Horizon to_horizon(std::string_view name) {
  const auto& choices = search::search_option("horizon").choices;
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == name) return static_cast<search::Horizon>(i);
  throw std::invalid_argument("ismcts: horizon must be '" + std::string(choices[0]) + "' or '" +
                              std::string(choices[1]) + "', got " + quote_input(name));
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

// The search's option names, comma separated, as kSearchOptions lists them.
inline std::string search_option_names() {
  std::string names;
  for (const search::SearchOption& option : search::kSearchOptions)
    names += (names.empty() ? "" : ", ") + std::string(option.name);
  return names;
}

// Reads "ismcts:simulations=1000,uct_c=1.4,rollout=rule_based,seed=3,threads=2,horizon=hand,memory_limit=N"
// (any order, each option at most once), each value checked against its entry of
// search::kSearchOptions. Throws std::invalid_argument naming what is wrong.
inline SearchPolicy parse_search_policy(std::string_view text) {
  SearchPolicy policy;
  if (text.size() <= kSearchPolicy.size()) return policy;
  std::string_view rest = text.substr(kSearchPolicy.size() + 1);
  std::vector<std::string_view> seen;
  auto bad = [&](const std::string& why) {
    return std::invalid_argument("ismcts policy " + quote_input(text) + ": " + why +
                                 " (expected ismcts:option=value,... with options " + search_option_names() + ")");
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
    const auto* option = std::find_if(std::begin(search::kSearchOptions), std::end(search::kSearchOptions),
                                      [&](const search::SearchOption& o) { return o.name == name; });
    if (option == std::end(search::kSearchOptions)) throw bad("unknown option " + quote_input(name));
    std::uint64_t integer = 0;
    double real = 0;
    if (option->kind == search::OptionKind::kInteger) {
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), integer);
      if (ec != std::errc() || end != value.data() + value.size() || integer < option->min || integer > option->max)
        throw bad(std::string(name) + " must be " + std::string(option->what) + " " + std::to_string(option->min) +
                  " to " + std::to_string(option->max) + ", got " + quote_input(value));
    } else if (option->kind == search::OptionKind::kReal) {
      const std::string copy(value);
      char* end = nullptr;
      real = std::strtod(copy.c_str(), &end);
      if (end != copy.c_str() + copy.size() || !std::isfinite(real) || real < static_cast<double>(option->min))
        throw bad(std::string(name) + " must be a finite number >= " + std::to_string(option->min) + ", got " +
                  quote_input(value));
    } else if (option->kind == search::OptionKind::kChoice && value != option->choices[0] &&
               value != option->choices[1]) {
      throw bad(std::string(name) + " must be " + std::string(option->choices[0]) + " or " +
                std::string(option->choices[1]) + ", got " + quote_input(value));
    }
    // Where each option is kept (its range was checked above).
    if (name == "simulations") policy.options.simulations = static_cast<int>(integer);
    if (name == "threads") policy.options.threads = static_cast<int>(integer);
    if (name == "seed") {
      policy.options.seed = integer;
      policy.seeded = true;
    }
    if (name == "memory_limit") policy.options.memory_limit = integer;
    if (name == "uct_c") policy.options.uct_c = real;
    if (name == "rollout") policy.rollout = std::string(value);
    if (name == "horizon") policy.options.horizon = to_horizon(value);
  }
  return policy;
}

// A player by name: a built-in policy of the game's spec, or a registered strategy
// (strategies.hpp) of the game of `config`, solved in it or in it with another first dealer
// (StrategyTable::own_seating), with whether it is deterministic (the search then models
// its choices in its rollouts) and, for a random one whose probabilities are known (the
// uniformly random player, a strategy, a built-in that gives them), those probabilities
// (what control variates correct its choices by; games/control_variates.hpp).
template <class State>
struct NamedPlayer {
  Chooser<State> choose;
  bool deterministic;
  KnownProbabilities<State> probabilities;
};

// Each legal action's probability for the uniformly random player.
template <class State>
std::vector<std::pair<int, double>> uniform_probabilities(const State& state) {
  const ActionSet legal = state.legal_player_actions();
  std::vector<std::pair<int, double>> out;
  for (int k = 0; k < legal.size(); ++k) out.emplace_back(legal.nth(k), 1.0 / legal.size());
  return out;
}

template <class State>
NamedPlayer<State> named_player(const std::string& name, const typename State::Spec::Config& config) {
  if (!is_strategy_policy(name)) {
    const BuiltinPolicy<State>& policy = builtin_policy<State>(name);
    KnownProbabilities<State> probabilities;
    if (policy.choose == &random_action<State>)
      probabilities = uniform_probabilities<State>;
    else if (policy.probabilities)
      probabilities = policy.probabilities;
    return {policy.choose, policy.deterministic, probabilities};
  }
  std::shared_ptr<const solve::StrategyTable> strategy = registered_strategy(name);
  strategy->own_seating<State>(config);  // the game, up to its first dealer, or a ValueError
  return {[strategy](const State& state, Rng& rng) { return strategy->choose(state, rng); }, false,
          [strategy](const State& state) { return strategy->probabilities(state); }};
}

// The chooser (state, rng) -> action of a search policy, whose rollout is a named player
// (named_player). The search's seed is drawn from the chooser's generator (mixed with the
// policy's own seed when it gives one), so a simulation stays the same for the same seed on
// any number of threads.
template <class State>
Chooser<State> search_chooser(std::string_view text, const typename State::Spec::Config& config) {
  const SearchPolicy policy = parse_search_policy(text);
  const NamedPlayer<State> rollout =
      named_player<State>(policy.rollout.empty() ? std::string(State::Spec::kSpec.opponent) : policy.rollout, config);
  return [policy, rollout](const State& state, Rng& rng) {
    search::IsmctsOptions options = policy.options;
    options.model_opponents = rollout.deterministic;
    std::uint64_t mixed = options.seed ^ rng.next();
    options.seed = splitmix64(mixed);
    return search::ismcts(state, options, search::Rollout<State>(rollout.choose)).action;
  };
}

// The chooser (state, rng) -> action of policy `name` for games of `config`: a named player
// (a built-in policy or a strategy), or the search ("ismcts[:option=value,...]").
template <class State>
Chooser<State> chooser(const std::string& name, const typename State::Spec::Config& config) {
  if (is_search_policy(name)) return search_chooser<State>(name, config);
  return named_player<State>(name, config).choose;
}

// The cards a dealt card is valued against (games/control_variates.hpp): in heads-up Badugi,
// with 8 rather than 4 or 16, the corrected returns' variance times their time is within a
// sixth of the least for 16 to 64 playouts, and their variance a third lower than with 4.
inline constexpr int kCardSamples = 8;
static_assert(kCardSamples >= 1, "a card is valued against at least one other");

// The control variates (games/control_variates.hpp) of a simulation of `policies`, one a
// seat, with `playouts` playouts an outcome. A named player is itself in the playouts and
// gives its probabilities if known; the search, whose probabilities are not known, is
// played there by its rollout player.
template <class State>
ControlVariates<State> control_variates(const std::vector<std::string>& policies,
                                        const typename State::Spec::Config& config, int playouts) {
  ControlVariates<State> controls{playouts, kCardSamples, {}, {}};
  for (const std::string& name : policies) {
    if (is_search_policy(name)) {
      const std::string rollout = parse_search_policy(name).rollout;
      controls.known.emplace_back();
      controls.players.push_back(
          named_player<State>(rollout.empty() ? std::string(State::Spec::kSpec.opponent) : rollout, config).choose);
    } else {
      NamedPlayer<State> player = named_player<State>(name, config);
      controls.known.push_back(std::move(player.probabilities));
      controls.players.push_back(std::move(player.choose));
    }
  }
  return controls;
}

// Binds search_options(): search::kSearchOptions as dicts, what the Python layer checks and
// documents the options by.
inline void bind_search_options(py::module_& m) {
  m.def(
      "search_options",
      [] {
        constexpr const char* kKinds[] = {"integer", "real", "choice", "policy"};
        py::list out;
        for (const search::SearchOption& option : search::kSearchOptions) {
          const bool integer = option.kind == search::OptionKind::kInteger;
          py::object default_value = py::none();
          if (option.kind == search::OptionKind::kChoice)
            default_value = py::str(std::string(option.choices[0]));
          else if (option.default_value)
            default_value = integer ? py::object(py::int_(static_cast<std::uint64_t>(*option.default_value)))
                                    : py::object(py::float_(*option.default_value));
          py::list choices;
          for (std::string_view choice : option.choices)
            if (!choice.empty()) choices.append(std::string(choice));
          const bool bounded = integer || option.kind == search::OptionKind::kReal;
          out.append(py::dict(
              "name"_a = std::string(option.name), "kind"_a = kKinds[static_cast<int>(option.kind)],
              "default"_a = default_value, "min"_a = bounded ? py::object(py::int_(option.min)) : py::none(),
              "max"_a = integer ? py::object(py::int_(option.max)) : py::none(), "choices"_a = py::tuple(choices),
              "what"_a = std::string(option.what), "doc"_a = std::string(option.doc)));
        }
        return py::typing::Tuple<py::typing::Dict<py::str, py::object>, py::ellipsis>(py::tuple(out));
      },
      "The search's options, in order: each a dict of its name, kind ('integer', 'real', "
      "'choice' or 'policy'), default (None: see doc), min and max (an integer's range; a real "
      "number's lower bound), choices, what an integer is in words, and doc.");
}

// Binds ismcts(state, ...) into `m`; the rollout is a built-in policy of the game's spec.
template <class State>
void bind_search(py::module_& m) {
  m.def(
      "ismcts",
      [](const State& state, int simulations, double uct_c, const std::string& rollout, const Integer& seed,
         int threads, const std::string& horizon, std::uint64_t memory_limit)
          -> py::typing::Tuple<int, int, py::typing::List<py::typing::Tuple<int, int, float>>> {
        const NamedPlayer<State> policy = named_player<State>(rollout, state.config());
        search::IsmctsOptions options{simulations,
                                      uct_c,
                                      to_seed(seed),
                                      threads,
                                      policy.deterministic,
                                      to_horizon(horizon),
                                      memory_limit ? memory_limit : half_the_memory()};
        search::check_options(options);
        const search::Rollout<State> choose(policy.choose);
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
