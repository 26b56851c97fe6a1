// A minimal test harness for the C++ tests (no framework to download), in OpenSpiel's
// style: plain executables, a check macro, registered test cases.
//
//   TEST_CASE(colex_round_trip) { CHECK_EQ(colex_index<2>(mask, valid), 0u); }
//   int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
//
// A failed check prints file:line, the expression and, for the comparisons, both values,
// then ends its test case (it throws CheckFailure); the other cases still run, and the
// executable exits 1 if any case failed. An exception escaping a case fails it too.
// `executable [filter]` runs only the cases whose name contains `filter` (a filter that
// matches nothing is a failure, so a misspelt ctest entry cannot pass). TRACE(text) adds a
// line of context (a seed, a step) that a failure in its scope prints.
#pragma once

#include <chrono>
#include <cstdint>
#include <exception>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace cardcore::testing {

// Thrown by a failed check once it has printed its message: ends the test case.
struct CheckFailure {};

struct TestCase {
  const char* name;
  void (*body)();
};

inline std::vector<TestCase>& registry() {
  static std::vector<TestCase> cases;
  return cases;
}

struct Register {
  Register(const char* name, void (*body)()) { registry().push_back({name, body}); }
};

// The context lines of the enclosing TRACE scopes, outermost first.
inline std::vector<std::string>& traces() {
  static std::vector<std::string> lines;
  return lines;
}

class Trace {
 public:
  explicit Trace(std::string line) { traces().push_back(std::move(line)); }
  ~Trace() { traces().pop_back(); }
  Trace(const Trace&) = delete;
  Trace& operator=(const Trace&) = delete;
};

[[noreturn]] inline void fail(const char* file, int line, const std::string& what) {
  std::ostringstream out;
  out << file << ":" << line << ": check failed: " << what << "\n";
  for (const std::string& context : traces()) out << "    while " << context << "\n";
  std::cerr << out.str() << std::flush;
  throw CheckFailure{};
}

template <class T>
inline constexpr bool kIsRange = requires(const T& v) {
  std::begin(v) != std::end(v);
};
template <class T>
inline constexpr bool kIsPrintable = requires(const T& v) {
  std::declval<std::ostream&>() << v;
};

// A value as a failure message shows it: integers as numbers (also the one-byte ones and
// enums), a 64-bit unsigned also in hex (card masks), strings quoted, vectors element-wise.
template <class T>
void show(std::ostream& out, const T& value) {
  if constexpr (std::is_enum_v<T>) {
    out << static_cast<long long>(static_cast<std::underlying_type_t<T>>(value));
  } else if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "true" : "false");
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    out << value << " (0x" << std::hex << value << std::dec << ")";
  } else if constexpr (std::is_integral_v<T>) {
    out << static_cast<long long>(value);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    out << '"' << std::string_view(value) << '"';
  } else if constexpr (kIsRange<T>) {
    out << "{";
    bool first = true;
    for (const auto& item : value) {
      out << (first ? "" : ", ");
      show(out, item);
      first = false;
    }
    out << "}";
  } else if constexpr (kIsPrintable<T>) {
    out << value;
  } else {
    out << "(a value that cannot be printed)";
  }
}

template <class A, class B>
[[noreturn]] void fail_compare(const char* file, int line, const char* expression, const A& a, const B& b) {
  std::ostringstream out;
  out << expression << "\n    left:  ";
  show(out, a);
  out << "\n    right: ";
  show(out, b);
  fail(file, line, out.str());
}

// Runs the registered cases (those whose name contains argv[1], if given); prints one line
// a case and a closing "N passed, M failed" line; returns the exit status.
inline int run_tests(int argc, char** argv) {
  const std::string_view filter = argc > 1 ? argv[1] : "";
  int passed = 0, failed = 0;
  for (const TestCase& test : registry()) {
    if (std::string_view(test.name).find(filter) == std::string_view::npos) continue;
    const auto start = std::chrono::steady_clock::now();
    bool ok = false;
    try {
      test.body();
      ok = true;
    } catch (const CheckFailure&) {
      // already reported
    } catch (const std::exception& e) {
      std::cerr << "unexpected exception: " << e.what() << "\n";
    } catch (...) {
      std::cerr << "unexpected exception of an unknown type\n";
    }
    traces().clear();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::cout << (ok ? "ok     " : "FAILED ") << test.name << " (" << ms.count() << " ms)" << std::endl;
    ++(ok ? passed : failed);
  }
  if (passed + failed == 0) {
    std::cerr << "no test case matches the filter '" << filter << "'\n";
    return 1;
  }
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace cardcore::testing

#define CARDCORE_TEST_CONCAT_(a, b) a##b
#define CARDCORE_TEST_CONCAT(a, b) CARDCORE_TEST_CONCAT_(a, b)

#define TEST_CASE(name)                                                                                  \
  static void test_##name();                                                                             \
  static const ::cardcore::testing::Register CARDCORE_TEST_CONCAT(register_, name)(#name, &test_##name); \
  static void test_##name()

#define TRACE(text) const ::cardcore::testing::Trace CARDCORE_TEST_CONCAT(trace_, __LINE__)(text)

#define CHECK(condition)                                                         \
  do {                                                                           \
    if (!(condition)) ::cardcore::testing::fail(__FILE__, __LINE__, #condition); \
  } while (false)

// Each operand is evaluated once, into a copy: a reference could dangle (s.counts()[0]
// refers into a temporary that dies with its full expression).
#define CARDCORE_CHECK_OP(a, op, b)                                                                 \
  do {                                                                                              \
    const auto check_a_ = (a);                                                                      \
    const auto check_b_ = (b);                                                                      \
    if (!(check_a_ op check_b_))                                                                    \
      ::cardcore::testing::fail_compare(__FILE__, __LINE__, #a " " #op " " #b, check_a_, check_b_); \
  } while (false)

#define CHECK_EQ(a, b) CARDCORE_CHECK_OP(a, ==, b)
#define CHECK_NE(a, b) CARDCORE_CHECK_OP(a, !=, b)
#define CHECK_LT(a, b) CARDCORE_CHECK_OP(a, <, b)
#define CHECK_LE(a, b) CARDCORE_CHECK_OP(a, <=, b)
#define CHECK_GT(a, b) CARDCORE_CHECK_OP(a, >, b)
#define CHECK_GE(a, b) CARDCORE_CHECK_OP(a, >=, b)

// `statement` must throw `Exception` whose what() contains `text`.
#define CHECK_THROWS(statement, Exception, text)                                                                \
  do {                                                                                                          \
    bool check_threw_ = false;                                                                                  \
    try {                                                                                                       \
      statement;                                                                                                \
    } catch (const Exception& check_e_) {                                                                       \
      check_threw_ = true;                                                                                      \
      if (std::string_view(check_e_.what()).find(text) == std::string_view::npos)                               \
        ::cardcore::testing::fail(__FILE__, __LINE__,                                                           \
                                  #statement " threw " #Exception " saying \"" + std::string(check_e_.what()) + \
                                      "\", which does not contain \"" + std::string(text) + "\"");              \
    }                                                                                                           \
    if (!check_threw_) ::cardcore::testing::fail(__FILE__, __LINE__, #statement " did not throw " #Exception);  \
  } while (false)
