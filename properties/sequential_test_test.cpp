// sequential_test: the truncated SPRT's exact operating characteristic against brute-force
// enumeration, its error guarantees (Ville's inequality) on random plans, and the scale quoted in
// README § Verdicts.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/sequential_test.hpp"

namespace boa {
namespace sequential_test_test {

SequentialPlan RandomPlan(int max_cap) {
  SequentialPlan plan;
  plan.delta = *rc::gen::inRange(1, 40) / 100.0;
  plan.delta_alt = plan.delta + *rc::gen::inRange(5, 50) / 100.0;
  plan.alpha = std::pow(10.0, -*rc::gen::inRange(1, 7));
  plan.cap = *rc::gen::inRange(1, max_cap + 1);
  return plan;
}

// Every one of the 2^cap failure sequences, run through Decide, with its probability.
OperatingPoint Enumerate(const SequentialPlan& plan, double rate) {
  OperatingPoint op;
  for (unsigned long bits = 0; bits < (1ul << plan.cap); ++bits) {
    double p = 1;
    int failures = 0;
    for (int n = 1; n <= plan.cap; ++n) {
      const bool failed = bits >> (n - 1) & 1;
      failures += failed;
      p *= failed ? rate : 1 - rate;
      const SequentialDecision d = Decide(plan, failures, n);
      if (d == SequentialDecision::kContinue) continue;
      // Sequences that agree up to the stop are counted once: only the one with zeros after it.
      if (bits >> n != 0) break;
      if (d == SequentialDecision::kFails) op.fails += p;
      if (d == SequentialDecision::kHolds) op.holds += p;
      if (d == SequentialDecision::kInconclusive) op.inconclusive += p;
      op.mean_trials += n * p;
      break;
    }
  }
  return op;
}

RC_GTEST_PROP(SequentialTest, OperateEqualsBruteForceEnumeration, ()) {
  const SequentialPlan plan = RandomPlan(12);
  const double rate = *rc::gen::inRange(0, 101) / 100.0;
  const OperatingPoint exact = Operate(plan, rate), brute = Enumerate(plan, rate);
  RC_ASSERT(std::fabs(exact.fails - brute.fails) <= 1e-12);
  RC_ASSERT(std::fabs(exact.holds - brute.holds) <= 1e-12);
  RC_ASSERT(std::fabs(exact.inconclusive - brute.inconclusive) <= 1e-12);
  RC_ASSERT(std::fabs(exact.mean_trials - brute.mean_trials) <= 1e-10);
}

// ErrorRate is P[not the expected verdict]: the enumeration's fails + inconclusive for a claim
// expected to hold, holds + inconclusive for a finding (its inconclusive mass counts either way).
RC_GTEST_PROP(SequentialTest, ErrorRateIsTheEnumeratedMiss, ()) {
  const SequentialPlan plan = RandomPlan(12);
  const double rate = *rc::gen::inRange(0, 101) / 100.0;
  const OperatingPoint brute = Enumerate(plan, rate);
  RC_ASSERT(std::fabs(ErrorRate(plan, ExpectedDecision::kHolds, rate) -
                      (brute.fails + brute.inconclusive)) <= 1e-12);
  RC_ASSERT(std::fabs(ErrorRate(plan, ExpectedDecision::kFails, rate) -
                      (brute.holds + brute.inconclusive)) <= 1e-12);
}

// The stopping law stage by stage adds up to the enumeration: Σₙ fails_at = P[fails], Σₙ holds_at
// = P[holds], Σₖ undecided = P[inconclusive], and Σₙ n·(fails_at + holds_at) + cap·Σₖ undecided =
// the mean number of instances.
RC_GTEST_PROP(SequentialTest, StoppingLawSumsToTheEnumeratedOutcomes, ()) {
  const SequentialPlan plan = RandomPlan(12);
  const double rate = *rc::gen::inRange(0, 101) / 100.0;
  const StoppingLaw law = StoppingDistribution(plan, rate);
  const OperatingPoint brute = Enumerate(plan, rate);
  double fails = 0, holds = 0, undecided = 0, trials = 0;
  for (std::size_t n = 1; n < law.fails_at.size(); ++n) {
    fails += law.fails_at[n];
    holds += law.holds_at[n];
    trials += static_cast<double>(n) * (law.fails_at[n] + law.holds_at[n]);
  }
  for (const double p : law.undecided) undecided += p;
  trials += plan.cap * undecided;
  RC_ASSERT(std::fabs(fails - brute.fails) <= 1e-12);
  RC_ASSERT(std::fabs(holds - brute.holds) <= 1e-12);
  RC_ASSERT(std::fabs(undecided - brute.inconclusive) <= 1e-12);
  RC_ASSERT(std::fabs(trials - brute.mean_trials) <= 1e-10);
}

// The error floor is the plan's miss with an unbounded cap: its ErrorRate at kFloorCap, and at δ
// (for a claim expected to hold) within α by Ville's inequality.
RC_GTEST_PROP(SequentialTest, ErrorFloorIsTheMissAtTheFloorCap, ()) {
  SequentialPlan plan = RandomPlan(12);
  const double floor = ErrorFloor(plan, ExpectedDecision::kHolds, plan.delta);
  RC_ASSERT(floor <= plan.alpha * (1 + 1e-9));
  plan.cap = kFloorCap;
  RC_ASSERT(floor == ErrorRate(plan, ExpectedDecision::kHolds, plan.delta));
}

// Ville's inequality: P_δ[fails] ≤ α and P_δ₁[holds] ≤ β for every cap; the outcomes add to 1.
RC_GTEST_PROP(SequentialTest, ErrorRatesStayWithinAlphaAndBeta, ()) {
  const SequentialPlan plan = RandomPlan(1000);
  const OperatingPoint at_null = Operate(plan, plan.delta);
  const OperatingPoint at_alt = Operate(plan, plan.delta_alt);
  RC_ASSERT(at_null.fails <= plan.alpha);
  RC_ASSERT(at_alt.holds <= plan.beta);
  RC_ASSERT(std::fabs(at_null.fails + at_null.holds + at_null.inconclusive - 1) <= 1e-9);
  RC_ASSERT(std::fabs(at_alt.fails + at_alt.holds + at_alt.inconclusive - 1) <= 1e-9);
}

// The scale README § Verdicts quotes: at α = 1e-4, δ = 0.05 against δ₁ = 0.15, the SPRT capped
// at 300 has power 0.93, and it stops after 27 instances when none fails, after about 60 on
// average at a failure rate of exactly δ.
TEST(SequentialTest, StopsEarlyWhenTheClaimHolds) {
  const SequentialPlan plan{0.05, 0.15, 1e-4, kSprtBeta, 300};
  EXPECT_NEAR(Power(plan), 0.929, 1e-3);
  EXPECT_EQ(Operate(plan, 0.0).mean_trials, 27);
  EXPECT_NEAR(Operate(plan, 0.05).mean_trials, 59.6, 0.1);
}

// Every outcome a run can end in, with the failures it ends with: a stop at instance n on a
// boundary (k is the boundary's value, since k grows by at most one per instance) or the cap.
struct Ending {
  int failures, trials;
};
std::vector<Ending> Endings(const SequentialPlan& plan) {
  std::vector<Ending> endings;
  for (int n = 1; n <= plan.cap; ++n) {
    for (int k = 0; k <= n; ++k) {
      const SequentialDecision d = Decide(plan, k, n);
      if (d == SequentialDecision::kContinue) continue;
      // Reachable only from an undecided state: for a boundary stop, one step from a state
      // strictly inside at n − 1.
      const bool inside_before =
          n == 1 || (k <= n - 1 && Decide(plan, k, n - 1) == SequentialDecision::kContinue) ||
          (k >= 1 && Decide(plan, k - 1, n - 1) == SequentialDecision::kContinue);
      if (inside_before) endings.push_back({k, n});
    }
  }
  return endings;
}

// The exact sequential interval covers the true rate with probability ≥ 95%, computed exactly
// over every outcome of random plans (the fixed-N Clopper–Pearson interval does not after a
// sequential stop).
RC_GTEST_PROP(SequentialTest, SequentialIntervalCoversAtItsLevel, ()) {
  SequentialPlan plan = RandomPlan(40);
  plan.beta = std::pow(10.0, -*rc::gen::inRange(1, 4));
  const double rate = *rc::gen::inRange(1, 100) / 100.0;
  const StoppingLaw law = StoppingDistribution(plan, rate);
  double covered = 0, total = 0;
  for (const Ending& e : Endings(plan)) {
    const SequentialDecision d = Decide(plan, e.failures, e.trials);
    const double p = d == SequentialDecision::kFails   ? law.fails_at[e.trials]
                     : d == SequentialDecision::kHolds ? law.holds_at[e.trials]
                                                       : law.undecided[e.failures];
    total += p;
    const RateInterval interval = SequentialInterval(plan, e.failures, e.trials);
    RC_ASSERT(interval.lower <= interval.upper);
    if (interval.lower <= rate && rate <= interval.upper) covered += p;
  }
  RC_ASSERT(std::fabs(total - 1) <= 1e-9);
  RC_ASSERT(covered >= 0.95 - 1e-6);
}

// A run that fails at once has no upper bound below 1; one that holds at once no lower bound
// above 0; an interval after a stop excludes the rate its decision refutes decisively.
TEST(SequentialTest, SequentialIntervalAtTheExtremes) {
  const SequentialPlan plan{0.1, 0.3, 1e-3, kSprtBeta, 150};
  EXPECT_EQ(SequentialInterval(plan, 7, 7).upper, 1);
  EXPECT_GT(SequentialInterval(plan, 7, 7).lower, 0.3);
  EXPECT_EQ(SequentialInterval(plan, 0, 12).lower, 0);
  EXPECT_LT(SequentialInterval(plan, 0, 12).upper, 0.3);
  EXPECT_THROW(SequentialInterval(plan, 1, 5), InvalidInput);  // the run had not stopped
}

// The cap rule gives the smallest cap with power ≥ 0.9 at δ₁ and an error within the budget (or
// within 10% of the plan's floor, where the floor exceeds the budget), for claims that hold and
// for findings.
RC_GTEST_PROP(SequentialTest, CapForIsTheSmallestCapMeetingTheRule, ()) {
  SequentialPlan plan = RandomPlan(1);
  plan.alpha = std::pow(10.0, -*rc::gen::inRange(2, 6));
  const bool finding = *rc::gen::arbitrary<bool>();
  if (finding) plan.beta = plan.alpha;
  const double budget = 2 * plan.alpha;
  const ExpectedDecision expected = finding ? ExpectedDecision::kFails : ExpectedDecision::kHolds;
  // A finding is planned at a rate above δ, sometimes below δ₁ where the drift is weak.
  const double rate =
      finding ? plan.delta + (plan.delta_alt - plan.delta) * *rc::gen::inRange(5, 15) / 10.0
              : plan.delta;
  RC_PRE(rate < 1.0);
  const double target = std::max(budget, 1.1 * ErrorFloor(plan, expected, rate));
  if (!finding) RC_ASSERT(target == budget);  // P_δ[fails] ≤ α: the floor is below the budget
  plan.cap = CapFor(plan, expected, rate, budget);
  RC_ASSERT(ErrorRate(plan, expected, rate) <= target);
  RC_ASSERT(Power(plan) >= 0.9);
  --plan.cap;
  RC_ASSERT(plan.cap == 0 || ErrorRate(plan, expected, rate) > target || Power(plan) < 0.9);
}

TEST(SequentialTest, DecidesAtTheBoundariesAndRejectsBadPlans) {
  const SequentialPlan plan{0.1, 0.3, 1e-3, kSprtBeta, 50};
  EXPECT_EQ(Decide(plan, 0, 0), SequentialDecision::kContinue);
  EXPECT_EQ(Decide(plan, 0, 12), SequentialDecision::kHolds);  // 12·log(7/9) = −3.02 ≤ log 0.05
  EXPECT_EQ(Decide(plan, 0, 11), SequentialDecision::kContinue);
  EXPECT_EQ(Decide(plan, 7, 7), SequentialDecision::kFails);  // 7·log 3 = 7.69 ≥ log 1000
  EXPECT_EQ(Decide(plan, 6, 6), SequentialDecision::kContinue);
  EXPECT_EQ(Decide(plan, 10, 50), SequentialDecision::kInconclusive);
  EXPECT_THROW(Decide({0.3, 0.1, 1e-3, kSprtBeta, 50}, 0, 1), InvalidInput);
  EXPECT_THROW(Decide(plan, 0, 51), InvalidInput);
  EXPECT_THROW(Operate(plan, 1.5), InvalidInput);
}

}  // namespace sequential_test_test
}  // namespace boa
