// Stopping a long computation early (Ctrl-C in Python, docs/design.md "Long calls"). The
// binding that runs one installs an Interrupt on its thread for the call's span, with a poll
// that says whether to stop (Python's pending signals); the computation's loops call
// check_interrupt(), which throws Interrupted once the poll said so. parallel_chunks hands
// the calling thread's Interrupt to its workers, so that every thread of the call stops.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <thread>

namespace cardcore {

// Thrown by check_interrupt() in every thread of a computation that its Interrupt stopped.
struct Interrupted : std::exception {
  const char* what() const noexcept override { return "interrupted"; }
};

class Interrupt {
 public:
  // How often the installing thread asks the poll, at most.
  static constexpr std::chrono::milliseconds kPollEvery{5};

  // Installs this Interrupt on the calling thread until it is destroyed.
  explicit Interrupt(std::function<bool()> poll);
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  // The Interrupt installed on (or adopted by) this thread, or null.
  static Interrupt* current();

  // A worker thread of a computation adopts its caller's Interrupt for the span of its work.
  class Adopt {
   public:
    explicit Adopt(Interrupt* interrupt);
    ~Adopt();
    Adopt(const Adopt&) = delete;
    Adopt& operator=(const Adopt&) = delete;

   private:
    Interrupt* previous_;
  };

  // Throws Interrupted once the poll said stop (asked on the installing thread only).
  void check();

 private:
  std::function<bool()> poll_;
  std::thread::id owner_;
  Interrupt* previous_;
  std::atomic<bool> stop_{false};
  unsigned calls_ = 0;  // the owner's checks: the clock is read every 16th
  std::chrono::steady_clock::time_point next_poll_;
};

// Throws Interrupted when the computation running on this thread was stopped; cheap enough
// for every turn of a loop (a thread-local read, and now and then a clock read).
inline void check_interrupt() {
  if (Interrupt* interrupt = Interrupt::current()) interrupt->check();
}

}  // namespace cardcore
