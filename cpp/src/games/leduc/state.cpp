#include "cardcore/games/leduc/state.hpp"

#include <algorithm>
#include <stdexcept>

#include "cardcore/games/resample.hpp"
#include "cardcore/games/rollout.hpp"

namespace cardcore::leduc {
namespace {

constexpr Mask kCards = (Mask{1} << kNumCards) - 1;
constexpr const char* kCardNames[kNumCards] = {"Js", "Jh", "Qs", "Qh", "Ks", "Kh"};
constexpr const char* kActionNames[3] = {"fold", "call", "raise"};

}  // namespace

void Config::validate() const { check_fields<Config>(Spec::kSpec.name, kConfigFields, *this); }

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config&, bool named) : observation(named), information_state(named) {
  player = observation.add("player", kNumPlayers);
  card = observation.add("private_card", kNumCards);
  public_card = observation.add("community_card", kNumCards);
  information_state.extend(observation);
  contribution = observation.add("pot_contribution", kNumPlayers, 0, 13);
  betting = information_state.add("betting", 2 * kMaxBetsPerRound * 2);
}

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  reset_stock(kCards);
  resolve_chance();
}

bool State::ready_for_next_round() const {
  return (raises_ == 0 && calls_ == remaining_) || (raises_ > 0 && calls_ == remaining_ - 1);
}

bool State::is_terminal() const { return remaining_ == 1 || (round_ == 2 && ready_for_next_round()); }

ActionSet State::legal_player_actions() const {
  ActionSet actions;
  if (current_player() < 0) return actions;
  if (stakes_ > ante_[static_cast<std::size_t>(to_act_)]) actions.add(kFold);  // only under pressure
  actions.add(kCall);
  if (raises_ < kMaxRaises) actions.add(kRaise);
  return actions;
}

void State::apply_chance(int card) {
  if (dealt_ < kNumPlayers) {
    private_cards_[static_cast<std::size_t>(dealt_)] = card;
    if (++dealt_ == kNumPlayers) to_act_ = 0;
    return;
  }
  public_card_ = card;
  to_act_ = folded_[0] ? 1 : 0;  // the first seat still in
}

void State::put_in(int seat, int amount) {
  pot_ += amount;
  ante_[static_cast<std::size_t>(seat)] += amount;
  money_[static_cast<std::size_t>(seat)] -= amount;
}

void State::apply_player(int action) {
  const int seat = to_act_;
  const auto s = static_cast<std::size_t>(seat);
  auto& size = sequence_size_[static_cast<std::size_t>(round_ - 1)];
  sequence_[static_cast<std::size_t>(round_ - 1)][static_cast<std::size_t>(size++)] = static_cast<std::int8_t>(action);
  if (action == kFold) {
    folded_[s] = true;
    --remaining_;
  } else if (action == kCall) {
    put_in(seat, stakes_ - ante_[s]);  // a check when nothing is owed
    ++calls_;
  } else {
    put_in(seat, stakes_ - ante_[s]);
    const int raise = round_ == 1 ? 2 : 4;
    stakes_ += raise;
    put_in(seat, raise);
    ++raises_;
    calls_ = 0;
  }
  if (is_terminal()) {
    resolve_winner();
  } else if (action != kRaise && ready_for_next_round()) {
    ++round_;  // the public card comes next
    raises_ = calls_ = 0;
    to_act_ = kChancePlayer;
  } else {
    to_act_ = folded_[static_cast<std::size_t>(1 - seat)] ? seat : 1 - seat;
  }
}

// OpenSpiel's ranking: a pair (my card's rank is the public card's) above every high card,
// high cards by the higher rank, then the lower; equal ranks tie.
int State::rank_hand(int seat) const {
  int low = public_card_, high = private_card(seat);
  if (low > high) std::swap(low, high);
  if (low % 2 == 0 && high == low + 1) return kNumCards * kNumCards + low;
  return (high / 2) * kNumCards + low / 2;
}

void State::resolve_winner() {
  double result[kNumPlayers];
  std::array<bool, kNumPlayers> winner{};
  int winners = 0;
  if (remaining_ == 1) {
    for (int p = 0; p < kNumPlayers; ++p) winner[static_cast<std::size_t>(p)] = !folded_[static_cast<std::size_t>(p)];
    winners = 1;
  } else {
    int best = -1;
    for (int p = 0; p < kNumPlayers; ++p) {
      const int rank = rank_hand(p);
      if (rank > best) {
        best = rank;
        winner.fill(false);
        winners = 0;
      }
      if (rank == best) {
        winner[static_cast<std::size_t>(p)] = true;
        ++winners;
      }
    }
  }
  const int share = pot_ / winners;  // two seats with equal stakes: the pot always divides
  for (int p = 0; p < kNumPlayers; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (winner[i]) money_[i] += share;
    result[p] = money_[i] - kStartingMoney;
  }
  pot_ = 0;
  complete_hand(result);
}

std::string State::action_to_string(int action) const {
  if (!is_chance_node()) return player_action_to_string(action);
  if (action < 0 || action >= kNumCards)
    throw std::invalid_argument("a Leduc poker deal is a card id 0-5, got " + std::to_string(action));
  return kCardNames[action];
}

int State::string_to_action(std::string_view text) const {
  if (!is_chance_node()) return player_string_to_action(text);
  for (int c = 0; c < kNumCards; ++c)
    if (text == kCardNames[c]) return c;
  throw unknown_action(Spec::kSpec.display_name, text, "a card Js, Jh, Qs, Qh, Ks or Kh");
}

std::string State::player_action_to_string(int action) const {
  if (action >= kFold && action <= kRaise) return kActionNames[action];
  throw std::invalid_argument("no Leduc poker action has id " + std::to_string(action));
}

int State::player_string_to_action(std::string_view text) const {
  for (int a = kFold; a <= kRaise; ++a)
    if (text == kActionNames[a]) return a;
  throw unknown_action(Spec::kSpec.display_name, text, "fold, call or raise");
}

// OpenSpiel's strings: "[Observer: p][Private: c][Round r][Player: p][Pot: n][Money: a b]",
// "[Public: c]" once dealt, then each round's action ids (information state, perfect
// recall) or each seat's chips in the pot (observation).
std::string State::view_string(int player, bool recall) const {
  check_player(player, kNumPlayers);
  auto join = [](const auto& values, std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) out += (i ? " " : "") + std::to_string(values[i]);
    return out;
  };
  std::string out = "[Observer: " + std::to_string(player) + "][Private: " + std::to_string(private_card(player)) +
                    "][Round " + std::to_string(round_) + "][Player: " + std::to_string(to_act_) +
                    "][Pot: " + std::to_string(pot_) + "][Money: " + join(money_, kNumPlayers) + "]";
  if (public_card_ != kNoCard) out += "[Public: " + std::to_string(public_card_) + "]";
  if (recall)
    out += "[Round1: " + join(sequence_[0], static_cast<std::size_t>(sequence_size_[0])) +
           "][Round2: " + join(sequence_[1], static_cast<std::size_t>(sequence_size_[1])) + "]";
  else
    out += "[Ante: " + join(ante_, kNumPlayers) + "]";
  return out;
}

std::string State::information_state_string(int player) const { return view_string(player, true); }

std::string State::observation_string(int player) const { return view_string(player, false); }

void State::observation_tensor(int player, float* out) const {
  check_player(player, kNumPlayers);
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  out[layout.player + player] = 1;
  if (private_card(player) != kNoCard) out[layout.card + private_card(player)] = 1;
  if (public_card_ != kNoCard) out[layout.public_card + public_card_] = 1;
  for (int s = 0; s < kNumPlayers; ++s) out[layout.contribution + s] = static_cast<float>(contribution(s));
}

void State::information_state_tensor(int player, float* out) const {
  check_player(player, kNumPlayers);
  const TensorLayout layout(config_);
  std::fill(out, out + layout.information_state.size(), 0.0f);
  out[layout.player + player] = 1;
  if (private_card(player) != kNoCard) out[layout.card + private_card(player)] = 1;
  if (public_card_ != kNoCard) out[layout.public_card + public_card_] = 1;
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < sequence_size_[static_cast<std::size_t>(r)]; ++i) {
      const int action = sequence_[static_cast<std::size_t>(r)][static_cast<std::size_t>(i)];
      if (action != kFold) out[layout.betting + (r * kMaxBetsPerRound + i) * 2 + (action == kRaise)] = 1;
    }
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, kNumPlayers);
  std::vector<DeckView> decks{DeckView(0, history().size())};
  decks[0].allowed.fill(kCards);  // a stand-in is one of the six cards
  if (private_card(player) != kNoCard) decks[0].known |= card_bit(private_card(player));
  if (public_card_ != kNoCard) decks[0].known |= card_bit(public_card_);
  // After a showdown the players' money tells the observer who won (OpenSpiel's strings).
  return resample_history_ending_alike(*this, decks, seed, State(config_, false, 0, Prevalidated{}),
                                       [&](const State& world) { return world.money_ == money_; });
}

int rule_based_action(const State& state) {
  const int seat = state.current_player();
  check_player(seat, kNumPlayers);  // a seat's turn, not the end
  const int rank = state.private_card(seat) / 2;
  const bool pair = state.public_card() != kNoCard && state.public_card() / 2 == rank;
  const ActionSet legal = state.legal_player_actions();
  if (pair || rank == 2) return legal.contains(kRaise) ? kRaise : kCall;
  if (state.round() == 2 && legal.contains(kFold)) return kFold;
  return kCall;
}

}  // namespace cardcore::leduc

// The random player of the spec's policy table, instantiated with this game's State.
template int cardcore::random_action<cardcore::leduc::State>(const cardcore::leduc::State& state, cardcore::Rng& rng);
