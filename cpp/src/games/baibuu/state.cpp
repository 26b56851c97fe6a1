#include "cardcore/games/baibuu/state.hpp"

#include "cardcore/core/text.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace cardcore::baibuu {
namespace {

constexpr const char* kPhaseNames[3] = {"deal", "arrange", "round over"};

std::int64_t commission_net(std::int64_t wager, int bp) { return wager - wager * bp / 10000; }

}  // namespace

void Config::validate() const { check_fields<Config>(Spec::kSpec.name, kConfigFields, *this); }

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config& c, bool named)
    : observation(named), information_state(named), seats(c.player_hands + 1) {
  own_cards = observation.add("own_cards", kDeckSize);
  seat = observation.add("seat", seats);
  phase = observation.add("phase", 3);
  arrangement = observation.add("arrangement", kNumArrangements + 1);
  results = observation.add("results", 2 * c.player_hands);
  // A seat's net over the total wagers: the banker can win or lose every wager each round.
  returns = observation.add("returns", seats, -static_cast<float>(c.hands), static_cast<float>(c.hands));
  information_state.extend(observation);
}

double Spec::max_utility(const Config& config) {
  std::int64_t total = 0;
  for (int i = 0; i < config.player_hands; ++i) total += config.wagers[i];
  return static_cast<double>(total) * config.hands;  // the banker wins every hand
}

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  start_round();
  resolve_chance();
}

void State::start_round() {
  reset_stock(kDeckMask);
  std::fill(hands_, hands_ + kMaxSeats, Mask{0});
  std::fill(lows_, lows_ + kMaxSeats, Mask{0});
  dealt_ = 0;
  deal_seat_ = 0;
  naturals_ = 0;
  fouled_ = 0;
  phase_ = Phase::kDeal;
}

std::size_t State::read_round(Round& round) const {
  // A round deals its cards first, one chance step each, then its hands arrange.
  std::size_t i = round.begin;
  for (int dealt = 0; dealt < 4 * seats() && i < history().size(); ++dealt, ++i)
    round.hands[history()[i].target] |= card_bit(history()[i].action);
  while (i < history().size() && history()[i].actor != kChancePlayer) ++i;
  return i;
}

std::vector<State::Round> State::rounds() const {
  std::vector<Round> played;
  for (std::size_t i = 0; i < history().size();) i = read_round(played.emplace_back(Round{i}));
  return played;
}

void State::next_to_arrange(int from) {
  // Naturals need no decision; the house-way banker decides inside settlement.
  const int last = config_.banker == Banker::kAgent ? banker_seat() : banker_seat() - 1;
  for (int seat = from; seat <= last; ++seat)
    if (!(naturals_ >> seat & 1)) {
      to_act_ = seat;
      phase_ = Phase::kArrange;
      return;
    }
  settle_round();
}

ActionSet State::legal_player_actions() const {
  ActionSet actions;
  if (phase_ != Phase::kArrange) return actions;
  // Players may foul; the banker may not (3.6 #3, R-8).
  if (to_act_ != banker_seat()) {
    actions.bits[0] = (1u << kNumArrangements) - 1;
    return actions;
  }
  actions.bits[0] = entries_[to_act_].valid_arrangements();
  return actions;
}

std::string State::why_illegal(int action) const {
  if (phase_ != Phase::kArrange || to_act_ != banker_seat() || action < 0 || action >= kNumArrangements) return "";
  const Mask low = arrangement_low(hands_[to_act_], action);
  return "the banker may not foul, and Low " + format_cards(low) + " / High " + format_cards(hands_[to_act_] & ~low) +
         " is one: the High hand must beat the Low hand";
}

void State::apply_player(int action) {
  lows_[to_act_] = arrangement_low(hands_[to_act_], action);
  // Only a player hand can foul: the banker's invalid arrangements are not legal.
  fouled_ |= unsigned(!(entries_[to_act_].valid_arrangements() >> action & 1)) << to_act_;
  next_to_arrange(to_act_ + 1);
}

void State::end_deal() {
  // Each holding looked up once: its Natural, valid arrangements and house way serve the
  // whole round.
  for (int s = 0; s < seats(); ++s) {
    entries_[s] = holding_entry(hands_[s]);
    naturals_ |= unsigned(entries_[s].natural()) << s;
  }
  next_to_arrange(0);
}

std::array<std::int64_t, 4> State::counts() const {
  return {rounds_completed_, player_naturals_, banker_naturals_, fouls_};
}

void State::settle_round() {
  const int banker = banker_seat();
  std::int64_t round[kMaxSeats] = {};
  // A Natural is never arranged: its Low stays 0, which settlement reads as "as dealt".
  Side players[kMaxPlayerHands];
  for (int i = 0; i < config_.player_hands; ++i) players[i] = {hands_[i], lows_[i]};
  settle_unchecked({hands_[banker], lows_[banker]}, entries_[banker], players, entries_, config_.player_hands,
                   outcomes_, config_.rules());
  for (int i = 0; i < config_.player_hands; ++i) {
    // Selects rather than branches: who wins is a coin flip a branch would mispredict.
    const std::int64_t wager = config_.wagers[i];
    const bool wins = outcomes_[i].player_wins;
    round[i] += wins ? commission_net(wager, config_.commission_bp) : -wager;
    round[banker] += wins ? -wager : commission_net(wager, config_.banker_commission_bp);
  }
  const bool banker_natural = naturals_ >> banker & 1;
  if (config_.banker == Banker::kHouseWay && !banker_natural)
    lows_[banker] = arrangement_low(hands_[banker], entries_[banker].house_way());
  player_naturals_ += popcount(naturals_ & ~(1u << banker));
  fouls_ += popcount(fouled_);  // whatever the banker holds (a banker's Natural decides the round first)
  banker_naturals_ += banker_natural;
  complete_hand(round);
  revealed_ = true;
  if (++rounds_completed_ == config_.hands) {
    phase_ = Phase::kOver;
    to_act_ = -1;
    return;
  }
  start_round();
}

std::string State::player_action_to_string(int action) const {
  if (action < 0 || action >= kNumArrangements)
    throw std::invalid_argument("no Bai Buu action has id " + std::to_string(action));
  if (phase_ != Phase::kArrange) return "arrange " + std::to_string(action);
  return "arrange " + format_cards(arrangement_low(hands_[to_act_], action));
}

int State::player_string_to_action(std::string_view text) const {
  constexpr std::string_view kArrange = "arrange ";
  if (text.substr(0, kArrange.size()) != kArrange)
    throw unknown_action(Spec::kSpec.display_name, text, "arrange <card> <card>");
  if (phase_ != Phase::kArrange) throw std::invalid_argument(quote_input(text) + ": nobody is arranging now");
  const Mask low = parse_cards(text.substr(kArrange.size()));
  if (popcount(low) != 2 || (low & ~hands_[to_act_]))
    throw std::invalid_argument(quote_input(text) + ": the Low hand must be two cards of " +
                                format_cards(hands_[to_act_]));
  return arrangement_index(hands_[to_act_], low);
}

std::string State::observation_string(int player) const {
  check_player(player, seats());
  std::ostringstream out;
  out << "round " << round_number() << " of " << config_.hands << ", " << kPhaseNames[static_cast<int>(phase_)] << "\n"
      << (player == banker_seat() ? std::string("banker") : "hand P" + std::to_string(player))
      << " cards: " << format_cards(hands_[player]);
  if (lows_[player])
    out << ", Low " << format_cards(lows_[player]) << " High " << format_cards(hands_[player] & ~lows_[player]);
  if (rounds_completed_ > 0) {
    const auto shown = rounds()[static_cast<std::size_t>(rounds_completed_ - 1)].hands;
    out << "\nlast round:";
    for (int s = 0; s < seats(); ++s) out << " P" << s << " " << format_cards(shown[s]) << ";";
    for (int i = 0; i < config_.player_hands; ++i) {
      std::string reason(kReasonNames[static_cast<int>(outcomes_[i].reason)]);
      std::replace(reason.begin(), reason.end(), '_', ' ');  // "high card" in prose
      out << " P" << i << " " << (outcomes_[i].player_wins ? "wins" : "loses") << " (" << reason << ")";
    }
  }
  out << "\nreturns:";
  for (int s = 0; s < seats(); ++s) out << ' ' << net(s);
  return out.str();
}

std::string State::information_state_string(int player) const {
  check_player(player, seats());
  std::ostringstream out;
  out << "P" << player << " " << config_.to_string();
  for (const Step& step : history()) {
    out << " | ";
    if (step.actor == kChancePlayer)
      out << "P" << int(step.target)
          << (step.target == player ? " gets " + format_card(step.action) : std::string(" gets a card"));
    else if (step.actor == player)
      out << "P" << player << " arranges " << int(step.action);
    else
      out << "P" << int(step.actor) << " arranges";
  }
  const std::vector<Round> played = rounds();
  for (int r = 0; r < rounds_completed_; ++r) {
    out << " | shown:";
    for (int s = 0; s < seats(); ++s) out << " " << format_cards(played[static_cast<std::size_t>(r)].hands[s]) << ";";
  }
  return out.str();
}

void State::observation_tensor(int player, float* out) const {
  check_player(player, seats());
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  for (Mask m = hands_[player]; m; m = clear_lowest(m)) out[layout.own_cards + lowest_bit(m)] = 1;
  out[layout.seat + player] = 1;
  out[layout.phase + static_cast<int>(phase_)] = 1;
  if (lows_[player])
    out[layout.arrangement + arrangement_index(hands_[player], lows_[player])] = 1;
  else if (popcount(hands_[player]) == 4 && holding_entry(hands_[player]).natural())
    out[layout.arrangement + kNumArrangements] = 1;
  if (revealed_)
    for (int i = 0; i < config_.player_hands; ++i) out[layout.results + 2 * i + (outcomes_[i].player_wins ? 0 : 1)] = 1;
  std::int64_t total = 0;
  for (int i = 0; i < config_.player_hands; ++i) total += config_.wagers[i];
  for (int s = 0; s < seats(); ++s) out[layout.returns + s] = static_cast<float>(net(s)) / static_cast<float>(total);
}

void State::information_state_tensor(int player, float* out) const { observation_tensor(player, out); }

std::optional<TablePlay> Spec::shortcut(const Config& config, const std::vector<std::string>& policies) {
  const int hands = config.player_hands;
  if (config.banker != Banker::kHouseWay || policies.size() != static_cast<std::size_t>(hands + 1)) return std::nullopt;
  TablePlay play{config};
  for (int i = 0; i < hands; ++i) {
    const std::string& name = policies[static_cast<std::size_t>(i)];
    if (name != "house_way" && name != "optimal") return std::nullopt;
    play.optimal[static_cast<std::size_t>(i)] = name == "optimal";
  }
  return play;
}

void TablePlay::operator()(std::uint64_t seed, std::uint64_t game, double* row,
                           std::array<std::int64_t, 4>& counts) const {
  const int hands = config.player_hands, seats = hands + 1;
  Rng game_rng(seed, game);
  Stock stock(true, game_rng.next());  // a seeded State's
  std::fill(row, row + seats, 0.0);
  for (int round = 0; round < config.hands; ++round) {
    stock.reset(kDeckMask);
    Mask dealt[kMaxSeats] = {};
    for (int card = 0; card < 4 * seats; ++card) dealt[card % seats] |= card_bit(stock.deal());  // the banker last
    std::uint8_t codes[kMaxPlayerHands];
    settle_round(dealt[hands], dealt, optimal.data(), hands, codes, config.rules());
    // The fouls, counts[3], stay 0: every holding has a valid split, and the house way and
    // the optimal arrangement both choose one.
    ++counts[0];
    counts[2] += holding_entry(dealt[hands]).natural();
    for (int i = 0; i < hands; ++i) {
      counts[1] += holding_entry(dealt[i]).natural();
      const std::int64_t wager = config.wagers[i];
      if (codes[i] & 1) {
        row[i] += static_cast<double>(commission_net(wager, config.commission_bp));
        row[hands] -= static_cast<double>(wager);
      } else {
        row[hands] += static_cast<double>(commission_net(wager, config.banker_commission_bp));
        row[i] -= static_cast<double>(wager);
      }
    }
  }
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, seats());
  // Per round: the player's own cards, and every hand once the round is settled.
  const std::vector<Round> played = rounds();
  std::vector<std::size_t> starts;
  for (const Round& round : played) starts.push_back(round.begin);
  std::vector<DeckView> decks = deck_views(starts, history().size());
  for (std::size_t r = 0; r < decks.size(); ++r) {
    decks[r].known |= played[r].hands[player];
    if (r < static_cast<std::size_t>(rounds_completed_))
      for (int s = 0; s < seats(); ++s) decks[r].known |= played[r].hands[s];
  }
  return resample_rounds(std::move(decks), seed, State(config_, false, 0, Prevalidated{}));
}

State State::resample_hand(int player, std::uint64_t seed) const {
  check_player(player, seats());
  Round round{hand_begin()};
  read_round(round);
  std::vector<DeckView> decks{DeckView(round.begin, history().size())};
  decks[0].known |= round.hands[player];
  if (is_terminal())  // the last round, settled
    for (int s = 0; s < seats(); ++s) decks[0].known |= round.hands[s];
  return resample_rounds(std::move(decks), seed, hand_start_state());
}

State State::resample_rounds(std::vector<DeckView> decks, std::uint64_t seed, const State& start) const {
  // Whose turn it is tells which hands are Naturals: the skipped seats before the one to
  // act hold Naturals, kept as they are; the seats that decided hold none, so redraws that
  // give one of them a Natural are drawn again.
  if (phase_ == Phase::kArrange)
    for (int seat = 0; seat < to_act_; ++seat)
      if (natural(hands_[seat]) != Natural::kNone) decks.back().known |= hands_[seat];
  for (std::uint64_t attempt = 0; attempt < 10000; ++attempt) {
    try {
      State other = resample_history(*this, decks, seed + attempt * 0x9E3779B97F4A7C15ull, start);
      bool same_turns = other.current_player() == current_player();
      for (std::size_t i = start.history().size(); same_turns && i < history().size(); ++i)
        same_turns = other.history()[i].actor == history()[i].actor;
      if (same_turns) return other;
    } catch (const std::invalid_argument&) {
      // a redrawn banker that may not make its recorded arrangement: draw again
    }
  }
  throw std::runtime_error("resampling found no deal with the same turns in 10,000 draws");
}

}  // namespace cardcore::baibuu
