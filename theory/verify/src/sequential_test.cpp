#include "boa/sequential_test.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
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

StoppingLaw StoppingDistribution(const SequentialPlan& plan, double rate) {
  ValidatePlan(plan);
  Require(rate >= 0 && rate <= 1, "a failure rate must be in [0, 1]");
  const Boundaries b(plan);
  StoppingLaw law;
  law.fails_at.assign(plan.cap + 1, 0.0);
  law.holds_at.assign(plan.cap + 1, 0.0);
  law.undecided.assign(plan.cap + 1, 0.0);
  // alive[k]: probability of being undecided after n instances with k failures. Only the k
  // strictly between the boundaries are alive, a band of constant width, so each step costs
  // O(band) and a plan with a cap of 10⁵ is computed in milliseconds.
  std::vector<double> alive(plan.cap + 2, 0.0), next(plan.cap + 2, 0.0);
  alive[0] = 1;
  int lo = 0, hi = 0;  // alive[k] may be non-zero only for lo ≤ k ≤ hi
  // Once the undecided mass is below kNegligibleMass it stays at its k as if the cap were
  // reached: every probability moves by less than that (a long cap's tail costs nothing).
  constexpr double kNegligibleMass = 1e-20;
  double undecided_mass = 1;
  for (int n = 1; n <= plan.cap && lo <= hi && undecided_mass >= kNegligibleMass; ++n) {
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
        law.fails_at[n] += p;
      } else if (k <= hold_at) {
        law.holds_at[n] += p;
      } else {
        alive[k] = p;
        new_lo = std::min(new_lo, k);
        new_hi = std::max(new_hi, k);
      }
    }
    lo = new_lo;
    hi = new_hi;
    undecided_mass = 0;
    for (int k = lo; k <= hi; ++k) undecided_mass += alive[k];
  }
  for (int k = lo; k <= hi; ++k) law.undecided[k] = alive[k];
  return law;
}

OperatingPoint Operate(const SequentialPlan& plan, double rate) {
  const StoppingLaw law = StoppingDistribution(plan, rate);
  OperatingPoint op;
  for (int n = 1; n <= plan.cap; ++n) {
    op.fails += law.fails_at[n];
    op.holds += law.holds_at[n];
    op.mean_trials += n * (law.fails_at[n] + law.holds_at[n]);
  }
  for (const double p : law.undecided) op.inconclusive += p;
  op.mean_trials += plan.cap * op.inconclusive;
  return op;
}

RateInterval SequentialInterval(const SequentialPlan& plan, int failures, int trials, double tail) {
  const SequentialDecision d = Decide(plan, failures, trials);
  Require(d != SequentialDecision::kContinue || trials == plan.cap,
          "a sequential interval needs a run that stopped");
  Require(tail > 0 && tail < 0.5, "an interval's tail must be in (0, 0.5)");
  // P_p[an outcome at least as high as the observed one] in the stage-wise order, and at least
  // as low; both are monotone in p, so each bound is found by bisection.
  auto tails = [&](double p) {
    const StoppingLaw law = StoppingDistribution(plan, p);
    double fails = 0, undecided = 0;
    for (const double x : law.fails_at) fails += x;
    for (const double x : law.undecided) undecided += x;
    double high = 0;  // P[outcome ≥ observed]
    if (d == SequentialDecision::kFails) {
      for (int n = 1; n <= trials; ++n) high += law.fails_at[n];
    } else if (d == SequentialDecision::kHolds) {
      high = fails + undecided;
      for (int n = trials; n <= plan.cap; ++n) high += law.holds_at[n];
    } else {
      high = fails;
      for (int k = failures; k <= plan.cap; ++k) high += law.undecided[k];
    }
    // P[outcome ≤ observed] = 1 − P[outcome > observed] = 1 − high + P[outcome = observed].
    const double same = d == SequentialDecision::kFails   ? law.fails_at[trials]
                        : d == SequentialDecision::kHolds ? law.holds_at[trials]
                                                          : law.undecided[failures];
    return std::pair{high, 1 - high + same};
  };
  auto solve = [&](auto tail_of, bool increasing) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; ++i) {
      const double mid = (lo + hi) / 2;
      const bool above = tail_of(mid) > tail;
      (above == increasing ? hi : lo) = mid;
    }
    return (lo + hi) / 2;
  };
  // At p = 0 (p = 1) every run ends in the lowest (highest) outcome: observing it leaves the
  // bound at 0 (1).
  RateInterval interval;
  auto high = [&](double p) { return tails(p).first; };
  auto low = [&](double p) { return tails(p).second; };
  interval.lower = high(0) >= tail ? 0 : solve(high, true);
  interval.upper = low(1) >= tail ? 1 : solve(low, false);
  return interval;
}

double ErrorRate(const SequentialPlan& plan, ExpectedDecision expected, double rate) {
  const OperatingPoint op = Operate(plan, rate);
  return expected == ExpectedDecision::kHolds ? op.fails + op.inconclusive
                                              : op.holds + op.inconclusive;
}

double Power(const SequentialPlan& plan) { return Operate(plan, plan.delta_alt).fails; }

double ErrorFloor(SequentialPlan plan, ExpectedDecision expected, double rate) {
  plan.cap = kFloorCap;
  return ErrorRate(plan, expected, rate);
}

int CapFor(SequentialPlan plan, ExpectedDecision expected, double rate, double budget) {
  const double target = std::max(budget, 1.1 * ErrorFloor(plan, expected, rate));
  // The smallest cap in (lo, hi] meeting `ok`, which holds at hi and stays true as the cap grows.
  auto smallest = [&plan](auto ok) {
    int lo = 0, hi = kFloorCap;
    while (hi - lo > 1) {
      plan.cap = lo + (hi - lo) / 2;
      (ok(plan) ? hi : lo) = plan.cap;
    }
    return hi;
  };
  const int for_power = smallest([](const SequentialPlan& p) { return Power(p) >= 0.9; });
  const int for_error =
      smallest([&](const SequentialPlan& p) { return ErrorRate(p, expected, rate) <= target; });
  return std::max(for_power, for_error);
}

}  // namespace boa
