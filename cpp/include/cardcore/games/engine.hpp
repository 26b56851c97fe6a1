// What every game engine shares (docs/design.md, "Engine protocol" and "Engine conventions").
//
// A chance node is one card leaving the stock; its outcomes are the cards in the stock,
// each with probability 1/|stock|. A seeded state resolves chance nodes itself with its own
// generator, so current_player() never returns kChancePlayer, and the cards it drew still
// appear in the history. Player action ids are game-specific and below 128.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/history.hpp"
#include "cardcore/games/serialize.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore {

inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

// Given to a State's constructor in place of checking its configuration again, by code that
// builds many States of one configuration it has checked (rollouts, vector environments).
struct Prevalidated {};

// The configuration, once checked (Config::validate throws std::invalid_argument): for a
// State's checking constructor to hand over to its Prevalidated one.
template <class Config>
const Config& validated(const Config& config) {
  config.validate();
  return config;
}

// A set of player action ids (0-127).
struct ActionSet {
  std::uint64_t bits[2]{};
  // Ids 0-63 in bits[0], 64-127 in bits[1] (action >> 6 picks the word, & 63 the bit).
  constexpr void add(int action) { bits[action >> 6] |= std::uint64_t{1} << (action & 63); }
  constexpr bool contains(int action) const {
    return action >= 0 && action < 128 && (bits[action >> 6] >> (action & 63) & 1);
  }
  int size() const { return popcount(bits[0]) + popcount(bits[1]); }
  // The n-th lowest action (n < size()).
  // nth_card finds the n-th set bit of any word without a loop: a random policy's choice,
  // whose place is random, would mispredict a loop's exit.
  int nth(int n) const {
    const int low = popcount(bits[0]);
    return n < low ? nth_card(bits[0], n) : 64 + nth_card(bits[1], n - low);
  }
  std::vector<int> to_vector() const;
};

// The cards still to be dealt and how chance picks from them.
class Stock {
 public:
  Stock() = default;
  Stock(bool seeded, std::uint64_t seed) : rng_(seed), seeded_(seeded) {}

  bool seeded() const { return seeded_; }
  Mask cards() const { return cards_; }
  int size() const { return size_; }
  void reset(Mask cards) {
    cards_ = cards;
    counts_ = byte_counts(cards);
    size_ = popcount(cards);
  }
  void take(int card) {
    const auto present = cards_ >> card & 1;
    size_ -= static_cast<int>(present);
    counts_ -= present << (card & ~7);
    cards_ &= ~card_bit(card);
  }
  // Takes a uniformly random card out of the stock, from the state's generator (seeded
  // states), and returns it. The counts lose it by its byte, known before the card itself:
  // the next draw's counting need not wait for the card's place in its byte.
  int deal() {
    const CardPlace place = nth_card_place(counts_, static_cast<int>(rng_.below(static_cast<std::uint32_t>(size_))));
    const int card = card_at(cards_, place);
    --size_;
    counts_ -= std::uint64_t{1} << place.shift;
    cards_ &= ~card_bit(card);
    return card;
  }
  // From now on chance is drawn from this seed's generator.
  void make_seeded(std::uint64_t seed) {
    rng_ = Rng(seed);
    seeded_ = true;
  }
  // From now on chance actions are given (apply_action), not drawn.
  void make_explicit() { seeded_ = false; }

 private:
  // Kept as cards leave, so that a seeded deal's draws wait only for the last card's removal,
  // not for counting the stock again: popcount(cards_), and byte_counts(cards_).
  Mask cards_ = 0;
  std::uint64_t counts_ = 0;
  int size_ = 0;
  Rng rng_;
  bool seeded_ = false;
};

// Throws std::out_of_range unless 0 <= player < players.
void check_player(int player, int players);

// The error for text that is none of a game's actions: "unknown <game> action '<text>':
// expected <expected>", the text quoted within the bound of core/text.hpp.
std::invalid_argument unknown_action(std::string_view game, std::string_view text, std::string_view expected);

// The protocol every game's State shares (CRTP): chance nodes and the seeded generator,
// legality, the history, the text of chance actions, the hands' results (returns and
// rewards), and serialization. A game's State derives from EngineState<State, MaxSeats>
// (MaxSeats: its most seats) and provides its Spec and name kName, current_player(),
// is_terminal(), config(), legal_player_actions(), chance_target() (where the card of a
// chance node goes: a seat, or a code such as Step::kBurn), apply_chance(card),
// apply_player(action), player_action_to_string(action) and player_string_to_action(text),
// and calls complete_hand(result) when a hand ends. As OpenSpiel's State::ApplyAction, the
// base records every step in the history, before the game's apply_chance or apply_player
// (which find it as the history's last step), with the stage the game's step_stage() gives.
template <class Derived, int MaxSeats>
class EngineState {
 public:
  // Whether a player action names cards by their place in his hand (a draw), so that
  // resample_history translates it (remap_action); a game without draws says false.
  static constexpr bool kRemapsDraws = true;

  bool is_chance_node() const { return self().current_player() == kChancePlayer; }
  // Where the card of the pending chance node goes: a seat, or a game's code for a card
  // no seat holds (Step::kBurn); for code that deals explicit chance itself (rollout.hpp).
  int pending_target() const { return self().chance_target(); }
  bool seeded() const { return stock_.seeded(); }
  Mask stock() const { return stock_.cards(); }
  const History& history() const { return history_; }
  // Where the hand (round) in play began in the history: after the step that completed the
  // hand before it, 0 in the first (at the end of the game: where the last hand began).
  std::size_t hand_begin() const { return hand_snapshot_ ? hand_snapshot_->history_.size() : 0; }
  // The state where the hand in play began, with explicit chance: what a replay of the hand
  // in play starts from (a fresh state in the first hand).
  Derived hand_start_state() const {
    if (!hand_snapshot_) return Derived(self().config(), false, 0, Prevalidated{});
    Derived start = *hand_snapshot_;
    start.hand_snapshot_ = hand_snapshot_;
    start.stock_.make_explicit();
    start.mode_ = ChanceMode{};
    return start;
  }

  // The legal player actions, or the stock's card ids at a chance node.
  std::vector<int> legal_actions() const {
    if (!is_chance_node()) return self().legal_player_actions().to_vector();
    std::vector<int> cards;
    for (Mask m = stock_.cards(); m; m = clear_lowest(m)) cards.push_back(lowest_bit(m));
    return cards;
  }

  std::vector<std::pair<int, double>> chance_outcomes() const {
    std::vector<std::pair<int, double>> outcomes;
    if (!is_chance_node()) return outcomes;
    const double p = 1.0 / stock_.size();
    for (Mask m = stock_.cards(); m; m = clear_lowest(m)) outcomes.emplace_back(lowest_bit(m), p);
    return outcomes;
  }

  bool is_legal(int action) const {
    const int player = self().current_player();
    if (player == kChancePlayer) return action >= 0 && action < kDeckSize && (stock_.cards() >> action & 1);
    if (player < 0) return false;
    return self().legal_player_actions().contains(action);
  }

  // Applies an action; an illegal one throws std::invalid_argument and changes nothing.
  void apply_action(int action) {
    if (!is_legal(action)) {
      if (self().is_terminal()) throw std::invalid_argument("the game is over: no action is legal");
      const std::string why = is_chance_node() ? "a chance node: a card in the stock" : self().why_illegal(action);
      throw std::invalid_argument("action " + std::to_string(action) + " is not legal here" +
                                  (why.empty() ? "" : " (" + why + ")"));
    }
    completed_hand_ = false;
    const int actor = self().current_player();
    if (actor == kChancePlayer) {
      stock_.take(action);
      record_and_apply_chance(action);
    } else {
      record(actor, action, 0);
      self().apply_player(action);
    }
    if (hand_began_) snapshot_hand();
    resolve_chance();
  }

  // The text of an action: a card for a chance node, else the game's own words
  // (player_action_to_string); string_to_action reads either back.
  std::string action_to_string(int action) const {
    if (!is_chance_node()) return self().player_action_to_string(action);
    if (action < 0 || action >= kDeckSize)
      throw std::invalid_argument("a chance action is a card id 0-51, got " + std::to_string(action));
    return format_card(action);
  }
  // The text of an action about to be taken here as seat `viewer` sees it: the actor sees
  // action_to_string; another seat sees a face-down action (ActionBlock::face_down) as its
  // verb and how many cards it names ("discard 2 cards"), and a chance card not at all ("a
  // card": whose hand it joins is the game's to show, in its observation).
  std::string action_to_string(int action, int viewer) const {
    const int seats = Derived::Spec::num_players(self().config());
    if (viewer < 0 || viewer >= seats)
      throw std::invalid_argument("viewer must be a seat 0 to " + std::to_string(seats - 1) + ", got " +
                                  std::to_string(viewer));
    const std::string text = action_to_string(action);
    if (is_chance_node()) return "a card";
    // The actor, or no hand to act (the text then names no card: "discard 2").
    if (viewer == self().current_player() || self().current_player() < 0) return text;
    for (const ActionBlock& block : Derived::Spec::kSpec.action_blocks) {
      if (!block.face_down || action < block.first || action >= block.first + block.count) continue;
      const std::size_t verb_end = text.find(' ');
      if (verb_end == std::string::npos) return text;  // names no card ("stand", "pass")
      // The words after the verb are the cards.
      const auto cards = std::count(text.begin() + static_cast<std::ptrdiff_t>(verb_end), text.end(), ' ');
      return text.substr(0, verb_end) + " " + std::to_string(cards) + (cards == 1 ? " card" : " cards");
    }
    return text;
  }
  int string_to_action(std::string_view text) const {
    return is_chance_node() ? parse_card(text) : self().player_string_to_action(text);
  }

  // Each seat's total over the hands (rounds) completed so far.
  std::vector<double> returns() const {
    std::vector<double> r(static_cast<std::size_t>(seats()));
    std::copy_n(totals_.begin(), r.size(), r.begin());
    return r;
  }
  // Seat `seat`'s total so far (returns() without the copy, for hot loops).
  double return_of(int seat) const { return totals_[static_cast<std::size_t>(seat)]; }
  // What the hand (round) that the last action completed won or lost per seat, else zeros.
  std::vector<double> rewards() const {
    std::vector<double> r(static_cast<std::size_t>(seats()), 0.0);
    if (completed_hand_) std::copy(last_hand_.begin(), last_hand_.begin() + seats(), r.begin());
    return r;
  }

  // Whether the last action completed a hand (or round).
  bool completed_hand() const { return completed_hand_; }
  // What seat `seat` has so far in the units of a single hand, for a search that looks no
  // further than the hand in play (docs/search.md, "horizon"): the total over the hands
  // completed; a game whose returns come only at the end of many hands defines its own.
  double hand_value(int seat) const { return return_of(seat); }

  std::vector<int> history_ids() const {
    std::vector<int> ids;
    ids.reserve(history_.size());
    for (const Step& step : history_) ids.push_back(step.action);
    return ids;
  }

  // From now on chance is drawn from this seed's generator (a resampled state continues
  // seeded, and serializes saying where the seed took over).
  void continue_seeded(std::uint64_t seed) {
    stock_.make_seeded(seed);
    mode_ = {true, seed, history_.size()};
    resolve_chance();
  }

  std::string serialize() const {
    return serialize_history(Derived::kName, self().config().to_string(), mode_, history_);
  }

  // What a game's rules say against an illegal player action, for apply_action's message;
  // a game with something to say defines its own.
  std::string why_illegal(int) const { return ""; }

  template <class Config>
  static Derived deserialize(const Config& config, std::string_view text) {
    return deserialize_state<Derived>(Derived::kName, config, text);
  }

 protected:
  // The history has room for the longest game of the configuration.
  template <class Config>
  EngineState(const Config& config, bool seeded, std::uint64_t seed) : stock_(seeded, seed), mode_{seeded, seed, 0} {
    history_.reserve(static_cast<std::size_t>(Derived::Spec::max_game_length(config)));
  }

  // The cards chance deals from now on (a new deck, or a reshuffle of the discards).
  void reset_stock(Mask cards) { stock_.reset(cards); }

  // Seeded states draw every pending chance node themselves.
  void resolve_chance() {
    if (!stock_.seeded()) return;
    while (is_chance_node()) {
      record_and_apply_chance(stock_.deal());
      if (hand_began_) snapshot_hand();
    }
  }

  // A hand (round) ended with `result` per seat (chips, or score changes): rewards() gives
  // it until the next action, and returns() adds it up.
  template <class Value>
  void complete_hand(const Value* result) {
    for (int s = 0; s < seats(); ++s) {
      last_hand_[static_cast<std::size_t>(s)] = static_cast<double>(result[s]);
      totals_[static_cast<std::size_t>(s)] += static_cast<double>(result[s]);
    }
    completed_hand_ = true;
    hand_began_ = true;
  }

  // Calls f on each of a game's logs of hands besides the history (shown hands, where hands
  // began): frozen with it at the start of each hand. A game that keeps none has none.
  template <class F>
  void each_log(F&&) {}

  // The stage of the hand now, in a game's own numbering, recorded with each step
  // (Step::stage) for its observations; a game that reads none has none.
  int step_stage() const { return 0; }

 private:
  // Appends a step, before the game applies it (the game reads it as the last step).
  void record(int actor, int action, int target) {
    history_.push_back({static_cast<std::int8_t>(actor), static_cast<std::uint8_t>(action),
                        static_cast<std::int8_t>(target), static_cast<std::uint8_t>(self().step_stage())});
  }
  // A card that left the stock, recorded where the game says it goes, then applied.
  void record_and_apply_chance(int card) {
    record(kChancePlayer, card, self().chance_target());
    self().apply_chance(card);
  }

  // After the step that completed a hand: unless the game is over, the next hand begins
  // here. The state is kept as it is now (sharing the frozen history and logs), so that a
  // replay of the hand in play need not replay the hands before it.
  void snapshot_hand() {
    hand_began_ = false;
    if (self().is_terminal()) return;
    // The last snapshot, when no copy shares it, is reused; first it lets go of the frozen
    // history and logs, so that freezing finds them unshared.
    std::shared_ptr<Derived> reused;
    if (hand_snapshot_.use_count() == 1) reused = std::const_pointer_cast<Derived>(hand_snapshot_);
    hand_snapshot_.reset();
    if (reused) {
      reused->history_ = History();
      reused->each_log([](auto& log) { log = std::remove_reference_t<decltype(log)>(); });
    }
    history_.freeze();
    self().each_log([](auto& log) { log.freeze(); });
    if (reused)
      *reused = self();
    else
      reused = std::make_shared<Derived>(self());
    hand_snapshot_ = std::move(reused);
  }

  Stock stock_;
  ChanceMode mode_;
  History history_;
  bool completed_hand_ = false;                          // the last action completed a hand (or round)
  std::array<double, MaxSeats> totals_{}, last_hand_{};  // see complete_hand
  bool hand_began_ = false;                              // a hand completed: snapshot the next one's start
  std::shared_ptr<const Derived> hand_snapshot_;         // the state where the hand in play began, if not the first

  int seats() const { return Derived::Spec::num_players(self().config()); }
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace cardcore
