#include "boa/rate_records.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

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
  if (line != "id,seed_base,instances,failures,rejected,budget,commit") {
    throw std::logic_error("records/rates.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 7 || f[5] != "quick") {
      throw std::logic_error("records/rates.csv: malformed row '" + line + "'");
    }
    records[f[0]] = {std::stoull(f[1]), std::stoi(f[2]), std::stoi(f[3]), std::stoi(f[4]), f[6]};
  }
  return records;
}

std::map<std::string, std::vector<PathPoint>> ParsePaths() {
  std::map<std::string, std::vector<PathPoint>> paths;
  std::stringstream csv(kPathsCsv);
  std::string line;
  std::getline(csv, line);
  if (line != "id,param,value,seed_base,instances,failures,commit") {
    throw std::logic_error("records/finding_paths.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 7)
      throw std::logic_error("records/finding_paths.csv: malformed row '" + line + "'");
    paths[f[0]].push_back({std::stod(f[2]), std::stoi(f[4]), std::stoi(f[5])});
  }
  return paths;
}

std::map<std::string, std::map<std::string, std::vector<PathPoint>>> ParseScans() {
  std::map<std::string, std::map<std::string, std::vector<PathPoint>>> scans;
  std::stringstream csv(kScansCsv);
  std::string line;
  std::getline(csv, line);
  if (line != "id,param,value,seed_base,instances,failures,commit") {
    throw std::logic_error("records/scans.csv: unexpected header '" + line + "'");
  }
  while (std::getline(csv, line)) {
    const auto f = Fields(line);
    if (f.size() != 7) throw std::logic_error("records/scans.csv: malformed row '" + line + "'");
    scans[f[0]][f[1]].push_back({std::stod(f[2]), std::stoi(f[4]), std::stoi(f[5])});
  }
  return scans;
}

}  // namespace

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

}  // namespace boa
