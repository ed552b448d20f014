#pragma once
// A verdict as data that reads back exactly (issue 53: a sharded report carries its shards'
// verdicts to the merge). VerdictJson (verdict_json.hpp) is the page a reader sees, with the
// claim's fields around it; this is the Verdict itself, every field, numbers as shortest
// round-trip decimals and non-finite ones as the strings "nan", "inf", "-inf", so that
// VerdictFromRecord(VerdictRecord(v)) equals v field for field and the merged report is the
// unsharded one byte for byte.
#include <nlohmann/json.hpp>

#include "boa/runner.hpp"

namespace boa::report {

nlohmann::json VerdictRecord(const Verdict& verdict);

// Throws InvalidInput naming `where` and the field when `record` is not a VerdictRecord.
Verdict VerdictFromRecord(const nlohmann::json& record, const std::string& where);

// A double as VerdictRecord writes it, and back (shared with the report's part files).
nlohmann::json ExactNumber(double x);
double ExactNumberFrom(const nlohmann::json& value, const std::string& where);

}  // namespace boa::report
