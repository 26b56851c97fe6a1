/* The scalar table limit that bench/report.py holds the four-card strength_many against,
 * compiled by bench/limit_loop.py with -O3 -march=native in the same run.
 *
 * Each mask becomes its colex index (docs/design.md "Card ids and masks": four lowest-bit
 * steps and four binomial lookups) and reads a 270,725-entry table of uint16 strengths.
 * limit_checked does what strength_many owes its caller: every mask is checked (four cards,
 * all below 52) and a bad one reads entry 0 and is reported. limit_bare trusts its input,
 * the least work a table method can do. */
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
