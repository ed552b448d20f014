#include "boa_report/ledger_view.hpp"

#include <map>
#include <vector>

#include "boa/catalog.hpp"
#include "boa_report/report_rows.hpp"

namespace boa::report {
namespace {

using nlohmann::json;

// A table cell's text: '|' would end the cell and a line break the row.
std::string TableCell(const std::string& text) {
  std::string cell;
  for (const char c : text) {
    if (c == '|') cell += '\\';
    cell += c == '\n' ? ' ' : c;
  }
  return cell;
}

std::string Plural(int count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// The rows of the ledger that link a claim, with the link: what a claim's note needs.
std::multimap<std::string, std::pair<const LedgerRow*, const LedgerLink*>> LinksByClaim() {
  std::multimap<std::string, std::pair<const LedgerRow*, const LedgerLink*>> links;
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      for (const LedgerLink& link : row.claims) links.insert({link.claim, {&row, &link}});
    }
  }
  return links;
}

// A failing claim linked in (or partly in) the discussion's setting whose failure is not yet the
// discussion's because scans of its elements of boa's are pending: what the rule would make a
// tension once they show the failure across their ranges. (A claim whose scans are in and hold
// somewhere is an encoding note, no candidate.)
bool TensionCandidate(const LedgerLink& link, const VerdictOf& verdict) {
  const Claim& claim = FindClaim(link.claim);
  return CanBeATension(link) && verdict(claim.id) == LinkVerdict::kFails &&
         !FailureIsTheDiscussions(claim) && ScanPending(claim);
}

// Each element of boa's a claim rests on, with what its scan says.
json ScansJson(const Claim& claim) {
  json elements = json::array();
  for (const std::string& element : BoaElements(claim)) {
    const ScanReading reading = ReadScan(claim, element);
    elements.push_back({{"element", element},
                        {"scan", reading.result == ScanResult::kPending       ? "pending"
                                 : reading.result == ScanResult::kFailsAcross ? "fails across"
                                                                              : "holds somewhere"},
                        {"scan_text", reading.text}});
  }
  return elements;
}

}  // namespace

std::string RowIds(const std::string& claim_id) {
  std::vector<std::string> ids;
  const auto links = LinksByClaim();
  const auto [first, last] = links.equal_range(claim_id);
  for (auto it = first; it != last; ++it) {
    ids.push_back(it->second.first->id + " (" + ToString(it->second.second->setting) + ")");
  }
  return ids.empty() ? "boa's own" : Joined(ids, ", ");
}

// What the scans of a claim's elements of boa's say, one clause each; the elements whose scan is
// pending in one clause.
std::string ScanResults(const Claim& claim) {
  std::vector<std::string> clauses, pending;
  for (const std::string& element : BoaElements(claim)) {
    const ScanReading reading = ReadScan(claim, element);
    if (reading.result == ScanResult::kPending) {
      pending.push_back(element);
    } else {
      clauses.push_back("*" + element + "*: " + reading.text);
    }
  }
  if (!pending.empty()) clauses.push_back("pending: " + Joined(pending, "; "));
  return Joined(clauses, ". ");
}

std::string CodeName(const std::string& id) { return "`" + id + "`"; }

std::string PaperTitle(const std::string& paper) {
  if (paper == "magen24") return "Magen et al. 2024, *Benign Overfitting in Single-Head Attention*";
  if (paper == "sakamoto24") {
    return "Sakamoto & Sato 2024, *Benign (or Not-Benign) Overfitting in Token Selection of "
           "Attention Mechanism*";
  }
  return paper;
}

std::string CountsLine(const LedgerCounts& counts) {
  return Plural(counts.statements, "statement", "statements") +
         ": in the discussion's own "
         "setting " +
         std::to_string(counts.consistent) + " consistent and " +
         Plural(counts.tension, "tension", "tensions") + "; " +
         std::to_string(counts.encoding_only) + " tested only in boa's encoding; " +
         std::to_string(counts.not_checkable) + " not checkable here";
}

void WriteLedgerText(std::ostream& out, const VerdictOf& verdict) {
  for (const PaperLedger& paper : PapersLedger()) {
    out << paper.paper << " (" << paper.seed << "): " << CountsLine(CountStatuses(paper, verdict))
        << "\n";
    for (const LedgerRow& row : paper.rows) {
      out << "  " << row.id << "  " << ToString(StatusOf(row, verdict)) << "  [" << row.kind
          << ", line " << row.line << "] \"" << row.quote << "\"\n";
      for (const LedgerLink& link : row.claims) {
        out << "      " << link.claim << "  " << ToString(verdict(link.claim)) << ", setting "
            << ToString(link.setting) << "\n";
      }
      if (row.claims.empty()) out << "      not checkable: " << row.not_checkable << "\n";
    }
  }
}

void WriteLedgerMarkdown(std::ostream& md, const VerdictOf& verdict, const std::string& heading,
                         const ClaimName& name) {
  for (const PaperLedger& paper : PapersLedger()) {
    md << heading << " " << PaperTitle(paper.paper) << "\n\n"
       << CountsLine(CountStatuses(paper, verdict)) << " (quotes from `" << paper.seed << "`).\n\n";
    std::vector<std::string> candidates;
    for (const LedgerRow& row : paper.rows) {
      for (const LedgerLink& link : row.claims) {
        if (TensionCandidate(link, verdict)) {
          candidates.push_back(row.id + " " + name(link.claim));
        }
      }
    }
    if (!candidates.empty()) {
      md << "Tension candidates (a claim in the discussion's setting, or partly in it with its "
            "replacements named among boa's constants, fails, but rests on constants of boa's "
            "whose scans are pending, so the rule does not yet call it a tension): "
         << Joined(candidates, "; ") << ".\n\n";
    }
    md << "| # | kind | line | the discussion says | status | claims (verdict; runs in the "
          "discussion's setting?) |\n|---|---|---:|---|---|---|\n";
    for (const LedgerRow& row : paper.rows) {
      std::vector<std::string> claims;
      for (const LedgerLink& link : row.claims) {
        claims.push_back(name(link.claim) + " (" + ToString(verdict(link.claim)) + "; " +
                         ToString(link.setting) + ")");
      }
      md << "| " << row.id << " | " << row.kind << " | " << row.line << " | “"
         << TableCell(row.quote) << "” | " << ToString(StatusOf(row, verdict)) << " | "
         << TableCell(claims.empty() ? "— " + row.not_checkable : Joined(claims, ", ")) << " |\n";
    }
    md << "\n";
  }
}

void WriteTensions(std::ostream& md, const VerdictOf& verdict, const ClaimName& name) {
  int count = 0;
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      if (StatusOf(row, verdict) != LedgerStatus::kTension) continue;
      ++count;
      md << "**" << row.id << "** (" << PaperTitle(paper.paper) << ", `" << paper.seed << "` line "
         << row.line << ", " << row.section << "): “" << row.quote << "” — " << row.statement
         << "\n\n";
      for (const LedgerLink& link : row.claims) {
        const Claim& c = FindClaim(link.claim);
        // Every failure in the setting, and a partly one where it is the discussion's.
        const bool in_setting = link.setting == SettingMatch::kYes ||
                                (CanBeATension(link) && FailureIsTheDiscussions(c));
        if (!in_setting || verdict(c.id) != LinkVerdict::kFails) continue;
        md << "- Measured: " << name(c.id) << " fails";
        // Partly in the setting: say what it replaces, so the tension is read in that setting.
        if (link.setting == SettingMatch::kPartly) md << " (setting partly: " << link.why << ")";
        md << ". " << c.finding << "\n";
        const std::string scans = ScanResults(c);
        if (!scans.empty()) md << "- Scans of boa's constants: " << scans << ".\n";
      }
      md << "- What would settle it: the setting the discussion leaves out — "
         << row.setting_not_given << "\n\n";
    }
  }
  if (count == 0) md << "None.\n\n";
}

void WriteEncodingNotes(std::ostream& md, const VerdictOf& verdict, const ClaimName& name) {
  int count = 0;
  for (const Claim& c : Catalog()) {
    if (verdict(c.id) != LinkVerdict::kFails || FailureIsTheDiscussions(c)) continue;
    if (count++ == 0) {
      md << "| claim | statements (setting) | what it hinges on | scans of boa's constants "
            "|\n|---|---|---|---|\n";
    }
    md << "| " << name(c.id) << " | " << RowIds(c.id) << " | "
       << TableCell(c.encoding_sensitive.empty() ? "—" : c.encoding_sensitive) << " | "
       << TableCell(ScanResults(c)) << " |\n";
  }
  md << (count == 0 ? "None.\n\n" : "\n");
}

json LedgerJson(const VerdictOf& verdict) {
  json papers = json::array();
  for (const PaperLedger& paper : PapersLedger()) {
    const LedgerCounts counts = CountStatuses(paper, verdict);
    json rows = json::array();
    for (const LedgerRow& row : paper.rows) {
      json claims = json::array();
      for (const LedgerLink& link : row.claims) {
        claims.push_back({{"id", link.claim},
                          {"setting", ToString(link.setting)},
                          {"why", link.why},
                          {"replaces", link.replaces},
                          {"verdict", ToString(verdict(link.claim))},
                          {"boa_elements", ScansJson(FindClaim(link.claim))},
                          {"scan_pending", ScanPending(FindClaim(link.claim))}});
      }
      rows.push_back({{"id", row.id},
                      {"kind", row.kind},
                      {"line", row.line},
                      {"section", row.section},
                      {"quote", row.quote},
                      {"statement", row.statement},
                      {"setting_given", row.setting_given},
                      {"setting_not_given", row.setting_not_given},
                      {"claims", claims},
                      {"not_checkable", row.not_checkable},
                      {"status", ToString(StatusOf(row, verdict))}});
    }
    json own = json::array();
    for (const OwnClaim& o : paper.own) own.push_back({{"id", o.claim}, {"why", o.why}});
    papers.push_back({{"paper", paper.paper},
                      {"seed", paper.seed},
                      {"counts",
                       {{"statements", counts.statements},
                        {"consistent", counts.consistent},
                        {"tension", counts.tension},
                        {"encoding_only", counts.encoding_only},
                        {"not_checkable", counts.not_checkable}}},
                      {"rows", rows},
                      {"own", own}});
  }
  return papers;
}

}  // namespace boa::report
