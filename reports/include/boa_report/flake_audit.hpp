#pragma once
// The flake audit in the report (issue 7): the flake_audit sweep's per-run verdicts, summarised
// per claim — runs, runs whose verdict was not the expected one, and the false-alarm rate the
// claim's own plan allows.
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/budget.hpp"
#include "boa/sweep.hpp"

namespace boa::report {

struct AuditRow {
  std::string id;
  std::string kind;
  std::string expected;  // the claim's expected verdict
  int runs = 0;
  int instances = 0;        // counted instances, all runs together
  int unexpected = 0;       // runs whose verdict is not the expected one
  int inconclusive = 0;     // runs that reached their cap undecided
  double allowed_rate = 0;  // per run: the claim's α (a true claim fails with at most this rate)
  // Pooled over every run: failing instances of `instances`, and the claim's δ. A pooled rate
  // whose one-sided 95% Clopper–Pearson lower bound exceeds δ is flagged (above_delta).
  int failing_instances = 0;
  double delta = 0;
  bool above_delta = false;
};

struct FlakeAudit {
  std::vector<AuditRow> rows;
  Budget budget = Budget::kDefault;  // selects the number of seed bases
  SweepPart part;                    // the raw sweep, for its CSV
  // A partial report (`--claims`) runs no audit: it audits the whole catalog, which the user did
  // not ask for. `boa sweep flake_audit` runs it alone.
  bool skipped_partial = false;
};

FlakeAudit RunFlakeAudit(Budget budget, Engine engine,
                         const std::function<void(int, int)>& progress);
void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit);
nlohmann::json AuditJson(const FlakeAudit& audit);

}  // namespace boa::report
