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

// The realised per-class linearisation (magen24_two_step_calibration's in_window, the realised-
// window claims) by hand: class + has 10 samples with 1 flipped, class − 10 with none; at SNR 0.5
// each has r_c = 2·10·0.25 = 5, and η₊ = 0.1, η₋ = 0. An empty class, or one half flipped, has
// no linearisation.
SampleLabels HandLabels(int plus, int plus_flipped, int minus, int minus_flipped) {
  SampleLabels labels;
  labels.n = plus + minus;
  labels.T = 2;
  labels.y = labels.y_true = Vector::Ones(labels.n);
  for (int i = plus; i < labels.n; ++i) labels.y_true(i) = -1;
  labels.noisy.assign(labels.n, false);
  for (int i = 0; i < plus_flipped; ++i) labels.noisy[i] = true;
  for (int i = plus; i < plus + minus_flipped; ++i) labels.noisy[i] = true;
  for (int i = 0; i < labels.n; ++i)
    labels.y(i) = labels.noisy[i] ? -labels.y_true(i) : labels.y_true(i);
  return labels;
}

TEST(LinearizedThresholds, RealisedClassLinearizationByHand) {
  const auto classes = RealisedClassLinearization(HandLabels(10, 1, 10, 0), 0.5);
  ASSERT_TRUE(classes.has_value());
  EXPECT_DOUBLE_EQ((*classes)[0].r, 5);
  EXPECT_DOUBLE_EQ((*classes)[0].eta, 0.1);
  EXPECT_DOUBLE_EQ((*classes)[1].r, 5);
  EXPECT_DOUBLE_EQ((*classes)[1].eta, 0);
  const auto uneven = RealisedClassLinearization(HandLabels(6, 0, 14, 3), 1);
  ASSERT_TRUE(uneven.has_value());
  EXPECT_DOUBLE_EQ((*uneven)[0].r, 12);
  EXPECT_DOUBLE_EQ((*uneven)[1].r, 28);
  EXPECT_DOUBLE_EQ((*uneven)[1].eta, 3.0 / 14);
  EXPECT_FALSE(RealisedClassLinearization(HandLabels(10, 5, 10, 0), 0.5).has_value());
  EXPECT_FALSE(RealisedClassLinearization(HandLabels(0, 0, 10, 0), 0.5).has_value());
}

}  // namespace linearized_thresholds_test
}  // namespace boa
