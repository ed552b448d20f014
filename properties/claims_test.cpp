// One test per catalog claim, generated from the catalog: a new claim needs no line here. Each is
// a parameterised GoogleTest named by the claim's id with '.' as '_', e.g.
//   Claims/ClaimProperty.HoldsOnEveryDrawnInstance/core_softmax_stable
//   Claims/ClaimVerdictSlowStatistical.IsTheExpectedOne/sakamoto24_gd_token_selection
// so `ctest -R '/sakamoto24_gd_token_selection$'` selects one claim. Claims that share their
// instances' computations (Claim::ci_test_with) are checked in one test, one process, so that
// the shared sweeps are computed once: the test of the claim they name, with their names
// appended after "__", e.g. …/magen24_cnn_threshold_n__magen24_cnn_threshold_n_as_quoted
// (`ctest -R 'magen24_cnn_threshold_n_as_quoted'` finds it). The check follows the claim:
//   an identity claim (identity_as_property)  CheckClaimAsProperty: RapidCheck's drawn instances
//   every other claim                          ExpectClaimVerdict: CI's verdict, as expected
// and the suite name gives the labels (cmake/BoaTest.cmake): …Statistical for the verdict of a
// probabilistic or scaling claim, …Slow for a claim marked slow_in_ci, the binary's `property`
// otherwise (a shared test takes its first claim's). catalog_test checks that every catalog claim
// is here exactly once.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/catalog.hpp"
#include "claim_property.hpp"

namespace boa {
namespace claims_test {

bool AsProperty(const Claim& claim) {
  return claim.kind == ClaimKind::kIdentity && claim.identity_as_property;
}

bool Statistical(const Claim& claim) {
  return claim.kind == ClaimKind::kProbabilistic || claim.kind == ClaimKind::kScaling;
}

// The claims one test checks: `head`, then every claim whose ci_test_with names it (id order).
std::vector<std::string> Group(const std::string& head) {
  std::vector<std::string> ids = {head};
  for (const Claim& claim : Catalog()) {
    if (claim.ci_test_with == head) ids.push_back(claim.id);
  }
  return ids;
}

// The ids of the catalog's claims with a test of their own that `pick` selects, in catalog (id)
// order.
std::vector<std::string> Ids(const std::function<bool(const Claim&)>& pick) {
  std::vector<std::string> ids;
  for (const Claim& claim : Catalog()) {
    if (claim.ci_test_with.empty() && pick(claim)) ids.push_back(claim.id);
  }
  return ids;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (const std::string& id : Group(info.param)) name += (name.empty() ? "" : "__") + id;
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

class ClaimProperty : public ::testing::TestWithParam<std::string> {};
class ClaimPropertySlow : public ::testing::TestWithParam<std::string> {};
class ClaimVerdict : public ::testing::TestWithParam<std::string> {};
class ClaimVerdictSlow : public ::testing::TestWithParam<std::string> {};
class ClaimVerdictStatistical : public ::testing::TestWithParam<std::string> {};
class ClaimVerdictSlowStatistical : public ::testing::TestWithParam<std::string> {};

void CheckAsProperty(const std::string& id) {
  rc::detail::checkGTest([&id] { testing::CheckClaimAsProperty(id); });
}

TEST_P(ClaimProperty, HoldsOnEveryDrawnInstance) { CheckAsProperty(GetParam()); }
TEST_P(ClaimPropertySlow, HoldsOnEveryDrawnInstance) { CheckAsProperty(GetParam()); }
void ExpectVerdicts(const std::string& head) {
  for (const std::string& id : Group(head)) testing::ExpectClaimVerdict(id);
}

TEST_P(ClaimVerdict, IsTheExpectedOne) { ExpectVerdicts(GetParam()); }
TEST_P(ClaimVerdictSlow, IsTheExpectedOne) { ExpectVerdicts(GetParam()); }
TEST_P(ClaimVerdictStatistical, IsTheExpectedOne) { ExpectVerdicts(GetParam()); }
TEST_P(ClaimVerdictSlowStatistical, IsTheExpectedOne) { ExpectVerdicts(GetParam()); }

// Every claim falls in exactly one of the six; a suite no claim falls in is no error.
INSTANTIATE_TEST_SUITE_P(Claims, ClaimProperty, ::testing::ValuesIn(Ids([](const Claim& c) {
                           return AsProperty(c) && !c.slow_in_ci;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Claims, ClaimPropertySlow, ::testing::ValuesIn(Ids([](const Claim& c) {
                           return AsProperty(c) && c.slow_in_ci;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Claims, ClaimVerdict, ::testing::ValuesIn(Ids([](const Claim& c) {
                           return !AsProperty(c) && !Statistical(c) && !c.slow_in_ci;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Claims, ClaimVerdictSlow, ::testing::ValuesIn(Ids([](const Claim& c) {
                           return !AsProperty(c) && !Statistical(c) && c.slow_in_ci;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Claims, ClaimVerdictStatistical,
                         ::testing::ValuesIn(Ids([](const Claim& c) {
                           return !AsProperty(c) && Statistical(c) && !c.slow_in_ci;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Claims, ClaimVerdictSlowStatistical,
                         ::testing::ValuesIn(Ids([](const Claim& c) {
                           return !AsProperty(c) && Statistical(c) && c.slow_in_ci;
                         })),
                         TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimProperty);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimPropertySlow);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimVerdict);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimVerdictSlow);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimVerdictStatistical);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ClaimVerdictSlowStatistical);

}  // namespace claims_test
}  // namespace boa
