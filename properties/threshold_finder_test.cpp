// threshold_finder: bisection brackets a known flip point, the curve's fitted exponent recovers a
// known scaling law, and constant estimation finds the smallest constant that never fails.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/threshold_finder.hpp"

namespace boa {
namespace threshold_finder_test {

// Fails exactly when x > 3·n², whatever the seed: the flip point is 3n² (exponent 2 in n).
Claim QuadraticLaw() {
  Claim c;
  c.id = "test.quadratic_law";
  c.kind = ClaimKind::kIdentity;
  c.regime = {{"n", 1, 100}, {"x", 0, 100000}};
  c.check = [](const Params& p, std::uint64_t, Engine) {
    return Outcome{RealParam(p, "x") <= 3 * std::pow(RealParam(p, "n"), 2), {}, "x above 3n²"};
  };
  return c;
}

TEST(ThresholdFinder, BisectionBracketsTheFlipPoint) {
  BisectionOptions o;
  o.vary = "x";
  o.lo = 1;
  o.hi = 1000;
  o.steps = 20;
  o.instances = 3;
  o.fixed = {{"n", 5}};
  const FlipPoint f = BisectFlip(QuadraticLaw(), o);
  ASSERT_TRUE(f.bracketed);
  EXPECT_FALSE(f.holds_above);
  EXPECT_LE(f.lower, 75.0);
  EXPECT_GE(f.upper, 75.0);
  EXPECT_LT(f.upper - f.lower, 1000.0 / (1 << 19));
  EXPECT_EQ(f.probes.size(), 22u);
}

TEST(ThresholdFinder, CurveRecoversTheScalingExponent) {
  BisectionOptions o;
  o.vary = "x";
  o.lo = 0.5;
  o.hi = 1e5;
  o.log_scale = true;
  o.steps = 30;
  o.instances = 2;
  const ThresholdCurve curve = FindThresholdCurve(QuadraticLaw(), "n", {2, 4, 8, 16, 32}, o);
  ASSERT_TRUE(curve.fitted);
  EXPECT_NEAR(curve.fit.slope, 2.0, 1e-6);
  EXPECT_LE(curve.fit.lower, 2.0 + 1e-6);
  EXPECT_GE(curve.fit.upper, 2.0 - 1e-6);
}

TEST(ThresholdFinder, UnbracketedRangesAreReportedNotInvented) {
  BisectionOptions o;
  o.vary = "x";
  o.lo = 1;
  o.hi = 2;  // holds at both ends for n = 5
  o.fixed = {{"n", 5}};
  const FlipPoint f = BisectFlip(QuadraticLaw(), o);
  EXPECT_FALSE(f.bracketed);
  EXPECT_EQ(f.probes.size(), 2u);
}

TEST(ThresholdFinder, ConstantEstimationFindsTheSmallestConstantWithoutFailures) {
  // Fails when C is below a seed-dependent need in [1, 2): the smallest safe C over N seeds is
  // the largest need among them.
  Claim c;
  c.id = "test.constant";
  c.kind = ClaimKind::kProbabilistic;
  c.delta = 0.5;
  c.delta_alt = 0.8;
  c.regime = {{"C", 0, 1000, 0.01}};
  auto need = [](std::uint64_t seed) { return 1 + static_cast<double>(seed % 97) / 97; };
  c.check = [need](const Params& p, std::uint64_t seed, Engine) {
    return Outcome{RealParam(p, "C") >= need(seed), {}, "C below the need"};
  };
  BisectionOptions o;
  o.vary = "C";
  o.lo = 0.5;
  o.hi = 4;
  o.steps = 30;
  o.instances = 40;
  o.criterion = FlipCriterion::kNoFailure;
  const FlipPoint f = BisectFlip(c, o);
  double largest_need = 0;
  for (std::uint64_t s = 1; s <= 40; ++s) largest_need = std::max(largest_need, need(s));
  ASSERT_TRUE(f.bracketed);
  EXPECT_TRUE(f.holds_above);
  EXPECT_LT(f.lower, largest_need);
  EXPECT_GE(f.upper, largest_need);
  EXPECT_EQ(f.at_upper.failures, 0);
  // The verdict criterion is laxer: with δ = 0.5 a few failures are tolerated, so the verdict
  // flips at a smaller C.
  o.criterion = FlipCriterion::kVerdict;
  EXPECT_LT(BisectFlip(c, o).upper, f.lower);
}

TEST(ThresholdFinder, RejectsBadRequests) {
  BisectionOptions o;
  o.vary = "nope";
  EXPECT_THROW(BisectFlip(QuadraticLaw(), o), InvalidInput);
  o.vary = "x";
  o.lo = 2;
  o.hi = 1;
  EXPECT_THROW(BisectFlip(QuadraticLaw(), o), InvalidInput);
  o.lo = 0;
  o.hi = 1;
  o.log_scale = true;
  EXPECT_THROW(BisectFlip(QuadraticLaw(), o), InvalidInput);
}

}  // namespace threshold_finder_test
}  // namespace boa
