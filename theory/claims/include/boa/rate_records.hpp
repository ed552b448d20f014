#pragma once
// The committed rate record of the probabilistic claims (theory/claims/records/rates.csv, written
// by records/measure_rates.py and compiled in): id → RateRecord (claim.hpp). Catalog() attaches
// each claim's row; a unit test checks that every probabilistic claim has one and every row names
// a claim.
#include <map>
#include <string>
#include <vector>

#include "boa/claim.hpp"

namespace boa {

const std::map<std::string, RateRecord>& RateRecords();

// The committed path measurement of the findings (records/finding_paths.csv, written by
// records/measure_paths.py): id → its points along the claim's limit path, in path order.
const std::map<std::string, std::vector<PathPoint>>& PathRecords();

// The committed scans of the findings' constants (records/scans.csv, written by
// records/measure_scans.py): id ("<id>@<cell>" for a claim judged per cell) → scan parameter →
// its points, in the scan's order of values.
const std::map<std::string, std::map<std::string, std::vector<PathPoint>>>& ScanRecords();

// The committed σ measurement of the scaling claims (records/sigma.csv, written by
// records/measure_sigma.py): id → SigmaRecord (claim.hpp). Catalog() attaches each scaling claim's
// row (its sigma_from's, when it names one).
const std::map<std::string, SigmaRecord>& SigmaRecords();

// A row measured before the records carried stamps was stamped afterwards, on 2026-12-05, with
// that day's inputs; its stamp says so ("backfill-<stamp>"), and it catches every change from
// then on but cannot vouch for the row's past. StampedInputs is the stamp without the prefix.
inline constexpr const char* kBackfillPrefix = "backfill-";
std::string StampedInputs(const std::string& stamp);

// One line per row of the four records that names `claim` (its cells' rate and scan rows
// "<id>@<cell>" included) and was measured under other inputs than today's (claim.hpp
// RecordStamp) — or has no stamp, names a scan the claim no longer declares, or is a scan row of
// the whole claim where it is scanned per cell (or the reverse) — with the command that
// re-measures it.
// Empty when every row is current. CI fails on any (properties/records_test.cpp).
std::vector<std::string> StaleRecords(const Claim& claim);

}  // namespace boa
