// The magen24 extension claims (THEORY.md §4.2): exploratory settings beyond the papers' models.
// An exploratory claim states nothing to hold or fail; each must run every instance cleanly (no
// throw, no non-finite number) and report its measurements (ExpectClaimVerdict).
#include <gtest/gtest.h>

#include "claim_property.hpp"

using boa::testing::ExpectClaimVerdict;

TEST(Magen24ExtensionClaims, MultiTokenExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.multi_token");
}

TEST(Magen24ExtensionClaims, SelfAttentionExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.self_attention");
}

TEST(Magen24ExtensionClaims, DepthExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.depth");
}

TEST(Magen24ExtensionClaims, WeightDecayExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.weight_decay");
}

TEST(Magen24ExtensionClaims, LinearClassifierExtensionRunsCleanly) {
  ExpectClaimVerdict("magen24.extension.vs_linear");
}

// A finding (issue 35): at T = 5 the mean entropy falls below boa's 0.9 in more than half the draws.
TEST(Magen24ExtensionClaimsStatistical, NoisySamplesSpreadTheirAttentionOverTheNoiseTokens) {
  ExpectClaimVerdict("magen24.extension.multi_token_spread");
}
