#include "boa_report/flake_audit.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/format.hpp"
#include "boa/runner.hpp"
#include "boa/sequential_test.hpp"
#include "boa/stats.hpp"
#include "boa/sweep_catalog.hpp"

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
  } else if (row.instances > 0) {
    const SequentialPlan plan = PlanOf(c, CiInstances(c));
    const ExpectedDecision expected = finding ? ExpectedDecision::kFails : ExpectedDecision::kHolds;
    const int k = row.failing_instances, n = row.instances;
    const double at_lower = ErrorRate(plan, expected, ClopperPearsonLower(k, n, 0.025));
    const double at_upper = ErrorRate(plan, expected, ClopperPearsonUpper(k, n, 0.025));
    row.predicted_per_run = ErrorRate(plan, expected, static_cast<double>(k) / n);
    row.predicted_per_run_low = std::min(at_lower, at_upper);
    row.predicted_per_run_high = std::max(at_lower, at_upper);
    // A higher failure rate hurts a claim that holds and helps a finding.
    worse = finding ? at_lower : at_upper;
    // A finding's rate lies above δ by design; the flag is for claims expected to hold.
    row.above_delta = !finding && ClopperPearsonLower(k, n, 0.05) > c.delta;
  }
  row.predicted = row.runs * row.predicted_per_run;
  row.predicted_low = row.runs * row.predicted_per_run_low;
  row.predicted_high = row.runs * row.predicted_per_run_high;
  row.more_than_predicted = row.unexpected > BinomialQuantile(row.runs, worse, 0.99);
}

fs::path FlakeAuditRecordFile() { return BOA_FLAKE_AUDIT_RECORD; }

std::string RemeasureAuditText() {
  const std::string script = "python3 theory/claims/records/measure_audit.py";
  return "`" + script + "` (≈ 25 CPU-minutes), or sharded: `" + script +
         " --shard k/N --out part-k.csv` on each of N machines, then `" + script +
         " --merge part-*.csv`";
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
    audit.record = file.string();
    return audit;
  } catch (const std::exception& e) {
    throw InvalidInput(file.string() +
                       " is not a flake audit record (measure_audit.py writes one): " + e.what());
  }
}

FlakeAudit RunFlakeAudit(Budget budget, Engine engine,
                         const std::function<void(int, int)>& progress) {
  FlakeAudit audit;
  audit.source = AuditSource::kMeasured;
  audit.budget = budget;
  audit.seed_bases = SeedBases(budget);
  audit.part = RunSweep(FindSweep("flake_audit"), budget, engine, 0, 1, 0, progress);
  std::vector<AuditRow> rows;
  for (const std::string& id : AuditedIds()) {
    const Claim& c = FindClaim(id);
    AuditRow row;
    row.id = id;
    row.kind = ToString(c.kind);
    row.expected = ToString(ExpectedStatus(c));
    row.plan = PlanFingerprint(c);
    rows.push_back(row);
  }
  // Columns: claim_index, seed_base, instances, failures, status (0 holds, 1 fails, 2
  // inconclusive).
  for (const auto& cell : Flatten(audit.part)) {
    AuditRow& r = rows[static_cast<std::size_t>(cell[0])];
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
  md << "| id | kind | expected | runs | holds / fails / inconclusive | unexpected | predicted "
        "(95% range) | failing instances, all runs | δ | flags |\n"
     << "|---|---|---|---:|---:|---:|---:|---:|---:|---|\n";
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
       << r.holds << " / " << r.fails << " / " << r.inconclusive << " | " << r.unexpected << " | "
       << Short(r.predicted);
    if (probabilistic && r.instances > 0)
      md << " (" << Short(r.predicted_low) << "–" << Short(r.predicted_high) << ")";
    md << " | " << r.failing_instances << " / " << r.instances << " | "
       << (probabilistic ? FormatNumber(r.delta) : std::string("—")) << " | " << flags << " |\n";
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

// What the columns mean, for the live audit and the record alike.
void WriteAuditLegend(std::ostream& md) {
  md << "Every probabilistic and scaling claim run exactly as `./boa test` runs it (the "
     << ToString(kCiBudget) << " budget, the claim's CI cap), once per seed base. A run whose "
     << "verdict is not the expected one is *unexpected*. *Predicted*: the unexpected runs the "
     << "claim's current plan predicts — runs × P[not the expected verdict], for a probabilistic "
     << "claim at its pooled failure rate (failing instances of all runs), with the range at the "
     << "ends of that rate's 95% Clopper–Pearson interval; for a scaling claim its planned error. "
     << "**more than predicted**: more unexpected runs than the 0.99 quantile of Binomial(runs, "
     << "q), q the prediction at the interval's end worse for the expectation. **above δ**: a claim "
     << "expected to hold whose pooled rate's one-sided 95% Clopper–Pearson lower bound exceeds δ. **stale**: the claim's "
     << "plan changed since its runs.\n\n";
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
}

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
                    {"delta", r.delta},
                    {"allowed_rate", r.allowed_rate},
                    {"above_delta", r.above_delta}});
  }
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
          {"not_in_record", audit.not_in_record},
          {"not_in_catalog", audit.not_in_catalog}};
}

}  // namespace boa::report
