// A pool of worker threads kept for the life of a vector environment, so that a step of a
// few thousand envs (a millisecond) does not pay for starting threads each call.
//
// Handing a run over and collecting it spin first: a worker that finished a run watches
// for the next one for up to kSpin before it sleeps on a condition variable, and the
// caller watches for the workers to finish the same way. An agent steps again within a
// millisecond or so (the time it takes to choose the next actions), so the workers are
// still awake: waking a sleeping thread cost 80-150 us a step on the development machine,
// a fifth of a 4,096-env Badugi step, and made 2 threads slower than 1 below 2,000 envs.
// Each thread keeps its own range of envs from run to run (their states stay in its
// core's cache): handing out small chunks to whichever thread was free was slower.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cardcore::vector {

class ThreadPool {
 public:
  // How long a waiting thread spins before it sleeps (the time an agent takes between two
  // steps, usually; OpenMP runtimes spin for about as long by default).
  static constexpr std::chrono::microseconds kSpin{2000};

  // `threads` parts a run (at least 1): the caller's thread and threads - 1 workers.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls part(begin, end) over [0, n) cut into size() contiguous ranges, range 0 on the
  // caller's thread, and returns when all are done; rethrows the first exception of a part.
  void run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& part);

  // An asynchronous run (the parts of a split vector environment): start() returns at once
  // while the workers take its chunks from the back; finish() has the caller take them from
  // the front until none is left, then waits for the workers' last ones. Each side keeps
  // mostly to its own end of the range from run to run, so an env's state stays in one
  // core's cache, and whoever is free does the rest: an agent that chooses one part's
  // actions while another part steps keeps both cores busy. A job lives from start to
  // finish; several may be started at once (the oldest is taken first).
  class Job {
   public:
    Job() = default;
    Job(const Job&) = delete;
    Job& operator=(const Job&) = delete;

   private:
    friend class ThreadPool;
    std::function<void(std::size_t, std::size_t)> part_;
    std::size_t n_ = 0, chunk_ = 1;
    std::size_t front_ = 0, back_ = 0;  // the chunks not yet taken (guarded by the pool's mutex)
    std::atomic<std::size_t> unfinished_{0};
    std::exception_ptr error_;  // the first exception of a chunk (guarded by the pool's mutex)
  };
  // Starts part(begin, end) over [0, n) in chunks of `chunk` envs.
  void start(Job& job, std::size_t n, std::size_t chunk, std::function<void(std::size_t, std::size_t)> part);
  // Takes the job's chunks left, waits for the rest, and rethrows the first exception of a
  // chunk.
  void finish(Job& job);

 private:
  void work(std::size_t index);
  // Takes and runs one chunk of `job` (of the oldest job with chunks left when null), from
  // its front or its back; whether there was one. Called without the mutex held.
  bool run_chunk(Job* job, bool from_front);

  std::vector<std::thread> workers_;
  std::mutex mutex_;  // guards the sleeps, error_, jobs_ and the jobs' chunks and errors
  std::condition_variable start_, finished_;
  // The run in hand, written before generation_ moves on (and read after).
  const std::function<void(std::size_t, std::size_t)>* part_ = nullptr;
  std::size_t n_ = 0, parts_ = 1;
  std::atomic<std::uint64_t> generation_{0};  // counts runs; a worker waits for the next one
  std::atomic<std::size_t> pending_{0};       // workers still busy with this run
  std::atomic<bool> stopping_{false};
  std::exception_ptr error_;
  std::vector<Job*> jobs_;                    // started and not finished, oldest first (guarded by mutex_)
  std::atomic<std::uint64_t> job_starts_{0};  // counts start() calls: a worker watches it for new chunks
};

// One background thread that runs a task at a time: start() hands a task over and returns
// at once, wait() blocks until it is done and rethrows its exception. A vector environment's
// step_async and step_wait: the caller's thread is free meanwhile (to choose the actions of
// another batch).
class BackgroundTask {
 public:
  BackgroundTask();
  ~BackgroundTask();  // waits for a task still running
  BackgroundTask(const BackgroundTask&) = delete;
  BackgroundTask& operator=(const BackgroundTask&) = delete;

  // The caller waits for a started task before starting the next. Both sides spin for up
  // to ThreadPool::kSpin before they sleep, as the pool's threads do.
  void start(std::function<void()> task);
  void wait();

 private:
  void loop();
  void wait_idle();

  std::mutex mutex_;  // guards the sleeps
  std::condition_variable changed_;
  std::function<void()> task_;        // written by start() before ready_, run by the thread
  std::atomic<bool> ready_{false};    // a task was started and not yet taken
  std::atomic<bool> running_{false};  // a task was started and has not finished
  std::atomic<bool> stopping_{false};
  std::exception_ptr error_;  // the last task's, written before running_ goes false
  std::thread thread_;        // last: started once the members it reads exist
};

}  // namespace cardcore::vector
