#pragma once
// The fused kernel's O(T·d) per-sample products, compiled once per SIMD target
// (sample_products.cpp, Google Highway) and picked at run time (boa/simd.hpp).
#include <cstdint>

namespace boa {

struct SampleProducts {
  // a_t = x_tᵀq and b_t = x_tᵀu for the sample's T rows (row-major, T×d at `rows`).
  void (*dots)(const double* rows, std::int64_t T, std::int64_t d, const double* q, const double* u,
               double* a, double* b);
  // gq += Σ_t da_t x_t and gu += Σ_t db_t x_t, rows added in order t = 0, 1, …, T−1.
  void (*add_rows)(const double* rows, std::int64_t T, std::int64_t d, const double* da,
                   const double* db, double* gq, double* gu);
};

// The products of the target in use (BOA_SIMD applied first). Look them up once per kernel call.
SampleProducts ChosenSampleProducts();

}  // namespace boa
