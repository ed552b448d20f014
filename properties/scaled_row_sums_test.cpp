// SumOfScaledRows and SumOfScaledRowsThenUpdate (the per-step products of the factored W-and-p
// step, boa/scaled_row_sums.hpp) on every target this CPU runs: each computes exactly the
// documented chain of multiply–adds (std::fma on targets with fused multiply-add, a rounded
// product then a sum on the others), whatever the vector width; and the sum is within rounding of
// Eigen's product.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/scaled_row_sums.hpp"
#include "boa/simd.hpp"

namespace boa {
namespace scaled_row_sums_test {

// Up to 300 columns: whole tiles (16 vectors, 128 columns, on AVX-512; 4 vectors, 16 columns, on
// AVX2), every combination of the leftover tiles of 8, 4, 2 and 1 vectors, and each leftover
// column.
struct Instance {
  RowMatrix M;
  Vector g, s, v;
  double shrink = 1;
};

Instance DrawInstance() {
  const int rows = *rc::gen::inRange(1, 12), cols = *rc::gen::inRange(1, 300);
  Rng rng(*rc::gen::arbitrary<std::uint32_t>());
  auto normal = [&] { return rng.Normal(); };
  Instance x{RowMatrix::NullaryExpr(rows, cols, normal), Vector::NullaryExpr(rows, normal),
             Vector::NullaryExpr(rows, normal), Vector::NullaryExpr(cols, normal)};
  x.shrink = *rc::gen::element(1.0, 1 - 0.3 * rng.Uniform());
  return x;
}

// a·b + c as the target computes it: one rounding with fused multiply-add, else two (volatile
// keeps the compiler from fusing them).
double TargetMulAdd(const std::string& target, double a, double b, double c) {
  if (SimdTargetsAgree(target, "avx2")) return std::fma(a, b, c);
  const volatile double product = a * b;
  return product + c;
}

Vector OrderedSum(const std::string& target, const RowMatrix& M, const Vector& g) {
  Vector y = Vector::Zero(M.cols());
  for (Eigen::Index i = 0; i < M.rows(); ++i) {
    for (Eigen::Index j = 0; j < M.cols(); ++j) y(j) = TargetMulAdd(target, g(i), M(i, j), y(j));
  }
  return y;
}

RC_GTEST_PROP(ScaledRowSums, EveryTargetComputesTheDocumentedOrder, ()) {
  const Instance x = DrawInstance();
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    RC_LOG() << "SIMD target " << target << ", " << x.M.rows() << "×" << x.M.cols() << '\n';
    const Vector sum = OrderedSum(target, x.M, x.g);
    RC_ASSERT(SumOfScaledRows(x.M, x.g) == sum);
    RowMatrix M = x.M;
    RC_ASSERT(SumOfScaledRowsThenUpdate(M, x.g, x.shrink, x.s, x.v) == sum);
    for (Eigen::Index i = 0; i < M.rows(); ++i) {
      for (Eigen::Index j = 0; j < M.cols(); ++j) {
        RC_ASSERT(M(i, j) == TargetMulAdd(target, x.s(i), x.v(j), x.shrink * x.M(i, j)));
      }
    }
  }
}

// Any order of a sum of `rows` products is within γ_rows Σ|g_i M_ij| of the exact value (γ_k =
// k·u/(1 − k·u), u = 2⁻⁵³; Higham, Accuracy and Stability, §3.1), so two orders differ by at most
// twice that: a wrong row, column or coefficient is off by a whole product.
RC_GTEST_PROP(ScaledRowSums, EveryTargetIsWithinRoundingOfEigensProduct, ()) {
  const Instance x = DrawInstance();
  const double u = DBL_EPSILON / 2, k = static_cast<double>(x.M.rows());
  const double gamma = k * u / (1 - k * u);
  const Vector eigen = x.M.transpose() * x.g;
  const Vector size = x.M.cwiseAbs().transpose() * x.g.cwiseAbs();
  for (const std::string& target : SupportedSimdTargets()) {
    const ScopedSimdTarget on(target);
    RC_LOG() << "SIMD target " << target << '\n';
    const Vector gap = (SumOfScaledRows(x.M, x.g) - eigen).cwiseAbs();
    RC_ASSERT((gap.array() <= 2 * gamma * size.array()).all());
  }
}

TEST(ScaledRowSums, RefusesMismatchedSizes) {
  RowMatrix M = RowMatrix::Zero(2, 3);
  EXPECT_THROW(SumOfScaledRows(M, Vector::Zero(3)), InvalidInput);
  EXPECT_THROW(SumOfScaledRowsThenUpdate(M, Vector::Zero(2), 1, Vector::Zero(3), Vector::Zero(3)),
               InvalidInput);
  EXPECT_THROW(SumOfScaledRowsThenUpdate(M, Vector::Zero(2), 1, Vector::Zero(2), Vector::Zero(2)),
               InvalidInput);
}

}  // namespace scaled_row_sums_test
}  // namespace boa
