// Solutions, and their file format (docs/solve.md, "File format"): little-endian,
//   magic "cardcore.solution\n" | u32 version 2 | str game | str algorithm
//   | u8 1 when the sets not listed play uniformly, else 0 (not in version 1) | i64 iterations
//   | f64 nash_conv | f64 exploitability | u32 checkpoints x (i64 iterations, f64 exploitability)
//   | u32 information sets x (u8 player, str key, u32 actions x (i32 action, f64 probability))
//   | u64 FNV-1a hash of every byte before it
// where str is a u32 length and that many bytes.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

#include "bytes.hpp"
#include "cardcore/core/text.hpp"
#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {
namespace {

using bytes::Reader;
using bytes::Writer;

constexpr std::string_view kMagic = "cardcore.solution\n";
constexpr std::uint32_t kVersion = 2;
constexpr std::string_view kKind = "solution";

}  // namespace

std::string Solution::to_bytes() const {
  Writer w;
  w.out += kMagic;
  w.u(kVersion, 4);
  w.str(game);
  w.str(algorithm_name(algorithm));
  w.u(uniform_elsewhere ? 1 : 0, 1);
  w.u(static_cast<std::uint64_t>(iterations), 8);
  w.f(nash_conv);
  w.f(exploitability);
  w.u(history.size(), 4);
  for (const Checkpoint& c : history) {
    w.u(static_cast<std::uint64_t>(c.iterations), 8);
    w.f(c.exploitability);
  }
  w.u(policy.size(), 4);
  for (const InfosetPolicy& infoset : policy) {
    w.u(static_cast<std::uint64_t>(infoset.player), 1);
    w.str(infoset.key);
    w.u(infoset.actions.size(), 4);
    for (std::size_t a = 0; a < infoset.actions.size(); ++a) {
      w.u(static_cast<std::uint32_t>(infoset.actions[a]), 4);
      w.f(infoset.probabilities[a]);
    }
  }
  w.seal();
  return w.out;
}

Solution Solution::from_bytes(std::string_view bytes) {
  const auto [body, version] = bytes::checked_body(bytes, kKind, kMagic, 1, kVersion);
  Reader r(body, kKind);
  Solution s;
  s.game = r.str("the game");
  const std::string algorithm = r.str("the algorithm");
  try {
    s.algorithm = algorithm_from_name(algorithm);
  } catch (const std::invalid_argument&) {
    r.bad("unknown algorithm " + quote_input(algorithm));
  }
  if (version >= 2) {
    const std::uint64_t flag = r.u(1, "the unlisted sets' policy");
    if (flag > 1) r.bad("the unlisted sets' policy is " + std::to_string(flag));
    s.uniform_elsewhere = flag == 1;
  }
  s.iterations = static_cast<std::int64_t>(r.u(8, "the iterations"));
  s.nash_conv = r.f("nash_conv");
  s.exploitability = r.f("the exploitability");
  s.history.resize(r.count(16, "checkpoints"));
  for (Checkpoint& c : s.history) {
    c.iterations = static_cast<std::int64_t>(r.u(8, "a checkpoint"));
    c.exploitability = r.f("a checkpoint");
  }
  s.policy.resize(r.count(9, "information sets"));
  for (InfosetPolicy& infoset : s.policy) {
    infoset.player = static_cast<int>(r.u(1, "an information set"));
    if (infoset.player > 1) r.bad("an information set's player is " + std::to_string(infoset.player));
    infoset.key = r.str("an information set's key");
    const std::size_t actions = r.count(12, "actions");
    double sum = 0;
    for (std::size_t a = 0; a < actions; ++a) {
      infoset.actions.push_back(static_cast<int>(static_cast<std::int32_t>(r.u(4, "an action"))));
      const double p = r.f("a probability");
      if (!(p >= 0 && p <= 1)) r.bad("a probability is " + std::to_string(p));
      infoset.probabilities.push_back(p);
      sum += p;
    }
    if (actions == 0 || std::abs(sum - 1) > 1e-6)
      r.bad("the probabilities of information set " + quote_input(infoset.key) + " sum to " + std::to_string(sum));
  }
  if (r.left() != 0) r.bad(std::to_string(r.left()) + " bytes after the last information set");
  return s;
}

void Solution::save(const std::string& path) const {
  std::ofstream file(path, std::ios::binary);
  const std::string bytes = to_bytes();
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!file) throw std::invalid_argument("cannot write the solution file " + quote_input(path));
}

Solution Solution::load(const std::string& path) { return from_bytes(read_user_file(path, "the solution file")); }

Solution make_solution(const Tree& tree, std::span<const double> policy) {
  const Exploitability e = exploitability(tree, policy);
  Solution s;
  s.game = tree.game();
  s.nash_conv = e.nash_conv;
  s.exploitability = e.exploitability;
  for (const Tree::Infoset& infoset : tree.infosets()) {
    const auto begin = static_cast<std::size_t>(infoset.offset), end = begin + static_cast<std::size_t>(infoset.count);
    s.policy.push_back({infoset.player, infoset.key,
                        std::vector<int>(tree.actions().begin() + infoset.offset,
                                         tree.actions().begin() + infoset.offset + infoset.count),
                        std::vector<double>(policy.begin() + static_cast<std::ptrdiff_t>(begin),
                                            policy.begin() + static_cast<std::ptrdiff_t>(end))});
  }
  return s;
}

std::vector<double> policy_of(const Tree& tree, const Solution& solution) {
  if (solution.game != tree.game())
    throw std::invalid_argument("a solution of " + quote_input(solution.game) + " is not a policy of " +
                                std::string(tree.game()));
  std::vector<double> policy = tree.uniform_policy();
  std::vector<bool> given(tree.infosets().size(), false);
  for (const InfosetPolicy& infoset : solution.policy) {
    const int index = tree.find_infoset(infoset.player, infoset.key);
    if (index < 0)
      throw std::invalid_argument("the solution's information set " + quote_input(infoset.key) + " of player " +
                                  std::to_string(infoset.player) + " is not in the game");
    const Tree::Infoset& set = tree.infosets()[static_cast<std::size_t>(index)];
    if (!std::equal(infoset.actions.begin(), infoset.actions.end(), tree.actions().begin() + set.offset,
                    tree.actions().begin() + set.offset + set.count) ||
        static_cast<int>(infoset.actions.size()) != set.count)
      throw std::invalid_argument("the solution's information set " + quote_input(infoset.key) +
                                  " has other actions than the game's");
    std::copy(infoset.probabilities.begin(), infoset.probabilities.end(), policy.begin() + set.offset);
    given[static_cast<std::size_t>(index)] = true;
  }
  for (std::size_t i = 0; i < given.size(); ++i)
    if (!given[i] && !solution.uniform_elsewhere)
      throw std::invalid_argument("the solution has no policy at information set " +
                                  quote_input(tree.infosets()[i].key));
  return policy;
}

Solution solve(std::shared_ptr<const Tree> tree, const SolveOptions& options) {
  if (options.iterations < 0)
    throw std::invalid_argument("iterations must be at least 0, got " + std::to_string(options.iterations));
  std::vector<std::int64_t> checkpoints = options.checkpoints;
  std::sort(checkpoints.begin(), checkpoints.end());
  checkpoints.erase(std::unique(checkpoints.begin(), checkpoints.end()), checkpoints.end());
  for (const std::int64_t c : checkpoints)
    if (c < 1 || c > options.iterations)
      throw std::invalid_argument("a checkpoint must be 1 to the iterations (" + std::to_string(options.iterations) +
                                  "), got " + std::to_string(c));
  Solver solver(tree, options.algorithm, options.threads);
  std::vector<Checkpoint> history;
  for (const std::int64_t c : checkpoints) {
    solver.iterate(c - solver.iterations());
    history.push_back({c, exploitability(*tree, solver.average_policy()).exploitability});
  }
  solver.iterate(options.iterations - solver.iterations());
  Solution s = make_solution(*tree, solver.average_policy());
  s.algorithm = options.algorithm;
  s.iterations = options.iterations;
  s.history = std::move(history);
  return s;
}

}  // namespace cardcore::solve
