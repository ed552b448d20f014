#pragma once
// The flake audit in the report (issue 7): the flake_audit sweep's per-run verdicts, summarised
// per claim — runs, false failures, and how many false failures the claim's own statistics allow.
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
  int runs = 0;
  int instances_per_run = 0;
  int false_failures = 0;
  // The fewest failing instances that make one run's verdict "fails" (0: no count can — the run
  // has too few instances for its δ at α, so it audits nothing).
  int failing_count = 0;
  double allowed_rate = 0;  // per run: α for probabilistic claims, 0.05 for 95% intervals
  // Pooled over every run: failing instances of runs × instances_per_run, and the claim's δ.
  // A pooled rate whose one-sided 95% Clopper–Pearson lower bound exceeds δ is flagged
  // (above_delta): a calibration finding about δ, not a verdict (verdicts use α).
  int failing_instances = 0;
  double delta = 0;
  bool above_delta = false;
};

struct FlakeAudit {
  std::vector<AuditRow> rows;
  Budget budget = Budget::kDefault;  // selects the number of seed bases
  SweepPart part;  // the raw sweep, for its CSV
};

FlakeAudit RunFlakeAudit(Budget budget, const std::function<void(int, int)>& progress);
void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit);
nlohmann::json AuditJson(const FlakeAudit& audit);

}  // namespace boa::report
