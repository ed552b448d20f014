// README.md's claim table is exactly what `./boa list --markdown` prints (between its two marker
// lines), so it lists every registered claim with its current expectation and escaped titles;
// every claim has its docs/THEORY.md section; and THEORY.md §4's range table has one row per
// probabilistic claim with the catalog's range kind and cells.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace readme_test {

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

// THEORY.md §4's range table ("| `id` | range | cells | why |") is written by hand from
// `boa list --json`: each probabilistic claim has exactly one row, whose range is ToString of the
// claim's RangeKind and whose cells are its cells' names in order (— without cells); no row names
// a claim that is not probabilistic.
TEST(Readme, TheoryRangeTableMatchesTheCatalog) {
  std::ifstream theory(SourceDir() / "docs" / "THEORY.md");
  ASSERT_TRUE(theory) << "docs/THEORY.md not found";
  std::map<std::string, std::vector<std::string>> rows;  // id → its rows' range and cells columns
  bool in_table = false;
  for (std::string line; std::getline(theory, line);) {
    if (line.rfind("| claim | range | cells | why |", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table || line.rfind("|---", 0) == 0) continue;
    if (line.rfind("| `", 0) != 0) {
      in_table = false;
      continue;
    }
    std::vector<std::string> columns;
    std::stringstream cells(line.substr(1));
    for (std::string column; std::getline(cells, column, '|');) {
      const auto first = column.find_first_not_of(' '), last = column.find_last_not_of(' ');
      columns.push_back(first == std::string::npos ? "" : column.substr(first, last - first + 1));
    }
    ASSERT_GE(columns.size(), 4u) << line;
    const std::string id = columns[0].substr(1, columns[0].size() - 2);  // without the backticks
    rows[id].push_back(columns[1] + " | " + columns[2]);
  }
  ASSERT_FALSE(rows.empty()) << "docs/THEORY.md has no range table";
  for (const Claim& claim : Catalog()) {
    if (!claim.range) {
      EXPECT_EQ(rows.count(claim.id), 0u) << claim.id << " has a range-table row but no range";
      continue;
    }
    std::string cells;
    for (const Cell& cell : claim.cells) cells += (cells.empty() ? "`" : ", `") + cell.name + "`";
    const std::string expected = ToString(*claim.range) + " | " + (cells.empty() ? "—" : cells);
    ASSERT_EQ(rows.count(claim.id), 1u)
        << claim.id << " has no row in THEORY.md §4's range table: add \"| `" << claim.id << "` | "
        << expected << " | <why> |\"";
    EXPECT_EQ(rows[claim.id], std::vector<std::string>{expected}) << claim.id;
  }
}

}  // namespace readme_test
}  // namespace boa::testing
