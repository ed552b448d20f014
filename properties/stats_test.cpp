// stats: Clopper–Pearson bounds against closed forms and known values, the log-log slope fit
// and the power of its test.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace {

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
}

// The replicate exponent test: a two-sided interval that contains the mean, power equal to the
// test's size α at a vanishing deviation and growing with the deviation; the one-sided form holds
// only when its upper bound lies below the prediction.
TEST(Stats, ExponentTestIsAStudentTTestOnTheReplicates) {
  const std::vector<double> exponents = {-0.52, -0.48, -0.55, -0.50, -0.47, -0.53, -0.51, -0.49};
  const ExponentTest two_sided = TestExponent(exponents, -0.5, false, 0.05, 1e-9);
  EXPECT_NEAR(two_sided.mean, -0.50625, 1e-12);
  EXPECT_TRUE(two_sided.holds);
  EXPECT_NEAR(two_sided.power, 0.05, 1e-6);
  EXPECT_LT(two_sided.lower, two_sided.mean);
  EXPECT_GT(two_sided.upper, two_sided.mean);
  EXPECT_LT(TestExponent(exponents, -0.5, false, 0.05, 0.02).power,
            TestExponent(exponents, -0.5, false, 0.05, 0.05).power);
  EXPECT_FALSE(TestExponent(exponents, -0.75, false, 0.05, 0.25).holds);
  EXPECT_GT(TestExponent(exponents, -0.5, false, 2e-5, 0.25).power, 0.99);
  EXPECT_TRUE(TestExponent(exponents, 0.0, true, 2e-5, 0.25).holds);          // clearly below 0
  EXPECT_FALSE(TestExponent(exponents, -0.5, true, 2e-5, 0.25).holds);        // not below −1/2
  EXPECT_FALSE(TestExponent(exponents, -0.45, true, 0.05, 0.25, 0.1).holds);  // not by 0.1
  // A tolerance band: −0.56 is within 0.1 of −1/2, so it holds although −1/2 is outside.
  const std::vector<double> biased = {-0.57, -0.55, -0.56, -0.555, -0.565, -0.56};
  EXPECT_FALSE(TestExponent(biased, -0.5, false, 0.05, 0.25).holds);
  EXPECT_TRUE(TestExponent(biased, -0.5, false, 0.05, 0.25, 0.1).holds);
  // The tolerance costs power: only the part of the deviation beyond it counts.
  EXPECT_LT(TestExponent(exponents, -0.5, false, 0.05, 0.12, 0.1).power,
            TestExponent(exponents, -0.5, false, 0.05, 0.12).power);
  EXPECT_THROW(TestExponent({1.0}, 0, false, 0.05, 0.1), InvalidInput);
  EXPECT_THROW(TestExponent(biased, 0, false, 0.05, 0.1, 0.1), InvalidInput);
}

TEST(Stats, RejectsBadInput) {
  EXPECT_THROW(ClopperPearsonLower(3, 2, 0.05), InvalidInput);
  EXPECT_THROW(ClopperPearsonLower(1, 2, 0.0), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2}, {1, 2}), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2, -3}, {1, 2, 3}), InvalidInput);
}

}  // namespace
}  // namespace boa
