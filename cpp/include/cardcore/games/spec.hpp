// A game's spec: every fact about a game stated once, in the game's own spec.hpp
// (docs/design.md, "Game specs"). Everything else derives from it: configuration checks
// with errors naming the field, the configuration's serialized text, the Python keywords,
// defaults, dicts and pickling (cpp/bindings/config.hpp), the registry's lists, and the
// adapters' game types and spaces.
//
// A spec names its game, its seat range, its configuration fields, its built-in policies
// and count names, its utility type, its action-id blocks, and (through a game's Spec
// traits) the configuration-dependent facts: seats, maximum game length, utility bounds
// and tensor layouts.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cardcore/core/rng.hpp"
#include "cardcore/core/text.hpp"

namespace cardcore {

// What a configuration field holds.
enum class FieldKind : std::uint8_t {
  kInt,      // one integer
  kPerSeat,  // one integer per seat (per player hand); None gives every seat the default
  kChoice,   // one of a few names, stored as its index
  kBool,     // True or False, stored as 1 or 0
};

// What None means for an integer field.
enum class NoneMeans : std::uint8_t {
  kRejected,  // None is not a value of the field
  kWord,      // a value of its own, stored as `none_value` and printed as `none_word`
  kDerived,   // the default: the field is derived from others (`derive`)
};

// One configuration field. Integers are read and written as int64 through `get` and `set`,
// which ignore the seat unless the field is per seat.
template <class Config>
struct ConfigField {
  std::string_view name;
  FieldKind kind;
  std::string_view doc;           // one line
  std::int64_t default_value;     // per seat: every seat's; a choice: its index
  std::int64_t min = 0, max = 0;  // each integer's valid range (a choice: its indices)
  std::int64_t (*get)(const Config&, int seat) = nullptr;
  void (*set)(Config&, int seat, std::int64_t value) = nullptr;
  std::array<std::string_view, 4> choices{};  // a choice's names, by index
  // The upper bound when it depends on other fields (a seat below the number of players).
  std::int64_t (*max_of)(const Config&) = nullptr;
  // Per seat: how many entries the configuration has, and what one entry is for.
  int (*count)(const Config&) = nullptr;
  std::string_view entry = "player";
  // What None does to an integer field (the flag is data, not `derive != nullptr`: under
  // UBSan, GCC cannot compare a function's address with null in a constant expression).
  NoneMeans none = NoneMeans::kRejected;
  void (*derive)(Config&) = nullptr;  // kDerived: sets the field from the fields before it
  std::string_view none_word = {};    // kWord: None is stored as none_value, printed as this
  std::int64_t none_value = 0;
  // A house rule: a point the sources leave open (docs/rulebook), whose default is the
  // engine's resolution. The configuration's text names it only when it differs from the
  // default, so the standard game's serialized states do not depend on the house rules.
  bool house_rule = false;

  constexpr bool nullable() const { return kind == FieldKind::kPerSeat || none != NoneMeans::kRejected; }
  // Whether the default is None: every seat's default, or a value derived from other fields.
  constexpr bool default_is_none() const { return kind == FieldKind::kPerSeat || none == NoneMeans::kDerived; }
  constexpr std::int64_t upper(const Config& c) const { return max_of ? max_of(c) : max; }
  constexpr int entries(const Config& c) const { return kind == FieldKind::kPerSeat ? count(c) : 1; }
  // Whether the stored value stands for None.
  constexpr bool is_none(const Config& c) const { return none == NoneMeans::kWord && get(c, 0) == none_value; }
  // Whether every entry holds the default (a house rule at its default is left out of the text).
  constexpr bool at_default(const Config& c) const {
    for (int seat = 0; seat < entries(c); ++seat)
      if (get(c, seat) != default_value) return false;
    return true;
  }
};

// The member pointer's class and value types (what read_member and write_member act on).
template <class T>
struct MemberOf;
template <class C, class V>
struct MemberOf<V C::*> {
  using Class = C;
  using Value = V;
};

// How a field of kind K and element type T is stored in a Config with room for `Seats`
// seats, and the stored form of its default.
template <FieldKind K, class T, int Seats>
using FieldValue = std::conditional_t<K == FieldKind::kPerSeat, std::array<T, Seats>, T>;
template <FieldKind K, class T, int Seats>
constexpr FieldValue<K, T, Seats> field_initial(T value) {
  if constexpr (K == FieldKind::kPerSeat) {
    std::array<T, Seats> each{};
    each.fill(value);
    return each;
  } else {
    return value;
  }
}

// A game states its configuration fields once, as an X-macro list of
//   X(kind, name, type, default, min, max, doc, extra designated initializers...)
// and expands it twice: with CARDCORE_CONFIG_MEMBER inside `struct Config` (the members,
// at their defaults; a per-seat field holds kConfigSeats entries) and with
// CARDCORE_CONFIG_FIELD inside the kConfigFields table.
#define CARDCORE_CONFIG_MEMBER(kind_, name_, type_, initial_, ...)                  \
  ::cardcore::FieldValue<::cardcore::FieldKind::kind_, type_, kConfigSeats> name_ = \
      ::cardcore::field_initial<::cardcore::FieldKind::kind_, type_, kConfigSeats>(initial_);
#define CARDCORE_CONFIG_FIELD(kind_, name_, type_, initial_, min_, max_, doc_, ...)     \
  ::cardcore::ConfigField<Config>{.name = #name_,                                       \
                                  .kind = ::cardcore::FieldKind::kind_,                 \
                                  .doc = doc_,                                          \
                                  .default_value = static_cast<std::int64_t>(initial_), \
                                  .min = min_,                                          \
                                  .max = max_,                                          \
                                  .get = ::cardcore::read_member<&Config::name_>,       \
                                  .set = ::cardcore::write_member<&Config::name_> __VA_OPT__(, ) __VA_ARGS__},

// A field's get and set for an integer (or bool) member, or for the elements of an array
// member (per seat): `.get = read_member<&Config::players>`.
template <auto Member, class Config = typename MemberOf<decltype(Member)>::Class>
std::int64_t read_member(const Config& config, int seat) {
  using Value = typename MemberOf<decltype(Member)>::Value;
  if constexpr (std::is_integral_v<Value> || std::is_enum_v<Value>)
    return static_cast<std::int64_t>(config.*Member);
  else
    return static_cast<std::int64_t>((config.*Member)[static_cast<std::size_t>(seat)]);
}
template <auto Member, class Config = typename MemberOf<decltype(Member)>::Class>
void write_member(Config& config, int seat, std::int64_t value) {
  using Value = typename MemberOf<decltype(Member)>::Value;
  if constexpr (std::is_integral_v<Value> || std::is_enum_v<Value>)
    config.*Member = static_cast<Value>(value);
  else
    (config.*Member)[static_cast<std::size_t>(seat)] = static_cast<typename Value::value_type>(value);
}

// Throws std::invalid_argument("<game> config: <field> <problem>").
[[noreturn]] void bad_config(std::string_view game, std::string_view field, const std::string& problem);

// Checks a value for `field` against its range, given the fields before it in `config`;
// throws std::invalid_argument naming the field. (A bool member reads 0 or 1: always in range.)
template <class Config>
void check_value(std::string_view game, const ConfigField<Config>& field, const Config& config, std::int64_t value) {
  const std::int64_t upper = field.upper(config);
  if (value >= field.min && value <= upper) return;
  if (field.kind == FieldKind::kChoice) bad_config(game, field.name, "is not a known choice: " + std::to_string(value));
  bad_config(game, field.name,
             std::string("must be ") + (field.none == NoneMeans::kWord ? "None or " : "") + std::to_string(field.min) +
                 " to " + std::to_string(upper) + ", got " + std::to_string(value));
}

// Checks one field of `config` against its range (every entry of a per-seat field).
template <class Config>
void check_field(std::string_view game, const ConfigField<Config>& field, const Config& config) {
  if (field.is_none(config)) return;
  for (int seat = 0; seat < field.entries(config); ++seat) check_value(game, field, config, field.get(config, seat));
}

// Checks every field in order (the seat count before the per-seat fields that use it).
template <class Config>
void check_fields(std::string_view game, std::span<const ConfigField<Config>> fields, const Config& config) {
  for (const ConfigField<Config>& field : fields) check_field(game, field, config);
}

// "name=value ..." in field order: per-seat values joined by commas, a choice by name, a
// bool as true or false, a None by its word; a house rule at its default is left out. The
// serialized form of a state starts with it.
template <class Config>
std::string fields_to_string(std::span<const ConfigField<Config>> fields, const Config& config) {
  std::string out;
  for (const ConfigField<Config>& field : fields) {
    if (field.house_rule && field.at_default(config)) continue;
    out += (out.empty() ? "" : " ") + std::string(field.name) + "=";
    if (field.is_none(config)) {
      out += field.none_word;
    } else if (field.kind == FieldKind::kBool) {
      out += field.get(config, 0) ? "true" : "false";
    } else if (field.kind == FieldKind::kChoice) {
      out += field.choices[static_cast<std::size_t>(field.get(config, 0))];
    } else {
      for (int seat = 0; seat < field.entries(config); ++seat)
        out += (seat ? "," : "") + std::to_string(field.get(config, seat));
    }
  }
  return out;
}

// A whole decimal integer (a minus sign allowed), or nullopt.
std::optional<std::int64_t> parse_integer(std::string_view text);

// Throws std::invalid_argument("<game> config: <field>=<value> is not <expected>"), the value quoted.
[[noreturn]] void bad_config_text(std::string_view game, std::string_view field, std::string_view value,
                                  const std::string& expected);

// Sets `field` of `config` from its text as fields_to_string writes it, checking it against
// the fields before it; throws std::invalid_argument naming the field.
template <class Config>
void read_field_text(std::string_view game, const ConfigField<Config>& field, Config& config, std::string_view text) {
  if (field.none == NoneMeans::kWord && text == field.none_word) return field.set(config, 0, field.none_value);
  if (field.kind == FieldKind::kBool) {
    if (text != "true" && text != "false") bad_config_text(game, field.name, text, "true or false");
    return field.set(config, 0, text == "true" ? 1 : 0);
  }
  if (field.kind == FieldKind::kChoice) {
    std::string names;
    for (std::size_t i = 0; i < field.choices.size() && !field.choices[i].empty(); ++i) {
      if (field.choices[i] == text) return field.set(config, 0, static_cast<std::int64_t>(i));
      names += (i ? ", " : "") + std::string(field.choices[i]);
    }
    bad_config_text(game, field.name, text, "one of " + names);
  }
  const int entries = field.entries(config);
  const std::string expected =
      field.kind == FieldKind::kInt
          ? "an integer"
          : std::to_string(entries) + " integers separated by commas, one per " + std::string(field.entry);
  std::vector<std::int64_t> values;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::optional<std::int64_t> value = parse_integer(text.substr(start, comma - start));
    if (!value) bad_config_text(game, field.name, text, expected);
    values.push_back(*value);
    start = comma + 1;
  }
  if (values.size() != static_cast<std::size_t>(entries)) bad_config_text(game, field.name, text, expected);
  for (const std::int64_t value : values) check_value(game, field, config, value);
  for (int seat = 0; seat < entries; ++seat) field.set(config, seat, values[static_cast<std::size_t>(seat)]);
}

// The configuration whose text is `text` ("name=value ...", as fields_to_string writes it),
// checked as a Game checks its keywords: a field left out keeps its default (a per-seat
// field: every seat's; a derived one: derived from the others). An unknown, repeated or bad
// field throws std::invalid_argument naming it.
template <class Config>
Config fields_from_string(std::string_view game, std::span<const ConfigField<Config>> fields, std::string_view text) {
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    const std::string_view pair = text.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const std::size_t equals = pair.find('=');
    const std::string_view name = pair.substr(0, equals);
    bool known = false;
    std::string names;
    for (const ConfigField<Config>& field : fields) {
      known = known || field.name == name;
      names += (names.empty() ? "" : ", ") + std::string(field.name);
    }
    if (equals == std::string_view::npos || !known)
      throw std::invalid_argument(std::string(game) + " config: expected field=value with a field of " + names +
                                  ", got " + quote_input(pair));
    for (const auto& [seen, value] : pairs)
      if (seen == name) bad_config(game, name, "is given twice");
    pairs.emplace_back(name, pair.substr(equals + 1));
  }
  Config config{};  // every field at its default: the members start there
  for (const ConfigField<Config>& field : fields) {
    const auto given =
        std::find_if(pairs.begin(), pairs.end(), [&](const auto& pair) { return pair.first == field.name; });
    if (given != pairs.end())
      read_field_text(game, field, config, given->second);
    else if (field.none == NoneMeans::kDerived)
      field.derive(config);
  }
  config.validate();
  return config;
}

// Whether the returns of a configuration always sum to zero.
enum class Utility : std::uint8_t { kZeroSum, kGeneralSum };

// A block of action ids that share a verb: ids first .. first + count - 1.
struct ActionBlock {
  std::string_view name;
  int first, count;
  std::string_view doc;
  // The cards the action names are seen by its actor alone (a draw's discards, a Bai Buu
  // arrangement): another seat sees only the verb and how many (action_to_string's viewer).
  bool face_down = false;
};

// A named slice of a tensor and the bounds of its entries.
struct TensorSegment {
  const char* name;  // a literal; a plain pointer keeps the struct trivial, so unused entries cost nothing
  int offset, size;
  float low, high;
};

// A tensor's layout: its size and, when `named`, its segments in order (what a Game
// describes). Every observation builds its game's layout for the offsets alone, so an
// unnamed one records nothing but the running size, and neither allocates.
class TensorShape {
 public:
  static constexpr int kMaxSegments = 24;
  explicit TensorShape(bool named = false) : named_(named) {}
  // Appends a segment and returns its offset.
  int add(const char* name, int size, float low = 0, float high = 1) {
    if (named_) {
      if (count_ == kMaxSegments) throw std::logic_error("TensorShape: too many segments");
      segments_[static_cast<std::size_t>(count_++)] = {name, size_, size, low, high};
    }
    size_ += size;
    return size_ - size;
  }
  // Appends every segment of `other` (an observation inside an information state).
  void extend(const TensorShape& other) {
    if (!named_) {
      size_ += other.size_;
      return;
    }
    for (const TensorSegment& s : other.segments()) add(s.name, s.size, s.low, s.high);
  }
  int size() const { return size_; }
  std::span<const TensorSegment> segments() const { return {segments_.data(), static_cast<std::size_t>(count_)}; }

 private:
  std::array<TensorSegment, kMaxSegments> segments_;  // the first count_ are set
  int count_ = 0, size_ = 0;
  bool named_;
};

// A uniformly random legal action of a player node (games/rollout.hpp defines it). Declared
// here for the spec's policy tables, which name it before their State is complete; each
// game's policy.cpp instantiates it for its State.
template <class State>
int random_action(const State& state, Rng& rng);

// A built-in policy: its name and the action it takes at a player node (`rng` drives its
// random choices). A deterministic one takes the same action in the same state, so the
// search can model the other players by it (search/ismcts.hpp, model_opponents). A random
// one other than random_action may give each legal action's probability (`probabilities`,
// what control variates correct its choices by: games/control_variates.hpp).
template <class State>
struct BuiltinPolicy {
  std::string_view name;
  int (*choose)(const State& state, Rng& rng);
  bool deterministic = true;
  std::vector<std::pair<int, double>> (*probabilities)(const State& state) = nullptr;
};

// The facts of a game that do not depend on its configuration.
template <class Config, class State>
struct GameSpec {
  std::string_view name;          // the registry's key and the module's name: "badugi"
  std::string_view display_name;  // "Badugi"
  int min_players, max_players;   // seats, banker included
  std::string_view seats_field;   // the field that sets the number of seats ("" when fixed)
  std::span<const ConfigField<Config>> fields;
  std::span<const BuiltinPolicy<State>> policies;  // built-in policies; the first is the default
  std::string_view opponent;                       // the policy a person plays against by default
  // Whether a simulation of single hands moves the dealer from game to game (game i has
  // first dealer i mod players, games/rollout.hpp); a game whose seats differ (a banker) keeps it.
  bool rotates_dealer;
  std::span<const std::string_view> count_names;  // what a simulation counts; the first is the hands
  std::string_view utility_doc;                   // when the returns sum to zero, and their bounds
  std::string_view unit;                          // what a hand's returns count: "chips" or "points"
  int num_distinct_actions;
  std::span<const ActionBlock> action_blocks;
};

// Every game's Game: a validated configuration and the facts that depend on it, all from
// the game's Spec traits (a GameSpec kSpec and the configuration-dependent functions).
template <class Spec>
struct EngineGame {
  using Config = typename Spec::Config;
  Config config;
  explicit EngineGame(const Config& c) : config(c) { config.validate(); }
  int num_players() const { return Spec::num_players(config); }
  int num_distinct_actions() const { return Spec::kSpec.num_distinct_actions; }
  int max_game_length() const { return Spec::max_game_length(config); }
  double max_utility() const { return Spec::max_utility(config); }
  double min_utility() const { return Spec::min_utility(config); }
  Utility utility() const { return Spec::utility(config); }
  // The seats whose decisions a player outside the engine makes: every seat, unless the
  // game plays some inside (a Bai Buu banker arranging by the house way).
  int acting_players() const {
    if constexpr (requires { Spec::acting_players(config); })
      return Spec::acting_players(config);
    else
      return num_players();
  }
  int observation_size() const { return typename Spec::Layout(config).observation.size(); }
  int information_state_size() const { return typename Spec::Layout(config).information_state.size(); }
};

}  // namespace cardcore
