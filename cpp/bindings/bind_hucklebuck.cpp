#include <vector>

#include "cardcore/eval/hucklebuck.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
#include "common.hpp"

namespace cardcore::bindings {

template <>
void bind_game_module<hucklebuck::State>(py::module_& parent) {
  py::module_ m = parent.def_submodule("hucklebuck", "Hucklebuck tricks (docs/rulebook/hucklebuck.md 4.3).");

  m.def(
      "trick_winner",
      [](const py::typing::Iterable<py::object>& plays, int trump) {
        std::vector<int> cards;
        if (PyUnicode_Check(plays.ptr()))
          cards = parse_card_list(utf8(plays));
        else
          for (py::handle play : plays) cards.push_back(to_card(play));
        return hucklebuck::trick_winner(cards.data(), static_cast<int>(cards.size()), trump);
      },
      "plays"_a, "trump"_a,
      R"(Index of the winning play (lead first, a list of cards or a string of them); trump is a
suit index 0-3 (c d h s).

>>> trick_winner(["7s", "Ks", "2h", "As"], 2)
2)");
  m.def(
      "legal_plays", [](py::handle hand, int led_suit) { return hucklebuck::legal_plays(to_mask(hand), led_suit); },
      "hand"_a, "led_suit"_a,
      R"(Mask of the cards of ``hand`` that may be played; led_suit -1 when leading.

>>> legal_plays("Ks 4s 9h 2c 7d", 3) == 1 << 11 | 1 << 47  # 4s and Ks
True)");
  bind_engine<hucklebuck::State>(m);
}

}  // namespace cardcore::bindings
