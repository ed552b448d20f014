#include "boa/ledger.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

#include <boost/math/distributions/students_t.hpp>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/format.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace {

using json = nlohmann::json;

// theory/claims/ledger/*.json, verbatim: CMake writes each into a raw string at configure time
// and re-configures when a file changes (like the records).
constexpr const char* kMagen24Ledger =
#include "ledger_magen24.inc"
    ;
constexpr const char* kSakamoto24Ledger =
#include "ledger_sakamoto24.inc"
    ;

const std::vector<std::string> kKinds = {"theorem", "lemma",      "proposition", "figure",
                                         "number",  "conjecture", "comparison",  "remark"};

std::string Field(const json& object, const std::string& name, const std::string& where) {
  if (!object.contains(name) || !object.at(name).is_string()) {
    throw std::logic_error("ledger: " + where + " has no text field '" + name + "'");
  }
  return object.at(name).get<std::string>();
}

SettingMatch ParseSetting(const std::string& text, const std::string& where) {
  if (text == "yes") return SettingMatch::kYes;
  if (text == "partly") return SettingMatch::kPartly;
  if (text == "no") return SettingMatch::kNo;
  throw std::logic_error("ledger: " + where + " has setting '" + text + "' (yes, partly or no)");
}

// Runs of white space as one space, without leading or trailing space: quotes are compared in
// this form, so a line break or double space in the seed does not matter.
std::string Collapsed(const std::string& text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::size_t WordCount(const std::string& text) {
  std::stringstream words(text);
  std::size_t count = 0;
  for (std::string word; words >> word;) ++count;
  return count;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

bool IsCore(const std::string& claim_id) { return claim_id.rfind("core.", 0) == 0; }

void CheckRow(const LedgerRow& row, const std::map<std::string, const Claim*>& claims,
              const std::map<std::string, std::string>& seeds, const std::string& seed,
              std::vector<std::string>& problems) {
  const std::string where = row.paper + " " + row.id;
  if (std::find(kKinds.begin(), kKinds.end(), row.kind) == kKinds.end())
    problems.push_back(where + ": kind '" + row.kind + "' is not in the list");
  if (row.claims.empty() && row.not_checkable.empty())
    problems.push_back(where + ": no claim tests it and no reason says why");
  if (!row.claims.empty() && !row.not_checkable.empty())
    problems.push_back(where + ": has claims and a not-checkable reason");
  if (WordCount(row.quote) > 15)
    problems.push_back(where + ": its quote has " + std::to_string(WordCount(row.quote)) +
                       " words (at most 15)");
  if (const auto text = seeds.find(seed); text != seeds.end()) {
    const auto lines = Lines(text->second);
    if (row.line < 1 || row.line > static_cast<int>(lines.size()) ||
        Collapsed(lines[static_cast<std::size_t>(row.line - 1)]).find(Collapsed(row.quote)) ==
            std::string::npos) {
      problems.push_back(where + ": its quote is not on line " + std::to_string(row.line) + " of " +
                         seed);
    }
  }
  std::set<std::string> linked;
  for (const LedgerLink& link : row.claims) {
    if (!claims.count(link.claim)) problems.push_back(where + ": unknown claim " + link.claim);
    if (!linked.insert(link.claim).second)
      problems.push_back(where + ": links " + link.claim + " twice");
    if (link.why.empty()) problems.push_back(where + ": " + link.claim + " says no why");
    if (!link.replaces.empty() && link.setting != SettingMatch::kPartly)
      problems.push_back(where + ": " + link.claim + " names replacements but is not partly");
    if (const auto claim = claims.find(link.claim); claim != claims.end()) {
      const std::vector<std::string> boa = BoaElements(*claim->second);
      for (const std::string& element : link.replaces) {
        if (std::find(boa.begin(), boa.end(), element) == boa.end())
          problems.push_back(where + ": " + link.claim + " replaces '" + element +
                             "', no element of boa's of the claim");
      }
    }
  }
}

}  // namespace

std::string ToString(SettingMatch match) {
  switch (match) {
    case SettingMatch::kYes: return "yes";
    case SettingMatch::kPartly: return "partly";
    case SettingMatch::kNo: return "no";
  }
  return "?";
}

std::string ToString(LedgerStatus status) {
  switch (status) {
    case LedgerStatus::kConsistent: return "consistent";
    case LedgerStatus::kTension: return "tension";
    case LedgerStatus::kEncodingOnly: return "tested only in boa's encoding";
    case LedgerStatus::kNotCheckable: return "not checkable here";
  }
  return "?";
}

std::string ToString(LinkVerdict verdict) {
  switch (verdict) {
    case LinkVerdict::kHolds: return "holds";
    case LinkVerdict::kFails: return "fails";
    case LinkVerdict::kReported: return "reported";
    case LinkVerdict::kUndecided: return "undecided";
    case LinkVerdict::kNotRun: return "not run";
  }
  return "?";
}

PaperLedger ParseLedger(const std::string& json_text) {
  const json doc = json::parse(json_text);
  PaperLedger paper;
  paper.paper = Field(doc, "paper", "the file");
  paper.seed = Field(doc, "seed", "the file");
  if (!doc.contains("statements") || !doc.at("statements").is_number_integer())
    throw std::logic_error("ledger: the file has no integer 'statements' (its row count)");
  paper.declared_rows = doc.at("statements").get<int>();
  for (const json& r : doc.at("rows")) {
    LedgerRow row;
    row.paper = paper.paper;
    row.id = Field(r, "id", "a row");
    const std::string where = "row " + row.id;
    row.kind = Field(r, "kind", where);
    if (!r.contains("line") || !r.at("line").is_number_integer())
      throw std::logic_error("ledger: " + where + " has no integer 'line'");
    row.line = r.at("line").get<int>();
    row.section = Field(r, "section", where);
    row.quote = Field(r, "quote", where);
    row.statement = Field(r, "statement", where);
    row.setting_given = Field(r, "setting_given", where);
    row.setting_not_given = Field(r, "setting_not_given", where);
    for (const json& l : r.at("claims")) {
      LedgerLink link{Field(l, "id", where), ParseSetting(Field(l, "setting", where), where),
                      Field(l, "why", where)};
      if (l.contains("replaces")) {
        if (!l.at("replaces").is_array())
          throw std::logic_error("ledger: " + where + ": 'replaces' is not a list");
        for (const json& e : l.at("replaces")) {
          if (!e.is_string())
            throw std::logic_error("ledger: " + where + ": 'replaces' holds a non-string");
          link.replaces.push_back(e.get<std::string>());
        }
      }
      row.claims.push_back(std::move(link));
    }
    if (r.contains("not_checkable")) row.not_checkable = Field(r, "not_checkable", where);
    paper.rows.push_back(std::move(row));
  }
  if (doc.contains("own")) {
    for (const json& o : doc.at("own")) {
      paper.own.push_back({Field(o, "id", "an own claim"), Field(o, "why", "an own claim")});
    }
  }
  return paper;
}

const std::vector<PaperLedger>& PapersLedger() {
  static const std::vector<PaperLedger> ledger = {ParseLedger(kMagen24Ledger),
                                                  ParseLedger(kSakamoto24Ledger)};
  return ledger;
}

LinkVerdict ExpectedLinkVerdict(const Claim& claim) {
  if (claim.kind == ClaimKind::kExploratory) return LinkVerdict::kReported;
  return claim.expected == Expectation::kFails ? LinkVerdict::kFails : LinkVerdict::kHolds;
}

std::vector<std::string> BoaElements(const Claim& claim) {
  std::vector<std::string> names;
  for (const Element& e : claim.elements) {
    if (e.origin == Origin::kConvention) names.push_back(e.name);
  }
  return names;
}

namespace {

// A scaling claim's scan point fails where its replicates' mean exponent is off the prediction at
// 95%, by the claim's own failing rule (claim.hpp): the two-sided t interval misses κ₀ ± τ, or,
// for "the exponent lies below κ₀ − τ", the one-sided lower bound is at or above κ₀ − τ.
bool ExponentFailsAt(const Claim& claim, const PathPoint& p) {
  const boost::math::students_t t(p.instances - 1);
  const double kappa = claim.predicted_exponent, tau = claim.exponent_tolerance;
  if (claim.exponent_below) {
    return p.exponent_mean - boost::math::quantile(t, 0.95) * p.exponent_se >= kappa - tau;
  }
  const double half = boost::math::quantile(t, 0.975) * p.exponent_se;
  return p.exponent_mean - half > kappa + tau || p.exponent_mean + half < kappa - tau;
}

// One scan's reading (ReadScan reads every scan of an element): a probabilistic claim's value
// fails where the rate's one-sided 95% lower bound is above δ, a scaling claim's by
// ExponentFailsAt.
ScanReading ReadOneScan(const Claim& claim, const ConstantScan& scan) {
  const bool scaling = claim.kind == ClaimKind::kScaling;
  const auto record = claim.scan_record.find(scan.param);
  std::vector<PathPoint> points;
  for (const double value : scan.values) {
    const PathPoint* found = nullptr;
    if (record != claim.scan_record.end()) {
      for (const PathPoint& p : record->second) {
        if (p.value == value) found = &p;
      }
    }
    const std::string at = scan.param + " = " + FormatNumber(value);
    if (found == nullptr) return {ScanResult::kPending, at + " not measured"};
    // A value where the claim's hypothesis rejects most draws can come back short: say so, since
    // re-measuring with the same tries cannot fix it.
    const int wanted = scaling ? kScanReplicates : kScanInstances;
    if (found->instances < wanted || (scaling && !std::isfinite(found->exponent_se))) {
      return {ScanResult::kPending, at + " measured with only " + std::to_string(found->instances) +
                                        " of " + std::to_string(wanted) +
                                        (scaling ? " replicate sweeps" : " instances") +
                                        " counted (the other draws rejected)"};
    }
    points.push_back(*found);
  }
  std::string counts;
  std::vector<bool> fails;
  for (const PathPoint& p : points) {
    fails.push_back(scaling ? ExponentFailsAt(claim, p)
                            : ClopperPearsonLower(p.failures, p.instances, 0.05) > claim.delta);
    counts += (counts.empty() ? "" : ", ") +
              (scaling ? FormatNumber(p.exponent_mean) + " ± " + FormatNumber(p.exponent_se)
                       : std::to_string(p.failures) + "/" + std::to_string(p.instances));
  }
  const std::string range = scan.param + " = " + FormatNumber(scan.values.front()) + " … " +
                            FormatNumber(scan.values.back());
  if (std::all_of(fails.begin(), fails.end(), [](bool f) { return f; })) {
    return {ScanResult::kFailsAcross, "fails at every value of " + range + " (" + counts + ")"};
  }
  const auto values = [&](bool failing) {
    std::string list;
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (fails[i] == failing) list += (list.empty() ? "" : ", ") + FormatNumber(points[i].value);
    }
    return "{" + list + "}";
  };
  const std::string off = scaling ? "the exponent is off the prediction" : "the rate is above δ";
  const std::string not_off = scaling ? "not shown off it" : "not shown above δ";
  std::string text = "of " + range + " (" + counts + "), " + off + " at 95% at " + scan.param +
                     " ∈ " + values(true) + ", " + not_off + " at " + values(false);
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (fails[i] != fails[i - 1]) {
      text += "; the boundary lies between " + scan.param + " = " +
              FormatNumber(points[i - 1].value) + " and " + FormatNumber(points[i].value);
      break;
    }
  }
  return {ScanResult::kHoldsSomewhere, text};
}

}  // namespace

ScanReading ReadScan(const Claim& claim, const std::string& element) {
  const bool declared = std::any_of(claim.scans.begin(), claim.scans.end(),
                                    [&](const ConstantScan& s) { return s.element == element; });
  if (!declared) return {ScanResult::kPending, "no scan declared"};
  // A claim judged per cell fails in the cells it is expected to fail in: each is read on its own
  // record, so that the cells that hold cannot dilute it. The failure is across only where it is
  // across in every such cell; one cell holding somewhere settles it, whatever another's scan
  // still waits for.
  if (!claim.cells.empty()) {
    std::vector<std::string> texts;
    bool pending = false, holds = false;
    for (const Claim& unit : FailingUnits(claim)) {
      const ScanReading one = ReadScan(unit, element);
      texts.push_back("in cell " + unit.id.substr(claim.id.size() + 1) + ", " + one.text);
      pending = pending || one.result == ScanResult::kPending;
      holds = holds || one.result == ScanResult::kHoldsSomewhere;
    }
    if (texts.empty()) return {ScanResult::kPending, "no cell fails"};
    std::string text;
    for (const std::string& t : texts) text += (text.empty() ? "" : "; ") + t;
    return {holds     ? ScanResult::kHoldsSomewhere
            : pending ? ScanResult::kPending
                      : ScanResult::kFailsAcross,
            text};
  }
  ScanReading reading{ScanResult::kFailsAcross, ""};
  for (const ConstantScan& scan : claim.scans) {
    if (scan.element != element) continue;
    const ScanReading one = ReadOneScan(claim, scan);
    if (one.result == ScanResult::kPending) return one;
    if (one.result == ScanResult::kHoldsSomewhere) reading.result = ScanResult::kHoldsSomewhere;
    reading.text += (reading.text.empty() ? "" : "; ") + one.text;
  }
  return reading;
}

bool FailureIsTheDiscussions(const Claim& claim) {
  if (claim.finding_class == FindingClass::kFiniteSize) return false;  // it shrinks along its path
  for (const std::string& element : BoaElements(claim)) {
    if (ReadScan(claim, element).result != ScanResult::kFailsAcross) return false;
  }
  return true;
}

void RequireScansValid(const Claim& claim) {
  const auto boa_elements = BoaElements(claim);
  std::set<std::string> settable;
  for (const GridParam& g : claim.regime) settable.insert(g.name);
  if (claim.budget_params) {
    for (const auto& [name, value] : claim.budget_params(Budget::kQuick)) settable.insert(name);
  }
  std::set<std::string> scanned;
  for (const ConstantScan& s : claim.scans) {
    const std::string where = claim.id + ": the scan of '" + s.element + "' by " + s.param;
    if (claim.kind != ClaimKind::kProbabilistic && claim.kind != ClaimKind::kScaling)
      throw std::logic_error(where + ": scans are for probabilistic and scaling claims");
    if (std::find(boa_elements.begin(), boa_elements.end(), s.element) == boa_elements.end())
      throw std::logic_error(where + " names no element of boa's of the claim");
    if (!scanned.insert(s.param).second) throw std::logic_error(where + " is declared twice");
    if (!settable.count(s.param))
      throw std::logic_error(where + ": '" + s.param + "' is no parameter of the claim");
    if (static_cast<int>(s.values.size()) < kScanPoints ||
        !std::is_sorted(s.values.begin(), s.values.end(), std::less_equal<>()) ||
        std::adjacent_find(s.values.begin(), s.values.end()) != s.values.end())
      throw std::logic_error(where + ": needs at least 5 increasing values");
    if (s.why.empty()) throw std::logic_error(where + " says no why");
  }
  if (!claim.limit_scan.empty() &&
      (!scanned.count(claim.limit_scan) || claim.kind != ClaimKind::kScaling ||
       claim.expected != Expectation::kFails))
    throw std::logic_error(claim.id + ": its limit scan '" + claim.limit_scan +
                           "' is no scan of a scaling finding");
}

LedgerStatus StatusOf(const LedgerRow& row, const VerdictOf& verdict) {
  return StatusOf(row, verdict,
                  [](const std::string& id) -> const Claim& { return FindClaim(id); });
}

LedgerStatus StatusOf(const LedgerRow& row, const VerdictOf& verdict, const ClaimOf& claim_of) {
  if (row.claims.empty()) return LedgerStatus::kNotCheckable;
  bool holds = false, fails = false, tension = false;
  for (const LedgerLink& link : row.claims) {
    if (!CanBeATension(link)) continue;
    const bool yes = link.setting == SettingMatch::kYes;
    switch (verdict(link.claim)) {
      // Only a claim that keeps the whole setting witnesses it; a partly one may still confirm a
      // failure, once the scans of the elements of boa's it replaces show it across their ranges.
      case LinkVerdict::kHolds: holds = holds || yes; break;
      case LinkVerdict::kFails:
        fails = fails || yes;
        tension = tension || FailureIsTheDiscussions(claim_of(link.claim));
        break;
      case LinkVerdict::kReported:
      case LinkVerdict::kUndecided:
      case LinkVerdict::kNotRun: break;
    }
  }
  if (tension) return LedgerStatus::kTension;
  if (holds && !fails) return LedgerStatus::kConsistent;
  return LedgerStatus::kEncodingOnly;
}

bool CanBeATension(const LedgerLink& link) {
  return link.setting == SettingMatch::kYes ||
         (link.setting == SettingMatch::kPartly && !link.replaces.empty());
}

bool LinkedInTheSetting(const std::string& claim_id) {
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      for (const LedgerLink& link : row.claims) {
        if (link.claim == claim_id && CanBeATension(link)) return true;
      }
    }
  }
  return false;
}

bool ScanPending(const Claim& claim) { return ScanPending(claim, LinkedInTheSetting(claim.id)); }

bool ScanPending(const Claim& claim, bool linked_in_the_setting) {
  if (ExpectedLinkVerdict(claim) != LinkVerdict::kFails) return false;
  // A finite-size failure shrinks along the statement's own limit path: no scan can make it the
  // discussion's, so its class is settled.
  if (claim.finding_class == FindingClass::kFiniteSize) return false;
  bool pending = false, measured = false;
  for (const std::string& element : BoaElements(claim)) {
    const ScanResult result = ReadScan(claim, element).result;
    // One constant whose scan holds somewhere settles the class: no further scan can make the
    // failure the discussion's.
    if (result == ScanResult::kHoldsSomewhere) return false;
    pending = pending || result == ScanResult::kPending;
    measured = measured || result != ScanResult::kPending;
  }
  // Outside the discussion's setting a failure is never a tension (StatusOf), whatever the scans:
  // the class waits on none of them, but its encoding note must rest on at least one.
  return pending && (linked_in_the_setting || !measured);
}

std::vector<std::string> UnscannedElements(const Claim& claim) {
  std::vector<std::string> unscanned;
  if (ExpectedLinkVerdict(claim) != LinkVerdict::kFails) return unscanned;
  for (const std::string& element : BoaElements(claim)) {
    if (ReadScan(claim, element).result == ScanResult::kPending) unscanned.push_back(element);
  }
  return unscanned;
}

LedgerCounts CountStatuses(const PaperLedger& paper, const VerdictOf& verdict) {
  LedgerCounts counts;
  for (const LedgerRow& row : paper.rows) {
    ++counts.statements;
    switch (StatusOf(row, verdict)) {
      case LedgerStatus::kConsistent: ++counts.consistent; break;
      case LedgerStatus::kTension: ++counts.tension; break;
      case LedgerStatus::kEncodingOnly: ++counts.encoding_only; break;
      case LedgerStatus::kNotCheckable: ++counts.not_checkable; break;
    }
  }
  return counts;
}

std::vector<std::string> LedgerProblems(const std::vector<PaperLedger>& ledger,
                                        const std::vector<Claim>& catalog,
                                        const std::map<std::string, std::string>& seeds) {
  std::vector<std::string> problems;
  std::map<std::string, const Claim*> claims;
  for (const Claim& c : catalog) claims[c.id] = &c;
  std::set<std::string> in_rows, own, row_ids;
  for (const PaperLedger& paper : ledger) {
    if (static_cast<int>(paper.rows.size()) != paper.declared_rows)
      problems.push_back(paper.paper + " has " + std::to_string(paper.rows.size()) +
                         " rows but declares " + std::to_string(paper.declared_rows));
    int previous_line = 0;
    for (std::size_t i = 0; i < paper.rows.size(); ++i) {
      const LedgerRow& row = paper.rows[i];
      if (!row_ids.insert(row.id).second) problems.push_back("row id " + row.id + " repeated");
      // Numbered in the seed's order without a gap, so a row dropped from the middle shows.
      const std::string expected_id =
          std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(
                             paper.paper.empty() ? '?' : paper.paper[0])))) +
          (i + 1 < 10 ? "0" : "") + std::to_string(i + 1);
      if (row.id != expected_id)
        problems.push_back(paper.paper + " row " + std::to_string(i + 1) + " is " + row.id +
                           ", not " + expected_id + " (rows are numbered in the seed's order)");
      if (row.line < previous_line)
        problems.push_back(paper.paper + " " + row.id + " comes before line " +
                           std::to_string(previous_line) + " in the seed");
      previous_line = row.line;
      CheckRow(row, claims, seeds, paper.seed, problems);
      for (const LedgerLink& link : row.claims) in_rows.insert(link.claim);
    }
    for (const OwnClaim& o : paper.own) {
      if (!claims.count(o.claim)) problems.push_back("boa's own: unknown claim " + o.claim);
      if (o.why.empty()) problems.push_back("boa's own: " + o.claim + " says no why");
      if (!own.insert(o.claim).second) problems.push_back("boa's own: " + o.claim + " twice");
    }
  }
  for (const Claim& c : catalog) {
    const bool is_own = IsCore(c.id) || own.count(c.id) > 0;
    if (!in_rows.count(c.id) && !is_own)
      problems.push_back(c.id + " tests no statement of the ledger and is not boa's own");
    if (in_rows.count(c.id) && own.count(c.id))
      problems.push_back(c.id + " is in a row and marked boa's own");
  }
  return problems;
}

}  // namespace boa
