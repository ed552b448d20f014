#pragma once
// One claim's verdict as JSON: the entry of summary.json's "claims" and the output of
// `boa check --json` (README § summary.json gives the schema).
#include <nlohmann/json.hpp>

#include "boa/claim.hpp"
#include "boa/runner.hpp"

namespace boa::report {

nlohmann::json VerdictJson(const Claim& claim, const Verdict& verdict);

// The claim's per-element provenance: [{"name", "origin", "where"}].
nlohmann::json ElementsJson(const Claim& claim);

}  // namespace boa::report
