#include "boa_report/sweep_csv.hpp"

#include <fstream>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/number_input.hpp"
#include "boa/simd.hpp"
#include "boa_report/atomic_file.hpp"

namespace boa::report {
namespace {

std::string Header(const Sweep& sweep, Budget budget, Engine engine, const std::string& shard,
                   int cells) {
  std::string h = "# boa sweep " + sweep.name + " budget=" + ToString(budget) +
                  " engine=" + ToString(engine) + " simd=" + SimdTargetName() + " shard=" + shard +
                  " cells=" + std::to_string(cells) + "\ncell";
  for (const auto& c : sweep.columns) h += "," + c;
  return h + "\n";
}

std::string Body(const std::vector<int>& cells, const std::vector<Rows>& rows) {
  std::string body;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    for (const auto& row : rows[k]) {
      body += std::to_string(cells[k]);
      for (double x : row) body += "," + FormatNumber(x);
      body += "\n";
    }
  }
  return body;
}

// A non-negative integer field of a part (a cell index, a shard count): anything else — a
// corrupt or hand-edited part — is bad input naming the file and line.
int CountAt(const std::string& text, const std::filesystem::path& file, int line,
            const std::string& field) {
  return static_cast<int>(ParseInteger(text,
                                       file.string() + ":" + std::to_string(line) + ": " + field, 0,
                                       std::numeric_limits<int>::max()));
}

// The merged part's simd field: the one target, or every target that computed a part ("avx2+avx3"),
// so a merged file says honestly where its numbers came from.
std::string MergedSimd(const std::set<std::string>& targets) {
  std::string joined;
  for (const auto& t : targets) joined += (joined.empty() ? "" : "+") + t;
  return joined;
}

}  // namespace

std::string SweepCsv(const Sweep& sweep, Budget budget, Engine asked, const SweepPart& part,
                     int shard, int shards) {
  const std::string label =
      shards == 1 ? "all" : std::to_string(shard) + "/" + std::to_string(shards);
  const Engine engine = SweepEngine(sweep, asked);
  return Header(sweep, budget, engine, label, sweep.cells(budget, engine)) +
         Body(part.cells, part.rows);
}

std::string MergeSweepCsv(const std::vector<std::filesystem::path>& parts, bool accept_mixed_simd) {
  Require(!parts.empty(), "sweep merge needs at least one part");
  const std::regex header(
      R"(# boa sweep (\S+) budget=(\S+) engine=(\S+) simd=(\S+) shard=(\d{1,6})/(\d{1,6}) cells=(\d{1,9}))");
  std::string name, budget_text, engine_text, first_simd;
  std::set<std::string> simd_targets;
  int total = -1, shards = -1;
  std::map<int, std::vector<std::string>> lines_of_cell;
  std::string columns;
  for (const auto& file : parts) RequireReadableFile("sweep part", file);
  for (const auto& file : parts) {
    std::ifstream in(file);
    Require(static_cast<bool>(in), "cannot read sweep part " + file.string());
    std::string first, second;
    std::getline(in, first);
    std::getline(in, second);
    std::smatch m;
    Require(std::regex_match(first, m, header), file.string() + " is not a sharded boa sweep part");
    const int part_shards = CountAt(m[6], file, 1, "shard count"),
              part_total = CountAt(m[7], file, 1, "cell count");
    if (name.empty()) {
      name = m[1];
      budget_text = m[2];
      engine_text = m[3];
      first_simd = m[4];
      total = part_total;
      shards = part_shards;
      columns = second;
    }
    const std::string against = " than " + parts[0].string() + "; merge only parts of one run";
    Require(m[1] == name, file.string() + " is a part of sweep " + m[1].str() + ", not " + name);
    Require(m[2] == budget_text, file.string() + " ran at budget " + m[2].str() + ", not " +
                                     budget_text + " like " + parts[0].string());
    Require(m[3] == engine_text, file.string() + " ran on the " + m[3].str() + " engine, not " +
                                     engine_text + " like " + parts[0].string());
    // Targets with the same fused multiply-add use give the same bits (boa/simd.hpp); parts from
    // a mixed Slurm array that do not are refused unless the user accepts last-bit differences.
    Require(accept_mixed_simd || SimdTargetsAgree(m[4], first_simd),
            file.string() + " was computed on SIMD target " + m[4].str() + " and " +
                parts[0].string() + " on " + first_simd +
                ", whose results differ in the last bits; rerun with BOA_SIMD=baseline everywhere, "
                "or pass --accept-mixed-simd");
    simd_targets.insert(m[4]);
    Require(part_total == total && part_shards == shards && second == columns,
            file.string() + " has another sharding or other columns" + against);
    std::set<int> seen_here;
    int number = 2;  // line number in the part
    for (std::string line; std::getline(in, line);) {
      ++number;
      const auto comma = line.find(',');
      const std::string where = file.string() + ":" + std::to_string(number);
      Require(comma != std::string::npos, where + ": malformed row '" + line + "'");
      const int cell = CountAt(line.substr(0, comma), file, number, "cell");
      Require(cell < total, where + ": cell " + std::to_string(cell) + " out of range");
      Require(seen_here.count(cell) || !lines_of_cell.count(cell),
              "cell " + std::to_string(cell) + " appears in more than one part");
      seen_here.insert(cell);
      lines_of_cell[cell].push_back(line);
    }
  }
  // Shard k runs the cells c with c mod N = k: name the shards a missing cell belongs to.
  std::set<int> missing_shards;
  for (int cell = 0; cell < total; ++cell) {
    if (!lines_of_cell.count(cell)) missing_shards.insert(cell % shards);
  }
  std::string missing;
  for (const int k : missing_shards) {
    missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(shards);
  }
  Require(missing_shards.empty(), "the parts cover " + std::to_string(lines_of_cell.size()) +
                                      " of " + std::to_string(total) +
                                      " cells; run the missing shards: " + missing);
  std::string out = "# boa sweep " + name + " budget=" + budget_text + " engine=" + engine_text +
                    " simd=" + MergedSimd(simd_targets) +
                    " shard=all cells=" + std::to_string(total) + "\n" + columns + "\n";
  for (const auto& [cell, lines] : lines_of_cell) {
    for (const auto& line : lines) out += line + "\n";
  }
  return out;
}

}  // namespace boa::report
