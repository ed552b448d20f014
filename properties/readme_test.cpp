// README.md's claim table is exactly what `./boa list --markdown` prints (between its two marker
// lines), so it lists every registered claim with its current expectation and escaped titles;
// and every claim has its docs/THEORY.md section.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace {

std::string Between(const std::string& text, const std::string& begin, const std::string& end) {
  const auto from = text.find(begin), to = text.find(end);
  if (from == std::string::npos || to == std::string::npos || to < from) return "";
  const auto body = text.find('\n', from) + 1;
  return text.substr(body, to - body);
}

TEST(Readme, ClaimTableIsTheGeneratedOne) {
  const std::string readme = Slurp(SourceDir() / "README.md");
  ASSERT_FALSE(readme.empty()) << "README.md not found";
  const std::string table = Between(readme, "<!-- claims: generated", "<!-- claims: end -->");
  ASSERT_FALSE(table.empty()) << "README.md has no generated claim table between its markers";
  const CommandResult list = RunBoa("list --markdown");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(table, list.out) << "README.md's claim table is stale: replace it with the output of "
                                "`./boa list --markdown`";
  for (const Claim& claim : Catalog()) {
    EXPECT_NE(table.find("`" + claim.id + "`"), std::string::npos) << claim.id;
  }
}

// Every claim has its section in docs/THEORY.md: a level-4 heading that names its id (one
// heading may name a family of claims).
TEST(Readme, EveryClaimHasItsTheorySection) {
  std::ifstream theory(SourceDir() / "docs" / "THEORY.md");
  ASSERT_TRUE(theory) << "docs/THEORY.md not found";
  std::string headings;
  for (std::string line; std::getline(theory, line);) {
    if (line.rfind("#### ", 0) == 0) headings += line + "\n";
  }
  for (const Claim& claim : Catalog()) {
    EXPECT_NE(headings.find("`" + claim.id + "`"), std::string::npos)
        << claim.id << " has no section in docs/THEORY.md (a '#### `" << claim.id << "`' heading)";
  }
}

}  // namespace
}  // namespace boa::testing
