// Counterfactual regret minimization over a flat game tree (solve/tree.hpp), reproducing
// OpenSpiel's Python solvers (docs/solve.md): CFR (CFRSolver), CFR+ (CFRPlusSolver), DCFR
// (DCFRSolver with alpha 1.5, beta 0, gamma 2) and linear CFR (LCFRSolver), all with
// alternating updates; and exact best responses and exploitability of any tabular policy.
//
// A policy is a vector of Tree::policy_size() probabilities: information set i's legal
// actions (Tree::actions() from Infoset::offset, ascending ids) at the same places.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/solve/tree.hpp"

namespace cardcore::solve {

enum class Algorithm : std::uint8_t { kCfr, kCfrPlus, kDcfr, kLinear };

// "cfr", "cfr+", "dcfr", "linear"; algorithm_from_name throws std::invalid_argument.
std::string_view algorithm_name(Algorithm algorithm);
Algorithm algorithm_from_name(std::string_view name);

// The best response of `player` to `policy` (the other player's entries are used): its
// expected return, and its action id at each of its information sets (the one of highest
// counterfactual value, ties to the lowest id; -1 at the other player's sets).
struct BestResponse {
  double value;
  std::vector<int> actions;
};
BestResponse best_response(const Tree& tree, std::span<const double> policy, int player);

// Player 0's expected return when both play `policy`.
double policy_value(const Tree& tree, std::span<const double> policy);

// OpenSpiel's definitions: nash_conv = the sum over the players of (best response value -
// policy value), exploitability = nash_conv / 2.
struct Exploitability {
  double nash_conv, exploitability;
  double best_response_value[2];
};
Exploitability exploitability(const Tree& tree, std::span<const double> policy);

// Throws std::invalid_argument unless `policy` has the tree's size and each information
// set's entries are finite, non-negative and sum to 1 (within 1e-6).
void check_policy(const Tree& tree, std::span<const double> policy);

class Solver {
 public:
  // The solver works over the game's public tree (docs/solve.md, "The public tree"), and
  // throws std::invalid_argument when the game's information does not form one (an action
  // that the other player does not see, for example). `threads` (at least 1) share each
  // pass's subtrees; the results are the same to the last bit for any number of threads.
  Solver(std::shared_ptr<const Tree> tree, Algorithm algorithm, int threads = 1);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Runs `iterations` iterations (each: a pass for player 0, then for player 1).
  void iterate(std::int64_t iterations);
  std::int64_t iterations() const { return iteration_; }
  Algorithm algorithm() const { return algorithm_; }
  const Tree& tree() const { return *tree_; }
  // The normalized cumulative policy (uniform where it sums to 0), and the policy that
  // regret matching gives now.
  std::vector<double> average_policy() const;
  std::vector<double> current_policy() const;

 private:
  class Public;
  std::shared_ptr<const Tree> tree_;
  Algorithm algorithm_;
  std::int64_t iteration_ = 0;
  std::unique_ptr<Public> public_;
};

// One checkpoint of a solve: the iterations done and the average policy's exploitability.
struct Checkpoint {
  std::int64_t iterations;
  double exploitability;
  bool operator==(const Checkpoint&) const = default;
};

struct InfosetPolicy {
  int player;
  std::string key;  // the engine's information_state_string
  std::vector<int> actions;
  std::vector<double> probabilities;
  bool operator==(const InfosetPolicy&) const = default;
};

// A solve's result: the average policy per information set, its exploitability, and the
// exploitability at the requested checkpoints. save/load use a versioned binary format
// (docs/solve.md, "File format"); load throws std::invalid_argument naming what is wrong.
struct Solution {
  std::string game;  // the tree's game: "<name> <config>"
  Algorithm algorithm = Algorithm::kCfrPlus;
  std::int64_t iterations = 0;
  double nash_conv = 0, exploitability = 0;
  // A sampled solve's (MCCFR): the information sets it never visited, which it does not
  // list, play each legal action with equal probability.
  bool uniform_elsewhere = false;
  std::vector<Checkpoint> history;
  std::vector<InfosetPolicy> policy;

  std::string to_bytes() const;
  static Solution from_bytes(std::string_view bytes);
  void save(const std::string& path) const;
  static Solution load(const std::string& path);
  bool operator==(const Solution&) const = default;
};

struct SolveOptions {
  Algorithm algorithm = Algorithm::kCfrPlus;
  std::int64_t iterations = 1000;
  std::vector<std::int64_t> checkpoints;  // iteration counts (1 to iterations) to measure at
  int threads = 1;
};

Solution solve(std::shared_ptr<const Tree> tree, const SolveOptions& options);

// The Solution of a tree and a policy (the policy's exploitability measured).
Solution make_solution(const Tree& tree, std::span<const double> policy);

// A solution's policy as a policy vector of `tree` (a loaded solution, to measure or play
// it). Throws std::invalid_argument when the solution is of another game, or one of the
// tree's information sets is missing from it (unless uniform_elsewhere) or has other actions.
std::vector<double> policy_of(const Tree& tree, const Solution& solution);

}  // namespace cardcore::solve
