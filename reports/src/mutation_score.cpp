#include "boa_report/mutation_score.hpp"

#include <fstream>
#include <string>

#include "boa/error.hpp"
#include "boa/format.hpp"

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

std::optional<json> ReadMutationResults(const fs::path& folder) {
  const fs::path file = folder / "mutants.json";
  if (!fs::exists(file)) return std::nullopt;
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

void WriteMutationMarkdown(std::ostream& md, const std::optional<json>& results) {
  md << "## Mutation analysis\n\n";
  if (!results) {
    md << "Not measured into this folder. `./boa mutants` applies each mutant of "
       << "`properties/mutants/catalog.json` (a plausible bug in theory/ that changes a paper's "
       << "conclusion) in a scratch copy, runs the CI test tier and writes `mutants.json` and "
       << "`MUTANTS.md` here; the next report keeps them and shows the score (README § Mutation "
       << "analysis).\n\n";
    return;
  }
  const Score s = ScoreOf(*results);
  md << "Measured here by `./boa mutants` at commit `" << (*results)["commit"].get<std::string>()
     << "`" << ((*results).value("dirty", false) ? " (with uncommitted changes)" : "") << ", shard "
     << (*results)["shard"].get<std::string>()
     << ((*results).value("complete", true) ? "" : " (an interrupted run: partial)") << ": **"
     << s.killed << " of " << s.counted << " mutants killed** by the CI test tier";
  if (s.counted > 0) md << " (" << FormatNumber(100.0 * s.killed / s.counted) << "%)";
  md << "; " << s.equivalent << " documented as equivalent and " << s.invalid
     << " invalid (did not compile) are not counted. Cost: " << FormatNumber(s.seconds / 60)
     << " minutes of mutant builds and tests plus "
     << FormatNumber((*results)["setup_seconds"].get<double>() / 60) << " minutes of set-up, on "
     << (*results)["jobs"].get<int>()
     << " cores. Every mutant, its bug and its killers: [`MUTANTS.md`](MUTANTS.md).\n\n";
  int survivors = 0;
  for (const json& m : (*results)["mutants"]) {
    if (m["status"] != "survived") continue;
    if (survivors++ == 0) md << "| surviving mutant | plausible bug | triage |\n|---|---|---|\n";
    md << "| `" << m["id"].get<std::string>() << "` | " << m["description"].get<std::string>()
       << " | "
       << (m.contains("equivalent") ? "equivalent: " + m["equivalent"].get<std::string>()
                                    : std::string("not yet triaged"))
       << " |\n";
  }
  md << (survivors == 0 ? "No mutant survived.\n\n" : "\n");
}

json MutationJson(const std::optional<json>& results) {
  if (!results) return nullptr;
  const Score s = ScoreOf(*results);
  return {{"commit", (*results)["commit"]}, {"killed", s.killed},   {"counted", s.counted},
          {"equivalent", s.equivalent},     {"invalid", s.invalid}, {"mutant_seconds", s.seconds}};
}

}  // namespace boa::report
