// The native solver on Leduc poker (docs/solve.md, "Speed"): the tree's build time, each
// algorithm's iterations per second (1 and 2 threads; with one thread also per second of
// the process's CPU time, which a busy machine does not distort), the time each takes to
// bring the average policy's exploitability to 1e-4 (measured every 50 iterations, up to a
// cap), and the time of an exact best response.
//
//   cmake --build build/cpptests --target bench_solve && build/cpptests/bench_solve [seconds]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "cardcore/games/leduc/state.hpp"
#include "cardcore/solve/cfr.hpp"

using namespace cardcore;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

int main(int argc, char** argv) {
  const double budget = argc > 1 ? std::atof(argv[1]) : 1.0;  // seconds per rate measurement
  auto start = Clock::now();
  const auto tree = solve::build_tree<leduc::State>(leduc::Config{});
  std::printf("Leduc tree: %zu nodes, %zu information sets, built in %.1f ms\n", tree->nodes().size(),
              tree->infosets().size(), 1e3 * seconds_since(start));
  const std::vector<double> uniform = tree->uniform_policy();
  constexpr int kResponses = 200;
  start = Clock::now();
  for (int i = 0; i < kResponses; ++i) solve::best_response(*tree, uniform, i % 2);
  std::printf("best response: %.3f ms\n\n", 1e3 * seconds_since(start) / kResponses);
  std::printf("%-8s %8s %14s %18s %24s\n", "", "threads", "iterations/s", "per CPU second", "to exploitability 1e-4");
  for (const solve::Algorithm algorithm :
       {solve::Algorithm::kCfr, solve::Algorithm::kCfrPlus, solve::Algorithm::kDcfr, solve::Algorithm::kLinear}) {
    for (const int threads : {1, 2}) {
      solve::Solver solver(tree, algorithm, threads);
      start = Clock::now();
      const std::clock_t cpu_start = std::clock();
      while (seconds_since(start) < budget) solver.iterate(100);
      const double rate = static_cast<double>(solver.iterations()) / seconds_since(start);
      const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
      char per_cpu[32] = "-";
      if (threads == 1) std::snprintf(per_cpu, sizeof per_cpu, "%.0f", static_cast<double>(solver.iterations()) / cpu);
      std::string reached = "-";
      if (threads == 1) {
        constexpr std::int64_t kCap = 100'000;
        solve::Solver fresh(tree, algorithm, 1);
        start = Clock::now();
        double e = 1;
        while (e > 1e-4 && fresh.iterations() < kCap) {
          fresh.iterate(50);
          e = solve::exploitability(*tree, fresh.average_policy()).exploitability;
        }
        char text[64];
        if (e <= 1e-4)
          std::snprintf(text, sizeof text, "%.2f s (%lld it)", seconds_since(start),
                        static_cast<long long>(fresh.iterations()));
        else
          std::snprintf(text, sizeof text, "not in %lld it (%.1e)", static_cast<long long>(kCap), e);
        reached = text;
      }
      std::printf("%-8s %8d %14.0f %18s %24s\n", std::string(solve::algorithm_name(algorithm)).c_str(), threads, rate,
                  per_cpu, reached.c_str());
    }
  }
}
