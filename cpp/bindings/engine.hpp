// The engine protocol (docs/design.md) bound once for every game: a game's State and Game
// classes get the same methods, names and pickling from bind_protocol.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cardcore/games/betting.hpp"
#include "cardcore/games/draw.hpp"
#include "cardcore/games/engine.hpp"
#include "common.hpp"

namespace cardcore::bindings {

// `obj` as a Python int if it is an integer: an int, or anything with __index__ (NumPy
// integers) but a bool; else a null object.
inline py::object index_of(py::handle obj) {
  if (PyBool_Check(obj.ptr()) || !PyIndex_Check(obj.ptr())) return {};
  auto number = py::reinterpret_steal<py::object>(PyNumber_Index(obj.ptr()));
  if (!number) PyErr_Clear();  // __index__ refused (a NumPy array of several numbers)
  return number;
}

// A Python integer of any size: an int, or anything with __index__ (NumPy integers) but a
// bool. A method that takes one checks its range itself, so a huge or negative value gets
// the method's ValueError, not pybind11's "incompatible function arguments".
struct Integer {
  py::int_ value;
};

}  // namespace cardcore::bindings

namespace pybind11::detail {
template <>
struct type_caster<cardcore::bindings::Integer> {
  PYBIND11_TYPE_CASTER(cardcore::bindings::Integer, io_name("typing.SupportsIndex", "int"));
  bool load(handle src, bool) {
    object number = cardcore::bindings::index_of(src);
    if (number) value.value = reinterpret_borrow<int_>(number);
    return static_cast<bool>(number);
  }
  static handle cast(const cardcore::bindings::Integer& src, return_value_policy, handle) {
    return src.value.inc_ref();
  }
};
}  // namespace pybind11::detail

namespace cardcore::bindings {

// A seed, or ValueError "seed must be an integer in [0, 2**64), got <n>" (as cc.simulate).
inline std::uint64_t to_seed(const Integer& seed) {
  const unsigned long long value = PyLong_AsUnsignedLongLong(seed.value.ptr());  // raises if negative or huge
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw std::invalid_argument("seed must be an integer in [0, 2**64), got " + shown(seed.value));
  }
  return value;
}

// method(n) for `number` as an int n. No action id or seat lies beyond int, so a number
// there is as bad as the int at that end of the range: the method is called with that int
// to raise its error, which is given back naming the number.
template <class Method>
decltype(auto) with_int(const Integer& number, Method method) {
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(number.value.ptr(), &overflow);
  if (overflow == 0 && value >= INT_MIN && value <= INT_MAX) return method(static_cast<int>(value));
  const int end = overflow < 0 || value < 0 ? INT_MIN : INT_MAX;
  const std::string stand_in = std::to_string(end), text = shown(number.value);
  auto renamed = [&](const std::exception& error) {
    std::string message = error.what();
    if (const std::size_t at = message.find(stand_in); at != std::string::npos)
      message.replace(at, stand_in.size(), text);
    return message;
  };
  try {
    method(end);
  } catch (const std::out_of_range& error) {
    throw std::out_of_range(renamed(error));
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument(renamed(error));
  }
  throw std::logic_error("a method accepted the out-of-range argument " + stand_in);
}

// `number` as an int, or nothing when it lies beyond int (no action id or seat does).
inline std::optional<int> small_int(const Integer& number) {
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(number.value.ptr(), &overflow);
  if (overflow != 0 || value < INT_MIN || value > INT_MAX) return std::nullopt;
  return static_cast<int>(value);
}

// A protocol method taking an int, bound to take an Integer; `Self` is State or const State.
template <class Self, class Method>
auto taking_integer(Method method) {
  return [method](Self& s, const Integer& number) {
    return with_int(number, [&](int n) { return std::invoke(method, s, n); });
  };
}

// A method of a player's view, bound to take `player` or None, which means the player to
// act (as OpenSpiel's observation methods default to). At a chance node or the end nobody
// acts, and None is a ValueError asking for a player.
template <class State, class Method>
auto of_player(const char* name, Method method) {
  return [name, method](const State& s, const std::optional<Integer>& player) {
    if (player) return with_int(*player, [&](int p) { return std::invoke(method, s, p); });
    const int p = s.current_player();
    if (p < 0)
      throw std::invalid_argument(std::string(name) + "() without a player means the player to act, and " +
                                  (s.is_terminal() ? "the game is over" : "this is a chance node") +
                                  ": give the player");
    return std::invoke(method, s, p);
  };
}

// value(seat) for each of `seats` seats, typed tuple[Element, ...] in the stubs.
template <class Element, class Value>
py::typing::Tuple<Element, py::ellipsis> per_seat(int seats, Value value) {
  py::tuple out(seats);
  for (int seat = 0; seat < seats; ++seat) out[seat] = value(seat);
  return out;
}

// A CardSet (the Python class) for a mask.
py::object card_set(Mask mask);

template <class State>
py::array_t<float> tensor(const State& state, int player, int size, void (State::*fill)(int, float*) const) {
  py::array_t<float> out(size);
  (state.*fill)(player, out.mutable_data());
  return out;
}

// Every action of a state so far as 'P0: raise', 'chance: 7h' (omniscient: the cards too).
template <class State>
std::vector<std::string> action_log(const State& s) {
  std::vector<std::string> lines;
  State replay(s.config(), false, 0);
  for (int action : s.history_ids()) {
    const int actor = replay.current_player();
    lines.push_back((actor == kChancePlayer ? std::string("chance: ") : "P" + std::to_string(actor) + ": ") +
                    replay.action_to_string(action));
    replay.apply_action(action);
  }
  return lines;
}

// Binds the protocol methods shared by every game's State class. `Layout` gives the tensor
// sizes of a state's configuration.
template <class State, class Layout = typename State::Spec::Layout>
void bind_protocol(py::class_<State>& cls) {
  cls.def("current_player", &State::current_player,
          "The seat to act, CHANCE (-1) at a chance node or TERMINAL (-4) at the end.")
      .def("is_terminal", &State::is_terminal)
      .def("is_chance_node", &State::is_chance_node)
      .def("legal_actions", &State::legal_actions,
           "Legal action ids: the stock's card ids at a chance node, none at the end.")
      .def(
          "legal_actions_mask",
          [](const State& s) {
            // A player node's mask covers the game's action ids, a chance node's the card ids.
            const int size = s.is_chance_node() ? kDeckSize : State::Spec::kSpec.num_distinct_actions;
            py::array_t<bool> mask(size);
            std::fill_n(mask.mutable_data(), size, false);
            for (int a : s.legal_actions()) mask.mutable_data()[a] = true;
            return mask;
          },
          "The legal actions as a bool array, True at each legal id: num_distinct_actions entries at a "
          "player node (all False at the end), 52 (the card ids) at a chance node.")
      .def(
          "why_illegal",
          [](const State& s, const Integer& action) -> std::optional<std::string> {
            const std::optional<int> id = small_int(action);
            if (id && s.is_legal(*id)) return std::nullopt;
            if (s.is_terminal()) return "the game is over: no action is legal";
            if (s.is_chance_node()) return "a chance node: the action is a card in the stock";
            const int count = State::Spec::kSpec.num_distinct_actions;
            if (!id || *id < 0 || *id >= count)
              return "an action id is 0 to " + std::to_string(count - 1) + ", got " + shown(action.value);
            const std::string why = s.why_illegal(*id);
            return why.empty() ? "not a legal move now" : why;
          },
          "action"_a,
          "None when the action id is legal here, else why not, in a player's words (\"facing a bet "
          "you cannot check: call, raise or fold\").")
      .def("chance_outcomes", &State::chance_outcomes,
           "(card id, probability) for each card of the stock at a chance node.")
      .def("apply_action", taking_integer<State>(&State::apply_action), "action"_a,
           "Applies an action id; an illegal one is a ValueError and changes nothing.")
      .def(
          "action_to_string",
          [](const State& s, const Integer& action, const std::optional<Integer>& viewer) {
            return with_int(action, [&](int a) {
              if (!viewer) return s.action_to_string(a);
              return with_int(*viewer, [&](int v) { return s.action_to_string(a, v); });
            });
          },
          "action"_a, "viewer"_a = py::none(),
          "The canonical string of an action id at this state; with a `viewer` seat, the action as that seat "
          "sees it: another seat's face-down cards (a discard, an exchange, an arrangement) only counted, "
          "\"discard 2 cards\".")
      .def(
          "view",
          [](const py::object& self, const py::typing::Optional<py::int_>& viewer) -> Fields {
            return py::module_::import("cardcore.view").attr("view")(self, viewer);
          },
          "viewer"_a = py::none(),
          "What seat `viewer` may see of this state as JSON-ready data, or everything when `viewer` is None "
          "(cardcore.view, docs/views.md).")
      .def(
          "to_svg",
          [](const py::object& self, const py::typing::Optional<py::int_>& viewer, const std::string& theme,
             double scale) -> py::str {
            return py::module_::import("cardcore.picture")
                .attr("to_svg")(self, viewer, "theme"_a = theme, "scale"_a = scale);
          },
          "viewer"_a = py::none(), py::kw_only(), "theme"_a = "light", "scale"_a = 1.0,
          "The picture of this state as seat `viewer` sees it (None: every card shown), as SVG text; `theme` "
          "is \"light\" or \"dark\", `scale` multiplies its size (cardcore.picture, docs/pictures.md).")
      .def(
          "_repr_svg_",
          [](const py::object& self) -> py::str {
            return py::module_::import("cardcore.picture").attr("to_svg")(self);
          },
          "The omniscient picture (every card shown) that Jupyter displays for a state.")
      .def("string_to_action", &State::string_to_action, "text"_a,
           "The action id of a canonical string (cards in any order and spelling).")
      .def("returns", &State::returns, "Chips won or lost per seat over the hands completed.")
      .def("rewards", &State::rewards, "The result of the hand the last action completed, else zeros.")
      .def("history", &State::history_ids, "Every action id applied so far, chance included.")
      .def("observation_string", of_player<State>("observation_string", &State::observation_string),
           "player"_a = py::none(), "What `player` (by default the player to act) sees, as text.")
      .def("information_state_string", of_player<State>("information_state_string", &State::information_state_string),
           "player"_a = py::none(),
           "What `player` (by default the player to act) knows, as text: the observation and his cards at each "
           "stage.")
      .def("observation_tensor",
           of_player<State>("observation_tensor",
                            [](const State& s, int p) {
                              return tensor(s, p, Layout(s.config()).observation.size(), &State::observation_tensor);
                            }),
           "player"_a = py::none(),
           "The observation of `player` (by default the player to act) as a float32 vector (layout in the "
           "game's docs).")
      .def("information_state_tensor",
           of_player<State>("information_state_tensor",
                            [](const State& s, int p) {
                              return tensor(s, p, Layout(s.config()).information_state.size(),
                                            &State::information_state_tensor);
                            }),
           "player"_a = py::none(),
           "The observation plus the player's own cards at each stage of the hand (by default the player "
           "to act's).")
      .def(
          "resample_from_infostate",
          [](const State& s, const Integer& player, const Integer& seed) {
            const std::uint64_t value = to_seed(seed);
            return with_int(player, [&](int p) { return s.resample_from_infostate(p, value); });
          },
          "player"_a, "seed"_a, "A state `player` cannot tell from this one: every card hidden from him drawn again.")
      .def(
          "clone", [](const State& s) { return State(s); }, "An independent copy.")
      .def("__copy__", [](const State& s) { return State(s); })
      .def(
          "__deepcopy__", [](const State& s, py::handle) { return State(s); }, "memo"_a)
      .def("serialize", &State::serialize, "The state as a string (configuration, chance mode, history).")
      .def_property_readonly("log", &action_log<State>, "Every action so far as 'P0: raise', 'chance: 7h'.")
      .def_property_readonly(
          "to_act",
          [](const State& s) -> std::optional<int> {
            const int p = s.current_player();
            if (p < 0) return std::nullopt;
            return p;
          },
          "The seat to act, or None at a chance node or the end.");
}

// The legal actions of a player node as a message lists them: "fold, call, raise". A verb
// with more than kListedWays ways (a draw has up to 31) is one entry, as the menu of
// `cardcore play` shows it: "exchange <cards> (31 ways, e.g. 'exchange 2h')".
template <class State>
std::string legal_list(const State& s) {
  constexpr std::size_t kListedWays = 5;
  std::vector<std::vector<std::string>> by_verb;  // the ids of a verb are consecutive
  auto verb_of = [](const std::string& text) { return text.substr(0, text.find(' ')); };
  for (int a : s.legal_actions()) {
    std::string text = s.action_to_string(a);
    if (by_verb.empty() || verb_of(by_verb.back().front()) != verb_of(text)) by_verb.emplace_back();
    by_verb.back().push_back(std::move(text));
  }
  std::string legal;
  for (const std::vector<std::string>& ways : by_verb) {
    if (ways.size() > kListedWays) {
      legal.append(legal.empty() ? "" : ", ")
          .append(verb_of(ways.front()) + " <cards> (" + std::to_string(ways.size()) + " ways, e.g. '" + ways.front() +
                  "')");
      continue;
    }
    for (const std::string& way : ways) legal.append(legal.empty() ? "" : ", ").append(way);
  }
  return legal.empty() ? "nothing" : legal;
}

// Applies the first of `candidates` that is legal, or says which actions are legal.
template <class State>
void apply_verb(State& s, std::initializer_list<int> candidates, const char* verb) {
  if (s.current_player() < 0)  // chance nodes take card ids, which the verbs' ids could be
    throw std::invalid_argument(std::string(verb) + " is not legal now: " +
                                (s.is_terminal() ? "the game is over" : "a card is to be dealt (a chance node)"));
  for (int a : candidates)
    if (s.is_legal(a)) return s.apply_action(a);
  throw std::invalid_argument(std::string(verb) + " is not legal now; legal: " + legal_list(s));
}

// fold(), check_or_call() and bet_or_raise() for the betting games (betting.hpp ids).
template <class State>
void bind_betting_verbs(py::class_<State>& cls) {
  cls.def(
         "fold", [](State& s) { apply_verb(s, {betting::kFold}, "fold"); }, "Folds.")
      .def(
          "check_or_call",
          [](State& s) {
            apply_verb(s, {betting::kCheck, betting::kCall}, "check_or_call");
          },
          "Checks, or calls what is owed (all-in if short).")
      .def(
          "bet_or_raise",
          [](State& s) {
            apply_verb(s, {betting::kBet, betting::kRaise}, "bet_or_raise");
          },
          "Bets or raises one unit (all-in if short).");
}

// The draw verbs of a game whose draw actions are draw_base + m, bit i of m throwing the
// i-th lowest card of the hand: `verb`(cards) (none: no card) and `none_method`() for
// m = 0, whose action string is `none`. Badugi and Buh: discard and stand; Hucklebuck:
// exchange and pass_ ("pass").
template <class State>
void bind_draw_verbs(py::class_<State>& cls, int draw_base, const char* verb = "discard",
                     const char* none_method = "stand", const char* none = "stand") {
  cls.def(
         verb,
         [draw_base, verb](State& s, py::handle cards) {
           if (s.current_player() < 0 || !s.is_legal(draw_base)) apply_verb(s, {}, verb);  // nobody draws
           const Mask mask = cards.is_none() ? 0 : to_mask(cards);
           const Mask hand = s.hand(s.current_player());
           if (mask & ~hand)
             throw std::invalid_argument(std::string(verb) + ": " + format_cards(mask & ~hand) + " not in the hand " +
                                         format_cards(hand));
           const int action = draw_base + static_cast<int>(positions_of_cards(hand, mask));
           if (!s.is_legal(action))
             throw std::invalid_argument(std::string(verb) + " " + format_cards(mask) + " from " + format_cards(hand) +
                                         " is not legal");
           s.apply_action(action);
         },
         "cards"_a = py::none(), "Throws these cards of the hand to act and draws as many (none: no card).")
      .def(
          none_method, [draw_base, none](State& s) { apply_verb(s, {draw_base}, none); }, "Draws no card.");
}

}  // namespace cardcore::bindings
