#include "boa_report/claim_page.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "boa/cells.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/finding_class.hpp"
#include "boa/format.hpp"
#include "boa/rate_records.hpp"
#include "boa/stats.hpp"
#include "boa_report/finding_path_figure.hpp"
#include "boa_report/ledger_view.hpp"

namespace boa::report {
namespace {

// A page in claims/ reaches the report folder's files one level up.
constexpr const char* kUp = "../";

// "commit abc1234" or "commits abc1234, def5678": where recorded points were measured.
std::string Commits(const std::vector<PathPoint>& points) {
  std::vector<std::string> commits;
  for (const PathPoint& p : points) {
    if (std::find(commits.begin(), commits.end(), p.commit) == commits.end()) {
      commits.push_back(p.commit);
    }
  }
  std::string text = commits.size() == 1 ? "commit " : "commits ";
  for (std::size_t k = 0; k < commits.size(); ++k) text += (k ? ", " : "") + commits[k];
  return text;
}

// "k / N | [lower, upper]": a recorded point's count and its exact 95% interval, as table cells.
std::string CountCells(const PathPoint& p) {
  return std::to_string(p.failures) + " / " + std::to_string(p.instances) + " | [" +
         Short(ClopperPearsonLower(p.failures, p.instances, 0.025)) + ", " +
         Short(ClopperPearsonUpper(p.failures, p.instances, 0.025)) + "]";
}

// A finding's class and its evidence (finding_class.hpp): the rate along its limit path with
// intervals, the power law's fit and exponent or the trend test, and what the class rests on.
void WriteFindingClass(std::ostream& md, const Claim& c) {
  md << "Class: **" << ToString(c.finding_class) << "** (" << kUp
     << "METHODS.md § Finding classes)";
  if (c.limit_path && c.path_record.size() >= 4) {
    const LimitPath& path = *c.limit_path;
    const PathAssessment a = AssessPath(c.path_record);
    const bool declared =
        c.finding_class == FindingClass::kOpen || c.finding_class == FindingClass::kRefuted;
    if (declared)
      md << ", declared; its path is shown, not deciding it (the rule would read "
         << ToString(a.finding_class) << ")";
    md << " along " << path.param << " = " << FormatNumber(path.values.front()) << " … "
       << FormatNumber(path.values.back()) << " (" << path.why << "), from the committed record "
       << "`theory/claims/records/finding_paths.csv` (seed base " << kPathSeedBase << ", "
       << Commits(c.path_record) << "). ";
    if (a.fit_check.misfit) {
      md << "The power law rate ∝ " << path.param << "^κ does not fit (deviance "
         << Short(a.fit_check.deviance) << " on " << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2)
         << "), so no exponent is read and nothing is extrapolated; the Cochran–Armitage trend "
            "test decides: Z = "
         << Short(a.trend.z) << ", p = " << FormatSignificant(a.trend.p_value, 2);
    } else {
      md << "Decay exponent κ = " << Short(std::round(a.fit.exponent * 1000) / 1000) << " (rate ∝ "
         << path.param << "^κ), 95% interval [" << Short(a.fit.lower) << ", " << Short(a.fit.upper)
         << "] against Δ = " << Short(kExponentDeviation) << "; the power law fits (deviance "
         << Short(a.fit_check.deviance) << " on " << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2) << ")";
      if (const auto below = ExtrapolatedSizeBelow(a, path.values.front(), c.delta)) {
        md << "; extrapolated, not measured: the rate would fall below δ = " << Short(c.delta)
           << " near " << path.param << " ≈ " << Short(*below);
      }
    }
    const std::string figure = FindingPathFigureName(c);
    md << ".\n\n![" << figure << "](" << kUp << figure << ".svg)\n\n| " << path.param
       << " | failures / instances | 95% interval |\n|---:|---:|---|\n";
    for (const PathPoint& p : c.path_record) {
      md << "| " << FormatNumber(p.value) << " | " << CountCells(p) << " |\n";
    }
    md << "\n";
  } else if (!c.limit_scan.empty() && c.scan_record.count(c.limit_scan)) {
    const std::vector<PathPoint>& points = c.scan_record.at(c.limit_scan);
    const PathAssessment a = AssessDeviationPath(points, c.predicted_exponent);
    md << " along " << c.limit_scan << " = " << FormatNumber(points.front().value) << " … "
       << FormatNumber(points.back().value)
       << ", its limit scan (the exponents in § Scans below): the deviation from κ₀ = "
       << Short(c.predicted_exponent) << " fitted as ∝ " << c.limit_scan << "^γ";
    if (a.fit_check.misfit) {
      md << " does not fit (χ² " << Short(a.fit_check.deviance) << " on "
         << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2)
         << "); the weighted trend of the deviation decides: Z = " << Short(a.trend.z)
         << ", p = " << FormatSignificant(a.trend.p_value, 2) << ". ";
    } else {
      md << ", γ = " << Short(std::round(a.fit.exponent * 1000) / 1000) << ", 95% interval ["
         << Short(a.fit.lower) << ", " << Short(a.fit.upper)
         << "] against Δ = " << Short(kExponentDeviation) << " (χ² " << Short(a.fit_check.deviance)
         << " on " << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2) << "). ";
    }
  } else {
    md << ". ";
  }
  if (!c.class_note.empty()) md << c.class_note << ". ";
  if (!c.encoding_sensitive.empty()) md << "*Encoding-sensitive*: " << c.encoding_sensitive << ".";
  md << "\n\n";
}

// The scans of the finding's constants of boa's, point by point from the committed record.
void WriteScans(std::ostream& md, const Claim& c) {
  const std::string results = ScanResults(c);
  if (!results.empty()) md << "Scans of boa's constants: " << results << ".\n\n";
  // A claim judged per cell is scanned per cell: one block of rows per cell.
  std::vector<PathPoint> all;
  std::string rows;
  for (const Claim& unit : JudgedUnits(c)) {
    const std::string cell =
        c.cells.empty() ? "" : " (cell " + unit.id.substr(c.id.size() + 1) + ")";
    for (const auto& [param, points] : unit.scan_record) {
      for (const PathPoint& p : points) {
        rows +=
            "| " + param + cell + " | " + FormatNumber(p.value) + " | " + CountCells(p) + " |\n";
      }
      all.insert(all.end(), points.begin(), points.end());
    }
  }
  if (all.empty()) return;
  md << "| scanned constant | value | failures / instances | 95% interval |\n|---|---:|---:|---|\n"
     << rows;
  md << "\nFrom the committed record `theory/claims/records/scans.csv` (seed base " << kScanSeedBase
     << ", " << Commits(all) << ").\n\n";
}

// One line per judged unit: its count, estimate and exact interval against δ and δ₁, with the
// realised P_δ₁[holds] of the plan that ran (each cell with its own count and interval).
std::string UnitLine(const Claim& c, const Verdict& unit) {
  std::string line = std::to_string(unit.failures) + " of " + std::to_string(unit.instances) +
                     " failed, 95% interval [" + Short(unit.rate_lower) + ", " +
                     Short(unit.rate_upper) + "]";
  if (c.kind == ClaimKind::kProbabilistic) {
    line += " against δ = " + Short(c.delta) + ", δ₁ = " + Short(c.delta_alt);
    if (unit.plan) line += ", P_δ₁[holds] = " + Short(unit.plan->realised_beta);
    if (!unit.qualifier.empty() && unit.rate_lower > c.delta) line += " — **above δ at 95%**";
  }
  return line;
}

}  // namespace

void WriteClaimPage(std::ostream& md, const Row& row) {
  const Claim& c = *row.claim;
  const Verdict& v = row.verdict;
  const bool as_expected = MatchesExpectation(c, v);
  md << "# `" << c.id << "` — " << VerdictLabel(v) << "\n\n"
     << "[Report](" << kUp << "REPORT.md) · [Methods](" << kUp << "METHODS.md)\n\n"
     << c.title << ". Source: " << c.source << ".\n\n"
     << "| kind | provenance | engine | expected | verdict | papers' statements (setting) |\n"
     << "|---|---|---|---|---|---|\n"
     << "| " << ToString(c.kind) << " | " << ToString(c.provenance) << " | " << ToString(v.engine)
     << " | " << ToString(ExpectedStatus(c)) << " | **" << VerdictLabel(v) << "**"
     << (as_expected ? "" : " ✗ not as expected") << " | " << RowIds(c.id) << " |\n\n";
  md << "## Verdict\n\nMeasured here: " << v.summary << ".\n\n";
  if (c.kind == ClaimKind::kProbabilistic) {
    md << "δ vs δ₁: " << Hypotheses(c) << " — " << c.delta_source << ". Power " << PowerCell(v)
       << "; instances " << v.instances << ", rejected " << RejectedCell(c, v) << ", failures "
       << v.failures << ", rate " << RateCell(c, v) << ".\n\n";
  } else if (c.kind == ClaimKind::kScaling) {
    md << "Deviation " << Hypotheses(c) << "; power " << PowerCell(v) << ".\n\n";
  }
  if (!v.qualifier.empty() && v.cells.empty()) {
    md << "*holds\\**: " << UnitLine(c, v) << ".\n\n";
  }
  if (!v.cells.empty()) {
    md << "Judged per cell:\n\n";
    for (const Verdict& cell : v.cells) {
      md << "- `@" << cell.cell << "` — " << VerdictLabel(cell) << ": " << UnitLine(c, cell)
         << "\n";
    }
    md << "\n";
  }
  if (c.rate_record) {
    md << "Rate record: " << c.rate_record->failures << " of " << c.rate_record->instances
       << " failed, " << c.rate_record->rejected << " rejected, on seed base "
       << c.rate_record->seed_base << " (`theory/claims/records/rates.csv`, commit "
       << c.rate_record->commit << ")"
       << (c.expected == Expectation::kFails
               ? "; the plan tests δ₁ at its one-sided 95% lower bound where that is below δ₁"
               : "")
       << ".\n\n";
  }
  // A hypothesis decided on the run as part of the statement is a result too (issue 50 item 5):
  // how often the drawn runs met it, from the same record.
  if (c.rate_record && *c.rejection == Rejection::kAfterInStatement) {
    const RateRecord& r = *c.rate_record;
    const int draws = r.instances + r.rejected;
    md << "The statement's hypothesis held in " << r.instances << " of " << draws
       << " draws of the rate record (" << Short(static_cast<double>(r.instances) / draws)
       << ", two-sided 95% interval [" << Short(ClopperPearsonLower(r.instances, draws, 0.025))
       << ", " << Short(ClopperPearsonUpper(r.instances, draws, 0.025)) << "]); the others fall "
       << "outside it: " << c.rejection_note << ".\n\n";
  }
  if (c.sigma_record) {
    md << "σ record: " << c.exponent_sd_source << "; the plan assumes σ ≤ "
       << Short(ExponentSdUpperBound(c)) << ", its one-sided 95% upper bound"
       << (c.expected == Expectation::kFails
               ? "; the finding's exponent bound " + Short(c.finding_exponent_bound) +
                     " is the mean's one-sided 95% end nearest the band"
               : "")
       << ".\n\n";
  }
  // Measured under other inputs than today's: the numbers above from a record may not be this
  // claim's any more (CI fails on it; rate_records.hpp StaleRecords).
  for (const std::string& line : StaleRecords(c)) md << "**Stale record**: " << line << "\n\n";
  md << "Reproduce: `" << row.replay << "`\n\n";
  if (v.counterexample) {
    md << Capitalised(FailingInstanceLabel(c, v)) << " (" << v.counterexample->shrink_steps
       << " shrink steps): " << v.counterexample->explanation << "  \nReplay this instance alone: `"
       << v.counterexample->replay << "`\n\n";
  }
  if (c.expected == Expectation::kFails) {
    md << "## The finding\n\n" << c.finding << "\n\n";
    WriteFindingClass(md, c);
    WriteScans(md, c);
  }
  if (!c.elements.empty()) {
    md << "## Where each element comes from\n\n";
    for (const Element& e : c.elements) {
      md << "- " << e.name << " — " << ToString(e.origin) << ": " << e.where;
      if (const std::string when = WhenFixed(e); !when.empty()) md << " *(" << when << ")*";
      md << "\n";
    }
    md << "\n";
  }
  if (*c.rejection != Rejection::kNone) {
    md << "Rejections (" << ToString(*c.rejection) << "): " << c.rejection_note << ".\n\n";
  }
  if (!v.measured.empty()) {
    md << "## Measured values\n\n| measured | value |\n|---|---:|\n";
    for (const auto& [name, value] : v.measured)
      md << "| " << name << " | " << Short(value) << " |\n";
    md << '\n';
  }
}

}  // namespace boa::report
