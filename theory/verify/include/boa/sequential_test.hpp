#pragma once
// The verdict of a probabilistic claim: Wald's sequential probability ratio test (SPRT) of
//   H0: failure rate ≤ δ       ("holds")
//   H1: failure rate ≥ δ₁ > δ  ("fails"; δ₁ is the smallest breakage the run must catch)
// on a stream of independent instances, truncated at a cap (README § Verdicts).
//
// After N instances with k failures the log likelihood ratio is
//   Λ(k, N) = k·log(δ₁/δ) + (N − k)·log((1 − δ₁)/(1 − δ)).
// The run stops and FAILS the claim as soon as Λ ≥ log(1/α), stops and HOLDS as soon as
// Λ ≤ log β, and is INCONCLUSIVE when it reaches the cap in between.
//
// Guarantees, exact rather than Wald's approximations: under H0 the likelihood ratio e^Λ is a
// non-negative martingale with mean 1, so by Ville's inequality P_δ[fails] ≤ α whatever the cap;
// symmetrically P_δ₁[holds] ≤ β. Truncation only adds inconclusive mass, which Operate() computes
// exactly (a dynamic programme over (N, k)), so the power P_δ₁[fails] of every plan that runs is
// a computed number, not an asymptotic promise. Both error rates are monotone in the true rate
// (the Bernoulli family has monotone likelihood ratio), so the guarantees cover every rate ≤ δ
// and ≥ δ₁.
#include <string>
#include <vector>

namespace boa {

// Wald's acceptance boundary: a claim that is broken at δ₁ reads "holds" with probability ≤ 5%.
inline constexpr double kSprtBeta = 0.05;

struct SequentialPlan {
  double delta = 0;      // H0: failure rate ≤ δ
  double delta_alt = 0;  // H1: failure rate ≥ δ₁
  double alpha = 0;      // P_δ[fails] ≤ α
  double beta = kSprtBeta;
  int cap = 0;  // the most instances the run draws before it says "inconclusive"
};
// Throws InvalidInput unless 0 < δ < δ₁ < 1, 0 < α < 1, 0 < β < 1 and cap ≥ 1.
void ValidatePlan(const SequentialPlan& plan);

enum class SequentialDecision { kContinue, kHolds, kFails, kInconclusive };
std::string ToString(SequentialDecision decision);

// The decision after `trials` instances with `failures` failures (kInconclusive only at the cap).
SequentialDecision Decide(const SequentialPlan& plan, int failures, int trials);

// The plan's exact behaviour when every instance fails independently with probability `rate`.
struct OperatingPoint {
  double fails = 0;         // P[the run fails the claim]
  double holds = 0;         // P[the run says holds]
  double inconclusive = 0;  // P[the run reaches the cap undecided]
  double mean_trials = 0;   // expected number of instances drawn
};
OperatingPoint Operate(const SequentialPlan& plan, double rate);

// The power of the plan: P_δ₁[fails].
double Power(const SequentialPlan& plan);

// Where a run stops, stage by stage, when every instance fails with probability `rate`:
// fails_at[n] and holds_at[n] are P[the run decides at instance n] (index 0 unused), and
// undecided[k] is P[the run reaches the cap with k failures]. The exact law behind Operate.
struct StoppingLaw {
  std::vector<double> fails_at, holds_at, undecided;
};
StoppingLaw StoppingDistribution(const SequentialPlan& plan, double rate);

// The exact (1 − 2·tail) confidence interval on the failure rate after a sequential stop, by the
// stage-wise ordering of the outcomes (Siegmund 1978; Jennison & Turnbull 2000, §8.4): an earlier
// "fails" is more extreme than a later one, then the cap's outcomes by their failures, then a
// later "holds" before an earlier one. Each bound solves P_p[an outcome at least as extreme] =
// tail. A fixed-N Clopper–Pearson interval ignores the stopping rule and covers 93–99%.
// `trials` ≤ plan.cap; a run stopped early by the draw limit is truncated at its own count.
struct RateInterval {
  double lower = 0, upper = 1;
};
RateInterval SequentialInterval(const SequentialPlan& plan, int failures, int trials,
                                double tail = 0.025);

// The catalog-wide cap rule (README § Verdicts): the smallest cap at which
//   (a) the plan has power ≥ 0.9 at δ₁ (P_δ₁[fails]), and
//   (b) the plan errs with probability ≤ `budget` at `rate` — for a claim expected to hold,
//       P_δ[fails or inconclusive] at its δ; for a finding, P_r[holds or inconclusive] at its
//       measured rate's lower bound r.
// Both fall monotonically as the cap grows (the stopping regions only widen). No cap brings (b)
// below the plan's floor, its error with an unbounded cap (≤ α for a claim that holds; for a
// finding whose r is close to the test's zero-drift rate, possibly above the budget): the rule
// then asks for 1.1 × the floor, and the error budget carries the larger term.
enum class ExpectedDecision { kHolds, kFails };
int CapFor(SequentialPlan plan, ExpectedDecision expected, double rate, double budget);
// The plan's error with an unbounded cap (evaluated at kFloorCap instances).
inline constexpr int kFloorCap = 100000;
double ErrorFloor(SequentialPlan plan, ExpectedDecision expected, double rate);
// P[the plan's verdict is not `expected`] at `rate`.
double ErrorRate(const SequentialPlan& plan, ExpectedDecision expected, double rate);

}  // namespace boa
