// The configuration fields' shared code (games/spec.hpp) with a configuration of a program's
// own: the header is installed with the C++ package, so its API is not only the games'.
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "cardcore/games/spec.hpp"
#include "check.hpp"

using namespace cardcore;

namespace {

struct Custom {
  int suit = 0;
  int players = 2;
  std::array<int, 4> stakes{};
  void validate() const {}
};

constexpr ConfigField<Custom> kFields[] = {
    {.name = "suit",
     .kind = FieldKind::kChoice,
     .doc = "the trump suit",
     .default_value = 0,
     .min = 0,
     .max = 3,
     .get = read_member<&Custom::suit>,
     .set = write_member<&Custom::suit>,
     .choices = {"clubs", "diamonds", "hearts", "spades"}},
    {.name = "players",
     .kind = FieldKind::kInt,
     .doc = "the players",
     .default_value = 2,
     .min = 2,
     .max = 4,
     .get = read_member<&Custom::players>,
     .set = write_member<&Custom::players>},
    {.name = "stakes",
     .kind = FieldKind::kPerSeat,
     .doc = "each player's stake",
     .default_value = 0,
     .min = 0,
     .max = 9,
     .get = read_member<&Custom::stakes>,
     .set = write_member<&Custom::stakes>,
     .count = [](const Custom& c) { return c.players; },
     .house_rule = true},
};

std::string to_text(const Custom& custom) {
  return fields_to_string(std::span<const ConfigField<Custom>>(kFields), custom);
}

Custom from_text(const std::string& text) {
  return fields_from_string("custom", std::span<const ConfigField<Custom>>(kFields), text);
}

}  // namespace

TEST_CASE(spec_a_choice_may_have_four_names) {
  Custom custom;
  custom.suit = 3;
  CHECK_EQ(to_text(custom), std::string("suit=spades players=2"));
  CHECK_EQ(from_text(to_text(custom)).suit, 3);
}

TEST_CASE(spec_a_per_seat_house_rule_is_written_unless_every_seat_is_at_its_default) {
  Custom custom;
  CHECK_EQ(to_text(custom), std::string("suit=clubs players=2"));
  custom.stakes[1] = 5;  // seat 0 at the default, seat 1 not
  CHECK_EQ(to_text(custom), std::string("suit=clubs players=2 stakes=0,5"));
  CHECK_EQ(from_text(to_text(custom)).stakes[1], 5);
}

int main(int argc, char** argv) { return cardcore::testing::run_tests(argc, argv); }
