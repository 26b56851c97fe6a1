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
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::run(std::size_t n, const std::function<void(std::size_t, std::size_t)>& part) {
  const std::size_t parts = workers_.size() + 1;
  if (parts == 1 || n < parts) return part(0, n);
  {
    const std::lock_guard lock(mutex_);
    part_ = &part;
    n_ = n;
    parts_ = parts;
    pending_ = workers_.size();
    error_ = nullptr;
    ++generation_;
  }
  start_.notify_all();
  std::exception_ptr own;
  try {
    part(0, n / parts);
  } catch (...) {
    own = std::current_exception();
  }
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return pending_ == 0; });
  part_ = nullptr;
  if (own) std::rethrow_exception(own);
  if (error_) std::rethrow_exception(error_);
}

void ThreadPool::work(std::size_t index) {
  std::size_t seen = 0;
  for (;;) {
    std::unique_lock lock(mutex_);
    start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    const auto* part = part_;
    const std::size_t n = n_, parts = parts_;
    lock.unlock();
    std::exception_ptr error;
    try {
      (*part)(n * index / parts, n * (index + 1) / parts);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    if (--pending_ == 0) finished_.notify_one();
  }
}

BackgroundTask::BackgroundTask() : thread_([this] { loop(); }) {}

BackgroundTask::~BackgroundTask() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !running_; });
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundTask::start(std::function<void()> task) {
  {
    const std::lock_guard lock(mutex_);
    task_ = std::move(task);
    running_ = true;
    error_ = nullptr;
  }
  changed_.notify_all();
}

void BackgroundTask::wait() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !running_; });
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void BackgroundTask::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || (running_ && task_); });
    if (stopping_) return;
    std::function<void()> task = std::move(task_);
    task_ = nullptr;
    lock.unlock();
    std::exception_ptr error;
    try {
      task();
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    error_ = error;
    running_ = false;
    changed_.notify_all();
  }
}

}  // namespace cardcore::vector
