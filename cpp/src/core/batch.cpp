#include "cardcore/core/batch.hpp"

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

#include "cardcore/core/interrupt.hpp"

namespace cardcore {

std::int64_t parallel_chunks(std::size_t n, int threads,
                             const std::function<std::int64_t(std::size_t, std::size_t)>& chunk) {
  // More threads than 4 per core only cost; a thread the system refuses is run here.
  const std::size_t most = 4 * std::max(1u, std::thread::hardware_concurrency());
  const std::size_t parts =
      std::clamp<std::size_t>(threads < 1 ? 1 : threads, 1, std::min(most, std::max<std::size_t>(n, 1)));
  if (parts == 1) return chunk(0, n);
  std::vector<std::int64_t> first_bad(parts, kNoBadIndex);
  // Each part's exception, carried back to this thread: the first part's is rethrown once
  // every thread has ended (an exception leaving a std::thread would end the process).
  std::vector<std::exception_ptr> errors(parts);
  Interrupt* const interrupt = Interrupt::current();  // the workers stop with this thread
  auto run = [&](std::size_t p) {
    try {
      first_bad[p] = chunk(n * p / parts, n * (p + 1) / parts);
    } catch (...) {
      errors[p] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(parts - 1);
  for (std::size_t p = 1; p < parts; ++p) {
    try {
      workers.emplace_back([&, p] {
        const Interrupt::Adopt adopt(interrupt);
        run(p);
      });
    } catch (const std::system_error&) {
      run(p);
    }
  }
  run(0);
  for (auto& w : workers) w.join();
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
  for (std::int64_t bad : first_bad)
    if (bad != kNoBadIndex) return bad;  // parts are in index order: the first found is smallest
  return kNoBadIndex;
}

}  // namespace cardcore
