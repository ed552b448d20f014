#pragma once
// The claim catalog type (DESIGN.md § The claim catalog).
//
// A claim is data plus one predicate. Its regime is a list of integer grid parameters
// (value = k·unit for k in [lo, hi]): RapidCheck draws the integers, so a shrunk counterexample
// walks toward the small end of the regime and prints as a readable parameter set.
// check(params, seed, engine) evaluates the predicate on one instance; `engine` is the resolved
// engine of the run (EngineFor): claims with a Gram form run their experiments on it, the others
// ignore it (it is always kDirect for them).
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"
#include "boa/format.hpp"

namespace boa {

enum class ClaimKind { kIdentity, kProbabilistic, kScaling, kExploratory };
enum class Provenance { kPaper, kDerived, kExploratory };
enum class Expectation { kHolds, kFails };
std::string ToString(ClaimKind kind);
std::string ToString(Provenance provenance);
std::string ToString(Expectation expectation);

// The suite's false-alarm budget per run, split over its probabilistic and scaling claims: a
// claim whose statement is true fails a run with probability ≤ its α, and the α of the catalog
// add up to ≤ kSuiteFalseAlarm (Bonferroni). kClaimAlpha leaves room for 100 such claims.
inline constexpr double kSuiteFalseAlarm = 1e-3;
inline constexpr double kClaimAlpha = 1e-5;

// Scaling claims (THEORY.md §4.4), the same for every one: τ, the finite-n bias that still
// counts as the predicted exponent κ₀ (the exponent "to one decimal"), and Δ, the equivalence
// margin: "holds" certifies |κ − κ₀| < Δ, and each plan fails an exponent κ₀ ± (τ + Δ) with
// power ≥ 0.9 (stats.hpp, TestExponent; exponent_plan.hpp). Disclosure: τ was set while
// re-encoding the scaling claims (issue 14), after the replicate test at tolerance 0 was seen to
// flip with the seed base on finite-n biases of 0.03–0.06 (max-margin, SA); a tolerance 0 turns
// every finite-n bias into a coin-flip verdict once the test has this power. Δ = 0.25 was the
// deviation each plan had to detect before the equivalence test (issue 26) gave it this role.
inline constexpr double kExponentDeviation = 0.25;
inline constexpr double kExponentTolerance = 0.1;

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
  // false: the drawn instance lies outside the claim's hypothesis, so it is no instance of the
  // claim. It is not counted (the runner draws the next one) but reported as rejected.
  bool in_hypothesis = true;
};

struct Claim {
  std::string id;
  std::string title;
  ClaimKind kind = ClaimKind::kIdentity;
  Provenance provenance = Provenance::kDerived;
  std::string source;  // paper theorem / figure, or "derived here"
  Regime regime;
  std::function<Outcome(const Params& params, std::uint64_t seed, Engine engine)> check;
  // Identity and exploratory claims: the instance count at the default budget (InstancesAt gives
  // the others). Probabilistic claims: the cap of the sequential test at the quick and default
  // budgets (×10 at full); the run usually stops long before it (sequential_test.hpp). Scaling
  // claims: the number of replicate sweeps at the quick and default budgets (×2 at full), the
  // smallest with both planned powers ≥ 0.9 and a budget term ≤ 2α (PlannedScalingInstances).
  int instances = 100;
  // Probabilistic claims: H0 "failure rate ≤ δ" against H1 "failure rate ≥ δ₁", and where both
  // come from (THEORY.md §4's table of pre-registered rates, or the statement itself). Never
  // from a failure rate measured on this code.
  double delta = 0;
  double delta_alt = 0;
  std::string delta_source;
  // Probabilistic and scaling claims: this claim's false-alarm rate per run. The catalog's α
  // add up to at most kSuiteFalseAlarm (a unit test checks it).
  double alpha = kClaimAlpha;
  // Scaling claims: each instance is one replicate sweep that reports its fitted exponent as
  // measured["exponent"] (an instance fails only when its sweep cannot fit one); the verdict is
  // the exponent test of stats.hpp (TestExponent) over the instances' exponents: α = `alpha`,
  // β = kSprtBeta, κ₀ = predicted_exponent, τ = exponent_tolerance, Δ = deviation. Two-sided
  // ("the exponent is κ₀"): fails when the (1 − α) interval misses κ₀ ± τ, holds when the
  // (1 − 2β) interval lies inside κ₀ ± Δ, else inconclusive. exponent_below ("the exponent lies
  // below κ₀ − τ"): holds when the (1 − β) upper bound is below κ₀ − τ, fails when the (1 − α)
  // lower bound is ≥ κ₀ − τ, else inconclusive.
  double predicted_exponent = 0;
  bool exponent_below = false;
  double deviation = 0;
  double exponent_tolerance = kExponentTolerance;
  // Scaling claims: σ, the standard deviation of one replicate sweep's exponent at CI's budget,
  // measured on seeds CI never uses (seed base 1000000000), and where it comes from (command,
  // seed base, replicates, date). The planned powers, the budget term and `instances` follow from
  // it (exponent_plan.hpp), never from the run being judged.
  double exponent_sd = 0;
  std::string exponent_sd_source;
  // Scaling findings: the same measurement's one-sided 95% bound on the exponent nearest the
  // band (κ₀ ± τ, or κ₀ − τ below), where the plan must still fail the claim with probability
  // ≥ 1 − 2α.
  double finding_exponent_bound = 0;
  // What the pre-registered statement gives on CI's run: holds, or fails (a finding — the
  // paper's statement is refuted in this form; `finding` says how, with the measured rate).
  // CI asserts it both ways. Exploratory claims are always "reported".
  Expectation expected = Expectation::kHolds;
  std::string finding;
  // A finding's failure rate as measured over many seeds (the point estimate of the run-to-cap
  // command in `finding`): used only to show that the plan fails the finding with probability
  // ≥ 0.99 at that rate, so that a change that reshuffles random streams cannot flip it. Never
  // used to set δ.
  double finding_rate = 0;
  // Optional: parameters fixed per budget (e.g. a scaling claim's sweep size), applied over the
  // drawn ones and under the caller's fixed ones. Replay lines print them like any parameter.
  std::function<Params(Budget)> budget_params;
  // Optional: the measured quantity that says how close an instance came to failing (> 1 means
  // outside tolerance); targeted search maximises it.
  std::string violation_score;
  // Its experiments have a Gram form and run on the engine the run chooses (RunOptions::engine,
  // the command line's --engine; auto: Gram). false: direct only, or no training experiment at
  // all (engine.hpp).
  bool gram_form = false;
};

// THEORY.md §4's pre-registered failure rates for statements that state none. The lemma row
// depends on the lemma's own δ, so lemma claims set δ₁ = min(3δ, δ + 0.1) themselves.
enum class RateRow {
  kTheoremConclusion,  // a theorem's qualitative conclusion for random draws: δ = 0.1, δ₁ = 0.3
  kTypicalFigure,      // a figure shown for one seed, claimed as typical: δ = 0.5, δ₁ = 0.8
};
// Sets claim.delta, delta_alt and delta_source from the row (claim.cpp holds the table, in this
// order).
void UsePreRegisteredRates(Claim& claim, RateRow row);

// Parameters from grid indices (one per regime entry) and back.
Params ParamsAt(const Regime& regime, const std::vector<int>& k);
// Uniformly random grid point, from the regime stream of `seed`.
Params DrawParams(const Regime& regime, std::uint64_t seed);

// "d=12,n=4,snr=0.25": shortest round-trip decimal for every value.
std::string FormatParams(const Params& params);
// Parses "k=v,k=v"; throws InvalidInput on malformed text, non-finite values or a repeated name.
Params ParseParams(const std::string& text);

// Integer parameter, checked: throws InvalidInput when absent or not an integer.
int IntParam(const Params& params, const std::string& name);
double RealParam(const Params& params, const std::string& name);

// The instance count (probabilistic: the cap) of a run at `budget`.
int ClaimInstancesAt(const Claim& claim, Budget budget);
// The instance count (probabilistic: the cap) of the claim's CI run — ctest's
// ExpectClaimVerdict and the flake audit, both at kCiBudget.
int CiInstances(const Claim& claim);

// The engine the claim's instances run on under `choice`; throws InvalidInput when kGram is asked
// of a claim without a Gram form.
Engine EngineFor(const Claim& claim, EngineChoice choice);
// " --engine gram|direct" for a claim with a Gram form (the engines draw different numbers, so
// its instances replay only on their engine), "" for the others. Every replay line ends with it.
std::string EngineFlag(const Claim& claim, Engine engine);

// The one-line command that replays one instance exactly, on its engine.
std::string ReplayLine(const Claim& claim, const Params& params, std::uint64_t seed, Engine engine);

}  // namespace boa
