#include "boa_report/report_rows.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/format.hpp"

namespace boa::report {

using nlohmann::json;

std::string Short(double x) { return FormatSignificant(x, 4); }

std::string ClaimPagePath(const std::string& id) { return "claims/" + id + ".md"; }

std::string ClaimLink(const std::string& id) { return "[`" + id + "`](" + ClaimPagePath(id) + ")"; }

std::string Joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

std::string Capitalised(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string Counterexample(const Verdict& v) {
  return v.counterexample ? "`" + FormatParams(v.counterexample->params) + "` seed " +
                                std::to_string(v.counterexample->seed)
                          : "—";
}

std::vector<Claim> RecordedUnits() {
  std::vector<Claim> units;
  for (const Claim& c : Catalog()) {
    if (c.kind != ClaimKind::kProbabilistic) continue;
    for (Claim& unit : JudgedUnits(c)) {
      if (!unit.rate_record || unit.expected != c.expected) continue;
      units.push_back(std::move(unit));
    }
  }
  return units;
}

// δ vs δ₁ for a probabilistic claim, the deviation for a scaling one, "—" otherwise.
std::string Hypotheses(const Claim& c) {
  if (c.kind == ClaimKind::kProbabilistic) {
    // A finding is tested at its record's lower bound where that lies below δ₁ (PlanOf); a claim
    // judged per cell at its failing cells' (cells.hpp).
    double tested = c.delta_alt;
    for (const Claim& unit : JudgedUnits(c)) tested = std::min(tested, PlanOf(unit, 1).delta_alt);
    return Short(c.delta) + " vs " + Short(c.delta_alt) +
           (tested < c.delta_alt ? " (tested at " + Short(tested) + ")" : "");
  }
  if (c.kind == ClaimKind::kScaling) return "±" + Short(c.deviation);
  return "—";
}

// The failure rate's 95% interval (probabilistic), the observed k/N (identity), else "—".
std::string RateCell(const Claim& c, const Verdict& v) {
  if (c.kind == ClaimKind::kProbabilistic) {
    return "[" + Short(v.rate_lower) + ", " + Short(v.rate_upper) + "]";
  }
  return c.kind == ClaimKind::kIdentity ? Short(v.rate_lower) : "—";
}

// The rejected draws, with when they are decided; a filter's worst case beside them.
std::string RejectedCell(const Claim& c, const Verdict& v) {
  std::string cell = std::to_string(v.rejected);
  switch (*c.rejection) {
    case Rejection::kNone: return cell;
    case Rejection::kBeforeOutcome: return cell + " (before)";
    case Rejection::kAfterInStatement: return cell + " (after, statement)";
    case Rejection::kAfterFilter:
      return cell + " (after, filter; worst case " +
             (v.worst_case_rate ? Short(*v.worst_case_rate) : std::string("—")) + ")";
  }
  return cell;
}

std::string PowerCell(const Verdict& v) {
  if (!v.plan) return "—";
  return std::isfinite(v.plan->power) ? Short(v.plan->power) : "not reported";
}

Tally Count(const std::vector<Row>& rows) {
  Tally t;
  for (const Row& r : rows) {
    const Claim& c = *r.claim;
    const Verdict& v = r.verdict;
    ++t.claims;
    ++t.by_kind[ToString(c.kind)];
    if (!MatchesExpectation(c, v)) {
      ++t.unexpected;
      t.inconclusive += v.status == Status::kInconclusive;
    } else if (c.expected == Expectation::kFails) {
      ++t.findings;
      ++t.findings_by_class[ToString(c.finding_class)];
      t.findings_encoding_sensitive += !c.encoding_sensitive.empty();
    } else if (v.status == Status::kReported) {
      ++t.reported;
    } else {
      ++t.holds;
      t.holds_qualified += !v.qualifier.empty();
    }
  }
  return t;
}

json TallyJson(const Tally& t) {
  return {{"claims", t.claims},
          {"holds", t.holds},
          {"holds_qualified", t.holds_qualified},
          {"findings", t.findings},
          {"reported", t.reported},
          {"unexpected", t.unexpected},
          {"unexpected_inconclusive", t.inconclusive},
          {"by_kind", t.by_kind},
          {"findings_by_class", t.findings_by_class},
          {"findings_encoding_sensitive", t.findings_encoding_sensitive}};
}

VerdictOf RunVerdicts(const std::vector<Row>& rows) {
  auto verdicts = std::make_shared<std::map<std::string, LinkVerdict>>();
  for (const Row& r : rows) {
    LinkVerdict v = LinkVerdict::kUndecided;
    if (r.verdict.status == Status::kReported) v = LinkVerdict::kReported;
    if (r.verdict.healthy && r.verdict.status == Status::kHolds) v = LinkVerdict::kHolds;
    if (r.verdict.status == Status::kFails) v = LinkVerdict::kFails;
    (*verdicts)[r.claim->id] = v;
  }
  return [verdicts](const std::string& id) {
    const auto it = verdicts->find(id);
    return it == verdicts->end() ? LinkVerdict::kNotRun : it->second;
  };
}

}  // namespace boa::report
