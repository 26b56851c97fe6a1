// The harness itself (check.hpp): a failed check prints file:line, the expression, the
// values and the TRACE context, ends its case and makes the run fail; an escaping
// exception fails its case; a filter that matches nothing fails. The cases below fail on
// purpose; main runs them with their output captured and checks what they reported.
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "check.hpp"

namespace {
int check_line = 0, check_eq_line = 0;
bool ran_past_a_failure = false;
}  // namespace

TEST_CASE(deliberately_failing_check) {
  check_line = __LINE__ + 1;
  CHECK(1 + 1 == 3);
  ran_past_a_failure = true;
}

TEST_CASE(deliberately_failing_check_eq) {
  const int two = 2;
  TRACE("the context line");
  check_eq_line = __LINE__ + 1;
  CHECK_EQ(two + 1, 4);
}

TEST_CASE(deliberately_failing_check_throws) { CHECK_THROWS((void)0, std::invalid_argument, "anything"); }

TEST_CASE(deliberately_failing_check_throws_message) {
  CHECK_THROWS(throw std::invalid_argument("a bad card"), std::invalid_argument, "a bad hand");
}

TEST_CASE(deliberately_throwing) { throw std::runtime_error("escaped from the case"); }

TEST_CASE(deliberately_passing) {
  CHECK_EQ(std::string("a"), "a");
  CHECK_THROWS(throw std::invalid_argument("a bad card"), std::invalid_argument, "bad card");
}

int main() {
  std::ostringstream out, err;
  std::streambuf* const cout_buffer = std::cout.rdbuf(out.rdbuf());
  std::streambuf* const cerr_buffer = std::cerr.rdbuf(err.rdbuf());
  char name[] = "test_check", filter[] = "deliberately", nothing[] = "no such case";
  char* with_filter[] = {name, filter};
  char* with_nothing[] = {name, nothing};
  const int status = cardcore::testing::run_tests(2, with_filter);
  const int status_nothing = cardcore::testing::run_tests(2, with_nothing);
  std::cout.rdbuf(cout_buffer);
  std::cerr.rdbuf(cerr_buffer);

  int problems = 0;
  auto expect = [&](bool ok, const std::string& what) {
    if (!ok) {
      std::cerr << "the harness did not do this: " << what << "\n";
      ++problems;
    }
  };
  const std::string file = __FILE__;
  expect(status == 1, "run_tests returns 1 when a case failed");
  expect(status_nothing == 1, "run_tests returns 1 when the filter matches no case");
  expect(!ran_past_a_failure, "a failed check ends its case");
  expect(err.str().find(file + ":" + std::to_string(check_line) + ": check failed: 1 + 1 == 3\n") != std::string::npos,
         "CHECK prints file:line and the expression");
  expect(err.str().find(file + ":" + std::to_string(check_eq_line) +
                        ": check failed: two + 1 == 4\n    left:  3\n    right: 4\n    while the context line\n") !=
             std::string::npos,
         "CHECK_EQ prints both values and the TRACE context");
  expect(err.str().find("check failed: (void)0 did not throw std::invalid_argument") != std::string::npos,
         "CHECK_THROWS reports a statement that did not throw");
  expect(err.str().find("saying \"a bad card\", which does not contain \"a bad hand\"") != std::string::npos,
         "CHECK_THROWS reports a message without the expected text");
  expect(err.str().find("unexpected exception: escaped from the case") != std::string::npos,
         "an escaping exception is reported");
  expect(err.str().find("no test case matches the filter 'no such case'") != std::string::npos,
         "an empty filter is reported");
  expect(out.str().find("FAILED deliberately_failing_check (") != std::string::npos, "a failed case is named");
  expect(out.str().find("ok     deliberately_passing (") != std::string::npos, "a passing case is named");
  expect(out.str().find("1 passed, 5 failed\n") != std::string::npos, "the closing line counts the cases");
  if (problems) {
    std::cerr << "what the harness printed:\n" << out.str() << err.str();
    return 1;
  }
  std::cout << "the harness reports failures as it should" << std::endl;
  return 0;
}
