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

// Every claim says where its statement, its setting and each of its constants come from, and its
// provenance agrees with them: `paper` only when no element is boa's convention (the statement
// and setting are the paper's), `operationalised` only when some element is; every element says
// where (which section, item, figure, or why boa chose it).
TEST(Catalog, EveryClaimCarriesItsPerElementProvenance) {
  for (const Claim& claim : Catalog()) {
    std::set<std::string> names;
    bool convention = false, paper = false;
    for (const Element& e : claim.elements) {
      EXPECT_FALSE(e.name.empty()) << claim.id;
      EXPECT_FALSE(e.where.empty()) << claim.id << ": " << e.name << " does not say where";
      EXPECT_TRUE(names.insert(e.name).second) << claim.id << ": " << e.name << " twice";
      convention |= e.origin == Origin::kConvention;
      paper |= e.origin == Origin::kPaper;
    }
    EXPECT_TRUE(names.count("statement"))
        << claim.id << " does not say where its statement is from";
    EXPECT_TRUE(names.count("setting")) << claim.id << " does not say where its setting is from";
    if (claim.provenance == Provenance::kPaper) {
      EXPECT_FALSE(convention) << claim.id << " is labelled paper but uses a constant of boa's";
    }
    if (claim.provenance == Provenance::kOperationalised) {
      EXPECT_TRUE(convention) << claim.id << " is operationalised but names no constant of boa's";
      EXPECT_TRUE(paper) << claim.id << " is operationalised but names no paper element";
    }
  }
}

}  // namespace
}  // namespace boa
