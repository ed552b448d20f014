// The magen24 max-margin, SNR-threshold and extension claims (THEORY.md §4.2) at the CI budget.
//
// Probabilistic claims: the runner's Clopper–Pearson verdict at α = 1e-6, so a true claim
// falsely fails with probability ≤ 1e-6 per run (the seeds are fixed, so a CI run is
// reproducible). Scaling claims: the fitted exponent's 95% interval must contain the prediction.
// Exploratory claims are run (they must not throw or produce a non-finite number) but never
// asserted.
#include <gtest/gtest.h>

#include "claim_property.hpp"

using boa::testing::ExpectClaimHolds;

TEST(Magen24ThresholdClaims, MaxMarginSelectionIsBenignAboveTheSnrBoundary) {
  ExpectClaimHolds("magen24.maxmargin.selection");
}
