#include "boa/sequential_test.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "boa/error.hpp"

namespace boa {
namespace {

// The stopping region in integer form, so Decide and Operate can never disagree on a boundary:
// after N instances the run fails when k ≥ FailAt(N) and holds when k ≤ HoldAt(N).
struct Boundaries {
  double per_failure;  // log(δ₁/δ) > 0
  double per_success;  // log((1 − δ₁)/(1 − δ)) < 0
  double upper;        // log(1/α)
  double lower;        // log β
  explicit Boundaries(const SequentialPlan& plan)
      : per_failure(std::log(plan.delta_alt / plan.delta)),
        per_success(std::log1p(-plan.delta_alt) - std::log1p(-plan.delta)),
        upper(-std::log(plan.alpha)),
        lower(std::log(plan.beta)) {}
  // Λ(k, N) = N·per_success + k·(per_failure − per_success) is increasing in k.
  long FailAt(int n) const {
    return static_cast<long>(std::ceil((upper - n * per_success) / (per_failure - per_success)));
  }
  long HoldAt(int n) const {
    return static_cast<long>(std::floor((lower - n * per_success) / (per_failure - per_success)));
  }
};

}  // namespace

void ValidatePlan(const SequentialPlan& plan) {
  Require(plan.delta > 0 && plan.delta < plan.delta_alt && plan.delta_alt < 1,
          "a sequential plan needs 0 < delta < delta_alt < 1");
  Require(plan.alpha > 0 && plan.alpha < 1 && plan.beta > 0 && plan.beta < 1,
          "a sequential plan needs alpha and beta in (0, 1)");
  Require(plan.cap >= 1, "a sequential plan needs a cap of at least one instance");
}

std::string ToString(SequentialDecision decision) {
  switch (decision) {
    case SequentialDecision::kContinue: return "continue";
    case SequentialDecision::kHolds: return "holds";
    case SequentialDecision::kFails: return "fails";
    case SequentialDecision::kInconclusive: return "inconclusive";
  }
  return "unknown";
}

SequentialDecision Decide(const SequentialPlan& plan, int failures, int trials) {
  ValidatePlan(plan);
  Require(trials >= 0 && failures >= 0 && failures <= trials && trials <= plan.cap,
          "sequential counts need 0 ≤ failures ≤ trials ≤ cap");
  const Boundaries b(plan);
  if (trials > 0 && failures >= b.FailAt(trials)) return SequentialDecision::kFails;
  if (trials > 0 && failures <= b.HoldAt(trials)) return SequentialDecision::kHolds;
  return trials == plan.cap ? SequentialDecision::kInconclusive : SequentialDecision::kContinue;
}

OperatingPoint Operate(const SequentialPlan& plan, double rate) {
  ValidatePlan(plan);
  Require(rate >= 0 && rate <= 1, "a failure rate must be in [0, 1]");
  const Boundaries b(plan);
  OperatingPoint op;
  // alive[k]: probability of being undecided after n instances with k failures. Only the k
  // strictly between the boundaries are alive, a band of constant width, so each step costs
  // O(band) and a plan with a cap of 10⁵ is computed in milliseconds.
  std::vector<double> alive(plan.cap + 2, 0.0), next(plan.cap + 2, 0.0);
  alive[0] = 1;
  int lo = 0, hi = 0;  // alive[k] may be non-zero only for lo ≤ k ≤ hi
  for (int n = 1; n <= plan.cap && lo <= hi; ++n) {
    next[lo] = 0;
    for (int k = lo; k <= hi; ++k) {
      next[k] += alive[k] * (1 - rate);
      next[k + 1] = alive[k] * rate;
    }
    const long fail_at = b.FailAt(n), hold_at = b.HoldAt(n);
    int new_lo = hi + 2, new_hi = lo - 1;
    for (int k = lo; k <= hi + 1; ++k) {
      const double p = next[k];
      next[k] = 0;
      alive[k] = 0;
      if (k >= fail_at) {
        op.fails += p;
        op.mean_trials += n * p;
      } else if (k <= hold_at) {
        op.holds += p;
        op.mean_trials += n * p;
      } else {
        alive[k] = p;
        new_lo = std::min(new_lo, k);
        new_hi = std::max(new_hi, k);
      }
    }
    lo = new_lo;
    hi = new_hi;
  }
  for (int k = lo; k <= hi; ++k) op.inconclusive += alive[k];
  op.mean_trials += plan.cap * op.inconclusive;
  return op;
}

double Power(const SequentialPlan& plan) { return Operate(plan, plan.delta_alt).fails; }

}  // namespace boa
