// The fused kernel's products over a block of samples, written once with Google Highway and
// compiled for every x86 target (foreach_target.h re-includes this file once per target).
//
// Every target computes the same sums in the same order, so results depend only on whether the
// target's MulAdd is a fused multiply-add (avx2, avx3) or a multiply then an add (scalar, ssse3,
// sse4) — not on the vector width and not on the thread count:
//   - a dot product x·q keeps 16 logical partial sums (lane l takes the elements j ≡ l mod 16 of
//     the first 16⌊d/16⌋, in order), adds them by a fixed halving tree, then adds the sum of the
//     remaining d mod 16 products, taken in order;
//   - a gradient sum g = Σ_r c_r x_r updates each g_j row by row from +0, r = 0, 1, 2, … in order;
//   - a sum of rows (the blocks' partial gradients) adds them in row order.
// A vector of N lanes holds logical lanes kN … kN+N−1 of the 16; 16/N vectors hold them all.
// Highway's ReduceSum is not used: its tree depends on N.
//
// Rows are taken in groups across the block's samples (a sample has only T rows, often 2): one
// load of q and u serves kDotRows rows, one read-modify-write of gq and gu kAddRows rows.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sample_products.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "sample_products.hpp"

HWY_BEFORE_NAMESPACE();
namespace boa {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr std::size_t kLogicalLanes = 16;
using D = hn::CappedTag<double, kLogicalLanes>;
using V = hn::Vec<D>;
constexpr std::size_t kLanes = hn::MaxLanes(D());
constexpr std::size_t kVectors = kLogicalLanes / kLanes;  // vectors per 16 logical lanes
const hn::CappedTag<double, 1> d1;                        // one lane: the remainders

// Σ_l lanes[l] by the fixed halving tree (l + 8, then l + 4, l + 2, l + 1).
double SumOfLogicalLanes(double* lanes) {
  for (std::size_t half = kLogicalLanes / 2; half >= 1; half /= 2) {
    for (std::size_t l = 0; l < half; ++l) lanes[l] += lanes[l + half];
  }
  return lanes[0];
}

// a_r = x_rᵀq and b_r = x_rᵀu for R consecutive rows in one sweep (q and u loaded once per R
// rows). 2·R·kVectors independent accumulators hide the multiply–add latency.
template <std::size_t R>
void Dots(const double* rows, std::int64_t d, const double* q, const double* u, double* a,
          double* b) {
  const D dd;
  V sa[R][kVectors], sb[R][kVectors];
  for (std::size_t r = 0; r < R; ++r) {
    for (std::size_t k = 0; k < kVectors; ++k) sa[r][k] = sb[r][k] = hn::Zero(dd);
  }
  const std::int64_t whole = d - d % static_cast<std::int64_t>(kLogicalLanes);
  for (std::int64_t j = 0; j < whole; j += kLogicalLanes) {
    for (std::size_t k = 0; k < kVectors; ++k) {
      const V qj = hn::LoadU(dd, q + j + k * kLanes), uj = hn::LoadU(dd, u + j + k * kLanes);
      for (std::size_t r = 0; r < R; ++r) {
        const V x = hn::LoadU(dd, rows + r * d + j + k * kLanes);
        sa[r][k] = hn::MulAdd(x, qj, sa[r][k]);
        sb[r][k] = hn::MulAdd(x, uj, sb[r][k]);
      }
    }
  }
  HWY_ALIGN double lanes[kLogicalLanes];
  for (std::size_t r = 0; r < R; ++r) {
    auto tail_a = hn::Zero(d1), tail_b = hn::Zero(d1);
    for (std::int64_t j = whole; j < d; ++j) {
      const auto x = hn::LoadU(d1, rows + r * d + j);
      tail_a = hn::MulAdd(x, hn::LoadU(d1, q + j), tail_a);
      tail_b = hn::MulAdd(x, hn::LoadU(d1, u + j), tail_b);
    }
    for (std::size_t k = 0; k < kVectors; ++k) hn::StoreU(sa[r][k], dd, lanes + k * kLanes);
    a[r] = SumOfLogicalLanes(lanes) + hn::GetLane(tail_a);
    for (std::size_t k = 0; k < kVectors; ++k) hn::StoreU(sb[r][k], dd, lanes + k * kLanes);
    b[r] = SumOfLogicalLanes(lanes) + hn::GetLane(tail_b);
  }
}

// Four rows per sweep where a vector is wide (AVX-512: 16 accumulators of 8 lanes out of 32
// registers), one where it is narrower (AVX2: 8 accumulators per row already, 16 registers).
constexpr std::size_t kDotRows = kLanes >= 8 ? 4 : 1;

// Dots over `count` consecutive rows that share the query q (pairs before single rows, for a
// per-sample query with T = 2).
void DotsOfRows(const double* rows, std::int64_t count, std::int64_t d, const double* q,
                const double* u, double* a, double* b) {
  std::int64_t r = 0;
  for (; r + static_cast<std::int64_t>(kDotRows) <= count; r += kDotRows) {
    Dots<kDotRows>(rows + r * d, d, q, u, a + r, b + r);
  }
  if constexpr (kDotRows > 2) {
    for (; r + 2 <= count; r += 2) Dots<2>(rows + r * d, d, q, u, a + r, b + r);
  }
  for (; r < count; ++r) Dots<1>(rows + r * d, d, q, u, a + r, b + r);
}

void BlockDots(const double* rows, std::int64_t samples, std::int64_t T, std::int64_t d,
               const double* q, std::int64_t q_stride, const double* u, double* a, double* b) {
  if (q_stride == 0) {  // one query: rows grouped across samples
    DotsOfRows(rows, samples * T, d, q, u, a, b);
    return;
  }
  for (std::int64_t s = 0; s < samples; ++s) {
    DotsOfRows(rows + s * T * d, T, d, q + s * q_stride, u, a + s * T, b + s * T);
  }
}

// Σ_r da_r x_r and Σ_r db_r x_r over R consecutive rows, in row order, continuing the sums in gq
// and gu (or starting from +0 with kFromZero: the same bits as zeroing them first, fma(a, x, +0)
// being what a loaded +0 gave) and storing them back there, or with kAddInto adding them to
// sum_q and sum_u instead. One pass over the R rows; the 2R coefficients are broadcast once.
// (gq is read and written through one pointer, so that the compiler's own vectorisation of the
// 1-lane baseline target needs no overlap check that a read and a write of the same array fail.)
template <std::size_t R, bool kFromZero, bool kAddInto>
void AddRows(const double* rows, std::int64_t d, const double* da, const double* db, double* gq,
             double* gu, double* sum_q, double* sum_u) {
  // Columns [j, j + Lanes(tag)), with the coefficients broadcast to that width in cq and cu.
  const auto columns = [&](auto tag, std::int64_t j, const auto& cq, const auto& cu) {
    auto sq = kFromZero ? hn::Zero(tag) : hn::LoadU(tag, gq + j);
    auto su = kFromZero ? hn::Zero(tag) : hn::LoadU(tag, gu + j);
    for (std::size_t r = 0; r < R; ++r) {
      const auto x = hn::LoadU(tag, rows + r * d + j);
      sq = hn::MulAdd(cq[r], x, sq);
      su = hn::MulAdd(cu[r], x, su);
    }
    if constexpr (kAddInto) {
      hn::StoreU(hn::Add(hn::LoadU(tag, sum_q + j), sq), tag, sum_q + j);
      hn::StoreU(hn::Add(hn::LoadU(tag, sum_u + j), su), tag, sum_u + j);
    } else {
      hn::StoreU(sq, tag, gq + j);
      hn::StoreU(su, tag, gu + j);
    }
  };
  const auto broadcast = [&](auto tag, auto(&cq)[R], auto(&cu)[R]) {
    for (std::size_t r = 0; r < R; ++r) {
      cq[r] = hn::Set(tag, da[r]);
      cu[r] = hn::Set(tag, db[r]);
    }
  };
  const hn::ScalableTag<double> dv;
  const std::int64_t n = static_cast<std::int64_t>(hn::Lanes(dv));
  std::int64_t j = 0;
  if (d >= n) {
    hn::Vec<decltype(dv)> ca[R], cb[R];
    broadcast(dv, ca, cb);
    for (; j + n <= d; j += n) columns(dv, j, ca, cb);
  }
  if (j < d) {  // the columns left over, one at a time
    hn::Vec<decltype(d1)> ca[R], cb[R];
    broadcast(d1, ca, cb);
    for (; j < d; ++j) columns(d1, j, ca, cb);
  }
}

template <std::size_t R>
void AddGroup(bool from_zero, bool add_into, const double* rows, std::int64_t d, const double* da,
              const double* db, double* gq, double* gu, double* sum_q, double* sum_u) {
  if (from_zero && add_into) {
    AddRows<R, true, true>(rows, d, da, db, gq, gu, sum_q, sum_u);
  } else if (from_zero) {
    AddRows<R, true, false>(rows, d, da, db, gq, gu, sum_q, sum_u);
  } else if (add_into) {
    AddRows<R, false, true>(rows, d, da, db, gq, gu, sum_q, sum_u);
  } else {
    AddRows<R, false, false>(rows, d, da, db, gq, gu, sum_q, sum_u);
  }
}

// Rows per group: on AVX-512, 16 (a block of 8 samples with T = 2 in one pass: the 32 coefficient
// vectors no longer all fit the 32 registers, but one pass instead of two over the sums saves
// more, 6 % of a call at (100, 2, 10000)); on AVX2 and SSE (16 registers), 4.
constexpr std::int64_t kAddRows = hn::MaxLanes(hn::ScalableTag<double>()) >= 8 ? 16 : 4;

// The block's sums Σ_r da_r x_r and Σ_r db_r x_r over `count` ≥ 1 rows, each added row by row from
// +0 in row order: written to gq and gu, or, when sum_q and sum_u are given, added to them (gq and
// gu then hold the sums between groups of rows). Groups of kAddRows rows, then 8, 4, 2, 1.
void BlockAddRows(const double* rows, std::int64_t count, std::int64_t d, const double* da,
                  const double* db, double* gq, double* gu, double* sum_q, double* sum_u) {
  for (std::int64_t r = 0; r < count;) {
    const std::int64_t left = count - r;
    const std::int64_t size = left >= kAddRows            ? kAddRows
                              : kAddRows > 8 && left >= 8 ? 8
                              : left >= 4                 ? 4
                              : left >= 2                 ? 2
                                                          : 1;
    const bool first = r == 0, add_into = r + size == count && sum_q != nullptr;
    const double* x = rows + r * d;
    switch (size) {
      case 16: AddGroup<16>(first, add_into, x, d, da + r, db + r, gq, gu, sum_q, sum_u); break;
      case 8: AddGroup<8>(first, add_into, x, d, da + r, db + r, gq, gu, sum_q, sum_u); break;
      case 4: AddGroup<4>(first, add_into, x, d, da + r, db + r, gq, gu, sum_q, sum_u); break;
      case 2: AddGroup<2>(first, add_into, x, d, da + r, db + r, gq, gu, sum_q, sum_u); break;
      default: AddGroup<1>(first, add_into, x, d, da + r, db + r, gq, gu, sum_q, sum_u); break;
    }
    r += size;
  }
}

// sum = rows[0] + rows[1] + … + rows[count−1], added row by row in order (count ≥ 1).
void SumRows(const double* rows, std::int64_t count, std::int64_t d, double* sum) {
  const hn::ScalableTag<double> dv;
  const std::int64_t n = static_cast<std::int64_t>(hn::Lanes(dv));
  std::copy_n(rows, d, sum);
  for (std::int64_t k = 1; k < count; ++k) {
    const double* row = rows + k * d;
    std::int64_t j = 0;
    for (; j + n <= d; j += n) {
      hn::StoreU(hn::Add(hn::LoadU(dv, sum + j), hn::LoadU(dv, row + j)), dv, sum + j);
    }
    for (; j < d; ++j) sum[j] += row[j];
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace boa
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "boa/simd.hpp"

namespace boa {

HWY_EXPORT(BlockDots);
HWY_EXPORT(BlockAddRows);
HWY_EXPORT(SumRows);

SampleProducts ChosenSampleProducts() {
  ApplySimdChoice();
  return {&HWY_DYNAMIC_DISPATCH(BlockDots), &HWY_DYNAMIC_DISPATCH(BlockAddRows),
          &HWY_DYNAMIC_DISPATCH(SumRows)};
}

}  // namespace boa
#endif  // HWY_ONCE
