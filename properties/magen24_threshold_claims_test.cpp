// The magen24 max-margin, SNR-threshold and extension claims (THEORY.md §4.2) at the CI budget.
//
// Each test expects the claim's expected verdict (ExpectClaimVerdict): probabilistic claims by
// their sequential test at the claim's α, scaling claims by their fitted exponent's interval;
// exploratory claims must run every instance cleanly (no throw, no non-finite number).
#include <string>

#include <gtest/gtest.h>

#include "claim_property.hpp"

using boa::testing::ExpectClaimVerdict;


TEST(Magen24ThresholdClaims, MaxMarginSelectionIsBenignAboveTheSnrBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.selection");
}

// A finding above the boundary: GD + weight decay often stops at a local selection.
TEST(Magen24ThresholdClaims, GdWithWeightDecayReachesTheMaxMarginSideAboveTheBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.gd_weight_decay_above");
}

TEST(Magen24ThresholdClaims, GdWithWeightDecayReachesTheMaxMarginSideBelowTheBoundary) {
  ExpectClaimVerdict("magen24.maxmargin.gd_weight_decay_below");
}

// One claim per route (theory/claims/src/magen24/magen24_snr_threshold.cpp): max-margin holds; the two
// GD routes are findings.
TEST(Magen24ThresholdClaims, SnrThresholdScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold");
}

TEST(Magen24ThresholdClaims, SnrThresholdOfScheduleSaScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold_sa");
}

TEST(Magen24ThresholdClaims, SnrThresholdOfScheduleSbScalesAsInverseSqrtN) {
  ExpectClaimVerdict("magen24.snr.threshold_sb");
}

TEST(Magen24ThresholdClaims, MultiTokenExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.multi_token");
}

TEST(Magen24ThresholdClaims, SelfAttentionExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.self_attention");
}

TEST(Magen24ThresholdClaims, WeightDecayExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.weight_decay");
}

TEST(Magen24ThresholdClaims, LinearClassifierExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.vs_linear");
}
