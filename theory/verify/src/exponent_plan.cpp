#include "boa/exponent_plan.hpp"

#include <cmath>

#include <boost/math/distributions/chi_squared.hpp>

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
  Require(claim.exponent_sd_replicates > 1,
          claim.id + " does not say how many sweeps measured its sd (exponent_sd_replicates)");
  ExponentPlan plan;
  plan.rule = ExponentRuleOf(claim);
  plan.sd = ExponentSdUpperBound(claim);
  plan.expect_holds = claim.expected == Expectation::kHolds;
  plan.finding_exponent = claim.finding_exponent_bound;
  return plan;
}

double ExponentSdUpperBound(const Claim& claim) {
  const double dof = claim.exponent_sd_replicates - 1;
  const boost::math::chi_squared chi2(dof);
  return claim.exponent_sd * std::sqrt(dof / boost::math::quantile(chi2, 0.05));
}

double SdAboveBoundPValue(double realised_sd, int replicates, double bound) {
  Require(replicates >= 2 && bound > 0 && std::isfinite(realised_sd),
          "the σ check needs two or more replicates, a positive bound and a finite sd");
  const double dof = replicates - 1;
  return boost::math::cdf(boost::math::complement(
      boost::math::chi_squared(dof), dof * realised_sd * realised_sd / (bound * bound)));
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
