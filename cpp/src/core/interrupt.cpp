#include "cardcore/core/interrupt.hpp"

#include <utility>

namespace cardcore {

namespace {
thread_local Interrupt* t_interrupt = nullptr;
}  // namespace

Interrupt::Interrupt(std::function<bool()> poll)
    : poll_(std::move(poll)),
      owner_(std::this_thread::get_id()),
      previous_(std::exchange(t_interrupt, this)),
      next_poll_(std::chrono::steady_clock::now() + kPollEvery) {}

Interrupt::~Interrupt() { t_interrupt = previous_; }

Interrupt* Interrupt::current() { return t_interrupt; }

Interrupt::Adopt::Adopt(Interrupt* interrupt) : previous_(std::exchange(t_interrupt, interrupt)) {}

Interrupt::Adopt::~Adopt() { t_interrupt = previous_; }

void Interrupt::check() {
  if (stop_.load(std::memory_order_relaxed)) throw Interrupted();
  if (std::this_thread::get_id() != owner_ || ++calls_ % 16 != 0) return;  // calls_ is the owner's
  const auto now = std::chrono::steady_clock::now();
  if (now < next_poll_) return;
  next_poll_ = now + kPollEvery;
  if (!poll_()) return;
  stop_.store(true, std::memory_order_relaxed);
  throw Interrupted();
}

}  // namespace cardcore
