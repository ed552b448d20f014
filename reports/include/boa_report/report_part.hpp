#pragma once
// A report measured in shards (issue 53): `boa report --shard k/N --part FILE` measures its
// share — the selected claims whose index i has i mod N = k, and the cells c with c mod N = k of
// every selected figure's sweep and of a live flake audit — and writes it as a part file;
// `boa report --merge PART...` checks the parts and writes the report from them, the same pages
// as one unsharded run at that commit, but for the timing fields (REPORT.md's first line,
// summary.json's "seconds", "shards" and "cost").
//
//   {"boa_report_part": 1, "commit", "simd", "shard", "shards", "seconds",
//    "options": {"budget", "seed", "engine", "claims", "figures"},
//    "verdicts": {claim id: VerdictRecord}, "sweeps": {figure name: {"cells", "rows"}},
//    "audit": null | {"cells", "rows"}, "peer": null | the peer's summary, "cost": CostJson}
//
// Numbers are exact (verdict_record.hpp), so nothing a shard measured changes on the way.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/runner.hpp"
#include "boa/sweep.hpp"
#include "boa_report/report.hpp"

namespace boa::report {

// Where a report's time went (summary.json's "cost"; README § Measuring at scale gives the
// full budget's): each claim's seconds on its thread, and the process's CPU seconds over the
// claims, the flake audit and each figure's sweep. Summed over the shards of a merged report.
struct ReportCost {
  std::map<std::string, double> claim_seconds;
  double claims_cpu = 0;
  double audit_cpu = 0;
  std::map<std::string, double> figure_cpu;
  void Add(const ReportCost& other);
};

// What a report measures before it writes a page.
struct ReportMeasurements {
  std::map<std::string, Verdict> verdicts;  // by claim id
  std::map<std::string, SweepPart> sweeps;  // by figure name: its sweep's cells
  std::optional<SweepPart> audit;           // a live flake audit's sweep
  // The PyTorch peer's summary (--peer-summary, read before measuring; `./boa report` runs the
  // peer for a whole report and for its shard 0).
  std::optional<nlohmann::json> peer;
  double seconds = 0;  // measuring time, summed over the shards
  int shards = 1;
  ReportCost cost;
};

nlohmann::json CostJson(const ReportCost& cost);

void WriteReportPart(const std::filesystem::path& file, const ReportOptions& options, int shard,
                     int shards, const ReportMeasurements& measured);

// The parts of one sharded run, merged: its options (budget, seed, engine, claims, figures; the
// rest stay as given in `options`) and its measurements. Throws InvalidInput, writing nothing,
// when a part is unreadable or not a report part, when the parts come from different runs or
// another commit than this program's, or when a shard is missing or given twice (naming them).
struct MergedReport {
  ReportOptions options;
  ReportMeasurements measured;
};
MergedReport ReadReportParts(const std::vector<std::filesystem::path>& parts,
                             ReportOptions options);

}  // namespace boa::report
