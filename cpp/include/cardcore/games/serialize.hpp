// A state's serialized form, shared by every game:
// "cardcore.<name>/1 <config> | explicit|seed=<n>[@<since>] | <action ids>".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/games/history.hpp"

namespace cardcore {

// The chance mode of a state: explicit, or seeded from history index `since` on (0 for a
// state seeded from the start; later for a resampled state that continues seeded).
struct ChanceMode {
  bool seeded = false;
  std::uint64_t seed = 0;
  std::size_t since = 0;
};

// The serialized form of a state of game `name` whose configuration prints as `config`.
std::string serialize_history(std::string_view name, const std::string& config, const ChanceMode& mode,
                              const History& history);

// Parses serialize_history's form for a game whose configuration prints as `config`; throws
// std::invalid_argument naming what is corrupt.
std::vector<int> parse_history(std::string_view name, const std::string& config, std::string_view text,
                               ChanceMode& mode);

// The header of a serialized state: its game's name and its configuration's text (what
// serialize_history writes before the chance mode). Throws std::invalid_argument when the
// text does not start as a serialized state does; the rest is checked by deserialize.
struct SerializedHeader {
  std::string name;    // "badugi"
  std::string config;  // "players=2 ...", as the game's Config::to_string writes it
};
SerializedHeader read_header(std::string_view text);

// The state a serialized string describes: built from `config` in the string's chance
// mode, with its actions replayed and checked (a seeded state's own draws must match).
template <class State, class Config>
State deserialize_state(std::string_view name, const Config& config, std::string_view text) {
  ChanceMode mode;
  const std::vector<int> actions = parse_history(name, config.to_string(), text, mode);
  auto corrupt = [&](const std::string& why) {
    return std::invalid_argument("not a serialized " + std::string(name) + " state (" + why + ")");
  };
  if (mode.since > actions.size()) throw corrupt("the seed takes over after the end of the history");
  State state(config, mode.seeded && mode.since == 0, mode.seed);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (mode.seeded && mode.since > 0 && i == mode.since) state.continue_seeded(mode.seed);
    const std::size_t known = state.history().size();
    if (i < known) {  // drawn by the seeded generator already
      if (state.history()[i].action != actions[i])
        throw corrupt("history position " + std::to_string(i) + " is not what the seed deals");
    } else if (!state.is_legal(actions[i])) {
      throw corrupt("action " + std::to_string(actions[i]) + " at history position " + std::to_string(i) +
                    " is not legal");
    } else {
      state.apply_action(actions[i]);
    }
  }
  if (mode.seeded && mode.since > 0 && mode.since == actions.size()) state.continue_seeded(mode.seed);
  if (actions.size() != state.history().size()) throw corrupt("the history stops in the middle of a seeded deal");
  return state;
}

}  // namespace cardcore
