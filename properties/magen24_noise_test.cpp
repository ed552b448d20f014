// The magen24.noise.* claims of THEORY.md §4.2: exact orthogonality as a RapidCheck property,
// the three concentration lemmas by the runner's sequential verdict, the n² scaling by its
// fitted interval.
//
// Probabilistic verdicts (quick budget, fixed seed base 1): a claim whose true failure rate is
// ≤ δ fails here with probability ≤ its α = 2e-5 per run (claim.hpp); with the fixed seeds a CI
// run is reproducible.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;
using boa::testing::ExpectClaimVerdict;

RC_GTEST_PROP(Magen24Noise, NoiseTokensAreExactlyOrthogonalToTheSignals, ()) {
  CheckClaimAsProperty("magen24.noise.orthogonal");
}

TEST(Magen24NoiseStatistical, NoiseNormsConcentrateWithProbabilityOneMinusDelta) {
  ExpectClaimVerdict("magen24.noise.norm_concentration");
}

TEST(Magen24NoiseStatistical, DistinctNoiseTokensAreNearlyOrthogonal) {
  ExpectClaimVerdict("magen24.noise.near_orthogonality");
}

TEST(Magen24NoiseStatistical, NoiseGramIsDiagonallyDominantWhenDExceeds64N2LogN2OverDelta) {
  ExpectClaimVerdict("magen24.noise.diagonal_dominance");
}

// THEORY.md's n² (a finding at these n) and the derived finite-n law, by replicate sweeps.
TEST(Magen24NoiseSlowStatistical, DimensionNeededForDominanceGrowsLikeNSquared) {
  ExpectClaimVerdict("magen24.noise.dimension_scaling");
}

TEST(Magen24NoiseSlowStatistical, DimensionNeededForDominanceFollowsTheFiniteNLaw) {
  ExpectClaimVerdict("magen24.noise.dimension_scaling_finite_n");
}
