// `boa report --budget quick` end to end, checked in the manner of google/benchmark's output
// tests: every selected claim has a row in REPORT.md and an entry in summary.json with the
// documented fields, and every listed figure exists with its CSV header. The run selects one claim
// of each kind and outcome (--claims) rather than the whole catalog: each claim's quick verdict is
// already asserted by its own test (ExpectClaimVerdict runs exactly the report's quick run), and
// re-running all of them here doubled the CI tier's work without checking anything new.
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/error_budget.hpp"
#include "boa/ledger.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/peer_summary.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace report_test {

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

// One claim of each kind, engine and outcome, in catalog (id) order: identity; exploratory;
// probabilistic finding; probabilistic that holds (Gram, then direct engine only); scaling
// finding. The glob selects two claims.
const char* const kSelection =
    "core.softmax.stable,magen24.noise.norm_concentration,magen24.maxmargin.gd_weight_decay_*,"
    "magen24.snr.threshold_sb,magen24.extension.multi_token";
const std::vector<std::string> kSelected = {"core.softmax.stable",
                                            "magen24.extension.multi_token",
                                            "magen24.maxmargin.gd_weight_decay_above",
                                            "magen24.maxmargin.gd_weight_decay_below",
                                            "magen24.noise.norm_concentration",
                                            "magen24.snr.threshold_sb"};

TEST(Report, QuickReportHasARowAndASummaryEntryForEachSelectedClaimAndEveryFigure) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  fs::create_directories(out);
  std::ofstream(out / "mutants.json") << kMutationResults;
  std::ofstream(out / "MUTANTS.md") << "# Mutation analysis\n";
  // CI's seed base, so that the verdicts are the ones ctest asserts (the report's own default is
  // the pre-registered kReportSeedBase).
  const CommandResult r = RunBoa("report --budget quick --seed 1 --quiet --claims '" +
                                 std::string(kSelection) + "' --out '" + out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;

  const std::string markdown = Slurp(out / "REPORT.md");
  const auto summary = nlohmann::json::parse(Slurp(out / "summary.json"));
  EXPECT_EQ(summary["budget"], "quick");
  EXPECT_TRUE(summary["seconds"].is_number());
  // A partial report says so at its top and in summary.json, and audits nothing.
  EXPECT_EQ(summary["selection"]["complete"], false);
  EXPECT_EQ(summary["selection"]["claims"].size(), 5u);
  EXPECT_NE(
      markdown.find("**Partial report:** 6 of " + std::to_string(Catalog().size()) + " claims"),
      std::string::npos);
  EXPECT_NE(markdown.find("Not run: this is a partial report"), std::string::npos);
  // No live audit: the committed record of the last full one where there is one, else a line
  // that says how to measure it.
  const auto& audit = summary["flake_audit"];
  EXPECT_NE(audit["source"], "measured");
  if (fs::exists(report::FlakeAuditRecordFile())) {
    EXPECT_EQ(audit["source"], "record");
    EXPECT_FALSE(audit["rows"].empty());
    EXPECT_NE(markdown.find("## Flake audit — committed record"), std::string::npos);
  } else {
    EXPECT_TRUE(audit["source"].is_null());
    EXPECT_TRUE(audit["rows"].empty());
    EXPECT_NE(markdown.find("No committed record"), std::string::npos);
  }
  // The suite's error budget is the whole catalog's (CI runs all of it), with every term.
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  EXPECT_DOUBLE_EQ(summary["suite_false_alarm"]["total"].get<double>(), budget.total);
  EXPECT_EQ(summary["suite_false_alarm"]["terms"].size(), budget.terms.size());
  EXPECT_LE(summary["suite_false_alarm"]["total"].get<double>(), kSuiteFalseAlarm);
  EXPECT_NE(markdown.find("## Error budget"), std::string::npos);
  // The first screen: commit and the counts, the same in summary.json; then the findings.
  const auto& counts = summary["counts"];
  EXPECT_EQ(counts["claims"], kSelected.size());
  EXPECT_EQ(counts["holds"].get<int>() + counts["findings"].get<int>() +
                counts["reported"].get<int>() + counts["unexpected"].get<int>(),
            counts["claims"].get<int>());
  EXPECT_EQ(counts["unexpected"], 0);
  EXPECT_FALSE(summary["commit"].get<std::string>().empty());
  EXPECT_NE(markdown.find("Commit `"), std::string::npos);
  EXPECT_LT(markdown.find("## Summary"), markdown.find("## Findings"));
  // The papers' statements open it (issue 48), and summary.json carries the ledger.
  EXPECT_LT(markdown.find("## The papers' statements"), markdown.find("## Summary"));
  ASSERT_EQ(summary["ledger"].size(), PapersLedger().size());
  EXPECT_EQ(summary["ledger"][0]["counts"]["statements"], PapersLedger()[0].rows.size());
  // Only repository-relative paths: nothing names where this machine keeps the checkout or the
  // output (issue 51).
  for (const std::string& absolute : {SourceDir().string(), dir.path().string()}) {
    EXPECT_EQ(markdown.find(absolute), std::string::npos) << absolute << " in REPORT.md";
    EXPECT_EQ(summary.dump().find(absolute), std::string::npos) << absolute << " in summary.json";
  }
  // "holds*" claims are listed right after the findings, before the verdict table.
  const auto qualified = markdown.find("## Holds*");
  EXPECT_TRUE(markdown.find("## Findings") < qualified && qualified < markdown.find("## Verdicts"));
  EXPECT_FALSE(fs::exists(out / "flake_audit.csv"));
  ASSERT_EQ(summary["claims"].size(), kSelected.size());
  for (std::size_t k = 0; k < kSelected.size(); ++k) {
    const Claim& claim = FindClaim(kSelected[k]);
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
      const auto at = markdown.find("#### `" + claim.id + "` — finding");
      EXPECT_TRUE(findings < at && at < verdicts) << claim.id << " is not among the findings";
      EXPECT_NE(markdown.find("Rerun the verdict: `./boa check " + claim.id, at), std::string::npos)
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

TEST(Report, RefusesAGlobThatMatchesNothingBeforeAnyWork) {
  TempDir dir;
  const fs::path out = dir.path() / "report";
  for (const std::string flag :
       {"--claims 'core.*,sakamoto24.no_such_claim'", "--figures 'no_such_figure'"}) {
    const CommandResult r =
        RunBoa("report --budget quick --quiet " + flag + " --out '" + out.string() + "'");
    EXPECT_EQ(r.exit_code, 2) << flag << r.out << r.err;
    EXPECT_NE(r.err.find("matches nothing"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << flag;
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

// A fresh clone has no mutation run in its report folder: the report shows the committed record
// of the last run instead, says so, and names the catalog's mutants that record did not measure.
TEST(Report, FallsBackToTheCommittedMutationRecordAndNamesWhatItMissed) {
  TempDir dir;
  const fs::path out = dir.path() / "report", record = dir.path() / "record";
  fs::create_directories(out);
  fs::create_directories(record);
  std::ofstream(record / "mutants.json") << kMutationResults;
  std::ofstream(record / "catalog.json")
      << R"([{"id": "data.a"}, {"id": "model.b"}, {"id": "gram.c"}])";

  const auto from_record = report::ReadMutationResults(out, record);
  ASSERT_TRUE(from_record.has_value());
  EXPECT_EQ(from_record->record, (record / "mutants.json").string());
  EXPECT_EQ(from_record->uncovered, std::vector<std::string>{"gram.c"});
  // The committed record is named by its path in the repository, not this machine's (issue 51).
  if (fs::exists(report::MutantsFolder() / "mutants.json")) {
    EXPECT_EQ(report::ReadMutationResults(out, report::MutantsFolder())->record,
              "properties/mutants/mutants.json");
  }
  std::ostringstream md;
  report::WriteMutationMarkdown(md, from_record);
  EXPECT_NE(md.str().find("committed record"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("**Not measured:** 1 mutant(s) of today's catalog (`gram.c`)"),
            std::string::npos)
      << md.str();

  // A run measured into the report folder wins over the record.
  std::ofstream(out / "mutants.json") << kMutationResults;
  const auto measured_here = report::ReadMutationResults(out, record);
  ASSERT_TRUE(measured_here.has_value());
  EXPECT_TRUE(measured_here->record.empty());

  // Neither: nothing to show, and the section says how to measure.
  fs::remove(out / "mutants.json");
  fs::remove(record / "mutants.json");
  const auto neither = report::ReadMutationResults(out, record);
  EXPECT_FALSE(neither.has_value());
  std::ostringstream how;
  report::WriteMutationMarkdown(how, neither);
  EXPECT_NE(how.str().find("no committed record. `./boa mutants`"), std::string::npos) << how.str();
}

// The peer's summary (benchmarks/peers/peer_summary.py) as the report shows it: one row per group
// with its largest difference and bound; without one, the section says how to get it; anything but
// a schema-1 summary is bad input naming the file.
TEST(Report, ShowsThePeersSummaryAndRefusesAMalformedOne) {
  TempDir dir;
  const fs::path file = dir.path() / "peer.json";
  std::ofstream(file) << R"({"schema": 1, "peer_seed": 42, "checked": 27, "failed": 1, "groups": [
    {"group": "model", "quantity": "loss and gradients", "checks": 290, "largest": 3e-14,
     "bound": 3e-9, "worst_ratio": 1e-5},
    {"group": "fit", "quantity": "train accuracy", "checks": 10, "largest": 2, "bound": null,
     "worst_ratio": 0}]})";
  const auto peer = report::ReadPeerSummary(file);
  ASSERT_TRUE(peer.has_value());
  std::ostringstream md;
  report::WritePeerMarkdown(md, peer);
  EXPECT_NE(md.str().find("**26 of 27 instances and draws agree**"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("`BOA_PEER_SEED=42`"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("| loss and gradients | 290 | 3e-14 | 3e-09 | 1e-05 |"),
            std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("| train accuracy | 10 | 2 mismatch(es) | exact | — |"),
            std::string::npos)
      << md.str();

  EXPECT_FALSE(report::ReadPeerSummary("").has_value());
  std::ostringstream none;
  report::WritePeerMarkdown(none, std::nullopt);
  EXPECT_NE(none.str().find("did not run for this report"), std::string::npos) << none.str();

  std::ofstream(file) << R"({"schema": 2, "groups": []})";
  try {
    report::ReadPeerSummary(file);
    ADD_FAILURE() << "a schema-2 summary was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("peer.json"), std::string::npos) << e.what();
  }
}

}  // namespace report_test
}  // namespace boa::testing
