#pragma once
// The flake audit in the report (issue 7): the flake_audit sweep's per-run verdicts, summarised
// per claim — runs, runs whose verdict was not the expected one, and how many of those the
// claim's current plan predicts. A full-budget report measures it; any other report shows the
// committed record of the last full audit (theory/claims/records/flake_audit.json, written by
// measure_audit.py beside it), whose rows carry the plan fingerprint they were measured under.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/budget.hpp"
#include "boa/sweep.hpp"

namespace boa::report {

// One statistical claim's audit: the tally of its runs (from a live sweep or from the record),
// then what today's plan predicts for it (PredictAuditRow).
struct AuditRow {
  // The tally.
  std::string id;
  std::string kind;
  std::string expected;  // the claim's expected verdict when the runs were made
  std::string plan;      // PlanFingerprint of the claim when the runs were made
  int runs = 0;
  int holds = 0;
  int fails = 0;
  int inconclusive = 0;  // runs that reached their cap undecided
  // Pooled over every run: counted instances, and the failing ones among them.
  int instances = 0;
  int failing_instances = 0;
  // A claim judged per cell (cells.hpp): the same pooled counts per cell, in the claim's order.
  // The model then predicts per cell, at each cell's pooled rate and its bounds, and combines:
  // a claim that holds misses if any cell does, at most Σ q_cell (a union bound: the cells share
  // seeds, so 1 − Π(1 − q_cell), which assumes them independent, is not a bound); a finding
  // misses only if no cell fails, at most the smallest q_cell of its failing cells.
  struct Cell {
    std::string name;
    int instances = 0;
    int failing_instances = 0;
  };
  std::vector<Cell> cells;

  // From the tally and today's catalog.
  int unexpected = 0;       // runs whose verdict is not `expected`
  double allowed_rate = 0;  // per run: the claim's α (a true claim fails with at most this rate)
  double delta = 0;
  bool stale = false;  // `plan` is not today's PlanFingerprint of the claim
  // P[a run's verdict is not the expected one] under the claim's current plan. Probabilistic:
  // ErrorRate of PlanOf(claim, CiInstances(claim)) at the pooled rate p = failing / instances,
  // and at both ends of p's two-sided 95% Clopper–Pearson interval (low ≤ high). Scaling: the
  // plan's budget term (ScalingBudgetTerm), the same at every end.
  double predicted_per_run = 0;
  double predicted_per_run_low = 0;
  double predicted_per_run_high = 0;
  // runs × the per-run predictions.
  double predicted = 0;
  double predicted_low = 0;
  double predicted_high = 0;
  // unexpected > the 0.99 quantile of Binomial(runs, q), q the prediction at the interval end
  // worse for the expectation (the upper end for a claim that holds, the lower for a finding).
  bool more_than_predicted = false;
  // A probabilistic claim expected to hold whose pooled rate's one-sided 95% Clopper–Pearson
  // lower bound exceeds δ (a finding lies above δ by design).
  bool above_delta = false;

  // The model check (issue 30): what the plan predicts at the pooled rate's bound, against what
  // the audit saw. rate_bound: the end of the pooled rate's 95% interval worse for the
  // expectation (probabilistic; 0 for scaling). predicted_per_run_bound: P[not the expected
  // verdict] there (Operate, through ErrorRate; scaling: its budget term), and predicted_at_bound
  // = runs × it.
  double rate_bound = 0;
  double predicted_per_run_bound = 0;
  double predicted_at_bound = 0;
  // The observed per-run rate of unexpected verdicts, unexpected / runs, with its two-sided 95%
  // Clopper–Pearson interval.
  double observed_low = 0, observed_high = 0;
  // The smallest per-run rate that `runs` runs show as at least one unexpected verdict with
  // probability ≥ 95%: 1 − 0.05^(1/runs) (0.26 for 10 runs). A prediction below it is not resolved:
  // the audit cannot tell it from 0, only refute rates at or above this.
  double resolution = 1;
  bool resolved = false;  // predicted_per_run_bound ≥ resolution
};

// Fills the rows's model fields from its tally and today's catalog (the claim named by row.id,
// probabilistic or scaling; throws InvalidInput otherwise). Live and recorded audits share it.
void PredictAuditRow(AuditRow& row);

// The smallest k with P[Binomial(n, q) ≤ k] ≥ level.
int BinomialQuantile(int n, double q, double level);

// The smallest per-run rate q that `runs` independent runs show as at least one event with
// probability ≥ 95%: 1 − 0.05^(1/runs).
double AuditResolution(int runs);

// The audit in total: every row's runs, unexpected verdicts and predictions added up, and the
// same per suite run (one seed base: every claim once).
struct AuditTotal {
  int runs = 0;
  int unexpected = 0;
  double predicted = 0;           // Σ runs × the per-run prediction at the pooled rate
  double predicted_at_bound = 0;  // Σ runs × the per-run prediction at the rate's bound
  // unexpected / runs: its two-sided 95% Clopper–Pearson interval, and the audit's resolution.
  double observed_low = 0, observed_high = 0;
  double resolution = 1;
  // unexpected > the 0.99 quantile of Σ Binomial(runs_i, q_i), q_i each row's bound prediction.
  bool more_than_predicted = false;
  // Suite runs (seed bases): P[a suite run has an unexpected verdict] = 1 − Π (1 − q_i), and how
  // many of the audit's suite runs had one. The record keeps per-claim tallies, not per seed base,
  // so that count is known only between the largest row's unexpected and min(total, suite runs).
  int suite_runs = 0;
  double suite_predicted_at_bound = 0;
  int suite_unexpected_min = 0, suite_unexpected_max = 0;
  double suite_resolution = 1;
  int stale_rows = 0;  // rows measured under another plan, counted all the same
};

enum class AuditSource { kNone, kRecord, kMeasured };

struct FlakeAudit {
  AuditSource source = AuditSource::kNone;
  std::vector<AuditRow> rows;  // today's statistical claims that have a row, in catalog order
  // The record's: its path, the commit and date it was measured at, the seed bases it ran
  // under and the command that wrote it.
  std::string record;
  std::string commit, date, command;
  bool dirty = false;  // measured with uncommitted changes
  std::vector<std::uint64_t> seed_bases;
  std::vector<std::string> not_in_record;   // statistical claims of today with no row
  std::vector<std::string> not_in_catalog;  // rows that name no statistical claim of today
  Budget budget = Budget::kDefault;         // the report's: selects the number of seed bases
  SweepPart part;                           // a live audit's raw sweep, for its CSV
  // A partial report (`--claims`) runs no audit: it audits the whole catalog, which the user did
  // not ask for. `boa sweep flake_audit` runs it alone.
  bool skipped_partial = false;
};

// The audit's total over its rows (AuditTotal).
AuditTotal TotalOf(const FlakeAudit& audit);

// theory/claims/records/flake_audit.json of the source tree boa was built from.
std::filesystem::path FlakeAuditRecordFile();
// The commands that re-measure the record, unsharded and sharded over N machines, as text with
// each command in backticks (the report's and the record test's).
std::string RemeasureAuditText();

// The audit of a record's JSON (source kRecord; `record` left empty). Throws InvalidInput when it
// lacks a field of the record's shape.
FlakeAudit AuditFromRecord(const nlohmann::json& record);
// The committed record, or nothing when `file` does not exist; throws InvalidInput (naming the
// file) when it is not a flake audit record.
std::optional<FlakeAudit> ReadFlakeAuditRecord(const std::filesystem::path& file);

// The live audit: the flake_audit sweep at `budget` (source kMeasured).
FlakeAudit RunFlakeAudit(Budget budget, Engine engine,
                         const std::function<void(int, int)>& progress);
// The live audit of the flake_audit sweep's cells at `budget`, every cell (a sharded report's
// merged parts).
FlakeAudit AuditFromSweep(Budget budget, SweepPart part);
void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit);
// summary.json's "flake_audit": source, the record's commit, date, seed bases and command, the
// rows, the total (TotalOf), and the claims missing on either side.
nlohmann::json AuditJson(const FlakeAudit& audit);

}  // namespace boa::report
