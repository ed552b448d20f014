#pragma once
// What every page of a report (report.hpp) shares: one row per claim that ran — its verdict and
// the line that replays it — and the cells and counts the pages print from it. One definition
// each, so the main page, the methods page and the claim pages cannot drift apart.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/claim.hpp"
#include "boa/ledger.hpp"
#include "boa/runner.hpp"

namespace boa::report {

struct Row {
  const Claim* claim;
  Verdict verdict;
  std::string replay;
};

std::string Short(double x);  // 4 significant digits
std::string Capitalised(std::string text);
std::string Joined(const std::vector<std::string>& items, const std::string& separator);

// A claim's appendix page, relative to the report folder, and a Markdown link to it from a page
// in the report folder itself (REPORT.md, METHODS.md, FIGURES.md).
std::string ClaimPagePath(const std::string& id);
std::string ClaimLink(const std::string& id);

// The verdict table's cells: δ vs δ₁ (probabilistic) or ±deviation (scaling); the failure rate's
// 95% interval (probabilistic) or observed rate (identity); rejected draws with when they are
// decided; the plan's power; the counterexample's parameters and seed. "—" where a kind has none.
std::string Hypotheses(const Claim& c);
std::string RateCell(const Claim& c, const Verdict& v);
std::string RejectedCell(const Claim& c, const Verdict& v);
std::string PowerCell(const Verdict& v);
std::string Counterexample(const Verdict& v);

// The judged units with a rate record whose verdict decides their claim's: every probabilistic
// claim, or each cell of one judged per cell (cells.hpp) — a finding's failing cells only, since
// its cells that hold cannot take its "fails" away.
std::vector<Claim> RecordedUnits();

// What the run found, counted: the main page's regression status and summary.json's "counts".
struct Tally {
  int claims = 0, holds = 0, holds_qualified = 0, findings = 0, reported = 0, unexpected = 0;
  int inconclusive = 0;
  std::map<std::string, int> by_kind;
  std::map<std::string, int> findings_by_class;  // finding_class.hpp
  int findings_encoding_sensitive = 0;
};
Tally Count(const std::vector<Row>& rows);
nlohmann::json TallyJson(const Tally& t);

// The ledger's reading of this run's verdicts (boa/ledger.hpp): a claim outside a partial
// report's selection is "not run", an inconclusive or unhealthy one "undecided".
VerdictOf RunVerdicts(const std::vector<Row>& rows);

}  // namespace boa::report
