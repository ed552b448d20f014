#include "boa_report/flake_audit.hpp"

#include "boa/catalog.hpp"
#include "boa/stats.hpp"

namespace boa::report {

FlakeAudit RunFlakeAudit(Budget budget, const std::function<void(int, int)>& progress) {
  FlakeAudit audit;
  audit.budget = budget;
  audit.part = RunSweep(FindSweep("flake_audit"), budget, 0, 1, 0, progress);
  const auto ids = sweeps::FlakeAuditClaimIds();
  for (const std::string& id : ids) {
    const Claim& c = FindClaim(id);
    AuditRow row;
    row.id = id;
    row.kind = ToString(c.kind);
    row.allowed_rate = c.kind == ClaimKind::kProbabilistic ? kDefaultAlpha : 0.05;
    row.delta = c.delta;
    audit.rows.push_back(row);
  }
  for (const auto& row : Flatten(audit.part)) {
    AuditRow& r = audit.rows[static_cast<std::size_t>(row[0])];
    ++r.runs;
    r.instances_per_run = static_cast<int>(row[2]);
    r.false_failures += static_cast<int>(row[4]);
    r.failing_instances += static_cast<int>(row[3]);
  }
  for (AuditRow& r : audit.rows) {
    const Claim& c = FindClaim(r.id);
    r.above_delta = c.kind == ClaimKind::kProbabilistic && r.runs > 0 &&
                    ClopperPearsonLower(r.failing_instances, r.runs * r.instances_per_run, 0.05) >
                        c.delta;
    for (int k = 1; k <= r.instances_per_run && r.failing_count == 0; ++k) {
      const bool fails = c.kind == ClaimKind::kProbabilistic
                             ? JudgeFailureRate(k, r.instances_per_run, c.delta).fails
                             : true;  // a scaling claim's single run fails with its sweep
      if (fails) r.failing_count = k;
    }
  }
  return audit;
}

void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit) {
  const int bases = sweeps::FlakeAuditSeedBases(audit.budget);
  md << "## Flake audit\n\n"
     << "Measured here (`boa sweep flake_audit`): every probabilistic and scaling claim run exactly "
     << "as `./boa test` runs it — the " << ToString(kCiBudget) << " budget's sweep sizes and the "
     << "claim's CI instance count (`ci_instances`; column *instances per run*) — under "
     << bases << (bases == 1 ? " seed base" : " seed bases") << " (the " << ToString(audit.budget)
     << " budget; quick 1, default " << sweeps::FlakeAuditSeedBases(Budget::kDefault) << ", full "
     << sweeps::FlakeAuditSeedBases(Budget::kFull) << "). A `fails` verdict of a claim that holds "
     << "is a false alarm. Allowed per run: α = " << kDefaultAlpha << " for probabilistic claims "
     << "(Clopper–Pearson verdict); up to 0.05 for scaling claims, whose 95% interval may miss a "
     << "true exponent; *expected* is runs × that rate.\n\n"
     << "The column *fails at* is the fewest failing instances that fail one run's verdict "
     << "(\"never\" would mark a run too small for its δ at this α, one that audits nothing). "
     << "*Failing instances* pools every run's instances, a sharper estimate of a probabilistic "
     << "claim's failure rate than one run; **above δ** marks a pooled rate whose one-sided 95% "
     << "Clopper–Pearson lower bound exceeds δ — a finding about the claim's δ, not a verdict "
     << "(verdicts use α).\n\n"
     << "| id | kind | runs | instances per run | fails at | false failures | allowed rate per run "
        "| expected | failing instances, all runs | δ |\n"
     << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const AuditRow& r : audit.rows) {
    const bool probabilistic = r.kind == ToString(ClaimKind::kProbabilistic);
    md << "| `" << r.id << "` | " << r.kind << " | " << r.runs << " | " << r.instances_per_run
       << " | " << (r.failing_count > 0 ? std::to_string(r.failing_count) : std::string("never"))
       << " | " << r.false_failures << " | " << r.allowed_rate << " | "
       << r.runs * r.allowed_rate << " | " << r.failing_instances << " / "
       << r.runs * r.instances_per_run << (r.above_delta ? " **above δ**" : "") << " | "
       << (probabilistic ? FormatNumber(r.delta) : std::string("—")) << " |\n";
  }
  md << "\nData: [`flake_audit.csv`](flake_audit.csv).\n\n";
}

nlohmann::json AuditJson(const FlakeAudit& audit) {
  nlohmann::json rows = nlohmann::json::array();
  for (const AuditRow& r : audit.rows) {
    rows.push_back({{"id", r.id},
                    {"kind", r.kind},
                    {"runs", r.runs},
                    {"instances_per_run", r.instances_per_run},
                    {"false_failures", r.false_failures},
                    {"failing_count", r.failing_count},
                    {"allowed_rate", r.allowed_rate},
                    {"failing_instances", r.failing_instances},
                    {"above_delta", r.above_delta}});
  }
  return rows;
}

}  // namespace boa::report
