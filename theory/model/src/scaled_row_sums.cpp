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

// y[c, c + K·N) = Σ_i g_i M_i[c, c + K·N), the K accumulators held in registers across the rows
// (K independent chains hide the multiply–add latency); with kUpdate each row is then updated,
// M_i ← shrink·M_i + s_i v, while it is in registers.
template <std::size_t K, bool kUpdate>
void SumTile(double* M, std::int64_t rows, std::int64_t ld, std::int64_t c, const double* g,
             double shrink, const double* s, const double* v, double* y) {
  const std::int64_t n = static_cast<std::int64_t>(hn::Lanes(dv));
  V acc[K];
  for (auto& a : acc) a = hn::Zero(dv);
  for (std::int64_t i = 0; i < rows; ++i) {
    const V gi = hn::Set(dv, g[i]);
    double* row = M + i * ld + c;
    for (std::size_t k = 0; k < K; ++k) {
      const std::int64_t at = static_cast<std::int64_t>(k) * n;
      const V x = hn::LoadU(dv, row + at);
      acc[k] = hn::MulAdd(gi, x, acc[k]);
      if constexpr (kUpdate) {
        const V kept = hn::Mul(hn::Set(dv, shrink), x);
        hn::StoreU(hn::MulAdd(hn::Set(dv, s[i]), hn::LoadU(dv, v + c + at), kept), dv, row + at);
      }
    }
  }
  for (std::size_t k = 0; k < K; ++k) {
    hn::StoreU(acc[k], dv, y + c + static_cast<std::int64_t>(k) * n);
  }
}

// Accumulators per tile: 16 fit the 32 vector registers of AVX-512 with the loads and updates (a
// 160-column m×m matrix in two sweeps, not three: 16 % fewer cycles per [S] step than 8); on the 16
// of AVX2 and SSE, 4.
constexpr std::size_t kTile = hn::MaxLanes(dv) >= 8 ? 16 : 4;

// y = Mᵀg; with kUpdate, then M ← shrink·M + s vᵀ.
template <bool kUpdate>
void SumRows(double* M, std::int64_t rows, std::int64_t cols, const double* g, double shrink,
             const double* s, const double* v, double* y) {
  const std::int64_t n = static_cast<std::int64_t>(hn::Lanes(dv));
  const std::int64_t tile = static_cast<std::int64_t>(kTile) * n;
  std::int64_t c = 0;
  for (; c + tile <= cols; c += tile) SumTile<kTile, kUpdate>(M, rows, cols, c, g, shrink, s, v, y);
  // The whole vectors left over (fewer than kTile) in tiles of 8, 4, 2 and 1, not one by one: a
  // single accumulator waits out the multiply–add latency on every row.
  if (c + 8 * n <= cols) {
    SumTile<8, kUpdate>(M, rows, cols, c, g, shrink, s, v, y);
    c += 8 * n;
  }
  if (c + 4 * n <= cols) {
    SumTile<4, kUpdate>(M, rows, cols, c, g, shrink, s, v, y);
    c += 4 * n;
  }
  if (c + 2 * n <= cols) {
    SumTile<2, kUpdate>(M, rows, cols, c, g, shrink, s, v, y);
    c += 2 * n;
  }
  if (c + n <= cols) {
    SumTile<1, kUpdate>(M, rows, cols, c, g, shrink, s, v, y);
    c += n;
  }
  for (; c < cols; ++c) {
    auto acc = hn::Zero(d1);
    for (std::int64_t i = 0; i < rows; ++i) {
      double* at = M + i * cols + c;
      const auto x = hn::LoadU(d1, at);
      acc = hn::MulAdd(hn::Set(d1, g[i]), x, acc);
      if constexpr (kUpdate) {
        const auto kept = hn::Mul(hn::Set(d1, shrink), x);
        hn::StoreU(hn::MulAdd(hn::Set(d1, s[i]), hn::LoadU(d1, v + c), kept), d1, at);
      }
    }
    hn::StoreU(acc, d1, y + c);
  }
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
