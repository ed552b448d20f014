#pragma once
// The plan of a scaling claim's verdict (README § Verdicts): the exponent rule of stats.hpp with
// the claim's constants, and its planned operating characteristic, computed exactly from the
// per-replicate sd σ recorded on the claim (exponent_sd, measured on seeds CI never uses) — never
// from the standard error of the run being judged.
//
// A claim's `instances` (CI's replicate count; ×2 at full) is the smallest N with
//   power_holds ≥ 0.9 and power_fails ≥ 0.9 (stats.hpp, ExponentPlanning), and
//   budget term ≤ 2α: P[not the expected verdict] — expected holds: P[fails or inconclusive] at
//   κ₀ (two-sided) or κ₀ − τ − Δ (below); a finding: P[holds or inconclusive] at
//   finding_exponent_bound.
// A unit test recomputes it for every scaling claim of the catalog.
#include <map>
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/stats.hpp"

namespace boa {

inline constexpr double kExponentPlanPower = 0.9;
// The most replicate sweeps a plan may ask for; PlannedScalingInstances gives 0 beyond it.
inline constexpr int kMaxScalingReplicates = 1000;

// α = claim.alpha, β = kSprtBeta, κ₀, τ, Δ and the form from the claim.
ExponentRule ExponentRuleOf(const Claim& claim);
// σ's one-sided 95% upper bound from the recorded measurement (exponent_sd over
// exponent_sd_replicates sweeps): the σ every plan is computed at.
double ExponentSdUpperBound(const Claim& claim);
// The run's own check of that bound (issue 51 item 4): the replicates' realised sd s over N sweeps
// against the plan's σ bound b, by the one-sided χ² test of σ ≤ b,
//   p = P[χ²_{N−1} ≥ (N − 1)·s²/b²].
// p < kSigmaFlagLevel: the verdict line says the planned powers do not apply to this run.
// p < kSigmaGateLevel: CI fails until σ is re-measured (records/measure_sigma.py). The gate is a
// term of the suite's error budget (error_budget.hpp): while σ ≤ b it fires with probability at
// most its level, the claims' α; at the flag's 5% the 17 scaling claims' gates alone would spend
// the suite's 10⁻³ many times over.
inline constexpr double kSigmaFlagLevel = 0.05;
inline constexpr double kSigmaGateLevel = kClaimAlpha;
double SdAboveBoundPValue(double realised_sd, int replicates, double bound);
// The rule, σ's upper bound and the expected verdict; throws InvalidInput when σ is not recorded.
ExponentPlan ExponentPlanOf(const Claim& claim);
// The budget term's bound: 2α.
double ScalingMissBound(const Claim& claim);
// Planned powers and budget term of the claim run with `replicates` sweeps.
ExponentPlanning PlanScalingClaim(const Claim& claim, int replicates);
// The claim's term in the suite's error budget: the budget term of CI's plan (CiInstances).
double ScalingBudgetTerm(const Claim& claim);
// The same for every scaling claim of `claims`, by id.
std::map<std::string, double> ScalingBudgetTerms(const std::vector<Claim>& claims);
// The smallest replicate count meeting both powers and the budget term; 0 when none up to
// kMaxScalingReplicates does.
int PlannedScalingInstances(const Claim& claim);

}  // namespace boa
