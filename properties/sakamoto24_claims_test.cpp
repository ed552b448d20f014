// The sakamoto24.* claims that need no training (THEORY.md §4.3): the head-score law, the loss
// floor of a fixed head, and the explicit Thm 4.1 construction.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;
using boa::testing::ExpectClaimVerdict;

// A true claim fails an instance (200 samples of T = 4 tokens in d = 8) w.p. ≤ δ = 1e-3 (nine
// exact tests at δ/9); the sequential test (cap 20000, power ≥ 0.9 at δ₁ = 3e-3) stops after
// ≈ 1500 instances when none fails.
TEST(Sakamoto24ClaimsStatistical, HeadScoresFollowTheirGaussianLawAndTheNormalCdf) {
  ExpectClaimVerdict("sakamoto24.head.scores");
}

RC_GTEST_PROP(Sakamoto24Claims, LossWithAFixedHeadNeverFallsBelowItsFloor, ()) {
  CheckClaimAsProperty("sakamoto24.loss.floor");
}

// Seeds of the paper's setting (d = 10⁴, n = 100), δ = 0.1 against δ₁ = 0.3 (theorem conclusion).
TEST(Sakamoto24ClaimsStatistical, ExplicitConstructionIsBenignHarmfulOrNotOverfittingByLambda) {
  ExpectClaimVerdict("sakamoto24.existence");
}
