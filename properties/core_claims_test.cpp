// Every core.* claim of THEORY.md §4.1 as its own RapidCheck property over generated instances of
// M1, M2 (p only; W and p) and M3. Each body is the catalog check; the regime is the catalog's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "claim_property.hpp"

using boa::testing::CheckClaimAsProperty;

RC_GTEST_PROP(CoreClaims, SoftmaxIsFiniteNormalisedAndShiftInvariant, ()) {
  CheckClaimAsProperty("core.softmax.stable");
}

RC_GTEST_PROP(CoreClaims, AnalyticGradientsMatchFiniteDifferences, ()) {
  CheckClaimAsProperty("core.gradient.finite_difference");
}

RC_GTEST_PROP(CoreClaims, OutputIsAConvexCombinationOfTokenValues, ()) {
  CheckClaimAsProperty("core.output.convex_combination");
}

RC_GTEST_PROP(CoreClaims, PermutingTokensChangesNothing, ()) {
  CheckClaimAsProperty("core.tokens.permutation");
}

RC_GTEST_PROP(CoreClaims, RotationsCommuteWithTheModelAndAGdStep, ()) {
  CheckClaimAsProperty("core.rotation.equivariance");
}

RC_GTEST_PROP(CoreClaims, AttentionGradientVanishesWhileValuesAreZero, ()) {
  CheckClaimAsProperty("core.gd.frozen_query");
}

RC_GTEST_PROP(CoreClaims, TokenSelectionDependsOnWAndPOnlyThroughTheQuery, ()) {
  CheckClaimAsProperty("core.equivalence.w_p");
}

RC_GTEST_PROP(CoreClaims, FusedKernelMatchesTheReference, ()) {
  CheckClaimAsProperty("core.kernel.fused_matches_reference");
}

RC_GTEST_PROP(CoreClaims, GrowthFunctionLinearisesTheAttentionGapOde, ()) {
  CheckClaimAsProperty("core.growth_function");
}

RC_GTEST_PROP(CoreClaims, GramSpaceDescentIsDirectDescent, ()) {
  CheckClaimAsProperty("core.gram.matches_direct");
}
