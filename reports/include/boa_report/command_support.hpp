#pragma once
// Helpers the subcommands share that need no CLI11, so that files outside the command line (the
// report, the corpus) use them without parsing CLI11 (≈ 7 s of compile time per file).
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "boa/claim.hpp"
#include "boa/engine.hpp"

namespace boa::report {

// "name=value,..." checked against the claim's regime: unknown names are bad input.
Params ParseClaimParams(const Claim& claim, const std::string& text);
// Throws InvalidInput unless `name` is one of the claim's regime parameters.
void RequireClaimParam(const Claim& claim, const std::string& name);
// A path as the report and summary.json print it: relative to the source tree boa was built from
// when it lies inside it ("properties/mutants/mutants.json"), else as given — no machine's
// absolute path in a report (issue 51).
std::string RepositoryPath(const std::filesystem::path& path);
// A progress callback that redraws "label done/total" on stderr when it is a terminal, and does
// nothing otherwise (logs stay clean); call it with (0, 0) at the end to clear the line.
std::function<void(int done, int total)> TerminalProgress(const std::string& label);
// A run over the whole catalog (report, explore) applies --engine to the claims with a Gram
// form; the others have only the direct engine and run on it (auto).
EngineChoice CatalogRunEngine(const Claim& claim, EngineChoice choice);
// "k/N" → (k, N) with 0 ≤ k < N: one of N shards (sweep run, report); bad input otherwise.
std::pair<int, int> ParseShard(const std::string& text);
// "n=10,20,40" → ("n", {10, 20, 40}).
std::pair<std::string, std::vector<double>> ParseSweep(const std::string& text);

}  // namespace boa::report
