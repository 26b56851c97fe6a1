#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "cardcore/core/layout.hpp"
#include "odds.hpp"

namespace cardcore::bindings {
namespace {

// The showdown of hands (card-likes; no cards: a random hand), first discards (card-likes
// or None), dead cards, draws left and ranges (None, or one entry a hand: None or a uint64
// array of four-card masks, the hand then given as no cards); C++ checks it
// (odds::checked_showdown).
odds::Showdown showdown_of(const std::vector<py::handle>& hands, const std::vector<py::handle>& discards,
                           py::handle dead, int draws_left, py::handle ranges) {
  odds::Showdown s;
  if (hands.empty() || hands.size() > static_cast<std::size_t>(odds::kMaxPlayers))
    throw std::invalid_argument("expected 1 to " + std::to_string(odds::kMaxPlayers) + " hands, got " +
                                std::to_string(hands.size()));
  if (discards.size() != hands.size())
    throw std::invalid_argument("expected one discard (or None) per hand (" + std::to_string(hands.size()) + "), got " +
                                std::to_string(discards.size()));
  s.players = static_cast<int>(hands.size());
  for (int p = 0; p < s.players; ++p) {
    s.hands[p] = to_mask(hands[p]);
    s.has_first[p] = !discards[p].is_none();
    if (s.has_first[p]) s.first_discards[p] = to_mask(discards[p]);
  }
  if (!ranges.is_none()) {
    const auto lists = ranges.cast<std::vector<py::object>>();
    if (lists.size() != hands.size())
      throw std::invalid_argument("expected one range (or None) per hand (" + std::to_string(hands.size()) + "), got " +
                                  std::to_string(lists.size()));
    for (int p = 0; p < s.players; ++p) {
      if (lists[p].is_none()) continue;
      const py::array masks = lists[p].cast<py::array>();
      const Mask* data = mask_data(masks, "ranges");
      s.ranges[p].assign(data, data + masks.size());
    }
  }
  s.dead = dead.is_none() ? 0 : to_mask(dead);
  s.draws_left = draws_left;
  return s;
}

}  // namespace

void bind_odds(py::module_& m, DrawGameOf game_of) {
  m.def(
      "draw_counts",
      [game_of](py::handle hand, py::handle discard, py::handle dead, const Fields& rules) {
        const odds::DrawGame* g = &game_of(rules);
        const Mask h = to_mask(hand), d = to_mask(discard), x = dead.is_none() ? 0 : to_mask(dead);
        py::array_t<std::uint64_t> counts(g->num_strengths + 1);
        std::uint64_t* data = counts.mutable_data();
        {
          // Safe without the GIL: the kernel writes only `counts`, kept alive by this frame,
          // and reads the game's immutable tables.
          py::gil_scoped_release release;
          odds::draw_distribution(*g, h, d, x, data);
        }
        return counts;
      },
      "hand"_a, "discard"_a, "dead"_a = py::none(), "rules"_a = py::dict(),
      R"(The number of draws after which the hand has each strength (index 0 unused), over
every replacement of ``discard`` from the unseen cards (see draw_odds).

>>> int(draw_counts(15, 1).sum())
48)");
  m.def(
      "is_legal_discard",
      [game_of](py::handle hand, py::handle discard, const Fields& rules) {
        const odds::DrawGame* g = &game_of(rules);
        const Mask h = to_mask(hand), d = to_mask(discard);
        odds::check_held(*g, h);
        return odds::is_legal_discard(*g, h, d, kDeckMask);
      },
      "hand"_a, "discard"_a, "rules"_a = py::dict(),
      R"(Whether ``discard`` is a legal draw from ``hand`` (fewer than four cards:
whatever cards complete it first).

>>> is_legal_discard(15, 1)
True)");
  m.def(
      "showdown_exact",
      [game_of](const std::vector<py::handle>& hands, const std::vector<py::handle>& discards, py::handle dead,
                int draws_left, std::int64_t max_leaves, const Fields& rules,
                py::handle ranges) -> py::typing::Tuple<bool, py::typing::List<py::float_>, py::array_t<double>> {
        const odds::DrawGame* g = &game_of(rules);
        const odds::Showdown s = showdown_of(hands, discards, dead, draws_left, ranges);
        odds::ExactResult r;
        {
          // Safe without the GIL: pure C++ over `s` and the game's immutable tables.
          py::gil_scoped_release release;
          r = odds::exact_showdown(*g, s, max_leaves);
        }
        py::typing::List<py::float_> shares;
        for (double v : r.shares) shares.append(v);
        py::array_t<double> strength(static_cast<py::ssize_t>(r.strength.size()));
        std::copy(r.strength.begin(), r.strength.end(), strength.mutable_data());
        return py::make_tuple(r.done, shares, strength);
      },
      "hands"_a, "discards"_a, "dead"_a, "draws_left"_a, "max_leaves"_a, "rules"_a = py::dict(),
      "ranges"_a = py::none(),
      R"((done, shares, strength distribution of hand 0) of hands that draw and show down,
every replacement enumerated; done is False when more than max_leaves showdowns were needed.
A hand of no cards is a random hand, one of fewer than four is dealt the rest before the
draws, and ``ranges`` (None, or an entry a hand: None or a uint64 array of four-card
masks, that hand given as 0) makes a hand one of a range's, every choice of the ranges'
hands that shares no card with the others weighted alike.

>>> showdown_exact([15, 15 << 4], [None, None], None, 0, 10)[1]
[1.0, 0.0])");
  m.def(
      "estimate_leaves",
      [game_of](const std::vector<py::handle>& hands, const std::vector<py::handle>& discards, py::handle dead,
                int draws_left, int paths, std::uint64_t seed, const Fields& rules, py::handle ranges) {
        const odds::DrawGame* g = &game_of(rules);
        const odds::Showdown s = showdown_of(hands, discards, dead, draws_left, ranges);
        py::gil_scoped_release release;  // safe: pure C++ over `s` and immutable tables
        return odds::estimate_leaves(*g, s, paths, seed);
      },
      "hands"_a, "discards"_a, "dead"_a, "draws_left"_a, "paths"_a, "seed"_a, "rules"_a = py::dict(),
      "ranges"_a = py::none(),
      R"(An estimate (Knuth's, over ``paths`` random paths) of the showdowns showdown_exact
would enumerate; heads-up with one draw left and both hands drawing, the exact count of
the steps of its inclusion-exclusion instead (a step a draw of a hand and subset of it);
times the product of the ranges' sizes.

>>> estimate_leaves([15, 15 << 4], [1, 0], None, 1, 8, 0)
44.0
>>> estimate_leaves([15, 15 << 4], [1, 1 << 4], None, 1, 8, 0)
176.0)");
  m.def(
      "showdown_monte_carlo",
      [game_of](const std::vector<py::handle>& hands, const std::vector<py::handle>& discards, py::handle dead,
                int draws_left, std::int64_t samples, std::uint64_t seed, int threads, const Fields& rules,
                py::handle ranges) -> Fields {
        const odds::DrawGame* g = &game_of(rules);
        const odds::Showdown s = showdown_of(hands, discards, dead, draws_left, ranges);
        // Safe without the GIL: pure C++ over `s` and the game's immutable tables.
        const odds::MonteCarloResult r =
            interruptible([&] { return odds::monte_carlo_showdown(*g, s, samples, seed, threads); });
        py::array_t<std::int64_t> strength(static_cast<py::ssize_t>(r.strength.size()));
        std::copy(r.strength.begin(), r.strength.end(), strength.mutable_data());
        return py::dict("samples"_a = r.samples, "share_sum"_a = r.share_sum, "share_square"_a = r.share_square,
                        "strength"_a = strength, "share_units"_a = odds::kShareUnits);
      },
      "hands"_a, "discards"_a, "dead"_a, "draws_left"_a, "samples"_a, "seed"_a, "threads"_a, "rules"_a = py::dict(),
      "ranges"_a = py::none(),
      R"(Sums over ``samples`` random showdowns (sample i drawn with its own generator of
``seed``, so the sums do not depend on ``threads``): each hand's pot share and squared share
in ``share_units``, and hand 0's final strength counts.

>>> showdown_monte_carlo([15, 15 << 4], [None, None], None, 0, 3, 0, 1)["share_sum"]
[2520, 0])");
  m.def(
      "odds_classes",
      [game_of](const Fields& rules) -> py::typing::List<py::str> {
        const odds::DrawGame* g = &game_of(rules);
        const std::vector<std::uint8_t>& of = g->class_of_strength();
        py::typing::List<py::str> names;
        for (int s = 1; s <= g->num_strengths; ++s) names.append(g->class_names[of[s]]);
        return names;
      },
      "rules"_a = py::dict(),
      R"(The class name of each strength 1 .. num_strengths, in order (draw_odds groups by them).

>>> len(odds_classes()) == NUM_STRENGTHS
True)");
  m.def(
      "odds_strengths",
      [game_of](const Fields& rules) {
        const odds::DrawGame* g = &game_of(rules);
        py::array_t<std::uint16_t> out(static_cast<py::ssize_t>(kNumHands4));
        std::copy(g->strengths(), g->strengths() + kNumHands4, out.mutable_data());
        return out;
      },
      "rules"_a = py::dict(),
      R"(The strength of every four-card hand, in colex order (the order of ``all_hands(4)``).

>>> len(odds_strengths())
270725)");
  m.def(
      "raw_showdown_loop",
      [game_of](const py::array& a, const py::array& b,
                const Fields& rules) -> py::typing::Tuple<py::int_, py::float_> {
        const odds::DrawGame* g = &game_of(rules);
        const Mask* x = mask_data(a, "a");
        const Mask* y = mask_data(b, "b");
        if (a.size() != b.size()) throw std::invalid_argument("a and b differ in length");
        const auto n = static_cast<std::size_t>(a.size());
        for (std::size_t i = 0; i < n; ++i) {
          check_hand(x[i], odds::kHandSize, g->what);
          check_hand(y[i], odds::kHandSize, g->what);
        }
        g->strengths();  // the tables, built before the loop that is timed
        std::int64_t net;
        double seconds;
        {
          py::gil_scoped_release release;  // safe: reads the two arrays (kept alive) and tables
          const auto start = std::chrono::steady_clock::now();
          net = odds::raw_showdown_loop(*g, x, y, n);
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        return py::make_tuple(net, seconds);
      },
      "a"_a, "b"_a, "rules"_a = py::dict(),
      R"(Wins of a minus wins of b over pre-drawn four-card hands: two table lookups and a
compare per pair, the baseline of bench/odds.py; with the seconds the loop took.

>>> import numpy as np
>>> raw_showdown_loop(np.array([15], dtype=np.uint64), np.array([15 << 4], dtype=np.uint64))[0]
1)");
}

}  // namespace cardcore::bindings
