// The one pybind11 include of the bindings, and the conversions they share.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/typing.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cardcore/core/cards.hpp"
#include "cardcore/core/interrupt.hpp"
#include "cardcore/core/text.hpp"

namespace cardcore::bindings {

namespace py = pybind11;
using namespace pybind11::literals;

// Runs `call`, which touches no Python object, without the GIL and stoppable by Ctrl-C
// (docs/design.md, "Long calls"): an Interrupt on this thread polls Python's pending signals
// every few milliseconds, and a signal's exception (KeyboardInterrupt) is raised here once
// every thread of the call has stopped.
template <class Call>
decltype(auto) interruptible(Call&& call) {
  std::optional<py::error_already_set> signal;
  Interrupt interrupt([&signal] {
    py::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() == 0) return false;
    signal.emplace();  // takes the handler's exception
    return true;
  });
  try {
    py::gil_scoped_release release;
    return call();
  } catch (const Interrupted&) {
    if (signal) throw *signal;
    throw;
  }
}

// A record of named fields, typed dict[str, Any] in the stubs.
using Fields = py::typing::Dict<py::str, py::object>;

// The name of an object's type, for messages ("got float").
inline std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")); }

// A str's text as UTF-8. A str that has none (a lone surrogate, "\udce2") raises Python's
// UnicodeEncodeError, a ValueError, rather than pybind11's RuntimeError "Unable to cast".
inline std::string utf8(py::handle text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (data == nullptr) throw py::error_already_set();
  return std::string(data, static_cast<std::size_t>(size));
}

// A value the user gave as a message shows it, within the bound of core/text.hpp: a str
// quoted ('robot'), anything else as its repr (an int's digits), elided in the middle with
// its length stated when long. A str with no UTF-8 form (a lone surrogate) shows its repr,
// which escapes it.
inline std::string shown(py::handle value) {
  if (PyUnicode_Check(value.ptr())) {
    Py_ssize_t size = 0;
    if (const char* data = PyUnicode_AsUTF8AndSize(value.ptr(), &size))
      return quote_input(std::string_view(data, static_cast<std::size_t>(size)));
    PyErr_Clear();
  }
  return elide_input(std::string(py::repr(value)));
}

// True or False for a bool, NumPy's included (np.True_), else nothing: not an int, not None.
inline std::optional<bool> as_bool(py::handle value) {
  if (PyBool_Check(value.ptr())) return value.ptr() == Py_True;
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::object> numpy_bool;
  const py::object& type =
      numpy_bool.call_once_and_store_result([] { return py::dtype::of<bool>().attr("type"); }).get_stored();
  if (py::isinstance(value, type)) return PyObject_IsTrue(value.ptr()) == 1;
  return std::nullopt;
}

// A card-like as a mask: an int mask, a string of cards, an object with a `mask` (CardSet),
// an object with an `id` (Card), or an iterable of cards (Card, card string or card id).
// Malformed or duplicate cards raise ValueError; other types raise TypeError.
Mask to_mask(py::handle cards);

// One card as its id: a Card, a card string or a card id 0-51.
int to_card(py::handle card);

// The data of a 1-D C-contiguous uint64 array, or ValueError naming `name`.
const Mask* mask_data(const py::array& masks, std::string_view name);

// Raises ValueError for element `index` of `name`, which is not a `num_cards`-card hand.
[[noreturn]] void throw_bad_element(std::string_view name, std::int64_t index, Mask mask, int num_cards,
                                    std::string_view what);

// A new int32 array of n elements, uninitialized. One of 1 MB or more takes its memory from
// a pool that keeps the blocks of the last arrays freed, already mapped (result_pool.cpp).
py::array_t<std::int32_t> result_array(std::size_t n);

// An int32 output array of n elements: `out` after checking it, or a new one (result_array).
py::array_t<std::int32_t> output_array(const std::optional<py::array>& out, std::size_t n);

// out = kernel(masks) for a batch of `num_cards`-card hands, with the GIL released; the
// kernel returns the first bad index or kNoBadIndex.
template <class Kernel>
py::array_t<std::int32_t> strengths(const py::array& masks, int threads, const std::optional<py::array>& out_arg,
                                    int num_cards, std::string_view what, Kernel kernel) {
  const Mask* data = mask_data(masks, "masks");
  const auto n = static_cast<std::size_t>(masks.size());
  py::array_t<std::int32_t> out = output_array(out_arg, n);
  std::int32_t* result = out.mutable_data();
  std::int64_t bad;
  {
    // Safe without the GIL: the kernel touches only these two buffers, which the
    // references held by this frame keep alive, and immutable tables.
    py::gil_scoped_release release;
    bad = kernel(data, result, n, threads);
  }
  if (bad >= 0) throw_bad_element("masks", bad, data[bad], num_cards, what);
  return out;
}

void bind_cards(py::module_& m);
// Binds every registered game (games.cpp): _core.GAMES and a submodule per game.
void bind_games(py::module_& m);

// A game's own bindings: what the generic binder (game.hpp, bind_game_module) does not
// cover, such as its evaluator's verbs and its State's named verbs and properties. Called
// with the game's submodule, once its State and Game classes are bound there.
using OwnBindings = void (*)(py::module_& game_module);

// The register of the games' own bindings: a game's binding file (bind_<game>.cpp) adds its
// function with CARDCORE_GAME_BINDINGS, by the game's registered name.
struct GameBindings {
  // Adds `bind` as the own bindings of `game` (at the module's load, before it is imported).
  GameBindings(std::string_view game, OwnBindings bind);
  // The own bindings of `game`, or nullptr for a game with none.
  static OwnBindings of(std::string_view game);
};

// The class `name` bound in `m` (the State or Game that bind_game_module made), to add to.
template <class T>
py::class_<T> bound_class(const py::module_& m, const char* name) {
  return py::reinterpret_borrow<py::class_<T>>(m.attr(name));
}

// Replaces the docstring of a bound class (a game's own words for its State or Game).
inline void set_doc(const py::handle& cls, const char* doc) { py::setattr(cls, "__doc__", py::str(doc)); }

}  // namespace cardcore::bindings

// Registers `function` (an OwnBindings) as the own bindings of the game of `GameState`, from
// its binding file. The static object's initializer runs when the module is loaded: its
// object files are linked whole, so every game's registration precedes the module's init.
#define CARDCORE_GAME_BINDINGS(GameState, function) \
  static const ::cardcore::bindings::GameBindings cardcore_bindings_##function { GameState::kName, function }
