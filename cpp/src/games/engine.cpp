#include "cardcore/games/engine.hpp"

#include <charconv>

namespace cardcore {

std::vector<int> ActionSet::to_vector() const {
  std::vector<int> actions;
  for (int word = 0; word < 2; ++word)
    for (std::uint64_t b = bits[word]; b; b = clear_lowest(b)) actions.push_back(64 * word + lowest_bit(b));
  return actions;
}

std::string serialize_history(std::string_view name, const std::string& config, bool seeded,
                              std::uint64_t seed, const std::vector<Step>& history) {
  std::string out = "cardcore." + std::string(name) + "/1 " + config + " | ";
  out += seeded ? "seed=" + std::to_string(seed) : std::string("explicit");
  out += " |";
  for (const Step& step : history) out += " " + std::to_string(step.action);
  return out;
}

std::vector<int> parse_history(std::string_view name, const std::string& config,
                               std::string_view text, bool& seeded, std::uint64_t& seed) {
  auto corrupt = [&](const std::string& why) {
    return std::invalid_argument("not a serialized " + std::string(name) + " state (" + why + ")");
  };
  const std::string magic = "cardcore." + std::string(name) + "/1 ";
  const std::string header = magic + config + " | ";
  if (text.substr(0, header.size()) != header) {
    if (text.substr(0, magic.size()) != magic) throw corrupt("it does not start with '" + magic + "'");
    throw corrupt("its configuration differs from this game's: " + config);
  }
  text.remove_prefix(header.size());
  const std::size_t bar = text.find(" |");
  if (bar == std::string_view::npos) throw corrupt("no history");
  const std::string_view mode = text.substr(0, bar);
  std::string_view rest = text.substr(bar + 2);
  seeded = false;
  seed = 0;
  if (mode.substr(0, 5) == "seed=") {
    const std::string_view digits = mode.substr(5);
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
    if (error != std::errc() || end != digits.data() + digits.size() || digits.empty())
      throw corrupt("bad seed '" + std::string(digits) + "'");
    seeded = true;
  } else if (mode != "explicit") {
    throw corrupt("unknown chance mode '" + std::string(mode) + "'");
  }
  std::vector<int> actions;
  while (!rest.empty()) {
    if (rest.front() != ' ') throw corrupt("bad separator in the history");
    rest.remove_prefix(1);
    int action = 0;
    const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), action);
    if (error != std::errc()) throw corrupt("bad action id at history position " + std::to_string(actions.size()));
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
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

std::vector<DeckView> deck_views(const std::vector<std::size_t>& starts, std::size_t history_size) {
  std::vector<DeckView> decks;
  for (std::size_t i = 0; i < starts.size(); ++i)
    decks.emplace_back(starts[i], i + 1 < starts.size() ? starts[i + 1] : history_size);
  return decks;
}

int nth_card(Mask mask, int n) {
  for (; n > 0; --n) mask = clear_lowest(mask);
  return lowest_bit(mask);
}

int Stock::draw() { return nth_card(cards_, static_cast<int>(rng_.below(static_cast<std::uint32_t>(size())))); }

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
