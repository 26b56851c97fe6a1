// The memory of large result arrays (common.hpp, result_array), kept for the next call.
//
// A fresh mapping's pages are zeroed by the system at their first write: for the 40 MB
// result of 10,000,000 hands that costs about as much as the lookups themselves
// (docs/performance.md, "The batch kernels"), and malloc maps and unmaps every block above
// its 32 MB ceiling anew. A call that returns its result in a fresh array pays it each time,
// a loop writing into one array of its own does not. So a result of at least kPooledBytes
// is carved from a block that this pool hands out and takes back when NumPy frees the
// array: the two blocks freed last (at most kRetainedBytes together) wait for the next
// call, which takes the smallest that fits without wasting more than half of it.
#include <pybind11/numpy.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

#include "common.hpp"

namespace cardcore::bindings {

namespace {

constexpr std::size_t kPooledBytes = std::size_t{1} << 20;  // smaller blocks malloc recycles itself
// The alignment and rounding that let the system map 2 MB pages, which NumPy asks for too.
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kRetainedBytes = std::size_t{512} << 20;
constexpr std::size_t kRetainedBlocks = 2;

struct Block {
  void* data;
  std::size_t bytes;
};

class Pool {
 public:
  // A block of at least `bytes`: a retained one if one fits, else a new one.
  Block take(std::size_t bytes) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      auto best = free_.end();
      for (auto it = free_.begin(); it != free_.end(); ++it)
        if (it->bytes >= bytes && it->bytes / 2 <= bytes && (best == free_.end() || it->bytes < best->bytes)) best = it;
      if (best != free_.end()) {
        const Block block = *best;
        free_.erase(best);
        return block;
      }
    }
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* data = std::aligned_alloc(kHugePage, rounded);
    if (data == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(data, rounded, MADV_HUGEPAGE);  // advice only: without huge pages it changes nothing
#endif
    return {data, rounded};
  }

  // Takes `block` back, keeping the last kRetainedBlocks freed (oldest out first) within
  // kRetainedBytes; a block larger than that alone is freed at once.
  void give_back(Block block) {
    if (block.bytes > kRetainedBytes) {
      std::free(block.data);
      return;
    }
    std::vector<Block> evicted;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      free_.push_back(block);
      std::size_t retained = 0;
      for (const Block& b : free_) retained += b.bytes;
      while (free_.size() > kRetainedBlocks || retained > kRetainedBytes) {
        retained -= free_.front().bytes;
        evicted.push_back(free_.front());
        free_.erase(free_.begin());
      }
    }
    for (const Block& b : evicted) std::free(b.data);
  }

 private:
  std::mutex mutex_;
  std::vector<Block> free_;  // oldest first
};

Pool& pool() {
  static Pool* const the_pool = new Pool();  // never destroyed: arrays may outlive the module's teardown
  return *the_pool;
}

}  // namespace

py::array_t<std::int32_t> result_array(std::size_t n) {
  const std::size_t bytes = n * sizeof(std::int32_t);
  if (bytes < kPooledBytes) return py::array_t<std::int32_t>(static_cast<py::ssize_t>(n));
  auto* block = new Block(pool().take(bytes));
  py::capsule owner(block, [](void* p) {
    auto* b = static_cast<Block*>(p);
    pool().give_back(*b);
    delete b;
  });
  return py::array_t<std::int32_t>(static_cast<py::ssize_t>(n), static_cast<std::int32_t*>(block->data), owner);
}

}  // namespace cardcore::bindings
