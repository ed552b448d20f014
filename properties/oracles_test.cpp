// The oracle list (properties/oracles.json; issue 51 item 7): every number the report prints that
// is not a claim's verdict input — each figure's series, each exploratory claim's measurements,
// and each planning and statistics function printed beside a verdict — names the formula behind
// it and the tests that would fail if that formula were wrong (a unit identity, a Monte-Carlo
// test, or the PyTorch peer). The verdict inputs have theirs already: the peer recomputes them
// (benchmarks/peers). This file keeps the list complete both ways and its checks real.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/sweep_catalog.hpp"
#include "paths.hpp"

namespace boa {
namespace oracles_test {

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

nlohmann::json OracleList() {
  return nlohmann::json::parse(ReadText(testing::SourceDir() / "properties/oracles.json"));
}

// The headers whose functions compute the planning and statistics numbers the report prints.
const char* const kPlanningHeaders[] = {
    "theory/base/include/boa/stats.hpp",           "theory/verify/include/boa/sequential_test.hpp",
    "theory/verify/include/boa/exponent_plan.hpp", "theory/verify/include/boa/finding_class.hpp",
    "theory/verify/include/boa/error_budget.hpp",
};

// The functions a header declares at namespace scope (a line that starts with a type and names a
// capitalised function), except the ones that print no number: ToString, Validate…
std::set<std::string> DeclaredFunctions(const std::string& header) {
  static const std::regex declaration(R"(^(?:const )?[\w:<>, &*]+? &?\*?([A-Z]\w*)\()");
  std::set<std::string> names;
  std::stringstream text(ReadText(testing::SourceDir() / header));
  for (std::string line; std::getline(text, line);) {
    std::smatch m;
    if (line.starts_with("//") || !std::regex_search(line, m, declaration)) continue;
    const std::string name = m[1];
    if (name == "ToString" || name.starts_with("Validate")) continue;
    names.insert(name);
  }
  return names;
}

// Every printed item the list must cover: "figure:<sweep>", "claim:<exploratory id>",
// "function:<planning function>".
std::set<std::string> PrintedItems() {
  std::set<std::string> items;
  for (const Sweep& sweep : SweepCatalog()) items.insert("figure:" + sweep.name);
  for (const Claim& claim : Catalog()) {
    if (claim.kind == ClaimKind::kExploratory) items.insert("claim:" + claim.id);
  }
  for (const char* header : kPlanningHeaders) {
    for (const std::string& name : DeclaredFunctions(header)) items.insert("function:" + name);
  }
  return items;
}

// Every test the property programs define, as "Suite.Name" (TEST, TEST_F, TEST_P,
// RC_GTEST_PROP), from their sources.
std::set<std::string> DefinedTests() {
  static const std::regex test(R"((?:TEST|TEST_F|TEST_P|RC_GTEST_PROP)\(\s*(\w+),\s*(\w+))");
  std::set<std::string> tests;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(testing::SourceDir() / "properties")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = ReadText(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), test), end; it != end; ++it) {
      tests.insert((*it)[1].str() + "." + (*it)[2].str());
    }
  }
  return tests;
}

// A check names a defined test ("Suite.Name", or a claim's generated test
// "Claims/Suite.Name/<id with _>"), or the PyTorch peer's ctest test.
bool CheckExists(const std::string& check, const std::set<std::string>& tests) {
  if (check == "peer.autograd_check") {
    return ReadText(testing::SourceDir() / "benchmarks/CMakeLists.txt").find(check) !=
           std::string::npos;
  }
  static const std::regex generated(R"(^Claims/(\w+\.\w+)/(\w+)$)");
  std::smatch m;
  if (std::regex_match(check, m, generated)) {
    if (!tests.contains(m[1].str())) return false;
    for (const Claim& claim : Catalog()) {
      std::string name = claim.id;
      std::replace(name.begin(), name.end(), '.', '_');
      if (name == m[2].str()) return true;
    }
    return false;
  }
  return tests.contains(check);
}

TEST(Oracles, EveryPrintedItemIsListedOnceAndEveryListedItemIsPrinted) {
  const std::set<std::string> printed = PrintedItems();
  ASSERT_GT(printed.size(), 50u);
  std::map<std::string, int> listed;
  for (const auto& entry : OracleList()) ++listed[entry.at("printed").get<std::string>()];
  for (const std::string& item : printed) {
    EXPECT_EQ(listed[item], 1) << item << " is printed by the report; list it once in "
                               << "properties/oracles.json with the tests that check it";
  }
  for (const auto& [item, count] : listed) {
    EXPECT_TRUE(printed.contains(item)) << item << " is listed but no longer printed";
  }
}

TEST(Oracles, EveryListedFormulaNamesWhereItIsAndChecksThatExist) {
  const std::set<std::string> tests = DefinedTests();
  for (const auto& entry : OracleList()) {
    const std::string item = entry.at("printed");
    EXPECT_FALSE(entry.at("formula").get<std::string>().empty()) << item;
    EXPECT_FALSE(entry.at("why").get<std::string>().empty()) << item;
    const std::string where = entry.at("where");
    const std::string file = where.substr(0, where.find_first_of(": "));
    EXPECT_TRUE(std::filesystem::exists(testing::SourceDir() / file)) << item << ": " << where;
    EXPECT_FALSE(entry.at("checks").empty()) << item << " has no check";
    for (const auto& check : entry.at("checks")) {
      EXPECT_TRUE(CheckExists(check, tests)) << item << ": no test " << check;
    }
  }
}

// What a listed item's checks do not pin yet is its "gap", with the test that would close it. The
// gaps may only shrink, and none is left: a new printed number comes with its oracle, or raises
// this ceiling in a reviewed change.
TEST(Oracles, TheGapsOnlyShrink) {
  constexpr int kGapCeiling = 0;
  int gaps = 0;
  for (const auto& entry : OracleList()) {
    if (!entry.contains("gap")) continue;
    ++gaps;
    EXPECT_FALSE(entry.at("gap").get<std::string>().empty()) << entry.at("printed");
  }
  EXPECT_LE(gaps, kGapCeiling)
      << "a printed number without its oracle: write the test that pins it";
}

}  // namespace oracles_test
}  // namespace boa
