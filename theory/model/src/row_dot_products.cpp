// All dot products between the rows of two row-major matrices, C = A Bᵀ, written once with Google
// Highway and compiled for every x86 target (foreach_target.h re-includes this file per target).
// The factored W start (X W₀ᵀ, X Xᵀ, Y₀ Y₀ᵀ) spends most of an [S] run here; Eigen's product is
// compiled for the portable baseline (SSE2, no FMA), this one runs the CPU's widest target.
//
// Every target with fused multiply-add (avx2, avx3, avx3_dl) computes C[i][j] = a_i·b_j in the same
// order, so they give the same bits (README § Reproducibility across CPUs); targets without it run
// Eigen's product instead (see RowDotProducts). The order:
//   - the columns are split into chunks of 256 (the last one shorter), and the chunk sums are
//     added in chunk order, starting from 0;
//   - within a chunk, 8 logical partial sums (lane l takes the columns ≡ l mod 8 of its first
//     8⌊len/8⌋, in order) are added by a fixed halving tree, then the remaining products in order.
// A vector of N lanes holds logical lanes kN … kN+N−1 of the 8.
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "row_dot_products.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "boa/row_dot_products.hpp"

HWY_BEFORE_NAMESPACE();
namespace boa {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr std::size_t kLogicalLanes = 8;
constexpr std::int64_t kChunk = 256;  // columns per chunk: a chunk of A's rows stays in L2
using D = hn::CappedTag<double, kLogicalLanes>;
using V = hn::Vec<D>;
constexpr std::size_t kLanes = hn::MaxLanes(D());
constexpr std::size_t kVectors = kLogicalLanes / kLanes;  // vectors per 8 logical lanes

// Rows of A and of B per block: as many accumulators and loaded rows as the target has vector
// registers for (AVX-512: 32, 16 accumulators; AVX2: 16, 12 accumulators of 2 vectors each).
// Targets without FMA never run this kernel (RowDotProducts below).
constexpr std::size_t kBlockA = kLanes >= 8 ? 4 : 3;
constexpr std::size_t kBlockB = kLanes >= 8 ? 4 : 2;

// C[r][s] += the chunk sum of a_r·b_s over columns [begin, end), r < RA, s < RB.
template <std::size_t RA, std::size_t RB>
void AddChunkDots(const double* a, std::int64_t lda, const double* b, std::int64_t ldb,
                  std::int64_t begin, std::int64_t end, double* c, std::int64_t ldc) {
  const D dd;
  const hn::CappedTag<double, 1> d1;
  V acc[RA][RB][kVectors];
  for (auto& row : acc) {
    for (auto& pair : row) {
      for (auto& v : pair) v = hn::Zero(dd);
    }
  }
  const std::int64_t whole = end - (end - begin) % static_cast<std::int64_t>(kLogicalLanes);
  for (std::int64_t j = begin; j < whole; j += kLogicalLanes) {
    for (std::size_t k = 0; k < kVectors; ++k) {
      const std::int64_t at = j + static_cast<std::int64_t>(k * kLanes);
      V x[RA], y[RB];
      for (std::size_t r = 0; r < RA; ++r) x[r] = hn::LoadU(dd, a + r * lda + at);
      for (std::size_t s = 0; s < RB; ++s) y[s] = hn::LoadU(dd, b + s * ldb + at);
      for (std::size_t r = 0; r < RA; ++r) {
        for (std::size_t s = 0; s < RB; ++s) acc[r][s][k] = hn::MulAdd(x[r], y[s], acc[r][s][k]);
      }
    }
  }
  HWY_ALIGN double lanes[kLogicalLanes];
  for (std::size_t r = 0; r < RA; ++r) {
    for (std::size_t s = 0; s < RB; ++s) {
      auto tail = hn::Zero(d1);
      for (std::int64_t j = whole; j < end; ++j) {
        tail = hn::MulAdd(hn::LoadU(d1, a + r * lda + j), hn::LoadU(d1, b + s * ldb + j), tail);
      }
      for (std::size_t k = 0; k < kVectors; ++k) hn::StoreU(acc[r][s][k], dd, lanes + k * kLanes);
      for (std::size_t half = kLogicalLanes / 2; half >= 1; half /= 2) {
        for (std::size_t l = 0; l < half; ++l) lanes[l] += lanes[l + half];
      }
      c[static_cast<std::int64_t>(r) * ldc + static_cast<std::int64_t>(s)] +=
          lanes[0] + hn::GetLane(tail);
    }
  }
}

// C = A Bᵀ (C is m×k, dense row-major). Per chunk of columns: a panel of kPanel rows of B stays in
// L1 while each block of kBlockA rows of A (also in L1 then) meets its kBlockB-row blocks, so A's
// chunk (in L2) is read once per panel; rows left over go one pair at a time. Every C[i][j] gets
// each chunk sum once, in chunk order.
constexpr std::size_t kPanel = 4 * kBlockB;

void RowDotsKernel(const double* A, std::int64_t m, std::int64_t lda, const double* B,
                   std::int64_t k, std::int64_t ldb, std::int64_t d, double* C) {
  for (std::int64_t x = 0; x < m * k; ++x) C[x] = 0.0;
  constexpr auto ra = static_cast<std::int64_t>(kBlockA), rb = static_cast<std::int64_t>(kBlockB);
  constexpr auto panel = static_cast<std::int64_t>(kPanel);
  const std::int64_t m_blocked = m - m % ra, k_blocked = k - k % rb;
  for (std::int64_t begin = 0; begin < d; begin += kChunk) {
    const std::int64_t end = begin + kChunk < d ? begin + kChunk : d;
    for (std::int64_t j0 = 0; j0 < k_blocked; j0 += panel) {
      const std::int64_t j1 = j0 + panel < k_blocked ? j0 + panel : k_blocked;
      for (std::int64_t i = 0; i < m_blocked; i += ra) {
        for (std::int64_t j = j0; j < j1; j += rb) {
          AddChunkDots<kBlockA, kBlockB>(A + i * lda, lda, B + j * ldb, ldb, begin, end,
                                         C + i * k + j, k);
        }
      }
    }
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t j = i < m_blocked ? k_blocked : 0; j < k; ++j) {
        AddChunkDots<1, 1>(A + i * lda, lda, B + j * ldb, ldb, begin, end, C + i * k + j, k);
      }
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace boa
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "boa/error.hpp"
#include "boa/simd.hpp"

namespace boa {

HWY_EXPORT(RowDotsKernel);

RowMatrix RowDotProducts(const RowMatrixRef& A, const RowMatrixRef& B) {
  Require(A.cols() == B.cols(), "RowDotProducts: A and B need the same number of columns");
  ApplySimdChoice();
  RowMatrix C(A.rows(), B.rows());
  if (!SimdTargetsAgree(SimdTargetName(), "avx2")) {
    // Without FMA, Eigen's blocked product (compiled for the baseline, 2-wide SSE2) is faster
    // than this kernel's 8-lane order emulated 1 or 2 lanes at a time, and it is one compiled
    // code path, so scalar, ssse3 and sse4 still give the same bits.
    C.noalias() = A * B.transpose();
    return C;
  }
  HWY_DYNAMIC_DISPATCH(RowDotsKernel)
  (A.data(), A.rows(), A.outerStride(), B.data(), B.rows(), B.outerStride(), A.cols(), C.data());
  return C;
}

}  // namespace boa
#endif  // HWY_ONCE
