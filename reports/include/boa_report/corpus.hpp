#pragma once
// The counterexample corpus (issue 7): properties/corpus/<claim id>/<name>.json, one kept
// instance per file, each replayed as its own ctest test.
//
//   { "claim": "<id>", "params": {name: value}, "seed": S,
//     "expected": "fails" | "holds", "note": "why this instance is kept",
//     "engine": "direct" | "gram", "simd": "<target>" }
//
// "engine" is written for claims with a Gram form (the engines draw different numbers, so the
// instance is only the same instance on the same engine); absent means direct. "simd" is the SIMD
// target the entry was saved on (boa/simd.hpp; absent in entries older than the field): a replay
// on a target that differs in the last bits says so when the outcome does not match.
//
// "fails" entries are documented counterexamples (a claim just outside its regime, or a real
// finding); "holds" entries pin boundary instances that must keep holding.
#include <cstdint>
#include <filesystem>
#include <string>

#include "boa/claim.hpp"
#include "boa/engine.hpp"

namespace boa::report {

struct CorpusEntry {
  std::string claim;
  Params params;
  std::uint64_t seed = 0;
  bool expect_failure = true;
  std::string note;
  Engine engine = Engine::kDirect;  // meaningful for claims with a Gram form
  std::string simd{};               // the SIMD target it was saved on; empty: not recorded
};

// The default corpus folder: $BOA_CORPUS_DIR (set by ./boa to the checkout's
// properties/corpus), else properties/corpus below the working folder.
std::filesystem::path DefaultCorpusDir();

// Throws InvalidInput (one line, naming the file) on unreadable, malformed or incomplete JSON,
// non-finite numbers or an unknown claim id.
CorpusEntry ReadCorpusEntry(const std::filesystem::path& file);
// Throws InvalidInput unless `name` is a valid entry name: [A-Za-z0-9_.-]+.
void RequireCorpusEntryName(const std::string& name);
// <dir>/<claim>/<name>.json, written atomically; name must be [A-Za-z0-9_.-]+.
std::filesystem::path WriteCorpusEntry(const std::filesystem::path& dir, const std::string& name,
                                       const CorpusEntry& entry);

// Throws InvalidInput when the entry does not fit its claim: a regime parameter missing, an
// unknown parameter, or the Gram engine recorded for a claim without a Gram form.
void CheckCorpusEntry(const CorpusEntry& entry);

struct ReplayOutcome {
  bool matches = false;  // the outcome is what the entry expects
  Outcome outcome;
  // Non-empty when the entry was saved on a SIMD target whose results differ in the last bits
  // from the one this replay ran on: one line naming both.
  std::string simd_note;
};
ReplayOutcome ReplayCorpusEntry(const CorpusEntry& entry);

}  // namespace boa::report
