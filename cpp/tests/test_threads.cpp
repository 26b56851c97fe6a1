// The vector environments' thread pool (cardcore/vector/thread_pool.hpp): its synchronous
// runs and its asynchronous jobs, which the parts of a split VectorEnv step on; the batch
// calls' parallel_chunks (core/batch.hpp) with the Interrupt its threads share; and the CFR
// solver's threads, which keep the pool from call to call and meet at a barrier each pass
// (solve/cfr.hpp). ThreadSanitizer runs this file (tools/tsan.sh).
#include <atomic>
#include <chrono>
#include <memory>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/games/leduc/state.hpp"
#include "cardcore/solve/cfr.hpp"
#include "cardcore/vector/thread_pool.hpp"
#include "check.hpp"

namespace cardcore::vector {
namespace {

// Counts, per index, how often a part or chunk covered it.
struct Visits {
  std::vector<std::atomic<int>> count;
  explicit Visits(std::size_t n) : count(n) {}
  auto part() {
    return [this](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) count[i].fetch_add(1);
    };
  }
  bool each_once() const {
    for (const auto& c : count)
      if (c.load() != 1) return false;
    return true;
  }
};

TEST_CASE(a_run_covers_every_index_once_for_any_thread_count) {
  for (int threads : {1, 2, 3, 5})
    for (std::size_t n : {1u, 2u, 7u, 100u, 4096u}) {
      ThreadPool pool(threads);
      Visits visits(n);
      pool.run(n, visits.part());
      CHECK(visits.each_once());
    }
}

TEST_CASE(jobs_started_together_each_cover_their_indices_once_whatever_order_they_finish_in) {
  for (int threads : {1, 2, 4}) {
    ThreadPool pool(threads);
    for (int round = 0; round < 50; ++round) {
      const std::size_t sizes[3] = {1000, 33, 1};
      std::vector<std::unique_ptr<Visits>> visits;
      ThreadPool::Job jobs[3];
      for (int j = 0; j < 3; ++j) {
        visits.push_back(std::make_unique<Visits>(sizes[j]));
        pool.start(jobs[j], sizes[j], 7, visits.back()->part());
      }
      // The last started first, then the others: the caller takes what the workers left.
      for (int j : {2, 0, 1}) pool.finish(jobs[j]);
      for (const auto& v : visits) CHECK(v->each_once());
      Visits after(64);  // the pool runs synchronously again once the jobs are finished
      pool.run(64, after.part());
      CHECK(after.each_once());
    }
  }
}

TEST_CASE(a_jobs_exception_comes_out_of_finish_after_every_other_chunk_ran) {
  for (int threads : {1, 2}) {
    ThreadPool pool(threads);
    Visits visits(200);
    ThreadPool::Job job;
    pool.start(job, 200, 10, [&](std::size_t begin, std::size_t end) {
      visits.part()(begin, end);
      if (begin == 100) throw std::runtime_error("chunk 10 failed");
    });
    CHECK_THROWS(pool.finish(job), std::runtime_error, "chunk 10 failed");
    CHECK(visits.each_once());
    ThreadPool::Job next;  // the pool goes on
    Visits more(50);
    pool.start(next, 50, 8, more.part());
    pool.finish(next);
    CHECK(more.each_once());
  }
}

TEST_CASE(parallel_chunks_carries_a_workers_exception_back_after_every_part_ended) {
  for (int threads : {1, 2, 4}) {
    Visits visits(400);
    CHECK_THROWS(parallel_chunks(400, threads,
                                 [&](std::size_t begin, std::size_t end) -> std::int64_t {
                                   visits.part()(begin, end);
                                   if (end == 400) throw std::bad_alloc();  // the last part: a worker's
                                   return kNoBadIndex;
                                 }),
                 std::bad_alloc, "");
    CHECK(visits.each_once());
    // The first part's exception wins, whichever ends first.
    CHECK_THROWS(parallel_chunks(400, threads,
                                 [&](std::size_t begin, std::size_t) -> std::int64_t {
                                   throw std::invalid_argument("part at " + std::to_string(begin));
                                 }),
                 std::invalid_argument, "part at 0");
  }
}

TEST_CASE(an_interrupt_stops_every_thread_of_parallel_chunks) {
  for (int threads : {1, 2, 4}) {
    const auto start = std::chrono::steady_clock::now();
    // The poll says stop once 30 ms have passed: the parts would otherwise run for minutes.
    const Interrupt interrupt([&] { return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(30); });
    std::atomic<int> stopped{0};
    CHECK_THROWS(parallel_chunks(4, threads,
                                 [&](std::size_t, std::size_t) -> std::int64_t {
                                   try {
                                     for (;;) {
                                       check_interrupt();
                                       std::this_thread::sleep_for(std::chrono::microseconds(50));
                                     }
                                   } catch (const Interrupted&) {
                                     stopped.fetch_add(1);
                                     throw;
                                   }
                                 }),
                 Interrupted, "interrupted");
    CHECK_EQ(stopped.load(), std::min(threads, 4));
  }
  CHECK(Interrupt::current() == nullptr);  // uninstalled with its scope
  check_interrupt();                       // none installed: nothing to stop
}

TEST_CASE(the_solvers_threads_give_one_threads_bits_call_after_call) {
  const auto tree = solve::build_tree<leduc::State>(leduc::Config{});
  solve::Solver one(tree, solve::Algorithm::kCfrPlus, 1), two(tree, solve::Algorithm::kCfrPlus, 2),
      three(tree, solve::Algorithm::kCfrPlus, 3);
  for (const std::int64_t iterations : {1, 7, 0, 12}) {
    for (solve::Solver* s : {&one, &two, &three}) s->iterate(iterations);
    CHECK(two.current_policy() == one.current_policy());
    CHECK(three.current_policy() == one.current_policy());
  }
  CHECK(two.average_policy() == one.average_policy());
}

}  // namespace
}  // namespace cardcore::vector

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
