#include "boa_report/report_part.hpp"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <set>

#include <nlohmann/json.hpp>

#include "boa/error.hpp"
#include "boa/simd.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/peer_summary.hpp"
#include "boa_report/verdict_record.hpp"

namespace boa::report {
namespace {

using nlohmann::json;
constexpr int kPartFormat = 1;

json OptionsJson(const ReportOptions& o) {
  return {{"budget", ToString(o.budget)},
          {"seed", o.seed},
          {"engine", ToString(o.engine)},
          {"claims", o.claims},
          {"figures", o.figures}};
}

json SweepPartJson(const SweepPart& part) {
  json rows = json::array();
  for (const Rows& cell : part.rows) {
    json cell_rows = json::array();
    for (const auto& row : cell) {
      json values = json::array();
      for (const double x : row) values.push_back(ExactNumber(x));
      cell_rows.push_back(std::move(values));
    }
    rows.push_back(std::move(cell_rows));
  }
  return {{"cells", part.cells}, {"rows", rows}};
}

// Appends `from`'s cells to `into` (cells are put in order once every part is in).
void AddSweepPart(const json& from, SweepPart& into, const std::string& where) {
  try {
    const auto cells = from.at("cells").get<std::vector<int>>();
    const json& rows = from.at("rows");
    Require(rows.is_array() && rows.size() == cells.size(), where + ": cells and rows differ");
    for (std::size_t k = 0; k < cells.size(); ++k) {
      Rows cell_rows;
      for (const json& row : rows[k]) {
        std::vector<double> values;
        for (const json& x : row) values.push_back(ExactNumberFrom(x, where));
        cell_rows.push_back(std::move(values));
      }
      Require(cells[k] >= 0, where + ": cell " + std::to_string(cells[k]) + " out of range");
      into.cells.push_back(cells[k]);
      into.rows.push_back(std::move(cell_rows));
    }
  } catch (const json::exception&) {
    throw InvalidInput(where + " is not a sweep's cells and rows");
  }
}

// The cells in ascending order, as an unsharded RunSweep returns them; a cell twice is refused.
void SortCells(SweepPart& part, const std::string& what) {
  std::vector<std::size_t> order(part.cells.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return part.cells[a] < part.cells[b]; });
  SweepPart sorted;
  for (const std::size_t k : order) {
    Require(sorted.cells.empty() || sorted.cells.back() != part.cells[k],
            what + ": cell " + std::to_string(part.cells[k]) + " is in more than one part");
    sorted.cells.push_back(part.cells[k]);
    sorted.rows.push_back(std::move(part.rows[k]));
  }
  part = std::move(sorted);
}

json ReadPart(const std::filesystem::path& file) {
  RequireReadableFile("report part", file);
  std::ifstream in(file);
  json part = json::parse(in, nullptr, false);
  Require(!part.is_discarded() && part.is_object() &&
              part.value("boa_report_part", json()) == kPartFormat,
          file.string() + " is not a part of a sharded report (`boa report --shard k/N --part " +
              "FILE` writes one)");
  const auto is = [&](const char* key, json::value_t type) {
    return part.contains(key) && part[key].type() == type;
  };
  Require(is("commit", json::value_t::string) && is("simd", json::value_t::string) &&
              is("shard", json::value_t::number_unsigned) &&
              is("shards", json::value_t::number_unsigned) && part["shards"] != 0 &&
              part.contains("seconds") && part["seconds"].is_number() &&
              is("options", json::value_t::object) && is("verdicts", json::value_t::object) &&
              is("sweeps", json::value_t::object) && part.contains("audit") &&
              part.contains("peer"),
          file.string() + " is a damaged report part: a field is missing or of the wrong type");
  return part;
}

ReportCost CostFrom(const json& cost, const std::string& where) {
  try {
    ReportCost out;
    out.claim_seconds = cost.at("claims").get<std::map<std::string, double>>();
    out.claims_cpu = cost.at("claims_cpu_seconds").get<double>();
    out.audit_cpu = cost.at("flake_audit_cpu_seconds").get<double>();
    out.figure_cpu = cost.at("figures_cpu_seconds").get<std::map<std::string, double>>();
    return out;
  } catch (const json::exception&) {
    throw InvalidInput(where + ": its cost is not a report's");
  }
}

}  // namespace

void ReportCost::Add(const ReportCost& other) {
  for (const auto& [id, s] : other.claim_seconds) claim_seconds[id] += s;
  claims_cpu += other.claims_cpu;
  audit_cpu += other.audit_cpu;
  for (const auto& [name, s] : other.figure_cpu) figure_cpu[name] += s;
}

json CostJson(const ReportCost& cost) {
  double figures = 0;
  for (const auto& [name, s] : cost.figure_cpu) figures += s;
  return {{"claims", cost.claim_seconds},
          {"claims_cpu_seconds", cost.claims_cpu},
          {"flake_audit_cpu_seconds", cost.audit_cpu},
          {"figures_cpu_seconds", cost.figure_cpu},
          {"cpu_seconds", cost.claims_cpu + cost.audit_cpu + figures}};
}

void WriteReportPart(const std::filesystem::path& file, const ReportOptions& options, int shard,
                     int shards, const ReportMeasurements& measured) {
  json verdicts = json::object();
  for (const auto& [id, verdict] : measured.verdicts) verdicts[id] = VerdictRecord(verdict);
  json sweeps = json::object();
  for (const auto& [name, part] : measured.sweeps) sweeps[name] = SweepPartJson(part);
  const json part = {{"boa_report_part", kPartFormat},
                     {"commit", SourceCommit()},
                     {"simd", SimdTargetName()},
                     {"shard", shard},
                     {"shards", shards},
                     {"seconds", measured.seconds},
                     {"options", OptionsJson(options)},
                     {"verdicts", verdicts},
                     {"sweeps", sweeps},
                     {"audit", measured.audit ? SweepPartJson(*measured.audit) : json()},
                     {"peer", measured.peer.value_or(json())},
                     {"cost", CostJson(measured.cost)}};
  WriteAtomically(file, part.dump() + "\n");
}

MergedReport ReadReportParts(const std::vector<std::filesystem::path>& files,
                             ReportOptions options) {
  Require(!files.empty(), "report --merge needs the parts of a sharded report");
  std::vector<json> parts;
  for (const auto& file : files) parts.push_back(ReadPart(file));
  const json& first = parts.front();
  const std::string first_name = files.front().string();
  // One run: the same commit (this program's: the pages are written by its code), options,
  // sharding, and this machine's SIMD target (the pages name it; agreeing bits are not enough).
  const std::string commit = SourceCommit();
  const int shards = first["shards"].get<int>();
  std::map<int, std::vector<std::string>> given;  // shard → the files that hold it
  MergedReport merged{options, {}};
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const json& part = parts[p];
    const std::string name = files[p].string();
    const std::string part_commit = part["commit"], simd = part["simd"];
    Require(part_commit == commit, name + " was measured at commit " + part_commit +
                                       ", and this boa is " + commit +
                                       "; merge with the boa the shards ran");
    Require(part["options"] == first["options"] && part["shards"] == first["shards"],
            name + " is a part of another run than " + first_name + " (options " +
                part["options"].dump() + ", " + part["shards"].dump() +
                " shards); merge only parts of one run");
    Require(simd == SimdTargetName(),
            name + " was computed on SIMD target " + simd + " and this machine's is " +
                SimdTargetName() + ", which the report names; run the shards and the merge with " +
                "the same BOA_SIMD (baseline runs everywhere)");
    given[part["shard"].get<int>()].push_back(name);
  }
  std::string missing, doubled;
  for (int k = 0; k < shards; ++k) {
    const std::string label = std::to_string(k) + "/" + std::to_string(shards);
    if (!given.count(k)) missing += (missing.empty() ? "" : ", ") + label;
    if (given.count(k) && given.at(k).size() > 1) {
      doubled += (doubled.empty() ? "" : "; ") + label + " in " + given.at(k)[0] + " and " +
                 given.at(k)[1];
    }
  }
  Require(given.size() == static_cast<std::size_t>(shards) || !missing.empty(),
          "the parts name shards outside 0 … " + std::to_string(shards - 1));
  Require(missing.empty(), "the parts hold " + std::to_string(given.size()) + " of " +
                               std::to_string(shards) +
                               " shards; run the missing shards: " + missing);
  Require(doubled.empty(), "a shard is given twice: " + doubled);
  try {
    const json& o = first.at("options");
    merged.options.budget = ParseBudget(o.at("budget").get<std::string>());
    merged.options.seed = o.at("seed").get<std::uint64_t>();
    merged.options.engine = ParseEngineChoice(o.at("engine").get<std::string>());
    merged.options.claims = o.at("claims").get<std::vector<std::string>>();
    merged.options.figures = o.at("figures").get<std::vector<std::string>>();
  } catch (const json::exception&) {
    throw InvalidInput(first_name + ": its options are not a report's");
  }
  ReportMeasurements& m = merged.measured;
  m.shards = shards;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const json& part = parts[p];
    const std::string name = files[p].string();
    m.seconds += part["seconds"].get<double>();
    m.cost.Add(CostFrom(part.value("cost", json()), name));
    for (const auto& [id, record] : part["verdicts"].items()) {
      Require(!m.verdicts.count(id), "claim " + id + " is in more than one part");
      m.verdicts[id] = VerdictFromRecord(record, name + ": " + id);
    }
    for (const auto& [figure, sweep] : part["sweeps"].items()) {
      AddSweepPart(sweep, m.sweeps[figure], name + ": sweep " + figure);
    }
    // The peer runs once, with shard 0 (the wrapper's choice).
    if (part["shard"] == 0 && !part["peer"].is_null()) {
      m.peer = CheckedPeerSummary(part["peer"], name + "'s peer summary");
    }
    if (!part["audit"].is_null()) {
      if (!m.audit) m.audit.emplace();
      AddSweepPart(part["audit"], *m.audit, name + ": flake audit");
    }
  }
  for (auto& [figure, sweep] : m.sweeps) SortCells(sweep, "sweep " + figure);
  if (m.audit) SortCells(*m.audit, "the flake audit");
  return merged;
}

}  // namespace boa::report
