// User input in error messages, bounded: whatever its size, a message quotes at most
// kMaxQuoted characters of it, so that a mistake or a hostile input (a 10 MB serialized
// state, an action string of a million cards) costs a log line of a few hundred characters,
// not a copy of the input. Every message that echoes text the user gave (serialized
// states, action strings, card text, configuration values, policy names) goes through
// quote_input or elide_input; cardcore._checks.quote_input is the same for Python's.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cardcore {

// The most characters a message shows of the user's input, the '…' of an elision included.
inline constexpr std::size_t kMaxQuoted = 200;

// The number of characters of UTF-8 text: its code points, as Python's len() counts them
// (every byte but a continuation byte 10xxxxxx starts one).
std::size_t count_characters(std::string_view text);

// A count with thousands separators: 10000018 as "10,000,018".
std::string with_separators(std::size_t count);

// `text` as a message shows it, without quotes (for text that quotes itself, like a Python
// repr): whole when it has at most `max_chars` characters; otherwise its first
// max_chars / 2 characters, '…' and its last ones, max_chars characters in all, followed
// by its length: "abc…xyz (10,000,018 characters)". Characters are code points
// (count_characters), so a cut never falls inside a multi-byte character (the suit symbols
// ♠ ♥ ♦ ♣ are three bytes each). The work is one pass counting the characters plus the
// part shown: the text is never copied whole.
std::string elide_input(std::string_view text, std::size_t max_chars = kMaxQuoted);

// `text` in single quotes, elided as elide_input does with the length after the closing
// quote: 'As Kd', or 'cardcore.badugi/1 xxxx…xxxx' (10,000,018 characters). A message that
// quotes two inputs (a card and the text around it) shares kMaxQuoted between them.
std::string quote_input(std::string_view text, std::size_t max_chars = kMaxQuoted);

// The bytes of the file at `path` that the user named, read whole. A file that cannot be
// opened or read (missing, unreadable, a directory) is std::invalid_argument naming `what`
// and the path: "cannot open the solution file '/tmp/x'", "... is a directory, not a file".
std::string read_user_file(const std::string& path, std::string_view what);

}  // namespace cardcore
