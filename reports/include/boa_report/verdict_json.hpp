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

// A finding's class with its evidence (finding_class.hpp): {"class", "note",
// "encoding_sensitive", "path": null | {"param", "why", "points": [{"value", "instances",
// "failures", "rate_lower", "rate_upper"}], "exponent", "exponent_lower", "exponent_upper",
// "below_delta_at" (an extrapolation, or null)}}; null for a claim that is no finding.
nlohmann::json FindingClassJson(const Claim& claim);

}  // namespace boa::report
