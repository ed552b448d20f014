#pragma once
// The suite's error budget: the probability that CI fails although every statement is as the
// catalog expects (README § Verdicts, "The suite's error budget"). CI fails on any verdict other
// than a claim's expected one and on any failed statistical test, so every way to miss is a term:
//
//   fails          a probabilistic claim that holds, falsely failed at its boundary rate δ (≤ α)
//   inconclusive   the same claim reaching its cap undecided at δ
//   health         over the health limit (more than 9 of 10 draws rejected; a filter not in the
//                  statement: more than half), at the record's rejection rate (95% upper bound),
//                  summed over every count at which the run can stop (a union bound)
//   finding        a finding that does not fail at its record's rate (one-sided 95% lower bound)
//   scaling        a scaling claim's verdict other than the expected one (its planned error)
//   σ gate         a scaling run whose replicates put σ above its plan's bound at p < α
//                  (exponent_plan.hpp kSigmaGateLevel; at most α while σ ≤ the bound)
//   generator test a statistical test of the generators or of the PyTorch peer's test error (each
//                  at α = 1e-6, fixed seeds)
//
// A claim judged per cell (cells.hpp) has its terms per cell, named "<id>@<cell>": each cell's
// fails, inconclusive and health terms (a union bound over the cells, which share seeds); a
// finding's "finding" term is the smallest miss among its failing cells.
// Each term is computed exactly from the plan that CI runs (Operate, binomial tails); the sum is
// what `suite_false_alarm` in summary.json reports and a unit test bounds by kSuiteFalseAlarm.
#include <string>
#include <vector>

#include "boa/claim.hpp"
#include "boa/sequential_test.hpp"

namespace boa {

struct ErrorTerm {
  std::string source;  // a claim id or a test file
  std::string kind;  // fails | inconclusive | health | finding | scaling | σ gate | generator test
  double probability = 0;
};

struct ErrorBudget {
  std::vector<ErrorTerm> terms;
  double total = 0;
};

// The terms of every statistical claim in `claims` at CI's plans, and the generator tests.
ErrorBudget SuiteErrorBudget(const std::vector<Claim>& claims);

// P[the health check fails] for a sequential plan whose draws fall outside the hypothesis
// independently with probability `rejection_rate`, under a health limit of D =
// `draws_per_instance` draws per counted instance (HealthDrawsPerInstance: 10, or 2 for a filter
// not in the statement): the union over every count N at which the run can stop of P[more than
// (D − 1)·N rejections before the N-th instance], plus the draw limit's (D·cap draws with fewer
// instances than the earliest stop).
double HealthFailureBound(const SequentialPlan& plan, double rejection_rate,
                          int draws_per_instance = kHealthDrawsPerInstance);

// The measured counterpart of a probabilistic claim's terms: P[CI's verdict is not the expected
// one] at the claim's recorded failure rate, taken at the end of its one-sided 95% interval that
// is worse for the expectation (the upper bound for a claim expected to hold, the lower bound for
// a finding). The budget's promise is made at δ; a claim whose true rate lies between δ and δ₁
// keeps it while CI's verdict on it is not robust — this number shows where.
double RiskAtRecordedRate(const Claim& claim);

// The smallest number of instances after which `plan` can stop (all pass, or all fail).
int EarliestStop(const SequentialPlan& plan);

// The statistical tests of the generators and of the peer, with their check counts as each file
// states them.
struct GeneratorTest {
  const char* file;
  int checks;
  double alpha;
};
const std::vector<GeneratorTest>& GeneratorTests();

}  // namespace boa
