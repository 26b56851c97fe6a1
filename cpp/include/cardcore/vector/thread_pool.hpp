// A pool of worker threads kept for the life of a vector environment, so that a step of a
// few thousand envs (a millisecond) does not pay for starting threads each call.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cardcore::vector {

class ThreadPool {
 public:
  // `threads` parts a run (at least 1): the caller's thread and threads - 1 workers.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls part(begin, end) over [0, n) cut into size() contiguous ranges, range 0 on the
  // caller's thread, and returns when all are done; rethrows the first exception of a part.
  void run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& part);

 private:
  void work(std::size_t index);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, finished_;
  const std::function<void(std::size_t, std::size_t)>* part_ = nullptr;
  std::size_t n_ = 0, parts_ = 1;
  std::size_t generation_ = 0;  // counts runs; a worker waits for the next one
  std::size_t pending_ = 0;     // workers still busy with this run
  bool stopping_ = false;
  std::exception_ptr error_;
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

  // The caller waits for a started task before starting the next.
  void start(std::function<void()> task);
  void wait();

 private:
  void loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> task_;
  bool running_ = false;  // a task was started and has not finished
  bool stopping_ = false;
  std::exception_ptr error_;
  std::thread thread_;  // last: started once the members it reads exist
};

}  // namespace cardcore::vector
