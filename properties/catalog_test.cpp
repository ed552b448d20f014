// The catalog as a whole: every claim in the source tree is registered, and every registered
// claim has exactly one test in ctest (properties/claims_test.cpp, one parameterised test per
// catalog claim, named by its id with '.' as '_').
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa {
namespace catalog_test {

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

// The ids of claims_test's tests ("Claims/ClaimVerdictStatistical.IsTheExpectedOne/magen24_snr_
// threshold" → magen24_snr_threshold), each with how many tests carry it.
std::map<std::string, int> ClaimTestNames() {
  const std::string command = "'" + std::string(BOA_CLAIMS_TEST_PATH) + "' --gtest_list_tests";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("could not run " + command);
  std::string listing;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) listing += buffer;
  EXPECT_EQ(pclose(pipe), 0) << command;
  std::map<std::string, int> names;
  std::istringstream lines(listing);
  std::string line, suite;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (line[0] != ' ') {
      suite = line;
      continue;
    }
    const std::string test = line.substr(2, line.find(' ', 2) - 2);
    EXPECT_EQ(suite.rfind("Claims/", 0), 0u) << suite << test;
    const std::size_t slash = test.rfind('/');
    EXPECT_NE(slash, std::string::npos) << suite << test;
    if (slash == std::string::npos) continue;
    // A shared test names each of its claims, joined by "__" (claims_test.cpp).
    std::string rest = test.substr(slash + 1);
    for (std::size_t cut; (cut = rest.find("__")) != std::string::npos; rest.erase(0, cut + 2)) {
      ++names[rest.substr(0, cut)];
    }
    ++names[rest];
  }
  return names;
}

TEST(Catalog, EveryClaimHasExactlyOneTestInCtest) {
  std::map<std::string, int> names = ClaimTestNames();
  std::set<std::string> expected;
  for (const Claim& claim : Catalog()) {
    std::string name = claim.id;
    std::replace(name.begin(), name.end(), '.', '_');
    EXPECT_EQ(name.find("__"), std::string::npos)
        << claim.id << ": \"__\" joins a shared test's ids";
    EXPECT_TRUE(expected.insert(name).second) << claim.id << ": its test name is another's";
    EXPECT_EQ(names[name], 1) << claim.id << " should have exactly one test in claims_test";
  }
  for (const auto& [name, count] : names) {
    EXPECT_TRUE(expected.count(name)) << name << " names no catalog claim";
  }
}

// A claim checked in another's test (ci_test_with) names a claim with a test of its own, and both
// are checked by their verdicts (a RapidCheck property is one claim's test).
TEST(Catalog, EveryClaimTestedWithAnotherNamesAClaimWithATestOfItsOwn) {
  const auto by_verdict = [](const Claim& c) {
    return !(c.kind == ClaimKind::kIdentity && c.identity_as_property);
  };
  for (const Claim& claim : Catalog()) {
    if (claim.ci_test_with.empty()) continue;
    const auto head = std::find_if(Catalog().begin(), Catalog().end(),
                                   [&](const Claim& c) { return c.id == claim.ci_test_with; });
    ASSERT_NE(head, Catalog().end()) << claim.id << ": ci_test_with names no claim";
    EXPECT_TRUE(head->ci_test_with.empty())
        << claim.id << ": " << head->id << " is itself tested with " << head->ci_test_with;
    EXPECT_TRUE(by_verdict(claim) && by_verdict(*head)) << claim.id;
  }
}

// claims_test is the only test of a claim's verdict or property: a per-claim call elsewhere in
// properties/ would test a claim twice.
TEST(Catalog, NoPropertyFileTestsAClaimByItsId) {
  const std::regex call(
      R"re((CheckClaimAsProperty|ExpectClaimVerdict)\(\s*"([a-z0-9_]+(\.[a-z0-9_]+)+)"\s*\))re");
  for (const auto& [path, source] : Sources(testing::SourceDir() / "properties")) {
    std::smatch match;
    EXPECT_FALSE(std::regex_search(source, match, call))
        << path << " tests " << match[2] << " itself; claims_test.cpp tests every claim";
  }
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

// When each constant of boa's was fixed (issue 51 item 5): only a convention can have been set
// after measuring, and one that was says what had been seen and names the commit (or says the
// history cannot tell: "not certain"). The known cases stay marked: the window margin and τ.
TEST(Catalog, AConstantSetAfterMeasuringSaysWhatWasSeen) {
  const std::regex commit("\\b[0-9a-f]{7}\\b");
  int after = 0;
  for (const Claim& claim : Catalog()) {
    for (const Element& e : claim.elements) {
      if (e.set_after.empty()) continue;
      ++after;
      EXPECT_EQ(e.origin, Origin::kConvention) << claim.id << ": " << e.name;
      EXPECT_TRUE(std::regex_search(e.set_after, commit))
          << claim.id << ": " << e.name << " names no commit: " << e.set_after;
      const std::string when = WhenFixed(e);
      const std::string_view uncertain = "not certain: ";
      const std::string seen =
          e.set_after.starts_with(uncertain) ? e.set_after.substr(uncertain.size()) : e.set_after;
      EXPECT_EQ(when, (e.set_after.starts_with(uncertain) ? "perhaps " : "") +
                          std::string("set after measuring: ") + seen);
    }
  }
  EXPECT_GT(after, 0);
  const auto marked = [](const std::string& id, const std::string& name) {
    for (const Element& e : FindClaim(id).elements) {
      if (e.name == name) return !e.set_after.empty();
    }
    return false;
  };
  EXPECT_TRUE(marked("magen24.gd.two_step_benign", "window margin 0.2"));
  EXPECT_TRUE(marked("magen24.snr.threshold", "exponent tolerance 0.1"));
}

// Every claim declares when its draws are rejected (Claim::rejection has no default: the catalog
// refuses a claim without it), says what decides it unless it rejects nothing, and agrees with its
// rate record: a claim whose record shows rejected draws does not declare "none", and one that
// declares "none" shows none.
TEST(Catalog, EveryClaimDeclaresItsRejectionKind) {
  Claim undeclared;
  undeclared.id = "test.undeclared";
  EXPECT_THROW(RequireRejectionDeclared(undeclared), std::logic_error);
  undeclared.rejection = Rejection::kAfterFilter;
  EXPECT_THROW(RequireRejectionDeclared(undeclared), std::logic_error);  // no note
  undeclared.rejection_note = "a filter";
  EXPECT_NO_THROW(RequireRejectionDeclared(undeclared));
  std::map<Rejection, int> kinds;
  for (const Claim& claim : Catalog()) {
    ASSERT_TRUE(claim.rejection.has_value()) << claim.id;
    ++kinds[*claim.rejection];
    EXPECT_EQ(claim.rejection_note.empty(), *claim.rejection == Rejection::kNone) << claim.id;
    if (!claim.rate_record) continue;
    const RateRecord& r = *claim.rate_record;
    if (*claim.rejection == Rejection::kNone) {
      EXPECT_EQ(r.rejected, 0) << claim.id << " declares no rejection but its record has some";
    }
    if (*claim.rejection == Rejection::kAfterFilter) {
      EXPECT_LE(2 * r.rejected, r.instances + r.rejected)
          << claim.id << ": a filter rejecting more than half its recorded draws";
    }
  }
  // The catalog uses every kind (the examples README § Verdicts names).
  for (Rejection kind : {Rejection::kNone, Rejection::kBeforeOutcome, Rejection::kAfterInStatement,
                         Rejection::kAfterFilter})
    EXPECT_GT(kinds[kind], 0) << ToString(kind);
  EXPECT_EQ(*FindClaim("sakamoto24.frak_s.map_boundary").rejection, Rejection::kAfterFilter);
  EXPECT_EQ(*FindClaim("magen24.snr.threshold").rejection, Rejection::kAfterFilter);
  EXPECT_EQ(*FindClaim("sakamoto24.frak_s.beyond_half").rejection, Rejection::kAfterInStatement);
  EXPECT_DOUBLE_EQ(WorstCaseRate(3, 40, 10), 13.0 / 50);
}

}  // namespace catalog_test
}  // namespace boa
