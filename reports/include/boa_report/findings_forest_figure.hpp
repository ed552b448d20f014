#pragma once
// One picture of every finding (issue 52): its failure rate with its 95% interval at each point of
// its limit path and of each scan of a constant of boa's, against its δ — drawn from the committed
// records (finding_paths.csv, scans.csv), so the report measures nothing for it.
#include <optional>
#include <vector>

#include "boa/claim.hpp"
#include "boa_report/figure.hpp"

namespace boa::report {

inline constexpr const char* kFindingsForestName = "findings_forest";

// Empty when none of `claims` is a finding with a recorded path or scan point.
std::optional<Figure> FindingsForestFigure(const std::vector<const Claim*>& claims);

}  // namespace boa::report
