// Solutions, and their file format (docs/solve.md, "File format"): little-endian,
//   magic "cardcore.solution\n" | u32 version 1 | str game | str algorithm | i64 iterations
//   | f64 nash_conv | f64 exploitability | u32 checkpoints x (i64 iterations, f64 exploitability)
//   | u32 information sets x (u8 player, str key, u32 actions x (i32 action, f64 probability))
//   | u64 FNV-1a hash of every byte before it
// where str is a u32 length and that many bytes.
#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "cardcore/solve/cfr.hpp"

namespace cardcore::solve {
namespace {

constexpr std::string_view kMagic = "cardcore.solution\n";
constexpr std::uint32_t kVersion = 1;

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : bytes) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash;
}

class Writer {
 public:
  std::string out;
  void u(std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i) & 0xFF));
  }
  void f(double value) { u(std::bit_cast<std::uint64_t>(value), 8); }
  void str(std::string_view text) {
    u(text.size(), 4);
    out += text;
  }
};

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t u(int bytes, const char* what) {
    need(static_cast<std::size_t>(bytes), what);
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{static_cast<unsigned char>(bytes_[at_++])} << (8 * i);
    return value;
  }
  double f(const char* what) { return std::bit_cast<double>(u(8, what)); }
  std::string str(const char* what) {
    const std::size_t size = u(4, what);
    need(size, what);
    std::string text(bytes_.substr(at_, size));
    at_ += size;
    return text;
  }
  // A count of items of at least `item` bytes each, checked against the bytes left.
  std::size_t count(std::size_t item, const char* what) {
    const std::size_t n = u(4, what);
    if (n > (bytes_.size() - at_) / item) bad(std::string("its count of ") + what + " exceeds the bytes left");
    return n;
  }
  std::size_t left() const { return bytes_.size() - at_; }
  [[noreturn]] static void bad(const std::string& why) {
    throw std::invalid_argument("not a valid cardcore solution (" + why + ")");
  }

 private:
  void need(std::size_t n, const char* what) {
    if (bytes_.size() - at_ < n) bad(std::string("truncated in ") + what);
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::string Solution::to_bytes() const {
  Writer w;
  w.out += kMagic;
  w.u(kVersion, 4);
  w.str(game);
  w.str(algorithm_name(algorithm));
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
  w.u(fnv1a(w.out), 8);
  return w.out;
}

Solution Solution::from_bytes(std::string_view bytes) {
  if (bytes.substr(0, kMagic.size()) != kMagic)
    Reader::bad("it does not start with the magic 'cardcore.solution' line");
  if (bytes.size() < kMagic.size() + 4 + 8) Reader::bad("truncated in the header");
  Reader header(bytes.substr(kMagic.size()));
  const std::uint64_t version = header.u(4, "the version");
  if (version != kVersion)
    Reader::bad("format version " + std::to_string(version) + "; this cardcore reads version " +
                std::to_string(kVersion));
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  if (Reader(bytes.substr(body.size())).u(8, "the checksum") != fnv1a(body))
    Reader::bad("truncated or corrupt: its checksum does not match");
  Reader r(body.substr(kMagic.size() + 4));
  Solution s;
  s.game = r.str("the game");
  const std::string algorithm = r.str("the algorithm");
  try {
    s.algorithm = algorithm_from_name(algorithm);
  } catch (const std::invalid_argument&) {
    Reader::bad("unknown algorithm " + quote_input(algorithm));
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
    if (infoset.player > 1) Reader::bad("an information set's player is " + std::to_string(infoset.player));
    infoset.key = r.str("an information set's key");
    const std::size_t actions = r.count(12, "actions");
    double sum = 0;
    for (std::size_t a = 0; a < actions; ++a) {
      infoset.actions.push_back(static_cast<int>(static_cast<std::int32_t>(r.u(4, "an action"))));
      const double p = r.f("a probability");
      if (!(p >= 0 && p <= 1)) Reader::bad("a probability is " + std::to_string(p));
      infoset.probabilities.push_back(p);
      sum += p;
    }
    if (actions == 0 || std::abs(sum - 1) > 1e-6)
      Reader::bad("the probabilities of information set " + quote_input(infoset.key) + " sum to " +
                  std::to_string(sum));
  }
  if (r.left() != 0) Reader::bad(std::to_string(r.left()) + " bytes after the last information set");
  return s;
}

void Solution::save(const std::string& path) const {
  std::ofstream file(path, std::ios::binary);
  const std::string bytes = to_bytes();
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!file) throw std::invalid_argument("cannot write the solution file " + quote_input(path));
}

Solution Solution::load(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::invalid_argument("cannot open the solution file " + quote_input(path));
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  return from_bytes(bytes);
}

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
  std::vector<double> policy(static_cast<std::size_t>(tree.policy_size()));
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
    if (!given[i])
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
