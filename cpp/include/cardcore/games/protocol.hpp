// The engine protocol as a C++20 concept (docs/design.md, "Engine protocol"): what every
// game's State provides, so that code over "any engine" (simulation, the bindings, search,
// vector environments) states what it relies on and a game that breaks it fails to compile.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardcore/core/text.hpp"
#include "cardcore/games/engine.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore {

template <class S>
concept GameState = std::copyable<S> &&
    requires(const S& state, S& mutable_state, const typename S::Spec::Config& config, int action, int player,
             float* out, std::uint64_t seed, std::string_view text) {
  // The spec, and the state of a configuration, seeded or with explicit chance.
  { S::Spec::kSpec } -> std::convertible_to<GameSpec<typename S::Spec::Config, S>>;
  { S::kName } -> std::convertible_to<std::string_view>;
  S(config, true, seed);
  S(config, true, seed, Prevalidated{});  // the same, its configuration already checked
  { state.config() } -> std::same_as<const typename S::Spec::Config&>;
  // Whose turn, and what may be done.
  { state.current_player() } -> std::same_as<int>;
  { state.is_terminal() } -> std::same_as<bool>;
  { state.is_chance_node() } -> std::same_as<bool>;
  { state.legal_player_actions() } -> std::same_as<ActionSet>;
  { state.legal_actions() } -> std::same_as<std::vector<int>>;
  { state.chance_outcomes() } -> std::same_as<std::vector<std::pair<int, double>>>;
  { state.is_legal(action) } -> std::same_as<bool>;
  { state.why_illegal(action) } -> std::same_as<std::string>;  // the rules' reason, or empty
  {mutable_state.apply_action(action)};
  { state.action_to_string(action) } -> std::same_as<std::string>;
  { state.string_to_action(text) } -> std::same_as<int>;
  // Results.
  { state.returns() } -> std::same_as<std::vector<double>>;
  { state.rewards() } -> std::same_as<std::vector<double>>;
  { state.return_of(player) } -> std::same_as<double>;
  { state.completed_hand() } -> std::same_as<bool>;
  { state.hand_value(player) } -> std::same_as<double>;
  { state.counts() } -> std::same_as<std::array<std::int64_t, S::kCountNames.size()>>;
  // What a player sees.
  { state.observation_string(player) } -> std::same_as<std::string>;
  { state.information_state_string(player) } -> std::same_as<std::string>;
  {state.observation_tensor(player, out)};
  {state.information_state_tensor(player, out)};
  // History, serialization and resampling.
  { state.history() } -> std::same_as<const History&>;
  { state.hand_begin() } -> std::same_as<std::size_t>;  // where the hand in play began in it
  { state.serialize() } -> std::same_as<std::string>;
  { S::deserialize(config, text) } -> std::same_as<S>;
  { state.resample_from_infostate(player, seed) } -> std::same_as<S>;
  // The same for the hand in play alone: its hidden cards drawn as resample_from_infostate
  // draws them, the hands before kept as they were (their hidden cards too: for a search,
  // which reads nothing of them, not to show), at a cost that does not grow with them.
  { state.resample_hand(player, seed) } -> std::same_as<S>;
  // From here on chance is drawn from the seed's generator (search samples chance nodes so).
  {mutable_state.continue_seeded(seed)};
};

// The state that a serialize() string of game S describes, read from the string alone (as
// Python's cardcore.load_state): the configuration is the header's, checked as the game's
// Config is, and S::deserialize then replays the history with every check. A string of
// another game, or a corrupt one, throws std::invalid_argument saying what is wrong.
template <GameState S>
S load_state(std::string_view text) {
  const SerializedHeader header = read_header(text);
  if (header.name != S::kName)
    throw std::invalid_argument("not a serialized " + std::string(S::kName) + " state: its header names " +
                                quote_input(header.name));
  using Config = typename S::Spec::Config;
  return S::deserialize(fields_from_string<Config>(S::kName, S::Spec::kSpec.fields, header.config), text);
}

}  // namespace cardcore
