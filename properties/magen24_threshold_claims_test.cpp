// The magen24 max-margin and SNR-threshold claims (THEORY.md §4.2) at the CI budget.
//
// Each test expects the claim's expected verdict (ExpectClaimVerdict): probabilistic claims by
// their sequential test at the claim's α, scaling claims by their fitted exponent's interval.
#include <string>

#include <gtest/gtest.h>

#include "claim_property.hpp"

using boa::testing::ExpectClaimVerdict;

TEST(Magen24ThresholdClaimsStatistical, MaxMarginSelectionIsBenignAboveTheSnrBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.selection");
}

// A finding above the boundary: GD + weight decay often stops at a local selection.
TEST(Magen24ThresholdClaimsStatistical, GdWithWeightDecayReachesTheMaxMarginSideAboveTheBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.gd_weight_decay_above");
}

TEST(Magen24ThresholdClaimsStatistical, GdWithWeightDecayReachesTheMaxMarginSideBelowTheBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.gd_weight_decay_below");
}

// The joint problem solved by enumeration (theory/claims/src/magen24/magen24_maxmargin_joint.cpp).
// The paper's unconditional form is exploratory (its rate sits between δ and δ₁): every instance
// must solve cleanly.
TEST(Magen24ThresholdClaims, JointMaxMarginBenignRateIsReported) {
  ExpectClaimVerdict("magen24.maxmargin.joint_benign");
}

TEST(Magen24ThresholdClaimsStatistical, JointMaxMarginIsBenignWhenEachClassClearsItsBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.joint_benign_per_class");
}

TEST(Magen24ThresholdClaimsStatistical, JointMaxMarginIsHarmfulBelowTheBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.joint_harmful");
}

// A finding: GD often ends on a locally optimal selection.
TEST(Magen24ThresholdClaimsStatistical, NormalisedGdConvergesInDirectionToTheJointMaxMargin) {
  ExpectClaimVerdict("magen24.maxmargin.joint_gd_direction");
}

// One claim per route (theory/claims/src/magen24/magen24_snr_threshold.cpp): max-margin and SA
// hold; SB is a finding.
TEST(Magen24ThresholdClaimsStatistical, SnrThresholdScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold");
}

TEST(Magen24ThresholdClaimsStatistical, SnrThresholdOfScheduleSaScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold_sa");
}

TEST(Magen24ThresholdClaimsStatistical, SnrThresholdOfScheduleSbScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold_sb");
}

// The d-dependence of the two-step picture (theory/claims/src/magen24/
// magen24_dimension_exponents.cpp): the benign onset against n, and the threshold against d.
TEST(Magen24DimensionClaimsStatistical, BenignOnsetGrowsLikeNSquared) {
  ExpectClaimVerdict("magen24.dimension.benign_onset");
}

TEST(Magen24DimensionClaimsStatistical, MaxMarginSnrThresholdDoesNotDependOnD) {
  ExpectClaimVerdict("magen24.snr.threshold_dimension");
}

TEST(Magen24DimensionClaimsStatistical, SaSnrThresholdDoesNotDependOnD) {
  ExpectClaimVerdict("magen24.snr.threshold_dimension_sa");
}

// Each instance locates three thresholds, so the CI run's instances (not RapidCheck's hundred
// draws) are the property's cases.
TEST(Magen24DimensionClaimsStatistical, NormalisedNoiseLeavesTheSaThresholdUnchanged) {
  ExpectClaimVerdict("magen24.snr.threshold_normalised");
}
