// The sakamoto24.* claims about long-horizon gradient descent (THEORY.md §4.3), at the quick
// budget with the paper's W-and-p protocol (lr 5e-3, 1000 steps; W trains in factored form) at
// the paper's (d, ‖μ‖) settings.
//
// Each test expects the claim's expected verdict at CI's fixed seeds (ExpectClaimVerdict): the
// sequential test of claim.hpp at the claim's α, with power ≥ 0.9 at its δ₁ (runner_test checks
// every plan); findings are asserted as "fails".
#include <cmath>

#include <gtest/gtest.h>

#include "boa/encoder_run.hpp"
#include "claim_property.hpp"

using boa::testing::ExpectClaimVerdict;

// A finding (issue 35): at the authors' 1000 steps a noisy sample is left unfitted in about one
// draw in five; the rate shrinks along the horizon.
TEST(Sakamoto24GdClaimsSlowStatistical,
     BalancedSettingSelectsRelevantTokensForCleanAndFlippedSignTokensForNoisy) {
  ExpectClaimVerdict("sakamoto24.gd.token_selection");
}

// A finding: the large-noise run is not harmful (clean test ≤ 0.75) at CI's seeds.
TEST(Sakamoto24GdClaimsSlowStatistical,
     BalancedIsBenignLargeNoiseHarmfulLargeSignalNotOverfitting) {
  ExpectClaimVerdict("sakamoto24.gd.regimes");
}

TEST(Sakamoto24GdClaimsSlowStatistical,
     BalancedIsBenignLargeNoiseNotBenignLargeSignalNotOverfitting) {
  ExpectClaimVerdict("sakamoto24.gd.regimes_not_benign");
}

TEST(Sakamoto24GdClaimsStatistical, MisfitSamplesKeepTheirLossWeightWhileTheirGradientVanishes) {
  ExpectClaimVerdict("sakamoto24.gd.vanishing_update");
}

TEST(Sakamoto24GdClaimsStatistical, AlongASaturatingPathMisfitSamplesKeepTheirLossWeight) {
  ExpectClaimVerdict("sakamoto24.gd.vanishing_update_path");
}

// A finding (issue 35): in 𝔖 setting 0 the drop lags the crossing by more than boa's ±0.1.
TEST(Sakamoto24GdClaimsSlowStatistical, TestAccuracyDropsWhereTheFrakSRatioCrossesOne) {
  ExpectClaimVerdict("sakamoto24.frak_s.criterion");
}

// Exploratory: measured and reported, never asserted; every instance must run cleanly.
TEST(Sakamoto24GdClaims, DelayedGeneralizationIsMeasured) {
  ExpectClaimVerdict("sakamoto24.gd.delayed_generalization");
}

// The sharper noisy-sample statement of [S]; a finding: noisy samples often select an irrelevant
// token.
TEST(Sakamoto24GdClaimsSlowStatistical, NoisySamplesSelectTheirWeakOppositeToken) {
  ExpectClaimVerdict("sakamoto24.gd.token_selection_weak_opposite");
}

TEST(Sakamoto24GdClaimsStatistical, BeyondHalfLabelNoiseTestAccuracyStaysHighWhereRExceedsOne) {
  ExpectClaimVerdict("sakamoto24.frak_s.beyond_half");
}

// Trajectory predicates of Lemmas A.2–A.4 along the p-only run (Gram engine); the first is a
// finding (noisy samples' selected weight does not saturate within the horizon).
TEST(Sakamoto24GdClaimsStatistical, AttentionOnTheFittingTokenGrowsAfterBurnInAndSaturates) {
  ExpectClaimVerdict("sakamoto24.gd.attention_growth");
}

TEST(Sakamoto24GdClaimsStatistical, CleanRelevantAttentionGrowsAfterBurnInAndSaturates) {
  ExpectClaimVerdict("sakamoto24.gd.attention_growth_clean");
}

TEST(Sakamoto24GdClaimsStatistical, CleanAttentionGapFollowsTheGrowthFunctionLaw) {
  ExpectClaimVerdict("sakamoto24.gd.attention_gap_law");
}

// [S] Fig. 1 (right): the head alone on uniform attention, swept over T (Gram engine). A
// finding: the head alone fits every sample.
TEST(Sakamoto24GdClaimsStatistical, HeadAloneDoesNotFitNoisySamplesAndDegradesWithT) {
  ExpectClaimVerdict("sakamoto24.head_only.no_overfit");
}

TEST(Sakamoto24GdClaimsStatistical, HeadAloneGeneralisesWorseAsTGrows) {
  ExpectClaimVerdict("sakamoto24.head_only.degrades_with_t");
}

// Issue 16 items 1 and 3: the 𝔖 maps over (‖μ‖, η) and (d, η) and the one-condition classes of
// Appendix H.4 (p only, Gram engine).
TEST(Sakamoto24GdClaimsStatistical, MapTestAccuracyDropsNearTheRIsOneContour) {
  ExpectClaimVerdict("sakamoto24.frak_s.map_boundary");
}

TEST(Sakamoto24GdClaimsStatistical, MapContourMovesToSmallerEtaAtSmallerRho) {
  ExpectClaimVerdict("sakamoto24.frak_s.rho_shift");
}

TEST(Sakamoto24GdClaimsStatistical, OnlyEq11HoldingGivesBenignTestAccuracy) {
  ExpectClaimVerdict("sakamoto24.frak_s.eq11_only");
}

TEST(Sakamoto24GdClaimsStatistical, OnlyEq13HoldingGivesTestAccuracyBelowBenign) {
  ExpectClaimVerdict("sakamoto24.frak_s.eq13_only");
}

// Real images (issue 16 item 11): token selection on the 8×8 digits under label noise; an
// exploratory claim, so CI checks that every instance runs and reports finite numbers.
TEST(Sakamoto24GdClaimsStatistical, RealDigitsTokenSelectionRunsUnderLabelNoise) {
  ExpectClaimVerdict("sakamoto24.real_data.digits");
}

// [S] Section F: a random Gaussian fixed head (exploratory: every instance runs cleanly).
TEST(Sakamoto24GdClaimsStatistical, RandomFixedHeadRunsOnTheBalancedSetting) {
  ExpectClaimVerdict("sakamoto24.head.random");
}

// Issue 16 item 10: the one-layer encoder (M5, every block trained) in the paper's three
// settings; exploratory, so CI checks that every instance runs and reports finite numbers.
TEST(Sakamoto24GdClaimsStatistical, OneLayerEncoderRunsInTheThreeSettings) {
  ExpectClaimVerdict("sakamoto24.encoder.regimes");
}

// §4.4's scaled sizes: a tenth of d (rounded), ‖μ‖/√d kept, FFN width 2d; the paper's sizes
// with FFN width 2000 otherwise.
TEST(Sakamoto24EncoderSizes, KeepMuOverRootDWhenScaled) {
  for (const auto& setting : boa::EncoderSettings()) {
    const boa::EncoderSizes paper = boa::EncoderSizesAt(setting.d, setting.mu_norm, true);
    EXPECT_EQ(paper.spec.d, setting.d);
    EXPECT_EQ(paper.spec.mu_norm, setting.mu_norm);
    EXPECT_EQ(paper.ffn_width, 2000);
  }
  for (const int d : {250, 1375, 2000, 5000}) {
    const boa::EncoderSizes scaled = boa::EncoderSizesAt(d, 20, false);
    EXPECT_EQ(scaled.spec.d, std::lround(d / 10.0)) << d;
    EXPECT_EQ(scaled.ffn_width, 2 * scaled.spec.d) << d;
    EXPECT_NEAR(scaled.spec.mu_norm / std::sqrt(scaled.spec.d), 20 / std::sqrt(d), 1e-12) << d;
  }
}

// [S] Section F: K = 2, 3, 5 classes with K fixed class heads (exploratory: every instance runs
// cleanly).
TEST(Sakamoto24GdClaimsStatistical, KClassesRunUnderLabelNoise) {
  ExpectClaimVerdict("sakamoto24.extension.k_classes");
}
