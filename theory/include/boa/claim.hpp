#pragma once
// The claim catalog type (DESIGN.md § The claim catalog).
//
// A claim is data plus one predicate. Its regime is a list of integer grid parameters
// (value = k·unit for k in [lo, hi]): RapidCheck draws the integers, so a shrunk counterexample
// walks toward the small end of the regime and prints as a readable parameter set.
// check(params, seed) evaluates the predicate on one instance.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/budget.hpp"

namespace boa {

enum class ClaimKind { kIdentity, kProbabilistic, kScaling, kExploratory };
enum class Provenance { kPaper, kDerived, kExploratory };
std::string ToString(ClaimKind kind);
std::string ToString(Provenance provenance);

using Params = std::map<std::string, double>;

struct GridParam {
  std::string name;
  int lo = 0;
  int hi = 0;
  double unit = 1;  // value = k·unit
};
using Regime = std::vector<GridParam>;

struct Outcome {
  bool holds = true;
  std::map<std::string, double> measured;  // e.g. the worst relative error seen
  std::string explanation;                 // one line; says why it failed when it failed
};

struct Claim {
  std::string id;
  std::string title;
  ClaimKind kind = ClaimKind::kIdentity;
  Provenance provenance = Provenance::kDerived;
  std::string source;  // paper theorem / figure, or "derived here"
  Regime regime;
  std::function<Outcome(const Params& params, std::uint64_t seed)> check;
  int instances = 100;  // at the default budget; see InstancesAt for the others
  // What CI runs (ctest's ExpectClaimHolds and the flake audit, both at kCiBudget): 0 means
  // InstancesAt(kCiBudget, instances); set it when that is too few for the verdict to fail.
  int ci_instances = 0;
  double delta = 0;     // probabilistic claims: the allowed failure rate
  // Optional: parameters fixed per budget (e.g. a scaling claim's sweep size), applied over the
  // drawn ones and under the caller's fixed ones. Replay lines print them like any parameter.
  std::function<Params(Budget)> budget_params;
  // Optional: the measured quantity that says how close an instance came to failing (> 1 means
  // outside tolerance); targeted search maximises it.
  std::string violation_score;
  // Its experiments have a Gram form and run on the engine the command line chooses (--engine;
  // auto: Gram). false: direct only, or no training experiment at all (engine.hpp).
  bool gram_form = false;
};

// Parameters from grid indices (one per regime entry) and back.
Params ParamsAt(const Regime& regime, const std::vector<int>& k);
// Uniformly random grid point, from the regime stream of `seed`.
Params DrawParams(const Regime& regime, std::uint64_t seed);

// Shortest decimal that reads back as the same double ("0.1", "1e-07", "3"): for explanations
// and replay lines alike.
std::string FormatNumber(double value);

// "d=12,n=4,snr=0.25": shortest round-trip decimal for every value.
std::string FormatParams(const Params& params);
// Parses "k=v,k=v"; throws InvalidInput on malformed text or non-finite values.
Params ParseParams(const std::string& text);

// Integer parameter, checked: throws InvalidInput when absent or not an integer.
int IntParam(const Params& params, const std::string& name);
double RealParam(const Params& params, const std::string& name);

// The instance count of the claim's CI run (at kCiBudget): ci_instances, or the budget's count.
int CiInstances(const Claim& claim);

// The one-line command that replays one instance exactly.
std::string ReplayLine(const std::string& id, const Params& params, std::uint64_t seed);

}  // namespace boa
