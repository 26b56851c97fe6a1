// MCCFR's tables, rounds of threads, checkpoints and Solution (solve/mccfr.hpp,
// docs/solve.md "MCCFR"). A checkpoint is little-endian:
//   magic "cardcore.mccfr\n" | u32 version 1 | str game | str abstraction | str algorithm
//   | str sampling | u64 seed | u32 threads | i64 iterations
//   | u32 sets x (u64 key, u8 player, u8 count, count x u8 action, count x f32 regret,
//                 count x f32 strategy sum, str key text)
//   | u64 FNV-1a hash of every byte before it
// where str is a u32 length and that many bytes.
#include "cardcore/solve/mccfr.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <fstream>
#include <numeric>
#include <thread>

#include "bytes.hpp"
#include "cardcore/core/text.hpp"
#include "cardcore/solve/blueprint.hpp"

namespace cardcore::solve {
namespace {

constexpr std::string_view kCheckpointMagic = "cardcore.mccfr\n";
constexpr std::uint32_t kCheckpointVersion = 1;
constexpr std::string_view kCheckpointKind = "MCCFR checkpoint";
constexpr std::size_t kFirstSlots = 1024;
constexpr std::string_view kSampling = "external";

std::int64_t string_bytes(const std::string& text) {
  // A string's heap block beyond the small-string buffer (15 characters in libstdc++).
  return text.size() > 15 ? static_cast<std::int64_t>(text.size()) + 1 : 0;
}

}  // namespace

// Eight bytes a step (a little-endian word xored in, then a multiply and a shift, each a
// bijection, so strings that differ in one word never collide), then splitmix64's mixer:
// FNV-1a's byte-serial multiplies took a quarter of Leduc's iterations.
std::uint64_t hash_bytes(std::string_view bytes) {
  std::uint64_t hash = 0x6A09E667F3BCC909ull ^ bytes.size();
  auto word = [&](std::size_t at, std::size_t n) {
    std::uint64_t w = 0;
    for (std::size_t i = 0; i < n; ++i) w |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
    hash = (hash ^ w) * 0x9E3779B97F4A7C15ull;
    hash ^= hash >> 29;
  };
  std::size_t at = 0;
  for (; at + 8 <= bytes.size(); at += 8) word(at, 8);
  if (at < bytes.size()) word(at, bytes.size() - at);
  return splitmix64(hash);
}

void MemoryBudget::take(std::int64_t bytes, std::int64_t information_sets) {
  const std::int64_t after = used_.fetch_add(bytes) + bytes;
  if (after <= limit_) return;
  used_ -= bytes;
  throw std::invalid_argument("MCCFR's tables would pass the memory budget of " + std::to_string(limit_) +
                              " bytes: with " + std::to_string(information_sets) +
                              " information sets in a table they would take " + std::to_string(after) +
                              " bytes (give memory= more bytes, or a coarser abstraction)");
}

RegretTable::RegretTable(MemoryBudget& budget) : budget_(budget) { rehash(kFirstSlots); }

RegretTable::~RegretTable() { budget_.give_back(bytes_); }

template <class T>
void RegretTable::reserve(std::vector<T>& array, std::size_t needed) {
  if (needed <= array.capacity()) return;
  const std::size_t capacity = std::max(needed, 2 * array.capacity());
  const auto more = static_cast<std::int64_t>((capacity - array.capacity()) * sizeof(T));
  budget_.take(more, size());
  bytes_ += more;
  array.reserve(capacity);
}

void RegretTable::rehash(std::size_t capacity) {
  const auto more = static_cast<std::int64_t>((capacity - slots_.size()) * sizeof(Slot));
  budget_.take(more, size());
  bytes_ += more;
  slots_.assign(capacity, Slot{0, -1});
  mask_ = capacity - 1;
  for (std::size_t e = 0; e < entries_.size(); ++e) {
    std::size_t i = entries_[e].key & mask_;
    while (slots_[i].key != 0) i = (i + 1) & mask_;
    slots_[i] = {entries_[e].key, static_cast<std::int32_t>(e)};
  }
}

std::int32_t RegretTable::add(std::uint64_t key, int player, const int* actions, int count, std::string text) {
  if (2 * (entries_.size() + 1) > slots_.size()) rehash(2 * slots_.size());
  reserve(entries_, entries_.size() + 1);
  reserve(texts_, texts_.size() + 1);
  const auto offset = static_cast<std::uint32_t>(values_.size());
  reserve(values_, offset + 2 * static_cast<std::size_t>(count));
  reserve(actions_, offset / 2 + static_cast<std::size_t>(count));
  const std::int64_t text_bytes = string_bytes(text);
  budget_.take(text_bytes, size());
  bytes_ += text_bytes;
  const auto set = static_cast<std::int32_t>(entries_.size());
  entries_.push_back({key, offset, static_cast<std::uint8_t>(player), static_cast<std::uint8_t>(count)});
  values_.resize(offset + 2 * static_cast<std::size_t>(count), 0.0f);
  for (int a = 0; a < count; ++a) actions_.push_back(static_cast<std::uint8_t>(actions[a]));
  texts_.push_back(std::move(text));
  std::size_t i = key & mask_;
  while (slots_[i].key != 0) i = (i + 1) & mask_;
  slots_[i] = {key, set};
  return set;
}

void RegretTable::check_actions(std::int32_t set, const int* actions, int count) const {
  const std::uint8_t* known = this->actions(set);
  if (count == entry(set).count && std::equal(known, known + count, actions)) return;
  throw std::invalid_argument(
      "two states of one information set (or abstraction bucket) have different legal "
      "actions: " +
      quote_input(text(set)));
}

void RegretTable::clear() {
  std::fill(slots_.begin(), slots_.end(), Slot{0, -1});
  entries_.clear();
  values_.clear();
  actions_.clear();
  const std::int64_t freed =
      std::accumulate(texts_.begin(), texts_.end(), std::int64_t{0},
                      [](std::int64_t sum, const std::string& t) { return sum + string_bytes(t); });
  bytes_ -= freed;
  budget_.give_back(freed);
  texts_.clear();
}

void RegretTable::merge(const RegretTable& other, bool floor) {
  int actions[256];
  for (std::int32_t e = 0; e < other.size(); ++e) {
    const Entry& from = other.entry(e);
    const int count = from.count;
    std::copy_n(other.actions(e), count, actions);
    const std::int32_t set = find_or_add(from.key, from.player, actions, count, [&] { return other.text(e); });
    float* to = values(set);
    const float* add = other.values(e);
    for (int k = 0; k < 2 * count; ++k) to[k] += add[k];
    if (floor)
      for (int a = 0; a < count; ++a) to[a] = std::max(to[a], 0.0f);
  }
}

namespace detail {

void check_mccfr_game(std::string_view game, int players, bool zero_sum) {
  check_players(game, players);
  if (!zero_sum)
    throw std::invalid_argument("the solver needs a zero-sum game, and " + std::string(game) + " is general-sum");
}

}  // namespace detail

namespace {

const MccfrOptions& checked_options(const std::string& game, const AbstractionBase& abstraction,
                                    const MccfrOptions& options) {
  if (options.algorithm == Algorithm::kDcfr)
    throw std::invalid_argument(
        "MCCFR does not run dcfr: its discounts touch every information set each iteration, which sampling does not "
        "visit; expected cfr, cfr+ or linear");
  if (options.threads < 1)
    throw std::invalid_argument("threads must be at least 1, got " + std::to_string(options.threads));
  if (options.memory < 1)
    throw std::invalid_argument("the memory budget must be at least 1 byte, got " + std::to_string(options.memory));
  if (abstraction.game() != game.substr(0, game.find(' ')))
    throw std::invalid_argument("an abstraction of " + std::string(abstraction.game()) + " cannot abstract " + game);
  // Both players' buckets, at two actions each at least.
  const std::int64_t buckets = abstraction.buckets();
  const std::int64_t least = buckets < 0 ? 0 : 2 * buckets * RegretTable::bytes_per_set(2);
  if (least > options.memory)
    throw std::invalid_argument("MCCFR over the " + std::to_string(buckets) + " buckets a player of the abstraction " +
                                quote_input(abstraction.name()) + " needs at least " + std::to_string(least) +
                                " bytes, more than the memory budget of " + std::to_string(options.memory) + " bytes");
  return options;
}

}  // namespace

MccfrBase::MccfrBase(std::string game, std::shared_ptr<const AbstractionBase> abstraction, const MccfrOptions& options)
    : game_(std::move(game)),
      abstraction_(std::move(abstraction)),
      options_(checked_options(game_, *abstraction_, options)),
      budget_(options.memory),
      shared_(budget_) {
  if (options_.threads > 1)
    for (int k = 0; k < options_.threads; ++k) locals_.push_back(std::make_unique<RegretTable>(budget_));
}

MccfrBase::~MccfrBase() = default;

MccfrBase::Weights MccfrBase::weights(std::int64_t t) const {
  const auto iteration = static_cast<double>(t);
  switch (options_.algorithm) {
    case Algorithm::kCfrPlus:
      return {1.0, iteration, options_.threads == 1};
    case Algorithm::kLinear:
      return {iteration, iteration, false};
    default:
      return {1.0, 1.0, false};
  }
}

std::uint64_t MccfrBase::chance_seed(std::int64_t t, int player) const {
  std::uint64_t state = options_.seed ^ (0xA0761D6478BD642Full * static_cast<std::uint64_t>(2 * t + player + 1));
  return splitmix64(state);
}

void MccfrBase::regret_matching(const float* regrets, int count, double* strategy) {
  double positive = 0;
  if (regrets != nullptr)
    for (int a = 0; a < count; ++a) positive += std::max(0.0f, regrets[a]);
  for (int a = 0; a < count; ++a) strategy[a] = positive > 0 ? std::max(0.0f, regrets[a]) / positive : 1.0 / count;
}

void MccfrBase::iterate(std::int64_t iterations) {
  if (iterations < 0) throw std::invalid_argument("iterations must be at least 0, got " + std::to_string(iterations));
  const std::int64_t target = iteration_ + iterations;
  if (options_.threads == 1) {
    for (; iteration_ < target; ++iteration_) {
      check_interrupt();
      for (int player = 0; player < 2; ++player) traverse(iteration_ + 1, player, shared_, shared_);
    }
    return;
  }
  // Rounds end on multiples of round(), so that any split of the iterations into calls
  // ending there gives the same rounds.
  while (iteration_ < target) {
    const std::int64_t end = std::min(target, (iteration_ / round() + 1) * round());
    run_round(iteration_, end);
    iteration_ = end;
  }
}

// Each thread k does iterations [first + k * n / threads, first + (k + 1) * n / threads) with
// the strategy of the round's start, into a table of its own; the tables are then added to
// the shared one in the threads' order (regret matching+ flooring after each).
void MccfrBase::run_round(std::int64_t first, std::int64_t end) {
  const int threads = options_.threads;
  const std::int64_t n = end - first;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  Interrupt* interrupt = Interrupt::current();
  auto work = [&](int k) {
    Interrupt::Adopt adopt(interrupt);
    try {
      RegretTable& local = *locals_[static_cast<std::size_t>(k)];
      local.clear();
      for (std::int64_t t = first + k * n / threads; t < first + (k + 1) * n / threads; ++t) {
        check_interrupt();
        for (int player = 0; player < 2; ++player) traverse(t + 1, player, shared_, local);
      }
    } catch (...) {
      errors[static_cast<std::size_t>(k)] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> team;
    for (int k = 1; k < threads; ++k) team.emplace_back(work, k);
    work(0);
  }
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
  for (const auto& local : locals_) shared_.merge(*local, options_.algorithm == Algorithm::kCfrPlus);
}

Solution MccfrBase::solution() const {
  std::vector<std::int32_t> order(static_cast<std::size_t>(shared_.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
    const auto& x = shared_.entry(a);
    const auto& y = shared_.entry(b);
    return x.player != y.player ? x.player < y.player : shared_.text(a) < shared_.text(b);
  });
  Solution s;
  s.game = game_;
  s.algorithm = options_.algorithm;
  s.iterations = iteration_;
  s.nash_conv = s.exploitability = std::nan("");
  s.uniform_elsewhere = true;
  for (const std::int32_t e : order) {
    const int count = shared_.entry(e).count;
    const float* sums = shared_.values(e) + count;
    double total = 0;
    for (int a = 0; a < count; ++a) total += sums[a];
    InfosetPolicy p{shared_.entry(e).player, shared_.text(e), {}, {}};
    for (int a = 0; a < count; ++a) {
      p.actions.push_back(shared_.actions(e)[a]);
      p.probabilities.push_back(total > 0 ? sums[a] / total : 1.0 / count);
    }
    s.policy.push_back(std::move(p));
  }
  return s;
}

std::string MccfrBase::blueprint() const {
  return Blueprint::bytes_of(game_, abstraction_->name(), iteration_, shared_);
}

std::string MccfrBase::to_bytes() const {
  bytes::Writer w;
  w.out += kCheckpointMagic;
  w.u(kCheckpointVersion, 4);
  w.str(game_);
  w.str(abstraction_->name());
  w.str(algorithm_name(options_.algorithm));
  w.str(kSampling);
  w.u(options_.seed, 8);
  w.u(static_cast<std::uint64_t>(options_.threads), 4);
  w.u(static_cast<std::uint64_t>(iteration_), 8);
  w.u(static_cast<std::uint64_t>(shared_.size()), 4);
  for (std::int32_t e = 0; e < shared_.size(); ++e) {
    const RegretTable::Entry& entry = shared_.entry(e);
    w.u(entry.key, 8);
    w.u(entry.player, 1);
    w.u(entry.count, 1);
    for (int a = 0; a < entry.count; ++a) w.u(shared_.actions(e)[a], 1);
    for (int k = 0; k < 2 * entry.count; ++k) w.f32(shared_.values(e)[k]);
    w.str(shared_.text(e));
  }
  w.seal();
  return w.out;
}

void MccfrBase::save(const std::string& path) const {
  const std::string bytes = to_bytes();
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw std::invalid_argument("cannot write the MCCFR checkpoint " + quote_input(temporary));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::invalid_argument("cannot move the MCCFR checkpoint to " + quote_input(path));
}

void MccfrBase::restore(std::string_view data) {
  if (iteration_ != 0 || shared_.size() != 0)
    throw std::invalid_argument("a checkpoint is restored into a fresh MCCFR run");
  bytes::Reader r(
      bytes::checked_body(data, kCheckpointKind, kCheckpointMagic, kCheckpointVersion, kCheckpointVersion).first,
      kCheckpointKind);
  auto expect = [&](std::string_view what, const std::string& found, const std::string& mine) {
    if (found != mine)
      throw std::invalid_argument("the MCCFR checkpoint is of " + std::string(what) + " " + quote_input(found) +
                                  ", and this run's is " + quote_input(mine));
  };
  expect("the game", r.str("the game"), game_);
  expect("the abstraction", r.str("the abstraction"), abstraction_->name());
  expect("the algorithm", r.str("the algorithm"), std::string(algorithm_name(options_.algorithm)));
  expect("the sampling", r.str("the sampling"), std::string(kSampling));
  expect("the seed", std::to_string(r.u(8, "the seed")), std::to_string(options_.seed));
  expect("the threads", std::to_string(r.u(4, "the threads")), std::to_string(options_.threads));
  const auto iterations = static_cast<std::int64_t>(r.u(8, "the iterations"));
  if (iterations < 0) r.bad("negative iterations");
  const std::size_t sets = r.count(19, "information sets");
  int actions[256];
  for (std::size_t e = 0; e < sets; ++e) {
    const std::uint64_t key = r.u(8, "an information set");
    const auto player = static_cast<int>(r.u(1, "an information set"));
    const auto count = static_cast<int>(r.u(1, "an information set"));
    if (key == 0 || player > 1 || count == 0)
      r.bad("information set " + std::to_string(e) + " has key " + std::to_string(key) + ", player " +
            std::to_string(player) + " and " + std::to_string(count) + " actions");
    for (int a = 0; a < count; ++a) actions[a] = static_cast<int>(r.u(1, "an action"));
    float values[512];
    for (int k = 0; k < 2 * count; ++k) {
      values[k] = r.f32("a regret or strategy sum");
      if (!std::isfinite(values[k]) || (k >= count && values[k] < 0))
        r.bad("information set " + std::to_string(e) + " has the value " + std::to_string(values[k]));
    }
    std::string text = r.str("an information set's key");
    if (shared_.find(key) >= 0) r.bad("information set " + std::to_string(e) + " repeats a key");
    const std::int32_t set = shared_.add(key, player, actions, count, std::move(text));
    std::copy_n(values, 2 * count, shared_.values(set));
  }
  if (r.left() != 0) r.bad(std::to_string(r.left()) + " bytes after the last information set");
  iteration_ = iterations;
}

void MccfrBase::load(const std::string& path) { restore(read_user_file(path, "the MCCFR checkpoint")); }

}  // namespace cardcore::solve
