// The catalog as a whole: every claim has a test in ctest. A claim is covered when a file in
// properties/ calls CheckClaimAsProperty("<id>") (identity claims, drawn by RapidCheck) or
// ExpectClaimVerdict("<id>") (the CI verdict, asserted against the claim's expectation).
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa {
namespace {

std::set<std::string> TestedClaimIds() {
  const std::regex call(
      R"re((CheckClaimAsProperty|ExpectClaimVerdict)\(\s*"([a-z0-9_]+(\.[a-z0-9_]+)+)"\s*\))re");
  std::set<std::string> ids;
  for (const auto& entry :
       std::filesystem::directory_iterator(testing::SourceDir() / "properties")) {
    if (entry.path().extension() != ".cpp") continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    const std::string source = text.str();
    for (std::sregex_iterator it(source.begin(), source.end(), call), end; it != end; ++it) {
      ids.insert((*it)[2]);
    }
  }
  return ids;
}

TEST(Catalog, EveryClaimHasATestInCtest) {
  const std::set<std::string> tested = TestedClaimIds();
  for (const Claim& claim : Catalog()) {
    EXPECT_TRUE(tested.count(claim.id))
        << claim.id << " has no CheckClaimAsProperty or ExpectClaimVerdict test";
  }
  // And every tested id names a claim (a renamed claim leaves no stale test behind).
  for (const std::string& id : tested) EXPECT_NO_THROW(FindClaim(id)) << id;
}

}  // namespace
}  // namespace boa
