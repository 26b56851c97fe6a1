// A blueprint: an MCCFR run's average strategy over an abstraction, kept compact to play
// (docs/solve.md, "Blueprints"). Per bucket (by MCCFR's table key, the player mixed in) its
// legal actions and their probabilities in 255ths; a decision the abstraction fixes plays
// its fixed action, and a bucket the table lacks, or whose legal actions differ from the
// decision's (another configuration), plays its legal actions uniformly, as an MCCFR
// solution does at a set it never visited. The file is little-endian:
//   magic "cardcore.blueprint\n" | u32 version 1 | str game | str abstraction | i64 iterations
//   | u32 sets x (u64 key, u8 count, count x u8 action, count x u8 probability in 255ths)
//   | u64 FNV-1a hash of every byte before it
// with the sets in ascending key order; str is a u32 length and that many bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/solve/mccfr.hpp"

namespace cardcore::solve {

class Blueprint {
 public:
  // The blueprint of a file's bytes; throws std::invalid_argument saying what is wrong.
  static Blueprint from_bytes(std::string_view bytes);
  // The bytes of a run's average strategy (MccfrBase::blueprint() calls this).
  static std::string bytes_of(const std::string& game, const std::string& abstraction, std::int64_t iterations,
                              const RegretTable& table);

  const std::string& game() const { return game_; }
  const std::string& abstraction() const { return abstraction_; }
  std::int64_t iterations() const { return iterations_; }
  std::int64_t sets() const { return static_cast<std::int64_t>(keys_.size()); }

  // The probabilities (255ths, one per action) of the set of table key `key` when it has
  // exactly these legal actions, else nullptr.
  const std::uint8_t* find(std::uint64_t key, const int* actions, int count) const;

  // The probability of each legal action of the player to act at `state`, by which
  // choose() plays there.
  template <GameState S>
  std::vector<std::pair<int, double>> probabilities(const Abstraction<S>& abstraction, const S& state) const {
    const int player = state.current_player();
    int actions[128];
    const int count = detail::action_list(state.legal_player_actions(), actions);
    std::vector<std::pair<int, double>> out;
    const int fixed = abstraction.fixed_action(state, player);
    const std::uint8_t* weights =
        fixed >= 0 ? nullptr : find(detail::table_key(abstraction, state, player), actions, count);
    int total = 0;
    for (int a = 0; weights && a < count; ++a) total += weights[a];
    for (int a = 0; a < count; ++a)
      out.emplace_back(actions[a], fixed >= 0 ? (actions[a] == fixed ? 1.0 : 0.0)
                                   : weights  ? static_cast<double>(weights[a]) / total
                                              : 1.0 / count);
    return out;
  }

  // An action at `state` for the player to act, drawn with one number of `rng`.
  template <GameState S>
  int choose(const Abstraction<S>& abstraction, const S& state, Rng& rng) const {
    const int player = state.current_player();
    const double u = static_cast<double>(rng.next() >> 11) * 0x1p-53;
    if (const int fixed = abstraction.fixed_action(state, player); fixed >= 0) return fixed;
    int actions[128];
    const int count = detail::action_list(state.legal_player_actions(), actions);
    const std::uint8_t* weights = find(detail::table_key(abstraction, state, player), actions, count);
    if (weights == nullptr) return actions[static_cast<int>(u * count)];
    int total = 0;
    for (int a = 0; a < count; ++a) total += weights[a];
    double left = u * total;
    for (int a = 0; a < count; ++a)
      if ((left -= weights[a]) < 0) return actions[a];
    return actions[count - 1];
  }

 private:
  std::string game_, abstraction_;
  std::int64_t iterations_ = 0;
  std::vector<std::uint64_t> keys_;    // ascending
  std::vector<std::uint32_t> starts_;  // per set, its first action in actions_ and weights_; one past the end last
  std::vector<std::uint8_t> actions_, weights_;
};

}  // namespace cardcore::solve
