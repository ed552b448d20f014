// stats: Clopper–Pearson bounds against closed forms and known values, the log-log slope fit,
// and the exponent test: its three outcomes, its error bounds, and its exact operating
// characteristic against Monte Carlo and an independent quadrature.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "boa/error.hpp"
#include "boa/rng.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace stats_test {

RC_GTEST_PROP(Stats, UpperBoundForZeroFailuresIsOneMinusAlphaToTheOneOverN, ()) {
  const int N = *rc::gen::inRange(1, 5000);
  const double alpha = std::pow(10.0, -*rc::gen::inRange(1, 9));
  const double expected = 1 - std::pow(alpha, 1.0 / N);
  RC_ASSERT(std::fabs(ClopperPearsonUpper(0, N, alpha) - expected) <= 1e-10 * expected);
  RC_ASSERT(ClopperPearsonLower(0, N, alpha) == 0.0);
}

RC_GTEST_PROP(Stats, LowerBoundForAllFailuresIsAlphaToTheOneOverN, ()) {
  const int N = *rc::gen::inRange(1, 5000);
  const double alpha = std::pow(10.0, -*rc::gen::inRange(1, 9));
  const double expected = std::pow(alpha, 1.0 / N);
  RC_ASSERT(std::fabs(ClopperPearsonLower(N, N, alpha) - expected) <= 1e-10 * expected);
}

RC_GTEST_PROP(Stats, BoundsBracketTheObservedRate, ()) {
  const int N = *rc::gen::inRange(1, 2000);
  const int k = *rc::gen::inRange(0, N + 1);
  const double lo = ClopperPearsonLower(k, N, 0.025), hi = ClopperPearsonUpper(k, N, 0.025);
  RC_ASSERT(lo <= static_cast<double>(k) / N);
  RC_ASSERT(hi >= static_cast<double>(k) / N);
}

TEST(Stats, KnownTwoSidedIntervalFor5Of20) {
  // Clopper–Pearson 95% interval for 5/20 is [0.0866, 0.4910] (standard tables).
  EXPECT_NEAR(ClopperPearsonLower(5, 20, 0.025), 0.0866, 5e-5);
  EXPECT_NEAR(ClopperPearsonUpper(5, 20, 0.025), 0.4910, 5e-5);
}

RC_GTEST_PROP(Stats, SlopeFitRecoversAnExactPowerLaw, ()) {
  const double kappa = *rc::gen::inRange(-30, 31) / 10.0;
  const double c = *rc::gen::inRange(1, 100) / 10.0;
  std::vector<double> x, y;
  for (int k = 1; k <= 6; ++k) {
    x.push_back(std::pow(2.0, k));
    y.push_back(c * std::pow(x.back(), kappa));
  }
  const SlopeFit fit = FitLogLogSlope(x, y);
  RC_ASSERT(std::fabs(fit.slope - kappa) <= 1e-9);
  RC_ASSERT(fit.lower <= kappa + 1e-9);
  RC_ASSERT(fit.upper >= kappa - 1e-9);
}

TEST(Stats, SlopeIntervalUsesStudentT) {
  // y = x² with multiplicative wiggle ±10%: slope ≈ 2 and the 95% interval must contain it.
  const std::vector<double> x = {1, 2, 4, 8, 16};
  const std::vector<double> y = {1.1, 3.6, 17.6, 57.6, 281.6};
  const SlopeFit fit = FitLogLogSlope(x, y);
  EXPECT_NEAR(fit.slope, 2.0, 0.1);
  EXPECT_LT(fit.lower, 2.0);
  EXPECT_GT(fit.upper, 2.0);
  EXPECT_GT(fit.standard_error, 0);
  // By hand (Python, on the logs): OLS slope, se = √(SSR/(m − 2)/Sxx), and t₃(0.975) = 3.182446.
  EXPECT_NEAR(fit.slope, 1.9999999999999996, 1e-12);
  EXPECT_NEAR(fit.standard_error, 0.057901323438996934, 1e-12);
  EXPECT_NEAR(fit.lower, 1.8157321471504946, 1e-9);
  EXPECT_NEAR(fit.upper, 2.1842678528495045, 1e-9);
}

// The fit through 0 (sakamoto24_attention_gap's rate and R²) by hand: an exact line, and y =
// (1, 2, 4) at x = (1, 2, 3): c = 17/14, Σ residual² = 5/14, Σ (y − ȳ)² = 14/3, R² = 181/196.
TEST(Stats, FitThroughOriginByHand) {
  const OriginFit line = FitThroughOrigin({0.5, 1, 3}, {1, 2, 6});
  EXPECT_NEAR(line.slope, 2, 1e-15);
  EXPECT_NEAR(line.r_squared, 1, 1e-15);
  const OriginFit bent = FitThroughOrigin({1, 2, 3}, {1, 2, 4});
  EXPECT_NEAR(bent.slope, 17.0 / 14, 1e-15);
  EXPECT_NEAR(bent.r_squared, 181.0 / 196, 1e-15);
  EXPECT_THROW(FitThroughOrigin({1}, {1}), InvalidInput);
  EXPECT_THROW(FitThroughOrigin({0, 0}, {1, 2}), InvalidInput);
  EXPECT_THROW(FitThroughOrigin({1, 2}, {3, 3}), InvalidInput);
}

// The exponent test at α = 1e-5, β = 0.05, τ = 0.1, Δ = 0.25 (the expectations below are computed
// for these constants, not read from the catalog).
ExponentRule TwoSided(double predicted) { return {predicted, false, 0.1, 0.25, 1e-5, 0.05}; }
ExponentRule Below(double predicted) { return {predicted, true, 0.1, 0.25, 1e-5, 0.05}; }

// `n` exponents with mean `mean` and sample sd `sd` exactly (a ±sd·√((n−1)/n) pattern).
std::vector<double> Sample(double mean, double sd, int n) {
  std::vector<double> x(n, mean);
  const double step = sd * std::sqrt((n - 1.0) / n);
  for (int k = 0; k + 1 < n; k += 2) {
    x[k] += step;
    x[k + 1] -= step;
  }
  if (n % 2 == 1) {  // the odd one stays at the mean; rescale the others to keep sd exact
    for (int k = 0; k + 1 < n; ++k) x[k] = mean + (x[k] - mean) * std::sqrt(n / (n - 1.0));
  }
  return x;
}

TEST(Stats, ConstructedSamplesHaveTheStatedMeanAndSd) {
  for (const int n : {2, 5, 8}) {
    const ExponentTest t = TestExponent(Sample(-0.5, 0.2, n), TwoSided(-0.5));
    EXPECT_NEAR(t.mean, -0.5, 1e-14);
    EXPECT_NEAR(t.standard_error, 0.2 / std::sqrt(n), 1e-14);
  }
}

// The three outcomes of the two-sided form ("the exponent is −½"), at 8 replicates:
// t₇(1 − α/2) = 9.0, t₇(1 − β) = 1.895.
TEST(Stats, TwoSidedExponentTestHasThreeOutcomes) {
  const ExponentRule rule = TwoSided(-0.5);
  // A finite-n bias inside τ, tight: the (1 − 2β) interval lies inside −½ ± Δ.
  const ExponentTest holds = TestExponent(Sample(-0.55, 0.05, 8), rule);
  EXPECT_EQ(holds.decision, ExponentDecision::kHolds);
  EXPECT_NEAR(holds.equivalence_upper - holds.mean, 1.894579 * 0.05 / std::sqrt(8.0), 1e-6);
  // Far outside: the (1 − α) interval misses −½ ± τ.
  EXPECT_EQ(TestExponent(Sample(-0.78, 0.02, 8), rule).decision, ExponentDecision::kFails);
  EXPECT_EQ(TestExponent(Sample(-0.2, 0.02, 8), rule).decision, ExponentDecision::kFails);
  // At the prediction but noisy: neither refuted nor certified within Δ. (Before issue 26 this
  // sample held: its (1 − α) interval meets the band.)
  const ExponentTest noisy = TestExponent(Sample(-0.5, 0.5, 8), rule);
  EXPECT_EQ(noisy.decision, ExponentDecision::kInconclusive);
  EXPECT_LT(noisy.lower, -0.6);
  // Inside Δ but certainly outside τ: "fails" wins, the band is excluded at α.
  const ExponentTest between = TestExponent(Sample(-0.7, 0.001, 8), rule);
  EXPECT_GT(between.equivalence_lower, -0.75);
  EXPECT_EQ(between.decision, ExponentDecision::kFails);
  // Identical replicates are decided by their mean.
  EXPECT_EQ(TestExponent({-0.52, -0.52}, rule).decision, ExponentDecision::kHolds);
  EXPECT_EQ(TestExponent({-0.61, -0.61}, rule).decision, ExponentDecision::kFails);
}

// The three outcomes of the below form ("the exponent lies below 0 − τ").
TEST(Stats, BelowExponentTestHasThreeOutcomes) {
  const ExponentRule rule = Below(0);
  const ExponentTest holds = TestExponent(Sample(-0.68, 0.1, 8), rule);
  EXPECT_EQ(holds.decision, ExponentDecision::kHolds);
  EXPECT_EQ(holds.equivalence_lower, -INFINITY);
  EXPECT_EQ(holds.upper, INFINITY);
  EXPECT_EQ(TestExponent(Sample(0.0, 0.02, 8), rule).decision, ExponentDecision::kFails);
  // Below −0.1 on average, but not by enough for (1 − β); far from ≥ −0.1 at (1 − α) either.
  EXPECT_EQ(TestExponent(Sample(-0.15, 0.1, 8), rule).decision, ExponentDecision::kInconclusive);
  EXPECT_EQ(TestExponent(Sample(-0.05, 0.1, 8), rule).decision, ExponentDecision::kInconclusive);
}

// Noise never buys "holds": widening a sample about its mean can turn "holds" into
// "inconclusive" and "fails" into "inconclusive", never anything into "holds".
RC_GTEST_PROP(Stats, AWiderSampleNeverHoldsWhereTheNarrowerDidNot, ()) {
  const int n = *rc::gen::inRange(2, 40);
  const double mean = *rc::gen::inRange(-1000, 1001) / 1000.0;
  const double sd = *rc::gen::inRange(1, 500) / 1000.0;
  const double widen = 1 + *rc::gen::inRange(1, 400) / 100.0;
  const bool below = *rc::gen::arbitrary<bool>();
  const ExponentRule rule = below ? Below(0) : TwoSided(0);
  const ExponentDecision narrow = TestExponent(Sample(mean, sd, n), rule).decision;
  const ExponentDecision wide = TestExponent(Sample(mean, sd * widen, n), rule).decision;
  if (wide == ExponentDecision::kHolds) RC_ASSERT(narrow == ExponentDecision::kHolds);
  if (wide == ExponentDecision::kFails) RC_ASSERT(narrow == ExponentDecision::kFails);
}

// The guarantees, exactly: below, P[fails | κ₀ − τ] = α and P[holds | κ₀ − τ] = β (central t);
// two-sided, P[fails | κ₀ ± τ] ≤ α and P[holds | κ₀ ± Δ] ≤ β, at every N and σ.
RC_GTEST_PROP(Stats, ExponentTestKeepsItsErrorBounds, ()) {
  const int n = *rc::gen::inRange(2, 200);
  const double sd = *rc::gen::inRange(1, 1000) / 1000.0;
  const ExponentOperatingPoint edge = OperateExponent(Below(0), n, sd, -0.1);
  RC_ASSERT(std::fabs(edge.fails - 1e-5) <= 1e-10);
  RC_ASSERT(std::fabs(edge.holds - 0.05) <= 1e-10);
  RC_ASSERT(std::fabs(edge.holds + edge.inconclusive + edge.fails - 1) <= 1e-10);
  for (const double at : {-0.1, 0.1}) {
    RC_ASSERT(OperateExponent(TwoSided(0), n, sd, at).fails <= 1e-5 * (1 + 1e-9));
  }
  for (const double at : {-0.25, 0.25}) {
    RC_ASSERT(OperateExponent(TwoSided(0), n, sd, at).holds <= 0.05 * (1 + 1e-9));
  }
}

// The operating characteristic against Monte Carlo (seed fixed; 25 000 simulated runs of
// TestExponent per point). Tolerance, stated before running: 5 binomial standard errors of the
// simulated frequency, √(p(1 − p)/M), plus 1e-4 for points where p is 0 or 1 to rounding.
TEST(Stats, ExponentOperatingPointMatchesMonteCarlo) {
  constexpr int kRuns = 25000;
  struct Point {
    ExponentRule rule;
    int n;
    double sd, exponent;
  };
  const std::vector<Point> points = {
      {TwoSided(-0.5), 6, 0.2, -0.5},  {TwoSided(-0.5), 6, 0.2, -0.35},
      {TwoSided(-0.5), 6, 0.2, -0.15}, {TwoSided(-0.5), 3, 0.05, -0.62},
      {TwoSided(2), 12, 0.4, 2.3},     {Below(0), 5, 0.2, -0.35},
      {Below(0), 5, 0.2, -0.1},        {Below(0), 10, 0.3, 0.15}};
  Rng rng(20260126);
  for (const Point& p : points) {
    const ExponentOperatingPoint exact = OperateExponent(p.rule, p.n, p.sd, p.exponent);
    int holds = 0, fails = 0;
    std::vector<double> x(p.n);
    for (int r = 0; r < kRuns; ++r) {
      for (double& e : x) e = p.exponent + p.sd * rng.Normal();
      const ExponentDecision d = TestExponent(x, p.rule).decision;
      holds += d == ExponentDecision::kHolds;
      fails += d == ExponentDecision::kFails;
    }
    const auto tolerance = [](double q) { return 5 * std::sqrt(q * (1 - q) / kRuns) + 1e-4; };
    const std::string at = "N = " + std::to_string(p.n) + ", σ = " + std::to_string(p.sd) +
                           ", κ = " + std::to_string(p.exponent);
    EXPECT_NEAR(static_cast<double>(holds) / kRuns, exact.holds, tolerance(exact.holds)) << at;
    EXPECT_NEAR(static_cast<double>(fails) / kRuns, exact.fails, tolerance(exact.fails)) << at;
    EXPECT_NEAR(exact.holds + exact.fails + exact.inconclusive, 1, 1e-12) << at;
    EXPECT_NEAR(exact.not_holds, 1 - exact.holds, 1e-12) << at;
    EXPECT_NEAR(exact.not_fails, 1 - exact.fails, 1e-12) << at;
  }
}

// The small tails that budget terms read (~1e-5 and below), against an independent evaluation:
// Simpson's rule over q = νs²/σ² on a fine grid with Boost's χ² density, of the normal
// probability of the region where the test does not hold (two-sided) or does not fail (below).
double ReferenceTail(const ExponentRule& rule, int n, double sd, double exponent, bool not_holds) {
  const int nu = n - 1;
  const double sm = sd / std::sqrt(static_cast<double>(n));
  const boost::math::students_t t(nu);
  const double c_fail = quantile(complement(t, rule.below ? rule.alpha : rule.alpha / 2));
  const double c_hold = quantile(complement(t, rule.beta));
  const boost::math::normal z;
  const auto given = [&](double q) {  // P[the region | s = σ√(q/ν)]
    const double se = sm * std::sqrt(q / nu);
    if (rule.below) {  // not fails: m < κ₀ − τ + c_fail·se
      return cdf(z, (rule.predicted - rule.tolerance + c_fail * se - exponent) / sm);
    }
    // holds: m within both ranges; not holds is the rest.
    const double lo = std::max(rule.predicted - rule.tolerance - c_fail * se,
                               rule.predicted - rule.deviation + c_hold * se);
    const double hi = std::min(rule.predicted + rule.tolerance + c_fail * se,
                               rule.predicted + rule.deviation - c_hold * se);
    if (lo >= hi) return 1.0;
    return cdf(z, (lo - exponent) / sm) + cdf(complement(z, (hi - exponent) / sm));
  };
  EXPECT_TRUE(not_holds != rule.below);
  const boost::math::chi_squared chi(nu);
  const double top = quantile(complement(chi, 1e-30));  // the mass beyond is negligible
  constexpr int kSteps = 200000;                        // even
  const double h = top / kSteps;
  double sum = 0;
  for (int k = 1; k < kSteps; ++k) {
    const double q = k * h;
    sum += (k % 2 ? 4 : 2) * pdf(chi, q) * given(q);
  }
  return sum * h / 3 + pdf(chi, top) * given(top) * h / 3;
}

// Tolerance, stated before running: 1e-6 relative plus 1e-12 absolute.
TEST(Stats, ExponentTailsMatchAnIndependentQuadrature) {
  // Two-sided "not holds" at κ₀ (an expected-to-hold plan's budget term), from 2e-4 to 3e-8.
  for (const auto& [n, sd] :
       std::vector<std::pair<int, double>>{{8, 0.1}, {12, 0.15}, {20, 0.15}}) {
    const double exact = OperateExponent(TwoSided(-0.5), n, sd, -0.5).not_holds;
    const double reference = ReferenceTail(TwoSided(-0.5), n, sd, -0.5, true);
    EXPECT_NEAR(exact, reference, 1e-6 * reference + 1e-12) << n << " " << sd;
  }
  // Below "not fails" near a finding's bound (a finding's budget term), 2e-4 and 1e-10.
  for (const int n : {20, 30}) {
    const double exact = OperateExponent(Below(0), n, 0.03, -0.03).not_fails;
    const double reference = ReferenceTail(Below(0), n, 0.03, -0.03, false);
    EXPECT_NEAR(exact, reference, 1e-6 * reference + 1e-12) << n;
  }
}

// The plan is the smallest N with both powers ≥ 0.9 and the miss ≤ 2α.
TEST(Stats, PlannedReplicatesAreTheSmallestThatMeetBothPowersAndTheBudget) {
  for (const double sd : {0.03, 0.1, 0.2}) {
    for (const ExponentRule& rule : {TwoSided(-0.5), Below(0)}) {
      const ExponentPlan plan{rule, sd, true, 0};
      const int n = PlanExponentReplicates(plan, 0.9, 2e-5, 500);
      ASSERT_GE(n, 3) << sd;
      const ExponentPlanning at = EvaluateExponentPlan(plan, n);
      EXPECT_GE(at.power_holds, 0.9);
      EXPECT_GE(at.power_fails, 0.9);
      EXPECT_LE(at.miss, 2e-5);
      const ExponentPlanning before = EvaluateExponentPlan(plan, n - 1);
      EXPECT_TRUE(before.power_holds < 0.9 || before.power_fails < 0.9 || before.miss > 2e-5);
    }
  }
  // A finding planned at its bound: P[holds or inconclusive] there.
  const ExponentPlan finding{TwoSided(-0.5), 0.05, false, -0.75};
  const int n = PlanExponentReplicates(finding, 0.9, 2e-5, 500);
  EXPECT_LE(EvaluateExponentPlan(finding, n).miss, 2e-5);
  EXPECT_NEAR(EvaluateExponentPlan(finding, n).miss,
              OperateExponent(finding.rule, n, 0.05, -0.75).not_fails, 0);
  // Hopeless: the bound sits at the band's edge, so no N makes it fail surely.
  EXPECT_EQ(PlanExponentReplicates({TwoSided(-0.5), 0.05, false, -0.6}, 0.9, 2e-5, 50), 0);
}

// A plan's printed numbers are the rule's operating points where its docs say: two-sided, power
// to hold at κ₀ and to fail at κ₀ ± (τ + Δ) (the smaller side), miss = P[not holds] at κ₀;
// below, power to hold at κ₀ − τ − Δ and to fail at κ₀ − τ + Δ.
TEST(Stats, APlansPowersAndMissAreItsRulesOperatingPoints) {
  const int n = 8;
  const double sd = 0.1;
  const ExponentRule two = TwoSided(-0.5);
  const ExponentPlanning at = EvaluateExponentPlan({two, sd, true, 0}, n);
  EXPECT_NEAR(at.power_holds, OperateExponent(two, n, sd, -0.5).holds, 1e-12);
  EXPECT_NEAR(at.power_fails,
              std::min(OperateExponent(two, n, sd, -0.5 - 0.35).fails,
                       OperateExponent(two, n, sd, -0.5 + 0.35).fails),
              1e-12);
  EXPECT_NEAR(at.miss, OperateExponent(two, n, sd, -0.5).not_holds, 1e-12);
  const ExponentRule below = Below(0);
  const ExponentPlanning b = EvaluateExponentPlan({below, sd, true, 0}, n);
  EXPECT_NEAR(b.power_holds, OperateExponent(below, n, sd, -0.35).holds, 1e-12);
  EXPECT_NEAR(b.power_fails, OperateExponent(below, n, sd, 0.15).fails, 1e-12);
  EXPECT_NEAR(b.miss, OperateExponent(below, n, sd, -0.35).not_holds, 1e-12);
}

TEST(Stats, ExponentTestRejectsBadInput) {
  EXPECT_THROW(TestExponent({1.0}, TwoSided(0)), InvalidInput);
  EXPECT_THROW(TestExponent({1.0, NAN}, TwoSided(0)), InvalidInput);
  EXPECT_THROW(TestExponent({1.0, 2.0}, {0, false, 0.3, 0.25, 1e-5, 0.05}), InvalidInput);
  EXPECT_THROW(TestExponent({1.0, 2.0}, {0, false, 0.1, 0.25, 1e-5, 0.5}), InvalidInput);
  EXPECT_THROW(OperateExponent(TwoSided(0), 1, 0.1, 0), InvalidInput);
  EXPECT_THROW(OperateExponent(TwoSided(0), 5, 0, 0), InvalidInput);
}

TEST(Stats, RejectsBadInput) {
  EXPECT_THROW(ClopperPearsonLower(3, 2, 0.05), InvalidInput);
  EXPECT_THROW(ClopperPearsonLower(1, 2, 0.0), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2}, {1, 2}), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2, -3}, {1, 2, 3}), InvalidInput);
}

}  // namespace stats_test
}  // namespace boa
