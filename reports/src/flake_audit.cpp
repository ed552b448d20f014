#include "boa_report/flake_audit.hpp"

#include "boa/catalog.hpp"
#include "boa/stats.hpp"

namespace boa::report {

FlakeAudit RunFlakeAudit(Budget budget, const std::function<void(int, int)>& progress) {
  FlakeAudit audit;
  audit.part = RunSweep(FindSweep("flake_audit"), budget, 0, 1, 0, progress);
  const auto ids = sweeps::FlakeAuditClaimIds();
  for (const std::string& id : ids) {
    const Claim& c = FindClaim(id);
    audit.rows.push_back({id, ToString(c.kind), 0, 0, 0,
                          c.kind == ClaimKind::kProbabilistic ? kDefaultAlpha : 0.05});
  }
  for (const auto& row : Flatten(audit.part)) {
    AuditRow& r = audit.rows[static_cast<std::size_t>(row[0])];
    ++r.runs;
    r.instances_per_run = static_cast<int>(row[2]);
    r.false_failures += static_cast<int>(row[4]);
  }
  return audit;
}

void WriteAuditMarkdown(std::ostream& md, const FlakeAudit& audit) {
  md << "## Flake audit\n\n"
     << "Measured here (`boa sweep flake_audit`): every probabilistic and scaling claim at the CI "
     << "configuration (quick budget, what `./boa test` asserts) under many seed bases. A `fails` "
     << "verdict of a claim that holds is a false alarm. Allowed per run: α = " << kDefaultAlpha
     << " for probabilistic claims (Clopper–Pearson verdict); up to 0.05 for scaling claims, whose "
     << "95% interval may miss a true exponent.\n\n"
     << "| id | kind | runs | instances per run | false failures | allowed rate per run |\n"
     << "|---|---|---:|---:|---:|---:|\n";
  for (const AuditRow& r : audit.rows) {
    md << "| `" << r.id << "` | " << r.kind << " | " << r.runs << " | " << r.instances_per_run
       << " | " << r.false_failures << " | " << r.allowed_rate << " |\n";
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
                    {"allowed_rate", r.allowed_rate}});
  }
  return rows;
}

}  // namespace boa::report
