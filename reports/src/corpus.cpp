#include "boa_report/corpus.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"
#include "boa/simd.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/command_support.hpp"

namespace boa::report {

namespace fs = std::filesystem;
using nlohmann::json;

// No source path is compiled in: the wrapper ./boa names the checkout's corpus in
// BOA_CORPUS_DIR; a boa program run by hand uses properties/corpus below the working folder.
fs::path DefaultCorpusDir() {
  const char* dir = std::getenv("BOA_CORPUS_DIR");
  return dir != nullptr && *dir != '\0' ? fs::path(dir) : fs::path("properties") / "corpus";
}

CorpusEntry ReadCorpusEntry(const fs::path& file) {
  RequireReadableFile("corpus entry", file);
  std::ifstream in(file);
  Require(static_cast<bool>(in), "cannot read corpus entry " + file.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw InvalidInput("malformed corpus entry " + file.string() + ": " + e.what());
  }
  auto fail = [&](const std::string& what) {
    throw InvalidInput("corpus entry " + file.string() + ": " + what);
  };
  if (!j.is_object()) fail("expected a JSON object");
  for (const char* key : {"claim", "params", "seed", "expected"}) {
    if (!j.contains(key)) fail(std::string("missing \"") + key + "\"");
  }
  CorpusEntry e;
  if (!j["claim"].is_string()) fail("\"claim\" must be a string");
  e.claim = j["claim"].get<std::string>();
  FindClaim(e.claim);  // throws on an unknown id
  if (!j["params"].is_object()) fail("\"params\" must be an object of numbers");
  for (const auto& [name, value] : j["params"].items()) {
    if (!value.is_number()) fail("parameter " + name + " must be a number");
    const double x = value.get<double>();
    if (!std::isfinite(x)) fail("parameter " + name + " must be finite");
    e.params[name] = x;
  }
  if (!j["seed"].is_number_unsigned()) fail("\"seed\" must be a non-negative integer");
  e.seed = j["seed"].get<std::uint64_t>();
  if (j["expected"] != "fails" && j["expected"] != "holds")
    fail("\"expected\" must be \"fails\" or \"holds\"");
  e.expect_failure = j["expected"] == "fails";
  if (j.contains("note")) {
    if (!j["note"].is_string()) fail("\"note\" must be a string");
    e.note = j["note"].get<std::string>();
  }
  if (j.contains("engine")) {
    if (j["engine"] != "direct" && j["engine"] != "gram")
      fail("\"engine\" must be \"direct\" or \"gram\"");
    e.engine = j["engine"] == "gram" ? Engine::kGram : Engine::kDirect;
  }
  if (j.contains("simd")) {
    if (!j["simd"].is_string()) fail("\"simd\" must be a string");
    e.simd = j["simd"].get<std::string>();
  }
  return e;
}

void RequireCorpusEntryName(const std::string& name) {
  const auto allowed = [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '.' || c == '-';
  };
  Require(!name.empty() && std::all_of(name.begin(), name.end(), allowed) && name != "." &&
              name != "..",
          "a corpus entry name may only contain letters, digits, '_', '.' and '-'");
}

fs::path WriteCorpusEntry(const fs::path& dir, const std::string& name, const CorpusEntry& entry) {
  RequireCorpusEntryName(name);
  json j = {{"claim", entry.claim},
            {"params", entry.params},
            {"seed", entry.seed},
            {"expected", entry.expect_failure ? "fails" : "holds"},
            {"note", entry.note}};
  if (FindClaim(entry.claim).gram_form) j["engine"] = ToString(entry.engine);
  j["simd"] = entry.simd.empty() ? SimdTargetName() : entry.simd;
  const fs::path folder = dir / entry.claim;
  const InterruptionGuard guard;  // the claim's folder and the entry appear together or not at all
  fs::create_directories(folder);
  const fs::path file = folder / (name + ".json");
  WriteAtomically(file, j.dump(2) + "\n");
  return file;
}

void CheckCorpusEntry(const CorpusEntry& entry) {
  const Claim& claim = FindClaim(entry.claim);
  for (const auto& g : claim.regime) {
    Require(entry.params.count(g.name) == 1,
            "corpus entry for " + entry.claim + " lacks parameter " + g.name);
  }
  for (const auto& [name, value] : entry.params) RequireClaimParam(claim, name);
  EngineFor(claim, ChoiceOf(entry.engine));
}

ReplayOutcome ReplayCorpusEntry(const CorpusEntry& entry) {
  CheckCorpusEntry(entry);
  const Claim& claim = FindClaim(entry.claim);
  ReplayOutcome r;
  r.outcome = CheckInstance(claim, entry.params, entry.seed, ChoiceOf(entry.engine));
  r.matches = r.outcome.holds != entry.expect_failure;
  const std::string here = SimdTargetName();
  if (!entry.simd.empty() && !SimdTargetsAgree(entry.simd, here)) {
    r.simd_note = "saved on SIMD target " + entry.simd + ", replayed on " + here +
                  ": results can differ in the last bits (README § Reproducibility across CPUs)";
  }
  return r;
}

}  // namespace boa::report
