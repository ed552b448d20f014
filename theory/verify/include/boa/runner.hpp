#pragma once
// Runs a claim over seeded instances and turns the outcomes into a verdict.
//
// Draw i uses seed S + i (S = seed_base; a claim judged per cell runs each cell on these seeds,
// cells.hpp); its parameters are drawn from the regime with that
// seed, then any fixed parameters override them. A draw outside the claim's hypothesis
// (Outcome::in_hypothesis false) is rejected: not counted, reported. Identity claims hold iff no
// instance fails; probabilistic claims run the sequential test of sequential_test.hpp (holds,
// fails or inconclusive at the cap); scaling claims run the exponent test of stats.hpp over their
// replicate sweeps (holds, fails or inconclusive); exploratory claims
// are "reported", unless an instance failed to run cleanly (threw or measured a non-finite
// number: CheckInstance), which fails the run as it fails ctest. A failing instance is shrunk along
// the regime grid (same seed) and printed with its replay line.
//
// Health check (as Hypothesis's filter_too_much): a run in which more than 9 of 10 draws fall
// outside the hypothesis fails, whatever its counted instances say, so a generator must aim at
// the hypothesis instead of filtering for it; a claim whose rejection is a filter not in its
// statement (Rejection::kAfterFilter) fails when more than half of them do. A run stops drawing
// after 10 (a filter: 2) draws per counted instance it still needs.
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/sequential_test.hpp"
#include "boa/stats.hpp"

namespace boa {

struct RunOptions {
  int instances = 0;  // 0: InstancesAt(budget, claim.instances)
  std::uint64_t seed_base = 1;
  Budget budget = Budget::kDefault;  // selects the claim's budget_params
  Params fixed;                      // overrides drawn and budget values
  // The engine of the claim's experiments (kAuto: Gram where the claim has a Gram form);
  // kGram on a claim without one is bad input (EngineFor).
  EngineChoice engine = EngineChoice::kAuto;
  bool shrink = true;
  // Measuring a rate: draw every instance up to the cap even after the sequential test has
  // decided. The verdict is still the decision at the test's own stopping point; the counts
  // (instances, failures, interval) cover the whole run.
  bool run_to_cap = false;
  std::function<void(int done, int total)> progress;
};

struct Counterexample {
  Params params;
  std::uint64_t seed = 0;
  Engine engine = Engine::kDirect;
  std::string explanation;
  std::string replay;
  int shrink_steps = 0;  // accepted shrinks
};

enum class Status { kHolds, kFails, kInconclusive, kReported };
std::string ToString(Status status);

// The plan a probabilistic or scaling verdict was judged under, as summary.json reports it.
struct VerdictPlan {
  double delta = 0, delta_alt = 0;  // probabilistic
  double alpha = 0;
  double power = 0;  // P_δ₁[fails] of the plan that ran (probabilistic); scaling: power_fails
  int cap = 0;       // probabilistic: the sequential test's cap
  // Probabilistic: the nominal β its SPRT boundaries are drawn at (kSprtBeta; α for a finding).
  // The cap truncates the SPRT, so what the run that was judged guarantees is its realised
  // operating point at that cap (issue 51): P_δ[fails] (≤ α) and P_δ₁[holds] (its type-II
  // error, 1 − power − P_δ₁[inconclusive]), computed exactly (Operate).
  double beta = 0;
  double realised_alpha = 0, realised_beta = 0;
  // Scaling: the planned powers of the replicates that ran, from the claim's recorded σ
  // (exponent_plan.hpp): P[holds | κ₀] and P[fails | κ₀ ± (τ + Δ)] (below: at κ₀ − τ ∓ Δ).
  double power_holds = 0, power_fails = 0;
  // Scaling: the σ check's p-value (exponent_plan.hpp SdAboveBoundPValue); NaN when not run.
  double sd_p_value = std::nan("");
};

struct Verdict {
  Status status = Status::kHolds;
  Engine engine = Engine::kDirect;  // the engine every instance ran on
  int instances = 0;                // counted: inside the hypothesis
  int failures = 0;
  int rejected = 0;     // draws outside the hypothesis
  bool healthy = true;  // false: over the health limit (HealthDrawsPerInstance; the run fails)
  // A filter not in the statement (Rejection::kAfterFilter): (k + rejected) / (N + rejected).
  std::optional<double> worst_case_rate;
  std::optional<VerdictPlan> plan;  // probabilistic and scaling claims
  // Failure rate: probabilistic claims, the exact 95% interval after the sequential stop
  // (SequentialInterval; a --run-to-cap run, which did not stop, the fixed-N Clopper–Pearson
  // interval); others, k/N for both.
  double rate_lower = 0, rate_upper = 0;
  // A probabilistic "holds" whose estimate k/N lies above δ: the run excluded a rate ≥ δ₁ (at β)
  // but neither confirmed nor refuted δ. "indifference" then, else empty; printed as "holds*"
  // (VerdictLabel), treated as "holds" by every expectation.
  std::string qualifier;
  std::map<std::string, double> measured;  // one instance: as measured; more: _min/_mean/_max
  std::optional<Counterexample> counterexample;
  std::string summary;  // one line
  // A claim judged per cell (cells.hpp): each cell's verdict, in the claim's order; the claim's
  // own counts are their sums, its interval and measured values the worst cell's (highest k/N),
  // its plan's power the smallest cell's and its cap the sum. `cell`: a cell's name.
  std::vector<Verdict> cells;
  std::string cell;
};

Verdict RunClaim(const Claim& claim, const RunOptions& options);

// The verdict as every output prints it: its status, "holds*" for a qualified "holds".
std::string VerdictLabel(const Verdict& verdict);

// What a verdict's shrunk failing instance is: a counterexample, or — for a probabilistic claim
// that holds, which may fail at rate δ — "a failing instance (allowed at rate δ)".
std::string FailingInstanceLabel(const Claim& claim, const Verdict& verdict);

// Whether the verdict is the one the claim expects (Claim::expected; "reported" for
// exploratory claims) from a healthy run.
bool MatchesExpectation(const Claim& claim, const Verdict& verdict);
Status ExpectedStatus(const Claim& claim);

// One instance, judged: the one rule every caller (the runner, ctest's CheckClaimAsProperty, the
// corpus replay, targeted search) applies. A check that throws InvalidInput — the caller's bad
// input — propagates it; a check that throws anything else (NumericalFailure: a diverging run, a
// non-finite loss) or measures a non-finite number fails the instance — no NaN reaches a verdict
// silently.
Outcome CheckInstance(const Claim& claim, const Params& params, std::uint64_t seed,
                      EngineChoice engine = EngineChoice::kAuto);

// Greedy shrink of a failing (params, seed) along the regime grid: each parameter in turn tries
// the regime's low end, then halfway, then one grid step down; a candidate is kept when the
// predicate still fails. Stops at a fixed point or after max_checks evaluations. The seed, the
// engine and the parameters in `fixed` (the caller's --params) stay as given; the replay line
// names them.
Counterexample Shrink(const Claim& claim, Params params, std::uint64_t seed, EngineChoice engine,
                      int max_checks = 400, const Params& fixed = {});

}  // namespace boa
