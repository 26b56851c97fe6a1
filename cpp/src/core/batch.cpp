#include "cardcore/core/batch.hpp"

#include <algorithm>
#include <system_error>
#include <thread>
#include <vector>

namespace cardcore {

std::int64_t parallel_chunks(std::size_t n, int threads,
                             const std::function<std::int64_t(std::size_t, std::size_t)>& chunk) {
  // More threads than 4 per core only cost; a thread the system refuses is run here.
  const std::size_t most = 4 * std::max(1u, std::thread::hardware_concurrency());
  const std::size_t parts =
      std::clamp<std::size_t>(threads < 1 ? 1 : threads, 1, std::min(most, std::max<std::size_t>(n, 1)));
  if (parts == 1) return chunk(0, n);
  std::vector<std::int64_t> first_bad(parts, kNoBadIndex);
  std::vector<std::thread> workers;
  workers.reserve(parts - 1);
  auto bounds = [&](std::size_t p) { return n * p / parts; };
  for (std::size_t p = 1; p < parts; ++p) {
    try {
      workers.emplace_back([&, p] { first_bad[p] = chunk(bounds(p), bounds(p + 1)); });
    } catch (const std::system_error&) {
      first_bad[p] = chunk(bounds(p), bounds(p + 1));
    }
  }
  first_bad[0] = chunk(0, bounds(1));
  for (auto& w : workers) w.join();
  for (std::int64_t bad : first_bad)
    if (bad != kNoBadIndex) return bad;  // parts are in index order: the first found is smallest
  return kNoBadIndex;
}

}  // namespace cardcore
