#pragma once
// The fused kernel's O(T·d) products over a block of samples, compiled once per SIMD target
// (sample_products.cpp, Google Highway) and picked at run time (boa/simd.hpp).
#include <cstdint>

namespace boa {

struct SampleProducts {
  // a_r = x_rᵀq_r and b_r = x_rᵀu for the T·samples consecutive rows at `rows` (row-major, d
  // columns); rows t of sample s use the query at q + s·q_stride (q_stride 0: one shared query).
  void (*dots)(const double* rows, std::int64_t samples, std::int64_t T, std::int64_t d,
               const double* q, std::int64_t q_stride, const double* u, double* a, double* b);
  // g_q = Σ_r da_r x_r and g_u = Σ_r db_r x_r over `count` ≥ 1 consecutive rows, each added in
  // row order from +0: written to gq and gu, or, when sum_q and sum_u are not null, added to them
  // (sum_q += g_q, as sum_rows adds a row; gq and gu are then scratch).
  void (*add_rows)(const double* rows, std::int64_t count, std::int64_t d, const double* da,
                   const double* db, double* gq, double* gu, double* sum_q, double* sum_u);
  // sum = Σ_k rows[k] over `count` ≥ 1 consecutive rows, added in row order.
  void (*sum_rows)(const double* rows, std::int64_t count, std::int64_t d, double* sum);
};

// The products of the target in use (BOA_SIMD applied first). Look them up once per kernel call.
SampleProducts ChosenSampleProducts();

}  // namespace boa
