#include "cardcore/games/kuhn/state.hpp"

#include <algorithm>
#include <stdexcept>

#include "cardcore/games/resample.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::kuhn {
namespace {

constexpr Mask kCards = (Mask{1} << kNumCards) - 1;
constexpr char kCardNames[kNumCards] = {'J', 'Q', 'K'};
constexpr const char* kActionNames[2] = {"pass", "bet"};

}  // namespace

void Config::validate() const { check_fields<Config>(Spec::kSpec.name, kConfigFields, *this); }

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config&, bool named) : observation(named), information_state(named) {
  player = observation.add("player", kNumPlayers);
  card = observation.add("private_card", kNumCards);
  information_state.extend(observation);
  contribution = observation.add("pot_contribution", kNumPlayers, 0, 2);
  betting = information_state.add("betting", (2 * kNumPlayers - 1) * 2);
}

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  reset_stock(kCards);
  resolve_chance();
}

int State::current_player() const {
  if (is_terminal()) return kTerminalPlayer;
  if (history().size() < kNumPlayers) return kChancePlayer;
  return static_cast<int>(history().size() % kNumPlayers);
}

ActionSet State::legal_player_actions() const {
  ActionSet actions;
  if (current_player() >= 0) {
    actions.add(kPass);
    actions.add(kBet);
  }
  return actions;
}

void State::apply_chance(int card) { cards_[static_cast<std::size_t>(history().back().target)] = card; }

void State::apply_player(int action) {
  const int seat = history().back().actor;  // the step just recorded (current_player() has moved on)
  if (action == kBet) {
    if (first_bettor_ < 0) first_bettor_ = seat;
    ++contributions_[static_cast<std::size_t>(seat)];
  }
  // Over when both passed, or when the turn comes back to the first bettor.
  const bool over = first_bettor_ < 0 ? turns() == kNumPlayers : turns() == kNumPlayers + first_bettor_;
  if (!over) return;
  // The higher card among the seats with the most chips in (both, unless one passed a bet).
  showdown_ = contributions_[0] == contributions_[1];
  const int best = std::max(contributions_[0], contributions_[1]);
  winner_ = -1;
  for (int s = 0; s < kNumPlayers; ++s)
    if (contributions_[static_cast<std::size_t>(s)] == best &&
        (winner_ < 0 || cards_[static_cast<std::size_t>(s)] > cards_[static_cast<std::size_t>(winner_)]))
      winner_ = s;
  double result[kNumPlayers];
  for (int s = 0; s < kNumPlayers; ++s)
    result[s] =
        s == winner_ ? contributions_[static_cast<std::size_t>(1 - s)] : -contributions_[static_cast<std::size_t>(s)];
  complete_hand(result);
}

std::string State::action_to_string(int action) const {
  if (!is_chance_node()) return player_action_to_string(action);
  if (action < 0 || action >= kNumCards)
    throw std::invalid_argument("a Kuhn poker deal is a card id 0-2, got " + std::to_string(action));
  return std::string(1, kCardNames[action]);
}

int State::string_to_action(std::string_view text) const {
  if (!is_chance_node()) return player_string_to_action(text);
  for (int c = 0; c < kNumCards; ++c)
    if (text.size() == 1 && text[0] == kCardNames[c]) return c;
  throw unknown_action(Spec::kSpec.display_name, text, "a card J, Q or K");
}

std::string State::player_action_to_string(int action) const {
  if (action == kPass || action == kBet) return kActionNames[action];
  throw std::invalid_argument("no Kuhn poker action has id " + std::to_string(action));
}

int State::player_string_to_action(std::string_view text) const {
  for (int a = 0; a < 2; ++a)
    if (text == kActionNames[a]) return a;
  throw unknown_action(Spec::kSpec.display_name, text, "pass or bet");
}

// OpenSpiel's strings: my card's id once dealt, then the betting as p and b (information
// state), or each seat's chips in the pot (observation).
std::string State::information_state_string(int player) const {
  check_player(player, kNumPlayers);
  std::string out;
  if (history().size() > static_cast<std::size_t>(player)) out += std::to_string(card(player));
  for (std::size_t i = kNumPlayers; i < history().size(); ++i) out += history()[i].action == kBet ? 'b' : 'p';
  return out;
}

std::string State::observation_string(int player) const {
  check_player(player, kNumPlayers);
  std::string out;
  if (history().size() > static_cast<std::size_t>(player)) {
    out += std::to_string(card(player));
    for (const int chips : contributions_) out += std::to_string(chips);
  }
  return out;
}

void State::observation_tensor(int player, float* out) const {
  check_player(player, kNumPlayers);
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  out[layout.player + player] = 1;
  if (card(player) >= 0) out[layout.card + card(player)] = 1;
  for (int s = 0; s < kNumPlayers; ++s) out[layout.contribution + s] = static_cast<float>(contribution(s));
}

void State::information_state_tensor(int player, float* out) const {
  check_player(player, kNumPlayers);
  const TensorLayout layout(config_);
  std::fill(out, out + layout.information_state.size(), 0.0f);
  out[layout.player + player] = 1;
  if (card(player) >= 0) out[layout.card + card(player)] = 1;
  for (std::size_t i = kNumPlayers; i < history().size(); ++i)
    out[layout.betting + 2 * static_cast<int>(i - kNumPlayers) + history()[i].action] = 1;
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, kNumPlayers);
  std::vector<DeckView> decks{DeckView(0, history().size())};
  decks[0].allowed.fill(kCards);  // a stand-in is one of the three cards
  if (card(player) >= 0) decks[0].known = card_bit(card(player));
  // At the end the player knows who won, which a showdown ties to the other card.
  return resample_history_ending_alike(*this, decks, seed, State(config_, false, 0, Prevalidated{}),
                                       [&](const State& world) { return world.winner_ == winner_; });
}

int rule_based_action(const State& state) {
  const int seat = state.current_player();
  check_player(seat, kNumPlayers);  // a seat's turn, not the end
  const int card = state.card(seat);
  const bool facing_bet = state.contribution(0) != state.contribution(1);
  if (card == 2) return kBet;                // the king bets, and calls
  if (card == 1 && facing_bet) return kBet;  // the queen calls
  return kPass;                              // checks, and the jack folds
}

}  // namespace cardcore::kuhn

// The random player of the spec's policy table, instantiated with this game's State.
template int cardcore::random_action<cardcore::kuhn::State>(const cardcore::kuhn::State& state, cardcore::Rng& rng);
