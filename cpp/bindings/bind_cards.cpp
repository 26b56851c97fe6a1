#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cardcore/core/batch.hpp"
#include "cardcore/core/bits.hpp"
#include "cardcore/core/layout.hpp"
#include "cardcore/core/rank_table.hpp"
#include "cardcore/core/rng.hpp"
#include "cardcore/core/text.hpp"
#include "common.hpp"
#include "engine.hpp"

namespace cardcore::bindings {
namespace {

// An int-like (Python int, NumPy integer) as a 64-bit unsigned value, or false if it is none
// (a NumPy array of card ids is not one, though it has __index__: it is an iterable).
bool as_index(py::handle obj, std::uint64_t& value, std::string_view what) {
  const py::object index = index_of(obj);
  if (!index) return false;
  const bool negative = PyObject_RichCompareBool(index.ptr(), py::int_(0).ptr(), Py_LT) == 1;
  value = negative ? ~0ull : PyLong_AsUnsignedLongLong(index.ptr());
  if (negative || PyErr_Occurred()) {
    PyErr_Clear();
    throw std::invalid_argument(std::string(what) + " " + shown(index) + " is negative or too large");
  }
  return true;
}

}  // namespace

int to_card(py::handle card) {
  std::uint64_t id;
  if (as_index(card, id, "card id")) {
    if (id >= kDeckSize) throw std::invalid_argument("card id " + std::to_string(id) + " is not in 0-51");
    return static_cast<int>(id);
  }
  if (PyUnicode_Check(card.ptr())) return parse_card(utf8(card));
  if (py::hasattr(card, "id")) return to_card(card.attr("id"));
  throw py::type_error("expected a card (Card, card string or card id 0-51), got " + type_name(card));
}

Mask to_mask(py::handle cards) {
  if (PyLong_CheckExact(cards.ptr())) {  // the hot path: an int mask
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(cards.ptr(), &overflow);
    if (overflow == 0 && value >= 0) {
      check_mask(static_cast<Mask>(value));
      return static_cast<Mask>(value);
    }
  }
  std::uint64_t mask;
  if (as_index(cards, mask, "card mask")) {
    check_mask(mask);
    return mask;
  }
  if (PyUnicode_Check(cards.ptr())) return parse_cards(utf8(cards));
  if (PyBytes_Check(cards.ptr()) || PyByteArray_Check(cards.ptr()))  // not iterated as card ids
    throw py::type_error("expected cards (CardSet, card string, int mask or iterable of cards), got " +
                         type_name(cards) + ": decode it to a str first");
  if (py::hasattr(cards, "mask")) return to_mask(cards.attr("mask"));
  if (py::hasattr(cards, "id")) return card_bit(to_card(cards));
  if (!py::isinstance<py::iterable>(cards))
    throw py::type_error("expected cards (CardSet, card string, int mask or iterable of cards), got " +
                         type_name(cards));
  Mask result = 0;
  int position = 0;
  for (py::handle item : cards) {
    ++position;
    const int card = to_card(item);
    if (result & card_bit(card))
      throw std::invalid_argument("duplicate card " + format_card(card) + " at position " + std::to_string(position));
    result |= card_bit(card);
  }
  return result;
}

const Mask* mask_data(const py::array& masks, std::string_view name) {
  if (!masks.dtype().equal(py::dtype::of<std::uint64_t>()))  // any 64-bit unsigned spelling (L, Q)
    throw std::invalid_argument(std::string(name) + " must be a uint64 array, got dtype " +
                                std::string(py::str(masks.dtype())));
  if (masks.ndim() != 1)
    throw std::invalid_argument(std::string(name) + " must be 1-D, got " + std::to_string(masks.ndim()) +
                                " dimensions");
  if (!(masks.flags() & py::array::c_style)) throw std::invalid_argument(std::string(name) + " must be C-contiguous");
  return static_cast<const Mask*>(masks.data());
}

void throw_bad_element(std::string_view name, std::int64_t index, Mask mask, int num_cards, std::string_view what) {
  std::string problem;
  try {
    check_hand(mask, num_cards, what);
    problem = "is not " + std::string(what);
  } catch (const std::invalid_argument& e) {
    problem = e.what();
  }
  throw std::invalid_argument(std::string(name) + "[" + std::to_string(index) + "] = " + std::to_string(mask) + ": " +
                              problem);
}

py::array_t<std::int32_t> output_array(const std::optional<py::array>& out, std::size_t n) {
  if (!out) return result_array(n);
  if (!out->dtype().equal(py::dtype::of<std::int32_t>()) || out->ndim() != 1 ||
      static_cast<std::size_t>(out->size()) != n || !(out->flags() & py::array::c_style) || !out->writeable())
    throw std::invalid_argument("out must be a writeable C-contiguous 1-D int32 array of length " + std::to_string(n));
  return py::reinterpret_borrow<py::array_t<std::int32_t>>(*out);
}

py::object card_set(Mask mask) {
  // CardSet._of_engine (from_mask without its checks: the engines' masks are valid),
  // looked up once: states build a CardSet for every hand they return.
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<py::object> of_engine;
  return of_engine
      .call_once_and_store_result(
          [] { return py::module_::import("cardcore.cards").attr("CardSet").attr("_of_engine"); })
      .get_stored()(mask);
}

void bind_cards(py::module_& m) {
  m.attr("DECK_SIZE") = kDeckSize;

  m.def(
      "parse_cards", [](std::string_view text) { return parse_cards(text); }, "text"_a,
      R"(The mask of the cards in ``text`` (``"As Kd"``, ``"a♠,10h"``); ValueError names a bad
or duplicate token and its position.

>>> parse_cards("2c 2d")
3)");
  m.def(
      "format_cards",
      [](Mask mask, bool pretty) {
        check_mask(mask);
        return format_cards(mask, pretty);
      },
      "mask"_a, "pretty"_a = false,
      R"(The cards of a mask in ascending id order.

>>> format_cards(3 | 1 << 51, pretty=True)
'2♣ 2♦ A♠')");
  m.def("to_mask", &to_mask, "cards"_a,
        R"(The mask of any card-like: CardSet, card string, int mask or iterable of cards.

>>> to_mask(["As", 0])
2251799813685249)");

  m.def(
      "random_hands",
      [](std::int64_t n, int k, std::uint64_t seed) {
        if (n < 0) throw std::invalid_argument("n must be >= 0, got " + std::to_string(n));
        if (k < 0 || k > kDeckSize) throw std::invalid_argument("k must be in 0-52, got " + std::to_string(k));
        py::array_t<std::uint64_t> out(n);
        Mask* data = out.mutable_data();
        {
          py::gil_scoped_release release;           // writes only `out`, which this frame owns
          constexpr std::int64_t kChunk = 1 << 16;  // one generator stream per chunk
          for (std::int64_t start = 0; start < n; start += kChunk) {
            Rng rng(seed, static_cast<std::uint64_t>(start / kChunk));
            for (std::int64_t i = start; i < std::min(n, start + kChunk); ++i) data[i] = rng.random_hand(k);
          }
        }
        return out;
      },
      "n"_a, "k"_a, "seed"_a,
      R"(``n`` uniformly random ``k``-card masks from ``seed`` (the same on every platform).

>>> import numpy as np
>>> [int(m).bit_count() for m in random_hands(3, 4, 7)]
[4, 4, 4])");

  m.def(
      "random_deals",
      [](std::int64_t n, const std::vector<int>& sizes, std::uint64_t seed) {
        if (n < 0) throw std::invalid_argument("n must be >= 0, got " + std::to_string(n));
        int total = 0;
        for (int size : sizes) {
          if (size < 0) throw std::invalid_argument("hand sizes must be >= 0, got " + std::to_string(size));
          total += size;
          if (total > kDeckSize) throw std::invalid_argument("the hands need more than 52 cards");
        }
        const auto hands = static_cast<py::ssize_t>(sizes.size());
        py::array_t<std::uint64_t> out({static_cast<py::ssize_t>(n), hands});
        Mask* data = out.mutable_data();
        {
          py::gil_scoped_release release;           // writes only `out`, which this frame owns
          constexpr std::int64_t kChunk = 1 << 16;  // one generator stream per chunk
          for (std::int64_t start = 0; start < n; start += kChunk) {
            Rng rng(seed, static_cast<std::uint64_t>(start / kChunk));
            for (std::int64_t i = start; i < std::min(n, start + kChunk); ++i) {
              Mask dealt = 0;
              for (py::ssize_t h = 0; h < hands; ++h) {
                Mask hand = 0;
                for (int c = 0; c < sizes[h];) {  // draw from the cards not yet dealt
                  const Mask bit = card_bit(static_cast<int>(rng.below(kDeckSize)));
                  if (dealt & bit) continue;
                  dealt |= bit;
                  hand |= bit;
                  ++c;
                }
                data[i * hands + h] = hand;
              }
            }
          }
        }
        return out;
      },
      "n"_a, "sizes"_a, "seed"_a,
      R"(``n`` deals of disjoint hands of the given sizes, each row from one shuffled deck.

>>> deals = random_deals(2, [4, 4], 3)
>>> deals.shape, int(deals[0, 0] & deals[0, 1])
((2, 2), 0))");

  m.def(
      "all_hands",
      [](int k) {
        if (k < 0 || k > kMaxColexK) throw std::invalid_argument("k must be in 0-5, got " + std::to_string(k));
        const std::uint32_t count = kBinomial[k][kDeckSize];
        py::array_t<std::uint64_t> out(count);
        Mask* data = out.mutable_data();
        Mask mask = (Mask{1} << k) - 1;
        for (std::uint32_t i = 0; i < count; ++i) {
          data[i] = mask;
          if (mask == 0) break;
          // Gosper's hack: the next larger integer with the same number of set bits.
          const Mask lowest = mask & (~mask + 1);
          const Mask ripple = mask + lowest;
          mask = ripple | (((mask ^ ripple) >> 2) / lowest);
        }
        return out;
      },
      "k"_a,
      R"(Every ``k``-card mask (k <= 5) in increasing order, which is colex order.

>>> len(all_hands(2))
1326)");

  m.def(
      "masks_from_ids",
      [](const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& ids) {
        if (ids.ndim() != 2)
          throw std::invalid_argument("ids must be 2-D (n, k), got " + std::to_string(ids.ndim()) + " dimensions");
        const auto n = ids.shape(0), k = ids.shape(1);
        py::array_t<std::uint64_t> out(n);
        const std::int64_t* in = ids.data();
        Mask* data = out.mutable_data();
        for (py::ssize_t i = 0; i < n; ++i) {
          Mask mask = 0;
          for (py::ssize_t j = 0; j < k; ++j) {
            const std::int64_t id = in[i * k + j];
            const std::string where = "ids[" + std::to_string(i) + ", " + std::to_string(j) + "]";
            if (id < 0 || id >= kDeckSize)
              throw std::invalid_argument(where + " = " + std::to_string(id) + " is not a card id 0-51");
            if (mask & card_bit(static_cast<int>(id)))
              throw std::invalid_argument(where + ": duplicate card " + format_card(static_cast<int>(id)));
            mask |= card_bit(static_cast<int>(id));
          }
          data[i] = mask;
        }
        return out;
      },
      "ids"_a,
      R"(Masks from an (n, k) array of card ids.

>>> masks_from_ids([[0, 51]]).tolist()
[2251799813685249])");

  m.def(
      "ids_from_masks",
      [](const py::array& masks, int k) {
        const Mask* in = mask_data(masks, "masks");
        if (k < 0 || k > kDeckSize) throw std::invalid_argument("k must be in 0-52, got " + std::to_string(k));
        const auto n = masks.size();
        py::array_t<std::uint8_t> out({n, static_cast<py::ssize_t>(k)});
        std::uint8_t* data = out.mutable_data();
        for (py::ssize_t i = 0; i < n; ++i) {
          if ((in[i] & ~kDeckMask) || popcount(in[i]) != k) throw_bad_element("masks", i, in[i], k, "a hand");
          Mask m = in[i];
          for (int j = 0; j < k; ++j, m = clear_lowest(m)) data[i * k + j] = static_cast<std::uint8_t>(lowest_bit(m));
        }
        return out;
      },
      "masks"_a, "k"_a,
      R"(An (n, k) uint8 array of the card ids of k-card masks, ascending in each row.

>>> import numpy as np
>>> ids_from_masks(np.array([3], dtype=np.uint64), 2).tolist()
[[0, 1]])");

  // Private, for the tests (docs/performance.md "The batch kernels"): which kernel the
  // four-card batch calls run (rank_table.hpp), and the limit that makes them run a lower one.
  static constexpr std::array<std::string_view, 3> kKernelNames = {"portable", "avx2", "avx512"};
  m.def(
      "_batch_kernel", [] { return kKernelNames[static_cast<std::size_t>(batch_kernel())]; },
      "The kernel the four-card batch calls run now: 'portable', 'avx2' or 'avx512'.");
  m.def(
      "_limit_batch_kernel",
      [](std::string_view most) {
        const auto* found = std::find(kKernelNames.begin(), kKernelNames.end(), most);
        if (found == kKernelNames.end())
          throw std::invalid_argument("unknown batch kernel " + quote_input(most) +
                                      ": expected 'portable', 'avx2' or 'avx512'");
        limit_batch_kernel(static_cast<BatchKernel>(found - kKernelNames.begin()));
      },
      "most"_a,
      "Makes the four-card batch calls run the best kernel the CPU has up to ``most`` "
      "('portable', 'avx2' or 'avx512'; 'avx512' lifts the limit).");
}

}  // namespace cardcore::bindings
