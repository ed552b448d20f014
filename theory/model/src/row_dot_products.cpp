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
//     8⌊len/8⌋, in order) are added by a fixed halving tree, ((s0 + s4) + (s2 + s6)) + ((s1 + s5) +
//     (s3 + s7)), then the remaining products in order, then that sum to C[i][j].
// A vector of N lanes holds logical lanes kN … kN+N−1 of the 8. The tree is computed for four
// dot products at once with vector shuffles that pair the same lanes (IEEE a + b == b + a).
//
// Speed (benchmarks/README.md): each chunk of A's rows (when more than one panel of B reads it),
// and of B's rows a panel at a time, is first copied into 64-byte-aligned buffers. Eigen aligns to
// 16 bytes, and an unaligned 8-lane load straddles two cache lines: on AVX-512 the copies alone
// take ≈ 25 % off X W₀ᵀ's time.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "row_dot_products.cpp"
#include <hwy/aligned_allocator.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "boa/row_dot_products.hpp"

HWY_BEFORE_NAMESPACE();
namespace boa {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET <= HWY_AVX2  // the x86 targets with FMA: AVX2 (4 lanes) and AVX-512 (8 lanes)

constexpr std::size_t kLogicalLanes = 8;
constexpr std::int64_t kChunk = 256;  // columns per chunk: a chunk of A's rows stays in L2
using D = hn::CappedTag<double, kLogicalLanes>;
using V = hn::Vec<D>;
using D4 = hn::CappedTag<double, 4>;
using V4 = hn::Vec<D4>;
constexpr std::size_t kLanes = hn::MaxLanes(D());
constexpr std::size_t kVectors = kLogicalLanes / kLanes;  // vectors per 8 logical lanes

// Rows of A and of B per block: as many accumulators and loaded rows as the target has vector
// registers for (AVX-512: 32, for 20 accumulators and 9 loaded rows; AVX2: 16, for 12
// accumulators, one lane-half pass at a time, and 3 loaded rows of A, B's rows read by the
// multiply–adds themselves: ≈ 11 % off an [S] W-and-p claim's run against one row of A at a
// time). Four rows of B let one vector add a row of the block's dot products into C.
constexpr std::size_t kBlockA = kLanes >= 8 ? 5 : 3;
constexpr std::size_t kBlockB = 4;

// The tree's first level, logical lanes l + (l + 4) for l < 4, as one 4-lane vector.
template <std::size_t N>
V4 FirstLevel(const V (&lanes)[N]) {
  if constexpr (N == 2) {
    return hn::Add(lanes[0], lanes[1]);
  } else {
    return hn::Add(hn::LowerHalf(D4(), lanes[0]), hn::UpperHalf(D4(), lanes[0]));
  }
}

// The tree's last two levels for four dot products p0 … p3 (FirstLevel's vectors): lane i of the
// result is (p_i[0] + p_i[2]) + (p_i[1] + p_i[3]).
V4 LastLevels(V4 p0, V4 p1, V4 p2, V4 p3) {
  const D4 d4;
  // [p0[0] + p0[2], p0[1] + p0[3], p1[0] + p1[2], p1[1] + p1[3]], and so for p2, p3.
  const V4 q01 = hn::Add(hn::ConcatLowerLower(d4, p1, p0), hn::ConcatUpperUpper(d4, p1, p0));
  const V4 q23 = hn::Add(hn::ConcatLowerLower(d4, p3, p2), hn::ConcatUpperUpper(d4, p3, p2));
  return hn::Add(hn::ConcatEven(d4, q23, q01), hn::ConcatOdd(d4, q23, q01));
}

// C[r][s] += the chunk sum of a_r·b_s over columns [0, len) of a and b, r < RA, s < RB.
template <std::size_t RA, std::size_t RB>
void AddChunkDots(const double* a, std::int64_t lda, const double* b, std::int64_t ldb,
                  std::int64_t len, double* c, std::int64_t ldc) {
  static_assert(RB == 1 || RB == 4, "a row of sums is one 4-lane vector");
  const D dd;
  const D4 d4;
  V acc[RA][RB][kVectors];
  const std::int64_t whole = len - len % static_cast<std::int64_t>(kLogicalLanes);
  // One pass over the columns per vector of the 8 logical lanes (AVX2: two, lanes 0–3 and 4–7):
  // each accumulator sums the same products in the same order as in one interleaved pass, and a
  // pass holds only RA·RB accumulators, so AVX2 fits two rows of A (kBlockA) in its 16 registers.
  for (std::size_t k = 0; k < kVectors; ++k) {
    V sum[RA][RB];
    for (auto& row : sum) {
      for (auto& v : row) v = hn::Zero(dd);
    }
    for (std::int64_t j = 0; j < whole; j += kLogicalLanes) {
      const std::int64_t at = j + static_cast<std::int64_t>(k * kLanes);
      V x[RA], y[RB];
      for (std::size_t r = 0; r < RA; ++r) x[r] = hn::LoadU(dd, a + r * lda + at);
      for (std::size_t s = 0; s < RB; ++s) y[s] = hn::LoadU(dd, b + s * ldb + at);
      for (std::size_t r = 0; r < RA; ++r) {
        for (std::size_t s = 0; s < RB; ++s) sum[r][s] = hn::MulAdd(x[r], y[s], sum[r][s]);
      }
    }
    for (std::size_t r = 0; r < RA; ++r) {
      for (std::size_t s = 0; s < RB; ++s) acc[r][s][k] = sum[r][s];
    }
  }
  for (std::size_t r = 0; r < RA; ++r) {
    HWY_ALIGN double tails[4] = {};  // the products past the last whole 8 columns, in order
    for (std::size_t s = 0; s < RB; ++s) {
      for (std::int64_t j = whole; j < len; ++j) {
        tails[s] = std::fma(a[r * lda + j], b[s * ldb + j], tails[s]);
      }
    }
    V4 first[4];  // with one pair (RB = 1), all four are that pair's and lane 0 is used
    for (std::size_t s = 0; s < 4; ++s) first[s] = FirstLevel(acc[r][s % RB]);
    const V4 sums =
        hn::Add(LastLevels(first[0], first[1], first[2], first[3]), hn::Load(d4, tails));
    double* c_row = c + static_cast<std::int64_t>(r) * ldc;
    if constexpr (RB == 4) {
      hn::StoreU(hn::Add(hn::LoadU(d4, c_row), sums), d4, c_row);
    } else {
      c_row[0] += hn::GetLane(sums);
    }
  }
}

// Copies columns [begin, begin + len) of `rows` rows of M into packed (row stride kChunk).
void PackChunk(const double* M, std::int64_t rows, std::int64_t ld, std::int64_t begin,
               std::int64_t len, double* packed) {
  for (std::int64_t r = 0; r < rows; ++r) std::copy_n(M + r * ld + begin, len, packed + r * kChunk);
}

// C = A Bᵀ (C is m×k, dense row-major). Per chunk of columns, A's rows are copied into an aligned
// buffer (m × 256, in L2; read in place when B has at most one panel), then B's rows a panel of
// kPanel at a time (in L1); each block of kBlockA rows of A (in L1 then), and then each row of A
// left over, meets the panel's kBlockB-row blocks. Rows of B left over meet kBlockA rows of A at a
// time, then single rows. Every C[i][j] gets each chunk sum once, in chunk order.
constexpr std::size_t kPanel = 3 * kBlockB;  // 12 rows, 24 KB: L1 keeps them and a block of A

// With `upper_only` (A and B the same matrix, C = A Aᵀ) the blocks wholly below the diagonal are
// skipped: every C[i][j] with i ≤ j is still computed exactly as above, and the caller mirrors it.
void RowDotsKernel(const double* A, std::int64_t m, std::int64_t lda, const double* B,
                   std::int64_t k, std::int64_t ldb, std::int64_t d, double* C, bool upper_only) {
  for (std::int64_t x = 0; x < m * k; ++x) C[x] = 0.0;
  constexpr auto ra = static_cast<std::int64_t>(kBlockA), rb = static_cast<std::int64_t>(kBlockB);
  constexpr auto panel = static_cast<std::int64_t>(kPanel);
  const std::int64_t m_blocked = m - m % ra, k_blocked = k - k % rb;
  // A's chunk is copied only when more than one panel of B reads it: with fewer rows of B (a
  // matrix–vector product, or M2's K + 1 projections) each row of A is read about once, and the
  // aligned copy would cost more than the split loads it saves (it was a quarter of a K-class
  // run; a per-step Rᵀz of an [S] run would allocate 320 KB for nothing). The copies never change
  // a result: every sum runs in the same order from either buffer.
  const bool pack_a = k_blocked > panel;
  hwy::AlignedFreeUniquePtr<double[]> a_chunk, b_panel;
  if (pack_a) a_chunk = hwy::AllocateAligned<double>(static_cast<std::size_t>(m * kChunk));
  if (k_blocked > 0) {
    b_panel = hwy::AllocateAligned<double>(static_cast<std::size_t>(panel * kChunk));
  }
  for (std::int64_t begin = 0; begin < d; begin += kChunk) {
    const std::int64_t len = std::min(kChunk, d - begin);
    if (pack_a) PackChunk(A, m, lda, begin, len, a_chunk.get());
    const double* a_rows = pack_a ? a_chunk.get() : A + begin;
    const std::int64_t a_ld = pack_a ? kChunk : lda;
    for (std::int64_t j0 = 0; j0 < k_blocked; j0 += panel) {
      const std::int64_t j1 = std::min(j0 + panel, k_blocked);
      PackChunk(B + j0 * ldb, j1 - j0, ldb, begin, len, b_panel.get());
      for (std::int64_t i = 0; i < m_blocked; i += ra) {
        for (std::int64_t j = j0; j < j1; j += rb) {
          if (upper_only && j + rb <= i) continue;
          AddChunkDots<kBlockA, kBlockB>(a_rows + i * a_ld, a_ld, b_panel.get() + (j - j0) * kChunk,
                                         kChunk, len, C + i * k + j, k);
        }
      }
      for (std::int64_t i = m_blocked; i < m; ++i) {
        for (std::int64_t j = j0; j < j1; j += rb) {
          if (upper_only && j + rb <= i) continue;
          AddChunkDots<1, kBlockB>(a_rows + i * a_ld, a_ld, b_panel.get() + (j - j0) * kChunk,
                                   kChunk, len, C + i * k + j, k);
        }
      }
    }
    for (std::int64_t j = k_blocked; j < k; ++j) {
      std::int64_t i = 0;
      for (; i < m_blocked; i += ra) {
        AddChunkDots<kBlockA, 1>(a_rows + i * a_ld, a_ld, B + j * ldb + begin, ldb, len,
                                 C + i * k + j, k);
      }
      for (; i < m; ++i) {
        AddChunkDots<1, 1>(a_rows + i * a_ld, a_ld, B + j * ldb + begin, ldb, len, C + i * k + j,
                           k);
      }
    }
  }
}

#else  // targets without FMA run Eigen's product (RowDotProducts below), never this kernel

void RowDotsKernel(const double*, std::int64_t, std::int64_t, const double*, std::int64_t,
                   std::int64_t, std::int64_t, double*, bool) {
  HWY_ABORT("RowDotsKernel runs only on targets with FMA");
}

#endif  // HWY_TARGET <= HWY_AVX2

}  // namespace HWY_NAMESPACE
}  // namespace boa
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "boa/error.hpp"
#include "boa/simd.hpp"

namespace boa {

HWY_EXPORT(RowDotsKernel);

namespace {

RowMatrix Products(const RowMatrixRef& A, const RowMatrixRef& B, bool upper_only) {
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
  (A.data(), A.rows(), A.outerStride(), B.data(), B.rows(), B.outerStride(), A.cols(), C.data(),
   upper_only);
  return C;
}

}  // namespace

RowMatrix RowDotProducts(const RowMatrixRef& A, const RowMatrixRef& B) {
  Require(A.cols() == B.cols(), "RowDotProducts: A and B need the same number of columns");
  return Products(A, B, false);
}

RowMatrix RowGram(const RowMatrixRef& A) {
  RowMatrix C = Products(A, A, true);
  C.triangularView<Eigen::StrictlyLower>() = C.transpose();
  return C;
}

}  // namespace boa
#endif  // HWY_ONCE
