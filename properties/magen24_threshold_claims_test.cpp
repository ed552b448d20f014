// The magen24 max-margin, SNR-threshold and extension claims (THEORY.md §4.2) at the CI budget.
//
// Probabilistic claims: the runner's Clopper–Pearson verdict at α = 1e-6, so a true claim
// falsely fails with probability ≤ 1e-6 per run (the seeds are fixed, so a CI run is
// reproducible). Scaling claims: the fitted exponent's 95% interval must contain the prediction.
// Exploratory claims are run (they must not throw or produce a non-finite number) but never
// asserted.
#include <string>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "claim_property.hpp"

using boa::testing::ExpectClaimHolds;

namespace {

// Exploratory claims are never asserted, but an instance that throws or measures a non-finite
// number still counts as a failure: that must not happen.
void ExpectRunsCleanly(const std::string& id) {
  boa::RunOptions options;
  options.budget = boa::Budget::kQuick;
  const boa::Verdict v = boa::RunClaim(boa::FindClaim(id), options);
  EXPECT_EQ(v.failures, 0) << id << ": "
                           << (v.counterexample ? v.counterexample->explanation + "\n  replay: " +
                                                      v.counterexample->replay
                                                : std::string());
  EXPECT_FALSE(v.measured.empty()) << id << " measured nothing";
}

}  // namespace

TEST(Magen24ThresholdClaims, MaxMarginSelectionIsBenignAboveTheSnrBoundary) {
  ExpectClaimHolds("magen24.maxmargin.selection");
}

// Asserts the max-margin route; SA and SB are measured beside it (SB's exponent ≈ −0.78 misses
// −1/2; SA's threshold is not located at small n in about half the seed bases, which the flake
// audit exposed: findings, see theory/src/claims/magen24_snr_threshold.cpp).
TEST(Magen24ThresholdClaims, SnrThresholdScalesAsInverseSqrtN) {
  ExpectClaimHolds("magen24.snr.threshold");
}

TEST(Magen24ThresholdClaims, MultiTokenExtensionRunsCleanly) {
  ExpectRunsCleanly("magen24.extension.multi_token");
}

TEST(Magen24ThresholdClaims, SelfAttentionExtensionRunsCleanly) {
  ExpectRunsCleanly("magen24.extension.self_attention");
}

TEST(Magen24ThresholdClaims, WeightDecayExtensionRunsCleanly) {
  ExpectRunsCleanly("magen24.extension.weight_decay");
}

TEST(Magen24ThresholdClaims, LinearClassifierExtensionRunsCleanly) {
  ExpectRunsCleanly("magen24.extension.vs_linear");
}
