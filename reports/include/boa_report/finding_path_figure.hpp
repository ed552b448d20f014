#pragma once
// A finding's trend figure (issue 27; README § Findings): its failure rate along its limit path,
// log-log, with 95% intervals, the fitted power law and δ — drawn from the committed path record
// (records/finding_paths.csv), so the report spends no time measuring it.
#include <optional>
#include <string>

#include "boa/claim.hpp"
#include "boa_report/figure.hpp"

namespace boa::report {

// The figure's file stem: "finding_path_" and the id with its dots as underscores.
std::string FindingPathFigureName(const Claim& claim);

// Empty unless the claim is a finding with a limit path and ≥ 2 recorded points.
std::optional<Figure> FindingPathFigure(const Claim& claim);

}  // namespace boa::report
