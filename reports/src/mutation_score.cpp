#include "boa_report/mutation_score.hpp"

#include <cmath>
#include <fstream>
#include <set>
#include <string>

#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa_report/command_support.hpp"

namespace boa::report {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Score {
  int killed = 0, counted = 0, equivalent = 0, invalid = 0;
  double seconds = 0;
};

// Mutants documented as equivalent, and invalid ones (they did not compile), are not counted.
Score ScoreOf(const json& results) {
  Score s;
  for (const json& m : results["mutants"]) {
    s.seconds += m["seconds"].get<double>();
    const std::string status = m["status"].get<std::string>();
    if (status == "invalid") {
      ++s.invalid;
    } else if (m.contains("equivalent")) {
      ++s.equivalent;
    } else {
      ++s.counted;
      s.killed += status == "killed";
    }
  }
  return s;
}

}  // namespace

fs::path MutantsFolder() { return BOA_MUTANTS_FOLDER; }

namespace {

json ReadResultsFile(const fs::path& file) {
  std::ifstream in(file);
  json results;
  try {
    results = json::parse(in);
    for (const char* key : {"commit", "catalog", "shard", "jobs", "setup_seconds"})
      Require(results.contains(key), std::string("missing \"") + key + "\"");
    for (const json& m : results.at("mutants")) {
      for (const char* key : {"id", "layer", "description", "status", "killed_by", "seconds"})
        Require(m.contains(key), std::string("a mutant lacks \"") + key + "\"");
    }
  } catch (const std::exception& e) {
    throw InvalidInput(file.string() + " is not the results of ./boa mutants: " + e.what());
  }
  return results;
}

// Minutes to one decimal: a run's cost, not a measurement to read back.
double TenthsOfAMinute(double seconds) { return std::round(seconds / 6) / 10; }

// A mutant re-measured by `./boa mutants --update` carries the commit it was measured at.
std::string CommitOf(const json& m, const json& results) {
  return m.value("commit", results["commit"].get<std::string>());
}

int RemeasuredLater(const json& results) {
  int later = 0;
  for (const json& m : results["mutants"]) later += CommitOf(m, results) != results["commit"];
  return later;
}

// The ids of today's catalog that `results` has no measurement for (a record older than the
// catalog, or a run with --only or one shard).
std::vector<std::string> Uncovered(const json& results, const fs::path& catalog_file) {
  std::vector<std::string> uncovered;
  if (!fs::exists(catalog_file)) return uncovered;
  std::ifstream in(catalog_file);
  std::set<std::string> measured;
  for (const json& m : results["mutants"]) measured.insert(m["id"].get<std::string>());
  try {
    for (const json& m : json::parse(in)) {
      const std::string id = m.at("id").get<std::string>();
      if (!measured.contains(id)) uncovered.push_back(id);
    }
  } catch (const std::exception& e) {
    throw InvalidInput(catalog_file.string() + " is not a mutant catalog: " + e.what());
  }
  return uncovered;
}

}  // namespace

std::optional<MutationResults> ReadMutationResults(const fs::path& folder,
                                                   const fs::path& record_folder) {
  MutationResults out;
  if (fs::exists(folder / "mutants.json")) {
    out.results = ReadResultsFile(folder / "mutants.json");
  } else if (fs::exists(record_folder / "mutants.json")) {
    out.record = RepositoryPath(record_folder / "mutants.json");
    out.results = ReadResultsFile(record_folder / "mutants.json");
  } else {
    return std::nullopt;
  }
  out.uncovered = Uncovered(out.results, record_folder / "catalog.json");
  return out;
}

void WriteMutationMarkdown(std::ostream& md, const std::optional<MutationResults>& mutation) {
  md << "## Mutation analysis\n\n";
  if (!mutation) {
    md << "Not measured into this folder, and no committed record. `./boa mutants` applies "
       << "each mutant of `properties/mutants/catalog.json` (a plausible bug in theory/ that "
       << "changes a paper's conclusion) in a scratch copy, runs the CI test tier and writes "
       << "`mutants.json` and `MUTANTS.md` here; the next report keeps them and shows the "
       << "score (README § Mutation analysis).\n\n";
    return;
  }
  const json& results = mutation->results;
  const Score s = ScoreOf(results);
  md << (mutation->record.empty()
             ? "Measured into this folder"
             : "From the committed record of the last run (`" + mutation->record + "`)")
     << " by `./boa mutants` at commit `" << results["commit"].get<std::string>() << "`"
     << (results.value("dirty", false) ? " (with uncommitted changes)" : "") << ", shard "
     << results["shard"].get<std::string>()
     << (results.value("complete", true) ? "" : " (an interrupted run: partial)");
  const int later = RemeasuredLater(results);
  if (later > 0)
    md << "; " << later << " mutant(s) re-measured at later commits (their commits in MUTANTS.md)";
  md << ": **" << s.killed << " of " << s.counted << " mutants killed** by the CI test tier";
  if (s.counted > 0) md << " (" << FormatNumber(std::round(100.0 * s.killed / s.counted)) << "%)";
  md << "; " << s.equivalent << " documented as equivalent and " << s.invalid
     << " invalid (did not compile) are not counted. Cost: "
     << FormatNumber(TenthsOfAMinute(s.seconds)) << " minutes of mutant builds and tests plus "
     << FormatNumber(TenthsOfAMinute(results["setup_seconds"].get<double>()))
     << " minutes of set-up, on " << results["jobs"].get<int>()
     << " cores. Every mutant, its bug and its killers: ";
  if (mutation->record.empty())
    md << "[`MUTANTS.md`](MUTANTS.md).";
  else
    md << "`" << (fs::path(mutation->record).parent_path() / "MUTANTS.md").string() << "`.";
  if (!mutation->uncovered.empty()) {
    md << " **Not measured:** " << mutation->uncovered.size() << " mutant(s) of today's catalog (";
    for (std::size_t k = 0; k < mutation->uncovered.size(); ++k)
      md << (k ? ", `" : "`") << mutation->uncovered[k] << "`";
    md << "); `./boa mutants --only ID,...` measures them.";
  }
  md << "\n\n";
  int survivors = 0;
  for (const json& m : results["mutants"]) {
    if (m["status"] != "survived") continue;
    if (survivors++ == 0) md << "| surviving mutant | plausible bug | triage |\n|---|---|---|\n";
    md << "| `" << m["id"].get<std::string>() << "` | " << m["description"].get<std::string>()
       << " | "
       << (m.contains("equivalent") ? "equivalent: " + m["equivalent"].get<std::string>()
                                    : std::string("not yet triaged"));
    if (CommitOf(m, results) != results["commit"])
      md << " (at commit " << CommitOf(m, results) << ")";
    md << " |\n";
  }
  md << (survivors == 0 ? "No mutant survived.\n\n" : "\n");
}

json MutationJson(const std::optional<MutationResults>& mutation) {
  if (!mutation) return nullptr;
  const Score s = ScoreOf(mutation->results);
  return {{"commit", mutation->results["commit"]},
          {"record", mutation->record.empty() ? json(nullptr) : json(mutation->record)},
          {"killed", s.killed},
          {"counted", s.counted},
          {"equivalent", s.equivalent},
          {"invalid", s.invalid},
          {"not_measured", mutation->uncovered},
          {"mutant_seconds", s.seconds}};
}

}  // namespace boa::report
