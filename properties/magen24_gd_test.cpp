// The magen24.gd.* claims of THEORY.md §4.2: the step-1 and step-2 closed forms as RapidCheck
// properties against the generic trainer; the two-step, linearisation and Gaussian-init claims by
// the runner's verdict; the exploratory step-size sweep is only required to run.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

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
