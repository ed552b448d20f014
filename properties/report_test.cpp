// `boa report --budget quick` end to end, checked in the manner of google/benchmark's output
// tests: every registered claim has a row in REPORT.md and an entry in summary.json with the
// documented fields, and every listed figure exists with its CSV header.
#include <cctype>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa_report/figure_catalog.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace {

namespace fs = std::filesystem;

std::string Slurp(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What `./boa mutants` leaves in the report folder: one mutant killed, one survivor.
constexpr const char* kMutationResults = R"({"schema": 1, "commit": "abc123", "dirty": false,
  "catalog": "0123", "shard": "all", "jobs": 2, "setup_seconds": 600, "mutants": [
  {"index": 0, "id": "data.a", "layer": "data", "description": "bug a", "status": "killed",
   "killed_by": ["Data.Test"], "seconds": 120},
  {"index": 1, "id": "model.b", "layer": "model", "description": "bug b", "status": "survived",
   "killed_by": [], "seconds": 300}]})";

TEST(Report, QuickReportHasARowAndASummaryEntryForEveryClaimAndEveryFigure) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  fs::create_directories(out);
  std::ofstream(out / "mutants.json") << kMutationResults;
  std::ofstream(out / "MUTANTS.md") << "# Mutation analysis\n";
  const CommandResult r = RunBoa("report --budget quick --quiet --out '" + out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;

  const std::string markdown = Slurp(out / "REPORT.md");
  const auto summary = nlohmann::json::parse(Slurp(out / "summary.json"));
  EXPECT_EQ(summary["budget"], "quick");
  EXPECT_TRUE(summary["seconds"].is_number());
  ASSERT_EQ(summary["claims"].size(), Catalog().size());
  for (std::size_t k = 0; k < Catalog().size(); ++k) {
    const Claim& claim = Catalog()[k];
    EXPECT_NE(markdown.find("| `" + claim.id + "` |"), std::string::npos) << claim.id;
    const auto& entry = summary["claims"][k];
    EXPECT_EQ(entry["id"], claim.id);
    for (const char* field :
         {"kind", "provenance", "verdict", "expected", "as_expected", "instances", "failures",
          "rejected", "healthy", "measured", "replay"}) {
      EXPECT_TRUE(entry.contains(field)) << claim.id << " lacks " << field;
    }
    // Every reproduce line replays its run on the engine that ran: a claim with a Gram form names
    // it, in summary.json and in REPORT.md.
    const std::string engine_flag =
        claim.gram_form ? " --engine " + entry["engine"].get<std::string>() : "";
    const std::string replay = entry["replay"].get<std::string>();
    EXPECT_EQ(replay, "./boa check " + claim.id + " --seed 1 --budget quick" + engine_flag);
    EXPECT_NE(markdown.find("Reproduce: `" + replay + "`"), std::string::npos) << replay;
    if (entry["counterexample"].is_object()) {
      const std::string line = entry["counterexample"]["replay"].get<std::string>();
      EXPECT_TRUE(line.ends_with(engine_flag)) << line;
    }
    // Every verdict is the one its claim expects: findings fail, everything else holds.
    EXPECT_TRUE(entry["as_expected"].get<bool>()) << claim.id << ": " << entry.dump();
    if (claim.kind == ClaimKind::kProbabilistic) {
      for (const char* field : {"delta", "delta_alt", "delta_source"}) {
        EXPECT_TRUE(entry.contains(field)) << claim.id << " lacks " << field;
      }
    }
    if (claim.kind == ClaimKind::kProbabilistic || claim.kind == ClaimKind::kScaling) {
      ASSERT_TRUE(entry.contains("alpha") && entry.contains("power")) << claim.id;
      ASSERT_TRUE(entry["power"].is_number()) << claim.id << ": " << entry.dump();
      EXPECT_GE(entry["power"].get<double>(), 0.9) << claim.id;
    }
    if (claim.expected == Expectation::kFails) {
      // Each finding is listed in the Findings section, which opens the report, with a replay.
      const auto findings = markdown.find("## Findings"), verdicts = markdown.find("## Verdicts");
      const auto at = markdown.find("### `" + claim.id + "` — finding");
      EXPECT_TRUE(findings < at && at < verdicts) << claim.id << " is not among the findings";
      EXPECT_NE(markdown.find("Replay: `./boa check " + claim.id, at), std::string::npos)
          << claim.id;
    }
  }
  ASSERT_EQ(summary["figures"].size(), report::FigureCatalog().size());
  for (const auto& figure : summary["figures"]) {
    const fs::path svg = out / figure["svg"].get<std::string>();
    const fs::path csv = out / figure["csv"].get<std::string>();
    EXPECT_TRUE(fs::exists(svg)) << svg;
    EXPECT_NE(Slurp(svg).find("<svg"), std::string::npos);
    std::ifstream in(csv);
    std::string header;
    std::getline(in, header);
    ASSERT_FALSE(header.empty()) << csv;
    EXPECT_TRUE(std::isalpha(static_cast<unsigned char>(header[0]))) << "no header row in " << csv;
    EXPECT_NE(markdown.find(figure["svg"].get<std::string>()), std::string::npos);
  }
  // A mutation run's results survive the report, which shows its score and survivors.
  EXPECT_TRUE(fs::exists(out / "mutants.json"));
  EXPECT_TRUE(fs::exists(out / "MUTANTS.md"));
  EXPECT_NE(markdown.find("**1 of 2 mutants killed**"), std::string::npos);
  EXPECT_NE(markdown.find("| `model.b` | bug b | not yet triaged |"), std::string::npos);
  EXPECT_EQ(summary["mutation"]["killed"], 1);
  EXPECT_EQ(summary["mutation"]["counted"], 2);
  // No staging folder is left behind.
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos);
  }
}

TEST(Report, RefusesAFolderWithMalformedMutationResultsBeforeAnyWork) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  fs::create_directories(out);
  std::ofstream(out / "mutants.json") << R"({"commit": "abc"})";
  const CommandResult r = RunBoa("report --budget quick --quiet --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("mutants.json"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(out / "mutants.json"));  // nothing removed
}

}  // namespace
}  // namespace boa::testing
