// targeted_search: climbing the violation score finds a failure hidden in a small corner of the
// regime that uniform sampling with the same budget almost never hits, and shrinks it.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/runner.hpp"
#include "boa/targeted_search.hpp"

namespace boa {
namespace targeted_search_test {

// Score rises smoothly toward (a, b) = (90, 90); the claim fails only when both are ≥ 88
// (9 of 10 000 grid points: uniform sampling hits it with probability ≈ 1e-3 per draw).
Claim HiddenCorner() {
  Claim c;
  c.id = "test.hidden_corner";
  c.kind = ClaimKind::kIdentity;
  c.regime = {{"a", 0, 99}, {"b", 0, 99}};
  c.violation_score = "closeness";
  c.check = [](const Params& p, std::uint64_t, Engine) {
    const double a = RealParam(p, "a"), b = RealParam(p, "b");
    const double closeness = 1 - (std::fabs(a - 90) + std::fabs(b - 90)) / 200;
    return Outcome{!(a >= 88 && b >= 88), {{"closeness", closeness}}, "in the corner"};
  };
  return c;
}

TEST(TargetedSearch, ClimbsToAHiddenFailureAndShrinksIt) {
  SearchOptions o;
  o.evaluations = 400;
  const SearchResult r = SearchWorstInstance(HiddenCorner(), o);
  ASSERT_TRUE(r.found_failure) << "best score " << r.score;
  // Shrunk toward the regime's low end: the smallest failing grid point is (88, 88).
  EXPECT_EQ(r.params.at("a"), 88);
  EXPECT_EQ(r.params.at("b"), 88);
  EXPECT_FALSE(CheckInstance(HiddenCorner(), r.params, r.seed).holds);
}

TEST(TargetedSearch, ReportsTheWorstInstanceWhenNothingFails) {
  Claim c = HiddenCorner();
  c.check = [](const Params& p, std::uint64_t, Engine) {
    return Outcome{true, {{"closeness", -std::fabs(RealParam(p, "a") - 40)}}, ""};
  };
  SearchOptions o;
  o.evaluations = 300;
  const SearchResult r = SearchWorstInstance(c, o);
  EXPECT_FALSE(r.found_failure);
  EXPECT_EQ(r.params.at("a"), 40);
  EXPECT_EQ(r.score, 0.0);
  EXPECT_EQ(r.evaluations, 300);
}

}  // namespace targeted_search_test
}  // namespace boa
