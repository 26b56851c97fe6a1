#include "cardcore/games/badugi/blueprint.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "cardcore/core/bits.hpp"
#include "cardcore/core/text.hpp"
#include "cardcore/eval/badugi.hpp"
#include "cardcore/games/badugi/policy.hpp"
#include "cardcore/solve/blueprint.hpp"

namespace cardcore::badugi {
namespace {

// A class of a rank: the first upper bound it does not pass, and the classes' names.
struct Classes {
  int bounds[10];
  const char* names[10];
  int count;
  int of(int rank) const {
    int c = 0;
    while (c < count - 1 && rank > bounds[c]) ++c;
    return c;
  }
};

// The highest rank by the subset's size (index size - 1): exact for a badugi, where it
// decides most showdowns; coarser the fewer cards play.
constexpr Classes kHigh[4] = {
    {{13}, {"any"}, 1},
    {{4, 7, 13}, {"2-4", "5-7", "8-K"}, 3},
    {{3, 4, 5, 6, 7, 8, 10, 13}, {"3", "4", "5", "6", "7", "8", "9-T", "J-K"}, 8},
    {{4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, {"4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"}, 10},
};
// A badugi's second rank.
constexpr Classes kSecond = {{3, 5, 7, 13}, {"3", "4-5", "6-7", "8+"}, 4};
// The pot at a round's start in small bets (2 is the blinds called).
constexpr Classes kPot = {{2, 4, 8, 16, 1'000'000'000}, {"2", "3-4", "5-8", "9-16", "17+"}, 5};
constexpr char kLetters[] = "fxcbr";
constexpr const char* kAggressor[] = {"none", "me", "opp"};

}  // namespace

Features features(const State& state, int player) {
  Features f;
  f.round = state.round();
  f.draw = state.phase() == Phase::kDraw;
  f.dealer = player == state.dealer();
  const Analysis best = analyze(state.hand(player));
  f.size = best.size;
  f.high = kHigh[best.size - 1].of(best.ranks[0]);
  f.second = best.size == 4 ? kSecond.of(best.ranks[1]) : 0;
  if (f.round > 0) {
    const betting::Chips start = state.pot() - state.round_bet(0) - state.round_bet(1);
    f.pot = kPot.of(start / state.config().small_bet);
  }
  // The hand's player actions: a draw ends a round's betting, whose last bet or raise
  // becomes the round before's aggressor.
  const History& history = state.history();
  int aggressor = -1, previous = -1;
  bool drawing = false;
  for (std::size_t i = state.hand_begin(); i < history.size(); ++i) {
    const Step& step = history[i];
    if (step.actor < 0) continue;
    if (step.action >= kDrawBase) {
      if (!drawing) previous = aggressor, aggressor = -1, f.sequence.clear();
      drawing = true;
      if (step.actor != player) f.opponent_drew = popcount(step.action - kDrawBase);
      continue;
    }
    drawing = false;
    f.sequence += kLetters[step.action];
    if (step.action == betting::kBet || step.action == betting::kRaise) aggressor = step.actor;
  }
  f.aggressor = previous < 0 ? 0 : previous == player ? 1 : 2;
  // A draw is fixed (fixed_action): its bucket is the round, the seat and the hand alone.
  if (f.draw) {
    f.pot = f.aggressor = 0;
    f.opponent_drew = -1;
    f.sequence.clear();
    return f;
  }
  const ActionSet legal = state.legal_player_actions();
  for (int a = 0; a < betting::kNumActions; ++a)
    if (legal.contains(a)) f.legal |= 1u << a;
  return f;
}

std::uint64_t BlueprintAbstraction::bucket(const State& state, int player) const {
  const Features f = features(state, player);
  std::string bytes{static_cast<char>(f.round), static_cast<char>(f.draw),      static_cast<char>(f.dealer),
                    static_cast<char>(f.size),  static_cast<char>(f.high),      static_cast<char>(f.second),
                    static_cast<char>(f.pot),   static_cast<char>(f.aggressor), static_cast<char>(f.opponent_drew),
                    static_cast<char>(f.legal)};
  return solve::hash_bytes(bytes + f.sequence);
}

std::string BlueprintAbstraction::key(const State& state, int player, std::uint64_t) const {
  const Features f = features(state, player);
  std::string text = "r" + std::to_string(f.round) + (f.draw ? " draw " : " ") + (f.dealer ? "dealer " : "bb ") +
                     std::to_string(f.size) + "-card " + kHigh[f.size - 1].names[f.high];
  if (f.size == 4) text += std::string("/") + kSecond.names[f.second];
  if (f.draw) return text;
  if (f.round > 0)
    text += std::string(" pot ") + kPot.names[f.pot] + " aggr " + kAggressor[f.aggressor] + " drew " +
            std::to_string(f.opponent_drew);
  text += " seq " + (f.sequence.empty() ? std::string("-") : f.sequence) + " legal ";
  for (int a = 0; a < betting::kNumActions; ++a)
    if (f.legal >> a & 1) text += kLetters[a];
  return text;
}

int BlueprintAbstraction::fixed_action(const State& state, int) const {
  return state.phase() == Phase::kDraw ? rule_based_draw(state) : -1;
}

namespace {

// The blueprint's file and the table read from it. A decision reads `current` alone (no
// lock: two threads playing would otherwise queue at every decision); the lock guards the
// reading of the file and a change of path. A table once read stays alive to the end of
// the process, so a thread still playing it when the path changes plays on safely.
struct Loaded {
  std::mutex mutex;
  std::string path;
  std::vector<std::unique_ptr<const solve::Blueprint>> read;
  std::atomic<const solve::Blueprint*> current{nullptr};
};

Loaded& loaded() {
  static Loaded instance;
  return instance;
}

const BlueprintAbstraction& abstraction() {
  static const BlueprintAbstraction instance;
  return instance;
}

// The blueprint, read from its file at the first call.
const solve::Blueprint& blueprint() {
  Loaded& l = loaded();
  if (const solve::Blueprint* current = l.current.load(std::memory_order_acquire)) return *current;
  const std::lock_guard lock(l.mutex);
  if (const solve::Blueprint* current = l.current.load(std::memory_order_relaxed)) return *current;
  if (l.path.empty())
    throw std::invalid_argument("the Badugi blueprint's file is not set (the cardcore package sets it at import)");
  auto read = std::make_unique<const solve::Blueprint>(
      solve::Blueprint::from_bytes(read_user_file(l.path, "the Badugi blueprint's file")));
  if (read->abstraction() != abstraction().name())
    throw std::invalid_argument("the Badugi blueprint " + quote_input(l.path) + " is of the abstraction " +
                                quote_input(read->abstraction()) + ", not " + abstraction().name());
  l.read.push_back(std::move(read));
  l.current.store(l.read.back().get(), std::memory_order_release);
  return *l.read.back();
}

}  // namespace

void set_blueprint_path(const std::string& path) {
  Loaded& l = loaded();
  const std::lock_guard lock(l.mutex);
  l.path = path;
  l.current.store(nullptr, std::memory_order_release);
}

int blueprint_action(const State& state, Rng& rng) { return blueprint().choose(abstraction(), state, rng); }

std::vector<std::pair<int, double>> blueprint_probabilities(const State& state) {
  if (state.is_terminal() || state.is_chance_node())
    throw std::invalid_argument("the blueprint's probabilities are asked of a decision, not " +
                                std::string(state.is_terminal() ? "a terminal state" : "a chance node"));
  return blueprint().probabilities(abstraction(), state);
}

}  // namespace cardcore::badugi
