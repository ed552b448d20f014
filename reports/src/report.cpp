#include "boa_report/report.hpp"

#include <fnmatch.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
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

// The commit of the checkout the program was built from ("unknown" outside a git checkout).
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
                 const ReportOptions& options, double seconds) {
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
          {"seconds", seconds}};
}

}  // namespace

int WriteReport(const ReportOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const fs::path out = fs::absolute(options.out).lexically_normal();
  // A mutation run's results (hours of work) survive the report, which replaces the folder.
  const std::optional<MutationResults> mutation = ReadMutationResults(out, MutantsFolder());
  const std::optional<json> peer = ReadPeerSummary(options.peer_summary);
  std::vector<const Claim*> claims;
  std::vector<bool> used(options.claims.size(), false);
  for (const Claim& claim : Catalog()) {
    if (MatchesAny(claim.id, options.claims, used)) claims.push_back(&claim);
  }
  RequireEveryGlobUsed(options.claims, used, "--claims");
  std::vector<const FigureBuilder*> builders;
  used.assign(options.figures.size(), false);
  for (const FigureBuilder& builder : FigureCatalog()) {
    if (MatchesAny(builder.name, options.figures, used)) builders.push_back(&builder);
  }
  RequireEveryGlobUsed(options.figures, used, "--figures");
  // The flake audit is measured at the full budget of a whole report; any other report shows the
  // committed record of the last full audit, when there is one (read first: a malformed record
  // is bad input before the claims run, not after).
  const bool partial = claims.size() < Catalog().size();
  const bool live = !partial && sweeps::FlakeAuditSeedBases(options.budget) > 0;
  FlakeAudit audit;
  if (!live) audit = ReadFlakeAuditRecord(FlakeAuditRecordFile()).value_or(FlakeAudit{});
  audit.skipped_partial = partial;
  audit.budget = options.budget;
  // Written into a staging folder and moved into place whole: a failed or interrupted run
  // leaves the previous report as it was, and nothing beside it.
  StagingFolder staged(out);
  const fs::path& staging = staged.path();
  for (const char* name : kMutationFiles) {
    if (fs::exists(out / name)) fs::copy_file(out / name, staging / name);
  }
  Progress progress(static_cast<int>(claims.size() + builders.size() + 1), options.show_progress);
  // The claims run in parallel, one per core: each draws from its own seeds, so the rows (kept in
  // catalog order) are those of a serial run; only the progress lines come in finishing order.
  std::vector<Row> rows(claims.size());
  ParallelFor(claims.size(), 0, [&](std::size_t k) {
    const Claim& claim = *claims[k];
    const auto claim_started = std::chrono::steady_clock::now();
    RunOptions run;
    run.budget = options.budget;
    run.seed_base = options.seed;
    run.engine = CatalogRunEngine(claim, options.engine);
    Row row{&claim, RunClaim(claim, run), ""};
    row.replay = RunReplay(claim, options.seed, options.budget, row.verdict.engine);
    progress.Done(
        claim.id, VerdictLabel(row.verdict),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - claim_started).count());
    rows[k] = std::move(row);
  });
  int failing = 0;
  for (const Row& row : rows) failing += !MatchesExpectation(*row.claim, row.verdict);
  progress.Start("flake audit");
  const Engine sweep_engine = ResolveEngine(options.engine);
  if (live) {
    audit = RunFlakeAudit(options.budget, sweep_engine,
                          [&](int done, int total) { progress.Update(done, total); });
    std::ofstream(staging / "flake_audit.csv")
        << SweepCsv(FindSweep("flake_audit"), options.budget, sweep_engine, audit.part, 0, 1);
  }
  progress.Finish(live                                   ? "done"
                  : audit.source == AuditSource::kRecord ? "committed record"
                  : partial                              ? "skipped (partial report)"
                                                         : "not run (no committed record)");
  // The findings' trend figures and the forest of every finding come from the committed records:
  // no measuring, no progress.
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
  for (const FigureBuilder* builder : builders) {
    progress.Start("figure " + builder->name);
    figures.push_back(BuildFigure(*builder, options.budget, sweep_engine,
                                  [&](int done, int total) { progress.Update(done, total); }));
    RenderFigure(figures.back(), staging);
    rendered.insert(figures.back().name);
    progress.Finish("written");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // CI's error budget is the whole catalog's, whatever part of it this report ran.
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  {
    MainPage page{rows,
                  audit,
                  mutation,
                  peer,
                  figures.size(),
                  rendered,
                  budget,
                  options,
                  seconds,
                  SourceCommit(),
                  IsPartial(rows.size(), figures.size())};
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
      << SummaryJson(rows, audit, mutation, peer, figures, budget, options, seconds).dump(2)
      << '\n';
  staged.MoveIntoPlace();
  return failing;
}

}  // namespace boa::report
