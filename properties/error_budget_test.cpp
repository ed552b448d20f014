// error_budget: the suite's false-alarm budget (error_budget.hpp) within kSuiteFalseAlarm, its
// terms as stated, and the health term's union bound against the runner's own health check.
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/error_budget.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/rng.hpp"
#include "boa/runner.hpp"
#include "paths.hpp"

namespace boa {
namespace error_budget_test {

// The budget CI runs under: every term listed, their sum within the suite's bound.
TEST(ErrorBudget, TheSuiteStaysWithinItsFalseAlarmBound) {
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  double sum = 0;
  for (const ErrorTerm& t : budget.terms) {
    EXPECT_GE(t.probability, 0) << t.source << " " << t.kind;
    sum += t.probability;
  }
  EXPECT_DOUBLE_EQ(sum, budget.total);
  EXPECT_LE(budget.total, kSuiteFalseAlarm);
  // Each claim's terms are within 2α, except a finding whose pre-registered plan cannot reach it
  // at any cap (runner_test: within 10% of its floor), which the report lists as fragile.
  // A cell's terms ("<id>@<cell>") are within its share 2α/K.
  for (const ErrorTerm& t : budget.terms) {
    if (t.kind == "generator test") continue;
    const Claim& unit = FindClaim(t.source);
    const bool fragile_finding =
        t.kind == "finding" && RiskAtRecordedRate(unit) > ClaimErrorBudget(unit);
    if (!fragile_finding) {
      EXPECT_LE(t.probability, ClaimErrorBudget(unit)) << t.source << " " << t.kind;
    }
  }
}

// Every statistical claim contributes its terms: probabilistic claims a health term and either
// fails + inconclusive (expected to hold) or finding; scaling claims their plan's and the σ gate.
// A claim judged per cell has them per cell ("<id>@<cell>"): a health term each, fails and
// inconclusive each where the claim holds, and one finding term, a failing cell's, where it fails.
TEST(ErrorBudget, EveryStatisticalClaimHasItsTerms) {
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  for (const Claim& claim : Catalog()) {
    std::multiset<std::string> kinds;
    for (const ErrorTerm& t : budget.terms) {
      if (t.source == claim.id) kinds.insert(t.kind);
    }
    if (claim.kind == ClaimKind::kProbabilistic) {
      const bool finding = claim.expected == Expectation::kFails;
      int findings = 0;
      for (const Claim& unit : JudgedUnits(claim)) {
        std::multiset<std::string> unit_kinds;
        for (const ErrorTerm& t : budget.terms) {
          if (t.source == unit.id) unit_kinds.insert(t.kind);
        }
        EXPECT_EQ(unit_kinds.count("health"), 1u) << unit.id;
        EXPECT_EQ(unit_kinds.count("fails"), finding ? 0u : 1u) << unit.id;
        EXPECT_EQ(unit_kinds.count("inconclusive"), finding ? 0u : 1u) << unit.id;
        if (unit_kinds.count("finding") > 0) {
          EXPECT_EQ(unit.expected, Expectation::kFails) << unit.id;
          ++findings;
        }
      }
      EXPECT_EQ(findings, finding ? 1 : 0) << claim.id;
    } else if (claim.kind == ClaimKind::kScaling) {
      EXPECT_EQ(kinds.count("scaling"), 1u) << claim.id;
      EXPECT_EQ(kinds.count("σ gate"), 1u) << claim.id;
      EXPECT_EQ(kinds.size(), 2u) << claim.id;
    } else {
      EXPECT_TRUE(kinds.empty()) << claim.id;
    }
  }
}

// The earliest stop by hand: with δ = 0.1, δ₁ = 0.3, α = 1e-3 a failure adds log 3 to the
// log-likelihood ratio, so 7 failures (7·log 3 = 7.69 ≥ log 1000 = 6.91, 6·log 3 = 6.59 is not)
// are the fastest way to stop; at cap 5 the cap comes first.
TEST(ErrorBudget, EarliestStopByHand) {
  SequentialPlan plan{0.1, 0.3, 1e-3, kSprtBeta, 50};
  EXPECT_EQ(EarliestStop(plan), 7);
  plan.cap = 5;
  EXPECT_EQ(EarliestStop(plan), 5);
}

// At cap 1 the health bound has a closed form: the run can stop only at its first instance, so
// the union is that count's term, P[more than D − 1 rejections before it] = ρ^D, plus the draw
// limit's, P[D draws without an instance] = ρ^D: 2ρ^D in all.
TEST(ErrorBudget, HealthBoundAtCapOneIsItsClosedForm) {
  const SequentialPlan plan{0.1, 0.3, 1e-3, kSprtBeta, 1};
  EXPECT_NEAR(HealthFailureBound(plan, 0.5, 10), 2 * std::pow(0.5, 10), 1e-15);
  EXPECT_NEAR(HealthFailureBound(plan, 0.2, 2), 2 * 0.04, 1e-15);
}

// The budget's terms are the plans' own operating points, recomputed here: a holding claim's
// "fails" and "inconclusive" at δ (Operate), a scaling claim's term and σ gate, each generator
// test's checks × α, and a claim's risk at its recorded rate.
TEST(ErrorBudget, EachTermIsItsPlansOperatingPoint) {
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  std::map<std::pair<std::string, std::string>, double> term;
  for (const ErrorTerm& t : budget.terms) term[{t.source, t.kind}] = t.probability;
  int holding = 0, scaling = 0;
  for (const Claim& c : Catalog()) {
    if (c.kind == ClaimKind::kScaling) {
      ++scaling;
      EXPECT_EQ(term.at({c.id, "scaling"}), ScalingBudgetTerm(c)) << c.id;
      EXPECT_EQ(term.at({c.id, "σ gate"}), kSigmaGateLevel) << c.id;
      EXPECT_EQ(ScalingMissBound(c), 2 * c.alpha) << c.id;
      EXPECT_EQ(ScalingBudgetTerms(Catalog()).at(c.id), ScalingBudgetTerm(c)) << c.id;
      continue;
    }
    if (c.kind != ClaimKind::kProbabilistic || !c.cells.empty() ||
        c.expected != Expectation::kHolds) {
      continue;
    }
    ++holding;
    const SequentialPlan plan = PlanOf(c, CiInstances(c));
    const OperatingPoint at_delta = Operate(plan, c.delta);
    EXPECT_EQ(term.at({c.id, "fails"}), at_delta.fails) << c.id;
    EXPECT_EQ(term.at({c.id, "inconclusive"}), at_delta.inconclusive) << c.id;
    const RateRecord& r = *c.rate_record;
    EXPECT_EQ(RiskAtRecordedRate(c), ErrorRate(plan, ExpectedDecision::kHolds,
                                               ClopperPearsonUpper(r.failures, r.instances, 0.05)))
        << c.id;
  }
  EXPECT_GT(holding, 10);
  EXPECT_GT(scaling, 10);
  for (const GeneratorTest& g : GeneratorTests()) {
    EXPECT_NEAR(term.at({g.file, "generator test"}), g.checks * g.alpha, 1e-18) << g.file;
  }
}

// Each generator test file states its check count ("N checks in all") and its level ("α = 1e-6")
// where the budget reads them.
TEST(ErrorBudget, GeneratorTestCountsAreTheFilesOwn) {
  for (const GeneratorTest& test : GeneratorTests()) {
    std::ifstream file(testing::SourceDir() / test.file);
    ASSERT_TRUE(file) << test.file;
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_NE(text.str().find(std::to_string(test.checks) + " checks in all"), std::string::npos)
        << test.file << " does not say it makes " << test.checks << " checks";
    // …and its level, written m·10^−e as the files write it ("α = 1e-6").
    const int exponent = static_cast<int>(std::floor(std::log10(test.alpha) + 1e-9));
    const long mantissa = std::lround(test.alpha / std::pow(10.0, exponent));
    const std::string level = "α = " + std::to_string(mantissa) + "e-" + std::to_string(-exponent);
    EXPECT_NE(text.str().find(level), std::string::npos)
        << test.file << " does not state its level " << level;
  }
}

// A claim judged per cell splits its error budget 2α over its K cells: each cell's plan keeps its
// terms within 2α/K, so the claim's sum stays within 2α (up to a finding's floor, as above).
TEST(ErrorBudget, CellsSplitTheClaimsBudget) {
  const ErrorBudget budget = SuiteErrorBudget(Catalog());
  int celled = 0;
  for (const Claim& claim : Catalog()) {
    if (claim.cells.empty() || claim.expected == Expectation::kFails) continue;
    ++celled;
    double sum = 0;
    for (const Claim& unit : JudgedUnits(claim)) {
      EXPECT_DOUBLE_EQ(unit.alpha, claim.alpha / static_cast<double>(claim.cells.size()));
      double unit_sum = 0;
      for (const ErrorTerm& t : budget.terms) {
        if (t.source == unit.id && t.kind != "health") unit_sum += t.probability;
      }
      EXPECT_LE(unit_sum, ClaimErrorBudget(unit)) << unit.id;
      sum += unit_sum;
    }
    EXPECT_LE(sum, ClaimErrorBudget(claim)) << claim.id;  // 2α of the claim's own α
  }
  EXPECT_GT(celled, 0);  // the test tests something
}

// Runs a made-up claim that rejects each draw with probability `rejection_rate` under the health
// limit of its declared rejection kind, and returns the bound and the unhealthy count of 4000 runs.
std::pair<double, int> HealthBoundAndRuns(Rejection rejection, double rejection_rate) {
  Claim claim;
  claim.id = "test.rejecting";
  claim.kind = ClaimKind::kProbabilistic;
  claim.delta = 0.1;
  claim.delta_alt = 0.3;
  claim.rejection = rejection;
  claim.check = [rejection_rate](const Params&, std::uint64_t seed, Engine) {
    Rng rng(seed, kRegime);
    Outcome o;
    o.in_hypothesis = rng.Uniform() >= rejection_rate;
    return o;
  };
  const SequentialPlan plan = PlanOf(claim, 40);
  const double bound = HealthFailureBound(plan, rejection_rate, HealthDrawsPerInstance(claim));
  int unhealthy = 0;
  for (int r = 0; r < 4000; ++r) {
    RunOptions o;
    o.instances = plan.cap;
    o.seed_base = 1 + 1000ULL * r;
    o.shrink = false;
    unhealthy += !RunClaim(claim, o).healthy;
  }
  return {bound, unhealthy};
}

// The health term bounds the runner's health failures: 4000 runs of a claim whose draws fall
// outside its hypothesis with probability 0.85 (0.4 for a filter, held to at most half rejected)
// fail the health check no more often than the bound says (a one-sided binomial check at 1e-6:
// the count may exceed 4000·bound by 4.75 sd at most).
TEST(ErrorBudget, HealthBoundCoversTheRunnersHealthCheck) {
  const int runs = 4000;
  for (const auto& [rejection, rate] :
       {std::pair{Rejection::kBeforeOutcome, 0.85}, std::pair{Rejection::kAfterFilter, 0.4}}) {
    const auto [bound, unhealthy] = HealthBoundAndRuns(rejection, rate);
    const double sd = std::sqrt(runs * bound * (1 - bound));
    EXPECT_LE(unhealthy, runs * bound + 4.75 * sd) << ToString(rejection) << ": bound " << bound;
    EXPECT_GT(bound, 0.01) << ToString(rejection);  // a setting where the health check fails
  }
  Claim claim;
  claim.delta = 0.1;
  claim.delta_alt = 0.3;
  const SequentialPlan plan = PlanOf(claim, 40);
  EXPECT_EQ(HealthFailureBound(plan, 0), 0);
  EXPECT_LT(HealthFailureBound(plan, 0.5), 1e-9);
  // A filter not in the statement is held to at most half its draws rejected: 0.5 is its limit.
  EXPECT_GT(HealthFailureBound(plan, 0.5, kFilterHealthDrawsPerInstance), 0.1);
  EXPECT_LT(HealthFailureBound(plan, 0.1, kFilterHealthDrawsPerInstance), 1e-6);
}

}  // namespace error_budget_test
}  // namespace boa
