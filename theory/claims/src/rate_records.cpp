#include "boa/rate_records.hpp"

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "boa/cells.hpp"
#include "boa/format.hpp"

namespace boa {
namespace {

// records/rates.csv, verbatim: CMake writes it into a raw string (rates_csv.inc) at configure
// time and re-configures when the file changes.
constexpr const char* kRatesCsv =
#include "rates_csv.inc"
    ;
constexpr const char* kPathsCsv =
#include "paths_csv.inc"
    ;
constexpr const char* kScansCsv =
#include "scans_csv.inc"
    ;
constexpr const char* kSigmaCsv =
#include "sigma_csv.inc"
    ;

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  for (std::string field; std::getline(stream, field, ',');) fields.push_back(field);
  return fields;
}

std::map<std::string, RateRecord> Parse() {
  std::map<std::string, RateRecord> records;
  std::stringstream csv(kRatesCsv);
  std::string line;
  std::getline(csv, line);
  if (line != "id,seed_base,instances,failures,rejected,budget,commit,inputs") {
    throw std::logic_error("records/rates.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 8 || f[5] != "quick") {
      throw std::logic_error("records/rates.csv: malformed row '" + line + "'");
    }
    records[f[0]] = {
        std::stoull(f[1]), std::stoi(f[2]), std::stoi(f[3]), std::stoi(f[4]), f[6], f[7]};
  }
  return records;
}

std::map<std::string, std::vector<PathPoint>> ParsePaths() {
  std::map<std::string, std::vector<PathPoint>> paths;
  std::stringstream csv(kPathsCsv);
  std::string line;
  std::getline(csv, line);
  if (line != "id,param,value,seed_base,instances,failures,commit,inputs") {
    throw std::logic_error("records/finding_paths.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 8)
      throw std::logic_error("records/finding_paths.csv: malformed row '" + line + "'");
    paths[f[0]].push_back({std::stod(f[2]), std::stoi(f[4]), std::stoi(f[5]), f[6], f[7]});
  }
  return paths;
}

std::map<std::string, std::map<std::string, std::vector<PathPoint>>> ParseScans() {
  std::map<std::string, std::map<std::string, std::vector<PathPoint>>> scans;
  std::stringstream csv(kScansCsv);
  std::string line;
  std::getline(csv, line);
  if (line !=
      "id,param,value,seed_base,instances,failures,exponent_mean,exponent_se,commit,inputs") {
    throw std::logic_error("records/scans.csv: unexpected header '" + line + "'");
  }
  // A scaling claim's row has its replicates' mean exponent and standard error; a probabilistic
  // claim's leaves both empty.
  const auto optional = [](const std::string& field) {
    return field.empty() ? std::numeric_limits<double>::quiet_NaN() : std::stod(field);
  };
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 10) throw std::logic_error("records/scans.csv: malformed row '" + line + "'");
    scans[f[0]][f[1]].push_back({std::stod(f[2]), std::stoi(f[4]), std::stoi(f[5]), f[8], f[9],
                                 optional(f[6]), optional(f[7])});
  }
  return scans;
}

std::map<std::string, SigmaRecord> ParseSigma() {
  std::map<std::string, SigmaRecord> records;
  std::stringstream csv(kSigmaCsv);
  std::string line;
  std::getline(csv, line);
  if (line != "id,seed_base,replicates,rejected,sd,mean,budget,commit,inputs") {
    throw std::logic_error("records/sigma.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 9 || f[6] != "quick") {
      throw std::logic_error("records/sigma.csv: malformed row '" + line + "'");
    }
    records[f[0]] = {std::stoull(f[1]),
                     std::stoi(f[2]),
                     std::stoi(f[3]),
                     std::stod(f[4]),
                     std::stod(f[5]),
                     f[7],
                     f[8]};
  }
  return records;
}

}  // namespace

const std::map<std::string, SigmaRecord>& SigmaRecords() {
  static const auto records = ParseSigma();
  return records;
}

const std::map<std::string, std::map<std::string, std::vector<PathPoint>>>& ScanRecords() {
  static const auto scans = ParseScans();
  return scans;
}

const std::map<std::string, RateRecord>& RateRecords() {
  static const std::map<std::string, RateRecord> records = Parse();
  return records;
}

const std::map<std::string, std::vector<PathPoint>>& PathRecords() {
  static const std::map<std::string, std::vector<PathPoint>> paths = ParsePaths();
  return paths;
}

std::string StampedInputs(const std::string& stamp) {
  return stamp.starts_with(kBackfillPrefix) ? stamp.substr(std::string(kBackfillPrefix).size())
                                            : stamp;
}

std::vector<std::string> StaleRecords(const Claim& claim) {
  std::vector<std::string> stale;
  const auto check = [&](const std::string& stamp, const std::string& today,
                         const std::string& what, const std::string& record_name) {
    if (StampedInputs(stamp) == today) return;
    stale.push_back(claim.id + ": its " + what + " was measured under inputs " +
                    (stamp.empty() ? "(no stamp)" : stamp) + ", today's are " + today +
                    "; re-measure with `./boa measure " + record_name + " --claims " + claim.id +
                    "`");
  };
  for (const auto& [id, record] : RateRecords()) {
    if (id != claim.id && !id.starts_with(claim.id + "@")) continue;
    check(record.stamp, RecordStamp(claim, RecordKind::kRates), "rate record (rates.csv) " + id,
          "rates");
  }
  if (const auto path = PathRecords().find(claim.id); path != PathRecords().end()) {
    const std::string today =
        claim.limit_path ? RecordStamp(claim, RecordKind::kPath) : "(no limit path)";
    for (const PathPoint& p : path->second) {
      check(p.stamp, today, "path record (finding_paths.csv) at " + FormatNumber(p.value), "paths");
    }
  }
  // A claim judged per cell is scanned per cell ("<id>@<cell>"), any other claim as a whole.
  for (const auto& [id, scans] : ScanRecords()) {
    if (id != claim.id && !id.starts_with(claim.id + "@")) continue;
    const bool unit = claim.cells.empty()
                          ? id == claim.id
                          : std::any_of(claim.cells.begin(), claim.cells.end(),
                                        [&](const Cell& c) { return id == CellId(claim, c); });
    for (const auto& [param, points] : scans) {
      const bool declared = std::any_of(claim.scans.begin(), claim.scans.end(),
                                        [&](const ConstantScan& s) { return s.param == param; });
      const std::string not_its_unit =
          claim.cells.empty() ? "(no such cell: the claim is scanned whole)"
                              : "(no such cell, or pooled: a claim with cells is scanned per cell)";
      const std::string today = !unit      ? not_its_unit
                                : declared ? RecordStamp(claim, RecordKind::kScan, param)
                                           : "(no such scan)";
      for (const PathPoint& p : points) {
        check(p.stamp, today,
              "scan record (scans.csv) of " + param + " = " + FormatNumber(p.value) +
                  (id == claim.id ? "" : " (" + id + ")"),
              "scans");
      }
    }
  }
  // The σ row is the measured claim's own; a claim that reads another's row is checked there.
  if (const auto sigma = SigmaRecords().find(claim.id); sigma != SigmaRecords().end()) {
    check(sigma->second.stamp,
          claim.kind == ClaimKind::kScaling ? RecordStamp(claim, RecordKind::kSigma)
                                            : "(not a scaling claim)",
          "σ record (sigma.csv)", "sigma");
  }
  return stale;
}

}  // namespace boa
