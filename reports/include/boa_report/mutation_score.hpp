#pragma once
// The mutation score in the report (issue 12). `./boa mutants` (properties/mutants/) writes
// mutants.json and MUTANTS.md into the report folder; a report run keeps both (it replaces the
// folder) and summarises them next to the flake audit, with the commit they were measured at.
// A mutation run takes hours on 2 cores, so the report never runs one itself.
#include <filesystem>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

namespace boa::report {

// The files a mutation run leaves in the report folder.
inline constexpr const char* kMutationFiles[] = {"mutants.json", "MUTANTS.md"};

// The results in `folder`/mutants.json, or nothing when there are none. Throws InvalidInput
// (naming the file) when the file is not a mutation run's results.
std::optional<nlohmann::json> ReadMutationResults(const std::filesystem::path& folder);

// The report's "Mutation analysis" section: score, survivors and cost, or how to measure them.
void WriteMutationMarkdown(std::ostream& md, const std::optional<nlohmann::json>& results);

// summary.json's "mutation" entry: null when not measured.
nlohmann::json MutationJson(const std::optional<nlohmann::json>& results);

}  // namespace boa::report
