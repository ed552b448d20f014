// linearized_thresholds: the stated roots are roots of the stated polynomials, the η = 0.1 values
// quoted in THEORY.md, and the window's sign pattern.
#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/linearized_thresholds.hpp"

namespace boa {
namespace linearized_thresholds_test {

TEST(LinearizedThresholds, QuotedValuesAtEtaOneTenth) {
  const LinearizedThresholds t = MagenLinearizedThresholds(0.1);
  EXPECT_NEAR(t.clean, 2.83, 0.005);
  EXPECT_NEAR(t.test, 3.125, 1e-12);
  EXPECT_NEAR(t.noisy, 6.58, 0.005);
}

RC_GTEST_PROP(LinearizedThresholds, RootsAreRootsAndSignsMatchTheWindow, ()) {
  const double eta = *rc::gen::inRange(0, 49) / 100.0;
  const LinearizedThresholds t = MagenLinearizedThresholds(eta);
  RC_ASSERT(std::fabs(CleanTrainLogit(t.clean, eta)) <= 1e-9);
  RC_ASSERT(std::fabs(NoisyTrainLogit(t.noisy, eta)) <= 1e-9);
  RC_ASSERT(std::fabs(TestLogit(t.test, eta)) <= 1e-9);
  const double r = *rc::gen::inRange(1, 2000) / 100.0;
  const bool window =
      CleanTrainLogit(r, eta) > 0 && NoisyTrainLogit(r, eta) < 0 && TestLogit(r, eta) > 0;
  RC_ASSERT(window == InBenignWindow(r, eta));
}

TEST(LinearizedThresholds, MaxMarginBoundary) {
  EXPECT_DOUBLE_EQ(MaxMarginSnrSquaredThreshold(20, 0.2), 2.0 / (0.8 * 20));
}

}  // namespace linearized_thresholds_test
}  // namespace boa
