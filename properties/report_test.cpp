// `boa report --budget quick` end to end, checked in the manner of google/benchmark's output
// tests: every selected claim has a row in REPORT.md and an entry in summary.json with the
// documented fields, and every listed figure exists with its CSV header. The run selects one claim
// of each kind and outcome (--claims) rather than the whole catalog: each claim's quick verdict is
// already asserted by its own test (ExpectClaimVerdict runs exactly the report's quick run), and
// re-running all of them here doubled the CI tier's work without checking anything new.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/error_budget.hpp"
#include "boa/ledger.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/main_page.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/peer_summary.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace report_test {

namespace fs = std::filesystem;

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

// Every Markdown link target on a page of the report folder: `](target)` with any #anchor cut.
std::vector<std::string> LinkTargets(const std::string& markdown) {
  std::vector<std::string> targets;
  for (std::size_t at = markdown.find("]("); at != std::string::npos;
       at = markdown.find("](", at + 2)) {
    const std::size_t end = markdown.find(')', at + 2);
    std::string target = markdown.substr(at + 2, end - at - 2);
    target = target.substr(0, target.find('#'));
    if (!target.empty()) targets.push_back(target);
  }
  return targets;
}

// What a figure shows as a picture (properties/support/picture_facts.py: rsvg-convert to PNG).
struct Picture {
  int width = 0, height = 0, colours = 0;
  double inked = 0;   // the fraction of pixels that are not the background
  double series = 0;  // the fraction near the data's own colour (axes and labels never have it)
};
Picture Look(const fs::path& svg, const std::string& series_colour) {
  const CommandResult r =
      RunCommand("python3 '" + (SourceDir() / "properties/support/picture_facts.py").string() +
                 "' '" + svg.string() + "' --colour " + series_colour);
  EXPECT_EQ(r.exit_code, 0) << svg << r.err;
  Picture p;
  std::istringstream(r.out) >> p.width >> p.height >> p.colours >> p.inked >> p.series;
  return p;
}

// The lines of a page, and the line (1-based) where `text` first appears (0: nowhere).
int LineOf(const std::string& page, const std::string& text) {
  const auto at = page.find(text);
  if (at == std::string::npos) return 0;
  return 1 + static_cast<int>(std::count(page.begin(), page.begin() + static_cast<long>(at), '\n'));
}

TEST(Report, QuickReportHasARowAPageAndASummaryEntryForEachSelectedClaimAndEveryFigure) {
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
  const std::string methods = Slurp(out / "METHODS.md");
  const std::string figures_page = Slurp(out / "FIGURES.md");
  const auto summary = nlohmann::json::parse(Slurp(out / "summary.json"));
  EXPECT_EQ(summary["budget"], "quick");
  EXPECT_TRUE(summary["seconds"].is_number());
  // A partial report says so in its header and in summary.json, and audits nothing.
  EXPECT_EQ(summary["selection"]["complete"], false);
  EXPECT_EQ(summary["selection"]["claims"].size(), 5u);
  const int partial_line =
      LineOf(markdown, "**Partial report:** 6 of " + std::to_string(Catalog().size()) + " claims");
  EXPECT_TRUE(partial_line > 0 && partial_line < 10) << partial_line;
  EXPECT_NE(methods.find("Not run: this is a partial report"), std::string::npos);
  // No live audit: the committed record of the last full one where there is one, else a line
  // that says how to measure it (METHODS.md; the main page names which).
  const auto& audit = summary["flake_audit"];
  EXPECT_NE(audit["source"], "measured");
  if (fs::exists(report::FlakeAuditRecordFile())) {
    EXPECT_EQ(audit["source"], "record");
    EXPECT_FALSE(audit["rows"].empty());
    EXPECT_NE(methods.find("## Flake audit — committed record"), std::string::npos);
    EXPECT_NE(markdown.find("flake audit — the committed record"), std::string::npos);
  } else {
    EXPECT_TRUE(audit["source"].is_null());
    EXPECT_TRUE(audit["rows"].empty());
    EXPECT_NE(methods.find("No committed record"), std::string::npos);
  }
  // The suite's error budget is the whole catalog's (CI runs all of it), with every term.
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  EXPECT_DOUBLE_EQ(summary["suite_false_alarm"]["total"].get<double>(), budget.total);
  EXPECT_EQ(summary["suite_false_alarm"]["terms"].size(), budget.terms.size());
  EXPECT_LE(summary["suite_false_alarm"]["total"].get<double>(), kSuiteFalseAlarm);
  EXPECT_NE(methods.find("## Error budget"), std::string::npos);
  const auto& counts = summary["counts"];
  EXPECT_EQ(counts["claims"], kSelected.size());
  EXPECT_EQ(counts["holds"].get<int>() + counts["findings"].get<int>() +
                counts["reported"].get<int>() + counts["unexpected"].get<int>(),
            counts["claims"].get<int>());
  EXPECT_EQ(counts["unexpected"], 0);
  EXPECT_FALSE(summary["commit"].get<std::string>().empty());
  EXPECT_NE(markdown.find("Commit `"), std::string::npos);
  // The main page's order (issue 52): the papers' statements, the three pictures, tensions,
  // encoding notes, the verdict table, and the regression status after the science.
  int previous = 0;
  for (const char* section :
       {"## The papers' statements", "## Three pictures", "## Tensions with the papers",
        "## Encoding notes", "## Verdicts", "## Regression status"}) {
    const int line = LineOf(markdown, section);
    EXPECT_GT(line, previous) << section;
    previous = line;
  }
  ASSERT_EQ(summary["ledger"].size(), PapersLedger().size());
  EXPECT_EQ(summary["ledger"][0]["counts"]["statements"], PapersLedger()[0].rows.size());
  // The three pictures come before line 150, and each is a picture: the size it was drawn at, and
  // its data drawn in their own colour — the maps' dark-green cells (#006400, the palette's top)
  // on a twentieth of the picture at least, the forest's bars (gnuplot's first colour, #9400d3) —
  // which axes, labels and a key alone never show.
  for (const std::string name :
       {"magen_heatmap_sa", "magen_heatmap_cnn", "sakamoto24_frak_s_map_mu", "findings_forest"}) {
    const int line = LineOf(markdown, "(" + name + ".svg)");
    EXPECT_TRUE(line > 0 && line < 150) << name << " at line " << line;
    const bool forest = name == "findings_forest";
    const Picture p = Look(out / (name + ".svg"), forest ? "9400d3" : "006400");
    EXPECT_EQ(p.width, forest ? 1600 : 720) << name;
    EXPECT_EQ(p.height, forest ? 640 : 480) << name;
    EXPECT_GT(p.inked, 0.01) << name;
    EXPECT_GT(p.series, forest ? 1e-4 : 0.05) << name;
  }
  // The forest draws every recorded point of the selected findings, one CSV row each.
  std::size_t recorded = 0;
  for (const std::string& id : kSelected) {
    for (const Claim& unit : FailingUnits(FindClaim(id))) {  // a failing cell on its own record
      recorded += unit.path_record.size();
      for (const auto& [param, points] : unit.scan_record) recorded += points.size();
    }
  }
  const std::string forest_csv = Slurp(out / "findings_forest.csv");
  EXPECT_GT(recorded, 0u);
  EXPECT_EQ(static_cast<std::size_t>(std::count(forest_csv.begin(), forest_csv.end(), '\n')),
            recorded + 1);
  // Only repository-relative paths: nothing names where this machine keeps the checkout or the
  // output (issue 51).
  for (const std::string& absolute : {SourceDir().string(), dir.path().string()}) {
    for (const auto& [page, text] : {std::pair{"REPORT.md", markdown},
                                     {"METHODS.md", methods},
                                     {"FIGURES.md", figures_page}}) {
      EXPECT_EQ(text.find(absolute), std::string::npos) << absolute << " in " << page;
    }
    EXPECT_EQ(summary.dump().find(absolute), std::string::npos) << absolute << " in summary.json";
  }
  EXPECT_FALSE(fs::exists(out / "flake_audit.csv"));
  ASSERT_EQ(summary["claims"].size(), kSelected.size());
  for (std::size_t k = 0; k < kSelected.size(); ++k) {
    const Claim& claim = FindClaim(kSelected[k]);
    const std::string link = "[`" + claim.id + "`](claims/" + claim.id + ".md)";
    EXPECT_NE(markdown.find("| " + link + " |"), std::string::npos) << claim.id;
    const std::string page = Slurp(out / "claims" / (claim.id + ".md"));
    ASSERT_FALSE(page.empty()) << claim.id << " has no page";
    EXPECT_EQ(page.find(SourceDir().string()), std::string::npos) << claim.id;
    const auto& entry = summary["claims"][k];
    EXPECT_EQ(entry["id"], claim.id);
    for (const char* field :
         {"kind", "provenance", "verdict", "expected", "as_expected", "instances", "failures",
          "rejected", "healthy", "measured", "replay"}) {
      EXPECT_TRUE(entry.contains(field)) << claim.id << " lacks " << field;
    }
    // Every reproduce line replays its run on the engine that ran: a claim with a Gram form names
    // it, in summary.json and on the claim's page.
    const std::string engine_flag =
        claim.gram_form ? " --engine " + entry["engine"].get<std::string>() : "";
    const std::string replay = entry["replay"].get<std::string>();
    EXPECT_EQ(replay, "./boa check " + claim.id + " --seed 1 --budget quick" + engine_flag);
    EXPECT_NE(page.find("Reproduce: `" + replay + "`"), std::string::npos) << replay;
    if (entry["counterexample"].is_object()) {
      const std::string line = entry["counterexample"]["replay"].get<std::string>();
      EXPECT_TRUE(line.ends_with(engine_flag)) << line;
      EXPECT_NE(page.find(line), std::string::npos) << line;
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
    // A finding's page gives its text and class; the main page lists it among the encoding
    // notes or the tensions.
    if (claim.expected == Expectation::kFails) {
      EXPECT_NE(page.find("## The finding"), std::string::npos) << claim.id;
      EXPECT_NE(page.find("Class: **" + ToString(claim.finding_class) + "**"), std::string::npos)
          << claim.id;
      const auto notes = markdown.find("## Tensions with the papers");
      const auto table = markdown.find("## Verdicts");
      const auto note = markdown.find("| " + link + " | ", notes);
      EXPECT_TRUE(note < table) << claim.id << " is neither a tension nor an encoding note";
    }
  }
  // Every link and image on every page resolves inside the report folder.
  std::vector<fs::path> pages = {out / "REPORT.md", out / "METHODS.md", out / "FIGURES.md"};
  for (const auto& entry : fs::directory_iterator(out / "claims")) pages.push_back(entry.path());
  EXPECT_EQ(pages.size(), 3 + kSelected.size());
  for (const fs::path& page : pages) {
    for (const std::string& target : LinkTargets(Slurp(page))) {
      EXPECT_TRUE(fs::exists(page.parent_path() / target))
          << fs::relative(page, out) << " links to " << target << ", which is not there";
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
    EXPECT_NE(figures_page.find("(" + figure["svg"].get<std::string>() + ")"), std::string::npos);
  }
  // A mutation run's results survive the report, which shows its score and survivors.
  EXPECT_TRUE(fs::exists(out / "mutants.json"));
  EXPECT_TRUE(fs::exists(out / "MUTANTS.md"));
  EXPECT_NE(methods.find("**1 of 2 mutants killed**"), std::string::npos);
  EXPECT_NE(methods.find("| `model.b` | bug b | not yet triaged |"), std::string::npos);
  EXPECT_NE(markdown.find("mutation analysis — 1 of 2 mutants killed"), std::string::npos);
  EXPECT_EQ(summary["mutation"]["killed"], 1);
  EXPECT_EQ(summary["mutation"]["counted"], 2);
  // No staging folder is left behind.
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos);
  }
}

// The main page's length budget holds for the whole catalog, not only for the quick test's
// selection: every claim with its expected verdict, every figure drawn.
TEST(Report, TheMainPageOfTheWholeCatalogFitsItsBudget) {
  std::vector<report::Row> rows;
  for (const Claim& claim : Catalog()) {
    Verdict v;
    v.status = ExpectedStatus(claim);
    rows.push_back({&claim, v, "./boa check " + claim.id});
  }
  std::set<std::string> rendered = {"findings_forest"};
  for (const auto& builder : report::FigureCatalog()) rendered.insert(builder.name);
  const report::FlakeAudit audit;
  const std::optional<report::MutationResults> mutation;
  const std::optional<nlohmann::json> peer;
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  const report::ReportOptions options;
  const report::MainPage page{rows,     audit,  mutation, peer, rendered.size() - 1,
                              rendered, budget, options,  500,  1,
                              "abc",    false};
  std::ostringstream md;
  report::WriteMainPage(md, page);
  const std::string text = md.str();
  const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  EXPECT_LE(lines, report::kMainPageLines);
  EXPECT_GT(LineOf(text, "## Regression status"), 0);
  EXPECT_LT(LineOf(text, "(findings_forest.svg)"), 150);
  EXPECT_EQ(text.find("Partial report"), std::string::npos);
}

// `boa report --shard k/N --part` and `--merge` (report_part.hpp, issue 53): the merged report is
// the unsharded one, file for file and byte for byte, but for the measuring time and the shard
// count. The selection is the test above's (every kind and outcome, cells, a counterexample, a
// scaling plan with its σ check) with three figures whose sweeps have one, few and many cells.
TEST(Report, ShardedReportMergesToTheUnshardedOneByteForByte) {
  TempDir dir;
  const std::string run = "report --budget quick --seed 1 --quiet --claims '" +
                          std::string(kSelection) +
                          "' --figures growth_function,magen_snr_threshold,"
                          "sakamoto24_attention_balanced";
  const fs::path whole = dir.path() / "whole", merged = dir.path() / "merged";
  CommandResult r = RunBoa(run + " --out '" + whole.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string parts;
  for (int k = 0; k < 4; ++k) {  // 4 shards for 6 claims: one shard has a single claim
    const fs::path part = dir.path() / ("part-" + std::to_string(k) + ".json");
    r = RunBoa(run + " --shard " + std::to_string(k) + "/4 --part '" + part.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    parts += " '" + part.string() + "'";
  }
  r = RunBoa("report --quiet --merge" + parts + " --out '" + merged.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 verdicts differ"), std::string::npos) << r.out;
  const std::set<std::string> files = Tree(whole);
  ASSERT_EQ(Tree(merged), files);
  // The timing fields, and only they, differ: the measuring time on the first line of
  // REPORT.md, and summary.json's "seconds", "shards" and "cost".
  const auto untimed = [](const std::string& file, const std::string& text) {
    if (file == "summary.json") {
      auto summary = nlohmann::json::parse(text);
      for (const char* field : {"seconds", "shards", "cost"}) summary.erase(field);
      return summary.dump(2);
    }
    const std::regex time(R"(, [0-9.e+]+ s( measuring in [0-9]+ shards)?, SIMD target)");
    return std::regex_replace(text, time, ", S, SIMD target");
  };
  for (const std::string& file : files) {
    if (fs::is_directory(whole / file)) continue;
    const std::string a = Slurp(whole / file), b = Slurp(merged / file);
    if (file == "REPORT.md" || file == "summary.json") {
      EXPECT_EQ(untimed(file, a), untimed(file, b)) << file;
      EXPECT_NE(a, b) << file << " says nothing of its shards";
    } else {
      EXPECT_EQ(a, b) << file;
    }
  }
  EXPECT_NE(Slurp(merged / "REPORT.md").find("measuring in 4 shards"), std::string::npos);
  const auto summary = nlohmann::json::parse(Slurp(merged / "summary.json"));
  EXPECT_EQ(summary["shards"], 4);
  // Every claim's time comes back from its shard.
  EXPECT_EQ(summary["cost"]["claims"].size(), kSelected.size());
  EXPECT_EQ(summary["cost"]["figures_cpu_seconds"].size(), 3u);
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
