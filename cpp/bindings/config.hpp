// A game's configuration in Python, from its field table (games/spec.hpp): the Game's
// keyword arguments with their types and defaults, reading and checking each value with
// errors naming the field, the config dict (Game.config, pickling) and the spec record.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "cardcore/games/spec.hpp"
#include "common.hpp"
#include "engine.hpp"

namespace cardcore::bindings {

// A configuration field that must be an integer (not a bool or a float), as a 64-bit one;
// anything else is a ValueError naming the field and what it got.
inline long long config_value(py::handle value, std::string_view game, std::string_view field) {
  const py::object number = index_of(value);
  if (!number) bad_config(game, field, "must be an integer, got " + type_name(value) + " " + shown(value));
  int overflow = 0;
  const long long result = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0) bad_config(game, field, "is out of range: " + shown(number));
  return result;
}

// A per-seat configuration field, typed for the stubs: one integer for every seat, or one
// integer each.
using PerSeat = py::typing::Union<py::int_, py::typing::Iterable<py::int_>>;

// A per-seat field's value for `count` seats; anything but an integer or an iterable of
// integers (a string is neither) is a ValueError naming the field. `needs` says how many
// in a wrong count's message: "one entry per player (3)".
inline std::vector<long long> config_values(py::handle value, std::string_view game, std::string_view field,
                                            std::size_t count, const std::string& needs) {
  if (index_of(value)) return std::vector<long long>(count, config_value(value, game, field));
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || !py::isinstance<py::iterable>(value))
    bad_config(game, field,
               "must be an integer or a sequence of integers, got " + type_name(value) + " " + shown(value));
  const py::list items(py::reinterpret_borrow<py::object>(value));
  if (items.size() != count) bad_config(game, field, "needs " + needs + ", got " + std::to_string(items.size()));
  std::vector<long long> each;
  for (std::size_t i = 0; i < count; ++i)
    each.push_back(config_value(items[i], game, std::string(field) + "[" + std::to_string(i) + "]"));
  return each;
}

// A keyword argument of Game taken as it is given, for read_field to check (so that a wrong
// type gets the field's own message), and typed `Typed` for pybind11 (and so for the stubs).
template <class Typed>
struct Given {
  py::object value;
};

// The type a field's keyword argument is typed as: a plain integer (an int or anything with
// __index__, not a bool), an optional one, an optional per-seat value, a choice's name, or
// True or False.
template <FieldKind Kind, bool Nullable>
struct ArgumentType {
  using type = Given<long long>;
};
template <>
struct ArgumentType<FieldKind::kInt, true> {
  using type = Given<py::typing::Optional<py::int_>>;
};
template <bool Nullable>
struct ArgumentType<FieldKind::kPerSeat, Nullable> {
  using type = Given<py::typing::Optional<PerSeat>>;
};
template <bool Nullable>
struct ArgumentType<FieldKind::kChoice, Nullable> {
  using type = Given<std::string>;
};
template <bool Nullable>
struct ArgumentType<FieldKind::kBool, Nullable> {
  using type = Given<py::bool_>;
};

}  // namespace cardcore::bindings

namespace pybind11::detail {
template <class Typed>
struct type_caster<cardcore::bindings::Given<Typed>> {
  PYBIND11_TYPE_CASTER(cardcore::bindings::Given<Typed>, make_caster<Typed>::name);
  bool load(handle src, bool) {
    value.value = reinterpret_borrow<object>(src);
    return true;
  }
  static handle cast(const cardcore::bindings::Given<Typed>& src, return_value_policy, handle) {
    return src.value.inc_ref();
  }
};
}  // namespace pybind11::detail

namespace cardcore::bindings {

// A choice's names as "'a', 'b' or 'c'".
template <class Config>
std::string choice_list(const ConfigField<Config>& field) {
  std::string names;
  int count = 0;
  while (count < static_cast<int>(field.choices.size()) && !field.choices[static_cast<std::size_t>(count)].empty())
    ++count;
  for (int i = 0; i < count; ++i)
    names += (i == 0           ? ""
              : i + 1 == count ? " or "
                               : ", ") +
             ("'" + std::string(field.choices[static_cast<std::size_t>(i)]) + "'");
  return names;
}

// Sets `field` of `config` from a Python value, checking it against the fields before it.
template <class Config>
void read_field(std::string_view game, const ConfigField<Config>& field, Config& config, py::handle value) {
  if (value.is_none() && field.kind == FieldKind::kPerSeat) {
    for (int seat = 0; seat < field.count(config); ++seat) field.set(config, seat, field.default_value);
    return;
  }
  if (value.is_none() && field.none == NoneMeans::kDerived) return field.derive(config);
  if (value.is_none() && field.none == NoneMeans::kWord) return field.set(config, 0, field.none_value);
  switch (field.kind) {
    case FieldKind::kInt: {
      const std::int64_t number = config_value(value, game, field.name);
      check_value(game, field, config, number);
      return field.set(config, 0, number);
    }
    case FieldKind::kPerSeat: {
      const int count = field.count(config);
      const std::string needs = "one entry per " + std::string(field.entry) + " (" + std::to_string(count) + ")";
      const auto each = config_values(value, game, field.name, static_cast<std::size_t>(count), needs);
      for (int seat = 0; seat < count; ++seat) check_value(game, field, config, each[static_cast<std::size_t>(seat)]);
      for (int seat = 0; seat < count; ++seat) field.set(config, seat, each[static_cast<std::size_t>(seat)]);
      return;
    }
    case FieldKind::kChoice: {
      if (!PyUnicode_Check(value.ptr()))
        bad_config(game, field.name,
                   "must be " + choice_list(field) + ", got " + type_name(value) + " " + shown(value));
      const std::string name = utf8(value);
      for (std::size_t i = 0; i < field.choices.size(); ++i)
        if (!field.choices[i].empty() && field.choices[i] == name)
          return field.set(config, 0, static_cast<std::int64_t>(i));
      bad_config(game, field.name, "must be " + choice_list(field) + ", got " + quote_input(name));
    }
    case FieldKind::kBool: {
      const std::optional<bool> flag = as_bool(value);
      if (!flag) bad_config(game, field.name, "must be True or False, got " + type_name(value) + " " + shown(value));
      return field.set(config, 0, *flag ? 1 : 0);
    }
  }
}

// The configuration of a game from `value_of(field)` for each field of its table, checked
// (the cross-field rules of Config::validate too).
template <class Config, class ValueOf>
Config config_from(std::string_view game, std::span<const ConfigField<Config>> fields, ValueOf value_of) {
  Config config{};  // every field at its default: the members start there
  for (const ConfigField<Config>& field : fields) read_field(game, field, config, value_of(field));
  config.validate();
  return config;
}

// A field's value in Python: an int, a tuple per seat, a choice's name, or None.
template <class Config>
py::object field_value(const ConfigField<Config>& field, const Config& config) {
  if (field.is_none(config)) return py::none();
  if (field.kind == FieldKind::kChoice)
    return py::str(std::string(field.choices[static_cast<std::size_t>(field.get(config, 0))]));
  if (field.kind == FieldKind::kInt) return py::int_(field.get(config, 0));
  if (field.kind == FieldKind::kBool) return py::bool_(field.get(config, 0) != 0);
  py::tuple each(field.count(config));
  for (int seat = 0; seat < field.count(config); ++seat)
    each[static_cast<std::size_t>(seat)] = py::int_(field.get(config, seat));
  return each;
}

// The configuration as {field: value}, in the table's order (Game.config, pickling).
template <class Config>
Fields config_dict(std::span<const ConfigField<Config>> fields, const Config& config) {
  py::dict out;
  for (const ConfigField<Config>& field : fields) out[py::str(std::string(field.name))] = field_value(field, config);
  return out;
}

// A field's default as a Python keyword default.
template <class Config>
py::object default_value(const ConfigField<Config>& field) {
  if (field.default_is_none()) return py::none();
  if (field.kind == FieldKind::kChoice)
    return py::str(std::string(field.choices[static_cast<std::size_t>(field.default_value)]));
  if (field.kind == FieldKind::kBool) return py::bool_(field.default_value != 0);
  return py::int_(field.default_value);
}

// The configuration of a config dict; a missing field (but a house rule, which defaults), or
// one of the wrong type or value, is a ValueError naming it.
template <class Config>
Config config_from_dict(std::string_view game, std::span<const ConfigField<Config>> fields, const Fields& values) {
  return config_from(game, fields, [&](const ConfigField<Config>& field) -> py::object {
    const py::str key(std::string(field.name));
    if (!values.contains(key)) {
      if (field.house_rule) return default_value(field);  // a dict from before the house rule
      bad_config(game, field.name, "is missing from the configuration dict");
    }
    return values[key];
  });
}

// The default configuration with the house rules of `rules` ({name: value}, as Game takes
// them) set: how the evaluators take a game's house rules without a Game. A name that is
// not a house rule of the game, or a bad value, is a ValueError naming it.
template <class Config>
Config with_house_rules(std::string_view game, std::span<const ConfigField<Config>> fields, const py::dict& rules) {
  Config config{};  // every field at its default: the members start there
  for (const auto& [key, value] : rules) {
    const std::string name = PyUnicode_Check(key.ptr()) ? utf8(key) : std::string();
    const ConfigField<Config>* found = nullptr;
    for (const ConfigField<Config>& field : fields)
      if (field.house_rule && field.name == name) found = &field;
    if (!found) {
      std::string known;
      for (const ConfigField<Config>& field : fields)
        if (field.house_rule) known += (known.empty() ? "" : ", ") + std::string(field.name);
      throw std::invalid_argument(std::string(game) + ": " + shown(key) + " is not a house rule (" +
                                  (known.empty() ? "it has none" : "they are " + known) + ")");
    }
    read_field(game, *found, config, value);
  }
  return config;
}

// Game(**fields): one keyword-only argument per field of the table, typed by its kind, with
// its default.
template <class Game, const auto& Table, std::size_t... I>
void def_game_init(py::class_<Game>& cls, std::string_view game, std::index_sequence<I...>) {
  using Config = typename Game::Config;
  cls.def(py::init([game](typename ArgumentType<Table[I].kind, Table[I].nullable()>::type... values) {
            const py::object given[] = {values.value...};
            return Game(config_from<Config>(game, Table, [&](const ConfigField<Config>& field) {
              return given[static_cast<std::size_t>(&field - Table)];
            }));
          }),
          py::kw_only(), py::arg_v(Table[I].name.data(), default_value(Table[I]), nullptr)...);
}

// The names of a game's built-in policies, in the spec's order.
template <class Config, class State>
py::typing::Tuple<py::str, py::ellipsis> policy_names(const GameSpec<Config, State>& spec) {
  py::tuple out(spec.policies.size());
  for (std::size_t i = 0; i < spec.policies.size(); ++i) out[i] = py::str(std::string(spec.policies[i].name));
  return out;
}

// The names of the built-in policies that draw their actions at random.
template <class Config, class State>
py::typing::Tuple<py::str, py::ellipsis> random_policy_names(const GameSpec<Config, State>& spec) {
  py::list out;
  for (const auto& policy : spec.policies)
    if (!policy.deterministic) out.append(py::str(std::string(policy.name)));
  return py::tuple(out);
}

// The spec of a game as plain data, for cardcore's GameSpec record.
template <class Config, class State>
Fields spec_dict(const GameSpec<Config, State>& spec) {
  auto names = [](auto list) {
    py::tuple out(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) out[i] = py::str(std::string(list[i]));
    return out;
  };
  py::list fields, blocks;
  for (const ConfigField<Config>& field : spec.fields) {
    constexpr const char* kKinds[] = {"int", "per_seat", "choice", "bool"};
    py::list choices;
    for (std::string_view choice : field.choices)
      if (!choice.empty()) choices.append(py::str(std::string(choice)));
    fields.append(py::dict("name"_a = std::string(field.name), "kind"_a = kKinds[static_cast<int>(field.kind)],
                           "doc"_a = std::string(field.doc), "default"_a = default_value(field),
                           "minimum"_a = field.min, "maximum"_a = field.max, "choices"_a = py::tuple(choices),
                           "nullable"_a = field.nullable(), "house_rule"_a = field.house_rule));
  }
  for (const ActionBlock& block : spec.action_blocks)
    blocks.append(py::dict("name"_a = std::string(block.name), "first"_a = block.first, "count"_a = block.count,
                           "doc"_a = std::string(block.doc), "face_down"_a = block.face_down));
  return py::dict(
      "name"_a = std::string(spec.name), "display_name"_a = std::string(spec.display_name),
      "min_players"_a = spec.min_players, "max_players"_a = spec.max_players,
      "seats_field"_a = spec.seats_field.empty() ? py::object(py::none()) : py::str(std::string(spec.seats_field)),
      "fields"_a = py::tuple(fields), "policies"_a = policy_names(spec),
      "random_policies"_a = random_policy_names(spec), "opponent"_a = std::string(spec.opponent),
      "rotates_dealer"_a = spec.rotates_dealer, "count_names"_a = names(spec.count_names),
      "utility_doc"_a = std::string(spec.utility_doc), "unit"_a = std::string(spec.unit),
      "num_distinct_actions"_a = spec.num_distinct_actions, "action_blocks"_a = py::tuple(blocks));
}

// A tensor's segments as (name, offset, size, low, high) tuples.
using Segments = py::typing::List<py::typing::Tuple<py::str, py::int_, py::int_, py::float_, py::float_>>;
inline Segments segments(const TensorShape& shape) {
  py::list out;
  for (const TensorSegment& s : shape.segments())
    out.append(py::make_tuple(std::string(s.name), s.offset, s.size, s.low, s.high));
  return out;
}

}  // namespace cardcore::bindings
