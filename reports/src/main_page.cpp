#include "boa_report/main_page.hpp"

#include <string>

#include "boa/catalog.hpp"
#include "boa/finding_class.hpp"
#include "boa/simd.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/findings_forest_figure.hpp"
#include "boa_report/ledger_view.hpp"

namespace boa::report {
namespace {

using nlohmann::json;

// The main page's three pictures (issue 52): the [M] accuracy maps over SNR × n with their
// boundaries, the [S] map over (‖μ‖, η) with the R = 1 contour, and every finding on one axis.
struct MainFigure {
  std::vector<std::string> names;  // shown side by side
  const char* title;
  const char* reading;  // what to look at, in one sentence
};
const MainFigure kMainFigures[] = {
    {{"magen_heatmap_sa", "magen_heatmap_cnn"},
     "[M] Clean test accuracy over SNR × n: attention after two GD steps, and Kou et al.'s CNN",
     "The black curve is the max-margin boundary SNR² = 2/((1−η)n), the n^−1/2 law the "
     "discussion states for attention; the dashed ones are the linearised two-step window. The "
     "CNN (right, the same grid and seeds) turns benign at a far smaller SNR than attention; how "
     "its boundary moves with n is measured by magen24.cnn.threshold_n and .threshold_n_as_quoted "
     "(no curve is drawn for it: the discussion's Θ(1/(n^1/2 d^1/4)) has no constant)."},
    {{"sakamoto24_frak_s_map_mu"},
     "[S] Clean test accuracy over (‖μ‖, η) with the R = 1 contour",
     "The discussion places the change from benign to harmful at R = 1; the black contour is "
     "R = 1 at ρ = 0.1, the dashed one at ρ = 0.05."},
    {{kFindingsForestName},
     "Every finding: its failure rate along its limit path and its scans, against δ",
     "Each finding's points run from its label: its limit path first, then its scans. A bar "
     "above its cross fails; how the path's bars fall or stay decides its class (finite-size, "
     "slow-decay, persists or undetermined, with the power law's fit tested first: METHODS.md "
     "§ Finding classes), and a scan that comes below its cross is where the statement holds "
     "as that constant of boa's moves."},
};

// A figure this report did not render says so instead of linking nothing.
void WriteMainFigures(std::ostream& md, const std::set<std::string>& rendered) {
  md << "## Three pictures\n\n";
  for (const MainFigure& figure : kMainFigures) {
    md << "### " << figure.title << "\n\n";
    bool any = false;
    for (const std::string& name : figure.names) {
      if (!rendered.count(name)) continue;
      md << "![" << name << "](" << name << ".svg) ";
      any = true;
    }
    md << (any ? "\n\n" + std::string(figure.reading) +
                     " Captions and data: [FIGURES.md](FIGURES.md).\n\n"
               : "Not in this partial report.\n\n");
  }
}

// The papers' statements first (issue 48): per paper the status counts, the tension candidates
// and every statement, each claim linked to its page.
void WriteLedger(std::ostream& md, const VerdictOf& verdict, const ClaimName& name, bool partial) {
  md << "## The papers' statements\n\n"
     << "Each checkable statement of the two review discussions, quoted, with this run's verdicts "
     << "of the claims that test it and whether each runs in the discussion's own setting (README "
     << "§ The ledger; `./boa ledger` prints it alone). *Consistent*: a claim in the discussion's "
     << "setting holds and none there fails. *Tension*: a claim in its setting (or partly in it, with "
     << "what it replaces named among boa's constants) fails and every constant of boa's it rests "
     << "on has been scanned with the failure across the range. "
     << "*Tested only in boa's encoding*: otherwise. *Not checkable here*: with the reason.\n\n";
  if (partial) {
    md << "*Partial report*: a claim outside the selection is \"not run\" and decides nothing, so "
       << "a status here can fall short of the whole catalog's (`./boa ledger` gives the statuses "
       << "on every claim's expected verdict).\n\n";
  }
  WriteLedgerMarkdown(md, verdict, "###", name);
}

// One row per claim: what it is, what it gave, and its evidence in one cell; the rest is on its
// page.
void WriteVerdictTable(std::ostream& md, const std::vector<Row>& rows) {
  md << "## Verdicts\n\nEvery claim of this run; its page has the statement, the plan, the replay "
     << "and every measured value. Evidence: a probabilistic claim's failure rate with its exact "
     << "95% interval against δ; a scaling claim's exponent; a finding's class along its limit "
     << "path (METHODS.md).\n\n"
     << "| claim | kind | expected | verdict | evidence | class |\n|---|---|---|---|---|---|\n";
  for (const Row& r : rows) {
    const Claim& c = *r.claim;
    const Verdict& v = r.verdict;
    std::string evidence = "—";
    if (c.kind == ClaimKind::kProbabilistic) {
      evidence = std::to_string(v.failures) + "/" + std::to_string(v.instances) + " " +
                 RateCell(c, v) + " vs δ " + Short(c.delta);
    } else if (c.kind == ClaimKind::kScaling) {
      const auto mean = v.measured.find("exponent_mean");
      const auto se = v.measured.find("exponent_standard_error");
      evidence = mean == v.measured.end() || se == v.measured.end()
                     ? "see its page"
                     : "exponent " + Short(mean->second) + " ± " + Short(se->second) + " (SE) vs " +
                           Short(c.predicted_exponent);
    } else if (c.kind == ClaimKind::kIdentity) {
      evidence = std::to_string(v.failures) + "/" + std::to_string(v.instances) + " failed";
    }
    md << "| " << ClaimLink(c.id) << " | " << ToString(c.kind) << " | "
       << ToString(ExpectedStatus(c)) << " | **" << VerdictLabel(v) << "**"
       << (MatchesExpectation(c, v) ? "" : " ✗") << " | " << evidence << " | "
       << (c.expected == Expectation::kFails ? ToString(c.finding_class) : "") << " |\n";
  }
  md << "\n";
}

// After the science: whether this run is what CI expects, and the suite's promise.
void WriteRegressionStatus(std::ostream& md, const std::vector<Row>& rows,
                           const ErrorBudget& budget, const FlakeAudit& audit,
                           const std::optional<MutationResults>& mutation,
                           const std::optional<json>& peer) {
  const Tally t = Count(rows);
  md << "## Regression status\n\n"
     << "Verdicts other than their claim's expectation: **" << t.unexpected << "**"
     << (t.inconclusive > 0 ? " (" + std::to_string(t.inconclusive) + " inconclusive)" : "")
     << " of " << t.claims << " claims (" << t.holds << " hold, of them " << t.holds_qualified
     << " *holds\\**; " << t.findings << " findings fail as expected; " << t.reported
     << " reported). This compares the run with what the catalog expects; it is not a "
     << "scientific result. CI's suite false-alarm bound: " << Short(budget.total) << " (≤ "
     << kSuiteFalseAlarm << ", METHODS.md § Error budget).\n\n";
  for (const Row& r : rows) {
    if (!MatchesExpectation(*r.claim, r.verdict)) {
      md << "- " << ClaimLink(r.claim->id) << ": **" << VerdictLabel(r.verdict) << "**, expected "
         << ToString(ExpectedStatus(*r.claim)) << ". Rerun: `" << r.replay << "`\n";
    }
  }
  if (t.unexpected > 0) md << "\n";
  md << "Suite-wide checks (METHODS.md): flake audit — "
     << (audit.source == AuditSource::kMeasured ? "measured in this run"
         : audit.source == AuditSource::kRecord ? "the committed record"
                                                : "not run")
     << "; mutation analysis — "
     << (mutation ? MutationJson(mutation)["killed"].dump() + " of " +
                        MutationJson(mutation)["counted"].dump() + " mutants killed"
                  : std::string("not run for this report"))
     << "; PyTorch peer — " << (peer ? "ran on this run" : "did not run for this report")
     << ".\n\n";
}

}  // namespace

void WriteMainPage(std::ostream& md, const MainPage& page) {
  const std::vector<Row>& rows = page.rows;
  const ReportOptions& options = page.options;
  const bool partial = page.partial;
  md << "# boa report\n\n"
     << "Commit `" << page.commit << "`, budget `" << ToString(options.budget) << "`, seed base "
     << options.seed
     << (options.seed == kReportSeedBase
             ? " (pre-registered: no claim was encoded or tuned on it; CI runs seed base 1)"
             : "")
     << ", " << Short(page.seconds) << " s"
     << (page.shards > 1 ? " measuring in " + std::to_string(page.shards) + " shards" : "")
     << ", SIMD target `" << SimdTargetName() << "`. "
     << (partial ? "" : "A complete report: every claim and figure of the catalog. ")
     << "A verdict is measured here by the command on its page; a number from a committed record, "
     << "a paper or a derivation says so. [METHODS.md](METHODS.md): how every verdict and class "
     << "is made, the error budget, flake audit, mutation analysis and peer check. `claims/`: one "
     << "page per claim. [FIGURES.md](FIGURES.md): all " << page.figures << " figures.\n\n";
  if (partial) {
    md << "**Partial report:** " << rows.size() << " of " << Catalog().size()
       << " claims (`--claims " << Joined(options.claims, ",") << "`) and " << page.figures
       << " of " << FigureCatalog().size() << " figures (`--figures "
       << Joined(options.figures, ",") << "`); `./boa report` runs the whole catalog.\n\n";
  }
  const VerdictOf verdict = RunVerdicts(rows);
  // A claim outside a partial report's selection has no page to link to.
  std::set<std::string> ran;
  for (const Row& r : rows) ran.insert(r.claim->id);
  const ClaimName name = [ran](const std::string& id) {
    return ran.count(id) ? ClaimLink(id) : CodeName(id);
  };
  WriteLedger(md, verdict, name, rows.size() < Catalog().size());
  WriteMainFigures(md, page.rendered);
  md << "## Tensions with the papers\n\n";
  WriteTensions(md, verdict, name);
  md << "## Encoding notes\n\n"
     << "Every failing claim that is not a tension with a paper: it refutes the statement as boa "
     << "made it concrete. Each gives what it hinges on and the scans of the constants of boa's it "
     << "rests on, each over a range declared before it was measured "
     << "(`theory/claims/records/scans.csv`), or *pending* until that record lands.\n\n";
  WriteEncodingNotes(md, verdict, name);
  WriteVerdictTable(md, rows);
  WriteRegressionStatus(md, rows, page.budget, page.audit, page.mutation, page.peer);
}

void WriteFiguresPage(std::ostream& md, const std::vector<Figure>& figures,
                      const ReportOptions& options) {
  md << "# boa report — figures\n\n[Report](REPORT.md)\n\n"
     << "Each figure names the engine its experiments ran on: direct (draws the n·T·d tokens) or "
     << "Gram (Bartlett-sampled Gram forms and Gram-space GD, equal in distribution; README § "
     << "Sweeps, engines and running past one machine). The claims ran with `--engine "
     << ToString(options.engine) << "`.\n\n";
  for (const Figure& f : figures) {
    md << "## " << f.title << "\n\n![" << f.name << "](" << f.name << ".svg)\n\n";
    if (!f.engine.empty()) md << "Engine: " << f.engine << ". ";
    md << f.caption << " Data: [`" << f.name << ".csv`](" << f.name << ".csv), script: `" << f.name
       << ".gp`.\n\n";
  }
}

}  // namespace boa::report
