#pragma once
// The mutation score in the report (issue 12). `./boa mutants` (properties/mutants/) writes
// mutants.json and MUTANTS.md into the report folder; a report run keeps both (it replaces the
// folder) and summarises them next to the flake audit, with the commit they were measured at.
// A mutation run takes an hour on 2 cores, so the report never runs one itself: where the folder
// has none, it shows the committed record of the last full run (properties/mutants/mutants.json)
// and says which mutants of today's catalog that record does not cover.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace boa::report {

// properties/mutants/ of the source tree boa was built from: the catalog, and the committed
// record of the last full run.
std::filesystem::path MutantsFolder();

// The files a mutation run leaves in the report folder.
inline constexpr const char* kMutationFiles[] = {"mutants.json", "MUTANTS.md"};

// A mutation run's results and where they came from.
struct MutationResults {
  nlohmann::json results;
  std::string record;  // empty: measured into the report folder; else the record's path
  std::vector<std::string> uncovered;  // catalog mutants the results do not cover
};

// The results in `folder`/mutants.json, else those of the committed record in `record_folder`,
// else nothing. Throws InvalidInput (naming the file) when a file is not a mutation run's results.
std::optional<MutationResults> ReadMutationResults(const std::filesystem::path& folder,
                                                   const std::filesystem::path& record_folder);

// The report's "Mutation analysis" section: score, survivors and cost, or how to measure them.
void WriteMutationMarkdown(std::ostream& md, const std::optional<MutationResults>& results);

// summary.json's "mutation" entry: null when not measured.
nlohmann::json MutationJson(const std::optional<MutationResults>& results);

}  // namespace boa::report
