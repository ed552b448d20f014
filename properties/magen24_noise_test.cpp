// The magen24.noise.* claims of THEORY.md §4.2: exact orthogonality as a RapidCheck property,
// the three concentration lemmas by the runner's Clopper–Pearson verdict, the n² scaling by its
// fitted interval.
//
// Probabilistic verdicts (quick budget, fixed seed base 1): a claim whose true failure rate is
// ≤ δ fails here with probability ≤ α = 1e-6 per run (stats.hpp), so these three tests together
// flake with probability ≤ 3e-6 under fresh seeds; with the fixed seeds a CI run is reproducible.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;
using boa::testing::ExpectClaimHolds;

RC_GTEST_PROP(Magen24Noise, NoiseTokensAreExactlyOrthogonalToTheSignals, ()) {
  CheckClaimAsProperty("magen24.noise.orthogonal");
}

// 100 instances, δ = 0.05: fails only if ≥ 19 instances violate the Laurent–Massart band.
TEST(Magen24Noise, NoiseNormsConcentrateWithProbabilityOneMinusDelta) {
  ExpectClaimHolds("magen24.noise.norm_concentration");
}

// 100 instances, δ = 0.05 (as above).
TEST(Magen24Noise, DistinctNoiseTokensAreNearlyOrthogonal) {
  ExpectClaimHolds("magen24.noise.near_orthogonality");
}

// 20 instances, allowed rate 2δ = 0.1: fails only if ≥ 11 of 20 Gram matrices are not dominant.
TEST(Magen24Noise, NoiseGramIsDiagonallyDominantWhenDExceeds64N2LogN2OverDelta) {
  ExpectClaimHolds("magen24.noise.diagonal_dominance");
}

// One sweep (n = 6 .. 48, 30 draws per n); the fitted exponent's 95% interval must contain 2.
TEST(Magen24Noise, DimensionNeededForDominanceGrowsLikeNSquared) {
  ExpectClaimHolds("magen24.noise.dimension_scaling");
}
