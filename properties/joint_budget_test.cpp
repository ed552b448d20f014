// joint_budget and token_optimality: the joint budget's bracket and the ray margin against the
// model itself.
//   - peer: the (v, p) behind a budget bound, rebuilt in ℝ^d and run through M1 (PromptAttention),
//     attains the bound's margin within the budget;
//   - certificate: L(B) ≤ B·γ* and L(B)/B never falls as B grows; no random (v, p) within the
//     budget beats B·γ*;
//   - peer: the margin-1 points (on a ray, and refined off it), rebuilt in ℝ^d and run through M1,
//     have margin 1 at the norm their budget says; the refinement never raises the budget, and
//     no margin-1 point has norm below 1/γ*;
//   - limit: the ray margin tends to 1/‖v_SVM‖ and the rate exponent κ is ≥ 1;
//   - peer: the unselected tokens' scores, from the ambient v.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/gram_instance.hpp"
#include "boa/joint_budget.hpp"
#include "boa/max_margin_selection.hpp"
#include "boa/model.hpp"
#include "boa/rng.hpp"
#include "boa/token_optimality.hpp"
#include "max_margin_data.hpp"

namespace boa {
namespace joint_budget_test {
using test_support::ArbitraryMaxMarginSpec;

struct Draw {
  Dataset data;
  SampleLabels labels;
  RowMatrix K;
  JointMaxMargin joint;
};

Draw DrawSmall() {
  const SignalNoiseSpec spec = ArbitraryMaxMarginSpec(4, 9, 2, 4, 25);
  Draw d;
  d.data = GenerateSignalNoise(spec, *rc::gen::arbitrary<std::uint32_t>());
  d.labels = LabelsOf(d.data);
  d.K = d.data.X * d.data.X.transpose();
  d.joint = EnumerateJointMaxMargin(d.labels, d.K);
  return d;
}

// min_i y_i f(X_i; v, p) of M1, the model's own forward pass.
double ModelMargin(const Dataset& data, const Vector& p, const Vector& v) {
  PromptAttention m1(data.d);
  m1.Block("p") = p;
  m1.Block("v") = v;
  return (data.y.array() * m1.Evaluate(data, false).f.array()).minCoeff();
}

RC_GTEST_PROP(JointBudget, TheBoundIsAttainedByTheModelWithinTheBudget, ()) {
  const Draw d = DrawSmall();
  const SelectionSvms& s = d.joint.best;
  const double budget =
      std::sqrt(s.v_svm.norm_squared + s.p_svm.norm_squared) * std::exp2(*rc::gen::inRange(0, 5));
  const BudgetBound bound = RayBudgetBound(d.labels, d.K, RayOf(s), budget);
  RC_PRE(bound.lower > 0);
  // p on the ray, v the SVM of the attended tokens scaled to the rest of the budget.
  const Vector p = bound.R * CombineTokens(d.data, s.p_coef) / std::sqrt(s.p_svm.norm_squared);
  PromptAttention m1(d.data.d);
  m1.Block("p") = p;
  const RowMatrix attention = m1.Evaluate(d.data, false).attention;
  RowMatrix Z(d.data.n, d.data.d);
  for (int i = 0; i < d.data.n; ++i) Z.row(i) = d.data.y(i) * (attention.row(i) * d.data.Tokens(i));
  HardMarginSvmOptions options;
  options.kkt_tolerance = kRayKktTolerance;
  const HardMarginSvm svm = SolveHardMarginSvm(Z * Z.transpose(), options);
  RC_ASSERT(svm.converged);
  const Vector w = SvmPrimal(Z, svm);
  const Vector v = std::sqrt(budget * budget - bound.R * bound.R) * w / w.norm();
  RC_ASSERT(p.squaredNorm() + v.squaredNorm() <= budget * budget * (1 + 1e-12));
  RC_ASSERT(std::abs(ModelMargin(d.data, p, v) - bound.lower) <= 1e-6 * bound.lower);
}

RC_GTEST_PROP(JointBudget, MarginOnePointsHaveMarginOneThroughTheModelAtTheirBudget, ()) {
  const Draw d = DrawSmall();
  RC_PRE(d.joint.p_infeasible == 0);
  const SelectionSvms& s = d.joint.best;
  const double gamma = 1 / std::sqrt(s.v_svm.norm_squared);
  const MarginOnePoint on_ray = RayMarginOnePoint(d.labels, d.K, RayOf(s));
  RC_ASSERT(std::isfinite(on_ray.budget));
  const MarginOnePoint refined = RefineMarginOnePoint(d.labels, d.K, on_ray);
  RC_ASSERT(refined.budget <= on_ray.budget);
  for (const MarginOnePoint* point : {&on_ray, &refined}) {
    const Vector p = CombineTokens(d.data, point->p_coef), v = CombineTokens(d.data, point->v_coef);
    RC_ASSERT(std::abs(p.norm() - point->R) <= 1e-9 * point->R);
    RC_ASSERT(std::abs(std::sqrt(p.squaredNorm() + v.squaredNorm()) - point->budget) <=
              1e-6 * point->budget);
    // The ray SVM's tolerance is all that separates the model's margin from 1.
    RC_ASSERT(std::abs(ModelMargin(d.data, p, v) - 1) <= 100 * kRayKktTolerance);
    RC_ASSERT(point->budget * gamma >= 1 - 1e-9);  // the certified lower end 1/γ*
  }
}

RC_GTEST_PROP(JointBudget, TheBracketHoldsAndTheLowerBoundPerBudgetNeverFalls, ()) {
  const Draw d = DrawSmall();
  RC_PRE(d.joint.p_infeasible == 0);
  const SelectionSvms& s = d.joint.best;
  const double gamma = 1 / std::sqrt(s.v_svm.norm_squared);
  const double b0 = std::sqrt(s.v_svm.norm_squared + s.p_svm.norm_squared);
  double previous = 0;
  for (int k = 0; k <= 6; ++k) {
    const double budget = std::ldexp(b0, k);
    const double per_budget = RayBudgetBound(d.labels, d.K, RayOf(s), budget).lower / budget;
    RC_ASSERT(per_budget <= gamma * (1 + 10 * kRayKktTolerance));
    RC_ASSERT(per_budget >= previous - 1e-6 * gamma);
    previous = per_budget;
  }
  // Random (v, p) on the budget's sphere never beat the upper bound.
  Rng rng(*rc::gen::arbitrary<std::uint32_t>(), kDirection);
  const double budget = 4 * b0;
  for (int trial = 0; trial < 50; ++trial) {
    Vector p = Vector::NullaryExpr(d.data.d, [&] { return rng.Normal(); });
    Vector v = Vector::NullaryExpr(d.data.d, [&] { return rng.Normal(); });
    const double share = rng.Uniform();
    p *= budget * std::sqrt(share) / p.norm();
    v *= budget * std::sqrt(1 - share) / v.norm();
    RC_ASSERT(ModelMargin(d.data, p, v) <= budget * gamma * (1 + 1e-9));
  }
}

RC_GTEST_PROP(JointBudget, TheRayMarginTendsToTheSelectionsMaxMargin, ()) {
  const Draw d = DrawSmall();
  const SelectionSvms& s = d.joint.best;
  const double gamma = 1 / std::sqrt(s.v_svm.norm_squared);
  const double p_norm = std::sqrt(s.p_svm.norm_squared);
  const double kappa = RayRateExponent(d.K, s),
               far = RayMargin(d.labels, d.K, RayOf(s), 40 * p_norm);
  RC_ASSERT(kappa >= 1 - 1e-9);
  // e^{−40} attention off α: the ray SVM's tolerance is all that separates the two.
  RC_ASSERT(std::abs(far - gamma) <= 10 * kRayKktTolerance * gamma);
}

// BestRayBound (the multi-token claim's ranking over budgets) is the first ray with the largest
// L(B), each computed alone, and −1 when no ray's L(B) is positive (here: no ray): on three D1
// draws, the rays of the all-noise and the benign selection, at budgets from below to above B₀.
TEST(JointBudget, BestRayBoundIsTheRayWithTheLargestBound) {
  SignalNoiseSpec spec;
  spec.n = 6;
  spec.d = 72;
  spec.eta = 0.2;
  spec.snr = std::sqrt(0.4);
  spec.flips = FlipRule::kExact;
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const Dataset data = GenerateSignalNoise(spec, seed);
    const SampleLabels labels = LabelsOf(data);
    const RowMatrix K = data.X * data.X.transpose();
    std::vector<Ray> rays;
    double b0 = 0;
    for (const bool signal : {false, true}) {
      const SelectionSvms s =
          SolveSelectionSvms(labels, K, SignalForCleanClasses(labels, signal, signal));
      ASSERT_TRUE(s.feasible());
      rays.push_back(RayOf(s));
      b0 = std::max(b0, std::sqrt(s.v_svm.norm_squared + s.p_svm.norm_squared));
    }
    for (const double budget : {b0 / 16, b0, 8 * b0}) {
      int index = -1;
      double lower = 0;
      for (std::size_t r = 0; r < rays.size(); ++r) {
        const double l = RayBudgetBound(labels, K, rays[r], budget).lower;
        if (l > lower) index = static_cast<int>(r), lower = l;
      }
      const BestBound best = BestRayBound(labels, K, rays, budget);
      EXPECT_EQ(best.index, index) << "seed " << seed << ", budget " << budget;
      EXPECT_EQ(best.lower, lower);
    }
    EXPECT_EQ(BestRayBound(labels, K, {}, b0).index, -1);
  }
}

RC_GTEST_PROP(TokenOptimality, UnselectedScoresMatchTheAmbientV, ()) {
  const Draw d = DrawSmall();
  const SelectionSvms& s = d.joint.best;
  const Vector v = CombineTokens(d.data, s.v_coef);
  double worst = -INFINITY;
  for (int i = 0; i < d.data.n; ++i)
    worst = std::max(worst, d.data.y(i) * d.data.Tokens(i).row(1 - s.choice[i]).dot(v));
  RC_ASSERT(std::abs(MaxUnselectedScore(d.labels, d.K, s) - worst) <= 1e-9 * (1 + std::abs(worst)));
}

}  // namespace joint_budget_test
}  // namespace boa
