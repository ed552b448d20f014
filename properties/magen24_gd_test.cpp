// The magen24.gd.* claims of THEORY.md §4.2: the step-1 and step-2 closed forms, the [CLS]
// equivalence and the gradient Lipschitz bound as RapidCheck properties; the one-step fit,
// two-step, linearisation, Gaussian-init and step-size claims by the runner's verdict; the
// exploratory step-size sweep is only required to run.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>

#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;
using boa::testing::ExpectClaimVerdict;

RC_GTEST_PROP(Magen24Gd, FirstStepFromZeroMovesOnlyTheValuesByTheLabelWeightedTokenMean, ()) {
  CheckClaimAsProperty("magen24.gd.step1_closed_form");
}

RC_GTEST_PROP(Magen24Gd, SecondStepMatchesItsClosedFormAndTheSignalWeightIsALogistic, ()) {
  CheckClaimAsProperty("magen24.gd.step2_closed_form");
}

// A finding: inside the nominal parameter window the conclusions fail far more often than δ.
TEST(Magen24GdStatistical, TwoStepsOfScheduleSaOverfitBenignlyInsideTheWindow) {
  ExpectClaimVerdict("magen24.gd.two_step_benign");
}

TEST(Magen24GdStatistical, TwoStepsOverfitBenignlyInsideTheRealisedPerClassWindow) {
  ExpectClaimVerdict("magen24.gd.two_step_benign_realised_window");
}

// Replicate sweeps (n = 5 .. 40): the mismatch fraction must decay. At the nominal (r, η) it does
// not (a finding); per class, at the realised flip fractions, it does.
TEST(Magen24GdStatistical, RealisedAttentionPatternMatchesTheLinearisationMoreOftenAsNGrows) {
  ExpectClaimVerdict("magen24.gd.linearized_thresholds");
}

TEST(Magen24GdStatistical, AttentionPatternMatchesThePerClassLinearisationMoreOftenAsNGrows) {
  ExpectClaimVerdict("magen24.gd.linearized_thresholds_per_class");
}

// A finding: at THEORY.md's ω√d = 1e-3 the conclusions fail on every draw.
TEST(Magen24GdStatistical, GaussianInitMovesTwoStepParametersLinearlyAndKeepsTheConclusions) {
  ExpectClaimVerdict("magen24.gd.gaussian_init");
}

TEST(Magen24GdStatistical, GaussianInitMovesTwoStepParametersLinearlyInOmega) {
  ExpectClaimVerdict("magen24.gd.gaussian_init_deviation");
}

// Exploratory: reported, not asserted; every instance must run cleanly.
TEST(Magen24Gd, StepSizeSweepMeasuresIterationsToFit) {
  ExpectClaimVerdict("magen24.gd.step_size");
}

TEST(Magen24GdStatistical, ScheduleSaFitsTheTrainingSetAtIterationTwoNotBefore) {
  ExpectClaimVerdict("magen24.gd.step_size_two_iterations");
}

TEST(Magen24GdStatistical, IterationsToFitNeverRiseAsTheStepScaleGrowsToOne) {
  ExpectClaimVerdict("magen24.gd.step_size_monotone");
}

TEST(Magen24GdStatistical, AFiniteStepScaleAboveOneStopsTrainingFromFitting) {
  ExpectClaimVerdict("magen24.gd.step_size_max");
}

TEST(Magen24GdStatistical, OneStepFitsCleanSamplesAndNotNoisyOnesAboveTheNoiseBound) {
  ExpectClaimVerdict("magen24.gd.step1_fit");
}

// Replicate sweeps over d = 10³ … 10⁶: the log-odds gap to the linearised limit falls like
// d^{-1/2}.
TEST(Magen24GdStatistical, SoftmaxSelectionApproachesItsLinearisedLimitLikeOneOverRootD) {
  ExpectClaimVerdict("magen24.gd.softmax_bound");
}

RC_GTEST_PROP(Magen24Gd, ClsSelfAttentionIsPromptAttentionWithQueryFromTheClsToken, ()) {
  CheckClaimAsProperty("magen24.cls.equivalence");
}

RC_GTEST_PROP(Magen24Gd, LossGradientIsLipschitzWithTheDerivedConstantOnTheBall, ()) {
  CheckClaimAsProperty("magen24.gd.gradient_lipschitz");
}

// The Lipschitz check can fail: with the constant shrunk to half the measured worst ratio, the
// same instance must be rejected. Also prints how tight the derived constant is there.
TEST(Magen24Gd, GradientLipschitzCheckRejectsAConstantBelowTheMeasuredRatio) {
  const boa::Claim& claim = boa::FindClaim("magen24.gd.gradient_lipschitz");
  boa::Params params = {{"n", 10}, {"T", 2}, {"d", 10}, {"snr", 1}, {"eta", 0.2}, {"rho", 1}};
  const boa::Outcome derived = claim.check(params, 1, boa::Engine::kDirect);
  ASSERT_TRUE(derived.holds) << derived.explanation;
  const double ratio = derived.measured.at("max_ratio_to_bound");
  std::cout << "measured max ‖Δ∇L‖ / (L_ρ‖Δθ‖) = " << ratio << "\n";
  params["bound_scale"] = ratio / 2;
  const boa::Outcome too_small = claim.check(params, 1, boa::Engine::kDirect);
  EXPECT_FALSE(too_small.holds);
  EXPECT_GT(too_small.measured.at("max_ratio_to_bound"), 1.9);
}
