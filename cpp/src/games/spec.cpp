#include "cardcore/games/spec.hpp"

#include <charconv>
#include <stdexcept>

#include "cardcore/core/text.hpp"

namespace cardcore {

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

}  // namespace cardcore
