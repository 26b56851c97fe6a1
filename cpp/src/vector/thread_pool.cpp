#include "cardcore/vector/thread_pool.hpp"

#include <algorithm>
#include <utility>

namespace cardcore::vector {

ThreadPool::ThreadPool(int threads) {
  const int workers = std::max(threads, 1) - 1;
  workers_.reserve(static_cast<std::size_t>(workers));
  for (int w = 0; w < workers; ++w) {
    try {
      workers_.emplace_back([this, w] { work(static_cast<std::size_t>(w) + 1); });
    } catch (const std::system_error&) {
      break;  // a thread the system refuses: fewer parts, the same results
    }
  }
}

ThreadPool::~ThreadPool() {
  {
    const std::lock_guard lock(mutex_);
    stopping_.store(true);
  }
  start_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

namespace {

// Spins until done() or kSpin has passed; whether done() came true. The clock is read every
// 64 checks (a check is a load; a clock read costs more).
template <class Done>
bool spin_until(const Done& done) {
  const auto until = std::chrono::steady_clock::now() + ThreadPool::kSpin;
  for (unsigned i = 1;; ++i) {
    if (done()) return true;
    if (i % 64 == 0 && std::chrono::steady_clock::now() > until) return false;
    std::this_thread::yield();
  }
}

}  // namespace

void ThreadPool::run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& part) {
  const std::size_t parts = workers_.size() + 1;
  if (parts == 1 || n < parts) return part(0, n);
  part_ = &part;
  n_ = n;
  parts_ = parts;
  error_ = nullptr;
  pending_.store(workers_.size(), std::memory_order_relaxed);
  {
    // Under the mutex, so that a worker about to sleep sees the new run or is woken.
    const std::lock_guard lock(mutex_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  std::exception_ptr own;
  try {
    part(0, n / parts);
  } catch (...) {
    own = std::current_exception();
  }
  auto finished = [this] { return pending_.load(std::memory_order_acquire) == 0; };
  if (!spin_until(finished)) {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, finished);
  }
  part_ = nullptr;
  if (own) std::rethrow_exception(own);
  if (error_) std::rethrow_exception(error_);
}

void ThreadPool::start(Job& job, std::size_t n, std::size_t chunk, std::function<void(std::size_t, std::size_t)> part) {
  job.part_ = std::move(part);
  job.n_ = n;
  job.chunk_ = std::max<std::size_t>(chunk, 1);
  job.front_ = 0;
  job.back_ = (n + job.chunk_ - 1) / job.chunk_;
  job.error_ = nullptr;
  job.unfinished_.store(job.back_, std::memory_order_relaxed);
  {
    // Under the mutex, so that a worker about to sleep sees the new job or is woken.
    const std::lock_guard lock(mutex_);
    jobs_.push_back(&job);
    job_starts_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
}

void ThreadPool::finish(Job& job) {
  while (run_chunk(&job, true)) {
  }
  auto finished = [&job] { return job.unfinished_.load(std::memory_order_acquire) == 0; };
  if (!spin_until(finished)) {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, finished);
  }
  std::exception_ptr error;
  {
    const std::lock_guard lock(mutex_);
    jobs_.erase(std::find(jobs_.begin(), jobs_.end(), &job));
    error = std::exchange(job.error_, nullptr);
  }
  job.part_ = nullptr;
  if (error) std::rethrow_exception(error);
}

bool ThreadPool::run_chunk(Job* job, bool from_front) {
  std::size_t chunk;
  {
    const std::lock_guard lock(mutex_);
    if (!job)
      for (Job* started : jobs_)
        if (started->front_ < started->back_) {
          job = started;
          break;
        }
    if (!job || job->front_ == job->back_) return false;
    chunk = from_front ? job->front_++ : --job->back_;
  }
  // The job outlives this chunk: finish() returns only once every chunk is done.
  const std::size_t begin = chunk * job->chunk_;
  try {
    job->part_(begin, std::min(job->n_, begin + job->chunk_));
  } catch (...) {
    const std::lock_guard lock(mutex_);
    if (!job->error_) job->error_ = std::current_exception();
  }
  if (job->unfinished_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    const std::lock_guard lock(mutex_);  // the caller may be between its check and its sleep
    finished_.notify_all();
  }
  return true;
}

void ThreadPool::work(std::size_t index) {
  std::uint64_t seen = 0, seen_starts = 0;
  for (;;) {
    auto next = [&] {
      return stopping_.load() || generation_.load(std::memory_order_acquire) != seen ||
             job_starts_.load(std::memory_order_acquire) != seen_starts;
    };
    if (!spin_until(next)) {
      std::unique_lock lock(mutex_);
      start_.wait(lock, next);
    }
    if (stopping_.load()) return;
    if (generation_.load(std::memory_order_acquire) == seen) {
      // Read before taking chunks: a job started meanwhile is seen on the next round.
      seen_starts = job_starts_.load(std::memory_order_acquire);
      while (run_chunk(nullptr, false)) {
      }
      continue;
    }
    seen = generation_.load(std::memory_order_acquire);
    std::exception_ptr error;
    try {
      (*part_)(n_ * index / parts_, n_ * (index + 1) / parts_);
    } catch (...) {
      error = std::current_exception();
    }
    if (error) {
      const std::lock_guard lock(mutex_);
      if (!error_) error_ = error;
    }
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      const std::lock_guard lock(mutex_);  // the caller may be between its check and its sleep
      finished_.notify_all();
    }
  }
}

BackgroundTask::BackgroundTask() : thread_([this] { loop(); }) {}

BackgroundTask::~BackgroundTask() {
  wait_idle();
  {
    const std::lock_guard lock(mutex_);
    stopping_.store(true);
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundTask::start(std::function<void()> task) {
  task_ = std::move(task);
  error_ = nullptr;
  running_.store(true, std::memory_order_relaxed);
  {
    const std::lock_guard lock(mutex_);  // a sleeping thread sees the task or is woken
    ready_.store(true, std::memory_order_release);
  }
  changed_.notify_all();
}

void BackgroundTask::wait_idle() {
  auto idle = [this] { return !running_.load(std::memory_order_acquire); };
  if (spin_until(idle)) return;
  std::unique_lock lock(mutex_);
  changed_.wait(lock, idle);
}

void BackgroundTask::wait() {
  wait_idle();
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void BackgroundTask::loop() {
  for (;;) {
    auto next = [this] { return stopping_.load() || ready_.load(std::memory_order_acquire); };
    if (!spin_until(next)) {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, next);
    }
    if (stopping_.load()) return;
    ready_.store(false, std::memory_order_relaxed);
    std::exception_ptr error;
    try {
      task_();
    } catch (...) {
      error = std::current_exception();
    }
    task_ = nullptr;
    error_ = error;
    const std::lock_guard lock(mutex_);  // a waiter sees the end or is woken
    running_.store(false, std::memory_order_release);
    changed_.notify_all();
  }
}

}  // namespace cardcore::vector
