#include "cardcore/core/cards.hpp"

#include <stdexcept>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/text.hpp"

namespace cardcore {
namespace {

constexpr std::string_view kExpected =
    "expected a rank (A, 2-9, T or 10, J, Q, K) followed by a suit (c, d, h, s or ♣ ♦ ♥ ♠)";

// UTF-8 suit symbols are E2 99 xx, xx = A0 ♠ A1 ♡ A2 ♢ A3 ♣ A4 ♤ A5 ♥ A6 ♦ A7 ♧.
constexpr int kSymbolSuit[8] = {kSpades, kHearts, kDiamonds, kClubs, kSpades, kHearts, kDiamonds, kClubs};

int parse_rank(std::string_view& s) {
  if (s.size() >= 2 && s[0] == '1' && s[1] == '0') {
    s.remove_prefix(2);
    return kTen;
  }
  if (s.empty()) return -1;
  const char c = s[0];
  s.remove_prefix(1);
  switch (c) {
    case 'T':
    case 't':
      return kTen;
    case 'J':
    case 'j':
      return kJack;
    case 'Q':
    case 'q':
      return kQueen;
    case 'K':
    case 'k':
      return kKing;
    case 'A':
    case 'a':
      return kAce;
    default:
      return c >= '2' && c <= '9' ? c - '2' : -1;
  }
}

int parse_suit(std::string_view s) {
  if (s.size() == 1) {
    switch (s[0]) {
      case 'c':
      case 'C':
        return kClubs;
      case 'd':
      case 'D':
        return kDiamonds;
      case 'h':
      case 'H':
        return kHearts;
      case 's':
      case 'S':
        return kSpades;
      default:
        return -1;
    }
  }
  if (s.size() == 6 && s.substr(3) == "\xEF\xB8\x8F") s = s.substr(0, 3);  // emoji selector
  if (s.size() == 3 && s[0] == '\xE2' && s[1] == '\x99') {
    const auto low = static_cast<unsigned char>(s[2]);
    if (low >= 0xA0 && low <= 0xA7) return kSymbolSuit[low - 0xA0];
  }
  return -1;
}

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

// A message that names a bad card and the text it stands in shares the bound on quoted
// input (core/text.hpp) between them: kTokenShown characters for the card, the rest for
// the text.
constexpr std::size_t kTokenShown = 40;
std::string quoted_token(std::string_view token) { return quote_input(token, kTokenShown); }
std::string quoted_text(std::string_view text) { return quote_input(text, kMaxQuoted - kTokenShown); }

// Calls add(card) for each card of `text` in the order written. Throws naming a bad,
// duplicate or empty token and its position (from 1).
template <class Add>
void for_each_card(std::string_view text, Add add) {
  Mask seen = 0;
  int position = 0;
  std::size_t i = 0;
  while (true) {
    int commas = 0;
    while (i < text.size() && is_separator(text[i])) commas += text[i++] == ',';
    // One comma goes between two cards; a second one, or one at either end, leaves a gap.
    if (commas > (position > 0 && i < text.size() ? 1 : 0))
      throw std::invalid_argument("empty card at position " + std::to_string(position + 1) + " in " +
                                  quote_input(text) + ": expected a card between the commas");
    if (i == text.size()) return;
    std::size_t end = i;
    while (end < text.size() && !is_separator(text[end])) ++end;
    const std::string_view token = text.substr(i, end - i);
    ++position;
    const int card = parse_card_token(token);
    if (card < 0)
      throw std::invalid_argument("invalid card " + quoted_token(token) + " at position " + std::to_string(position) +
                                  " in " + quoted_text(text) + ": " + std::string(kExpected));
    if (seen & card_bit(card))
      throw std::invalid_argument("duplicate card " + quoted_token(token) + " at position " + std::to_string(position) +
                                  " in " + quoted_text(text));
    seen |= card_bit(card);
    add(card);
    i = end;
  }
}

}  // namespace

int parse_card_token(std::string_view token) {
  const int rank = parse_rank(token);
  if (rank < 0) return -1;
  const int suit = parse_suit(token);
  return suit < 0 ? -1 : make_card(rank, suit);
}

Mask parse_cards(std::string_view text) {
  Mask mask = 0;
  for_each_card(text, [&](int card) { mask |= card_bit(card); });
  return mask;
}

std::vector<int> parse_card_list(std::string_view text) {
  std::vector<int> cards;
  for_each_card(text, [&](int card) { cards.push_back(card); });
  return cards;
}

int parse_card(std::string_view text) {
  const Mask mask = parse_cards(text);
  if (popcount(mask) != 1) throw std::invalid_argument("expected exactly one card, got " + quote_input(text));
  return lowest_bit(mask);
}

std::string format_card(int card, bool pretty) {
  static constexpr const char* kSymbols[kNumSuits] = {"♣", "♦", "♥", "♠"};
  std::string out(1, kRankChars[rank_of(card)]);
  if (pretty)
    out += kSymbols[suit_of(card)];
  else
    out += kSuitChars[suit_of(card)];
  return out;
}

std::string format_cards(Mask mask, bool pretty) {
  std::string out;
  for (; mask; mask = clear_lowest(mask)) {
    if (!out.empty()) out += ' ';
    out += format_card(lowest_bit(mask), pretty);
  }
  return out;
}

void check_mask(Mask mask) {
  if (mask & ~kDeckMask)
    throw std::invalid_argument("mask " + std::to_string(mask) + " has bits outside the 52 card positions (bits 0-51)");
}

void throw_bad_hand(Mask mask, int num_cards, std::string_view what) {
  check_mask(mask);  // else the count is wrong
  throw std::invalid_argument(std::string(what) + " needs " + std::to_string(num_cards) + " cards, got " +
                              std::to_string(popcount(mask)) +
                              (mask ? " (" + format_cards(mask) + ")" : std::string()));
}

}  // namespace cardcore
