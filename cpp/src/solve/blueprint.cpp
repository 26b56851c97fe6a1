// Blueprints' bytes and lookups (solve/blueprint.hpp, docs/solve.md "Blueprints").
#include "cardcore/solve/blueprint.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bytes.hpp"

namespace cardcore::solve {
namespace {

constexpr std::string_view kMagic = "cardcore.blueprint\n";
constexpr std::uint32_t kVersion = 1;
constexpr std::string_view kKind = "blueprint";

}  // namespace

std::string Blueprint::bytes_of(const std::string& game, const std::string& abstraction, std::int64_t iterations,
                                const RegretTable& table) {
  std::vector<std::int32_t> order(static_cast<std::size_t>(table.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::int32_t a, std::int32_t b) { return table.entry(a).key < table.entry(b).key; });
  bytes::Writer w;
  w.out += kMagic;
  w.u(kVersion, 4);
  w.str(game);
  w.str(abstraction);
  w.u(static_cast<std::uint64_t>(iterations), 8);
  w.u(order.size(), 4);
  for (const std::int32_t e : order) {
    const int count = table.entry(e).count;
    const float* sums = table.values(e) + count;
    double total = 0;
    for (int a = 0; a < count; ++a) total += sums[a];
    w.u(table.entry(e).key, 8);
    w.u(static_cast<std::uint64_t>(count), 1);
    for (int a = 0; a < count; ++a) w.u(table.actions(e)[a], 1);
    // A set with no strategy sum yet plays uniformly, as a set the table lacks.
    for (int a = 0; a < count; ++a)
      w.u(total > 0 ? static_cast<std::uint64_t>(std::lround(255 * sums[a] / total)) : 1, 1);
  }
  w.seal();
  return w.out;
}

Blueprint Blueprint::from_bytes(std::string_view data) {
  bytes::Reader r(bytes::checked_body(data, kKind, kMagic, kVersion, kVersion).first, kKind);
  Blueprint b;
  b.game_ = r.str("the game");
  b.abstraction_ = r.str("the abstraction");
  b.iterations_ = static_cast<std::int64_t>(r.u(8, "the iterations"));
  if (b.iterations_ < 0) r.bad("negative iterations");
  const std::size_t sets = r.count(11, "sets");
  b.keys_.reserve(sets);
  b.starts_.reserve(sets + 1);
  for (std::size_t e = 0; e < sets; ++e) {
    const std::uint64_t key = r.u(8, "a set");
    if (!b.keys_.empty() && key <= b.keys_.back()) r.bad("its sets are not in ascending key order");
    const auto count = static_cast<int>(r.u(1, "a set"));
    if (count == 0) r.bad("set " + std::to_string(e) + " has no action");
    b.keys_.push_back(key);
    b.starts_.push_back(static_cast<std::uint32_t>(b.actions_.size()));
    for (int a = 0; a < count; ++a) b.actions_.push_back(static_cast<std::uint8_t>(r.u(1, "an action")));
    int total = 0;
    for (int a = 0; a < count; ++a) total += b.weights_.emplace_back(static_cast<std::uint8_t>(r.u(1, "a weight")));
    if (total == 0) r.bad("set " + std::to_string(e) + " has no positive probability");
  }
  b.starts_.push_back(static_cast<std::uint32_t>(b.actions_.size()));
  if (r.left() != 0) r.bad(std::to_string(r.left()) + " bytes after the last set");
  return b;
}

const std::uint8_t* Blueprint::find(std::uint64_t key, const int* actions, int count) const {
  const auto found = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (found == keys_.end() || *found != key) return nullptr;
  const auto set = static_cast<std::size_t>(found - keys_.begin());
  const std::uint32_t start = starts_[set];
  if (static_cast<int>(starts_[set + 1] - start) != count ||
      !std::equal(actions, actions + count, actions_.begin() + start))
    return nullptr;
  return weights_.data() + start;
}

}  // namespace cardcore::solve
