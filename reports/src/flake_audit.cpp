#include "boa_report/flake_audit.hpp"

#include "boa/catalog.hpp"
#include "boa/runner.hpp"
#include "boa/stats.hpp"
#include "boa/sweep_catalog.hpp"

namespace boa::report {

FlakeAudit RunFlakeAudit(Budget budget, Engine engine,
                         const std::function<void(int, int)>& progress) {
  FlakeAudit audit;
  audit.budget = budget;
  audit.part = RunSweep(FindSweep("flake_audit"), budget, engine, 0, 1, 0, progress);
  for (const std::string& id : sweeps::FlakeAuditClaimIds()) {
    const Claim& c = FindClaim(id);
    AuditRow row;
    row.id = id;
    row.kind = ToString(c.kind);
    row.expected = ToString(ExpectedStatus(c));
    row.allowed_rate = c.alpha;
    row.delta = c.delta;
    audit.rows.push_back(row);
  }
  for (const auto& row : Flatten(audit.part)) {
    AuditRow& r = audit.rows[static_cast<std::size_t>(row[0])];
    const auto status = static_cast<Status>(static_cast<int>(row[4]));
    ++r.runs;
    r.instances += static_cast<int>(row[2]);
    r.failing_instances += static_cast<int>(row[3]);
    r.unexpected += ToString(status) != r.expected;
    r.inconclusive += status == Status::kInconclusive;
  }
  for (AuditRow& r : audit.rows) {
    r.above_delta = r.kind == ToString(ClaimKind::kProbabilistic) && r.instances > 0 &&
                    ClopperPearsonLower(r.failing_instances, r.instances, 0.05) > r.delta;
  }
  return audit;
}

void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit) {
  if (audit.skipped_partial) {
    md << "## Flake audit\n\nNot run: this is a partial report (`--claims`), and the audit re-runs "
       << "every probabilistic and scaling claim of the catalog; `./boa sweep run flake_audit "
       << "--out audit.csv` runs it alone.\n\n";
    return;
  }
  const int bases = sweeps::FlakeAuditSeedBases(audit.budget);
  if (bases == 0) {
    md << "## Flake audit\n\nNot run at the " << ToString(audit.budget) << " budget: under CI's "
       << "seed base it would repeat exactly the runs `./boa test` asserts; `--budget full` audits "
       << sweeps::FlakeAuditSeedBases(Budget::kFull) << " seed bases.\n\n";
    return;
  }
  md << "## Flake audit\n\n"
     << "Measured here (`boa sweep flake_audit`): every probabilistic and scaling claim run exactly "
     << "as `./boa test` runs it (the " << ToString(kCiBudget) << " budget, the claim's CI cap) "
     << "under " << bases << (bases == 1 ? " seed base" : " seed bases") << " (the "
     << ToString(audit.budget) << " budget). A run whose verdict is not the "
     << "expected one is *unexpected*; for a claim that holds, its rate is at most the claim's α "
     << "(the plan's guarantee). *Failing instances* pools every run's instances; **above δ** "
     << "marks a pooled rate whose one-sided 95% Clopper–Pearson lower bound exceeds δ.\n\n"
     << "| id | kind | expected | runs | unexpected | inconclusive | allowed rate per run "
        "| failing instances, all runs | δ |\n"
     << "|---|---|---|---:|---:|---:|---:|---:|---:|\n";
  for (const AuditRow& r : audit.rows) {
    const bool probabilistic = r.kind == ToString(ClaimKind::kProbabilistic);
    md << "| `" << r.id << "` | " << r.kind << " | " << r.expected << " | " << r.runs << " | "
       << r.unexpected << " | " << r.inconclusive << " | " << r.allowed_rate << " | "
       << r.failing_instances << " / " << r.instances << (r.above_delta ? " **above δ**" : "")
       << " | " << (probabilistic ? FormatNumber(r.delta) : std::string("—")) << " |\n";
  }
  md << "\nData: [`flake_audit.csv`](flake_audit.csv).\n\n";
}

nlohmann::json AuditJson(const FlakeAudit& audit) {
  nlohmann::json rows = nlohmann::json::array();
  for (const AuditRow& r : audit.rows) {
    rows.push_back({{"id", r.id},
                    {"kind", r.kind},
                    {"expected", r.expected},
                    {"runs", r.runs},
                    {"instances", r.instances},
                    {"unexpected", r.unexpected},
                    {"inconclusive", r.inconclusive},
                    {"allowed_rate", r.allowed_rate},
                    {"failing_instances", r.failing_instances},
                    {"above_delta", r.above_delta}});
  }
  return rows;
}

}  // namespace boa::report
