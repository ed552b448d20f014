#pragma once
// METHODS.md beside REPORT.md (issue 52): how every verdict, class and number of the report is
// made, stated once — provenance, the δ/δ₁ rows in use, the sequential test with its cap rule and
// power, holds*, the finding-class rule with its fit check, the records and their seed bases —
// and the suite-wide checks of this run: the error budget, the flake audit, mutation analysis and
// the PyTorch peer. The main page and the claim pages point here instead of repeating it.
#include <optional>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/error_budget.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/report_rows.hpp"

namespace boa::report {

void WriteMethodsPage(std::ostream& md, const std::vector<Row>& rows, const FlakeAudit& audit,
                      const std::optional<MutationResults>& mutation,
                      const std::optional<nlohmann::json>& peer, const ErrorBudget& budget);

}  // namespace boa::report
