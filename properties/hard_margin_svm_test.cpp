// hard_margin_svm: the dual solver returns a KKT point (margins ≥ 1, α ≥ 0, complementary
// slackness), primal = dual objective, no feasible perturbation has a smaller norm, closed forms
// on tiny problems, and a non-separable problem is reported as such.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/hard_margin_svm.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace hard_margin_svm_test {

constexpr double kKkt = 1e-9;  // the solver's target is 1e-10; margins are O(1)

RowMatrix GaussianRows(int k, int dim, std::uint64_t seed) {
  Rng rng(seed, kDirection);
  return RowMatrix::NullaryExpr(k, dim, [&] { return rng.Normal(); });
}

// k < dim Gaussian rows are linearly independent (a.s.), hence separable through the origin.
// Rows that nearly repeat (groups of copies perturbed by ε, as attended tokens near the hard
// attention limit) make G ill-conditioned: coordinate ascent stalls, and the active-set finish
// must still return a certified KKT point.
RC_GTEST_PROP(HardMarginSvm, NearlyRepeatedRowsStillReachTheKktTolerance, ()) {
  const int dim = *rc::gen::inRange(8, 40);
  const int groups = *rc::gen::inRange(1, 4);
  const int copies = *rc::gen::inRange(2, 4);
  const double eps = std::exp(-*rc::gen::inRange(3, 12));  // e^{-3} … e^{-11}
  const auto seed = *rc::gen::inRange<std::uint32_t>(0, 1u << 30);
  const RowMatrix centres = GaussianRows(groups, dim, seed);
  const RowMatrix noise = GaussianRows(groups * copies, dim, seed + 1);
  RowMatrix Z(groups * copies, dim);
  for (int r = 0; r < Z.rows(); ++r) Z.row(r) = centres.row(r / copies) + eps * noise.row(r);
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  RC_ASSERT(svm.converged);
  const Vector margins = Z * SvmPrimal(Z, svm);
  RC_ASSERT(margins.minCoeff() >= 1 - kKkt);
  RC_ASSERT((svm.alpha.array() >= 0).all());
}

RC_GTEST_PROP(HardMarginSvm, ReturnsAKktPointWithEqualPrimalAndDualObjectives, ()) {
  const int dim = *rc::gen::inRange(2, 40);
  const int k = *rc::gen::inRange(1, dim);
  const auto seed = *rc::gen::inRange<std::uint32_t>(0, 1u << 30);
  const RowMatrix Z = GaussianRows(k, dim, seed);
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  RC_ASSERT(svm.converged);
  RC_ASSERT(svm.kkt_residual <= kKkt);
  RC_ASSERT((svm.alpha.array() >= 0).all());
  const Vector w = SvmPrimal(Z, svm);
  const Vector margins = Z * w;
  RC_ASSERT(margins.minCoeff() >= 1 - kKkt);
  for (int i = 0; i < k; ++i)
    RC_ASSERT(svm.alpha(i) * std::fabs(margins(i) - 1) <= kKkt * (1 + svm.alpha(i)));
  // Strong duality: ‖w‖² = 1ᵀα, i.e. the dual objective is ½‖w‖².
  RC_ASSERT(std::fabs(w.squaredNorm() - svm.alpha.sum()) <= 1e-9 * w.squaredNorm());
  RC_ASSERT(std::fabs(svm.dual_objective - w.squaredNorm() / 2) <= 1e-9 * w.squaredNorm());
}

// Optimality directly in the primal: perturb w, rescale until feasible; the norm cannot drop.
RC_GTEST_PROP(HardMarginSvm, NoFeasiblePerturbationHasASmallerNorm, ()) {
  const int dim = *rc::gen::inRange(3, 30);
  const int k = *rc::gen::inRange(2, dim);
  const auto seed = *rc::gen::inRange<std::uint32_t>(0, 1u << 30);
  const RowMatrix Z = GaussianRows(k, dim, seed);
  const Vector w = SvmPrimal(Z, SolveHardMarginSvm(Z * Z.transpose()));
  const RowMatrix directions = GaussianRows(20, dim, seed + 1);
  for (int j = 0; j < directions.rows(); ++j) {
    const Vector trial = w + 0.1 * w.norm() * directions.row(j).transpose().normalized();
    const double worst = (Z * trial).minCoeff();
    if (worst <= 0) continue;  // the perturbation left the feasible cone; nothing to compare
    RC_ASSERT((trial / worst).norm() >= w.norm() * (1 - 1e-9));
  }
}

TEST(HardMarginSvm, OneConstraintGivesTheScaledRow) {
  RowMatrix Z(1, 3);
  Z << 3, 0, 4;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_NEAR(svm.norm_squared, 1.0 / 25, 1e-14);
  EXPECT_LE((SvmPrimal(Z, svm) - Z.row(0).transpose() / 25).norm(), 1e-14);
}

TEST(HardMarginSvm, OrthogonalRowsAreAllSupportVectors) {
  RowMatrix Z(2, 3);
  Z << 2, 0, 0, 0, 0, 5;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_NEAR(svm.norm_squared, 1.0 / 4 + 1.0 / 25, 1e-12);
  EXPECT_NEAR(svm.alpha(0), 1.0 / 4, 1e-12);
  EXPECT_NEAR(svm.alpha(1), 1.0 / 25, 1e-12);
}

// z₁ = (1, 0), z₂ = (2, 1): w = z₁/‖z₁‖² = (1, 0) already gives z₂ᵀw = 2, so z₁ alone is support.
// z₂ = (0.5, 1): the margin-1 point of both is w = (1, 0.5) with ‖w‖² = 1.25.
TEST(HardMarginSvm, TwoRowsAtAnAngleMatchTheClosedForm) {
  RowMatrix Z(2, 2);
  Z << 1, 0, 2, 1;
  HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_NEAR(svm.norm_squared, 1.0, 1e-12);
  EXPECT_NEAR(svm.alpha(1), 0.0, 1e-12);
  Z << 1, 0, 0.5, 1;
  svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_NEAR(svm.norm_squared, 1.25, 1e-12);
  EXPECT_LE((SvmPrimal(Z, svm) - Vector{{1.0, 0.5}}).norm(), 1e-12);
}

// Repeated rows make the Gram matrix singular; the margin problem is still well posed.
TEST(HardMarginSvm, RepeatedRowsShareTheirDualWeight) {
  RowMatrix Z(3, 2);
  Z << 2, 0, 2, 0, 0, 1;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_LE(svm.kkt_residual, kKkt);
  EXPECT_NEAR(svm.norm_squared, 1.0 / 4 + 1.0, 1e-12);
}

TEST(HardMarginSvm, OppositeRowsNeverConverge) {
  RowMatrix Z(2, 2);
  Z << 1, 1, -1, -1;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_FALSE(svm.converged);
  EXPECT_TRUE(std::isfinite(svm.norm_squared));
  EXPECT_GT(svm.kkt_residual, 0.5);  // margins of z and −z cannot both reach 1
}

TEST(HardMarginSvm, AProvablyHugeNormIsReportedNonSeparable) {
  RowMatrix Z(2, 2);
  Z << 1, 1, -1, -1;
  HardMarginSvmOptions options;
  options.unbounded_norm_squared = 100;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose(), options);
  EXPECT_FALSE(svm.separable);
  EXPECT_FALSE(svm.converged);
}

TEST(HardMarginSvm, AZeroRowIsInfeasible) {
  RowMatrix Z(2, 2);
  Z << 1, 0, 0, 0;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose());
  EXPECT_FALSE(svm.separable);
  EXPECT_FALSE(svm.converged);
}

}  // namespace hard_margin_svm_test
}  // namespace boa
