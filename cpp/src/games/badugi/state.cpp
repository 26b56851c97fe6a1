#include "cardcore/games/badugi/state.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/draw.hpp"

namespace cardcore::badugi {
namespace {

using betting::Chips;

constexpr const char* kActionNames[betting::kNumActions] = {"fold", "check", "call", "bet", "raise"};
constexpr const char* kStageNames[8] = {"bet 1 (pre-draw)", "draw 1", "bet 2",    "draw 2", "bet 3",
                                        "draw 3",           "bet 4",  "hand over"};

// The cap on actions in one heads-up round: every action but the last is a check, a bet or
// raise (cap of them), a short all-in, or a call that reopens nothing.
int actions_per_round(const Config& c) { return 2 * (c.max_raises + 4); }

}  // namespace

void Config::validate() const {
  check_fields<Config>(Spec::kSpec.name, kConfigFields, *this);
  if (big_blind < small_blind)
    bad_config(Spec::kSpec.name, "big_blind",
               "must be at least small_blind (" + std::to_string(small_blind) + "), got " + std::to_string(big_blind));
}

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config& config, bool named)
    : observation(named), information_state(named), actions_per_round(badugi::actions_per_round(config)) {
  own_cards = observation.add("own_cards", kDeckSize);
  dealer = observation.add("dealer", 2);
  stage = observation.add("stage", 8);
  betting = observation.add("betting", kNumRounds * actions_per_round * betting::kNumActions);
  draws = observation.add("draws", kNumDraws * 2 * 5);
  chips = observation.add("chips", 5);
  progress = observation.add("progress", 1);
  information_state.extend(observation);
  hand_by_stage = information_state.add("hand_by_stage", 4 * kDeckSize);
}

int Spec::max_game_length(const Config& config) {
  // Per hand: 8 cards dealt, 3 burns, up to 24 replacements, 6 draw decisions, and the
  // betting at its longest: before the draw the small blind calls and the raises run to the
  // cap, then a call (max_raises + 2 actions); after each draw a check, a bet, the raises
  // and a call (max_raises + 3). A hand that long exists whenever the stacks cover it.
  const int betting = (config.max_raises + 2) + (kNumRounds - 1) * (config.max_raises + 3);
  return config.hands * (8 + 3 + 24 + 6 + betting);
}

double Spec::max_utility(const Config& config) { return std::max(config.stacks[0], config.stacks[1]); }

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  table_ = betting::Table(kNumPlayers, config_.stacks.data());
  dealer_ = config_.first_dealer;
  start_hand();
  resolve_chance();
}

void State::start_hand() {
  reset_stock(kDeckMask);
  hands_[0] = hands_[1] = burned_ = mucked_ = 0;
  dealt_ = 0;
  round_ = 0;
  hand_start_index_ = history().size();
  hand_starts_.push_back(history().size());
  for (int s = 0; s < kNumPlayers; ++s) hand_start_[s] = table_.stack(s);
  table_.start_hand();
  table_.post(dealer_, config_.small_blind);
  table_.post(big_blind_seat(), config_.big_blind);
  phase_ = Phase::kDeal;
}

int State::current_player() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kBurn:
    case Phase::kReplace:
      return kChancePlayer;
    case Phase::kBet:
    case Phase::kDraw:
      return to_act_;
    case Phase::kOver:
      break;
  }
  return kTerminalPlayer;
}

ActionSet State::legal_player_actions() const {
  ActionSet actions;
  if (phase_ == Phase::kBet) {
    const unsigned legal = table_.legal(to_act_);
    for (int a = 0; a < betting::kNumActions; ++a)
      if (legal >> a & 1) actions.add(a);
  } else if (phase_ == Phase::kDraw) {
    for (int m = 0; m < 16; ++m) actions.add(kDrawBase + m);
  }
  return actions;
}

std::string State::why_illegal(int action) const {
  const bool betting = action >= 0 && action < betting::kNumActions;
  const bool drawing = action >= kDrawBase && action < kNumDistinctActions;
  if (phase_ == Phase::kBet) {
    if (betting) return table_.why_illegal(to_act_, action);
    if (drawing) return "it is a betting round, not the draw";
  } else if (phase_ == Phase::kDraw && betting) {
    return "it is the draw: stand pat or discard cards";
  }
  return "";
}

void State::apply_chance(int card) {
  switch (phase_) {
    case Phase::kDeal: {
      const int seat = chance_target();
      hands_[seat] |= card_bit(card);
      if (++dealt_ == 8) start_round(0);
      break;
    }
    case Phase::kBurn:
      burned_ |= card_bit(card);
      phase_ = Phase::kDraw;
      to_act_ = big_blind_seat();
      break;
    case Phase::kReplace:
      hands_[to_act_] |= card_bit(card);
      if (--to_replace_ == 0) next_drawer();
      break;
    default:
      break;
  }
}

void State::apply_player(int action) {
  if (phase_ == Phase::kBet) {
    table_.apply(to_act_, static_cast<betting::Action>(action));
    after_betting_action();
    return;
  }
  const Mask discards = cards_of_positions(hands_[to_act_], static_cast<unsigned>(action - kDrawBase));
  hands_[to_act_] &= ~discards;
  mucked_ |= discards;
  to_replace_ = popcount(discards);
  if (to_replace_ > 0)
    phase_ = Phase::kReplace;
  else
    next_drawer();
}

void State::start_round(int round) {
  round_ = round;
  phase_ = Phase::kBet;
  const Chips unit = round < 2 ? config_.small_bet : config_.big_bet;
  // Pre-draw the big blind is the opening bet (2.4 #2). A short big blind is all-in, and
  // then nobody bets at all.
  const Chips blind_level = round == 0 ? table_.round_bet(big_blind_seat()) : 0;
  table_.start_round(unit, 1 + config_.max_raises, blind_level);
  to_act_ = table_.next_to_act(round == 0 ? dealer_ : big_blind_seat());
  if (to_act_ < 0) end_round();  // someone is all-in: no betting (2.4 #5)
}

void State::after_betting_action() {
  if (table_.num_active() == 1) {
    table_.end_round();
    end_hand(false);
    return;
  }
  to_act_ = table_.next_to_act((to_act_ + 1) % kNumPlayers);
  if (to_act_ < 0) end_round();
}

void State::end_round() {
  table_.end_round();
  if (round_ == kNumRounds - 1) {
    end_hand(true);
    return;
  }
  phase_ = Phase::kBurn;  // the draw with index round_ follows
}

void State::next_drawer() {
  if (to_act_ == big_blind_seat()) {
    to_act_ = dealer_;
    phase_ = Phase::kDraw;
    return;
  }
  start_round(round_ + 1);
}

void State::end_hand(bool showdown) {
  int strength[kNumPlayers] = {0, 0};
  if (showdown)
    for (int s = 0; s < kNumPlayers; ++s) strength[s] = badugi::strength(hands_[s]);
  const int odd_chip_order[kNumPlayers] = {big_blind_seat(), dealer_};  // odd chip to the BB
  Chips won[kNumPlayers];
  table_.award(strength, odd_chip_order, won);
  showdown_ = showdown;
  if (showdown) showdowns_.push_back({history().size(), {hands_[0], hands_[1]}});
  Chips result[kNumPlayers];
  for (int s = 0; s < kNumPlayers; ++s) result[s] = table_.stack(s) - hand_start_[s];
  complete_hand(result);
  ++hands_completed_;
  if (hands_completed_ == config_.hands || table_.stack(0) == 0 || table_.stack(1) == 0) {
    phase_ = Phase::kOver;
    return;
  }
  dealer_ = 1 - dealer_;
  start_hand();
}

std::string State::player_action_to_string(int action) const {
  if (action >= 0 && action < betting::kNumActions) return kActionNames[action];
  if (action >= kDrawBase && action < kNumDistinctActions)
    return draw_to_string("discard", "stand", phase_ == Phase::kDraw ? hands_[to_act_] : 0,
                          static_cast<unsigned>(action - kDrawBase));
  throw std::invalid_argument("no Badugi action has id " + std::to_string(action));
}

int State::player_string_to_action(std::string_view text) const {
  for (int a = 0; a < betting::kNumActions; ++a)
    if (text == kActionNames[a]) return a;
  if (text == "stand") return kDrawBase;
  if (text.substr(0, 8) == "discard ")
    return parse_draw(text, "discard", phase_ == Phase::kDraw ? hands_[to_act_] : 0, kDrawBase);
  throw unknown_action(Spec::kSpec.display_name, text, "fold, check, call, bet, raise, stand or discard <cards>");
}

int State::stage() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kBet:
      return 2 * round_;
    case Phase::kBurn:
    case Phase::kDraw:
    case Phase::kReplace:
      return 2 * round_ + 1;
    case Phase::kOver:
      break;
  }
  return 7;
}

std::string State::stage_name() const { return kStageNames[stage()]; }

std::string State::describe(const Step& step, int viewer) const {
  if (step.actor == kChancePlayer) {
    if (step.target == Step::kBurn) return "burn";
    if (step.target == viewer || viewer < 0)
      return "P" + std::to_string(step.target) + " gets " + format_card(step.action);
    return "P" + std::to_string(step.target) + " gets a card";
  }
  const std::string who = "P" + std::to_string(step.actor) + " ";
  if (step.action < betting::kNumActions) return who + kActionNames[step.action];
  const int count = popcount(unsigned(step.action - kDrawBase));
  return who + (count == 0 ? std::string("stands") : "discards " + std::to_string(count));
}

std::string State::observation_string(int player) const {
  check_player(player, kNumPlayers);
  std::ostringstream out;
  out << "hand " << hand_number() << " of " << config_.hands << ", dealer P" << dealer_ << ", " << stage_name()
      << "\npot " << pot();
  for (int s = 0; s < kNumPlayers; ++s) out << ", P" << s << " stack " << stack(s) << " bet " << round_bet(s);
  for (int s = 0; s < kNumPlayers; ++s) {
    const bool shown = s == player || (showdown_ && phase_ == Phase::kOver);
    if (shown) out << "\nP" << s << " cards: " << format_cards(hands_[s]);
  }
  out << "\nactions:";
  for (std::size_t i = hand_start_index_; i < history().size(); ++i)
    if (history()[i].actor != kChancePlayer) out << ' ' << describe(history()[i], player);
  return out.str();
}

std::string State::information_state_string(int player) const {
  check_player(player, kNumPlayers);
  std::ostringstream out;
  out << "P" << player << " " << config_.to_string();
  // Replayed, so that each of my discards can be named by its cards.
  State replay(config_, false, 0);
  std::size_t shown = 0;
  for (std::size_t i = 0; i < history().size(); ++i) {
    const Step& step = history()[i];
    out << " | ";
    if (step.actor == player && step.action > kDrawBase) {
      const Mask hand = replay.hands_[player];
      out << "P" << player << " discards " << format_cards(cards_of_positions(hand, unsigned(step.action - kDrawBase)));
    } else {
      out << describe(step, player);
    }
    replay.apply_action(step.action);
    for (; shown < showdowns_.size() && showdowns_[shown].end == i + 1; ++shown)
      out << " | showdown P0 " << format_cards(showdowns_[shown].hands[0]) << " P1 "
          << format_cards(showdowns_[shown].hands[1]);
  }
  return out.str();
}

void State::observation_tensor(int player, float* out) const {
  check_player(player, kNumPlayers);
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  for (Mask m = hands_[player]; m; m = clear_lowest(m)) out[layout.own_cards + lowest_bit(m)] = 1;
  out[layout.dealer + (dealer_ == player ? 0 : 1)] = 1;
  out[layout.stage + stage()] = 1;
  int round = -1, slot = 0, draw = -1;
  for (std::size_t i = hand_start_index_; i < history().size(); ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer) {
      if (step.target == Step::kBurn) ++draw;
      continue;
    }
    if (step.action < betting::kNumActions) {
      const int this_round = draw + 1;
      if (this_round != round) {
        round = this_round;
        slot = 0;
      }
      if (slot < layout.actions_per_round)
        out[layout.betting + (round * layout.actions_per_round + slot) * betting::kNumActions + step.action] = 1;
      ++slot;
    } else {
      const int count = popcount(unsigned(step.action - kDrawBase));
      const int who = step.actor == player ? 0 : 1;
      out[layout.draws + (draw * 2 + who) * 5 + count] = 1;
    }
  }
  const float total = static_cast<float>(config_.stacks[0]) + static_cast<float>(config_.stacks[1]);
  const int opponent = 1 - player;
  out[layout.chips + 0] = static_cast<float>(pot()) / total;
  out[layout.chips + 1] = static_cast<float>(stack(player)) / total;
  out[layout.chips + 2] = static_cast<float>(stack(opponent)) / total;
  out[layout.chips + 3] = static_cast<float>(round_bet(player)) / total;
  out[layout.chips + 4] = static_cast<float>(round_bet(opponent)) / total;
  out[layout.progress] = static_cast<float>(hands_completed_) / static_cast<float>(config_.hands);
}

void State::information_state_tensor(int player, float* out) const {
  const TensorLayout layout(config_);
  observation_tensor(player, out);
  float* stages = out + layout.hand_by_stage;
  std::fill(stages, stages + 4 * 52, 0.0f);
  // My hand after the deal and after each of my draws (its replacements included).
  auto write = [&](int stage, Mask hand) {
    for (; hand; hand = clear_lowest(hand)) stages[stage * 52 + lowest_bit(hand)] = 1;
  };
  Mask hand = 0;
  int stage = 0;
  for (std::size_t i = hand_start_index_; i < history().size(); ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer && step.target == player) {
      hand |= card_bit(step.action);
    } else if (step.actor == player && step.action >= kDrawBase) {
      write(stage++, hand);
      hand &= ~cards_of_positions(hand, unsigned(step.action - kDrawBase));
    }
  }
  write(stage, hand);
}

void State::view_deck(int player, DeckView& deck, std::size_t& shown) const {
  for (std::size_t i = deck.begin; i < deck.end; ++i)
    if (history()[i].actor == kChancePlayer && history()[i].target == player)
      deck.known |= card_bit(history()[i].action);
  for (; shown < showdowns_.size() && showdowns_[shown].end <= deck.end; ++shown)
    if (showdowns_[shown].end > deck.begin) deck.known |= showdowns_[shown].hands[0] | showdowns_[shown].hands[1];
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, kNumPlayers);
  std::vector<DeckView> decks = deck_views(hand_starts_, history().size());
  std::size_t shown = 0;
  for (DeckView& deck : decks) view_deck(player, deck, shown);
  return resample_history(*this, decks, seed, State(config_, false, 0, Prevalidated{}));
}

State State::resample_hand(int player, std::uint64_t seed) const {
  check_player(player, kNumPlayers);
  std::vector<DeckView> decks{DeckView(hand_begin(), history().size())};
  std::size_t shown = showdowns_.size();
  while (shown > 0 && showdowns_[shown - 1].end > decks[0].begin) --shown;
  view_deck(player, decks[0], shown);
  return resample_history(*this, decks, seed, hand_start_state());
}

int State::remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart) {
  return remap_draw(original.hands_[actor], replay.hands_[actor], action, kDrawBase, 16, counterpart);
}

}  // namespace cardcore::badugi
