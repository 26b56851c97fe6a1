#include "cardcore/games/buh/state.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "cardcore/eval/buh.hpp"
#include "cardcore/games/draw.hpp"

namespace cardcore::buh {
namespace {

using betting::Chips;

constexpr const char* kBettingNames[betting::kNumActions] = {"fold", "check", "call", "bet", "raise"};
constexpr const char* kStageNames[10] = {"window 1", "bet 1", "window 2", "bet 2", "window 3",
                                         "bet 3",    "draw",  "window 4", "bet 4", "hand over"};
constexpr Chips kAllChips = std::numeric_limits<Chips>::max();

int actions_per_round(const Config& c) { return c.players * (c.max_raises + 3); }

}  // namespace

bool is_legal_draw(Mask hand, unsigned positions) {
  const int count = popcount(positions);
  if (count <= 2) return true;
  if (count != 3) return false;
  const Mask kept = hand & ~cards_of_positions(hand, positions);
  return rank_of(lowest_bit(kept)) == kAce;  // a granny keeps an ace
}

void Config::validate() const { check_fields<Config>(Spec::kSpec.name, kConfigFields, *this); }

std::string Config::to_string() const { return fields_to_string<Config>(kConfigFields, *this); }

TensorLayout::TensorLayout(const Config& c, bool named)
    : observation(named),
      information_state(named),
      n(c.players),
      actions_per_round(buh::actions_per_round(c)),
      slot_size(c.players + betting::kNumActions) {
  own_cards = observation.add("own_cards", kDeckSize);
  seat = observation.add("seat", n);
  dealer = observation.add("dealer", n);
  stage = observation.add("stage", 10);
  seats = observation.add("seats", 4 * n);
  draws = observation.add("draws", 4 * n);
  chips = observation.add("chips", 1 + 2 * n);
  betting = observation.add("betting", actions_per_round * slot_size);
  information_state.extend(observation);
  hand_by_stage = information_state.add("hand_by_stage", 4 * kDeckSize);
  earlier_betting = information_state.add("earlier_betting", 3 * actions_per_round * slot_size);
}

int Spec::max_game_length(const Config& config) {
  const int n = config.players;
  // Per hand: 4n cards dealt, 4n window decisions, n draws with up to 3n replacements,
  // and four betting rounds.
  return config.hands * (12 * n + kNumRounds * actions_per_round(config));
}

double Spec::max_utility(const Config& config) {
  Chips total = 0, smallest = config.stacks[0];
  for (int s = 0; s < config.players; ++s) {
    total += config.stacks[s];
    smallest = std::min(smallest, config.stacks[s]);
  }
  return total - smallest;  // everyone else's chips
}

double Spec::min_utility(const Config& config) {
  return -*std::max_element(config.stacks.begin(), config.stacks.begin() + config.players);
}

State::State(const Config& config, bool seeded, std::uint64_t seed)
    : State(validated(config), seeded, seed, Prevalidated{}) {}

State::State(const Config& config, bool seeded, std::uint64_t seed, Prevalidated)
    : EngineState(config, seeded, seed), config_(config) {
  table_ = betting::Table(n(), config_.stacks.data());
  dealer_ = config_.first_dealer;
  start_hand();
  resolve_chance();
}

void State::start_hand() {
  reset_stock(kDeckMask);
  std::fill(hands_, hands_ + kMaxPlayers, Mask{0});
  dead_ = 0;
  declared_ = seated_ = 0;
  hand_start_index_ = history().size();
  hand_starts_.push_back(history().size());
  table_.start_hand();
  num_dealt_in_ = 0;
  for (int i = 1; i <= n(); ++i) {  // deal order: the dealer's left first, the dealer last
    const int seat = (dealer_ + i) % n();
    hand_start_[seat] = table_.stack(seat);
    if (table_.stack(seat) == 0) {
      table_.leave(seat);  // busted: sits out
      continue;
    }
    seated_ |= std::uint8_t(1u << seat);
    order_[num_dealt_in_++] = seat;
  }
  for (int i = 0; i < num_dealt_in_; ++i) table_.post(order_[i], config_.ante);
  start_deal(0);
}

int State::next_in_order(int& position) const {
  while (position < num_dealt_in_) {
    const int seat = order_[position++];
    if (table_.active(seat)) return seat;
  }
  return -1;
}

void State::start_deal(int deal) {
  deal_ = deal;
  phase_ = Phase::kDeal;
  dealt_ = deal_size_ = 0;
  for (int pass = 0; pass < (deal == 0 ? 2 : 1); ++pass)  // deal 1 is two cards, one at a time
    for (int i = 0; i < num_dealt_in_; ++i)
      if (table_.active(order_[i])) deal_targets_[deal_size_++] = order_[i];
}

void State::start_window() {
  phase_ = Phase::kWindow;
  position_ = 0;
  next_in_window();
}

void State::next_in_window() {
  to_act_ = next_in_order(position_);
  if (to_act_ < 0) start_round();
}

void State::start_round() {
  phase_ = Phase::kBet;
  table_.start_round(deal_ < 2 ? config_.small_bet : config_.big_bet, 1 + config_.max_raises);
  to_act_ = table_.next_to_act(order_[0]);
  if (to_act_ < 0) end_round();  // fewer than two can bet: the round is skipped
}

void State::end_round() {
  table_.end_round();
  if (deal_ < 2)
    start_deal(deal_ + 1);
  else if (deal_ == 2)
    start_draw();
  else
    showdown();
}

void State::after_betting_action() {
  if (hand_decided()) {
    table_.end_round();
    showdown();  // one player left: he takes the pot without showing
    return;
  }
  to_act_ = table_.next_to_act((to_act_ + 1) % n());
  if (to_act_ < 0) end_round();
}

void State::start_draw() {
  deal_ = 3;
  position_ = 0;
  next_drawer();
}

void State::next_drawer() {
  to_act_ = next_in_order(position_);
  if (to_act_ < 0) {
    if (config_.declare_after_draw)
      start_window();  // window 4, after the draw
    else
      start_round();  // the house rule: a buh is declared only after the three deals
    return;
  }
  phase_ = Phase::kDraw;
}

void State::declare(int seat) {
  reveals_.push_back({history().size(), seat, hands_[seat]});
  declared_ |= std::uint8_t(1u << seat);
  ++declarations_;
  const Chips mine = table_.committed(seat);
  bool eligible_for_all = true;
  for (int s = 0; s < n(); ++s)
    if (s != seat && table_.active(s) && table_.committed(s) > mine) eligible_for_all = false;
  if (eligible_for_all) {  // the whole pot, and the hand ends (1.6 #5)
    table_.take_layers(seat, kAllChips);
    end_hand();
    return;
  }
  // Side pots remain: he takes those he can win and leaves, with the players who
  // can win none of the rest; a pot one player alone can win is his at once.
  table_.take_layers(seat, mine);
  table_.leave(seat);
  dead_ |= hands_[seat];
  hands_[seat] = 0;
  for (int s = 0; s < n(); ++s)
    if (table_.active(s) && table_.committed(s) == 0) {
      table_.leave(s);
      dead_ |= hands_[s];
      hands_[s] = 0;
    }
  table_.award_uncontested();
  if (hand_decided()) {
    showdown();
    return;
  }
  next_in_window();
}

void State::showdown() {
  int strength[kMaxPlayers] = {};
  const bool shown = table_.num_active() > 1;
  showdowns_ += shown;
  for (int s = 0; s < n(); ++s) {
    if (!table_.active(s) || !shown) continue;
    strength[s] = buh::strength(hands_[s], config_.rules());
    reveals_.push_back({history().size(), s, hands_[s]});
  }
  int odd_chip_order[kMaxPlayers];
  for (int i = 0; i < n(); ++i) odd_chip_order[i] = (dealer_ + 1 + i) % n();  // deal order
  Chips won[kMaxPlayers];
  table_.award(strength, odd_chip_order, won);
  end_hand();
}

void State::end_hand() {
  Chips result[kMaxPlayers];
  for (int s = 0; s < n(); ++s) result[s] = table_.stack(s) - hand_start_[s];
  complete_hand(result);
  ++hands_completed_;
  int with_chips = 0;
  for (int s = 0; s < n(); ++s) with_chips += table_.stack(s) > 0;
  if (hands_completed_ == config_.hands || with_chips <= 1) {
    phase_ = Phase::kOver;
    to_act_ = -1;
    return;
  }
  do dealer_ = (dealer_ + 1) % n();  // the deal passes left, skipping busted players
  while (table_.stack(dealer_) == 0);
  start_hand();
}

int State::current_player() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kReplace:
      return kChancePlayer;
    case Phase::kWindow:
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
  switch (phase_) {
    case Phase::kWindow:
      if (buh::analyze(hands_[to_act_]).is_buh) actions.add(kDeclare);
      actions.add(kPass);
      break;
    case Phase::kBet: {
      const unsigned legal = table_.legal(to_act_);
      for (int a = 0; a < betting::kNumActions; ++a)
        if (legal >> a & 1) actions.add(a);
      break;
    }
    case Phase::kDraw:
      for (unsigned m = 0; m < 16; ++m)
        if (is_legal_draw(hands_[to_act_], m)) actions.add(kDrawBase + static_cast<int>(m));
      break;
    default:
      break;
  }
  return actions;
}

std::string State::why_illegal(int action) const {
  const bool betting = action >= 0 && action < betting::kNumActions;
  const bool drawing = action >= kDrawBase && action < kDrawBase + 16;
  const bool declaring = action == kDeclare || action == kPass;
  switch (phase_) {
    case Phase::kWindow:
      if (action == kDeclare) return "you have no buh to declare (" + format_cards(hands_[to_act_]) + ")";
      if (betting || drawing) return "it is the declaration window: declare a buh or pass";
      break;
    case Phase::kBet:
      if (betting) return table_.why_illegal(to_act_, action);
      if (drawing) return "it is a betting round, not the draw";
      if (declaring) return "a buh is declared in the declaration window, not in a betting round";
      break;
    case Phase::kDraw:
      if (drawing) {
        const auto positions = static_cast<unsigned>(action - kDrawBase);
        if (popcount(positions) > 3) return "you may throw at most three cards (three only keeping an ace)";
        return "you may throw three cards only keeping an ace, and you would keep " +
               format_cards(hands_[to_act_] & ~cards_of_positions(hands_[to_act_], positions));
      }
      if (betting) return "it is the draw: stand pat or discard cards";
      if (declaring) return "a buh is declared in the declaration window, not in the draw";
      break;
    default:
      break;
  }
  return "";
}

void State::apply_chance(int card) {
  hands_[chance_target()] |= card_bit(card);  // a card of the deal, or a replacement in the draw
  if (phase_ == Phase::kDeal) {
    if (++dealt_ == deal_size_) start_window();
    return;
  }
  if (--to_replace_ == 0) {
    next_drawer();
  }
}

void State::apply_player(int action) {
  const int seat = to_act_;
  switch (phase_) {
    case Phase::kWindow:
      if (action == kDeclare)
        declare(seat);
      else
        next_in_window();
      return;
    case Phase::kBet:
      table_.apply(seat, static_cast<betting::Action>(action));
      if (action == betting::kFold) {
        dead_ |= hands_[seat];
        hands_[seat] = 0;
      }
      after_betting_action();
      return;
    case Phase::kDraw: {
      const Mask discards = cards_of_positions(hands_[seat], static_cast<unsigned>(action - kDrawBase));
      hands_[seat] &= ~discards;
      dead_ |= discards;
      to_replace_ = popcount(discards);
      // The stock never runs short, so R-3's reshuffle is never needed: only a player who
      // keeps an ace may draw 3, so at most 4 do, and 8 players draw at most 8 x 2 + 4 = 20
      // cards, exactly the stock left after dealing 32 (fewer players leave more).
      if (to_replace_ == 0) {
        next_drawer();
      } else {
        phase_ = Phase::kReplace;
      }
      return;
    }
    default:
      return;
  }
}

std::string State::player_action_to_string(int action) const {
  if (action >= 0 && action < betting::kNumActions) return kBettingNames[action];
  if (action == kDeclare) return "declare";
  if (action == kPass) return "pass";
  if (action >= kDrawBase && action < kDeclare)
    return draw_to_string("discard", "stand", phase_ == Phase::kDraw ? hands_[to_act_] : 0,
                          static_cast<unsigned>(action - kDrawBase));
  throw std::invalid_argument("no Buh action has id " + std::to_string(action));
}

int State::player_string_to_action(std::string_view text) const {
  for (int a = 0; a < betting::kNumActions; ++a)
    if (text == kBettingNames[a]) return a;
  if (text == "declare") return kDeclare;
  if (text == "pass") return kPass;
  if (text == "stand") return kDrawBase;
  if (text.substr(0, 8) == "discard ")
    return parse_draw(text, "discard", phase_ == Phase::kDraw ? hands_[to_act_] : 0, kDrawBase);
  throw unknown_action(Spec::kSpec.display_name, text,
                       "declare, pass, fold, check, call, bet, raise, stand or discard <cards>");
}

std::string State::stage_name() const { return kStageNames[stage()]; }

std::string State::describe(const Step& step, int viewer) const {
  const std::string who = "P" + std::to_string(step.target);
  if (step.actor == kChancePlayer)
    return who +
           (step.target == viewer || viewer < 0 ? " gets " + format_card(step.action) : std::string(" gets a card"));
  const std::string actor = "P" + std::to_string(step.actor) + " ";
  if (step.action < betting::kNumActions) return actor + kBettingNames[step.action];
  if (step.action == kDeclare) return actor + "declares";
  if (step.action == kPass) return actor + "passes";
  const int count = popcount(unsigned(step.action - kDrawBase));
  return actor + (count == 0 ? std::string("stands") : "discards " + std::to_string(count));
}

std::string State::observation_string(int player) const {
  check_player(player, n());
  std::ostringstream out;
  out << "hand " << hand_number() << " of " << config_.hands << ", dealer P" << dealer_ << ", " << stage_name()
      << "\npot " << pot();
  for (int s = 0; s < n(); ++s) {
    out << ", P" << s << " stack " << stack(s) << " bet " << round_bet(s);
    if (!(seated_ >> s & 1))
      out << " (out)";
    else if (declared(s))
      out << " (declared)";
    else if (!in_hand(s))
      out << " (folded)";
  }
  out << "\nP" << player << " cards: " << format_cards(hands_[player]);
  for (const Reveal& r : reveals_)
    if (r.end > hand_start_index_ && r.seat != player) out << "\nP" << r.seat << " showed " << format_cards(r.cards);
  out << "\nactions:";
  for (std::size_t i = hand_start_index_; i < history().size(); ++i)
    if (history()[i].actor != kChancePlayer) out << ' ' << describe(history()[i], player);
  return out.str();
}

std::string State::information_state_string(int player) const {
  check_player(player, n());
  std::ostringstream out;
  out << "P" << player << " " << config_.to_string();
  State replay(config_, false, 0);  // replayed, to name my discards by their cards
  std::size_t shown = 0;
  for (std::size_t i = 0; i <= history().size(); ++i) {
    for (; shown < reveals_.size() && reveals_[shown].end == i; ++shown)
      out << " | P" << reveals_[shown].seat << " shows " << format_cards(reveals_[shown].cards);
    if (i == history().size()) break;
    const Step& step = history()[i];
    out << " | ";
    if (step.actor == player && step.action > kDrawBase && step.action < kDeclare)
      out << "P" << player << " discards "
          << format_cards(cards_of_positions(replay.hands_[player], unsigned(step.action - kDrawBase)));
    else
      out << describe(step, player);
    replay.apply_action(step.action);
  }
  return out.str();
}

void State::observation_tensor(int player, float* out) const {
  check_player(player, n());
  const TensorLayout layout(config_);
  std::fill(out, out + layout.observation.size(), 0.0f);
  for (Mask m = hands_[player]; m; m = clear_lowest(m)) out[layout.own_cards + lowest_bit(m)] = 1;
  out[layout.seat + player] = 1;
  out[layout.dealer + dealer_] = 1;
  out[layout.stage + stage()] = 1;
  for (int s = 0; s < n(); ++s) {
    float* seat = out + layout.seats + 4 * s;
    seat[0] = in_hand(s);
    seat[1] = (seated_ >> s & 1) && !in_hand(s) && !declared(s);
    seat[2] = declared(s);
    seat[3] = in_hand(s) && stack(s) == 0;
  }
  Chips total = 0;
  for (int s = 0; s < n(); ++s) total += config_.stacks[s];
  out[layout.chips] = static_cast<float>(pot()) / static_cast<float>(total);
  for (int s = 0; s < n(); ++s) {
    out[layout.chips + 1 + 2 * s] = static_cast<float>(stack(s)) / static_cast<float>(total);
    out[layout.chips + 2 + 2 * s] = static_cast<float>(round_bet(s)) / static_cast<float>(total);
  }
  // Draw counts, and the betting of the round in play, in order.
  int slot = 0;
  for (std::size_t i = hand_start_index_; i < history().size(); ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer) continue;
    if (step.action >= kDrawBase && step.action < kDeclare) {
      out[layout.draws + 4 * step.actor + popcount(unsigned(step.action - kDrawBase))] = 1;
    } else if (step.action < kDrawBase && step.stage == stage() && slot < layout.actions_per_round) {
      float* cell = out + layout.betting + slot++ * layout.slot_size;
      cell[step.actor] = 1;
      cell[n() + step.action] = 1;
    }
  }
}

namespace {
// The betting round (0-3) of a stage, or -1 for a stage without betting.
int betting_round(int stage) { return stage == 8 ? 3 : stage % 2 == 1 && stage < 6 ? stage / 2 : -1; }
// The deal (0-2, 3 for the draw) a stage follows.
int deal_of(int stage) { return stage >= 6 ? 3 : stage / 2; }
}  // namespace

void State::information_state_tensor(int player, float* out) const {
  const TensorLayout layout(config_);
  observation_tensor(player, out);
  float* hands = out + layout.hand_by_stage;
  float* rounds = out + layout.earlier_betting;
  std::fill(hands, out + layout.information_state.size(), 0.0f);
  // My cards after each deal and after the draw, and the betting of rounds 1-3 in order.
  Mask hand = 0;
  int slots[3] = {0, 0, 0};
  for (std::size_t i = hand_start_index_; i < history().size(); ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer && step.target == player) hand |= card_bit(step.action);
    if (step.actor == player && step.action > kDrawBase && step.action < kDeclare)
      hand &= ~cards_of_positions(hand, unsigned(step.action - kDrawBase));
    const int deal = deal_of(step.stage);
    std::fill(hands + deal * 52, hands + deal * 52 + 52, 0.0f);
    for (Mask m = hand; m; m = clear_lowest(m)) hands[deal * 52 + lowest_bit(m)] = 1;
    const int round = betting_round(step.stage);
    if (step.actor >= 0 && step.action < kDrawBase && round >= 0 && round < 3 &&
        slots[round] < layout.actions_per_round) {
      float* cell = rounds + (round * layout.actions_per_round + slots[round]++) * layout.slot_size;
      cell[step.actor] = 1;
      cell[n() + step.action] = 1;
    }
  }
}

void State::view_deck(int player, DeckView& deck, State& replay, std::size_t& shown) const {
  // The player's own cards and the hands shown are known; a granny shows that the card its
  // player kept is an ace, so that card is redrawn among the aces.
  constexpr Mask kAces = Mask{0xF} << (4 * kAce);
  for (std::size_t i = deck.begin; i < deck.end; ++i) {
    const Step& step = history()[i];
    if (step.actor == kChancePlayer && step.target == player) deck.known |= card_bit(step.action);
    if (step.actor >= 0 && step.actor != player && step.action > kDrawBase && step.action < kDeclare &&
        popcount(unsigned(step.action - kDrawBase)) == 3) {
      const Mask hand = replay.hands_[step.actor];
      const Mask kept = hand & ~cards_of_positions(hand, unsigned(step.action - kDrawBase));
      deck.allowed[lowest_bit(kept)] = kAces;
    }
    replay.apply_action(step.action);
  }
  // Shown after a step of the hand, by its last at the latest.
  for (; shown < reveals_.size() && reveals_[shown].end <= deck.end; ++shown)
    if (reveals_[shown].end > deck.begin) deck.known |= reveals_[shown].cards;
}

State State::resample_from_infostate(int player, std::uint64_t seed) const {
  check_player(player, n());
  std::vector<DeckView> decks = deck_views(hand_starts_, history().size());
  const State start(config_, false, 0, Prevalidated{});
  State replay = start;
  std::size_t shown = 0;
  for (DeckView& deck : decks) view_deck(player, deck, replay, shown);
  return resample_history(*this, decks, seed, start);
}

State State::resample_hand(int player, std::uint64_t seed) const {
  check_player(player, n());
  std::vector<DeckView> decks{DeckView(hand_begin(), history().size())};
  const State start = hand_start_state();
  State replay = start;
  std::size_t shown = reveals_.size();
  while (shown > 0 && reveals_[shown - 1].end > decks[0].begin) --shown;
  view_deck(player, decks[0], replay, shown);
  return resample_history(*this, decks, seed, start);
}

int State::remap_action(const State& original, const State& replay, int actor, int action, const int* counterpart) {
  return remap_draw(original.hands_[actor], replay.hands_[actor], action, kDrawBase, 16, counterpart);
}

}  // namespace cardcore::buh
