#include "boa_report/report.hpp"

#include <fnmatch.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa/error_budget.hpp"
#include "boa/format.hpp"
#include "boa/runner.hpp"
#include "boa/simd.hpp"
#include "boa/stats.hpp"
#include "boa/sweep_catalog.hpp"
#include "boa/threads.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/claim_page.hpp"
#include "boa_report/command_support.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/finding_path_figure.hpp"
#include "boa_report/findings_forest_figure.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/ledger_view.hpp"
#include "boa_report/main_page.hpp"
#include "boa_report/methods_page.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/peer_summary.hpp"
#include "boa_report/progress.hpp"
#include "boa_report/report_part.hpp"
#include "boa_report/report_rows.hpp"
#include "boa_report/sweep_csv.hpp"
#include "boa_report/verdict_json.hpp"

namespace boa::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The whole run: the budget sets the instance count (a probabilistic claim's cap, so the
// replayed sequential test is the same plan and stops at the same instance).
std::string RunReplay(const Claim& claim, std::uint64_t seed, Budget budget, Engine engine) {
  return "./boa check " + claim.id + " --seed " + std::to_string(seed) + " --budget " +
         ToString(budget) + EngineFlag(claim, engine);
}

// Whether `name` matches one of `globs`; marks each glob that matched in `used`.
bool MatchesAny(const std::string& name, const std::vector<std::string>& globs,
                std::vector<bool>& used) {
  bool match = false;
  for (std::size_t g = 0; g < globs.size(); ++g) {
    if (fnmatch(globs[g].c_str(), name.c_str(), 0) == 0) match = used[g] = true;
  }
  return match;
}

// A glob that matched nothing is bad input: a typo must not shrink a report silently.
void RequireEveryGlobUsed(const std::vector<std::string>& globs, const std::vector<bool>& used,
                          const std::string& flag) {
  for (std::size_t g = 0; g < globs.size(); ++g) {
    if (!used[g]) {
      throw InvalidInput(flag + " '" + globs[g] + "' matches nothing (`./boa list` names the " +
                         "claims, `./boa sweep list` the figures' sweeps)");
    }
  }
}

// Partial: some claim or figure of the catalog left out (counted, so `--claims 'x*,*'` is whole).
bool IsPartial(std::size_t claims, std::size_t figures) {
  return claims < Catalog().size() || figures < FigureCatalog().size();
}

json BudgetJson(const ErrorBudget& budget) {
  json terms = json::array();
  for (const ErrorTerm& t : budget.terms) {
    terms.push_back({{"source", t.source}, {"kind", t.kind}, {"probability", t.probability}});
  }
  // The measured counterpart: each probabilistic claim's risk at its recorded rate.
  json risks = json::array();
  for (const Claim& c : RecordedUnits()) {
    risks.push_back({{"id", c.id}, {"probability", RiskAtRecordedRate(c)}});
  }
  return {{"total", budget.total},
          {"bound", kSuiteFalseAlarm},
          {"terms", terms},
          {"at_recorded_rates", risks}};
}

json SummaryJson(const std::vector<Row>& rows, const FlakeAudit& audit,
                 const std::optional<MutationResults>& mutation, const std::optional<json>& peer,
                 const std::vector<Figure>& figures, const ErrorBudget& budget,
                 const ReportOptions& options, const ReportMeasurements& measured) {
  json claims = json::array();
  for (const Row& r : rows) {
    json entry = VerdictJson(*r.claim, r.verdict);
    entry["replay"] = r.replay;
    claims.push_back(entry);
  }
  json figs = json::array();
  for (const Figure& f : figures) {
    figs.push_back({{"name", f.name},
                    {"engine", f.engine.empty() ? json(nullptr) : json(f.engine)},
                    {"csv", f.name + ".csv"},
                    {"svg", f.name + ".svg"}});
  }
  return {{"ledger", LedgerJson(RunVerdicts(rows))},
          {"claims", claims},
          {"counts", TallyJson(Count(rows))},
          {"commit", SourceCommit()},
          {"suite_false_alarm", BudgetJson(budget)},
          {"flake_audit", AuditJson(audit)},
          {"mutation", MutationJson(mutation)},
          {"peer", peer.value_or(json(nullptr))},
          {"figures", figs},
          {"selection",
           {{"claims", options.claims},
            {"figures", options.figures},
            {"complete", !IsPartial(rows.size(), figures.size())}}},
          {"budget", ToString(options.budget)},
          {"engine", ToString(options.engine)},
          {"simd", SimdTargetName()},
          {"seed", options.seed},
          {"seconds", measured.seconds},
          {"shards", measured.shards},
          {"cost", CostJson(measured.cost)}};
}

// The claims and figures a report covers, and what it knows before it measures.
struct ReportScope {
  std::vector<const Claim*> claims;
  std::vector<const FigureBuilder*> builders;
  bool partial = false;      // some claim of the catalog left out: no live audit
  bool live_audit = false;   // the flake audit is measured (a whole report at a budget with one)
  FlakeAudit record;         // otherwise: the committed record's audit, when there is one
  std::optional<json> peer;  // --peer-summary's
};

ReportScope Scope(const ReportOptions& options) {
  ReportScope scope;
  std::vector<bool> used(options.claims.size(), false);
  for (const Claim& claim : Catalog()) {
    if (MatchesAny(claim.id, options.claims, used)) scope.claims.push_back(&claim);
  }
  RequireEveryGlobUsed(options.claims, used, "--claims");
  used.assign(options.figures.size(), false);
  for (const FigureBuilder& builder : FigureCatalog()) {
    if (MatchesAny(builder.name, options.figures, used)) scope.builders.push_back(&builder);
  }
  RequireEveryGlobUsed(options.figures, used, "--figures");
  // The flake audit is measured at the full budget of a whole report; any other report shows the
  // committed record of the last full audit, when there is one (read first: a malformed record
  // is bad input before the claims run, not after).
  scope.partial = scope.claims.size() < Catalog().size();
  scope.live_audit = !scope.partial && sweeps::FlakeAuditSeedBases(options.budget) > 0;
  if (!scope.live_audit) {
    scope.record = ReadFlakeAuditRecord(FlakeAuditRecordFile()).value_or(FlakeAudit{});
  }
  scope.peer = ReadPeerSummary(options.peer_summary);
  return scope;
}

// Measures shard `shard` of `shards` of the scope: the claims at index i ≡ shard (mod shards),
// and those cells of each figure's sweep and of a live audit (RunSweep's sharding).
ReportMeasurements Measure(const ReportOptions& options, const ReportScope& scope, int shard,
                           int shards) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<const Claim*> claims;
  for (std::size_t k = 0; k < scope.claims.size(); ++k) {
    if (static_cast<int>(k % static_cast<std::size_t>(shards)) == shard) {
      claims.push_back(scope.claims[k]);
    }
  }
  Progress progress(static_cast<int>(claims.size() + scope.builders.size() + 1),
                    options.show_progress);
  // The claims run in parallel, one per core: each draws from its own seeds, so the verdicts are
  // those of a serial run; only the progress lines come in finishing order.
  std::vector<Verdict> verdicts(claims.size());
  std::vector<double> claim_seconds(claims.size());
  const auto cpu = [] { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
  double cpu_before = cpu();
  ParallelFor(claims.size(), 0, [&](std::size_t k) {
    const Claim& claim = *claims[k];
    const auto claim_started = std::chrono::steady_clock::now();
    RunOptions run;
    run.budget = options.budget;
    run.seed_base = options.seed;
    run.engine = CatalogRunEngine(claim, options.engine);
    verdicts[k] = RunClaim(claim, run);
    claim_seconds[k] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - claim_started).count();
    progress.Done(claim.id, VerdictLabel(verdicts[k]), claim_seconds[k]);
  });
  ReportMeasurements measured;
  measured.shards = shards;
  measured.peer = scope.peer;
  measured.cost.claims_cpu = cpu() - cpu_before;
  for (std::size_t k = 0; k < claims.size(); ++k) {
    measured.verdicts[claims[k]->id] = std::move(verdicts[k]);
    measured.cost.claim_seconds[claims[k]->id] = claim_seconds[k];
  }
  const auto update = [&](int done, int total) { progress.Update(done, total); };
  const Engine sweep_engine = ResolveEngine(options.engine);
  progress.Start("flake audit");
  cpu_before = cpu();
  if (scope.live_audit) {
    measured.audit =
        RunSweep(FindSweep("flake_audit"), options.budget, sweep_engine, shard, shards, 0, update);
  }
  progress.Finish(scope.live_audit                              ? "done"
                  : scope.record.source == AuditSource::kRecord ? "committed record"
                  : scope.partial                               ? "skipped (partial report)"
                                                                : "not run (no committed record)");
  measured.cost.audit_cpu = cpu() - cpu_before;
  for (const FigureBuilder* builder : scope.builders) {
    progress.Start("figure " + builder->name);
    cpu_before = cpu();
    measured.sweeps[builder->name] =
        RunSweep(FindSweep(builder->name), options.budget, sweep_engine, shard, shards, 0, update);
    measured.cost.figure_cpu[builder->name] = cpu() - cpu_before;
    progress.Finish("measured");
  }
  measured.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return measured;
}

// Writes the report of the scope's measurements (one run's or merged shards') into options.out.
// A mutation run's results in the report folder (hours of work) survive the report, which
// replaces the folder: read before any work, so a malformed one is refused first.
std::optional<MutationResults> MutationResultsIn(const ReportOptions& options) {
  return ReadMutationResults(fs::absolute(options.out).lexically_normal(), MutantsFolder());
}

int WriteMeasuredReport(const ReportOptions& options, const ReportScope& scope,
                        const ReportMeasurements& measured,
                        const std::optional<MutationResults>& mutation) {
  const fs::path out = fs::absolute(options.out).lexically_normal();
  const std::optional<json>& peer = measured.peer;
  const Engine sweep_engine = ResolveEngine(options.engine);
  std::vector<Row> rows;
  for (const Claim* claim : scope.claims) {
    Require(measured.verdicts.count(claim->id) == 1, "the measurements lack claim " + claim->id);
    const Verdict& verdict = measured.verdicts.at(claim->id);
    rows.push_back(
        {claim, verdict, RunReplay(*claim, options.seed, options.budget, verdict.engine)});
  }
  FlakeAudit audit = scope.record;
  if (scope.live_audit) {
    Require(measured.audit.has_value(), "the measurements lack the flake audit");
    RequireEveryCell(*measured.audit, FindSweep("flake_audit").cells(options.budget, sweep_engine),
                     "the flake audit");
    audit = AuditFromSweep(options.budget, *measured.audit);
  }
  audit.skipped_partial = scope.partial;
  audit.budget = options.budget;
  // Written into a staging folder and moved into place whole: a failed or interrupted run
  // leaves the previous report as it was, and nothing beside it.
  StagingFolder staged(out);
  const fs::path& staging = staged.path();
  for (const char* name : kMutationFiles) {
    if (fs::exists(out / name)) fs::copy_file(out / name, staging / name);
  }
  if (scope.live_audit) {
    std::ofstream(staging / "flake_audit.csv")
        << SweepCsv(FindSweep("flake_audit"), options.budget, sweep_engine, audit.part, 0, 1);
  }
  // The findings' trend figures and the forest of every finding come from the committed records.
  std::set<std::string> rendered;
  std::vector<const Claim*> ran;
  for (const Row& row : rows) {
    ran.push_back(row.claim);
    if (auto trend = FindingPathFigure(*row.claim)) RenderFigure(*trend, staging);
  }
  if (const auto forest = FindingsForestFigure(ran)) {
    RenderFigure(*forest, staging);
    rendered.insert(forest->name);
  }
  std::vector<Figure> figures;
  for (const FigureBuilder* builder : scope.builders) {
    Require(measured.sweeps.count(builder->name) == 1,
            "the measurements lack figure " + builder->name);
    figures.push_back(
        PlotFigure(*builder, options.budget, sweep_engine, measured.sweeps.at(builder->name)));
    RenderFigure(figures.back(), staging);
    rendered.insert(figures.back().name);
  }
  // CI's error budget is the whole catalog's, whatever part of it this report ran.
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  const bool partial = IsPartial(rows.size(), figures.size());
  {
    MainPage page{rows,
                  audit,
                  mutation,
                  peer,
                  figures.size(),
                  rendered,
                  budget,
                  options,
                  measured.seconds,
                  measured.shards,
                  SourceCommit(),
                  partial};
    std::ofstream md(staging / "REPORT.md");
    WriteMainPage(md, page);
  }
  {
    std::ofstream methods(staging / "METHODS.md");
    WriteMethodsPage(methods, rows, audit, mutation, peer, budget);
  }
  {
    std::ofstream md(staging / "FIGURES.md");
    WriteFiguresPage(md, figures, options);
  }
  fs::create_directories(staging / "claims");
  for (const Row& row : rows) {
    std::ofstream page(staging / ClaimPagePath(row.claim->id));
    WriteClaimPage(page, row);
  }
  std::ofstream(staging / "summary.json")
      << SummaryJson(rows, audit, mutation, peer, figures, budget, options, measured).dump(2)
      << '\n';
  staged.MoveIntoPlace();
  int failing = 0;
  for (const Row& row : rows) failing += !MatchesExpectation(*row.claim, row.verdict);
  return failing;
}

}  // namespace

std::string SourceCommit() {
  std::string commit;
  if (FILE* git = popen("git -C '" BOA_SOURCE_DIR "' describe --always --dirty 2>/dev/null", "r")) {
    char buffer[64];
    while (std::fgets(buffer, sizeof buffer, git) != nullptr) commit += buffer;
    pclose(git);
  }
  while (!commit.empty() && std::isspace(static_cast<unsigned char>(commit.back())))
    commit.pop_back();
  return commit.empty() ? "unknown" : commit;
}

int WriteReport(const ReportOptions& options) {
  const auto mutation = MutationResultsIn(options);
  const ReportScope scope = Scope(options);
  return WriteMeasuredReport(options, scope, Measure(options, scope, 0, 1), mutation);
}

void WriteReportShard(const ReportOptions& options, int shard, int shards, const fs::path& part) {
  Require(shards >= 1 && shard >= 0 && shard < shards, "--shard needs k/N with 0 ≤ k < N, not " +
                                                           std::to_string(shard) + "/" +
                                                           std::to_string(shards));
  const ReportScope scope = Scope(options);
  WriteReportPart(part, options, shard, shards, Measure(options, scope, shard, shards));
}

int MergeReport(const ReportOptions& options, const std::vector<fs::path>& parts) {
  const auto mutation = MutationResultsIn(options);
  MergedReport merged = ReadReportParts(parts, options);
  // The merge's own --peer-summary, else the one its shards carried (read here, once).
  merged.options.peer_summary.clear();
  ReportMeasurements& measured = merged.measured;
  if (!options.peer_summary.empty()) measured.peer = ReadPeerSummary(options.peer_summary);
  return WriteMeasuredReport(merged.options, Scope(merged.options), measured, mutation);
}

}  // namespace boa::report
