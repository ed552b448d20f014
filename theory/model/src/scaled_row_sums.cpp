// The O(m²) products of a factored W-and-p step, written once with Google Highway and compiled for
// every x86 target (foreach_target.h re-includes this file once per target). Eigen's products are
// compiled for the portable baseline (2-wide SSE2, no FMA); these run the CPU's widest target.
//
// Order (scaled_row_sums.hpp): every output element is a chain y ← MulAdd(g_i, M_ij, y) over the
// rows i = 0, 1, 2, … from y = 0, and an update is one MulAdd onto M_ij.
// Lanes never mix, so the vector width does not change any result.
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "scaled_row_sums.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "boa/scaled_row_sums.hpp"

HWY_BEFORE_NAMESPACE();
namespace boa {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

const hn::ScalableTag<double> dv;
using V = hn::Vec<decltype(dv)>;
const hn::CappedTag<double, 1> d1;  // one lane: the columns left over

// y += Σ_{b<B} g_b M_b over B consecutive rows, one vector of columns at a time: each y element
// takes the rows' multiply–adds in row order, loaded from and stored back to y once per block.
// With kUpdate each row is then updated, M_b ← shrink·M_b + s_b v, while it is in registers.
// The rows are read in memory order (the prefetcher streams them); the independent columns keep
// the multiply–add units busy. Against a column tile held in registers down all the rows, this
// took ≈ 15 % off a 320-row Gram engine run on AVX2 (frak_s.criterion) (the 0.8 MB matrix is read
// from L2 either way; column tiles touch a new row's cache lines at every multiply–add).
template <std::int64_t B, bool kUpdate>
void AddRowBlock(double* M, std::int64_t cols, const double* g, double shrink, const double* s,
                 const double* v, double* y) {
  const std::int64_t n = static_cast<std::int64_t>(hn::Lanes(dv));
  // The coefficients in registers, once per block (y's stores could alias g for the compiler).
  V gb[B], sb[B];
  for (std::int64_t b = 0; b < B; ++b) {
    gb[b] = hn::Set(dv, g[b]);
    if constexpr (kUpdate) sb[b] = hn::Set(dv, s[b]);
  }
  const V shrink_v = hn::Set(dv, shrink);
  std::int64_t c = 0;
  for (; c + n <= cols; c += n) {
    V acc = hn::LoadU(dv, y + c);
    for (std::int64_t b = 0; b < B; ++b) {
      double* at = M + b * cols + c;
      const V x = hn::LoadU(dv, at);
      acc = hn::MulAdd(gb[b], x, acc);
      if constexpr (kUpdate) {
        hn::StoreU(hn::MulAdd(sb[b], hn::LoadU(dv, v + c), hn::Mul(shrink_v, x)), dv, at);
      }
    }
    hn::StoreU(acc, dv, y + c);
  }
  for (; c < cols; ++c) {  // the columns past the last whole vector
    auto acc = hn::LoadU(d1, y + c);
    for (std::int64_t b = 0; b < B; ++b) {
      double* at = M + b * cols + c;
      const auto x = hn::LoadU(d1, at);
      acc = hn::MulAdd(hn::Set(d1, g[b]), x, acc);
      if constexpr (kUpdate) {
        const auto kept = hn::Mul(hn::Set(d1, shrink), x);
        hn::StoreU(hn::MulAdd(hn::Set(d1, s[b]), hn::LoadU(d1, v + c), kept), d1, at);
      }
    }
    hn::StoreU(acc, d1, y + c);
  }
}

// Rows per block: 8 (4 took ≈ 8 % longer, 16 the same).
constexpr std::int64_t kRowBlock = 8;

// y = Mᵀg; with kUpdate, then M ← shrink·M + s vᵀ.
template <bool kUpdate>
void SumRows(double* M, std::int64_t rows, std::int64_t cols, const double* g, double shrink,
             const double* s, const double* v, double* y) {
  for (std::int64_t c = 0; c < cols; ++c) y[c] = 0.0;
  std::int64_t i = 0;
  for (; i + kRowBlock <= rows; i += kRowBlock) {
    AddRowBlock<kRowBlock, kUpdate>(M + i * cols, cols, g + i, shrink, s ? s + i : s, v, y);
  }
  for (; i < rows; ++i)
    AddRowBlock<1, kUpdate>(M + i * cols, cols, g + i, shrink, s ? s + i : s, v, y);
}

void SumScaledRows(const double* M, std::int64_t rows, std::int64_t cols, const double* g,
                   double* y) {
  // Without the update M is only read.
  SumRows<false>(const_cast<double*>(M), rows, cols, g, 1, nullptr, nullptr, y);
}

void SumScaledRowsThenUpdate(double* M, std::int64_t rows, std::int64_t cols, const double* g,
                             double shrink, const double* s, const double* v, double* y) {
  SumRows<true>(M, rows, cols, g, shrink, s, v, y);
}

}  // namespace HWY_NAMESPACE
}  // namespace boa
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "boa/error.hpp"
#include "boa/simd.hpp"

namespace boa {

HWY_EXPORT(SumScaledRows);
HWY_EXPORT(SumScaledRowsThenUpdate);

Vector SumOfScaledRows(const RowMatrix& M, const Vector& g) {
  Require(g.size() == M.rows(), "SumOfScaledRows: one coefficient per row");
  ApplySimdChoice();
  Vector y(M.cols());
  HWY_DYNAMIC_DISPATCH(SumScaledRows)(M.data(), M.rows(), M.cols(), g.data(), y.data());
  return y;
}

Vector SumOfScaledRowsThenUpdate(RowMatrix& M, const Vector& g, double shrink, const Vector& s,
                                 const Vector& v) {
  Require(g.size() == M.rows() && s.size() == M.rows() && v.size() == M.cols(),
          "SumOfScaledRowsThenUpdate: sizes do not match");
  ApplySimdChoice();
  Vector y(M.cols());
  HWY_DYNAMIC_DISPATCH(SumScaledRowsThenUpdate)
  (M.data(), M.rows(), M.cols(), g.data(), shrink, s.data(), v.data(), y.data());
  return y;
}

}  // namespace boa
#endif  // HWY_ONCE
