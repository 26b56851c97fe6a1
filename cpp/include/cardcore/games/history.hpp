// What a state records: the steps applied to it, in an append-only log whose copies share
// what they have in common.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace cardcore {

// One entry of a state's history: who acted (a seat, or kChancePlayer) and the action id
// (the card id for chance), for a card leaving the stock where it went, and the stage of
// the hand it happened in (a game's own numbering, for its observations).
struct Step {
  static constexpr std::int8_t kBurn = -1;
  std::int8_t actor;
  std::uint8_t action;
  std::int8_t target;  // chance: the seat that received the card, or kBurn
  std::uint8_t stage = 0;
  bool operator==(const Step&) const = default;
};

// An append-only sequence (a state's history, its logs of hands) whose copies share the part
// frozen so far: a copy costs the entries appended since the last freeze(), not the whole
// sequence. freeze() moves those into the shared part, in place unless a copy shares it.
template <class T>
class AppendLog {
 public:
  class const_iterator {
   public:
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    const_iterator() = default;
    const_iterator(const AppendLog* log, std::size_t i) : log_(log), i_(i) {}
    const T& operator*() const { return (*log_)[i_]; }
    const T* operator->() const { return &(*log_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) { return {log_, i_++}; }
    bool operator==(const const_iterator& other) const { return i_ == other.i_; }

   private:
    const AppendLog* log_ = nullptr;
    std::size_t i_ = 0;
  };

  std::size_t size() const { return frozen_ + tail_.size(); }
  bool empty() const { return size() == 0; }
  const T& operator[](std::size_t i) const { return i < frozen_ ? (*shared_)[i] : tail_[i - frozen_]; }
  const T& back() const { return (*this)[size() - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }
  void push_back(const T& entry) { tail_.push_back(entry); }
  void reserve(std::size_t entries) { tail_.reserve(entries); }
  void freeze() {
    if (tail_.empty()) return;
    if (!shared_ || shared_.use_count() > 1) {  // shared (or none yet): a vector of our own
      auto own = std::make_shared<std::vector<T>>();
      own->reserve(size());
      if (shared_) own->assign(shared_->begin(), shared_->begin() + static_cast<std::ptrdiff_t>(frozen_));
      shared_ = std::move(own);
    }
    shared_->insert(shared_->end(), tail_.begin(), tail_.end());
    frozen_ = shared_->size();
    tail_.clear();
  }
  // Whether entry i is stored where `other`'s is (a copy shares the frozen part).
  bool shares(const AppendLog& other, std::size_t i) const { return &(*this)[i] == &other[i]; }

 private:
  // Every state sharing shared_ holds all of it (frozen_ == shared_->size()): only a sole
  // owner appends to it.
  std::shared_ptr<std::vector<T>> shared_;
  std::size_t frozen_ = 0;
  std::vector<T> tail_;
};

// Every step applied to a state, chance included.
using History = AppendLog<Step>;

}  // namespace cardcore
