#include "boa/error_budget.hpp"

#include <algorithm>
#include <optional>

#include <boost/math/distributions/binomial.hpp>

#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace {

// The rejection rate's one-sided 95% upper bound from a claim's rate record.
double RejectionRateUpper(const RateRecord& record) {
  return ClopperPearsonUpper(record.rejected, record.instances + record.rejected, 0.05);
}

void Add(ErrorBudget& budget, const std::string& source, const std::string& kind, double p) {
  budget.terms.push_back({source, kind, p});
  budget.total += p;
}

}  // namespace

int EarliestStop(const SequentialPlan& plan) {
  for (int n = 1; n <= plan.cap; ++n) {
    if (Decide(plan, 0, n) != SequentialDecision::kContinue ||
        Decide(plan, n, n) != SequentialDecision::kContinue) {
      return n;
    }
  }
  return plan.cap;
}

double HealthFailureBound(const SequentialPlan& plan, double rejection_rate,
                          int draws_per_instance) {
  Require(rejection_rate >= 0 && rejection_rate <= 1, "a rejection rate must be in [0, 1]");
  Require(draws_per_instance >= 2, "a health limit allows at least 2 draws per instance");
  if (rejection_rate == 0) return 0;
  if (rejection_rate == 1) return 1;
  // With D draws per instance: more than (D − 1)·N rejections before the N-th instance ⟺ fewer
  // than N instances in D·N draws.
  const long per = draws_per_instance;
  auto fewer_than = [&](int instances, long draws) {
    return boost::math::cdf(boost::math::binomial(static_cast<double>(draws), 1 - rejection_rate),
                            instances - 1.0);
  };
  const int earliest = EarliestStop(plan);
  double bound = fewer_than(earliest, per * plan.cap);  // the draw limit ends the run early
  for (int n = earliest; n <= plan.cap; ++n) bound += fewer_than(n, per * n);
  return std::min(bound, 1.0);
}

double RiskAtRecordedRate(const Claim& claim) {
  if (!claim.cells.empty()) {
    // Holds: any cell's miss misses (a union bound); a finding: it fails if its likeliest
    // failing cell does.
    double sum = 0, least = 1;
    for (const Claim& cell : JudgedUnits(claim)) {
      if (claim.expected == Expectation::kHolds) sum += RiskAtRecordedRate(cell);
      if (cell.expected == Expectation::kFails) least = std::min(least, RiskAtRecordedRate(cell));
    }
    return claim.expected == Expectation::kHolds ? std::min(sum, 1.0) : least;
  }
  Require(claim.kind == ClaimKind::kProbabilistic && claim.rate_record.has_value(),
          "claim " + claim.id + " has no rate record");
  const RateRecord& r = *claim.rate_record;
  const SequentialPlan plan = PlanOf(claim, CiInstances(claim));
  if (claim.expected == Expectation::kFails) {
    return ErrorRate(plan, ExpectedDecision::kFails, FindingRateLowerBound(claim));
  }
  return ErrorRate(plan, ExpectedDecision::kHolds,
                   ClopperPearsonUpper(r.failures, r.instances, 0.05));
}

const std::vector<GeneratorTest>& GeneratorTests() {
  // Each file's header comment states its count; a unit test reads it there.
  static const std::vector<GeneratorTest> tests = {
      {"properties/data_moments_test.cpp", 12, 1e-6},
      {"properties/gram_sampling_test.cpp", 20, 1e-6},
      {"properties/projected_test_error_test.cpp", 9, 1e-6},
      {"properties/cnn_gram_sampling_test.cpp", 18, 1e-6},
      {"properties/cnn_run_test.cpp", 6, 1e-6},
      // The level and power checks of the path fit test and of the scaling runs' σ check.
      {"properties/finding_class_test.cpp", 2, 1e-6},
      {"properties/runner_test.cpp", 2, 5e-7},
      // The PyTorch peer's z-tests of test error and generator moments (label peer, run by CI).
      // Their level is peer_alpha.py's, halved to 5e-7 when the suite's promise ran out of room.
      {"benchmarks/peers/autograd_check.sh", 62, 5e-7},
  };
  return tests;
}

ErrorBudget SuiteErrorBudget(const std::vector<Claim>& claims) {
  ErrorBudget budget;
  for (const Claim& claim : claims) {
    if (claim.kind == ClaimKind::kScaling) {
      Add(budget, claim.id, "scaling", ScalingBudgetTerm(claim));  // from its recorded σ
      // CI also fails when the run's own replicates put σ above its bound (exponent_plan.hpp).
      Add(budget, claim.id, "σ gate", kSigmaGateLevel);
      continue;
    }
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    // Per judged unit: the claim, or each of its cells (cells.hpp), whose terms add up (a union
    // bound). A finding judged per cell fails if any cell fails, so its term is the smallest
    // miss of its failing cells; its cells that hold cannot take the "fails" away (a false
    // "fails" or an "inconclusive" there leaves the claim's verdict "fails").
    std::optional<ErrorTerm> finding;
    for (const Claim& unit : JudgedUnits(claim)) {
      const SequentialPlan plan = PlanOf(unit, CiInstances(unit));
      if (unit.expected == Expectation::kFails) {
        const double miss = ErrorRate(plan, ExpectedDecision::kFails, FindingRateLowerBound(unit));
        if (!finding || miss < finding->probability) finding = ErrorTerm{unit.id, "finding", miss};
      } else if (claim.expected == Expectation::kHolds) {
        const OperatingPoint at_delta = Operate(plan, unit.delta);
        Add(budget, unit.id, "fails", at_delta.fails);
        Add(budget, unit.id, "inconclusive", at_delta.inconclusive);
      }
      Require(unit.rate_record.has_value(),
              "claim " + unit.id + " has no rate record (`./boa measure rates --claims " +
                  claim.id + "`)");
      Add(budget, unit.id, "health",
          HealthFailureBound(plan, RejectionRateUpper(*unit.rate_record),
                             HealthDrawsPerInstance(unit)));
    }
    if (finding) Add(budget, finding->source, finding->kind, finding->probability);
  }
  for (const GeneratorTest& test : GeneratorTests()) {
    Add(budget, test.file, "generator test", test.checks * test.alpha);
  }
  return budget;
}

}  // namespace boa
