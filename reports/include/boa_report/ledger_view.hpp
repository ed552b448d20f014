#pragma once
// The papers' ledger (boa/ledger.hpp) as `boa ledger` and the report show it: per paper the
// status counts, then each statement with its quote, status and claims; its JSON twin for
// summary.json and `boa ledger --json`. The verdicts come from the caller: the expected ones
// (`boa ledger`, what CI asserts) or a report's run.
#include <functional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "boa/ledger.hpp"

namespace boa::report {

// "Magen et al. 2024, *Benign Overfitting in Single-Head Attention*" for "magen24".
std::string PaperTitle(const std::string& paper);
// "45 statements: in the discussion's own setting 10 consistent and 0 tensions; 24 tested only
// in boa's encoding; 11 not checkable here".
std::string CountsLine(const LedgerCounts& counts);

void WriteLedgerText(std::ostream& out, const VerdictOf& verdict);

// How a Markdown page names a claim: `id` in code by default; the report links each to its page.
using ClaimName = std::function<std::string(const std::string& id)>;
std::string CodeName(const std::string& id);

// Per paper: a heading (level `heading`, e.g. "###"), the counts line, the tension candidates,
// then one table row per statement.
void WriteLedgerMarkdown(std::ostream& md, const VerdictOf& verdict, const std::string& heading,
                         const ClaimName& name = CodeName);
// Every tension of both papers: the quote, what was measured, the scans that make it the
// discussion's, and what the discussion would have to give to settle it ("None." when none).
void WriteTensions(std::ostream& md, const VerdictOf& verdict, const ClaimName& name = CodeName);
// Every finding that is not a tension: an encoding note, one line each (its elements of boa's and
// what its scan says; "scan pending" until the scan's record lands).
void WriteEncodingNotes(std::ostream& md, const VerdictOf& verdict,
                        const ClaimName& name = CodeName);
// The ledger rows that link a claim, with whether it runs in each one's setting ("M14 (yes),
// M15 (partly)"; "boa's own" when none does), and what its scans of boa's constants say.
std::string RowIds(const std::string& claim_id);
std::string ScanResults(const Claim& claim);
nlohmann::json LedgerJson(const VerdictOf& verdict);

}  // namespace boa::report
