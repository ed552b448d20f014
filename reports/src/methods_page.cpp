#include "boa_report/methods_page.hpp"

#include <map>
#include <tuple>

#include "boa/claim.hpp"
#include "boa/finding_class.hpp"
#include "boa_report/peer_summary.hpp"

namespace boa::report {
namespace {

void WriteVerdictMethods(std::ostream& md) {
  md << "## Provenance\n\n"
     << "`paper` — the statement and its setting are the paper's or its discussion's own; "
     << "`operationalised` — the paper's statement made concrete with constants or a setting boa "
     << "chose; `derived` — a finite-sample form with explicit constants derived in THEORY.md; "
     << "`exploratory` — measured and reported, not asserted. Each claim's page says where each "
     << "of its elements comes from (the paper, the authors' code, a derivation, or boa's "
     << "convention).\n\n"
     << "## Verdicts\n\n"
     << "A probabilistic claim runs a sequential test of failure rate ≤ δ against ≥ δ₁ (the "
     << "breakage it must catch) at false-alarm rate α = " << kClaimAlpha << " per claim "
     << "(README § Verdicts). It stops when the evidence decides and is *inconclusive* when it "
     << "reaches its cap undecided. The cap is the smallest that keeps the claim's share of the "
     << "suite's error budget; *power* is the exact probability that the run as planned, at that "
     << "cap, fails a claim broken at δ₁, and every verdict line prints the realised operating "
     << "point of the plan that ran (P_δ[fails], P_δ₁[holds]), never the SPRT's nominal β. "
     << "*holds* means a rate ≥ δ₁ is excluded; δ itself is not refuted. A *holds\\** has its "
     << "estimate above δ: the rate may lie anywhere between δ and δ₁, and its page gives each "
     << "judged unit's own count and exact interval. A finding (expected `fails`) is planned at "
     << "its committed rate record's one-sided 95% lower bound where that lies below δ₁, and CI "
     << "asserts it both ways: a finding that starts to hold fails CI too. A scaling claim's power "
     << "is its planned power to fail an exponent κ₀ ± (τ + Δ), from the per-sweep sd recorded on "
     << "the claim; its line leads with the exponent ± SE. *Rejected* counts draws outside the "
     << "claim's hypothesis, with when that is decided: *before* the outcome, *after, statement* "
     << "(a condition the statement states) or *after, filter* (a condition boa added, with its "
     << "worst case (k + rejected)/(N + rejected)). Failure-rate intervals are exact after the "
     << "sequential stop (stage-wise ordering).\n\n";
}

// The δ/δ₁ rows the claims of this run use, each with how many claims use it and where it comes
// from (THEORY.md §4's pre-registered rows, or a claim's own reason).
void WriteRateRows(std::ostream& md, const std::vector<Row>& rows) {
  std::map<std::tuple<double, double, std::string>, int> used;
  for (const Row& r : rows) {
    if (r.claim->kind != ClaimKind::kProbabilistic) continue;
    ++used[{r.claim->delta, r.claim->delta_alt, r.claim->delta_source}];
  }
  md << "## δ and δ₁\n\n| δ | δ₁ | claims | where the pair comes from |\n|---:|---:|---:|---|\n";
  for (const auto& [row, count] : used) {
    const auto& [delta, delta_alt, source] = row;
    md << "| " << Short(delta) << " | " << Short(delta_alt) << " | " << count << " | " << source
       << " |\n";
  }
  md << "\n";
}

void WriteClassMethods(std::ostream& md) {
  md << "## Finding classes\n\n"
     << "Each finding is measured along its declared limit path (n doubling with its d "
     << "condition, d growing, the GD horizon doubling, λ → 0) at ≥ 4 points of 100 counted "
     << "instances on seed base " << kPathSeedBase
     << " (`theory/claims/records/finding_paths.csv`). The rate is fitted as A·x^κ by binomial "
     << "maximum likelihood with κ's 95% profile-likelihood interval [L, U], and the power law's "
     << "fit is tested first (deviance against χ² on k − 2 degrees of freedom, level "
     << kPathTestLevel << "). When it fits, with Δ = " << kExponentDeviation
     << ": *finite-size* — it decays (U < 0) and a decay faster than x^−Δ is allowed (L ≤ −Δ); "
     << "*slow-decay* — it decays, slower than x^−Δ (U < 0, L > −Δ); *persists* — no decay is "
     << "shown and none faster than x^−Δ allowed (U ≥ 0, L > −Δ); *undetermined* — otherwise. "
     << "When it misfits, no exponent is read and nothing extrapolated: the two-sided "
     << "Cochran–Armitage trend test (level " << kPathTestLevel
     << ") calls a falling rate finite-size, a rising one persists, no trend undetermined. "
     << "*Open* (the discussion calls it future work) and *refuted* (it fails in the discussion's "
     << "own setting) are declared with their reason; a declared class may show a path's "
     << "evidence, which does not decide it. A scaling finding whose exponent is scanned along "
     << "its own limit (`limit_scan`) is classed the same way by the exponent's deviation from "
     << "the prediction, fitted as ∝ x^γ by weighted least squares (weights 1/SE²) with γ's 95% "
     << "profile-χ² interval, and on a misfit by a weighted trend test of the deviation against "
     << "log x. CI asserts each measured class against the record. "
     << "*Encoding-sensitive* names the constant of boa's a finding hinges on.\n\n";
}

// When boa's constants were fixed (issue 51 item 5): the count of each, and every constant set
// after a measurement was seen, with what was seen and the claims that rest on it.
void WriteWhenFixed(std::ostream& md, const std::vector<Row>& rows) {
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> after;
  int before = 0;
  for (const Row& r : rows) {
    for (const Element& e : r.claim->elements) {
      if (e.origin != Origin::kConvention) continue;
      if (e.set_after.empty()) {
        ++before;
      } else {
        after[{e.name, e.set_after}].push_back(r.claim->id);
      }
    }
  }
  md << "## When boa's constants were fixed\n\n"
     << "Each constant of boa's says whether it was fixed before measuring or set after a "
     << "measurement was seen, from an audit of the history (2026-12-05). \"Pre-registered\" in "
     << "this report means fixed before measuring. Of the claims' convention elements here, "
     << before << " were fixed before measuring; these were set after:\n\n"
     << "| constant | what had been seen | claims |\n|---|---|---|\n";
  for (const auto& [key, ids] : after) {
    std::string links;
    for (const std::string& id : ids) links += (links.empty() ? "" : ", ") + ClaimLink(id);
    md << "| " << key.first << " | " << key.second << " | " << links << " |\n";
  }
  if (after.empty()) md << "| none | | |\n";
  md << "\n";
}

void WriteRecordMethods(std::ostream& md) {
  md << "## Records\n\n"
     << "Numbers that take longer to measure than CI allows come from committed records, each "
     << "on its own seed base (no other run uses it) and re-measured by its command; CI checks "
     << "every claim against them.\n\n"
     << "| record | what | seed base | re-measure |\n|---|---|---:|---|\n"
     << "| `theory/claims/records/rates.csv` | each probabilistic claim's failure rate: the "
        "findings' plans and the error budget | "
     << kRecordSeedBase << " | `./boa measure rates` |\n"
     << "| `theory/claims/records/finding_paths.csv` | the findings' rates along their limit "
        "paths: their classes | "
     << kPathSeedBase << " | `./boa measure paths` |\n"
     << "| `theory/claims/records/scans.csv` | the findings' rates as a constant of boa's moves: "
        "tension or encoding note | "
     << kScanSeedBase << " | `./boa measure scans` |\n"
     << "| `theory/claims/records/sigma.csv` | each scaling claim's σ and mean exponent: its "
        "plan and a finding's exponent bound | "
     << kRecordSeedBase << " | `./boa measure sigma` |\n"
     << "| `theory/claims/records/flake_audit.json` | the last full flake audit (§ Flake audit) "
        "| its own | `./boa measure audit` |\n\n"
     << "The report's own verdicts are measured here, on its seed base; CI runs seed base 1.\n\n";
}

// The suite's error budget at CI's plans (error_budget.hpp): the total, and every term.
void WriteErrorBudget(std::ostream& md, const ErrorBudget& budget) {
  md << "## Error budget\n\n"
     << "The probability that CI (`./boa test`, seed base 1) fails although every statement is "
     << "as the catalog expects, computed exactly from the plans CI runs: **" << Short(budget.total)
     << "** (bound " << kSuiteFalseAlarm << "). Terms: *fails* and *inconclusive* at a holding "
     << "claim's δ; *health* at the rate record's rejection rate (95% upper bound); *finding* — a "
     << "finding that does not fail at its recorded rate's 95% lower bound; *scaling*; *σ gate* — a "
     << "scaling run whose replicates put σ above its plan's bound at p < α; *generator test* "
     << "(α = 1e-6 or 5e-7 per check). Rates come from the committed record "
     << "(`theory/claims/records/rates.csv`, measured on seed base " << kRecordSeedBase << ").\n\n"
     << "| source | term | probability |\n|---|---|---:|\n";
  for (const ErrorTerm& t : budget.terms) {
    md << "| `" << t.source << "` | " << t.kind << " | " << Short(t.probability) << " |\n";
  }
  md << "\nThe promise is made at each claim's boundary rate δ. At the rates the record measured "
     << "(the end of each one-sided 95% interval that is worse for the expectation), CI's verdict "
     << "is less robust for these claims — P[not the expected verdict] above 2α:\n\n"
     << "| claim | recorded failures | P[not the expected verdict] |\n|---|---:|---:|\n";
  int fragile = 0;
  for (const Claim& c : RecordedUnits()) {
    const double risk = RiskAtRecordedRate(c);
    if (risk <= ClaimErrorBudget(c)) continue;
    ++fragile;
    md << "| `" << c.id << "` | " << c.rate_record->failures << " / " << c.rate_record->instances
       << " | " << Short(risk) << " |\n";
  }
  if (fragile == 0) md << "| none | | |\n";
  md << "\n";
}

}  // namespace

void WriteMethodsPage(std::ostream& md, const std::vector<Row>& rows, const FlakeAudit& audit,
                      const std::optional<MutationResults>& mutation,
                      const std::optional<nlohmann::json>& peer, const ErrorBudget& budget) {
  md << "# boa report — methods\n\n[Report](REPORT.md)\n\n"
     << "How the report's verdicts, classes and numbers are made, stated once; then the "
     << "suite-wide checks of this run. README has the full account.\n\n";
  WriteVerdictMethods(md);
  WriteRateRows(md, rows);
  WriteClassMethods(md);
  WriteWhenFixed(md, rows);
  WriteRecordMethods(md);
  WriteErrorBudget(md, budget);
  WriteAuditMarkdown(md, audit);
  WriteMutationMarkdown(md, mutation);
  WritePeerMarkdown(md, peer);
}

}  // namespace boa::report
