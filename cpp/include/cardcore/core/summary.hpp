// Streaming summaries of many games' returns, in memory that does not grow with the games.
//
// Per seat: the mean and M2 (the sum of squared deviations from the mean, from which the
// variance follows), the games ended ahead (return above zero) and a histogram. Means and
// M2 are kept by Welford's update and combined by the parallel formula of Chan, Golub and
// LeVeque. Floating-point addition is not associative, so that a summary is the same bit
// for bit however the games are split between threads, games are summarized in blocks of
// kSummaryBlock consecutive games from the first, and blocks are combined in order. Counts
// are integers and add up exactly in any order.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cardcore {

inline constexpr std::size_t kSummaryBlock = 1024;

// The mean and M2 of one seat over `games` values.
struct Moments {
  double mean = 0.0;
  double m2 = 0.0;

  // Welford: the (n)th value x, n counting from 1.
  void add(double x, std::int64_t n) {
    const double delta = x - mean;
    mean += delta / static_cast<double>(n);
    m2 += delta * (x - mean);
  }

  // Chan et al.: this summary of n_here values followed by `later` of n_later values.
  void merge(const Moments& later, std::int64_t n_here, std::int64_t n_later) {
    if (n_later == 0) return;
    const auto n = static_cast<double>(n_here + n_later);
    const double delta = later.mean - mean;
    const double share = static_cast<double>(n_later) / n;
    mean += delta * share;
    m2 += later.m2 + delta * delta * static_cast<double>(n_here) * share;
  }
};

// Equal-width bins over [low, high); values outside count in the first or last bin.
struct Bins {
  double low = 0.0;
  double high = 1.0;
  int count = 1;

  int of(double x) const {
    const double at = (x - low) / (high - low) * count;
    if (!(at >= 0.0)) return 0;  // below, or NaN
    return static_cast<int>(std::min(at, static_cast<double>(count - 1)));
  }
};

// The integer part of a summary, which adds up in any order: games ahead per seat and a
// histogram, seat-major (players x bins.count).
struct SummaryCounts {
  std::vector<std::int64_t> ahead;
  std::vector<std::int64_t> histogram;

  SummaryCounts(int players, int bins)
      : ahead(static_cast<std::size_t>(players)), histogram(static_cast<std::size_t>(players * bins)) {}

  void add(const double* returns, int players, const Bins& bins) {
    for (int p = 0; p < players; ++p) {
      ahead[static_cast<std::size_t>(p)] += returns[p] > 0.0;
      ++histogram[static_cast<std::size_t>(p * bins.count + bins.of(returns[p]))];
    }
  }

  void merge(const SummaryCounts& other) {
    for (std::size_t i = 0; i < ahead.size(); ++i) ahead[i] += other.ahead[i];
    for (std::size_t i = 0; i < histogram.size(); ++i) histogram[i] += other.histogram[i];
  }
};

}  // namespace cardcore
