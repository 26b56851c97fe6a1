#include "cardcore/games/engine.hpp"

#include <algorithm>
#include <charconv>

#include "cardcore/core/text.hpp"
#include "cardcore/games/spec.hpp"

namespace cardcore {

std::vector<int> ActionSet::to_vector() const {
  std::vector<int> actions;
  for (int word = 0; word < 2; ++word)
    for (std::uint64_t b = bits[word]; b; b = clear_lowest(b)) actions.push_back(64 * word + lowest_bit(b));
  return actions;
}

std::string serialize_history(std::string_view name, const std::string& config, const ChanceMode& mode,
                              const History& history) {
  std::string out = "cardcore." + std::string(name) + "/1 " + config + " | ";
  if (!mode.seeded)
    out += "explicit";
  else
    out += "seed=" + std::to_string(mode.seed) + (mode.since ? "@" + std::to_string(mode.since) : std::string());
  out += " |";
  for (const Step& step : history) out += " " + std::to_string(step.action);
  return out;
}

namespace {
// A whole unsigned decimal number, or false.
template <class Number>
bool parse_number(std::string_view digits, Number& value) {
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return !digits.empty() && error == std::errc() && end == digits.data() + digits.size();
}
}  // namespace

std::vector<int> parse_history(std::string_view name, const std::string& config, std::string_view text,
                               ChanceMode& mode) {
  auto corrupt = [&](const std::string& why) {
    return std::invalid_argument("not a serialized " + std::string(name) + " state (" + why + ")");
  };
  // Surrounding whitespace (a newline read from a file) is not part of the state.
  constexpr std::string_view kSpace = " \t\r\n";
  text.remove_prefix(std::min(text.find_first_not_of(kSpace), text.size()));
  text.remove_suffix(text.size() - (text.find_last_not_of(kSpace) + 1));
  const std::string magic = "cardcore." + std::string(name) + "/1 ";
  const std::string header = magic + config + " | ";
  if (text.substr(0, header.size()) != header) {
    if (text.substr(0, magic.size()) != magic) {
      const std::string_view found = text.substr(0, text.find(' '));
      throw corrupt("it does not start with '" + magic + "' but " +
                    (found.empty() ? "is empty" : "with " + quote_input(found)));
    }
    const std::string_view found = text.substr(magic.size(), text.find(" | ", magic.size()) - magic.size());
    throw corrupt("its configuration differs from this game's: found " + quote_input(found) + ", expected '" + config +
                  "'");
  }
  text.remove_prefix(header.size());
  const std::size_t bar = text.find(" |");
  if (bar == std::string_view::npos) throw corrupt("no history");
  const std::string_view chance = text.substr(0, bar);
  std::string_view rest = text.substr(bar + 2);
  mode = ChanceMode{};
  if (chance.substr(0, 5) == "seed=") {
    std::string_view digits = chance.substr(5);
    const std::size_t at = digits.find('@');
    if (at != std::string_view::npos && !parse_number(digits.substr(at + 1), mode.since))
      throw corrupt("bad seed " + quote_input(digits));
    if (!parse_number(digits.substr(0, at), mode.seed)) throw corrupt("bad seed " + quote_input(digits));
    mode.seeded = true;
  } else if (chance != "explicit") {
    throw corrupt("unknown chance mode " + quote_input(chance));
  }
  std::vector<int> actions;
  while (!rest.empty()) {
    if (rest.front() != ' ') throw corrupt("bad separator in the history");
    rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    int action = 0;
    if (!parse_number(rest.substr(0, end), action))
      throw corrupt("bad action id at history position " + std::to_string(actions.size()));
    rest.remove_prefix(end);
    actions.push_back(action);
  }
  return actions;
}

unsigned remap_positions(Mask original_hand, Mask replay_hand, unsigned positions, const int* counterpart) {
  Mask thrown = 0;
  for (Mask m = cards_of_positions(original_hand, positions); m; m = clear_lowest(m))
    thrown |= card_bit(counterpart[lowest_bit(m)]);
  return positions_of_cards(replay_hand, thrown);
}

int remap_draw(Mask original_hand, Mask replay_hand, int action, int base, int count, const int* counterpart) {
  if (action <= base || action >= base + count) return action;
  return base + static_cast<int>(
                    remap_positions(original_hand, replay_hand, static_cast<unsigned>(action - base), counterpart));
}

void bad_config(std::string_view game, std::string_view field, const std::string& problem) {
  throw std::invalid_argument(std::string(game) + " config: " + std::string(field) + " " + problem);
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

void bad_config_text(std::string_view game, std::string_view field, std::string_view value,
                     const std::string& expected) {
  throw std::invalid_argument(std::string(game) + " config: " + std::string(field) + "=" + quote_input(value) +
                              " is not " + expected);
}

SerializedHeader read_header(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n";
  text.remove_prefix(std::min(text.find_first_not_of(kSpace), text.size()));
  constexpr std::string_view kMagic = "cardcore.";
  const std::size_t slash = text.find('/');
  const std::size_t bar = text.find(" | ");
  if (text.substr(0, kMagic.size()) != kMagic || slash == std::string_view::npos || bar == std::string_view::npos ||
      slash > bar)
    throw std::invalid_argument(
        "not a serialized cardcore state: expected 'cardcore.<game>/1 <config> | <chance> |<history>', got " +
        quote_input(text));
  const std::size_t space = std::min(text.find(' '), bar);
  return {std::string(text.substr(kMagic.size(), slash - kMagic.size())), std::string(text.substr(space, bar - space))};
}

std::invalid_argument unknown_action(std::string_view game, std::string_view text, std::string_view expected) {
  return std::invalid_argument("unknown " + std::string(game) + " action " + quote_input(text) + ": expected " +
                               std::string(expected));
}

void check_player(int player, int players) {
  if (player < 0 || player >= players)
    throw std::out_of_range("player must be in 0-" + std::to_string(players - 1) + ", got " + std::to_string(player));
}

int parse_draw(std::string_view text, std::string_view verb, Mask hand, int base) {
  if (hand == 0) throw std::invalid_argument(quote_input(text) + ": nobody is drawing now");
  const Mask cards = parse_cards(text.substr(verb.size() + 1));
  if (cards & ~hand)
    throw std::invalid_argument(quote_input(text) + ": " + format_cards(cards & ~hand) + " not in the hand " +
                                format_cards(hand));
  return base + static_cast<int>(positions_of_cards(hand, cards));
}

std::string draw_to_string(std::string_view verb, std::string_view none, Mask hand, unsigned positions) {
  if (positions == 0) return std::string(none);
  if (hand == 0) return std::string(verb) + " " + std::to_string(popcount(positions));
  return std::string(verb) + " " + format_cards(cards_of_positions(hand, positions));
}

Mask cards_of_positions(Mask hand, unsigned positions) {
  Mask cards = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (positions >> i & 1) cards |= hand & (~hand + 1);  // hand & -hand: its lowest card
  return cards;
}

unsigned positions_of_cards(Mask hand, Mask cards) {
  unsigned positions = 0;
  for (int i = 0; hand; ++i, hand = clear_lowest(hand))
    if (cards & hand & (~hand + 1)) positions |= 1u << i;
  return positions;
}

}  // namespace cardcore
