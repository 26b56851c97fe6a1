// Control variates for simulations and matches (docs/match.md, "Control variates"): the luck
// of the cards and of the decisions whose probabilities are known, taken out of each game's
// returns.
//
// Every event of a game whose distribution is known is corrected: a card dealt (uniform
// over the stock) and the decision of a seat whose action probabilities p are known (the
// random player, a strategy, the blueprint). Before the event, each outcome o of it gets a
// value v(o) for every seat: the mean return of `playouts` games played on from the position
// after o. Once the event has happened, with outcome b, each seat's return is corrected by
// E[v] - v(b), where E[v] is sum_o p(o) v(o) for a decision, and for a card the mean of v over
// cards drawn from the stock independently of b (every card of the stock when there are
// few). Each correction has mean zero whatever v is, since b is drawn independently of v, so
// the corrected returns estimate the same means. The better v predicts the game's end, the
// more luck the corrections cancel: as v nears the expected return given the game so far,
// the corrections of successive events telescope and leave little but the luck of events
// with unknown distributions (AIVAT, Burch et al. 2018, with playouts for its value
// function). So each playout deals the rest from streams of its own, not the game's: v(o)
// then averages over the cards to come, as the next events' values do. Every outcome's
// playouts share their streams and coins (common random numbers), so that v(o) - v(b)
// measures the outcomes, not the playouts' luck.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore {

// Each legal action's probability at a decision, for a policy whose probabilities are known.
template <class State>
using KnownProbabilities = std::function<std::vector<std::pair<int, double>>(const State&)>;

// How a simulation's events are corrected: `playouts` games an outcome, a card valued
// against `card_samples` cards of the stock; for each seat, its probabilities (empty where
// they are unknown, as the search's, or where it is deterministic: its correction is always
// zero) and who plays it in the playouts (the seat's own player, or where that is the
// search, a cheaper stand-in: its rollout player).
template <class State>
struct ControlVariates {
  int playouts = 0;
  int card_samples = 0;
  std::vector<KnownProbabilities<State>> known;
  std::vector<std::function<int(const State&, Rng&)>> players;
};

// One game's player (play_to_end) with control variates: chooses as `choose` does and adds
// up each seat's corrections. The playouts of the j-th corrected event draw their coins and
// cards from streams j * playouts to (j + 1) * playouts - 1 of `playout_seed`.
template <class State, class Choose>
class CorrectedPlayer {
 public:
  CorrectedPlayer(const ControlVariates<State>& controls, const Choose& choose, int players, std::uint64_t playout_seed)
      : controls_(controls), choose_(choose), players_(players), playout_seed_(playout_seed) {}

  int decide(const State& state, int seat, Rng& rng) {
    const auto& known = controls_.known[static_cast<std::size_t>(seat)];
    if (!known) return choose_(state, seat, rng);
    outcomes_.clear();
    weights_.clear();
    for (const auto& [action, probability] : known(state))
      if (probability > 0) {  // an action never taken needs no value
        outcomes_.push_back(action);
        weights_.push_back(probability);
      }
    if (outcomes_.size() < 2) return choose_(state, seat, rng);  // no luck: a certain action
    value_outcomes(state);
    const int chosen = choose_(state, seat, rng);
    correct(chosen);
    return chosen;
  }

  // `card` is about to be dealt: uniform over the stock (SeatStreams). Valued against every
  // card of the stock when it holds at most card_samples, else against card_samples cards
  // drawn from it (then `card` is an outcome of weight 0: valued, not averaged).
  void dealt(const State& state, int card) {
    const Mask stock = state.stock();
    const int cards = popcount(stock);
    if (cards < 2) return;  // no luck: the one card left
    outcomes_.clear();
    weights_.clear();
    if (cards <= controls_.card_samples) {
      // Every card, lowest first: rest & (rest - 1) clears the lowest set bit.
      for (Mask rest = stock; rest; rest &= rest - 1) outcomes_.push_back(lowest_bit(rest));
      weights_.assign(outcomes_.size(), 1.0 / cards);
    } else {
      Rng sampler(playout_seed_, kSamplerStreams + events_);
      outcomes_.push_back(card);
      weights_.push_back(0.0);
      for (int k = 0; k < controls_.card_samples; ++k) {
        outcomes_.push_back(nth_card(stock, static_cast<int>(sampler.below(static_cast<std::uint32_t>(cards)))));
        weights_.push_back(1.0 / controls_.card_samples);
      }
    }
    value_outcomes(state);
    correct(card);
  }

  // What the corrections so far add to seat p's return.
  double correction(int p) const { return corrections_[static_cast<std::size_t>(p)]; }

 private:
  static constexpr int kMaxSeats = State::Spec::kSpec.max_players;
  static constexpr std::uint64_t kSamplerStreams = 1ull << 62;  // far above the playouts' streams

  // The mean return to seat p of the playouts after outcome o.
  double value(std::size_t o, int p) const {
    return values_[o * static_cast<std::size_t>(players_) + static_cast<std::size_t>(p)] / controls_.playouts;
  }

  // Adds each seat's correction for the event whose outcome came out `outcome`:
  // sum_o weights_[o] v(o) - v(outcome).
  void correct(int outcome) {
    const auto came = std::find(outcomes_.begin(), outcomes_.end(), outcome);
    if (came == outcomes_.end()) throw std::logic_error("an outcome that its event's distribution does not hold");
    const auto b = static_cast<std::size_t>(came - outcomes_.begin());
    for (int p = 0; p < players_; ++p) {
      double expected = 0.0;
      for (std::size_t o = 0; o < outcomes_.size(); ++o) expected += weights_[o] * value(o, p);
      corrections_[static_cast<std::size_t>(p)] += expected - value(b, p);
    }
  }

  // values_ for each of outcomes_ (an action or a card) from `state`.
  void value_outcomes(const State& state) {
    check_interrupt();  // an event's playouts may take long: Ctrl-C stops between them
    const auto width = static_cast<std::size_t>(players_);
    values_.assign(outcomes_.size() * width, 0.0);
    const auto play_seat = [this](const State& s, int seat, Rng& rng) {  // each seat's player in the playouts
      return controls_.players[static_cast<std::size_t>(seat)](s, rng);
    };
    for (int k = 0; k < controls_.playouts; ++k) {
      const std::uint64_t stream =
          events_ * static_cast<std::uint64_t>(controls_.playouts) + static_cast<std::uint64_t>(k);
      Rng playout(playout_seed_, stream);
      const SeatStreams cards(playout.next());
      for (std::size_t o = 0; o < outcomes_.size(); ++o) {
        State after = state;
        after.apply_action(outcomes_[o]);
        SeatStreams playout_cards = cards;
        Rng coins = playout;
        play_to_end(after, &playout_cards, coins, PlainPlayer<decltype(play_seat)>{play_seat});
        for (int p = 0; p < players_; ++p) values_[o * width + static_cast<std::size_t>(p)] += after.return_of(p);
      }
    }
    ++events_;
  }

  const ControlVariates<State>& controls_;
  const Choose& choose_;
  int players_;
  std::uint64_t playout_seed_;
  std::uint64_t events_ = 0;  // the events corrected so far
  std::array<double, kMaxSeats> corrections_{};
  std::vector<int> outcomes_;    // the event's outcomes that are valued
  std::vector<double> weights_;  // E[v]'s weight of each
  std::vector<double> values_;   // values_[o * players + p]: seat p's playout total after outcome o
};

// Game i played as play_game plays it with the seats' streams (Deal::kSeats: the cards must
// be dealt outside the state to be valued), its returns corrected by `controls` to `row`,
// its counts added. The game is played exactly as without corrections: only the playouts
// draw from other streams.
template <class State, class Config, class Choose>
void play_corrected_row(const Config& config, int players, bool rotate_dealer, std::uint64_t i, std::uint64_t seed,
                        const Choose& choose, const ControlVariates<State>& controls, double* row,
                        Counts<State>& counts) {
  // The playouts' seed: a stream of the seed that no game uses (a game's are 0 up to 2^63).
  CorrectedPlayer<State, Choose> corrected(controls, choose, players, Rng(seed, (1ull << 63) + i).next());
  const State state = play_game_with<State>(config, players, rotate_dealer, Deal::kSeats, i, seed, corrected);
  for (int p = 0; p < players; ++p) row[p] = state.return_of(p) + corrected.correction(p);
  add_counts<State>(counts, state.counts());
}

}  // namespace cardcore
