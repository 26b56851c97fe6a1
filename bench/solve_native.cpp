// The native solver on Leduc poker (docs/solve.md, "Speed"): the tree's build time, each
// algorithm's iterations per second (1 and 2 threads; with one thread also per second of
// the process's CPU time, which a busy machine does not distort), the time each takes to
// bring the average policy's exploitability to 1e-4 (measured at iteration counts 5% apart,
// the measuring included, up to 10 seconds), and the time of an exact best response.
//
//   cmake --build build/cpptests --target bench_solve
//   build/cpptests/bench_solve [seconds]           a table; seconds per rate measured
//   build/cpptests/bench_solve --json [seconds]    the same as JSON (bench/solve.py)
//   build/cpptests/bench_solve --convergence [s]   each algorithm's exploitability against
//                                                  iterations and seconds, as JSON, for s
//                                                  seconds each (tools/solve_convergence.py)
//   build/cpptests/bench_solve --pairs [s]         CFR+ on 1 thread, then on 2, twelve times
//                                                  in turn for s seconds each: each pair's
//                                                  rates and ratio, and the median ratio
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "cardcore/games/leduc/state.hpp"
#include "cardcore/solve/cfr.hpp"

using namespace cardcore;
using Clock = std::chrono::steady_clock;

namespace {

constexpr solve::Algorithm kAlgorithms[] = {solve::Algorithm::kCfr, solve::Algorithm::kCfrPlus, solve::Algorithm::kDcfr,
                                            solve::Algorithm::kLinear};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

struct Rate {
  double per_second, per_cpu_second;
};

Rate rate(const std::shared_ptr<const solve::Tree>& tree, solve::Algorithm algorithm, int threads, double budget) {
  solve::Solver solver(tree, algorithm, threads);
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  while (seconds_since(start) < budget) solver.iterate(100);
  const auto iterations = static_cast<double>(solver.iterations());
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return {iterations / seconds_since(start), iterations / cpu};
}

// One point of a run: the iterations, the seconds spent iterating (not measuring), and the
// average policy's exploitability.
struct Point {
  std::int64_t iterations;
  double seconds, exploitability;
};

// Runs `algorithm` measuring at iteration counts 5% apart until `done` says so.
template <class Done>
std::vector<Point> run(const std::shared_ptr<const solve::Tree>& tree, solve::Algorithm algorithm, Done done) {
  solve::Solver solver(tree, algorithm, 1);
  std::vector<Point> points;
  double iterating = 0;
  const auto start = Clock::now();
  do {
    const auto before = Clock::now();
    solver.iterate(std::max<std::int64_t>(1, solver.iterations() / 20));
    iterating += seconds_since(before);
    points.push_back(
        {solver.iterations(), iterating, solve::exploitability(*tree, solver.average_policy()).exploitability});
  } while (!done(points.back(), seconds_since(start)));
  return points;
}

constexpr double kTarget = 1e-4, kCap = 10.0;

// The first point at the target (wall-clock seconds, measuring included), or none.
struct Reached {
  bool reached;
  double seconds;
  std::int64_t iterations;
  double exploitability;
};

Reached to_target(const std::shared_ptr<const solve::Tree>& tree, solve::Algorithm algorithm) {
  const auto start = Clock::now();
  const std::vector<Point> points = run(
      tree, algorithm, [](const Point& p, double elapsed) { return p.exploitability <= kTarget || elapsed > kCap; });
  const Point& last = points.back();
  return {last.exploitability <= kTarget, seconds_since(start), last.iterations, last.exploitability};
}

void convergence(const std::shared_ptr<const solve::Tree>& tree, double budget) {
  std::printf("{\"game\": \"%s\", \"curves\": {", std::string(tree->game()).c_str());
  for (const solve::Algorithm algorithm : kAlgorithms) {
    const std::vector<Point> points = run(tree, algorithm, [&](const Point& p, double) { return p.seconds > budget; });
    std::printf("%s\"%s\": [", algorithm == kAlgorithms[0] ? "" : ", ",
                std::string(solve::algorithm_name(algorithm)).c_str());
    for (std::size_t i = 0; i < points.size(); ++i)
      std::printf("%s[%lld, %.6g, %.6g]", i ? ", " : "", static_cast<long long>(points[i].iterations),
                  points[i].seconds, points[i].exploitability);
    std::printf("]");
  }
  std::printf("}}\n");
}

}  // namespace

// Two threads against one, where the machine's load drifts: twelve pairs of CFR+ runs, one
// thread then two, each pair's ratio and the median of the twelve.
void thread_pairs(const std::shared_ptr<const solve::Tree>& tree, double budget) {
  constexpr int kPairs = 12;
  std::vector<double> ratios;
  std::printf("%6s %14s %14s %8s\n", "pair", "1 thread it/s", "2 threads it/s", "ratio");
  for (int pair = 1; pair <= kPairs; ++pair) {
    const double one = rate(tree, solve::Algorithm::kCfrPlus, 1, budget).per_second;
    const double two = rate(tree, solve::Algorithm::kCfrPlus, 2, budget).per_second;
    ratios.push_back(two / one);
    std::printf("%6d %14.0f %14.0f %7.2fx\n", pair, one, two, two / one);
  }
  std::sort(ratios.begin(), ratios.end());
  std::printf("2 threads / 1: median %.2fx (the mean of the middle two), from %.2fx to %.2fx\n",
              (ratios[kPairs / 2 - 1] + ratios[kPairs / 2]) / 2, ratios.front(), ratios.back());
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 && argv[1][0] == '-' ? argv[1] : "";
  const char* number = argc > (mode.empty() ? 1 : 2) ? argv[mode.empty() ? 1 : 2] : nullptr;
  const double budget = number ? std::atof(number) : 1.0;
  if (mode != "" && mode != "--json" && mode != "--convergence" && mode != "--pairs") {
    std::fprintf(stderr, "usage: bench_solve [--json | --convergence | --pairs] [seconds]\n");
    return 2;
  }
  auto start = Clock::now();
  const auto tree = solve::build_tree<leduc::State>(leduc::Config{});
  const double build = seconds_since(start);
  if (mode == "--convergence") {
    convergence(tree, budget);
    return 0;
  }
  if (mode == "--pairs") {
    thread_pairs(tree, budget);
    return 0;
  }
  const std::vector<double> uniform = tree->uniform_policy();
  constexpr int kResponses = 200;
  start = Clock::now();
  for (int i = 0; i < kResponses; ++i) solve::best_response(*tree, uniform, i % 2);
  const double response = seconds_since(start) / kResponses;
  const bool json = mode == "--json";
  if (json)
    std::printf(
        "{\"game\": \"%s\", \"nodes\": %zu, \"infosets\": %zu, \"build_seconds\": %.6g, "
        "\"best_response_seconds\": %.6g, \"algorithms\": {",
        std::string(tree->game()).c_str(), tree->nodes().size(), tree->infosets().size(), build, response);
  else
    std::printf(
        "Leduc tree: %zu nodes, %zu information sets, built in %.1f ms\nbest response: %.3f ms\n\n"
        "%-8s %14s %14s %18s %30s\n",
        tree->nodes().size(), tree->infosets().size(), 1e3 * build, 1e3 * response, "", "1 thread it/s",
        "2 threads it/s", "per CPU second", "to exploitability 1e-4");
  for (const solve::Algorithm algorithm : kAlgorithms) {
    const std::string name(solve::algorithm_name(algorithm));
    const Rate one = rate(tree, algorithm, 1, budget), two = rate(tree, algorithm, 2, budget);
    const Reached reached = to_target(tree, algorithm);
    if (json) {
      std::printf(
          "%s\"%s\": {\"per_second\": [%.6g, %.6g], \"per_cpu_second\": %.6g, \"to_target\": {\"reached\": %s, "
          "\"seconds\": %.6g, \"iterations\": %lld, \"exploitability\": %.6g}}",
          algorithm == kAlgorithms[0] ? "" : ", ", name.c_str(), one.per_second, two.per_second, one.per_cpu_second,
          reached.reached ? "true" : "false", reached.seconds, static_cast<long long>(reached.iterations),
          reached.exploitability);
      continue;
    }
    char text[96];
    if (reached.reached)
      std::snprintf(text, sizeof text, "%.2f s (%lld it)", reached.seconds, static_cast<long long>(reached.iterations));
    else
      std::snprintf(text, sizeof text, "not in %.0f s (%lld it, %.1e)", kCap,
                    static_cast<long long>(reached.iterations), reached.exploitability);
    std::printf("%-8s %14.0f %14.0f %18.0f %30s\n", name.c_str(), one.per_second, two.per_second, one.per_cpu_second,
                text);
  }
  if (json) std::printf("}}\n");
}
