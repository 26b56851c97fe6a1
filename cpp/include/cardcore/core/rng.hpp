// The project's own random generator, so the same seed gives the same cards on every
// platform: xoshiro256** seeded through splitmix64, and Lemire's multiply-shift method
// for bounded integers (no implementation-defined std:: distributions).
#pragma once

#include <cstdint>

#include "cardcore/core/cards.hpp"

namespace cardcore {

// splitmix64: a bijective mixer; turns any 64-bit seed into well-spread state words.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  // Stream `stream` of `seed`: different streams of one seed are independent, which is how
  // batch work splits one seed into per-chunk generators.
  explicit constexpr Rng(std::uint64_t seed = 0, std::uint64_t stream = 0) {
    std::uint64_t sm = seed ^ (0xD1B54A32D192ED03ull * (stream + 1));
    for (auto& word : s_) word = splitmix64(sm);
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound), bound >= 1 (Lemire 2019: the high word of a 64x64
  // product, rejecting the few low words that would bias it).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t x = next() >> 32;
    std::uint64_t m = x * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        x = next() >> 32;
        m = x * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // A uniformly random set of k cards out of the 52 (0 <= k <= 52).
  Mask random_hand(int k) {
    // Rejection is cheap while the hand is at most half the deck; past that, pick the
    // complement instead.
    const bool complement = k > kDeckSize / 2;
    const int picks = complement ? kDeckSize - k : k;
    Mask mask = 0;
    for (int n = 0; n < picks;) {
      const Mask bit = card_bit(static_cast<int>(below(kDeckSize)));
      n += (mask & bit) == 0;
      mask |= bit;
    }
    return complement ? kDeckMask & ~mask : mask;
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace cardcore
