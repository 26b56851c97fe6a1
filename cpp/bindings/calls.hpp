// What a call of a bound function with arguments it cannot take raises. pybind11's own
// TypeError lists the signatures and the repr of every argument: a State's repr shows every
// hand, so the message would show the cards hidden from the caller, and a long argument
// makes it as long. refuse_bad_calls gives every function of the module one last overload
// instead, which names the function, what it takes and the types it got, never a value.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"

namespace cardcore::bindings {

// An argument that loads anything, but only in pybind11's second pass over a function's
// overloads (the one that allows conversions): an overload taking it first is tried after
// every other overload has failed both passes.
struct LastResort {
  py::object value;
};

}  // namespace cardcore::bindings

namespace pybind11::detail {
template <>
struct type_caster<cardcore::bindings::LastResort> {
  PYBIND11_TYPE_CASTER(cardcore::bindings::LastResort, const_name("object"));
  bool load(handle src, bool convert) {
    if (convert) value.value = reinterpret_borrow<object>(src);
    return convert;
  }
  static handle cast(const cardcore::bindings::LastResort& src, return_value_policy, handle) {
    return src.value.inc_ref();
  }
};
}  // namespace pybind11::detail

namespace cardcore::bindings {

// The edit distance of two names (insertions, deletions and substitutions).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// What a refused call's message says of the function it called.
struct CallShape {
  std::string qualified;              // "badugi.State.apply_action", "buh.Game"
  std::string takes;                  // "(action: typing.SupportsIndex)", elided when long
  std::vector<std::string> keywords;  // the names of its arguments
};

// The message for a call of `shape` with `args` and `kwargs`: an unknown keyword is named
// with the nearest of the function's own ("did you mean 'flush_buh'?") and all of them;
// otherwise the message says what the function takes and the types it got.
inline std::string refused_call(const CallShape& shape, const std::vector<py::handle>& args, const py::kwargs& kwargs) {
  std::string names;
  for (const std::string& name : shape.keywords) names += (names.empty() ? "" : ", ") + name;
  for (const auto& [key, value] : kwargs) {
    const std::string given = py::str(key);
    if (std::find(shape.keywords.begin(), shape.keywords.end(), given) != shape.keywords.end()) continue;
    std::string message = shape.qualified + "() got an unexpected keyword argument " + quote_input(given);
    // The nearest keyword: fewest edits, less the prefix they share ('players' is nearer to
    // 'player_hands' than to 'wagers'), within half the longer name.
    const std::string* nearest = nullptr;
    std::ptrdiff_t best = 0;
    for (const std::string& name : shape.keywords) {
      const std::size_t distance = edit_distance(given, name);
      const auto shared = std::mismatch(given.begin(), given.end(), name.begin(), name.end()).first - given.begin();
      const std::ptrdiff_t score = static_cast<std::ptrdiff_t>(distance) - shared;
      if (2 * distance <= std::max(given.size(), name.size()) && (!nearest || score < best)) {
        nearest = &name;
        best = score;
      }
    }
    if (nearest) message += " (did you mean '" + *nearest + "'?)";
    return message + "; " + (names.empty() ? "it takes none" : "its keywords are " + elide_input(names));
  }
  std::string got;
  for (const py::handle arg : args) got += (got.empty() ? "" : ", ") + type_name(arg);
  if (!args.empty() && shape.takes.rfind("(*,", 0) == 0)
    return shape.qualified + "() takes keyword arguments only, got " + std::to_string(args.size()) + " positional (" +
           got + "); its keywords are " + elide_input(names);
  for (const auto& [key, value] : kwargs)
    got += (got.empty() ? "" : ", ") + std::string(py::str(key)) + "=" + type_name(value);
  return shape.qualified + "() takes " + shape.takes + ", got (" + got + ")";
}

// Raises cardcore's TypeError (cardcore._checks.CardcoreTypeError, also a ValueError).
[[noreturn]] inline void raise_type_error(const std::string& message) {
  const py::object error = py::module_::import("cardcore._checks").attr("CardcoreTypeError");
  PyErr_SetString(error.ptr(), message.c_str());
  throw py::error_already_set();
}

// The shape of the pybind11 function `record` (its first overload), as `qualified` names it.
inline CallShape call_shape(const py::detail::function_record& record, std::string qualified) {
  CallShape shape{std::move(qualified), record.signature == nullptr ? "()" : record.signature, {}};
  if (const std::size_t arrow = shape.takes.rfind(" -> "); arrow != std::string::npos) shape.takes.resize(arrow);
  if (record.is_method && shape.takes.size() > 1) {  // drop "self: T, " (or "self: T" alone)
    const std::size_t comma = shape.takes.find(", ");
    shape.takes = comma == std::string::npos ? "()" : "(" + shape.takes.substr(comma + 2);
  }
  shape.takes = elide_input(shape.takes);
  for (std::size_t i = record.is_method ? 1 : 0; i < record.args.size(); ++i)
    if (record.args[i].name != nullptr) shape.keywords.emplace_back(record.args[i].name);
  return shape;
}

// Gives the pybind11 function `owner`.`name` the last overload that refuses what no other
// takes (see the top of this file), keeping its docstring, which pybind11 would rewrite to
// list the new overload.
inline void refuse_bad_calls_of(py::handle owner, const std::string& name, const std::string& qualified) {
  const py::handle function = py::detail::get_function(py::getattr(owner, name.c_str()));
  if (!PyCFunction_Check(function.ptr())) return;
  const py::detail::function_record* record =
      py::detail::function_record_ptr_from_PyObject(PyCFunction_GET_SELF(function.ptr()));
  // An operator returns NotImplemented instead; pybind11's conduit between modules is its own.
  if (record == nullptr || record->is_operator || name == "_pybind11_conduit_v1_") return;
  const CallShape shape = call_shape(*record, qualified);
  auto* object = reinterpret_cast<PyCFunctionObject*>(function.ptr());
  const char* before = PYBIND11_PYCFUNCTION_GET_DOC(object);
  const std::string doc = before == nullptr ? std::string() : before;
  // The catch-all's first argument defaults to `absent`, so that a call without arguments reaches it.
  const py::object absent = py::module_::import("builtins").attr("object")();
  const auto refuse = [shape, absent](const LastResort& first, const py::args& rest, const py::kwargs& kwargs) {
    std::vector<py::handle> args;
    if (!first.value.is(absent)) args.push_back(first.value);
    args.insert(args.end(), rest.begin(), rest.end());
    raise_type_error(refused_call(shape, args, kwargs));
  };
  const auto first = py::arg("\x01") = absent;  // a name no keyword argument has
  if (record->is_constructor)
    py::cpp_function([refuse](py::detail::value_and_holder&, const LastResort& arg, const py::args& args,
                              const py::kwargs& kwargs) { refuse(arg, args, kwargs); },
                     py::name(name.c_str()), py::is_method(owner), py::sibling(function),
                     py::detail::is_new_style_constructor(), first);
  else if (record->is_method)
    py::cpp_function([refuse](py::handle, const LastResort& arg, const py::args& args,
                              const py::kwargs& kwargs) { refuse(arg, args, kwargs); },
                     py::name(name.c_str()), py::is_method(owner), py::sibling(function), first);
  else
    py::cpp_function(
        [refuse](const LastResort& arg, const py::args& args, const py::kwargs& kwargs) { refuse(arg, args, kwargs); },
        py::name(name.c_str()), py::scope(owner), py::sibling(function), first);
  std::free(const_cast<char*>(PYBIND11_PYCFUNCTION_GET_DOC(object)));
  PYBIND11_PYCFUNCTION_SET_DOC(object, doc.empty() ? nullptr : PYBIND11_COMPAT_STRDUP(doc.c_str()));
}

// refuse_bad_calls_of for every function of module `m`, of its classes and of its submodules;
// `prefix` starts the name a message gives a function ("badugi." in cardcore._core.badugi).
inline void refuse_bad_calls(const py::module_& m, const std::string& prefix = "") {
  const std::string module_name = py::str(m.attr("__name__"));
  for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(m.attr("__dict__"))) {
    const std::string name = py::str(key);
    if (py::isinstance<py::module_>(value)) {
      if (std::string(py::str(value.attr("__name__"))) == module_name + "." + name)
        refuse_bad_calls(py::reinterpret_borrow<py::module_>(value), prefix + name + ".");
    } else if (py::isinstance<py::type>(value)) {
      for (const auto& [member, _] : py::dict(value.attr("__dict__"))) {  // a copy of the mappingproxy
        const std::string method = py::str(member);
        refuse_bad_calls_of(value, method, prefix + name + (method == "__init__" ? "" : "." + method));
      }
    } else {
      refuse_bad_calls_of(m, name, prefix + name);
    }
  }
}

}  // namespace cardcore::bindings
