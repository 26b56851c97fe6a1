// The bound on the user's input that an error message quotes (core/text.hpp): the helper
// itself (short text whole, the cut at the bound, UTF-8 boundaries, the length), card
// parsing through it, and every registered engine's deserialize and string_to_action with
// a giant input.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cardcore/core/cards.hpp"
#include "cardcore/core/text.hpp"
#include "cardcore/games/registry.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

// `n` copies of `piece`.
std::string repeat(std::string_view piece, std::size_t n) {
  std::string out;
  out.reserve(piece.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += piece;
  return out;
}

// What `statement` throws std::invalid_argument with; "" (and a failed check) otherwise.
template <class Statement>
std::string message_of(Statement statement) {
  try {
    statement();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  ::cardcore::testing::fail(__FILE__, __LINE__, "no std::invalid_argument was thrown");
}

// The longest message a giant input may give (tests/test_bad_inputs.py's MAX_MESSAGE):
// kMaxQuoted characters of it, the note of its length and the message's own words (a
// serialized state's, the configuration it expected).
constexpr std::size_t kMaxMessage = 500;

}  // namespace

TEST_CASE(short_text_is_quoted_whole) {
  CHECK_EQ(quote_input("As Kd"), std::string("'As Kd'"));
  CHECK_EQ(quote_input(""), std::string("''"));
  CHECK_EQ(elide_input("As Kd"), std::string("As Kd"));
  const std::string at_bound(kMaxQuoted, 'x');
  CHECK_EQ(quote_input(at_bound), "'" + at_bound + "'");
  CHECK_EQ(elide_input(at_bound), at_bound);
}

TEST_CASE(long_text_shows_its_ends_and_its_length) {
  // One character past the bound: the first 100 and the last 99 with '…' between, 200 in all.
  const std::string text = std::string(150, 'a') + std::string(51, 'b');
  CHECK_EQ(quote_input(text),
           "'" + std::string(100, 'a') + "…" + std::string(48, 'a') + std::string(51, 'b') + "' (201 characters)");
  CHECK_EQ(elide_input(text),
           std::string(100, 'a') + "…" + std::string(48, 'a') + std::string(51, 'b') + " (201 characters)");
  CHECK_EQ(count_characters(elide_input(text).substr(0, elide_input(text).find(" ("))), kMaxQuoted);
  // The issue's example: a 10 MB serialized state.
  const std::string state = "cardcore.badugi/1 " + std::string(10'000'000, 'x');
  const std::string quoted = quote_input(state);
  CHECK_EQ(quoted.substr(0, 20), std::string("'cardcore.badugi/1 x"));
  CHECK_EQ(quoted.substr(quoted.size() - 25), std::string("' (10,000,018 characters)"));
  CHECK_EQ(count_characters(quoted), kMaxQuoted + 2 + 24);  // the quotes, " (10,000,018 characters)"
  // A smaller bound for one of two inputs in a message.
  CHECK_EQ(quote_input("abcdefghij", 5), std::string("'ab…ij' (10 characters)"));
  CHECK_EQ(quote_input("abcdefghij", 1), std::string("'…' (10 characters)"));
  CHECK_EQ(quote_input("abcdefghij", 0), std::string("'…' (10 characters)"));
}

TEST_CASE(lengths_are_characters_with_thousands_separators) {
  CHECK_EQ(with_separators(0), std::string("0"));
  CHECK_EQ(with_separators(999), std::string("999"));
  CHECK_EQ(with_separators(1000), std::string("1,000"));
  CHECK_EQ(with_separators(1'000'000), std::string("1,000,000"));
  CHECK_EQ(with_separators(10'000'018), std::string("10,000,018"));
  CHECK_EQ(count_characters("A♠ 10♥"), std::size_t{6});
  CHECK_EQ(count_characters(""), std::size_t{0});
}

TEST_CASE(a_cut_never_splits_a_multibyte_character) {
  // 200 suit symbols are 600 bytes but 200 characters: whole.
  const std::string spades = repeat("♠", kMaxQuoted);
  CHECK_EQ(quote_input(spades), "'" + spades + "'");
  // 300 of them: 100 and 99 whole symbols around the '…'.
  CHECK_EQ(quote_input(repeat("♠", 300)), "'" + repeat("♠", 100) + "…" + repeat("♠", 99) + "' (300 characters)");
  // Every alignment of 1-, 2-, 3- and 4-byte characters against the cut.
  for (std::size_t shift = 0; shift < 4; ++shift) {
    const std::string text = std::string(shift, 'x') + repeat("é♥😀a", 100);
    TRACE("shift " + std::to_string(shift));
    const std::string shown = elide_input(text);
    const std::string part = shown.substr(0, shown.rfind(" ("));
    CHECK_EQ(count_characters(part), kMaxQuoted);
    CHECK_EQ(part.substr(0, part.find("…")), text.substr(0, part.find("…")));
    const std::string tail = part.substr(part.find("…") + std::string_view("…").size());
    CHECK_EQ(tail, text.substr(text.size() - tail.size()));
    // Each piece starts and ends on a character boundary: no continuation byte leads it,
    // and counting it gives the number of characters it was cut to.
    CHECK((static_cast<unsigned char>(tail[0]) & 0xC0) != 0x80);
    CHECK_EQ(count_characters(tail), std::size_t{99});
    CHECK_EQ(shown.substr(shown.rfind(" (")), " (" + std::to_string(shift + 400) + " characters)");
  }
}

TEST_CASE(card_parsing_quotes_the_card_and_its_text_within_the_bound) {
  const std::string giant(10'000'000, 'x');
  for (const std::string& text : {giant, "As " + giant, "As " + repeat("Kd ", 1'000'000), repeat("♠", 1'000'000)}) {
    TRACE("text of " + std::to_string(text.size()) + " bytes");
    const std::string message = message_of([&] { parse_cards(text); });
    CHECK_LE(count_characters(message), kMaxMessage);
    CHECK(message.find(" characters)") != std::string::npos);
    const std::string one = message_of([&] { parse_card(text); });
    CHECK_LE(count_characters(one), kMaxMessage);
  }
  // Short input is quoted as before.
  CHECK_THROWS(parse_cards("As Kd 9x"), std::invalid_argument, "invalid card '9x' at position 3 in 'As Kd 9x'");
}

TEST_CASE(every_engine_bounds_what_it_quotes_of_a_giant_input) {
  Games::for_each([]<class State>() {
    const typename State::Spec::Config config{};
    const std::string name(State::kName);
    TRACE(name);
    const std::string giant(10'000'000, 'x');
    const std::string magic = "cardcore." + name + "/1 ";
    const std::string header = magic + config.to_string() + " | ";
    // Each corrupt part in turn: the tag, the configuration, the chance mode, the seed.
    for (const std::string& text : {giant, giant + " " + magic, magic + giant, header + giant + " |",
                                    header + "seed=" + giant + " |", header + "seed=1@" + giant + " |"}) {
      const std::string message = message_of([&] { State::deserialize(config, text); });
      CHECK_LE(count_characters(message), kMaxMessage);
      CHECK(message.find("characters)") != std::string::npos);
    }
    // A history of a million ids, or none: a short message naming no input.
    for (const std::string& text : {header + "explicit |" + repeat(" 99", 1'000'000), header + giant}) {
      const std::string message = message_of([&] { State::deserialize(config, text); });
      CHECK_LE(count_characters(message), kMaxMessage);
    }
    const State state(config, true, 3);
    for (const std::string& text :
         {giant, "discard " + repeat("As ", 1'000'000), "exchange " + giant, "arrange " + giant, "play " + giant}) {
      const std::string message = message_of([&] { state.string_to_action(text); });
      CHECK_LE(count_characters(message), kMaxMessage);
      CHECK(message.find("characters)") != std::string::npos);
    }
  });
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
