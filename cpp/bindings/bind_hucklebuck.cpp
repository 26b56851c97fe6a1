#include <optional>
#include <sstream>
#include <vector>

#include "cardcore/eval/hucklebuck.hpp"
#include "cardcore/games/hucklebuck/state.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "game.hpp"

namespace cardcore::bindings {
namespace {

using hucklebuck::Game;
using hucklebuck::State;

std::string table_view(const State& s) {
  std::ostringstream out;
  out << "hucklebuck.State(hand " << s.hand_number() << ", " << s.phase_name();
  if (s.upcard() >= 0) out << ", upcard " << format_card(s.upcard());
  for (int seat = 0; seat < s.n(); ++seat) {
    out << "; P" << seat << (seat == s.dealer() ? " (D)" : "") << " score " << s.score(seat);
    if (s.dropped(seat)) {
      out << " out";
      continue;
    }
    out << " tricks " << s.tricks(seat) << " [" << format_cards(s.hand(seat)) << "]";
    if (s.trick_card(seat) >= 0) out << " played " << format_card(s.trick_card(seat));
  }
  out << repr_tail(s);
  return out.str();
}

// hucklebuck's own bindings (GameBindings): its evaluator, and its State's verbs and properties.
void bind_hucklebuck(py::module_& m) {
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

  py::class_<State> state = bound_class<State>(m, "State");
  set_doc(state, R"(A Hucklebuck state (docs/rulebook/hucklebuck.md): the engine protocol
plus named verbs and readable properties.

>>> state = Game(players=5).new_initial_state(seed=1)
>>> state.phase, state.to_act
('in or out', 1))");
  bind_draw_verbs(state, hucklebuck::kExchangeBase, "exchange", "pass_", "pass");
  state
      .def(
          "in_", [](State& s) { apply_verb(s, {hucklebuck::kIn}, "in"); }, "Stays in the hand.")
      .def(
          "out", [](State& s) { apply_verb(s, {hucklebuck::kOut}, "out"); }, "Drops out of the hand.")
      .def(
          "play",
          [](State& s, py::handle card) {
            const int id = to_card(card);
            apply_verb(s, {hucklebuck::kPlayBase + id}, ("play " + format_card(id)).c_str());
          },
          "card"_a, "Plays a card of the hand to act (following suit when it can).")
      .def_property_readonly(
          "hands",
          [](const State& s) { return per_seat<py::object>(s.n(), [&](int i) { return card_set(s.hand(i)); }); },
          "Every hand (the full state, not one player's view).")
      .def_property_readonly(
          "scores", [](const State& s) { return per_seat<py::int_>(s.n(), [&](int i) { return s.score(i); }); })
      .def_property_readonly(
          "tricks", [](const State& s) { return per_seat<py::int_>(s.n(), [&](int i) { return s.tricks(i); }); },
          "Tricks each seat took this hand.")
      .def_property_readonly(
          "active", [](const State& s) { return per_seat<py::bool_>(s.n(), [&](int i) { return s.active(i); }); },
          "Whether each seat plays this hand (has not dropped out).")
      .def_property_readonly(
          "upcard",
          [](const State& s) -> py::object {
            if (s.upcard() < 0) return py::none();
            return py::module_::import("cardcore.cards").attr("Card")(s.upcard());
          },
          "The turned-up card, whose suit is trump (None before it is turned).")
      .def_property_readonly(
          "trump",
          [](const State& s) -> std::optional<std::string> {
            if (s.trump() < 0) return std::nullopt;
            return std::string(1, kSuitChars[s.trump()]);
          },
          "The trump suit letter (None before the upcard).")
      .def_property_readonly(
          "trick",
          [](const State& s) {
            py::list plays;
            for (int i = 0, seat = s.leader(); s.leader() >= 0 && i < s.n(); ++i, seat = (seat + 1) % s.n())
              if (s.trick_card(seat) >= 0) plays.append(py::make_tuple(seat, format_card(s.trick_card(seat))));
            return py::typing::List<py::typing::Tuple<py::int_, py::str>>(plays);
          },
          "The trick in play as (seat, card) in play order.")
      .def_property_readonly(
          "stock", [](const State& s) { return card_set(s.stock()); }, "The cards still to be dealt.")
      .def_property_readonly(
          "dead_cards",
          [](const State& s) {
            Mask held = 0;  // the upcard is dead unless a player drew it (upcard="bottom_of_stock")
            for (int seat = 0; seat < s.n(); ++seat) held |= s.hand(seat);
            const Mask upcard = s.upcard() >= 0 ? card_bit(s.upcard()) & ~held : 0;
            return card_set(s.discard_pile() | s.played() | upcard | [&] {
              Mask trick = 0;
              for (int seat = 0; seat < s.n(); ++seat)
                if (s.trick_card(seat) >= 0) trick |= card_bit(s.trick_card(seat));
              return trick;
            }());
          },
          "The discard pile, the upcard (unless a player drew it) and every card played this hand.")
      .def_property_readonly("button", &State::dealer, "The dealer's seat.")
      .def_property_readonly("phase", &State::phase_name,
                             "The part of the hand in play: in or out, exchange, play or over.")
      .def_property_readonly("hand_number", &State::hand_number)
      .def_property_readonly(
          "winner",
          [](const State& s) -> std::optional<int> {
            if (s.winner() < 0) return std::nullopt;
            return s.winner();
          },
          "The winner of a game played to the target (None before the end, or for a draw).")
      .def("__repr__", &table_view);

  set_doc(m.attr("Game"), R"(Hucklebuck for 3 to 7 players (docs/rulebook/hucklebuck.md).

One hand by default, scores starting from ``scores`` (returns are the score changes);
``hands=None`` plays the game to ``target`` (11), capped at ``max_hands``, returning +1 for
the winner and -1/(n-1) for each other player.

>>> game = Game(players=5, hands=None)
>>> game.num_players, game.num_distinct_actions
(5, 86))");
}

}  // namespace

CARDCORE_GAME_BINDINGS(hucklebuck::State, bind_hucklebuck);

}  // namespace cardcore::bindings
