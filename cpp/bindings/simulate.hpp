// The binding of every game's native rollouts: simulate(game, begin, end, seed, policies,
// threads) -> (returns of games [begin, end), one row each; the games' counts by name);
// simulate_summary(..., low, high, bins), the same games summarized in constant memory;
// simulate_calling(game, begin, end, seed, policies), the same games where a seat may choose
// by a Python callable; and policy_action(state, policy, seed), one decision of a built-in
// policy.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cardcore/games/rollout.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "search.hpp"
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

// The choosers of `policies`, one per seat, after checking there is one per seat.
template <class State>
std::vector<Chooser<State>> choosers(const std::vector<std::string>& policies, int players,
                                     const typename State::Spec::Config& config) {
  if (policies.size() != static_cast<std::size_t>(players))
    throw std::invalid_argument("policies needs one name per seat (" + std::to_string(players) + "), got " +
                                std::to_string(policies.size()));
  std::vector<Chooser<State>> seats;
  for (const std::string& name : policies) seats.push_back(chooser<State>(name, config));
  return seats;
}

// The Deal that simulate's `deal` names: "stock" (the seeded state's generator) or "seats"
// (a stream a destination, for duplicate matches).
inline Deal deal_named(const std::string& name) {
  if (name == "stock") return Deal::kStock;
  if (name == "seats") return Deal::kSeats;
  throw std::invalid_argument("deal must be 'stock' or 'seats', got " + quote_input(name));
}

inline constexpr const char* kDealDoc =
    " `deal`: 'stock' deals from the seeded state's generator; 'seats' gives each seat (and each other "
    "destination of a card) its own stream of the game's seed, so that a seat gets the same cards "
    "whoever sits there (duplicate matches).";

inline void check_games(std::int64_t begin, std::int64_t end) {
  if (begin < 0 || end < begin)
    throw std::invalid_argument("games [" + std::to_string(begin) + ", " + std::to_string(end) +
                                ") is empty or negative");
}

// What simulate_summary returns: (mean, m2, ahead, histogram, totals, counts).
using SummaryTuple = py::typing::Tuple<py::array_t<double>, py::array_t<double>, py::array_t<std::int64_t>,
                                       py::array_t<std::int64_t>, py::array_t<double>, NamedCounts>;

inline constexpr const char* kSimulateSummaryDoc =
    "simulate's games [begin, end) summarized in constant memory: (mean, m2, ahead, histogram, "
    "totals, counts), where m2 is each seat's sum of squared deviations from its mean, ahead the "
    "games it ended above zero, histogram[seat] its returns in `bins` equal bins over [low, high) "
    "(outside values in the end bins) and totals[b] each seat's total after the (b + 1)th block "
    "of 1024 games.";

// A summary of games [begin, end) as a SummaryTuple: checks the arguments, then, with the
// GIL released, run(bins, moments, summary_counts, counts, running_totals) fills it
// (summarize_games' arguments from `bins` on).
template <class State, class Run>
SummaryTuple summarize(int players, std::int64_t begin, std::int64_t end, double low, double high, int bins,
                       const Run& run) {
  check_games(begin, end);
  if (!(low < high) || bins < 1 || bins > 100'000)
    throw std::invalid_argument("histogram needs low < high and 1 to 100000 bins");
  std::vector<Moments> moments(static_cast<std::size_t>(players));
  SummaryCounts summary_counts(players, bins);
  Counts<State> counts{};
  std::vector<double> running_totals;
  interruptible([&] {  // plays its own games and writes only the summary
    run(Bins{low, high, bins}, moments.data(), summary_counts, counts, running_totals);
  });
  py::array_t<double> mean(players), m2(players);
  for (int p = 0; p < players; ++p) {
    mean.mutable_at(p) = moments[static_cast<std::size_t>(p)].mean;
    m2.mutable_at(p) = moments[static_cast<std::size_t>(p)].m2;
  }
  py::array_t<std::int64_t> ahead(players);
  std::copy(summary_counts.ahead.begin(), summary_counts.ahead.end(), ahead.mutable_data());
  py::array_t<std::int64_t> histogram({players, bins});
  std::copy(summary_counts.histogram.begin(), summary_counts.histogram.end(), histogram.mutable_data());
  const auto blocks = static_cast<py::ssize_t>(running_totals.size()) / players;
  py::array_t<double> totals({blocks, static_cast<py::ssize_t>(players)});
  std::copy(running_totals.begin(), running_totals.end(), totals.mutable_data());
  return py::make_tuple(mean, m2, ahead, histogram, totals, counts_dict<State>(counts));
}

// The legal action id that a callable policy returned (an int, or anything with
// __index__ but a bool: not an array, even of one number), or nothing.
template <class State>
std::optional<int> legal_choice(const State& state, const py::object& chosen) {
  const py::object index = index_of(chosen);
  if (!index) return std::nullopt;
  const std::optional<int> action = small_int(Integer{py::reinterpret_borrow<py::int_>(index)});
  if (!action || !state.is_legal(*action)) return std::nullopt;
  return action;
}

// What the callable policy of `seat` returns for `state`. A StopIteration it raises is
// given back as a RuntimeError naming the policy and the seat: as it is, it would end the
// generator that runs the chunks of games, and arrive as "generator raised StopIteration".
inline py::object call_policy(const py::object& policy, int seat, const py::object& state) {
  try {
    return policy(state);
  } catch (py::error_already_set& error) {
    if (!error.matches(PyExc_StopIteration)) throw;
    const std::string name = py::str(py::getattr(policy, "__name__", py::type::handle_of(policy).attr("__name__")));
    py::raise_from(error, PyExc_RuntimeError,
                   ("the policy of seat " + std::to_string(seat) + " (" + quote_input(name) +
                    ") raised StopIteration; a policy returns a legal action id")
                       .c_str());
    throw py::error_already_set();
  }
}

// A game may play some mixes of built-in policies without States (Bai Buu settles rounds by
// table): its Spec then declares shortcut(config, policies), giving a function that plays
// game i of a seed into a row of returns and the counts, or nothing. The same for every
// other game: nothing.
template <class State, class Config>
auto shortcut_of(const Config& config, const std::vector<std::string>& policies, bool wanted) {
  if constexpr (requires { State::Spec::shortcut(config, policies); }) {
    return wanted ? State::Spec::shortcut(config, policies) : std::nullopt;
  } else {
    return std::optional<void (*)(std::uint64_t, std::uint64_t, double*, Counts<State>&)>{};
  }
}

// The control variates of a simulation asked for with `playouts` playouts an outcome (0: none).
template <class State>
ControlVariates<State> checked_controls(const std::vector<std::string>& policies,
                                        const typename State::Spec::Config& config, Deal deal, int playouts) {
  if (playouts < 0)
    throw std::invalid_argument("control_variates must be 0 (none) or a positive number of playouts, got " +
                                std::to_string(playouts));
  if (playouts == 0) return {};  // none: no players to look up
  if (deal != Deal::kSeats)
    throw std::invalid_argument("control variates need deal='seats': the cards are valued as they are dealt");
  return control_variates<State>(policies, config, playouts);
}

inline constexpr const char* kControlDoc =
    " `control_variates`: with k > 0 playouts an outcome, each return is corrected by the control variates "
    "of the cards dealt and of the decisions whose probabilities are known (docs/match.md): the same means, "
    "and less spread once k is large enough (with too few playouts, their own noise adds more than they take "
    "out).";

// The built-in policies are the table of the game's spec, and single-hand games move the
// dealer as the spec says. Binds the game's VectorEnv and search too, whose opponents and
// rollouts play the same policies.
template <class Game, class State>
void bind_simulate(py::module_& m) {
  constexpr bool rotate_dealer = State::Spec::kSpec.rotates_dealer;
  m.def(
      "simulate",
      [](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
         const std::vector<std::string>& policies, int threads, bool shortcut, const std::string& deal_name,
         int playouts) -> py::typing::Tuple<py::array_t<double>, NamedCounts> {
        const int players = game.num_players();
        const auto seats = choosers<State>(policies, players, game.config);
        const Deal deal = deal_named(deal_name);
        const ControlVariates<State> controls = checked_controls<State>(policies, game.config, deal, playouts);
        check_games(begin, end);
        py::array_t<double> out({static_cast<py::ssize_t>(end - begin), static_cast<py::ssize_t>(players)});
        double* data = out.mutable_data();
        Counts<State> counts{};
        const auto choose = [&](const State& s, int seat, Rng& rng) {
          return seats[static_cast<std::size_t>(seat)](s, rng);
        };
        // A shortcut plays no States, so it deals from the stock and corrects nothing.
        const auto quick = shortcut_of<State>(game.config, policies, shortcut && deal == Deal::kStock && playouts == 0);
        interruptible([&] {  // plays its own games and writes only `out` and `counts`
          if (quick)
            return play_rows(
                players, begin, end, threads,
                [&](std::uint64_t i, double* row, Counts<State>& c) { (*quick)(seed, i, row, c); }, data, counts);
          if (playouts)
            return play_rows(
                players, begin, end, threads,
                [&](std::uint64_t i, double* row, Counts<State>& c) {
                  play_corrected_row<State>(game.config, players, rotate_dealer, i, seed, choose, controls, row, c);
                },
                data, counts);
          rollout<State>(game.config, players, rotate_dealer, deal, begin, end, seed, threads, choose, data, counts);
        });
        return py::make_tuple(out, counts_dict<State>(counts));
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "threads"_a, "shortcut"_a = true, "deal"_a = "stock",
      "control_variates"_a = 0,
      (std::string("Returns of games [begin, end) played in C++, seat s by the built-in policy policies[s] (the "
                   "game's SPEC.policies), and the games' counts. With `shortcut`, policies that the game can play "
                   "without States (its Spec's shortcut) are played that way, to the same results (deal='stock' "
                   "only, no control variates).") +
       kDealDoc + kControlDoc)
          .c_str());
  m.def(
      "simulate_summary",
      [](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
         const std::vector<std::string>& policies, int threads, double low, double high, int bins,
         const std::string& deal_name, int playouts) -> SummaryTuple {
        const int players = game.num_players();
        const auto seats = choosers<State>(policies, players, game.config);
        const Deal deal = deal_named(deal_name);
        const ControlVariates<State> controls = checked_controls<State>(policies, game.config, deal, playouts);
        const auto choose = [&](const State& s, int seat, Rng& rng) {
          return seats[static_cast<std::size_t>(seat)](s, rng);
        };
        if (playouts)
          return summarize<State>(players, begin, end, low, high, bins, [&](auto&&... summary) {
            summarize_games(
                players, begin, end, threads,
                [&](std::uint64_t i, double* row, Counts<State>& c) {
                  play_corrected_row<State>(game.config, players, rotate_dealer, i, seed, choose, controls, row, c);
                },
                summary...);
          });
        if (const auto quick = shortcut_of<State>(game.config, policies, deal == Deal::kStock))
          return summarize<State>(players, begin, end, low, high, bins, [&](auto&&... summary) {
            summarize_games(
                players, begin, end, threads,
                [&](std::uint64_t i, double* row, Counts<State>& c) { (*quick)(seed, i, row, c); }, summary...);
          });
        return summarize<State>(players, begin, end, low, high, bins, [&](auto&&... summary) {
          rollout_summary<State>(game.config, players, rotate_dealer, deal, begin, end, seed, threads, choose,
                                 summary...);
        });
      },
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "threads"_a, "low"_a, "high"_a, "bins"_a,
      "deal"_a = "stock", "control_variates"_a = 0,
      (std::string(kSimulateSummaryDoc) + kDealDoc + kControlDoc).c_str());
  m.def(
      "simulate_calling",
      [](const Game& game, std::int64_t begin, std::int64_t end, std::uint64_t seed,
         const std::vector<py::object>& policies,
         const std::string& deal_name) -> py::typing::Tuple<py::array_t<double>, NamedCounts> {
        const int players = game.num_players();
        const Deal deal = deal_named(deal_name);
        if (policies.size() != static_cast<std::size_t>(players))
          throw std::invalid_argument("policies needs one per seat (" + std::to_string(players) + "), got " +
                                      std::to_string(policies.size()));
        check_games(begin, end);
        std::vector<std::optional<Chooser<State>>> choosers;  // empty where a callable chooses
        for (const py::object& policy : policies) {
          if (py::isinstance<py::str>(policy))
            choosers.emplace_back(chooser<State>(utf8(policy), game.config));
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
            game.config, players, rotate_dealer, deal, begin, end, seed, 1,
            [&](const State& s, int seat, Rng& rng) {
              const auto index = static_cast<std::size_t>(seat);
              if (choosers[index]) return (*choosers[index])(s, rng);
              const py::object chosen = call_policy(policies[index], seat, py::cast(s));  // a copy
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
      "game"_a, "begin"_a, "end"_a, "seed"_a, "policies"_a, "deal"_a = "stock",
      (std::string("simulate's games [begin, end) on one thread with the GIL held, seat s choosing by "
                   "policies[s]: a built-in name, or a callable that takes the state (a copy) and returns "
                   "a legal action id.") +
       kDealDoc)
          .c_str());
  m.def(
      "policy_action",
      [](const State& state, const std::string& policy, const Integer& seed) {
        if (state.current_player() < 0)
          throw std::invalid_argument("policy_action needs a player to act, not a chance or terminal node");
        Rng rng(to_seed(seed));
        const auto choose = chooser<State>(policy, state.config());
        const State copy = state;  // the caller's state may change while the search runs
        return interruptible([&] { return choose(copy, rng); });
      },
      "state"_a, "policy"_a, "seed"_a,
      "The action a built-in policy (one of simulate's names) takes at a player node; `seed` "
      "drives its random choices.");
  m.def(
      "strategy_probabilities",
      [](const State& state, const std::string& token) {
        if (state.current_player() < 0)
          throw std::invalid_argument("a strategy plays a player's decision, not " +
                                      std::string(state.is_terminal() ? "the end of the game" : "a chance node"));
        py::dict out;
        for (const auto& [action, probability] : registered_strategy(token)->probabilities(state))
          out[py::int_(action)] = probability;
        return out;
      },
      "state"_a, "token"_a,
      "Each legal action's probability at a decision by the registered strategy `token` "
      "(Strategy.native_name), looked up as its C++ players look it up.");
  bind_vector<Game, State>(m);
  bind_search<State>(m);
}

}  // namespace cardcore::bindings
