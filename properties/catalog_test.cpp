// The catalog as a whole: every claim in the source tree is registered, and every claim has a
// test in ctest. A claim is covered when a file in properties/ calls CheckClaimAsProperty("<id>")
// (identity claims, drawn by RapidCheck) or ExpectClaimVerdict("<id>") (the CI verdict, asserted
// against the claim's expectation).
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of every .cpp file under `dir`, by path.
std::map<fs::path, std::string> Sources(const fs::path& dir) {
  std::map<fs::path, std::string> sources;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.path().extension() == ".cpp") sources[entry.path()] = Read(entry.path());
  }
  return sources;
}

// Each claim file registers its claims (BOA_REGISTER_CLAIM) and boa_claims is linked whole, so
// every id a claim file assigns (`c.id = "…"`, both ids of `c.id = cond ? "…" : "…"`) is in the
// catalog, and there are exactly as many claims as registrations: a registration dropped by the
// linker, or a claim file left unregistered, fails here.
TEST(Catalog, EveryClaimInTheSourceTreeIsRegistered) {
  const std::regex assignment(R"re(\bc\.id = ([^;]*);)re");
  const std::regex literal(R"re("([a-z0-9_]+(\.[a-z0-9_]+)+)")re");
  const std::regex registration(R"re((^|\n)BOA_REGISTER_CLAIM\((\w+)\);)re");
  std::set<std::string> assigned, registered;
  for (const auto& [path, source] : Sources(testing::SourceDir() / "theory" / "claims" / "src")) {
    for (std::sregex_iterator it(source.begin(), source.end(), assignment), end; it != end; ++it) {
      const std::string rhs = (*it)[1];
      for (std::sregex_iterator lit(rhs.begin(), rhs.end(), literal); lit != end; ++lit) {
        assigned.insert((*lit)[1]);
      }
    }
    for (std::sregex_iterator it(source.begin(), source.end(), registration), end; it != end;
         ++it) {
      EXPECT_TRUE(registered.insert((*it)[2]).second) << (*it)[2] << " is registered twice";
    }
  }
  EXPECT_GE(assigned.size(), 60u) << "the scan of theory/claims/src found too few claim ids";
  for (const std::string& id : assigned) EXPECT_NO_THROW(FindClaim(id)) << id;
  EXPECT_EQ(Catalog().size(), registered.size());
}

TEST(Catalog, IsSortedByIdWithoutRepeats) {
  for (std::size_t i = 1; i < Catalog().size(); ++i) {
    EXPECT_LT(Catalog()[i - 1].id, Catalog()[i].id);
  }
}

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
