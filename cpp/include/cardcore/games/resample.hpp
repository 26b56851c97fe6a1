// Resampling: a state that a player cannot tell from the real one, its hidden cards drawn
// again consistently with what he has seen (docs/search.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/cards.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/games/engine.hpp"

namespace cardcore {

// What a player knows of one shuffled deck (a hand, or a round): the history steps it
// covers, the cards he knows in it, and what the public history says of each other card
// (allowed[c]: the cards that may stand in for c, like the aces for the card a Buh granny
// keeps, or the suits a Hucklebuck player has not shown void in).
struct DeckView {
  std::size_t begin, end;
  Mask known = 0;
  std::array<Mask, kDeckSize> allowed;
  DeckView(std::size_t first, std::size_t last) : begin(first), end(last) { allowed.fill(kDeckMask); }
};

// The decks of a history whose hands start at `starts` (ascending history indices).
template <class Starts>
std::vector<DeckView> deck_views(const Starts& starts, std::size_t history_size) {
  std::vector<DeckView> decks;
  for (std::size_t i = 0; i < starts.size(); ++i)
    decks.emplace_back(starts[i], i + 1 < starts.size() ? starts[i + 1] : history_size);
  return decks;
}

// A state the player of `decks` cannot tell from `state`: the same decisions replayed from
// `start` (the state where decks.front() begins: a fresh one, or hand_start_state() for the
// hand in play alone), with each card of a deck that he does not know replaced by one he does not
// know, drawn without replacement (a card that leaves the stock twice in a hand, after a
// reshuffle, keeps its stand-in). The most constrained cards are drawn first, each
// uniformly among the cards left that it allows: uniform over the consistent worlds when
// nothing is constrained, or when every constrained card allows the same set (Buh grannies'
// aces). A discard throws the stand-ins of the cards it really threw:
// State::remap_action(original, replay, actor, action, counterpart) translates it, where
// `original` replays the real history (a game with no draws, State::kRemapsDraws false, has
// no original to replay).
template <class State>
State resample_history(const State& state, const std::vector<DeckView>& decks, std::uint64_t seed, const State& start) {
  const History& history = state.history();
  Rng rng(seed, 1);
  std::vector<std::array<int, kDeckSize>> counterparts(decks.size());
  for (std::size_t d = 0; d < decks.size(); ++d) {
    const DeckView& deck = decks[d];
    // The hidden cards in the order they were dealt (a card dealt twice, after a reshuffle,
    // at its first deal): the stand-ins are drawn by deal position, never by the hidden
    // cards' own ids, so that two states the player cannot tell apart give the same
    // stand-in to each deal position for the same seed (information-set search relies on
    // it: docs/search.md, "No peeking").
    Mask hidden_set = 0;
    int hidden[kDeckSize], num_hidden = 0;
    for (std::size_t i = deck.begin; i < deck.end; ++i) {
      const Step& step = history[i];
      if (step.actor != kChancePlayer || (deck.known >> step.action & 1) || (hidden_set >> step.action & 1)) continue;
      hidden_set |= card_bit(step.action);
      hidden[num_hidden++] = step.action;
    }
    std::array<int, kDeckSize>& counterpart = counterparts[d];
    for (int attempt = 0;; ++attempt) {
      for (int c = 0; c < kDeckSize; ++c) counterpart[c] = c;
      Mask pool = kDeckMask & ~deck.known;
      // The most constrained first: a stable insertion sort (few cards; no buffer to allocate).
      int choices_of[kDeckSize];
      for (int i = 0; i < num_hidden; ++i) choices_of[hidden[i]] = popcount(deck.allowed[hidden[i]] & pool);
      for (int i = 1; i < num_hidden; ++i)
        for (int j = i; j > 0 && choices_of[hidden[j]] < choices_of[hidden[j - 1]]; --j)
          std::swap(hidden[j], hidden[j - 1]);
      bool stuck = false;
      for (int i = 0; i < num_hidden; ++i) {
        const Mask choices = pool & deck.allowed[hidden[i]];
        stuck = choices == 0;
        if (stuck) break;
        const int pick = nth_card(choices, static_cast<int>(rng.below(static_cast<std::uint32_t>(popcount(choices)))));
        counterpart[hidden[i]] = pick;
        pool &= ~card_bit(pick);
      }
      if (!stuck) break;
      if (attempt == 1000) throw std::logic_error("resampling: no deal agrees with the public history");
    }
  }
  State replay = start;
  std::optional<State> original;  // the real history replayed, for remap_action
  if constexpr (State::kRemapsDraws) original.emplace(start);
  std::size_t d = 0;
  for (std::size_t i = start.history().size(); i < history.size(); ++i) {
    while (d + 1 < decks.size() && i >= decks[d].end) ++d;
    const Step& step = history[i];
    int action = step.action;
    if (step.actor == kChancePlayer)
      action = counterparts[d][step.action];
    else if constexpr (State::kRemapsDraws)
      action = State::remap_action(*original, replay, step.actor, step.action, counterparts[d].data());
    replay.apply_action(action);
    if constexpr (State::kRemapsDraws) original->apply_action(step.action);
  }
  if (state.seeded()) replay.continue_seeded(seed);
  return replay;
}

// resample_history redrawn until the world ends as `state` does by `same_end` (what a player
// learns when a hand is shown down: who won). The true world is one such world, so this
// ends; rejection keeps the draw uniform over the worlds left, and states the player cannot
// tell apart still get the same world for the same seed.
template <class State, class SameEnd>
State resample_history_ending_alike(const State& state, const std::vector<DeckView>& decks, std::uint64_t seed,
                                    const State& start, SameEnd same_end) {
  for (std::uint64_t attempt = seed;; ++attempt) {
    State world = resample_history(state, decks, attempt, start);
    if (same_end(world)) return world;
  }
}

}  // namespace cardcore
