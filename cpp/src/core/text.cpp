#include "cardcore/core/text.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ios>
#include <iterator>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace cardcore {
namespace {

// A UTF-8 continuation byte (10xxxxxx) continues a character; every other byte starts one.
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The byte offset of the character after the first `n` (text.size() if there are fewer).
std::size_t after_first(std::string_view text, std::size_t n) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!is_continuation(text[i]) && seen++ == n) return i;
  return text.size();
}

// The byte offset where the last `n` characters start.
std::size_t last_start(std::string_view text, std::size_t n) {
  std::size_t i = text.size();
  for (std::size_t seen = 0; seen < n && i > 0;)
    if (!is_continuation(text[--i])) ++seen;
  return i;
}

// What a message shows of `text` between its quotes, and its length in characters when
// it is elided (0 when it is shown whole).
std::pair<std::string, std::size_t> shown(std::string_view text, std::size_t max_chars) {
  max_chars = std::max<std::size_t>(max_chars, 1);
  // No more bytes than max_chars: no more characters either, and nothing to count.
  if (text.size() <= max_chars) return {std::string(text), 0};
  const std::size_t length = count_characters(text);
  if (length <= max_chars) return {std::string(text), 0};
  const std::size_t head = max_chars / 2, tail = max_chars - 1 - head;
  std::string out(text.substr(0, after_first(text, head)));
  out += "…";
  out += text.substr(last_start(text, tail));
  return {std::move(out), length};
}

std::string length_note(std::size_t length) {
  return length == 0 ? std::string() : " (" + with_separators(length) + " characters)";
}

}  // namespace

std::size_t count_characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation(c); }));
}

std::string with_separators(std::size_t count) {
  std::string digits = std::to_string(count);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, 1, ',');
  return digits;
}

std::string elide_input(std::string_view text, std::size_t max_chars) {
  auto [text_shown, length] = shown(text, max_chars);
  return text_shown + length_note(length);
}

std::string quote_input(std::string_view text, std::size_t max_chars) {
  auto [text_shown, length] = shown(text, max_chars);
  return "'" + text_shown + "'" + length_note(length);
}

std::string read_user_file(const std::string& path, std::string_view what) {
  const std::string named = std::string(what) + " " + quote_input(path);
  std::error_code error;
  // A directory opens but fails at the first read, which libstdc++ reports by throwing.
  if (std::filesystem::is_directory(path, error)) throw std::invalid_argument(named + " is a directory, not a file");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::invalid_argument("cannot open " + named);
  try {
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure&) {
    throw std::invalid_argument("cannot read " + named);
  }
}

}  // namespace cardcore
