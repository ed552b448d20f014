#pragma once
// The papers' ledger (boa/ledger.hpp) as `boa ledger` and the report show it: per paper the
// status counts, then each statement with its quote, status and claims; its JSON twin for
// summary.json and `boa ledger --json`. The verdicts come from the caller: the expected ones
// (`boa ledger`, what CI asserts) or a report's run.
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "boa/ledger.hpp"

namespace boa::report {

// "Magen et al. 2024, *Benign Overfitting in Single-Head Attention*" for "magen24".
std::string PaperTitle(const std::string& paper);
// "32 statements: 5 consistent, 0 tensions; 25 tested only in boa's encoding; 2 not checkable
// here".
std::string CountsLine(const LedgerCounts& counts);

void WriteLedgerText(std::ostream& out, const VerdictOf& verdict);
// Per paper: a heading (level `heading`, e.g. "###"), the counts line, the tensions and tension
// candidates, then one table row per statement.
void WriteLedgerMarkdown(std::ostream& md, const VerdictOf& verdict, const std::string& heading);
// Every finding that is not a tension: an encoding note, one line each (its elements of boa's and
// what its scan says; "scan pending" until the scan's record lands).
void WriteEncodingNotes(std::ostream& md, const VerdictOf& verdict);
nlohmann::json LedgerJson(const VerdictOf& verdict);

}  // namespace boa::report
