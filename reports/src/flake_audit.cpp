#include "boa_report/flake_audit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/format.hpp"
#include "boa/runner.hpp"
#include "boa/sequential_test.hpp"
#include "boa/stats.hpp"
#include "boa/sweep_catalog.hpp"
#include "boa_report/command_support.hpp"

namespace boa::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string Short(double x) { return FormatSignificant(x, 2); }

// The statistical claims of today's catalog, in catalog order (the sweep's claim_index).
std::vector<std::string> AuditedIds() { return sweeps::FlakeAuditClaimIds(); }

// The seed bases of the sweep's cells at `budget` (flake_audit_sweep.cpp: 1 + 1000003·j).
std::vector<std::uint64_t> SeedBases(Budget budget) {
  std::vector<std::uint64_t> bases;
  for (int j = 0; j < sweeps::FlakeAuditSeedBases(budget); ++j)
    bases.push_back(1 + 1000003ULL * static_cast<std::uint64_t>(j));
  return bases;
}

// Orders `rows` as today's catalog and lists the ids missing on either side.
void MatchCatalog(FlakeAudit& audit, std::vector<AuditRow> rows) {
  std::map<std::string, AuditRow> by_id;
  for (AuditRow& r : rows) {
    const std::string id = r.id;
    Require(by_id.emplace(id, std::move(r)).second, "two rows for claim " + id);
  }
  for (const std::string& id : AuditedIds()) {
    const auto it = by_id.find(id);
    if (it == by_id.end()) {
      audit.not_in_record.push_back(id);
      continue;
    }
    PredictAuditRow(it->second);
    audit.rows.push_back(std::move(it->second));
    by_id.erase(it);
  }
  for (const auto& [id, row] : by_id) audit.not_in_catalog.push_back(id);
}

int IntField(const json& j, const char* key) {
  Require(j.contains(key) && j.at(key).is_number_integer() && j.at(key).get<int>() >= 0,
          std::string("\"") + key + "\" is not a count");
  return j.at(key).get<int>();
}

std::string TextField(const json& j, const char* key) {
  Require(j.contains(key) && j.at(key).is_string(), std::string("\"") + key + "\" is not text");
  return j.at(key).get<std::string>();
}

// One judged unit's prediction (a claim, or one cell of a claim judged per cell) from its pooled
// counts: P[not its expected verdict] at the pooled rate, at both ends of its 95% interval (low ≤
// high), and at the end worse for the expectation (the upper for a unit that holds, the lower for
// a finding), which is rate_bound.
struct CellPrediction {
  double at_rate = 0, low = 0, high = 0, worse = 0, rate_bound = 0;
  bool above_delta = false;
};
CellPrediction PredictCell(const Claim& unit, int k, int n) {
  CellPrediction p;
  if (n <= 0) return p;
  const bool finding = unit.expected == Expectation::kFails;
  const SequentialPlan plan = PlanOf(unit, CiInstances(unit));
  const ExpectedDecision expected = finding ? ExpectedDecision::kFails : ExpectedDecision::kHolds;
  const double at_lower = ErrorRate(plan, expected, ClopperPearsonLower(k, n, 0.025));
  const double at_upper = ErrorRate(plan, expected, ClopperPearsonUpper(k, n, 0.025));
  p.at_rate = ErrorRate(plan, expected, static_cast<double>(k) / n);
  p.low = std::min(at_lower, at_upper);
  p.high = std::max(at_lower, at_upper);
  // A higher failure rate hurts a claim that holds and helps a finding.
  p.worse = finding ? at_lower : at_upper;
  p.rate_bound = finding ? ClopperPearsonLower(k, n, 0.025) : ClopperPearsonUpper(k, n, 0.025);
  // A finding's rate lies above δ by design; the flag is for claims expected to hold.
  p.above_delta = !finding && ClopperPearsonLower(k, n, 0.05) > unit.delta;
  return p;
}

}  // namespace

int BinomialQuantile(int n, double q, double level) {
  if (n <= 0 || q <= 0) return 0;
  if (q >= 1) return n;
  // P[X = k] by the ratio of successive terms, from P[X = 0] = (1 − q)^n.
  double pmf = std::exp(n * std::log1p(-q));
  double cdf = pmf;
  int k = 0;
  while (cdf < level && k < n) {
    pmf *= static_cast<double>(n - k) / (k + 1) * q / (1 - q);
    cdf += pmf;
    ++k;
  }
  return k;
}

void PredictAuditRow(AuditRow& row) {
  const Claim& c = FindClaim(row.id);
  Require(c.kind == ClaimKind::kProbabilistic || c.kind == ClaimKind::kScaling,
          row.id + " is neither probabilistic nor scaling: the flake audit does not run it");
  row.unexpected = row.expected == "holds"   ? row.fails + row.inconclusive
                   : row.expected == "fails" ? row.holds + row.inconclusive
                                             : row.runs;
  row.allowed_rate = c.alpha;
  row.delta = c.kind == ClaimKind::kProbabilistic ? c.delta : 0;
  row.stale = row.plan != PlanFingerprint(c);
  const bool finding = c.expected == Expectation::kFails;
  double worse = 0;  // the per-run prediction at the interval end worse for the expectation
  if (c.kind == ClaimKind::kScaling) {
    row.predicted_per_run = row.predicted_per_run_low = row.predicted_per_run_high = worse =
        ScalingBudgetTerm(c);
  } else if (!c.cells.empty()) {
    // Judged per cell: a record without today's cells was measured under another plan (stale);
    // it predicts nothing.
    const std::vector<Claim> units = JudgedUnits(c);
    bool same_cells = row.cells.size() == units.size();
    for (std::size_t j = 0; same_cells && j < units.size(); ++j) {
      same_cells = CellId(c, c.cells[j]) == row.id + "@" + row.cells[j].name;
    }
    if (same_cells) {
      CellPrediction total;
      total.at_rate = total.low = total.high = total.worse = finding ? 1 : 0;
      for (std::size_t j = 0; j < units.size(); ++j) {
        const Claim& unit = units[j];
        if (finding && unit.expected == Expectation::kHolds) continue;  // cannot undo "fails"
        const CellPrediction p =
            PredictCell(unit, row.cells[j].failing_instances, row.cells[j].instances);
        if (finding) {
          if (p.worse < total.worse) {
            total = p;
          }
        } else {
          total.at_rate += p.at_rate;
          total.low += p.low;
          total.high += p.high;
          if (p.rate_bound > total.rate_bound) total.rate_bound = p.rate_bound;
          total.worse += p.worse;
          total.above_delta = total.above_delta || p.above_delta;
        }
      }
      row.predicted_per_run = std::min(total.at_rate, 1.0);
      row.predicted_per_run_low = std::min(total.low, 1.0);
      row.predicted_per_run_high = std::min(total.high, 1.0);
      worse = std::min(total.worse, 1.0);
      row.above_delta = total.above_delta;
      row.rate_bound = total.rate_bound;
    }
  } else if (row.instances > 0) {
    const CellPrediction p = PredictCell(c, row.failing_instances, row.instances);
    row.predicted_per_run = p.at_rate;
    row.predicted_per_run_low = p.low;
    row.predicted_per_run_high = p.high;
    worse = p.worse;
    row.above_delta = p.above_delta;
    row.rate_bound = p.rate_bound;
  }
  row.predicted = row.runs * row.predicted_per_run;
  row.predicted_low = row.runs * row.predicted_per_run_low;
  row.predicted_high = row.runs * row.predicted_per_run_high;
  row.more_than_predicted = row.unexpected > BinomialQuantile(row.runs, worse, 0.99);
  // The model check: the prediction at the bound against the observed rate and what ten-odd runs
  // can resolve.
  row.predicted_per_run_bound = worse;
  row.predicted_at_bound = row.runs * worse;
  if (row.runs > 0) {
    row.observed_low = ClopperPearsonLower(row.unexpected, row.runs, 0.025);
    row.observed_high = ClopperPearsonUpper(row.unexpected, row.runs, 0.025);
  }
  row.resolution = AuditResolution(row.runs);
  row.resolved = worse >= row.resolution;
}

double AuditResolution(int runs) { return runs > 0 ? 1 - std::pow(0.05, 1.0 / runs) : 1; }

AuditTotal TotalOf(const FlakeAudit& audit) {
  AuditTotal t;
  t.suite_runs = static_cast<int>(audit.seed_bases.size());
  // The law of the total unexpected count: Σ Binomial(runs_i, q_i), convolved row by row.
  std::vector<double> law{1.0};
  double none = 1;  // P[a suite run has no unexpected verdict]
  for (const AuditRow& r : audit.rows) {
    t.runs += r.runs;
    t.unexpected += r.unexpected;
    t.predicted += r.predicted;
    t.predicted_at_bound += r.predicted_at_bound;
    t.stale_rows += r.stale;
    t.suite_unexpected_min = std::max(t.suite_unexpected_min, r.unexpected);
    none *= 1 - r.predicted_per_run_bound;
    std::vector<double> next(law.size() + static_cast<std::size_t>(r.runs), 0.0);
    for (int j = 0; j <= r.runs; ++j) {
      const double q = r.predicted_per_run_bound;
      const double pj = std::exp(std::lgamma(r.runs + 1.0) - std::lgamma(j + 1.0) -
                                 std::lgamma(r.runs - j + 1.0)) *
                        std::pow(q, j) * std::pow(1 - q, r.runs - j);
      for (std::size_t i = 0; i < law.size(); ++i)
        next[i + static_cast<std::size_t>(j)] += law[i] * pj;
    }
    law = std::move(next);
  }
  double cdf = 0;
  int quantile = 0;
  while (quantile < static_cast<int>(law.size()) - 1 && (cdf += law[quantile]) < 0.99) ++quantile;
  t.more_than_predicted = t.unexpected > quantile;
  if (t.runs > 0) {
    t.observed_low = ClopperPearsonLower(t.unexpected, t.runs, 0.025);
    t.observed_high = ClopperPearsonUpper(t.unexpected, t.runs, 0.025);
  }
  t.resolution = AuditResolution(t.runs);
  t.suite_predicted_at_bound = 1 - none;
  t.suite_unexpected_max = std::min(t.unexpected, t.suite_runs);
  t.suite_resolution = AuditResolution(t.suite_runs);
  return t;
}

fs::path FlakeAuditRecordFile() { return BOA_FLAKE_AUDIT_RECORD; }

std::string RemeasureAuditText() {
  const std::string command = "./boa measure audit";
  return "`" + command + "` (≈ 25 CPU-minutes), or sharded: `" + command +
         " --shard k/N --out part-k.json` on each of N machines (or `" + command +
         " --slurm N --submit`), then `./boa measure merge part-*.json`";
}

FlakeAudit AuditFromRecord(const json& record) {
  FlakeAudit audit;
  audit.source = AuditSource::kRecord;
  audit.budget = Budget::kFull;
  audit.commit = TextField(record, "commit");
  audit.date = TextField(record, "date");
  audit.command = TextField(record, "command");
  audit.dirty = record.value("dirty", false);
  Require(TextField(record, "budget") == "full", "\"budget\" is not \"full\"");
  Require(record.contains("seed_bases") && record.at("seed_bases").is_array(),
          "\"seed_bases\" is not a list");
  for (const json& base : record.at("seed_bases")) {
    Require(base.is_number_integer() && base.get<std::int64_t>() >= 0,
            "a seed base is not a non-negative integer");
    audit.seed_bases.push_back(base.get<std::uint64_t>());
  }
  Require(record.contains("claims") && record.at("claims").is_array(), "\"claims\" is not a list");
  std::vector<AuditRow> rows;
  for (const json& c : record.at("claims")) {
    AuditRow row;
    row.id = TextField(c, "id");
    row.kind = TextField(c, "kind");
    row.expected = TextField(c, "expected");
    row.plan = TextField(c, "plan");
    row.runs = IntField(c, "runs");
    row.holds = IntField(c, "holds");
    row.fails = IntField(c, "fails");
    row.inconclusive = IntField(c, "inconclusive");
    row.instances = IntField(c, "instances");
    row.failing_instances = IntField(c, "failing_instances");
    Require(row.holds + row.fails + row.inconclusive == row.runs,
            row.id + ": holds + fails + inconclusive is not runs");
    Require(row.failing_instances <= row.instances,
            row.id + ": more failing instances than instances");
    if (c.contains("cells")) {
      Require(c.at("cells").is_array(), row.id + ": \"cells\" is not a list");
      for (const json& cell : c.at("cells")) {
        row.cells.push_back({TextField(cell, "name"), IntField(cell, "instances"),
                             IntField(cell, "failing_instances")});
        Require(row.cells.back().failing_instances <= row.cells.back().instances,
                row.id + ": a cell with more failing instances than instances");
      }
    }
    rows.push_back(std::move(row));
  }
  MatchCatalog(audit, std::move(rows));
  return audit;
}

std::optional<FlakeAudit> ReadFlakeAuditRecord(const fs::path& file) {
  if (!fs::exists(file)) return std::nullopt;
  std::ifstream in(file);
  try {
    FlakeAudit audit = AuditFromRecord(json::parse(in));
    audit.record = RepositoryPath(file);
    return audit;
  } catch (const std::exception& e) {
    throw InvalidInput(
        file.string() +
        " is not a flake audit record (`./boa measure audit` writes one): " + e.what());
  }
}

FlakeAudit RunFlakeAudit(Budget budget, Engine engine,
                         const std::function<void(int, int)>& progress) {
  return AuditFromSweep(budget,
                        RunSweep(FindSweep("flake_audit"), budget, engine, 0, 1, 0, progress));
}

FlakeAudit AuditFromSweep(Budget budget, SweepPart sweep) {
  FlakeAudit audit;
  audit.source = AuditSource::kMeasured;
  audit.budget = budget;
  audit.seed_bases = SeedBases(budget);
  audit.part = std::move(sweep);
  std::vector<AuditRow> rows;
  for (const std::string& id : AuditedIds()) {
    const Claim& c = FindClaim(id);
    AuditRow row;
    row.id = id;
    row.kind = ToString(c.kind);
    row.expected = ToString(ExpectedStatus(c));
    row.plan = PlanFingerprint(c);
    for (const Cell& cell : c.cells) row.cells.push_back({cell.name, 0, 0});
    rows.push_back(row);
  }
  // Columns: claim_index, seed_base, instances, failures, status (0 holds, 1 fails, 2
  // inconclusive), cell (−1: the claim's run; j ≥ 0: its cell j's part of it).
  for (const auto& cell : Flatten(audit.part)) {
    AuditRow& r = rows[static_cast<std::size_t>(cell[0])];
    if (cell[5] >= 0) {
      AuditRow::Cell& part = r.cells.at(static_cast<std::size_t>(cell[5]));
      part.instances += static_cast<int>(cell[2]);
      part.failing_instances += static_cast<int>(cell[3]);
      continue;
    }
    const auto status = static_cast<Status>(static_cast<int>(cell[4]));
    ++r.runs;
    r.instances += static_cast<int>(cell[2]);
    r.failing_instances += static_cast<int>(cell[3]);
    r.holds += status == Status::kHolds;
    r.fails += status == Status::kFails;
    r.inconclusive += status == Status::kInconclusive;
  }
  MatchCatalog(audit, std::move(rows));
  return audit;
}

namespace {

void WriteAuditTable(std::ostream& md, const FlakeAudit& audit) {
  md << "| id | kind | expected | runs | holds / fails / inconclusive | unexpected (per run, "
        "95%) | predicted (95% range) | predicted at the bound | failing instances, all runs | δ "
        "| flags |\n"
     << "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n";
  for (const AuditRow& r : audit.rows) {
    const bool probabilistic = r.kind == ToString(ClaimKind::kProbabilistic);
    std::string flags;
    const auto flag = [&flags](const char* text) {
      flags += (flags.empty() ? "**" : ", **") + std::string(text) + "**";
    };
    if (r.above_delta) flag("above δ");
    if (r.more_than_predicted) flag("more than predicted");
    if (r.stale) flag("stale");
    md << "| `" << r.id << "` | " << r.kind << " | " << r.expected << " | " << r.runs << " | "
       << r.holds << " / " << r.fails << " / " << r.inconclusive << " | " << r.unexpected << " ("
       << Short(r.observed_low) << "–" << Short(r.observed_high) << ") | " << Short(r.predicted);
    if (probabilistic && r.instances > 0)
      md << " (" << Short(r.predicted_low) << "–" << Short(r.predicted_high) << ")";
    md << " | " << Short(r.predicted_at_bound);
    if (probabilistic && r.instances > 0) md << " at " << Short(r.rate_bound);
    md << " | " << r.failing_instances << " / " << r.instances;
    for (const AuditRow::Cell& c : r.cells)
      md << "; " << c.name << " " << c.failing_instances << " / " << c.instances;
    md << " | " << (probabilistic ? FormatNumber(r.delta) : std::string("—")) << " | " << flags
       << " |\n";
  }
  md << "\n";
  for (const AuditRow& r : audit.rows) {
    if (!r.stale) continue;
    md << "- `" << r.id << "` — stale: plan changed since the record (recorded `" << r.plan
       << "`; today `" << PlanFingerprint(FindClaim(r.id)) << "`).\n";
  }
  for (const std::string& id : audit.not_in_record)
    md << "- `" << id << "` — not in the record: a statistical claim added since.\n";
  for (const std::string& id : audit.not_in_catalog)
    md << "- `" << id << "` — in the record, but no probabilistic or scaling claim of today's "
       << "catalog.\n";
  if (std::any_of(audit.rows.begin(), audit.rows.end(),
                  [](const AuditRow& r) { return r.stale; }) ||
      !audit.not_in_record.empty() || !audit.not_in_catalog.empty())
    md << "\n";
}

// The model check in total, and what the audit can and cannot resolve.
void WriteAuditCheck(std::ostream& md, const FlakeAudit& audit) {
  if (audit.rows.empty()) return;
  const AuditTotal t = TotalOf(audit);
  const auto largest = std::max_element(
      audit.rows.begin(), audit.rows.end(), [](const AuditRow& a, const AuditRow& b) {
        return a.predicted_per_run_bound < b.predicted_per_run_bound;
      });
  const int per_claim = largest->runs;
  md << "**The model check, in total.** " << t.unexpected << " unexpected verdicts in " << t.runs
     << " runs (per run " << Short(t.observed_low) << "–" << Short(t.observed_high)
     << ", 95%); the plans predict " << Short(t.predicted) << " at the pooled rates and "
     << Short(t.predicted_at_bound) << " at their bounds"
     << (t.more_than_predicted ? " — **more than predicted** (above the 0.99 quantile of the "
                                 "sum of the rows' binomials at their bounds)"
                               : ", and the count lies within it (the 0.99 quantile of the sum "
                                 "of the rows' binomials at their bounds)")
     << ". Per suite run (one seed base, every claim once) the predicted probability of an "
        "unexpected verdict at the bounds is "
     << Short(t.suite_predicted_at_bound) << "; suite runs with one: ";
  if (t.suite_unexpected_min == t.suite_unexpected_max)
    md << t.suite_unexpected_min;
  else
    md << "between " << t.suite_unexpected_min << " and " << t.suite_unexpected_max
       << " (the record keeps per-claim tallies, not per seed base)";
  md << " of " << t.suite_runs << ".";
  if (t.stale_rows > 0)
    md << " " << t.stale_rows << " stale rows are counted under today's plans all the same.";
  md << "\n\n**What the audit resolves.** A per-run rate q shows as at least one unexpected "
        "verdict with probability ≥ 95% only when q ≥ 1 − 0.05^(1/runs): "
     << Short(AuditResolution(per_claim)) << " for one claim's " << per_claim << " runs, "
     << Short(t.resolution) << " for all " << t.runs << " runs pooled, "
     << Short(t.suite_resolution) << " for " << t.suite_runs
     << " suite runs. The largest prediction at a bound is "
     << Short(largest->predicted_per_run_bound) << " per run (`" << largest->id
     << "`), and the suite's promise is " << FormatNumber(kSuiteFalseAlarm)
     << " per suite run, so a count of 0 agrees with the model without confirming it: the audit "
        "refutes a plan whose real error is ≥ its resolution (a claim whose rate lies between δ "
        "and δ₁, as issue 35's five did), never one at the level the budget promises, which rests "
        "on the computed operating characteristic (`Operate`). Rows resolved here (prediction at "
        "the bound ≥ resolution): ";
  bool any = false;
  for (const AuditRow& r : audit.rows) {
    if (!r.resolved) continue;
    md << (any ? ", " : "") << "`" << r.id << "`";
    any = true;
  }
  md << (any ? "" : "none") << ".\n\n";
}

// What the columns mean, for the live audit and the record alike.
void WriteAuditLegend(std::ostream& md) {
  md << "Every probabilistic and scaling claim run exactly as `./boa test` runs it (the "
     << ToString(kCiBudget) << " budget, the claim's CI cap), once per seed base. A run whose "
     << "verdict is not the expected one is *unexpected*. *Predicted*: the unexpected runs the "
     << "claim's current plan predicts — runs × P[not the expected verdict], for a probabilistic "
     << "claim at its pooled failure rate (failing instances of all runs), with the range at the "
     << "ends of that rate's 95% Clopper–Pearson interval; for a scaling claim its planned error. "
     << "**more than predicted**: more unexpected runs than the 0.99 quantile of Binomial(runs, "
     << "q), q the prediction at the interval's end worse for the expectation. *Unexpected* is "
     << "fails or inconclusive for a claim expected to hold, holds or inconclusive for a finding "
     << "(CI fails on either), with the 95% Clopper–Pearson interval of its per-run rate. "
     << "*Predicted at the bound*: runs × P[not the expected verdict] from the plan's operating "
     << "characteristic at the pooled rate's 95% end worse for the expectation (the upper end for "
     << "a claim expected to hold, the lower for a finding; shown after \"at\"). **above δ**: a "
     << "claim expected to hold whose pooled rate's one-sided 95% Clopper–Pearson lower bound "
     << "exceeds δ. **stale**: the claim's plan changed since its runs.\n\n";
}

}  // namespace

void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit) {
  if (audit.source == AuditSource::kMeasured) {
    const std::size_t bases = audit.seed_bases.size();
    md << "## Flake audit\n\nMeasured here (`boa sweep flake_audit`) under " << bases
       << (bases == 1 ? " seed base" : " seed bases") << " (the " << ToString(audit.budget)
       << " budget). ";
    WriteAuditLegend(md);
    WriteAuditTable(md, audit);
    WriteAuditCheck(md, audit);
    md << "Data: [`flake_audit.csv`](flake_audit.csv).\n\n";
    return;
  }
  const std::string why_not =
      audit.skipped_partial
          ? "Not run: this is a partial report (`--claims`), and the audit re-runs every "
            "probabilistic and scaling claim of the catalog; `./boa sweep run flake_audit "
            "--budget full --out audit.csv` runs it alone."
          : "Not run at the " + ToString(audit.budget) +
                " budget: under CI's seed base it would "
                "repeat exactly the runs `./boa test` asserts; `--budget full` audits " +
                std::to_string(sweeps::FlakeAuditSeedBases(Budget::kFull)) + " seed bases.";
  const std::string remeasure = RemeasureAuditText();
  if (audit.source == AuditSource::kNone) {
    md << "## Flake audit\n\n"
       << why_not << " No committed record (`theory/claims/records/flake_audit.json`): run "
       << remeasure << ", and commit the record.\n\n";
    return;
  }
  md << "## Flake audit — committed record\n\n"
     << why_not << " Shown: the committed record of the last full audit (`" << audit.record
     << "`), measured at commit `" << audit.commit << "`"
     << (audit.dirty ? " (with uncommitted changes)" : "") << " on " << audit.date << " by `"
     << audit.command << "` under seed bases ";
  for (std::size_t k = 0; k < audit.seed_bases.size(); ++k)
    md << (k ? ", " : "") << audit.seed_bases[k];
  md << ". Re-measure it with " << remeasure << ". ";
  WriteAuditLegend(md);
  WriteAuditTable(md, audit);
  WriteAuditCheck(md, audit);
}

namespace {

json CellsJson(const AuditRow& r) {
  json cells = json::array();
  for (const AuditRow::Cell& c : r.cells) {
    cells.push_back(
        {{"name", c.name}, {"instances", c.instances}, {"failing_instances", c.failing_instances}});
  }
  return cells;
}

}  // namespace

json AuditJson(const FlakeAudit& audit) {
  json rows = json::array();
  for (const AuditRow& r : audit.rows) {
    rows.push_back({{"id", r.id},
                    {"kind", r.kind},
                    {"expected", r.expected},
                    {"plan", r.plan},
                    {"stale", r.stale},
                    {"runs", r.runs},
                    {"holds", r.holds},
                    {"fails", r.fails},
                    {"inconclusive", r.inconclusive},
                    {"unexpected", r.unexpected},
                    {"predicted_per_run", r.predicted_per_run},
                    {"predicted", r.predicted},
                    {"predicted_range", {r.predicted_low, r.predicted_high}},
                    {"more_than_predicted", r.more_than_predicted},
                    {"instances", r.instances},
                    {"failing_instances", r.failing_instances},
                    {"cells", CellsJson(r)},
                    {"delta", r.delta},
                    {"allowed_rate", r.allowed_rate},
                    {"above_delta", r.above_delta},
                    {"rate_bound", r.rate_bound},
                    {"predicted_per_run_bound", r.predicted_per_run_bound},
                    {"predicted_at_bound", r.predicted_at_bound},
                    {"observed_per_run", {r.observed_low, r.observed_high}},
                    {"resolution", r.resolution},
                    {"resolved", r.resolved}});
  }
  const AuditTotal t = TotalOf(audit);
  const json total = {{"runs", t.runs},
                      {"unexpected", t.unexpected},
                      {"observed_per_run", {t.observed_low, t.observed_high}},
                      {"predicted", t.predicted},
                      {"predicted_at_bound", t.predicted_at_bound},
                      {"more_than_predicted", t.more_than_predicted},
                      {"resolution", t.resolution},
                      {"suite_runs", t.suite_runs},
                      {"suite_predicted_at_bound", t.suite_predicted_at_bound},
                      {"suite_unexpected", {t.suite_unexpected_min, t.suite_unexpected_max}},
                      {"suite_resolution", t.suite_resolution},
                      {"stale_rows", t.stale_rows}};
  const bool recorded = audit.source == AuditSource::kRecord;
  const char* source = audit.source == AuditSource::kRecord     ? "record"
                       : audit.source == AuditSource::kMeasured ? "measured"
                                                                : nullptr;
  return {{"source", source ? json(source) : json(nullptr)},
          {"record", recorded ? json(audit.record) : json(nullptr)},
          {"commit", recorded ? json(audit.commit) : json(nullptr)},
          {"dirty", recorded ? json(audit.dirty) : json(nullptr)},
          {"date", recorded ? json(audit.date) : json(nullptr)},
          {"command", recorded ? json(audit.command) : json(nullptr)},
          {"seed_bases", audit.seed_bases},
          {"rows", rows},
          {"total", total},
          {"not_in_record", audit.not_in_record},
          {"not_in_catalog", audit.not_in_catalog}};
}

}  // namespace boa::report
