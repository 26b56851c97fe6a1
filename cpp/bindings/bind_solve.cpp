// The solver (cardcore._core.solve; Python's cardcore.solve, docs/solve.md): the game tree
// of any registered game that can seat two players, its solver, exact best responses and
// solutions. It names no game: the per-game functions are bound for each game of the
// registry, as overloads taking that game's Game.
#include <charconv>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cardcore/games/registry.hpp"
#include "cardcore/solve/blueprint.hpp"
#include "cardcore/solve/cfr.hpp"
#include "cardcore/solve/mccfr.hpp"
#include "common.hpp"
#include "strategies.hpp"

namespace cardcore::bindings {
namespace {

using solve::Tree;
using Policy = py::array_t<double, py::array::c_style | py::array::forcecast>;

std::span<const double> span_of(const Policy& policy) {
  if (policy.ndim() != 1) throw std::invalid_argument("a policy is a 1-D array of probabilities");
  return {policy.data(), static_cast<std::size_t>(policy.size())};
}

Policy array_of(const std::vector<double>& values) {
  Policy out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// A built-in policy's probabilities at every information set of `tree`: a deterministic
// policy's action (at the set's first history) with probability 1, the random policy's
// legal actions uniformly.
template <class State>
std::vector<double> builtin_policy(const EngineGame<typename State::Spec>& game, const Tree& tree,
                                   std::string_view name) {
  const auto& policies = State::Spec::kSpec.policies;
  const auto found = std::find_if(policies.begin(), policies.end(), [&](const auto& p) { return p.name == name; });
  std::string names;
  for (const auto& p : policies) names += (names.empty() ? "" : ", ") + std::string(p.name);
  if (found == policies.end())
    throw std::invalid_argument("unknown policy " + quote_input(name) + " of " + std::string(State::kName) +
                                ": expected " + names);
  if (!found->deterministic && name != "random")
    throw std::invalid_argument("the built-in policy " + quote_input(name) +
                                " plays at random with no known probabilities: expected random or a deterministic "
                                "policy");
  std::vector<double> policy = tree.uniform_policy();
  if (!found->deterministic) return policy;
  Rng rng;
  for (const Tree::Infoset& set : tree.infosets()) {
    State state(game.config, false, 0);
    for (const int action : tree.history(set.node)) state.apply_action(action);
    const int action = found->choose(state, rng);
    for (int a = 0; a < set.count; ++a)
      policy[static_cast<std::size_t>(set.offset + a)] =
          tree.actions()[static_cast<std::size_t>(set.offset + a)] == action ? 1.0 : 0.0;
  }
  return policy;
}

void bind_tree(py::module_& m) {
  py::class_<Tree, std::shared_ptr<Tree>>(m, "Tree", "The game tree of a two-player zero-sum game (solve/tree.hpp).")
      .def_property_readonly(
          "game", [](const Tree& t) { return std::string(t.game()); },
          "The game and its configuration: \"<name> <config>\".")
      .def_property_readonly(
          "histories", [](const Tree& t) { return t.nodes().size(); }, "Its histories, chance and terminals included.")
      .def_property_readonly("policy_size", &Tree::policy_size)
      .def(
          "infosets",
          [](const Tree& t) {
            py::list out;
            for (const Tree::Infoset& set : t.infosets())
              out.append(py::make_tuple(
                  set.player, set.key,
                  std::vector<int>(t.actions().begin() + set.offset, t.actions().begin() + set.offset + set.count),
                  set.offset));
            return out;
          },
          "(player, key, legal actions, offset in a policy) of each information set, in the policy's order.")
      .def(
          "history", [](const Tree& t, int infoset) { return t.history(t.infosets().at(infoset).node); }, "infoset"_a,
          "The actions (chance's included) to the first history of an information set.")
      .def(
          "uniform_policy", [](const Tree& t) { return array_of(t.uniform_policy()); },
          "Each information set's legal actions with equal probabilities.")
      .def(
          "best_response",
          [](const Tree& t, const Policy& policy, int player) {
            const solve::BestResponse r = solve::best_response(t, span_of(policy), player);
            return py::make_tuple(r.value, r.actions);
          },
          "policy"_a, "player"_a,
          "(value, action per information set, -1 at the other player's) of the best response of `player`.")
      .def(
          "exploitability",
          [](const Tree& t, const Policy& policy) {
            const solve::Exploitability e = solve::exploitability(t, span_of(policy));
            return py::make_tuple(e.nash_conv, e.exploitability);
          },
          "policy"_a, "(nash_conv, exploitability) of a policy.")
      .def(
          "policy_value", [](const Tree& t, const Policy& policy) { return solve::policy_value(t, span_of(policy)); },
          "policy"_a, "Player 0's expected return when both play the policy.");
}

void bind_solver(py::module_& m) {
  py::class_<solve::Solver>(m, "Solver", "CFR and its variants over a tree (solve/cfr.hpp).")
      .def(py::init([](const std::shared_ptr<Tree>& tree, std::string_view algorithm, int threads) {
             return std::make_unique<solve::Solver>(tree, solve::algorithm_from_name(algorithm), threads);
           }),
           "tree"_a, "algorithm"_a, "threads"_a)
      .def(
          "iterate",
          [](solve::Solver& s, std::int64_t iterations) {
            py::gil_scoped_release release;
            s.iterate(iterations);
          },
          "iterations"_a, "Runs iterations (each a pass for each player), without the GIL.")
      .def_property_readonly("iterations", &solve::Solver::iterations)
      .def(
          "average_policy", [](const solve::Solver& s) { return array_of(s.average_policy()); },
          "The normalized cumulative policy.");
}

void bind_solution(py::module_& m) {
  py::class_<solve::Solution>(m, "Solution", "A solve's result and its file format (docs/solve.md).")
      .def(py::init([](const Tree& tree, const Policy& policy, std::string_view algorithm, std::int64_t iterations,
                       const std::vector<std::pair<std::int64_t, double>>& history) {
             solve::Solution s = solve::make_solution(tree, span_of(policy));
             s.algorithm = solve::algorithm_from_name(algorithm);
             s.iterations = iterations;
             for (const auto& [at, e] : history) s.history.push_back({at, e});
             return s;
           }),
           "tree"_a, "policy"_a, "algorithm"_a, "iterations"_a, "history"_a,
           "The solution of a policy of a tree, its exploitability measured.")
      .def_readonly("game", &solve::Solution::game)
      .def_property_readonly("algorithm",
                             [](const solve::Solution& s) { return std::string(solve::algorithm_name(s.algorithm)); })
      .def_readonly("iterations", &solve::Solution::iterations)
      .def_readonly("nash_conv", &solve::Solution::nash_conv)
      .def_readonly("uniform_elsewhere", &solve::Solution::uniform_elsewhere,
                    "Whether the information sets it does not list play uniformly (a sampled solve's).")
      .def_readonly("exploitability", &solve::Solution::exploitability)
      .def_property_readonly("history",
                             [](const solve::Solution& s) {
                               std::vector<std::pair<std::int64_t, double>> out;
                               for (const solve::Checkpoint& c : s.history)
                                 out.emplace_back(c.iterations, c.exploitability);
                               return out;
                             })
      .def_property_readonly(
          "policy",
          [](const solve::Solution& s) {
            py::list out;
            for (const solve::InfosetPolicy& p : s.policy)
              out.append(py::make_tuple(p.player, p.key, p.actions, p.probabilities));
            return out;
          },
          "(player, key, actions, probabilities) of each information set.")
      .def(
          "policy_of", [](const solve::Solution& s, const Tree& tree) { return array_of(solve::policy_of(tree, s)); },
          "tree"_a, "The policy as a policy array of `tree` (a ValueError when it is not the tree's game's).")
      .def(
          "to_bytes", [](const solve::Solution& s) { return py::bytes(s.to_bytes()); }, "The file format's bytes.")
      .def_static(
          "from_bytes", [](const py::bytes& bytes) { return solve::Solution::from_bytes(std::string_view(bytes)); },
          "data"_a, "The solution of the file format's bytes; a ValueError saying what is wrong.");
}

void bind_mccfr(py::module_& m) {
  m.def(
      "read_blueprint",
      [](const py::bytes& data) {
        const solve::Blueprint b = solve::Blueprint::from_bytes(std::string_view(data));
        return py::dict("game"_a = b.game(), "abstraction"_a = b.abstraction(), "iterations"_a = b.iterations(),
                        "sets"_a = b.sets());
      },
      "data"_a,
      "The header of a blueprint file's bytes (game, abstraction, iterations, sets); a ValueError if invalid.");
  py::class_<solve::MccfrBase>(m, "Mccfr", "Monte Carlo CFR over a game's engine (solve/mccfr.hpp).")
      .def(
          "iterate",
          [](solve::MccfrBase& s, std::int64_t iterations) { interruptible([&] { s.iterate(iterations); }); },
          "iterations"_a, "Runs iterations (each a traversal for each player), without the GIL.")
      .def_property_readonly("iterations", &solve::MccfrBase::iterations)
      .def_property_readonly("information_sets", &solve::MccfrBase::information_sets)
      .def_property_readonly("bytes", &solve::MccfrBase::bytes, "The bytes its tables take.")
      .def_property_readonly("round", &solve::MccfrBase::round, "The iterations of a round of its threads.")
      .def("solution", &solve::MccfrBase::solution, "The average strategy as a Solution.")
      .def(
          "blueprint", [](const solve::MccfrBase& s) { return py::bytes(s.blueprint()); },
          "The average strategy as a blueprint file's bytes (solve/blueprint.hpp).")
      .def("save", &solve::MccfrBase::save, "path"_a, "Writes a checkpoint.")
      .def("load", &solve::MccfrBase::load, "path"_a, "Resumes from a checkpoint; a ValueError saying what is wrong.");
}

// The registered strategies by number, and the next number.
struct Registry {
  std::mutex mutex;
  std::map<std::uint64_t, std::shared_ptr<const solve::StrategyTable>> strategies;
  std::uint64_t next = 0;
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

std::shared_ptr<const solve::StrategyTable> registered_strategy(std::string_view token) {
  std::uint64_t number = 0;
  const std::string_view digits = token.substr(kStrategyPrefix.size());
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  const auto found = r.strategies.find(number);
  if (error != std::errc() || end != digits.data() + digits.size() || found == r.strategies.end())
    throw std::invalid_argument("no strategy is registered as " + quote_input(token) +
                                " in this process: pass the Strategy itself, which registers its solution");
  return found->second;
}

void bind_strategy_registry(py::module_& m) {
  m.def(
      "register_strategy",
      [](const solve::Solution& solution) {
        auto table = std::make_shared<const solve::StrategyTable>(solution);
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        r.strategies.emplace(r.next, std::move(table));
        return std::string(kStrategyPrefix) + std::to_string(r.next++);
      },
      "solution"_a,
      "Registers a solution's policy as a player for this process: its token, which every "
      "built-in policy's place takes.");
  m.def(
      "forget_strategy",
      [](std::string_view token) {
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        std::erase_if(r.strategies, [&](const auto& entry) {
          return std::string(kStrategyPrefix) + std::to_string(entry.first) == token;
        });
      },
      "token"_a, "Forgets a registered strategy (choosers already made from it keep it).");
}

void bind_solve_module(py::module_& parent) {
  py::module_ m = parent.def_submodule("solve", "The solver of two-player zero-sum games (docs/solve.md).");
  py::class_<solve::AbstractionBase, std::shared_ptr<solve::AbstractionBase>>(
      m, "Abstraction", "An abstraction of a game's information states into buckets (solve/mccfr.hpp).")
      .def_property_readonly("game", [](const solve::AbstractionBase& a) { return std::string(a.game()); })
      .def_property_readonly("name", &solve::AbstractionBase::name)
      .def_property_readonly("buckets", &solve::AbstractionBase::buckets, "Buckets per player, or -1 if unknown.");
}

void bind_solve(py::module_& parent) {
  auto m = parent.attr("solve").cast<py::module_>();
  bind_tree(m);
  bind_solver(m);
  bind_solution(m);
  bind_strategy_registry(m);
  bind_mccfr(m);
  Games::for_each([&]<class State>() {
    using Spec = typename State::Spec;
    if constexpr (Spec::kSpec.min_players <= 2 && Spec::kSpec.max_players >= 2) {
      m.def(
          "build_tree",
          [](const EngineGame<Spec>& game, std::int64_t max_nodes, std::int64_t max_bytes) {
            py::gil_scoped_release release;
            return std::const_pointer_cast<Tree>(
                solve::build_tree<State>(game.config, {.max_nodes = max_nodes, .max_bytes = max_bytes}));
          },
          "game"_a, "max_nodes"_a, "max_bytes"_a,
          "The tree of a game, refused (a ValueError giving the estimated nodes and memory) above the limits.");
      m.def(
          "builtin_policy",
          [](const EngineGame<Spec>& game, const Tree& tree, std::string_view name) {
            return array_of(builtin_policy<State>(game, tree, name));
          },
          "game"_a, "tree"_a, "name"_a, "A built-in policy's probabilities at each information set of the tree.");
      m.def(
          "mccfr",
          [](const EngineGame<Spec>& game, const std::optional<std::shared_ptr<solve::AbstractionBase>>& given,
             std::string_view algorithm, std::uint64_t seed, int threads, std::int64_t memory) {
            const std::shared_ptr<solve::AbstractionBase> abstraction = given.value_or(nullptr);
            auto of_game = std::dynamic_pointer_cast<const solve::Abstraction<State>>(abstraction);
            if (abstraction && !of_game)
              throw std::invalid_argument("an abstraction of " + std::string(abstraction->game()) +
                                          " cannot abstract " + std::string(State::kName));
            const solve::MccfrOptions options{
                .algorithm = solve::algorithm_from_name(algorithm), .seed = seed, .threads = threads, .memory = memory};
            return std::unique_ptr<solve::MccfrBase>(
                std::make_unique<solve::Mccfr<State>>(game.config, std::move(of_game), options));
          },
          "game"_a, "abstraction"_a, "algorithm"_a, "seed"_a, "threads"_a, "memory"_a,
          "A Monte Carlo CFR run over the game (abstraction None: the identity).");
    }
  });
}

}  // namespace cardcore::bindings
