#pragma once
// Runs a claim over seeded instances and turns the outcomes into a verdict.
//
// Instance i uses seed S + i (S = seed_base); its parameters are drawn from the regime with that
// seed, then any fixed parameters override them. Identity claims hold iff no instance fails;
// probabilistic claims get the binomial verdict of stats.hpp; scaling claims run their single
// sweep; exploratory claims are "reported" and never fail. A failing instance is shrunk along the
// regime grid (same seed) and printed with its replay line.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "boa/claim.hpp"
#include "boa/stats.hpp"

namespace boa {

struct RunOptions {
  int instances = 0;  // 0: InstancesAt(budget, claim.instances)
  std::uint64_t seed_base = 1;
  Budget budget = Budget::kDefault;  // selects the claim's budget_params
  Params fixed;  // overrides drawn and budget values
  double alpha = kDefaultAlpha;
  bool shrink = true;
  std::function<void(int done, int total)> progress;
};

struct Counterexample {
  Params params;
  std::uint64_t seed = 0;
  std::string explanation;
  std::string replay;
  int shrink_steps = 0;  // accepted shrinks
};

enum class Status { kHolds, kFails, kReported };
std::string ToString(Status status);

struct Verdict {
  Status status = Status::kHolds;
  int instances = 0;
  int failures = 0;
  double bound = 0;  // probabilistic: Clopper–Pearson lower bound on the failure rate; else k/N
  std::map<std::string, double> measured;  // one instance: as measured; more: _min/_mean/_max
  std::optional<Counterexample> counterexample;
  std::string summary;  // one line
};

Verdict RunClaim(const Claim& claim, const RunOptions& options);

// One instance, safely: a check that throws (other than InvalidInput, which is the caller's bad
// input and propagates) or that measures a non-finite number fails — no NaN reaches a verdict
// silently.
Outcome CheckInstance(const Claim& claim, const Params& params, std::uint64_t seed);

// Greedy shrink of a failing (params, seed) along the regime grid: each parameter in turn tries
// the regime's low end, then halfway, then one grid step down; a candidate is kept when the
// predicate still fails. Stops at a fixed point or after max_checks evaluations.
Counterexample Shrink(const Claim& claim, Params params, std::uint64_t seed,
                      int max_checks = 400);

}  // namespace boa
