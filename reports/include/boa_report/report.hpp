#pragma once
// `boa report`: runs every claim of the catalog at a budget (or those --claims selects), renders
// every figure (or those --figures selects), and writes
//   <out>/REPORT.md        the page to read first (main_page.hpp): the papers' statements, three
//                          pictures, tensions, encoding notes, the verdict table, regression status
//   <out>/METHODS.md       methods stated once, and the suite-wide checks (methods_page.hpp)
//   <out>/claims/<id>.md   one page per claim (claim_page.hpp)
//   <out>/FIGURES.md       every figure with its caption
//   <out>/summary.json     the machine-readable twin (schema in README § summary.json)
//   <out>/<figure>.csv, .gp, .svg
// Everything is written into a fresh sibling folder first and moved into place at the end, so
// an interrupted run never leaves a half-written report.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/claim.hpp"
#include "boa/engine.hpp"

namespace boa::report {

struct ReportOptions {
  std::filesystem::path out = "reports/out";
  Budget budget = Budget::kDefault;
  // Pre-registered: no claim was encoded or tuned on it (CI keeps seed base 1).
  std::uint64_t seed = kReportSeedBase;
  // The engine of the claims and sweeps with a Gram form (the others run on their only engine).
  EngineChoice engine = EngineChoice::kAuto;
  bool show_progress = true;
  // Which claims and figures run: shell globs over claim ids and figure names (fnmatch, e.g.
  // "sakamoto24.*"). Anything but {"*"} makes a partial report, which says so at its top and in
  // summary.json; a glob that matches nothing is bad input (a typo never drops work silently).
  std::vector<std::string> claims = {"*"};
  std::vector<std::string> figures = {"*"};
  // The PyTorch peer's summary of this run (peer_summary.hpp); empty: the peer did not run.
  std::filesystem::path peer_summary;
};

// Returns the number of claims whose verdict is not the one they expect (MatchesExpectation).
int WriteReport(const ReportOptions& options);

// A report in shards (report_part.hpp): shard k of N measures its share of the claims, the
// figures' sweeps and a live flake audit into the part file `part`; the merge writes the report
// of every part into options.out (its budget, seed, engine and selection are the parts') and
// returns what WriteReport returns. The merged pages are those of WriteReport at that commit, but
// for the timing fields: the measuring time (summed over the shards) on REPORT.md's first line,
// and summary.json's "seconds", "shards" and "cost". The shards and the merge must run on one
// SIMD target (the pages name it).
void WriteReportShard(const ReportOptions& options, int shard, int shards,
                      const std::filesystem::path& part);
int MergeReport(const ReportOptions& options, const std::vector<std::filesystem::path>& parts);

// The commit of the checkout this program was built from (`git describe --always --dirty`;
// "unknown" outside a git checkout).
std::string SourceCommit();

}  // namespace boa::report
