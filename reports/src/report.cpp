#include "boa_report/report.hpp"

#include <chrono>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/engine.hpp"
#include "boa/runner.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/sweep_csv.hpp"
#include "boa_report/progress.hpp"

namespace boa::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string Short(double x) {
  std::ostringstream s;
  s.precision(4);
  s << x;
  return s.str();
}

std::string RunReplay(const Claim& claim, int instances, std::uint64_t seed, Budget budget) {
  return "./boa check " + claim.id + " --seed " + std::to_string(seed) + " --instances " +
         std::to_string(instances) + " --budget " + ToString(budget);
}

struct Row {
  const Claim* claim;
  Verdict verdict;
  std::string replay;
};

void WriteMarkdown(const std::vector<Row>& rows, const FlakeAudit& audit,
                   const std::vector<Figure>& figures, const ReportOptions& options,
                   double seconds, const fs::path& file) {
  std::ofstream md(file);
  md << "# boa report\n\n"
     << "Budget `" << ToString(options.budget) << "`, seed base " << options.seed << ", "
     << Short(seconds) << " s. Every number below is measured here by the command in its row "
     << "unless it is labelled as coming from a paper or a derivation.\n\n"
     << "Provenance: `paper` — the qualitative statement is the paper's; `derived` — a finite-sample "
     << "form with explicit constants derived in THEORY.md; `exploratory` — measured and reported, "
     << "not asserted. The bound column is the Clopper–Pearson lower bound on the failure rate for "
     << "probabilistic claims (α = " << kDefaultAlpha << "), the observed failure rate otherwise.\n\n"
     << "## Verdicts\n\n"
     << "| id | kind | provenance | engine | instances | failures | bound | verdict | counterexample |\n"
     << "|---|---|---|---|---:|---:|---:|---|---|\n";
  for (const Row& r : rows) {
    const auto& c = *r.claim;
    const auto& v = r.verdict;
    md << "| `" << c.id << "` | " << ToString(c.kind) << " | " << ToString(c.provenance) << " | "
       << ToString(ResolveEngine(EngineChoice::kAuto, c.gram_form)) << " | " << v.instances << " | " << v.failures << " | " << Short(v.bound) << " | **"
       << ToString(v.status) << "** | "
       << (v.counterexample ? "`" + FormatParams(v.counterexample->params) + "` seed " +
                                  std::to_string(v.counterexample->seed)
                            : "—")
       << " |\n";
  }
  md << "\n## Claims\n\n";
  for (const Row& r : rows) {
    const auto& c = *r.claim;
    const auto& v = r.verdict;
    md << "### `" << c.id << "` — " << ToString(v.status) << "\n\n"
       << c.title << ". Source: " << c.source << ". " << v.summary << ".\n\n"
       << "Reproduce: `" << r.replay << "`\n\n";
    if (v.counterexample) {
      md << "Minimal counterexample (" << v.counterexample->shrink_steps << " shrink steps): "
         << v.counterexample->explanation << "  \nReplay: `" << v.counterexample->replay << "`\n\n";
    }
    if (!v.measured.empty()) {
      md << "| measured | value |\n|---|---:|\n";
      for (const auto& [name, value] : v.measured) md << "| " << name << " | " << Short(value) << " |\n";
      md << '\n';
    }
  }
  WriteAuditMarkdown(md, audit);
  md << "## Figures\n\n"
     << "Each figure names the engine its experiments ran on: direct (draws the n·T·d tokens) or "
     << "Gram (Bartlett-sampled Gram forms and Gram-space GD, equal in distribution; README § "
     << "Sweeps, engines and running past one machine). This report ran with `--engine "
     << ToString(ProcessEngineChoice()) << "`.\n\n";
  for (const Figure& f : figures) {
    md << "### " << f.title << "\n\n![" << f.name << "](" << f.name << ".svg)\n\n";
    if (!f.engine.empty()) md << "Engine: " << f.engine << ". ";
    md << f.caption << " Data: [`" << f.name << ".csv`](" << f.name << ".csv), script: `"
       << f.name << ".gp`.\n\n";
  }
}

json SummaryJson(const std::vector<Row>& rows, const FlakeAudit& audit,
                 const std::vector<Figure>& figures, const ReportOptions& options, double seconds) {
  json claims = json::array();
  for (const Row& r : rows) {
    const auto& v = r.verdict;
    json entry = {{"id", r.claim->id},
                  {"title", r.claim->title},
                  {"kind", ToString(r.claim->kind)},
                  {"provenance", ToString(r.claim->provenance)},
                  {"source", r.claim->source},
                  {"engine", ToString(ResolveEngine(EngineChoice::kAuto, r.claim->gram_form))},
                  {"verdict", ToString(v.status)},
                  {"instances", v.instances},
                  {"failures", v.failures},
                  {"bound", v.bound},
                  {"delta", r.claim->delta},
                  {"summary", v.summary},
                  {"measured", v.measured},
                  {"replay", r.replay},
                  {"counterexample", nullptr}};
    if (v.counterexample) {
      entry["counterexample"] = {{"params", v.counterexample->params},
                                 {"seed", v.counterexample->seed},
                                 {"explanation", v.counterexample->explanation},
                                 {"replay", v.counterexample->replay}};
    }
    claims.push_back(entry);
  }
  json figs = json::array();
  for (const Figure& f : figures) {
    figs.push_back({{"name", f.name},
                    {"engine", f.engine.empty() ? json(nullptr) : json(f.engine)},
                    {"csv", f.name + ".csv"},
                    {"svg", f.name + ".svg"}});
  }
  return {{"claims", claims},
          {"flake_audit", AuditJson(audit)},
          {"figures", figs},
          {"budget", ToString(options.budget)},
          {"engine", ToString(ProcessEngineChoice())},
          {"seed", options.seed},
          {"seconds", seconds}};
}

}  // namespace

int WriteReport(const ReportOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const fs::path out = fs::absolute(options.out).lexically_normal();
  const fs::path staging =
      out.parent_path() / ("." + out.filename().string() + ".partial-" + std::to_string(getpid()));
  fs::remove_all(staging);
  fs::create_directories(staging);
  try {
    const auto& catalog = Catalog();
    const auto& builders = FigureCatalog();
    Progress progress(static_cast<int>(catalog.size() + builders.size() + 1), options.show_progress);
    std::vector<Row> rows;
    int failing = 0;
    for (const Claim& claim : catalog) {
      progress.Start(claim.id);
      RunOptions run;
      run.budget = options.budget;
      run.seed_base = options.seed;
      run.progress = [&](int done, int total) { progress.Update(done, total); };
      Row row{&claim, RunClaim(claim, run), ""};
      row.replay = RunReplay(claim, row.verdict.instances, options.seed, options.budget);
      failing += row.verdict.status == Status::kFails;
      progress.Finish(ToString(row.verdict.status));
      rows.push_back(std::move(row));
    }
    progress.Start("flake audit");
    const FlakeAudit audit =
        RunFlakeAudit(options.budget, [&](int done, int total) { progress.Update(done, total); });
    std::ofstream(staging / "flake_audit.csv")
        << SweepCsv(FindSweep("flake_audit"), options.budget, audit.part, 0, 1);
    progress.Finish("done");
    std::vector<Figure> figures;
    for (const auto& builder : builders) {
      progress.Start("figure " + builder.name);
      figures.push_back(builder.build(options.budget));
      RenderFigure(figures.back(), staging);
      progress.Finish("written");
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    WriteMarkdown(rows, audit, figures, options, seconds, staging / "REPORT.md");
    std::ofstream(staging / "summary.json")
        << SummaryJson(rows, audit, figures, options, seconds).dump(2) << '\n';
    fs::remove_all(out);
    fs::create_directories(out.parent_path());
    fs::rename(staging, out);
    return failing;
  } catch (...) {
    fs::remove_all(staging);
    throw;
  }
}

}  // namespace boa::report
