#pragma once
// A claim's appendix page, claims/<id>.md beside REPORT.md (issue 52): everything the main page
// leaves out — the statement and where each element comes from, the verdict line with δ, δ₁ and
// the plan, the replay, the counterexample, per-cell verdicts, the measured values, and for a
// finding its text, class evidence along the limit path and scans. Methods are stated once, in
// METHODS.md, and the page points there.
#include <ostream>

#include "boa_report/report_rows.hpp"

namespace boa::report {

void WriteClaimPage(std::ostream& md, const Row& row);

}  // namespace boa::report
