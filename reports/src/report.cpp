#include "boa_report/report.hpp"

#include <fnmatch.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

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
#include "boa_report/command_support.hpp"
#include "boa_report/figure_catalog.hpp"
#include "boa_report/finding_path_figure.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/ledger_view.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/peer_summary.hpp"
#include "boa_report/progress.hpp"
#include "boa_report/sweep_csv.hpp"
#include "boa_report/verdict_json.hpp"

namespace boa::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string Short(double x) { return FormatSignificant(x, 4); }

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

std::string Joined(const std::vector<std::string>& globs) {
  std::string text;
  for (const std::string& g : globs) text += (text.empty() ? "" : ",") + g;
  return text;
}

std::string Capitalised(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

struct Row {
  const Claim* claim;
  Verdict verdict;
  std::string replay;
};

std::string Counterexample(const Verdict& v) {
  return v.counterexample ? "`" + FormatParams(v.counterexample->params) + "` seed " +
                                std::to_string(v.counterexample->seed)
                          : "—";
}

// The judged units with a rate record whose verdict decides their claim's: every probabilistic
// claim, or each cell of one judged per cell (cells.hpp) — a finding's failing cells only, since
// its cells that hold cannot take its "fails" away.
std::vector<Claim> RecordedUnits() {
  std::vector<Claim> units;
  for (const Claim& c : Catalog()) {
    if (c.kind != ClaimKind::kProbabilistic) continue;
    for (Claim& unit : JudgedUnits(c)) {
      if (!unit.rate_record || unit.expected != c.expected) continue;
      units.push_back(std::move(unit));
    }
  }
  return units;
}

// δ vs δ₁ for a probabilistic claim, the deviation for a scaling one, "—" otherwise.
std::string Hypotheses(const Claim& c) {
  if (c.kind == ClaimKind::kProbabilistic) {
    // A finding is tested at its record's lower bound where that lies below δ₁ (PlanOf); a claim
    // judged per cell at its failing cells' (cells.hpp).
    double tested = c.delta_alt;
    for (const Claim& unit : JudgedUnits(c)) tested = std::min(tested, PlanOf(unit, 1).delta_alt);
    return Short(c.delta) + " vs " + Short(c.delta_alt) +
           (tested < c.delta_alt ? " (tested at " + Short(tested) + ")" : "");
  }
  if (c.kind == ClaimKind::kScaling) return "±" + Short(c.deviation);
  return "—";
}

// The failure rate's 95% interval (probabilistic), the observed k/N (identity), else "—".
std::string RateCell(const Claim& c, const Verdict& v) {
  if (c.kind == ClaimKind::kProbabilistic) {
    return "[" + Short(v.rate_lower) + ", " + Short(v.rate_upper) + "]";
  }
  return c.kind == ClaimKind::kIdentity ? Short(v.rate_lower) : "—";
}

// The rejected draws, with when they are decided; a filter's worst case beside them.
std::string RejectedCell(const Claim& c, const Verdict& v) {
  std::string cell = std::to_string(v.rejected);
  switch (*c.rejection) {
    case Rejection::kNone: return cell;
    case Rejection::kBeforeOutcome: return cell + " (before)";
    case Rejection::kAfterInStatement: return cell + " (after, statement)";
    case Rejection::kAfterFilter:
      return cell + " (after, filter; worst case " +
             (v.worst_case_rate ? Short(*v.worst_case_rate) : std::string("—")) + ")";
  }
  return cell;
}

std::string PowerCell(const Verdict& v) {
  if (!v.plan) return "—";
  return std::isfinite(v.plan->power) ? Short(v.plan->power) : "not reported";
}

// What a finding depends on that boa chose: its provenance and its elements of boa's convention.
std::string ConventionsLine(const Claim& c) {
  std::string names;
  for (const Element& e : c.elements) {
    if (e.origin == Origin::kConvention) names += (names.empty() ? "" : "; ") + e.name;
  }
  return "Provenance: `" + ToString(c.provenance) + "`" +
         (names.empty() ? "" : ". boa's own choices this verdict rests on: " + names) + ".\n\n";
}

// A finding's class and its evidence (finding_class.hpp): the rate along its limit path with
// intervals, the fitted decay exponent, and what the class rests on.
void WriteFindingClass(std::ostream& md, const Claim& c) {
  md << "Class: **" << ToString(c.finding_class) << "**";
  if (c.limit_path && c.path_record.size() >= 4) {
    const LimitPath& path = *c.limit_path;
    const PathAssessment a = AssessPath(c.path_record);
    md << " along " << path.param << " = " << FormatNumber(path.values.front()) << " … "
       << FormatNumber(path.values.back()) << " (" << path.why << "), from the committed record "
       << "`records/finding_paths.csv` (seed base " << kPathSeedBase << "). ";
    if (a.fit_check.misfit) {
      md << "The power law rate ∝ " << path.param << "^κ does not fit (deviance "
         << Short(a.fit_check.deviance) << " on " << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2)
         << "), so no exponent is read and nothing is extrapolated; the Cochran–Armitage trend "
            "test decides: Z = "
         << Short(a.trend.z) << ", p = " << FormatSignificant(a.trend.p_value, 2);
    } else {
      md << "Decay exponent κ = " << Short(std::round(a.fit.exponent * 1000) / 1000)
         << " (rate ∝ " << path.param << "^κ), 95% interval [" << Short(a.fit.lower) << ", "
         << Short(a.fit.upper) << "] against Δ = " << Short(kExponentDeviation)
         << "; the power law fits (deviance " << Short(a.fit_check.deviance) << " on "
         << a.fit_check.degrees_of_freedom
         << " degrees of freedom, p = " << FormatSignificant(a.fit_check.p_value, 2) << ")";
      if (const auto below = ExtrapolatedSizeBelow(a, path.values.front(), c.delta)) {
        md << "; extrapolated, not measured: the rate would fall below δ = " << Short(c.delta)
           << " near " << path.param << " ≈ " << Short(*below);
      }
    }
    const std::string figure = FindingPathFigureName(c);
    md << ".\n\n![" << figure << "](" << figure << ".svg)\n\n| " << path.param
       << " | failures / instances | 95% interval |\n|---:|---:|---|\n";
    for (const PathPoint& p : c.path_record) {
      md << "| " << FormatNumber(p.value) << " | " << p.failures << " / " << p.instances << " | ["
         << Short(ClopperPearsonLower(p.failures, p.instances, 0.025)) << ", "
         << Short(ClopperPearsonUpper(p.failures, p.instances, 0.025)) << "] |\n";
    }
    md << "\n";
  } else {
    md << ". ";
  }
  if (!c.class_note.empty()) md << c.class_note << ". ";
  if (!c.encoding_sensitive.empty()) {
    md << "*Encoding-sensitive*: " << c.encoding_sensitive << ".";
  }
  md << "\n\n";
}

void WriteFinding(std::ostream& md, const Row& r, bool finding) {
  const auto& c = *r.claim;
  const auto& v = r.verdict;
  md << "#### `" << c.id << "` — " << (finding ? "finding" : "unexpected verdict") << ": **"
     << VerdictLabel(v) << "** (expected " << ToString(ExpectedStatus(c)) << ")\n\n"
     << c.title << ". Source: " << c.source << ".\n\n";
  if (finding) md << c.finding << "\n\n" << ConventionsLine(c);
  if (finding) WriteFindingClass(md, c);
  md << "Measured here: " << v.summary << ".\n\nRerun the verdict: `" << r.replay << "`\n\n";
  if (v.counterexample) {
    md << Capitalised(FailingInstanceLabel(c, v)) << ": " << v.counterexample->explanation
       << "  \nReplay this instance alone (README § Exit codes): `" << v.counterexample->replay
       << "`\n\n";
  }
}

// Findings first, grouped by class (finding_class.hpp): refuted and persisting, then finite-size
// deviations, open questions and undetermined ones; then every verdict that differs from what its
// claim expects — a change in behaviour is never silent.
void WriteFindings(std::ostream& md, const std::vector<Row>& rows) {
  md << "## Findings\n\n"
     << "Statements that fail in their pre-registered form (expected `fails`, asserted so in CI: "
     << "a finding that starts to hold fails CI too). A finding of an `operationalised` claim "
     << "refutes the statement as boa made it concrete — its constants, sizes, schedule or "
     << "horizon, listed with it — and not necessarily the paper's own statement, which its text "
     << "quotes; a `derived` one refutes boa's finite-sample form. Each is classified along its "
     << "limit path by one rule whose classes do not overlap (README § Findings): *refuted* in the "
     << "discussion's own setting; *persists* — no decay along the path, none faster than x^−Δ; "
     << "*slow-decay* — it decays, but slower than x^−Δ; *finite-size* — it decays faster, or "
     << "falls by the trend test where no power law fits; *open* — the discussion calls it future "
     << "work; *undetermined* — the path does not decide, or none is declared yet. CI asserts "
     << "each class against the committed path record.\n\n";
  // Refuted and persisting first — unless the failure hinges on a constant of boa's, which puts
  // it with the encoding-sensitive results (issue 27's order).
  const auto tagged = [](const Claim& c) { return !c.encoding_sensitive.empty(); };
  const struct {
    const char* title;
    const char* none;  // said when the group is empty; nullptr: the group is left out
    std::function<bool(const Claim&)> member;
  } groups[] = {
      {"Refuted and persisting",
       "None: no finding fails in the discussion's own setting or persists along its limit path "
       "without hinging on a constant of boa's (those are under Encoding-sensitive).",
       [&](const Claim& c) {
         return (c.finding_class == FindingClass::kRefuted ||
                 c.finding_class == FindingClass::kPersists) &&
                !tagged(c);
       }},
      {"Finite-size deviations (and slow decays)", nullptr,
       [](const Claim& c) {
         return c.finding_class == FindingClass::kFiniteSize ||
                c.finding_class == FindingClass::kSlowDecay;
       }},
      {"Encoding-sensitive", nullptr,
       [&](const Claim& c) {
         return tagged(c) && (c.finding_class == FindingClass::kRefuted ||
                              c.finding_class == FindingClass::kPersists ||
                              c.finding_class == FindingClass::kUndetermined);
       }},
      {"Open questions", nullptr,
       [](const Claim& c) { return c.finding_class == FindingClass::kOpen; }},
      {"Undetermined", nullptr,
       [&](const Claim& c) {
         return c.finding_class == FindingClass::kUndetermined && !tagged(c);
       }},
  };
  int count = 0;
  for (const auto& group : groups) {
    int in_group = 0;
    for (const Row& r : rows) {
      if (r.claim->expected != Expectation::kFails || !group.member(*r.claim)) continue;
      if (in_group++ == 0) md << "### " << group.title << "\n\n";
      WriteFinding(md, r, true);
      ++count;
    }
    if (in_group == 0 && group.none != nullptr) {
      md << "### " << group.title << "\n\n" << group.none << "\n\n";
    }
  }
  int surprises = 0;
  for (const Row& r : rows) {
    if (r.claim->expected == Expectation::kFails || MatchesExpectation(*r.claim, r.verdict)) {
      continue;
    }
    if (surprises++ == 0) md << "### Verdicts other than expected\n\n";
    WriteFinding(md, r, false);
  }
  if (count + surprises == 0) md << "None.\n\n";
}

// "holds*": a probabilistic claim that holds with its estimate above δ. The run excluded a rate
// ≥ δ₁ (at its realised P_δ₁[holds]) and nothing more; listed right after the findings so that no
// reader takes it for "rate ≤ δ". A claim judged per cell lists each cell with its own count and
// its own interval (a pooled count beside the worst cell's interval would pair two things).
void WriteQualifiedHolds(std::ostream& md, const std::vector<Row>& rows) {
  md << "## Holds* — δ neither confirmed nor refuted\n\n"
     << "Claims that hold with an estimated failure rate above δ: the sequential test excluded a "
     << "rate ≥ δ₁ (each line gives the run's P_δ₁[holds]), but the rate may lie anywhere in the "
     << "indifference region between δ and "
     << "δ₁. Intervals are exact after the sequential stop (stage-wise ordering).\n\n";
  int count = 0;
  for (const Row& r : rows) {
    const auto& v = r.verdict;
    if (v.qualifier.empty()) continue;
    ++count;
    const auto line = [&](const Verdict& unit) {
      std::ostringstream text;
      text << unit.failures << " of " << unit.instances << " failed, estimate "
           << Short(static_cast<double>(unit.failures) / std::max(unit.instances, 1))
           << ", 95% interval [" << Short(unit.rate_lower) << ", " << Short(unit.rate_upper)
           << "] against δ = " << Short(r.claim->delta) << ", δ₁ = " << Short(r.claim->delta_alt)
           << (unit.plan ? ", P_δ₁[holds] = " + Short(unit.plan->realised_beta) : "")
           << (unit.rate_lower > r.claim->delta ? " — **above δ at 95%**" : "");
      return text.str();
    };
    if (v.cells.empty()) {
      md << "- `" << r.claim->id << "`: " << line(v) << "\n";
      continue;
    }
    md << "- `" << r.claim->id << "`, judged per cell:\n";
    for (const Verdict& cell : v.cells) {
      md << "  - `@" << cell.cell << "` — " << VerdictLabel(cell) << ": " << line(cell) << "\n";
    }
  }
  md << (count == 0 ? "None.\n\n" : "\n");
}

// The suite's error budget at CI's plans (error_budget.hpp): the total, and every term.
void WriteErrorBudget(std::ostream& md, const ErrorBudget& budget) {
  md << "## Error budget\n\n"
     << "The probability that CI (`./boa test`, seed base 1) fails although every statement is "
     << "as the catalog expects, computed exactly from the plans CI runs: **" << Short(budget.total)
     << "** (bound " << kSuiteFalseAlarm << "). Terms: *fails* and *inconclusive* at a holding "
     << "claim's δ; *health* at the rate record's rejection rate (95% upper bound); *finding* — a "
     << "finding that does not fail at its recorded rate's 95% lower bound; *scaling*; *generator "
     << "test* (α = 1e-6 per check). Rates come from the committed record "
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

// What the run found, counted: the report's first screen and summary.json's "counts".
struct Tally {
  int claims = 0, holds = 0, holds_qualified = 0, findings = 0, reported = 0, unexpected = 0;
  int inconclusive = 0;
  std::map<std::string, int> by_kind;
  std::map<std::string, int> findings_by_class;  // finding_class.hpp
  int findings_encoding_sensitive = 0;
};

Tally Count(const std::vector<Row>& rows) {
  Tally t;
  for (const Row& r : rows) {
    const Claim& c = *r.claim;
    const Verdict& v = r.verdict;
    ++t.claims;
    ++t.by_kind[ToString(c.kind)];
    if (!MatchesExpectation(c, v)) {
      ++t.unexpected;
      t.inconclusive += v.status == Status::kInconclusive;
    } else if (c.expected == Expectation::kFails) {
      ++t.findings;
      ++t.findings_by_class[ToString(c.finding_class)];
      t.findings_encoding_sensitive += !c.encoding_sensitive.empty();
    } else if (v.status == Status::kReported) {
      ++t.reported;
    } else {
      ++t.holds;
      t.holds_qualified += !v.qualifier.empty();
    }
  }
  return t;
}

json TallyJson(const Tally& t) {
  return {{"claims", t.claims},
          {"holds", t.holds},
          {"holds_qualified", t.holds_qualified},
          {"findings", t.findings},
          {"reported", t.reported},
          {"unexpected", t.unexpected},
          {"unexpected_inconclusive", t.inconclusive},
          {"by_kind", t.by_kind},
          {"findings_by_class", t.findings_by_class},
          {"findings_encoding_sensitive", t.findings_encoding_sensitive}};
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

// The ledger's reading of this run's verdicts (boa/ledger.hpp): a claim outside a partial
// report's selection is "not run", an inconclusive or unhealthy one "undecided".
VerdictOf RunVerdicts(const std::vector<Row>& rows) {
  auto verdicts = std::make_shared<std::map<std::string, LinkVerdict>>();
  for (const Row& r : rows) {
    LinkVerdict v = LinkVerdict::kUndecided;
    if (r.verdict.status == Status::kReported) v = LinkVerdict::kReported;
    if (r.verdict.healthy && r.verdict.status == Status::kHolds) v = LinkVerdict::kHolds;
    if (r.verdict.status == Status::kFails) v = LinkVerdict::kFails;
    (*verdicts)[r.claim->id] = v;
  }
  return [verdicts](const std::string& id) {
    const auto it = verdicts->find(id);
    return it == verdicts->end() ? LinkVerdict::kNotRun : it->second;
  };
}

// The papers' statements first (issue 48): per paper the status counts, the tension candidates
// and every statement, then the encoding notes, one line per finding that is not a tension.
void WriteLedger(std::ostream& md, const std::vector<Row>& rows) {
  const VerdictOf verdict = RunVerdicts(rows);
  const bool partial = rows.size() < Catalog().size();
  md << "## The papers' statements\n\n"
     << "Each checkable statement of the two review discussions, quoted, with this run's verdicts "
     << "of the claims that test it and whether each runs in the discussion's own setting (README "
     << "§ The ledger; `./boa ledger` prints it alone). A statement is *consistent* when a claim in "
     << "the discussion's setting holds and none there fails; a *tension* when a claim in its "
     << "setting fails and every constant of boa's it rests on has been scanned with the failure "
     << "across the scanned range; *tested only in boa's encoding* otherwise; *not checkable here* "
     << "with the reason given.\n\n";
  if (partial) {
    md << "*Partial report*: a claim outside the selection is \"not run\" and decides nothing, so "
       << "a status here can fall short of the whole catalog's (`./boa ledger` gives the statuses "
       << "on every claim's expected verdict).\n\n";
  }
  WriteLedgerMarkdown(md, verdict, "###");
  md << "## Encoding notes\n\n"
     << "Every failing claim that is not a tension with a paper: it refutes the statement as boa "
     << "made it concrete. Each gives what it hinges on and the scans of the constants of boa's "
     << "it rests on, each over a range declared before it was measured (`records/scans.csv`): "
     << "where the statement holds as the constant moves, or *pending* until that record lands "
     << "(README § The ledger).\n\n";
  WriteEncodingNotes(md, verdict);
}

// One screen: where the run came from, what it found, what CI's promise is.
void WriteSummary(std::ostream& md, const std::vector<Row>& rows, std::size_t figures,
                  const ErrorBudget& budget) {
  const Tally t = Count(rows);
  md << "## Summary\n\n"
     << "| | claims |\n|---|---:|\n"
     << "| hold as expected | " << t.holds << " |\n"
     << "| … of which *holds\\** (estimate above δ, § Holds*) | " << t.holds_qualified << " |\n"
     << "| findings: fail as expected (§ Findings), by class: | " << t.findings << " |\n";
  for (const FindingClass k :
       {FindingClass::kRefuted, FindingClass::kPersists, FindingClass::kSlowDecay,
        FindingClass::kFiniteSize, FindingClass::kOpen, FindingClass::kUndetermined}) {
    const auto it = t.findings_by_class.find(ToString(k));
    md << "| … " << ToString(k) << " | " << (it == t.findings_by_class.end() ? 0 : it->second)
       << " |\n";
  }
  md << "| … of these, *encoding-sensitive* (hinge on a constant of boa's) | "
     << t.findings_encoding_sensitive << " |\n";
  md << "| reported (exploratory, not asserted) | " << t.reported << " |\n"
     << "| **verdicts other than expected** | **" << t.unexpected << "**"
     << (t.inconclusive > 0 ? " (" + std::to_string(t.inconclusive) + " inconclusive)" : "")
     << " |\n"
     << "| all claims | " << t.claims << " |\n\n"
     << "By kind: ";
  bool first = true;
  for (const auto& [kind, count] : t.by_kind) {
    md << (first ? "" : ", ") << count << " " << kind;
    first = false;
  }
  md << ". Figures: " << figures << ". Suite false-alarm bound of CI's run: " << Short(budget.total)
     << " (≤ " << kSuiteFalseAlarm << ", § Error budget).\n\n";
}

void WriteMarkdown(const std::vector<Row>& rows, const FlakeAudit& audit,
                   const std::optional<MutationResults>& mutation, const std::optional<json>& peer,
                   const std::vector<Figure>& figures, const ErrorBudget& budget,
                   const ReportOptions& options, double seconds, const fs::path& file) {
  std::ofstream md(file);
  md << "# boa report\n\n"
     << "Commit `" << SourceCommit() << "`, budget `" << ToString(options.budget) << "`, seed base "
     << options.seed << ", " << Short(seconds) << " s, SIMD target `" << SimdTargetName()
     << "`. Every number below is measured here by the command in its row "
     << "unless it is labelled as coming from a paper or a derivation."
     << (options.seed == kReportSeedBase
             ? " The seed base is the report's pre-registered one, on which no claim was encoded "
               "or tuned (CI runs seed base 1)."
             : "")
     << "\n\n";
  if (IsPartial(rows.size(), figures.size())) {
    md << "**Partial report:** " << rows.size() << " of " << Catalog().size()
       << " claims (`--claims " << Joined(options.claims) << "`) and " << figures.size() << " of "
       << FigureCatalog().size() << " figures (`--figures " << Joined(options.figures)
       << "`); `./boa report` runs the whole catalog.\n\n";
  }
  WriteLedger(md, rows);
  WriteSummary(md, rows, figures.size(), budget);
  WriteFindings(md, rows);
  WriteQualifiedHolds(md, rows);
  md << "## Verdicts\n\nProvenance: `paper` — the statement and its setting are the paper's or its discussion's "
     << "own; `operationalised` — the paper's statement made concrete with constants or a setting "
     << "boa chose; `derived` — a finite-sample form with explicit constants derived in THEORY.md; "
     << "`exploratory` — measured and reported, not asserted. Each claim's section says where each "
     << "of its elements comes from.\n\n"
     << "Verdicts (README § Verdicts): a probabilistic claim runs a sequential test of failure "
     << "rate ≤ δ against ≥ δ₁ (the breakage it must catch) at false-alarm rate α = " << kClaimAlpha
     << " per claim; *power* is the exact probability that the run as planned fails a claim broken "
     << "at δ₁. It stops when the evidence decides and is *inconclusive* when it reaches its cap "
     << "undecided. *holds* means a rate ≥ δ₁ is excluded; δ itself is not refuted — a *holds\\** "
     << "has its estimate above δ (§ Holds*). A scaling claim's power is its planned power to fail an "
     << "exponent κ₀ ± (τ + Δ), from the per-sweep sd recorded on the claim (README § Verdicts). "
     << "*Rejected* counts draws outside the claim's hypothesis, which are not instances of it, "
     << "with when that is decided: *before* the outcome (by the parameters or the drawn data), "
     << "*after, statement* (on the run, by a condition the statement states), or *after, filter* "
     << "(on the run, by a condition boa added). A filter's count is followed by its worst case "
     << "(k + rejected)/(N + rejected), the rate had every rejected draw failed, and its run fails "
     << "its health check when more than half its draws are rejected (others: more than 9 of 10). "
     << "*Failure rate*: for probabilistic claims the exact 95% interval after the sequential stop "
     << "(stage-wise ordering), for identity claims the observed rate; a scaling claim's instances "
     << "are replicate sweeps, and its exponent and interval are in its section.\n\n";
  md << "| id | kind | provenance | engine | δ vs δ₁ | power | instances | rejected | failures "
        "| failure rate | verdict | expected | counterexample |\n"
     << "|---|---|---|---|---|---:|---:|---:|---:|---|---|---|---|\n";
  for (const Row& r : rows) {
    const auto& c = *r.claim;
    const auto& v = r.verdict;
    md << "| `" << c.id << "` | " << ToString(c.kind) << " | " << ToString(c.provenance) << " | "
       << ToString(v.engine) << " | " << Hypotheses(c) << " | " << PowerCell(v) << " | "
       << v.instances << " | " << RejectedCell(c, v) << " | " << v.failures << " | "
       << RateCell(c, v) << " | **" << VerdictLabel(v) << "** | " << ToString(ExpectedStatus(c))
       << (MatchesExpectation(c, v) ? "" : " ✗") << " | " << Counterexample(v) << " |\n";
  }
  md << "\n## Claims\n\n";
  for (const Row& r : rows) {
    const auto& c = *r.claim;
    const auto& v = r.verdict;
    md << "### `" << c.id << "` — " << VerdictLabel(v) << "\n\n"
       << c.title << ". Source: " << c.source << ". " << v.summary << ".\n\n";
    if (!c.elements.empty()) {
      md << "Where each element comes from:\n\n";
      for (const Element& e : c.elements) {
        md << "- " << e.name << " — " << ToString(e.origin) << ": " << e.where << "\n";
      }
      md << "\n";
    }
    if (*c.rejection != Rejection::kNone) {
      md << "Rejections (" << ToString(*c.rejection) << "): " << c.rejection_note << ".\n\n";
    }
    if (c.kind == ClaimKind::kProbabilistic) {
      md << "δ = " << Short(c.delta) << ", δ₁ = " << Short(c.delta_alt) << ": " << c.delta_source
         << "\n\n";
    }
    md << "Reproduce: `" << r.replay << "`\n\n";
    if (v.counterexample) {
      md << Capitalised(FailingInstanceLabel(c, v)) << " (" << v.counterexample->shrink_steps
         << " shrink steps): " << v.counterexample->explanation << "  \nReplay: `"
         << v.counterexample->replay << "`\n\n";
    }
    if (!v.measured.empty()) {
      md << "| measured | value |\n|---|---:|\n";
      for (const auto& [name, value] : v.measured)
        md << "| " << name << " | " << Short(value) << " |\n";
      md << '\n';
    }
  }
  WriteErrorBudget(md, budget);
  WriteAuditMarkdown(md, audit);
  WriteMutationMarkdown(md, mutation);
  WritePeerMarkdown(md, peer);
  md << "## Figures\n\n"
     << "Each figure names the engine its experiments ran on: direct (draws the n·T·d tokens) or "
     << "Gram (Bartlett-sampled Gram forms and Gram-space GD, equal in distribution; README § "
     << "Sweeps, engines and running past one machine). The claims ran with `--engine "
     << ToString(options.engine) << "`.\n\n";
  for (const Figure& f : figures) {
    md << "### " << f.title << "\n\n![" << f.name << "](" << f.name << ".svg)\n\n";
    if (!f.engine.empty()) md << "Engine: " << f.engine << ". ";
    md << f.caption << " Data: [`" << f.name << ".csv`](" << f.name << ".csv), script: `" << f.name
       << ".gp`.\n\n";
  }
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
  // The findings' trend figures come from the committed path record: no measuring, no progress.
  for (const Row& row : rows) {
    if (auto trend = FindingPathFigure(*row.claim)) RenderFigure(*trend, staging);
  }
  std::vector<Figure> figures;
  for (const FigureBuilder* builder : builders) {
    progress.Start("figure " + builder->name);
    figures.push_back(BuildFigure(*builder, options.budget, sweep_engine,
                                  [&](int done, int total) { progress.Update(done, total); }));
    RenderFigure(figures.back(), staging);
    progress.Finish("written");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // CI's error budget is the whole catalog's, whatever part of it this report ran.
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  WriteMarkdown(rows, audit, mutation, peer, figures, budget, options, seconds,
                staging / "REPORT.md");
  std::ofstream(staging / "summary.json")
      << SummaryJson(rows, audit, mutation, peer, figures, budget, options, seconds).dump(2)
      << '\n';
  staged.MoveIntoPlace();
  return failing;
}

}  // namespace boa::report
