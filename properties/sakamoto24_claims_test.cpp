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

// Lemma B.6 at δ = 0.1 against δ₁ = 0.2 (lemma row); the union bound leaves a true failure rate
// well below δ, so the run stops after ≈ 26 instances of at most 40·16·500 Gaussian draws.
TEST(Sakamoto24ClaimsStatistical, SignalNoiseInteractionStaysBelowTheUnionBound) {
  ExpectClaimVerdict("sakamoto24.noise.concentration");
}

// The Monte-Carlo head gradient at initialisation points along (1 − 2η)(μ₊ − μ₋) to cosine 0.99;
// its sample size makes a true statement fail an instance w.p. ≤ δ = 0.1 (Markov).
TEST(Sakamoto24ClaimsStatistical, PopulationHeadGradientAlignsWithTheClassSignalDifference) {
  ExpectClaimVerdict("sakamoto24.head.population_gradient");
}
