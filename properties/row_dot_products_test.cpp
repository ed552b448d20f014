// RowDotProducts (C = A Bᵀ on the SIMD target in use, boa/row_dot_products.hpp) on every target
// this CPU runs: each FMA target computes exactly the documented summation order (the same bits as
// a plain loop written in that order with std::fma) and each other target exactly Eigen's product,
// so targets with the same multiply–add agree bit for bit; and each is within the rounding bound
// of Eigen's product. RowGram (A Aᵀ) is RowDotProducts(A, A) made exactly symmetric.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/row_dot_products.hpp"
#include "boa/simd.hpp"

namespace boa {
namespace row_dot_products_test {

// Sizes cover several 256-column chunks, every remainder of 8 columns, every remainder of the
// 5×4 (AVX-512) and 1×4 (AVX2) row blocks, and more than one 12-row panel of B.
struct Pair {
  RowMatrix A, B;
};

Pair DrawPair() {
  const int m = *rc::gen::inRange(1, 12), k = *rc::gen::inRange(1, 40);
  const int d = *rc::gen::inRange(1, 700);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  auto normal = [&] { return rng.Normal(); };
  return {RowMatrix::NullaryExpr(m, d, normal), RowMatrix::NullaryExpr(k, d, normal)};
}

// The order row_dot_products.cpp documents, written as a plain loop: 256-column chunks added in
// order from 0; within a chunk 8 lane sums (column ≡ lane mod 8) added by the halving tree, then
// the leftover columns in order.
double OrderedDot(const double* a, const double* b, int d) {
  auto mul_add = [](double x, double y, double acc) { return std::fma(x, y, acc); };
  double total = 0;
  for (int begin = 0; begin < d; begin += 256) {
    const int end = std::min(begin + 256, d), whole = end - (end - begin) % 8;
    double lanes[8] = {};
    for (int j = begin; j < whole; ++j)
      lanes[(j - begin) % 8] = mul_add(a[j], b[j], lanes[(j - begin) % 8]);
    double tail = 0;
    for (int j = whole; j < end; ++j) tail = mul_add(a[j], b[j], tail);
    for (int half = 4; half >= 1; half /= 2) {
      for (int l = 0; l < half; ++l) lanes[l] += lanes[l + half];
    }
    total += lanes[0] + tail;
  }
  return total;
}

RC_GTEST_PROP(RowDotProducts, EveryTargetComputesTheDocumentedOrder, ()) {
  const Pair p = DrawPair();
  const int d = static_cast<int>(p.A.cols());
  const RowMatrix eigen = p.A * p.B.transpose();
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    const RowMatrix C = RowDotProducts(p.A, p.B);
    RC_LOG() << "SIMD target " << target << ", d = " << d << '\n';
    if (!SimdTargetsAgree(target, "avx2")) {
      RC_ASSERT(C == eigen);
      continue;
    }
    for (Eigen::Index i = 0; i < C.rows(); ++i) {
      for (Eigen::Index j = 0; j < C.cols(); ++j) {
        RC_ASSERT(C(i, j) == OrderedDot(&p.A(i, 0), &p.B(j, 0), d));
      }
    }
  }
}

// Any order of a length-d dot product is within γ_d Σ|a_k b_k| of the exact value
// (γ_d = d·u/(1 − d·u), u = 2⁻⁵³; Higham, Accuracy and Stability, §3.1), so two orders differ by at
// most 2γ_d Σ|a_k b_k|: a wrong row, column or lane is off by a whole product.
RC_GTEST_PROP(RowDotProducts, EveryTargetIsWithinRoundingOfEigensProduct, ()) {
  const Pair p = DrawPair();
  const double u = DBL_EPSILON / 2, d = static_cast<double>(p.A.cols());
  const double gamma = d * u / (1 - d * u);
  const RowMatrix eigen = p.A * p.B.transpose();
  const RowMatrix size = p.A.cwiseAbs() * p.B.cwiseAbs().transpose();
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    const RowMatrix gap = (RowDotProducts(p.A, p.B) - eigen).cwiseAbs();
    RC_LOG() << "SIMD target " << target << '\n';
    RC_ASSERT(((gap.array() <= 2 * gamma * size.array())).all());
  }
}

// Rows with a stride (a block of a wider matrix) give the same bits as the block copied out: the
// kernel reads each row through its own stride.
RC_GTEST_PROP(RowDotProducts, StridedRowsGiveTheSameBitsAsACopy, ()) {
  const Pair p = DrawPair();
  const int extra = *rc::gen::inRange(1, 9);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  RowMatrix wide =
      RowMatrix::NullaryExpr(p.A.rows(), p.A.cols() + extra, [&] { return rng.Normal(); });
  wide.leftCols(p.A.cols()) = p.A;
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    RC_LOG() << "SIMD target " << target << ", extra columns " << extra << '\n';
    RC_ASSERT(RowDotProducts(wide.leftCols(p.A.cols()), p.B) == RowDotProducts(p.A, p.B));
  }
}

// RowGram skips the kernel's blocks below the diagonal: its upper triangle must still be
// RowDotProducts(A, A)'s, bit for bit, and its lower triangle the mirror (sizes past one 12-row
// panel and every 5-row block remainder, so that skipped and partly skipped blocks both occur).
RC_GTEST_PROP(RowGram, IsTheUpperTriangleOfRowDotProductsMirrored, ()) {
  const int m = *rc::gen::inRange(1, 40), d = *rc::gen::inRange(1, 600);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  const RowMatrix A = RowMatrix::NullaryExpr(m, d, [&] { return rng.Normal(); });
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    RC_LOG() << "SIMD target " << target << ", m = " << m << ", d = " << d << '\n';
    const RowMatrix full = RowDotProducts(A, A), gram = RowGram(A);
    for (int i = 0; i < m; ++i) {
      for (int j = i; j < m; ++j) {
        RC_ASSERT(gram(i, j) == full(i, j));
        RC_ASSERT(gram(j, i) == full(i, j));
      }
    }
  }
}

TEST(RowDotProducts, RefusesMatricesOfDifferentWidths) {
  EXPECT_THROW(RowDotProducts(RowMatrix::Zero(2, 3), RowMatrix::Zero(2, 4)), InvalidInput);
}

}  // namespace row_dot_products_test
}  // namespace boa
