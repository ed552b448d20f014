// The sakamoto24.* claims that need no training (THEORY.md §4.3): the head-score law, the loss
// floor of a fixed head, and the explicit Thm 4.1 construction.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;
using boa::testing::ExpectClaimHolds;

// 200 instances (ci_instances; each one is 200 samples of T = 4 tokens in d = 8). A true claim
// fails an instance w.p. ≤ δ = 1e-3 (nine exact tests at δ/9), and the verdict falsely fails
// w.p. ≤ α = 1e-6 per run.
TEST(Sakamoto24Claims, HeadScoresFollowTheirGaussianLawAndTheNormalCdf) {
  ExpectClaimHolds("sakamoto24.head.scores");
}

RC_GTEST_PROP(Sakamoto24Claims, LossWithAFixedHeadNeverFallsBelowItsFloor, ()) {
  CheckClaimAsProperty("sakamoto24.loss.floor");
}

// 10 seeds (ci_instances) of the paper's setting (d = 10⁴, n = 100), δ = 0.05: the verdict fails
// at ≥ 7 failing seeds (with the quick budget's 2 seeds it could never fail); false-alarm rate
// ≤ α = 1e-6 per run.
TEST(Sakamoto24Claims, ExplicitConstructionIsBenignHarmfulOrNotOverfittingByLambda) {
  ExpectClaimHolds("sakamoto24.existence");
}
