/* The scalar table limit that bench/report.py holds the four-card strength_many against,
 * compiled by bench/limit_loop.py with -O3 -march=native in the same run.
 *
 * Each mask becomes its colex index (docs/design.md "Card ids and masks": four lowest-bit
 * steps and four binomial lookups) and reads a 270,725-entry table of uint16 strengths.
 * limit_checked does what strength_many owes its caller: every mask is checked (four cards,
 * all below 52) and a bad one reads entry 0 and is reported. limit_bare trusts its input,
 * the least work a table method can do.
 *
 * memory_pass is the machine's own limit, with no table: out[i] = masks[i] & 7, the same
 * bytes read and written, on 1 or 2 threads (each its half). Its two threads against one
 * show what a second thread gains here when memory is all there is to wait for. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

static uint32_t binomial[5][65]; /* binomial[k][n] = C(n, k) for n up to 64 */

void limit_init(void) {
  for (int n = 0; n <= 64; ++n) {
    binomial[0][n] = 1;
    for (int k = 1; k <= 4; ++k) binomial[k][n] = n == 0 ? 0 : binomial[k][n - 1] + binomial[k - 1][n - 1];
  }
}

/* Returns -1 when every mask holds four cards below 52, else 0. */
int64_t limit_checked(const uint16_t* table, const uint64_t* masks, int32_t* out, size_t n) {
  int all_valid = 1;
  for (size_t i = 0; i < n; ++i) {
    uint64_t m = masks[i];
    uint32_t index = 0;
    int bit = 0;
    for (int j = 1; j <= 4; ++j) {
      bit = __builtin_ctzll(m | 1ull << 63); /* bit 63 keeps the count defined on a short mask */
      m &= m - 1;                             /* clears the lowest bit */
      index += binomial[j][bit];
    }
    const int valid = (m == 0) & (bit < 52);
    out[i] = table[index & (0u - (uint32_t)valid)]; /* entry 0 for a bad mask, no branch */
    all_valid &= valid;
  }
  return all_valid ? -1 : 0;
}

int64_t limit_bare(const uint16_t* table, const uint64_t* masks, int32_t* out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    uint64_t m = masks[i];
    uint32_t index = 0;
    for (int j = 1; j <= 4; ++j) {
      index += binomial[j][__builtin_ctzll(m)];
      m &= m - 1;
    }
    out[i] = table[index];
  }
  return -1;
}

struct half {
  const uint64_t* masks;
  int32_t* out;
  size_t n;
};

static void* pass(void* argument) {
  const struct half* h = argument;
  for (size_t i = 0; i < h->n; ++i) h->out[i] = (int32_t)(h->masks[i] & 7);
  return NULL;
}

/* Returns 0, or -1 when the second thread could not start (nothing is then written). */
int64_t memory_pass(const uint64_t* masks, int32_t* out, size_t n, int threads) {
  if (threads < 2) {
    struct half all = {masks, out, n};
    pass(&all);
    return 0;
  }
  struct half first = {masks, out, n / 2}, second = {masks + n / 2, out + n / 2, n - n / 2};
  pthread_t worker;
  if (pthread_create(&worker, NULL, pass, &second) != 0) return -1;
  pass(&first);
  pthread_join(worker, NULL);
  return 0;
}
