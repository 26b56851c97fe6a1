#include "cardcore/games/serialize.hpp"

#include <algorithm>
#include <charconv>

#include "cardcore/core/text.hpp"

namespace cardcore {

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

}  // namespace cardcore
