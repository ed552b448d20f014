#include "boa/exponent_plan.hpp"

#include <cmath>

#include "boa/error.hpp"
#include "boa/sequential_test.hpp"

namespace boa {

ExponentRule ExponentRuleOf(const Claim& claim) {
  return {claim.predicted_exponent, claim.exponent_below, claim.exponent_tolerance,
          claim.deviation,          claim.alpha,          kSprtBeta};
}

ExponentPlan ExponentPlanOf(const Claim& claim) {
  Require(claim.kind == ClaimKind::kScaling, claim.id + " is not a scaling claim");
  Require(claim.exponent_sd > 0 && std::isfinite(claim.exponent_sd),
          claim.id + " records no per-replicate sd of its exponent (exponent_sd)");
  ExponentPlan plan;
  plan.rule = ExponentRuleOf(claim);
  plan.sd = claim.exponent_sd;
  plan.expect_holds = claim.expected == Expectation::kHolds;
  plan.finding_exponent = claim.finding_exponent_bound;
  return plan;
}

double ScalingMissBound(const Claim& claim) { return 2 * claim.alpha; }

ExponentPlanning PlanScalingClaim(const Claim& claim, int replicates) {
  return EvaluateExponentPlan(ExponentPlanOf(claim), replicates);
}

double ScalingBudgetTerm(const Claim& claim) {
  return PlanScalingClaim(claim, CiInstances(claim)).miss;
}

std::map<std::string, double> ScalingBudgetTerms(const std::vector<Claim>& claims) {
  std::map<std::string, double> terms;
  for (const Claim& claim : claims) {
    if (claim.kind == ClaimKind::kScaling) terms[claim.id] = ScalingBudgetTerm(claim);
  }
  return terms;
}

int PlannedScalingInstances(const Claim& claim) {
  return PlanExponentReplicates(ExponentPlanOf(claim), kExponentPlanPower, ScalingMissBound(claim),
                                kMaxScalingReplicates);
}

}  // namespace boa
