#pragma once
// Targeted search for counterexamples (issue 7): instead of sampling the regime uniformly, steer
// toward the instances that come closest to violating the claim.
//
// The objective is the claim's violation score — the measured quantity named by
// Claim::violation_score, scaled so that > 1 means "outside tolerance" (e.g. a worst error over
// its allowance) — and +∞ for an instance that fails. Half the evaluations sample the regime at
// random; the other half climb from the best instance so far by moving one parameter a few grid
// steps at a time (seed fixed, so a move changes the instance only through that parameter).
// Stops at the first failure, which is then shrunk like any counterexample.
#include <cstdint>
#include <functional>
#include <string>

#include "boa/claim.hpp"
#include "boa/runner.hpp"

namespace boa {

struct SearchOptions {
  int evaluations = 400;
  std::uint64_t seed = 1;
  Budget budget = Budget::kDefault;
  Params fixed;
  EngineChoice engine = EngineChoice::kAuto;
  std::function<void(int done, int total)> progress;
};

struct SearchResult {
  bool found_failure = false;
  double score = 0;  // of the worst instance (+∞ for a failure)
  Params params;
  std::uint64_t seed = 0;
  std::string explanation;
  std::string replay;
  int evaluations = 0;
  int shrink_steps = 0;
};

SearchResult SearchWorstInstance(const Claim& claim, const SearchOptions& options);

}  // namespace boa
