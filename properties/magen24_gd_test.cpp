// The magen24.gd.* claims beyond their catalog test (properties/claims_test.cpp runs one test per
// claim): the gradient Lipschitz check can fail.
#include <gtest/gtest.h>

#include <iostream>

#include "boa/catalog.hpp"

// The Lipschitz check can fail: with the constant shrunk to half the measured worst ratio, the
// same instance must be rejected. Also prints how tight the derived constant is there.
TEST(Magen24Gd, GradientLipschitzCheckRejectsAConstantBelowTheMeasuredRatio) {
  const boa::Claim& claim = boa::FindClaim("magen24.gd.gradient_lipschitz");
  boa::Params params = {{"n", 10}, {"T", 2}, {"d", 10}, {"snr", 1}, {"eta", 0.2}, {"rho", 1}};
  const boa::Outcome derived = claim.check(params, 1, boa::Engine::kDirect);
  ASSERT_TRUE(derived.holds) << derived.explanation;
  const double ratio = derived.measured.at("max_ratio_to_bound");
  std::cout << "measured max ‖Δ∇L‖ / (L_ρ‖Δθ‖) = " << ratio << "\n";
  params["bound_scale"] = ratio / 2;
  const boa::Outcome too_small = claim.check(params, 1, boa::Engine::kDirect);
  EXPECT_FALSE(too_small.holds);
  EXPECT_GT(too_small.measured.at("max_ratio_to_bound"), 1.9);
}
