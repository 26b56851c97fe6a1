#include "cardcore/games/hucklebuck/state.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "cardcore/core/layout.hpp"
#include "cardcore/eval/hucklebuck.hpp"
#include "cardcore/games/draw.hpp"

namespace cardcore::hucklebuck {
namespace {

constexpr const char* kPhaseNames[] = {"deal", "upcard", "in or out", "exchange", "exchange", "play", "over"};

}  // namespace

void Config::validate() const { check_fields<Config>(Spec::kSpec.name, kConfigFields, *this); }

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config& c, bool named) : observation(named), information_state(named), n(c.players) {
  own_cards = observation.add("own_cards", kDeckSize);
  upcard = observation.add("upcard", kDeckSize);
  seat = observation.add("seat", n);
  dealer = observation.add("dealer", n);
  phase = observation.add("phase", 4);
  in_out = observation.add("in_out", 3 * n);
  exchanged = observation.add("exchanged", 6 * n);
  trick = observation.add("trick", kDeckSize * n);
  played = observation.add("played", kDeckSize);
  tricks = observation.add("tricks", n);
  // A score over the target: at most the highest starting score plus 5 a hand.
  const int top = *std::max_element(c.scores.begin(), c.scores.begin() + n);
  const int hands_played = c.hands == 0 ? c.max_hands : c.hands;
  scores = observation.add("scores", n, 0, static_cast<float>(top + 5 * hands_played) / static_cast<float>(c.target));
  information_state.extend(observation);
  hands = information_state.add("hands", 2 * kDeckSize);
  earlier_tricks = information_state.add("earlier_tricks", kHandSize * kDeckSize * n);
}

int Spec::max_game_length(const Config& config) {
  const int n = config.players;
  // Per hand: 5n cards dealt and the upcard, n in/out calls, n exchanges with up to 5n
  // replacements, and 5n plays.
  const int per_hand = 5 * n + 1 + n + n + 5 * n + 5 * n;
  return (config.hands == 0 ? config.max_hands : config.hands) * per_hand;
}

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  std::copy(config_.scores.begin(), config_.scores.begin() + n(), scores_);
  dealer_ = config_.first_dealer;
  start_hand();
  resolve_chance();
}

void State::start_hand() {
  reset_stock(kDeckMask);
  std::fill(hands_, hands_ + kMaxPlayers, Mask{0});
  discards_ = exchanging_ = played_ = 0;
  upcard_ = -1;
  upcard_in_stock_ = false;
  dealt_ = drops_ = 0;
  dropped_ = decided_ = 0;
  std::fill(exchanged_, exchanged_ + kMaxPlayers, 0);
  std::fill(tricks_, tricks_ + kMaxPlayers, 0);
  std::fill(trick_, trick_ + kMaxPlayers, -1);
  tricks_played_ = plays_in_trick_ = 0;
  std::copy(scores_, scores_ + n(), hand_start_scores_);
  for (int i = 0; i < n(); ++i) order_[i] = (dealer_ + 1 + i) % n();
  hand_start_index_ = history().size();
  hand_starts_.push_back(history().size());
  phase_ = Phase::kDeal;
}

int State::current_player() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kUpcard:
    case Phase::kReplace:
      return kChancePlayer;
    case Phase::kInOut:
    case Phase::kExchange:
    case Phase::kPlay:
      return to_act_;
    case Phase::kOver:
      break;
  }
  return kTerminalPlayer;
}

void State::next_announcer() {
  // At most n - 4 drop; once that many have, everyone after them is in.
  const int quota = n() - 4;
  if (quota <= 0 || drops_ == quota || position_ == n()) {
    start_exchange();
    return;
  }
  to_act_ = order_[position_++];
  phase_ = Phase::kInOut;
}

void State::start_exchange() {
  position_ = 0;
  next_exchanger();
}

void State::next_exchanger() {
  exchanging_ = 0;
  while (position_ < n()) {
    const int seat = order_[position_++];
    if (active(seat)) {
      to_act_ = seat;
      phase_ = Phase::kExchange;
      return;
    }
  }
  start_play();
}

void State::start_play() {
  phase_ = Phase::kPlay;
  for (int i = 0; i < n(); ++i)
    if (active(order_[i])) {  // the first active player left of the dealer leads
      leader_ = to_act_ = order_[i];
      break;
    }
}

void State::stock_ran_out() {
  if (upcard_in_stock_) {  // the house rule: the upcard is the stock's last card
    upcard_in_stock_ = false;
    hands_[to_act_] |= card_bit(upcard_);
    if (--to_replace_ == 0) {
      next_exchanger();
      return;
    }
  }
  refill_stock();
}

void State::refill_stock() {
  // the discard pile, less the exchanging player's new discards, is the new stock.
  reset_stock(discards_ & ~exchanging_);
  discards_ &= exchanging_;
}

void State::finish_trick() {
  int plays[kMaxPlayers]{}, seats[kMaxPlayers]{}, count = 0;
  for (int i = 0, seat = leader_; i < n(); ++i, seat = (seat + 1) % n())
    if (active(seat)) {
      seats[count] = seat;
      plays[count++] = trick_[seat];
    }
  const int winner = seats[trick_winner(plays, count, trump())];
  ++tricks_[winner];
  for (int i = 0; i < count; ++i) played_ |= card_bit(plays[i]);
  std::fill(trick_, trick_ + kMaxPlayers, -1);
  plays_in_trick_ = 0;
  leader_ = to_act_ = winner;
  // The house rule first_to_target: the trick that brings a player to the target ends the
  // game.
  const bool reached = config_.hands == 0 && config_.game_end == GameEnd::kFirstToTarget &&
                       scores_[winner] + tricks_[winner] >= config_.target;
  if (++tricks_played_ == kHandSize || reached) end_hand(reached ? winner : -1);
}

void State::end_hand(int reached) {
  for (int s = 0; s < n(); ++s) {
    if (active(s)) {
      // A hand cut short by a player reaching the target: the tricks so far count, and
      // nobody loses three.
      const int change = tricks_[s] > 0 ? tricks_[s] : reached >= 0 ? 0 : -3;
      scores_[s] = std::max(0, scores_[s] + change);
      no_trick_hands_ += tricks_[s] == 0 && reached < 0;
    }
  }
  ++hands_completed_;
  total_drops_ += drops_;
  bool over = config_.hands != 0 && hands_completed_ == config_.hands;
  double result[kMaxPlayers]{};  // a hand's score changes, or the game's result at its end
  if (config_.hands == 0 && reached >= 0) {
    over = true;
    winner_ = reached;
    for (int s = 0; s < n(); ++s) result[s] = s == winner_ ? 1.0 : -1.0 / (n() - 1);
  } else if (config_.hands == 0) {
    const int top = *std::max_element(scores_, scores_ + n());
    const int at_top = static_cast<int>(std::count(scores_, scores_ + n(), top));
    const bool capped = hands_completed_ == config_.max_hands;
    if ((top >= config_.target && at_top == 1) || capped) {
      over = true;
      winner_ = at_top == 1 && (top >= config_.target || capped)
                    ? int(std::max_element(scores_, scores_ + n()) - scores_)
                    : -1;
      // +1 for the winner and -1/(n-1) for each other player; all 0 for a draw.
      for (int s = 0; winner_ >= 0 && s < n(); ++s) result[s] = s == winner_ ? 1.0 : -1.0 / (n() - 1);
    }
  } else {
    for (int s = 0; s < n(); ++s) result[s] = scores_[s] - hand_start_scores_[s];
  }
  complete_hand(result);
  if (over) {
    phase_ = Phase::kOver;
    to_act_ = -1;
    return;
  }
  dealer_ = (dealer_ + 1) % n();
  start_hand();
}

ActionSet State::legal_player_actions() const {
  ActionSet actions;
  switch (phase_) {
    case Phase::kInOut:
      actions.add(kIn);
      actions.add(kOut);
      break;
    case Phase::kExchange:
      for (int m = 0; m < (1 << kHandSize); ++m) actions.add(kExchangeBase + m);
      break;
    case Phase::kPlay: {
      const int led = trick_[leader_] < 0 ? -1 : suit_of(trick_[leader_]);
      for (Mask m = legal_plays(hands_[to_act_], led); m; m = clear_lowest(m)) actions.add(kPlayBase + lowest_bit(m));
      break;
    }
    default:
      break;
  }
  return actions;
}

std::string State::why_illegal(int action) const {
  static constexpr const char* kSuitNames[] = {"clubs", "diamonds", "hearts", "spades"};
  const bool in_out = action == kIn || action == kOut;
  const bool exchanging = action >= kExchangeBase && action < kPlayBase;
  const bool playing = action >= kPlayBase && action < kNumDistinctActions;
  switch (phase_) {
    case Phase::kInOut:
      if (exchanging || playing) return "first say whether you stay in: in or out";
      break;
    case Phase::kExchange:
      if (in_out) return "you are in the hand: it is the exchange (pass, or exchange cards)";
      if (playing) return "it is the exchange (pass, or exchange cards), not the play";
      break;
    case Phase::kPlay: {
      if (in_out || exchanging) return "it is the play: play a card";
      if (!playing) break;
      const int card = action - kPlayBase;
      const Mask hand = hands_[to_act_];
      if (!(hand >> card & 1)) return "you do not hold " + format_card(card) + " (you hold " + format_cards(hand) + ")";
      const int led = trick_[leader_] < 0 ? -1 : suit_of(trick_[leader_]);
      if (led >= 0)
        return std::string("you must follow ") + kSuitNames[led] + " (you hold " +
               format_cards(legal_plays(hand, led)) + ")";
      break;
    }
    default:
      break;
  }
  return "";
}

void State::apply_chance(int card) {
  switch (phase_) {
    case Phase::kDeal:
      hands_[chance_target()] |= card_bit(card);
      if (++dealt_ == kHandSize * n()) phase_ = Phase::kUpcard;
      return;
    case Phase::kUpcard:
      upcard_ = card;  // set aside face up: out of the stock for good
      upcard_in_stock_ = config_.upcard == Upcard::kBottomOfStock;  // or, the house rule, drawn last
      position_ = 0;
      next_announcer();
      return;
    case Phase::kReplace:
      hands_[to_act_] |= card_bit(card);
      if (--to_replace_ == 0)
        next_exchanger();
      else if (stock() == 0)
        stock_ran_out();
      return;
    default:
      return;
  }
}

void State::apply_player(int action) {
  const int seat = to_act_;
  switch (phase_) {
    case Phase::kInOut:
      decided_ |= std::uint8_t(1u << seat);
      if (action == kOut) {
        dropped_ |= std::uint8_t(1u << seat);
        discards_ |= hands_[seat];  // face down onto the discard pile
        hands_[seat] = 0;
        ++drops_;
      }
      next_announcer();
      return;
    case Phase::kExchange: {
      const Mask thrown = cards_of_positions(hands_[seat], static_cast<unsigned>(action - kExchangeBase));
      hands_[seat] &= ~thrown;
      discards_ |= thrown;
      exchanging_ = thrown;
      exchanged_[seat] = popcount(thrown);
      to_replace_ = popcount(thrown);
      if (to_replace_ == 0) {
        next_exchanger();
      } else {
        phase_ = Phase::kReplace;
        if (stock() == 0) stock_ran_out();
      }
      return;
    }
    case Phase::kPlay: {
      const int card = action - kPlayBase;
      hands_[seat] &= ~card_bit(card);
      trick_[seat] = card;
      if (++plays_in_trick_ == num_active()) {
        finish_trick();
        return;
      }
      do to_act_ = (to_act_ + 1) % n();
      while (!active(to_act_));
      return;
    }
    default:
      return;
  }
}

std::string State::player_action_to_string(int action) const {
  if (action == kIn) return "in";
  if (action == kOut) return "out";
  if (action >= kExchangeBase && action < kPlayBase)
    return draw_to_string("exchange", "pass", phase_ == Phase::kExchange ? hands_[to_act_] : 0,
                          static_cast<unsigned>(action - kExchangeBase));
  if (action >= kPlayBase && action < kNumDistinctActions) return "play " + format_card(action - kPlayBase);
  throw std::invalid_argument("no Hucklebuck action has id " + std::to_string(action));
}

int State::player_string_to_action(std::string_view text) const {
  if (text == "in") return kIn;
  if (text == "out") return kOut;
  if (text == "pass") return kExchangeBase;
  if (text.substr(0, 9) == "exchange ")
    return parse_draw(text, "exchange", phase_ == Phase::kExchange ? hands_[to_act_] : 0, kExchangeBase);
  if (text.substr(0, 5) == "play ") return kPlayBase + parse_card(text.substr(5));
  throw unknown_action(Spec::kSpec.display_name, text, "in, out, pass, exchange <cards> or play <card>");
}

std::string State::phase_name() const { return kPhaseNames[static_cast<int>(phase_)]; }

std::string State::observation_string(int player) const {
  check_player(player, n());
  std::ostringstream out;
  out << "hand " << hand_number() << ", dealer P" << dealer_ << ", " << phase_name();
  if (upcard_ >= 0) out << ", upcard " << format_card(upcard_) << " (trump " << kSuitChars[trump()] << ")";
  out << "\nscores:";
  for (int s = 0; s < n(); ++s) out << " P" << s << " " << scores_[s];
  out << "\nP" << player << " cards: " << format_cards(hands_[player]);
  for (int s = 0; s < n(); ++s) {
    out << "\nP" << s << (dropped(s) ? " out" : (decided_ >> s & 1) ? " in" : "");
    if (dropped(s)) continue;
    out << ", exchanged " << exchanged_[s] << ", tricks " << tricks_[s];
  }
  if (phase_ == Phase::kPlay) {
    out << "\ntrick " << tricks_played_ + 1 << " led by P" << leader_ << ":";
    for (int i = 0, seat = leader_; i < n(); ++i, seat = (seat + 1) % n())
      if (trick_[seat] >= 0) out << " " << format_card(trick_[seat]);
  }
  out << "\nplayed: " << format_cards(played_);
  return out.str();
}

std::string State::information_state_string(int player) const {
  check_player(player, n());
  std::ostringstream out;
  out << "P" << player << " " << config_.to_string();
  State replay(config_, false, 0);  // replayed, to name my exchanged cards
  for (const Step& step : history()) {
    out << " | ";
    if (step.actor == kChancePlayer) {
      if (step.target == Step::kBurn)
        out << "upcard " << format_card(step.action);
      else
        out << "P" << int(step.target)
            << (step.target == player ? " gets " + format_card(step.action) : std::string(" gets a card"));
    } else if (step.action >= kPlayBase || step.action <= kOut) {
      out << "P" << int(step.actor) << " " << replay.action_to_string(step.action);
    } else if (step.actor == player) {
      out << "P" << player << " " << replay.action_to_string(step.action);
    } else {
      out << "P" << int(step.actor) << " exchanges " << popcount(unsigned(step.action - kExchangeBase));
    }
    replay.apply_action(step.action);
  }
  return out.str();
}

void State::observation_tensor(int player, float* out) const {
  check_player(player, n());
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  for (Mask m = hands_[player]; m; m = clear_lowest(m)) out[layout.own_cards + lowest_bit(m)] = 1;
  if (upcard_ >= 0) out[layout.upcard + upcard_] = 1;
  out[layout.seat + player] = 1;
  out[layout.dealer + dealer_] = 1;
  const int phase = phase_ == Phase::kInOut ? 0 : phase_ == Phase::kPlay ? 2 : phase_ == Phase::kOver ? 3 : 1;
  out[layout.phase + phase] = 1;
  // In once announced, or once the in-or-out round is over (the rest are in, R-4).
  const bool announced = phase_ != Phase::kDeal && phase_ != Phase::kUpcard && phase_ != Phase::kInOut;
  for (int s = 0; s < n(); ++s)
    out[layout.in_out + 3 * s + (dropped(s) ? 1 : (announced || (decided_ >> s & 1)) ? 0 : 2)] = 1;
  for (int s = 0; s < n(); ++s) out[layout.exchanged + 6 * s + exchanged_[s]] = 1;
  for (int s = 0; s < n(); ++s)
    if (trick_[s] >= 0) out[layout.trick + 52 * s + trick_[s]] = 1;
  for (Mask m = played_; m; m = clear_lowest(m)) out[layout.played + lowest_bit(m)] = 1;
  for (int s = 0; s < n(); ++s) out[layout.tricks + s] = static_cast<float>(tricks_[s]) / kHandSize;
  for (int s = 0; s < n(); ++s)
    out[layout.scores + s] = static_cast<float>(scores_[s]) / static_cast<float>(config_.target);
}

void State::information_state_tensor(int player, float* out) const {
  const TensorLayout layout(config_);
  observation_tensor(player, out);
  float* hands = out + layout.hands;
  float* tricks = out + layout.earlier_tricks;
  std::fill(hands, out + layout.information_state.size(), 0.0f);
  // My five dealt cards (row 0) and my hand after the exchange, played cards included
  // (row 1); each card played, by trick and seat (a play's stage is the number of tricks
  // finished before it).
  Mask after = hands_[player];
  int dealt = 0;
  for (std::size_t i = hand_start_index_; i < history().size(); ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer && step.target == player && dealt++ < kHandSize) hands[step.action] = 1;
    if (step.actor >= 0 && step.action >= kPlayBase) {
      if (step.actor == player) after |= card_bit(step.action - kPlayBase);
      tricks[(step.stage * n() + step.actor) * 52 + step.action - kPlayBase] = 1;
    }
  }
  for (; after; after = clear_lowest(after)) hands[52 + lowest_bit(after)] = 1;
}

void State::view_deck(int player, DeckView& deck, State& replay) const {
  // My cards, the upcard and every card played are known; a player who did not follow the
  // led suit has none of it among the cards he still held.
  for (std::size_t i = deck.begin; i < deck.end; ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer && (step.target == player || step.target == Step::kBurn))
      deck.known |= card_bit(step.action);
    if (step.actor >= 0 && step.action >= kPlayBase) {
      const int card = step.action - kPlayBase;
      deck.known |= card_bit(card);
      const int lead = replay.trick_[replay.leader_];
      if (lead >= 0 && suit_of(card) != suit_of(lead) && step.actor != player)
        for (Mask m = replay.hands_[step.actor] & ~card_bit(card); m; m = clear_lowest(m))
          deck.allowed[lowest_bit(m)] &= ~suit_mask(suit_of(lead));
    }
    replay.apply_action(step.action);
  }
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, n());
  std::vector<DeckView> decks = deck_views(hand_starts_, history().size());
  const State start(config_, false, 0, Prevalidated{});
  State replay = start;
  for (DeckView& deck : decks) view_deck(player, deck, replay);
  return resample_history(*this, decks, seed, start);
}

State State::resample_hand(int player, std::uint64_t seed) const {
  check_player(player, n());
  std::vector<DeckView> decks{DeckView(hand_begin(), history().size())};
  const State start = hand_start_state();
  State replay = start;
  view_deck(player, decks[0], replay);
  return resample_history(*this, decks, seed, start);
}

int State::remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart) {
  return remap_draw(original.hands_[actor], replay.hands_[actor], action, kExchangeBase, 32, counterpart);
}

}  // namespace cardcore::hucklebuck
