#include "common.hpp"

PYBIND11_MODULE(_core, m) {
  using namespace cardcore::bindings;
  m.doc() = "cardcore's C++ core: cards, hand evaluators and game engines.";
  bind_cards(m);
  bind_buh(m);
  bind_badugi(m);
  bind_baibuu(m);
  bind_hucklebuck(m);
}
