// runner: identity verdicts, probabilistic verdicts, NaN handling, and shrinking — a deliberately
// false predicate is shrunk to a small instance whose replay line reproduces the failure.
#include <algorithm>
#include <cmath>
#include <sstream>

#include <gtest/gtest.h>
#include <boost/math/distributions/binomial.hpp>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/rate_records.hpp"
#include "boa/rng.hpp"
#include "boa/runner.hpp"
#include "boa/sequential_test.hpp"
#include "boa/stats.hpp"

namespace boa {
namespace runner_test {

// "Every n·d is below 40" — false, and its minimal counterexamples are easy to state.
Claim FalseClaim() {
  Claim c;
  c.id = "test.false.product";
  c.kind = ClaimKind::kIdentity;
  c.regime = {{"n", 2, 50}, {"d", 3, 60}, {"eta", 0, 99, 0.01}};
  c.check = [](const Params& p, std::uint64_t, Engine) {
    const int product = IntParam(p, "n") * IntParam(p, "d");
    return Outcome{product < 40, {{"product", product}}, "n·d = " + std::to_string(product)};
  };
  c.instances = 50;
  return c;
}

// Parses the --params and --seed of a replay line.
std::pair<Params, std::uint64_t> ParseReplay(const std::string& line) {
  std::istringstream words(line);
  std::string word, params;
  std::uint64_t seed = 0;
  while (words >> word) {
    if (word == "--params") words >> params;
    if (word == "--seed") words >> seed;
  }
  return {ParseParams(params), seed};
}

TEST(Runner, ShrinksAFalsePredicateToAMinimalInstanceThatReplays) {
  const Claim claim = FalseClaim();
  const Verdict v = RunClaim(claim, {});
  ASSERT_EQ(v.status, Status::kFails);
  ASSERT_TRUE(v.counterexample.has_value());
  const Params& p = v.counterexample->params;
  // Minimal: n·d ≥ 40, and neither n nor d can drop by one without making the claim true.
  const int n = IntParam(p, "n"), d = IntParam(p, "d");
  EXPECT_GE(n * d, 40);
  EXPECT_LT((n - 1) * d, 40);
  EXPECT_LT(n * (d - 1), 40);
  EXPECT_EQ(RealParam(p, "eta"), 0.0);  // irrelevant parameters shrink to the regime's low end
  // The printed replay line reproduces the failure exactly.
  const auto [params, seed] = ParseReplay(v.counterexample->replay);
  EXPECT_EQ(params, p);
  RunOptions replay;
  replay.instances = 1;
  replay.seed_base = seed;
  replay.fixed = params;
  const Verdict again = RunClaim(claim, replay);
  EXPECT_EQ(again.status, Status::kFails);
  EXPECT_EQ(again.failures, 1);
}

// A parameter the caller fixed (--params) is the setting asked about: the shrink leaves it.
TEST(Runner, ShrinkLeavesTheCallersFixedParameters) {
  RunOptions options;
  options.fixed = {{"d", 50.0}, {"eta", 0.5}};
  const Verdict v = RunClaim(FalseClaim(), options);
  ASSERT_TRUE(v.counterexample.has_value());
  EXPECT_EQ(v.counterexample->params.at("d"), 50.0);
  EXPECT_EQ(v.counterexample->params.at("eta"), 0.5);
  EXPECT_EQ(IntParam(v.counterexample->params, "n"), 2);  // every n fails at d = 50: the low end
}

TEST(Runner, IdentityClaimHoldsWhenNoInstanceFails) {
  Claim c = FalseClaim();
  c.check = [](const Params&, std::uint64_t, Engine) { return Outcome{true, {{"x", 1.0}}, ""}; };
  const Verdict v = RunClaim(c, {});
  EXPECT_EQ(v.status, Status::kHolds);
  EXPECT_EQ(v.instances, 50);
  EXPECT_EQ(v.measured.at("x_mean"), 1.0);
  EXPECT_FALSE(v.counterexample.has_value());
}

// Fails on every seed divisible by `period`: a failure rate of 1/period.
Claim PeriodicClaim(int period) {
  Claim c = FalseClaim();
  c.kind = ClaimKind::kProbabilistic;
  c.delta = 0.1;
  c.delta_alt = 0.3;
  c.instances = Claim{}.instances;  // a probabilistic claim's cap follows the cap rule
  c.check = [period](const Params&, std::uint64_t seed, Engine) {
    return Outcome{seed % period != 0, {}, "unlucky seed"};
  };
  return c;
}

TEST(Runner, ProbabilisticVerdictIsTheSequentialTestsDecision) {
  RunOptions o;
  o.shrink = false;
  const Verdict holds = RunClaim(PeriodicClaim(20), o);  // 5% failures ≤ δ = 10%
  EXPECT_EQ(holds.status, Status::kHolds);
  EXPECT_LT(holds.instances, CiInstances(PeriodicClaim(20)));  // it stopped when evidence decided
  const Verdict fails = RunClaim(PeriodicClaim(2), o);         // 50% failures ≥ δ₁ = 30%
  EXPECT_EQ(fails.status, Status::kFails);
  EXPECT_LT(fails.instances, CiInstances(PeriodicClaim(2)));
  EXPECT_GT(fails.rate_lower, 0.1);
  ASSERT_TRUE(fails.plan.has_value());
  EXPECT_GE(fails.plan->power, 0.9);
  // Between δ and δ₁ with a small cap the evidence cannot decide: inconclusive, never "holds".
  RunOptions capped = o;
  capped.instances = 30;
  const Verdict between = RunClaim(PeriodicClaim(5), capped);  // 20%
  EXPECT_EQ(between.status, Status::kInconclusive);
  EXPECT_EQ(between.plan->cap, 30);
}

// The verdict line and the plan report the realised operating point of the plan that ran (its cap
// truncates the SPRT), not the nominal β its boundaries are drawn at (issue 51): with a cap of 30
// the power falls far below 1 − β, and P_δ₁[holds] is what the run guarantees.
TEST(Runner, VerdictsReportTheRealisedOperatingPointAtTheirCap) {
  RunOptions capped;
  capped.shrink = false;
  capped.instances = 30;
  const Verdict v = RunClaim(PeriodicClaim(20), capped);
  ASSERT_TRUE(v.plan.has_value());
  SequentialPlan plan{v.plan->delta, v.plan->delta_alt, v.plan->alpha, v.plan->beta, 30};
  const OperatingPoint at_alt = Operate(plan, plan.delta_alt);
  EXPECT_DOUBLE_EQ(v.plan->realised_beta, at_alt.holds);
  EXPECT_DOUBLE_EQ(v.plan->realised_alpha, Operate(plan, plan.delta).fails);
  EXPECT_LE(v.plan->realised_alpha, v.plan->alpha);
  EXPECT_NEAR(v.plan->power + v.plan->realised_beta + at_alt.inconclusive, 1, 1e-12);
  EXPECT_LT(v.plan->power, 1 - v.plan->beta);  // the cap costs power: nominal β is not realised
  EXPECT_NE(v.summary.find("P_δ₁[holds] = "), std::string::npos) << v.summary;
  EXPECT_EQ(v.summary.find("β = "), std::string::npos) << v.summary;
}

// A "holds" whose estimate lies above δ excluded δ₁ and nothing more: it says so ("holds*"),
// while every expectation treats it as "holds".
TEST(Runner, AHoldsAboveDeltaIsQualified) {
  Claim c = PeriodicClaim(6);  // 1/6 ≈ 0.17 > δ = 0.1, far below δ₁ = 0.6
  c.delta_alt = 0.6;
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    return Outcome{seed % 6 != 1, {}, "unlucky seed"};  // the first instance fails
  };
  RunOptions o;
  o.shrink = false;
  const Verdict v = RunClaim(c, o);
  ASSERT_EQ(v.status, Status::kHolds);
  EXPECT_GT(static_cast<double>(v.failures) / v.instances, c.delta);
  EXPECT_EQ(v.qualifier, "indifference");
  EXPECT_EQ(VerdictLabel(v), "holds*");
  EXPECT_NE(v.summary.find("neither confirmed nor refuted"), std::string::npos);
  EXPECT_TRUE(MatchesExpectation(c, v));
  EXPECT_EQ(FailingInstanceLabel(c, v), "a failing instance (allowed at rate δ)");
  // At or below δ the same verdict is a plain "holds".
  const Verdict plain = RunClaim(PeriodicClaim(20), o);
  EXPECT_TRUE(plain.qualifier.empty());
  EXPECT_EQ(VerdictLabel(plain), "holds");
}

// A run that the draw limit ends early reports the power of the truncated plan it ran, not the
// full cap's.
TEST(Runner, ARunEndedByTheDrawLimitReportsItsOwnPlan) {
  Claim c = PeriodicClaim(1000);
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    Outcome o;
    o.in_hypothesis = seed % 20 == 0;  // 95% rejected: the draw limit ends the run
    o.holds = seed / 20 % 5 != 0;      // 20% failures, between δ and δ₁: no early decision
    return o;
  };
  RunOptions o;
  o.instances = 100;
  o.shrink = false;
  const Verdict v = RunClaim(c, o);
  EXPECT_FALSE(v.healthy);
  EXPECT_LT(v.instances, 100);
  ASSERT_TRUE(v.plan.has_value());
  EXPECT_EQ(v.plan->cap, v.instances);
}

// Draws outside the hypothesis are not instances: they are counted as rejected, and a run in
// which more than 9 of 10 draws are rejected fails its health check.
TEST(Runner, DrawsOutsideTheHypothesisAreRejectedAndCounted) {
  auto rejecting = [](int keep_every) {
    Claim c = FalseClaim();
    c.check = [keep_every](const Params&, std::uint64_t seed, Engine) {
      Outcome o{false, {}, "would fail"};
      o.in_hypothesis = seed % keep_every == 0;
      if (o.in_hypothesis) o.holds = true;
      return o;
    };
    c.instances = 20;
    return RunClaim(c, {});
  };
  const Verdict half = rejecting(2);
  EXPECT_EQ(half.status, Status::kHolds);
  EXPECT_TRUE(half.healthy);
  EXPECT_EQ(half.instances, 20);
  EXPECT_EQ(half.rejected, 20);
  const Verdict starved = rejecting(20);  // 95% rejected
  EXPECT_FALSE(starved.healthy);
  EXPECT_EQ(starved.status, Status::kFails);
}

// Every probabilistic claim's run, at CI's cap and at every report budget, has power ≥ 0.9 at
// its δ₁ (computed exactly, sequential_test.hpp), states where δ and δ₁ come from, and the α of
// every statistical claim add up to at most the suite's false-alarm budget.
TEST(Runner, EveryProbabilisticClaimsPlanHasPowerAtItsBreakage) {
  double alpha_sum = 0;
  for (const Claim& claim : Catalog()) {
    if (claim.kind == ClaimKind::kProbabilistic || claim.kind == ClaimKind::kScaling) {
      alpha_sum += claim.alpha;
    }
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    EXPECT_FALSE(claim.delta_source.empty()) << claim.id << " does not say where δ comes from";
    EXPECT_TRUE(claim.delta > 0 && claim.delta < claim.delta_alt && claim.delta_alt < 1)
        << claim.id;
    // A claim judged per cell: every cell's plan (so a breakage δ₁ confined to one cell fails
    // the claim with probability ≥ 0.9).
    for (const Claim& unit : JudgedUnits(claim)) {
      for (const int cap :
           {CiInstances(unit), ClaimInstancesAt(unit, Budget::kQuick),
            ClaimInstancesAt(unit, Budget::kDefault), ClaimInstancesAt(unit, Budget::kFull)}) {
        EXPECT_GE(Power(PlanOf(unit, cap)), 0.9) << unit.id << " at cap " << cap;
      }
    }
  }
  EXPECT_LE(alpha_sum, kSuiteFalseAlarm);
}

// A scaling claim whose sweeps report exponent = centre + spread·z, z ~ N(0, 1) from the seed.
Claim SyntheticScalingClaim(double centre, double spread) {
  Claim c = FalseClaim();
  c.kind = ClaimKind::kScaling;
  c.regime = {};
  c.instances = 12;
  c.predicted_exponent = -0.5;
  c.deviation = kExponentDeviation;
  c.exponent_sd = 0.1;
  c.exponent_sd_replicates = 100;
  c.check = [centre, spread](const Params&, std::uint64_t seed, Engine) {
    Rng rng(seed);
    return Outcome{true, {{"exponent", centre + spread * rng.Normal()}}, ""};
  };
  return c;
}

// The runner reports the exponent test's three outcomes, and the powers planned from the
// claim's recorded σ for the replicates that ran — the same whatever the run's own spread.
TEST(Runner, ScalingVerdictsHaveThreeOutcomesAndPlannedPowers) {
  RunOptions o;
  o.shrink = false;
  const Verdict holds = RunClaim(SyntheticScalingClaim(-0.52, 0.02), o);
  const Verdict fails = RunClaim(SyntheticScalingClaim(-0.9, 0.02), o);
  const Verdict noisy = RunClaim(SyntheticScalingClaim(-0.5, 1.0), o);
  EXPECT_EQ(holds.status, Status::kHolds) << holds.summary;
  EXPECT_EQ(fails.status, Status::kFails) << fails.summary;
  EXPECT_EQ(noisy.status, Status::kInconclusive) << noisy.summary;
  const ExponentPlanning planned = PlanScalingClaim(SyntheticScalingClaim(0, 0), 12);
  for (const Verdict& v : {holds, fails, noisy}) {
    ASSERT_TRUE(v.plan.has_value());
    EXPECT_EQ(v.plan->power_holds, planned.power_holds);
    EXPECT_EQ(v.plan->power_fails, planned.power_fails);
    EXPECT_EQ(v.plan->power, v.plan->power_fails);
  }
  // The line leads with the estimate ± SE and whether its 90% interval contains κ₀, before the
  // decision (issue 51 item 4); a run whose replicate sd exceeds the plan's σ bound says so.
  EXPECT_LT(holds.summary.find(" ± "), holds.summary.find("decision: ")) << holds.summary;
  EXPECT_NE(holds.summary.find("excludes the predicted -0.5"), std::string::npos)
      << holds.summary;  // -0.52 with sd 0.02 over 12 sweeps: 90% interval ≈ ±0.01
  EXPECT_NE(fails.summary.find("excludes the predicted"), std::string::npos) << fails.summary;
  EXPECT_EQ(holds.summary.find("do not apply"), std::string::npos) << holds.summary;
  EXPECT_NE(noisy.summary.find("the planned powers below do not apply"), std::string::npos)
      << noisy.summary;  // sd 1.0 against the recorded σ = 0.1
  EXPECT_NEAR(noisy.measured.at("exponent_sd"), 1.0, 0.5);
  EXPECT_LT(noisy.plan->sd_p_value, kSigmaGateLevel) << noisy.summary;
  EXPECT_NE(noisy.summary.find("CI fails: re-measure σ"), std::string::npos) << noisy.summary;
  EXPECT_GT(holds.plan->sd_p_value, kSigmaFlagLevel) << holds.summary;
  // No recorded σ, no planned power: NaN, which ctest's power check refuses.
  Claim unplanned = SyntheticScalingClaim(-0.52, 0.02);
  unplanned.exponent_sd = 0;
  EXPECT_TRUE(std::isnan(RunClaim(unplanned, o).plan->power));
}

// The σ check is the one-sided χ² test of σ ≤ b: its closed form at one point, its level on
// simulated replicates drawn at σ = b, and its power at σ = 2b (P[χ²₁₁ ≥ 19.68/4] ≈ 0.93), each by
// an exact binomial test at α = 5e-7 (2 checks in all; error_budget.hpp counts them).
int SigmaFlags(double sigma, std::uint64_t seed) {
  constexpr int kRuns = 2000, kReplicates = 12;
  Rng rng(seed);
  int flagged = 0;
  for (int run = 0; run < kRuns; ++run) {
    double sum = 0, squares = 0;
    for (int k = 0; k < kReplicates; ++k) {
      const double x = sigma * rng.Normal();
      sum += x;
      squares += x * x;
    }
    const double sd = std::sqrt((squares - sum * sum / kReplicates) / (kReplicates - 1));
    flagged += SdAboveBoundPValue(sd, kReplicates, 1.0) < kSigmaFlagLevel ? 1 : 0;
  }
  return flagged;
}

TEST(Runner, SigmaCheckIsTheChiSquareTestAtItsLevel) {
  // 9 sweeps with s = 2b: (N − 1)s²/b² = 32 on 8 degrees of freedom; P[χ²₈ ≥ 32] =
  // e^{−16}·Σ_{k<4} 16^k/k! (the closed form for even degrees of freedom).
  EXPECT_NEAR(SdAboveBoundPValue(2.0, 9, 1.0), std::exp(-16.0) * (1 + 16 + 128 + 4096.0 / 6),
              1e-12);
  EXPECT_NEAR(SdAboveBoundPValue(1.0, 9, 1.0), std::exp(-4.0) * (1 + 4 + 8 + 64.0 / 6), 1e-12);
  EXPECT_THROW(SdAboveBoundPValue(1.0, 1, 1.0), InvalidInput);
  const boost::math::binomial_distribution<> at_level(2000, kSigmaFlagLevel);
  const int at_bound = SigmaFlags(1.0, 20261205);
  EXPECT_LE(at_bound, boost::math::quantile(boost::math::complement(at_level, 5e-7)))
      << at_bound << " of 2000 runs at σ = b flagged";
  const boost::math::binomial_distribution<> at_power(2000, 0.9);
  const int above = SigmaFlags(2.0, 20261206);
  EXPECT_GE(above, boost::math::quantile(at_power, 5e-7)) << above << " of 2000 runs at σ = 2b";
}

// σ's one-sided 95% upper bound by hand: σ·√((m − 1)/χ²_{m−1}(0.05)); χ²₁₉(0.05) = 10.11701.
TEST(Runner, SigmaUpperBoundIsTheChiSquareBound) {
  Claim c = SyntheticScalingClaim(0, 0);
  c.exponent_sd_replicates = 20;
  EXPECT_NEAR(ExponentSdUpperBound(c), 0.1 * std::sqrt(19 / 10.117013), 1e-6);
}

// Every scaling claim records the per-sweep sd σ of its exponent with its source (measured on
// seed base 1000000000, which no CI or flake-audit run uses), and its replicate count is the
// smallest with both planned powers ≥ 0.9 and a budget term ≤ 2α, recomputed here from σ.
TEST(Runner, EveryScalingClaimsPlanHasBothPowersAndKeepsItsBudgetTerm) {
  int scaling = 0;
  for (const Claim& claim : Catalog()) {
    if (claim.kind != ClaimKind::kScaling) continue;
    ++scaling;
    ASSERT_GT(claim.exponent_sd, 0) << claim.id << " records no σ";
    EXPECT_NE(claim.exponent_sd_source.find("--seed 1000000000"), std::string::npos)
        << claim.id << ": " << claim.exponent_sd_source;
    const ExponentPlanning ci = PlanScalingClaim(claim, CiInstances(claim));
    EXPECT_GE(ci.power_holds, kExponentPlanPower) << claim.id;
    EXPECT_GE(ci.power_fails, kExponentPlanPower) << claim.id;
    EXPECT_LE(ci.miss, ScalingMissBound(claim)) << claim.id;
    EXPECT_EQ(ScalingBudgetTerm(claim), ci.miss) << claim.id;
    EXPECT_EQ(claim.instances, PlannedScalingInstances(claim)) << claim.id;
    if (claim.expected == Expectation::kFails) {
      // A finding's bound lies outside the band, on the side its measurement refuted.
      const double edge = claim.predicted_exponent - claim.exponent_tolerance;
      EXPECT_TRUE(claim.exponent_below
                      ? claim.finding_exponent_bound > edge
                      : std::fabs(claim.finding_exponent_bound - claim.predicted_exponent) >
                            claim.exponent_tolerance)
          << claim.id;
    }
  }
  EXPECT_GT(scaling, 0);
  EXPECT_EQ(ScalingBudgetTerms(Catalog()).size(), static_cast<std::size_t>(scaling));
}

// Every finding is protected at the one-sided 95% lower bound of its failure rate, measured on
// the record's seed base (disjoint from CI's and the report's): CI's plan fails it there with
// probability ≥ 1 − 2α, so neither reshuffled random streams nor a rate at the low end of its
// interval flips it — or, where the pre-registered plan cannot reach that at any cap (a lower
// bound close to the test's zero-drift rate), within 10% of the plan's floor; the error budget
// carries that larger term and the report lists the claim among the fragile verdicts.
TEST(Runner, EveryFindingFailsAtItsRecordedRatesLowerBound) {
  std::vector<Claim> units;  // a finding judged per cell: its failing cells
  for (const Claim& claim : Catalog()) {
    if (claim.expected != Expectation::kFails) continue;
    EXPECT_FALSE(claim.finding.empty()) << claim.id << ": a finding says what was refuted";
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    for (Claim& unit : JudgedUnits(claim)) {
      if (unit.expected == Expectation::kFails) units.push_back(std::move(unit));
    }
  }
  for (const Claim& claim : units) {
    ASSERT_TRUE(claim.rate_record.has_value()) << claim.id;
    const RateRecord& record = *claim.rate_record;
    EXPECT_GE(record.instances, 400) << claim.id;
    const double lower = ClopperPearsonLower(record.failures, record.instances, 0.05);
    const SequentialPlan plan = PlanOf(claim, CiInstances(claim));
    const double allowed =
        std::max(ClaimErrorBudget(claim), 1.1 * ErrorFloor(plan, ExpectedDecision::kFails, lower));
    EXPECT_GE(Operate(plan, lower).fails, 1 - allowed)
        << claim.id << " at its recorded rate's lower bound " << lower;
  }
}

// Every probabilistic claim has a rate record measured on the record's seed base in CI's
// configuration, every row names a probabilistic claim, and the seeds the record, CI, the flake
// audit and the report draw never meet (each run draws at most 10 seeds per instance).
TEST(Runner, TheRateRecordCoversTheCatalogOnDisjointSeeds) {
  std::uint64_t most_draws = 0;
  std::vector<Claim> units;  // a claim judged per cell: one record per cell ("<id>@<cell>")
  for (const Claim& claim : Catalog()) {
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    for (Claim& unit : JudgedUnits(claim)) units.push_back(std::move(unit));
  }
  for (const Claim& claim : units) {
    ASSERT_TRUE(claim.rate_record.has_value())
        << claim.id << ": ./boa measure rates --claims "
        << claim.id.substr(0, claim.id.find('@'));  // a cell: its claim's measurement
    EXPECT_EQ(claim.rate_record->seed_base, kRecordSeedBase) << claim.id;
    most_draws = std::max<std::uint64_t>(
        {most_draws, 10ULL * ClaimInstancesAt(claim, Budget::kFull),
         10ULL * (claim.rate_record->instances + claim.rate_record->rejected)});
  }
  for (const auto& [id, record] : RateRecords()) {
    const Claim& claim = FindClaim(id);  // a claim, or one cell of a claim judged per cell
    EXPECT_EQ(claim.kind, ClaimKind::kProbabilistic) << id;
    EXPECT_TRUE(claim.cells.empty()) << id << ": a claim judged per cell has records per cell";
  }
  const std::uint64_t audit_end = 1 + 1000003ULL * 9 + most_draws;  // flake_audit_sweep.cpp
  EXPECT_LT(audit_end, kRecordSeedBase);
  EXPECT_LT(kRecordSeedBase + most_draws, kReportSeedBase);
  EXPECT_LT(kReportSeedBase + most_draws, kPathSeedBase);  // measure_paths.py's seed base
  // measure_scans.py's: a scan draws kScanInstances counted instances a value (a scaling claim:
  // kScanReplicates replicate sweeps), at most 10 draws each, as a path point does.
  EXPECT_LT(kPathSeedBase + 10ULL * kScanInstances, kScanSeedBase);
  for (const Claim& claim : Catalog()) {
    const int counted = claim.kind == ClaimKind::kScaling ? kScanReplicates : kScanInstances;
    for (const Claim& unit : JudgedUnits(claim)) {  // a claim judged per cell: each cell's rows
      for (const auto& [element, points] : unit.scan_record) {
        for (const PathPoint& p : points) EXPECT_GE(p.instances, counted) << unit.id;
      }
    }
  }
}

// A probabilistic claim's cap is the cap rule's (SequentialCap), never a number of its own.
TEST(Runner, ProbabilisticClaimsTakeTheirCapFromTheRule) {
  const int unset = Claim{}.instances;
  std::vector<Claim> units;  // a claim judged per cell: each cell at its budget 2α/K
  for (const Claim& claim : Catalog()) {
    if (claim.kind != ClaimKind::kProbabilistic) continue;
    EXPECT_EQ(claim.instances, unset) << claim.id << " sets a cap of its own";
    for (Claim& unit : JudgedUnits(claim)) units.push_back(std::move(unit));
  }
  for (const Claim& claim : units) {
    const SequentialPlan plan = PlanOf(claim, CiInstances(claim));
    const bool finding = claim.expected == Expectation::kFails;
    const double rate = finding ? FindingRateLowerBound(claim) : claim.delta;
    const ExpectedDecision expected = finding ? ExpectedDecision::kFails : ExpectedDecision::kHolds;
    const double allowed =
        std::max(ClaimErrorBudget(claim), 1.1 * ErrorFloor(plan, expected, rate));
    EXPECT_LE(ErrorRate(plan, expected, rate), allowed) << claim.id;
    if (!finding) {
      EXPECT_EQ(allowed, ClaimErrorBudget(claim)) << claim.id;  // P_δ[fails] ≤ α
    }
    EXPECT_GE(Power(plan), 0.9) << claim.id;
  }
}

TEST(Runner, NonFiniteMeasurementsAndThrowingChecksFail) {
  Claim c = FalseClaim();
  c.check = [](const Params&, std::uint64_t, Engine) {
    return Outcome{true, {{"x", std::nan("")}}, ""};
  };
  EXPECT_EQ(RunClaim(c, {}).status, Status::kFails);
  c.check = [](const Params&, std::uint64_t, Engine) -> Outcome {
    throw std::runtime_error("boom");
  };
  const Verdict v = RunClaim(c, {});
  EXPECT_EQ(v.status, Status::kFails);
  EXPECT_NE(v.counterexample->explanation.find("boom"), std::string::npos);
}

// A claim whose instances diverge (throw NumericalFailure) from n = 10 on.
Claim DivergingClaim(ClaimKind kind) {
  Claim c = FalseClaim();
  c.kind = kind;
  c.check = [](const Params& p, std::uint64_t, Engine) -> Outcome {
    RequireFinite(IntParam(p, "n") < 10, "the loss became non-finite at step 3");
    return {};
  };
  return c;
}

// A diverging instance is a failing instance with its replay line, not bad input (exit 2).
TEST(Runner, ADivergingInstanceFailsWithAReplay) {
  const Verdict v = RunClaim(DivergingClaim(ClaimKind::kIdentity), {});
  EXPECT_EQ(v.status, Status::kFails);
  ASSERT_TRUE(v.counterexample.has_value());
  EXPECT_NE(
      v.counterexample->explanation.find("numerical failure: the loss became non-finite at step 3"),
      std::string::npos);
  EXPECT_EQ(IntParam(v.counterexample->params, "n"), 10);  // shrunk to the smallest diverging n
  EXPECT_NE(v.counterexample->replay.find("--params"), std::string::npos);
}

// Exploratory claims are reported, never asserted — unless an instance did not run cleanly (it
// threw, or measured a non-finite number): then the run fails, in the CLI as in ctest.
TEST(Runner, ExploratoryClaimsAreReportedUnlessAnInstanceFailedToRunCleanly) {
  Claim c = FalseClaim();
  c.kind = ClaimKind::kExploratory;
  c.check = [](const Params& p, std::uint64_t, Engine) {
    return Outcome{true, {{"n", IntParam(p, "n")}}, ""};
  };
  EXPECT_EQ(RunClaim(c, {}).status, Status::kReported);
  const Verdict v = RunClaim(DivergingClaim(ClaimKind::kExploratory), {});
  EXPECT_EQ(v.status, Status::kFails);
  ASSERT_TRUE(v.counterexample.has_value());
  EXPECT_NE(v.counterexample->replay.find("./boa check"), std::string::npos);
}

// The engine is an argument, not process state: the check receives the run's engine, and the
// replay line of a claim with a Gram form always names it (the engines draw different numbers).
TEST(Runner, TheEngineTravelsFromTheOptionsToTheCheckAndTheReplayLine) {
  Claim c = FalseClaim();
  c.gram_form = true;
  c.check = [](const Params&, std::uint64_t, Engine engine) {
    return Outcome{engine == Engine::kDirect, {}, "ran on " + ToString(engine)};
  };
  RunOptions direct;
  direct.engine = EngineChoice::kDirect;
  EXPECT_EQ(RunClaim(c, direct).status, Status::kHolds);
  const Verdict gram = RunClaim(c, {});  // auto: Gram, where the claim has a Gram form
  EXPECT_EQ(gram.engine, Engine::kGram);
  ASSERT_TRUE(gram.counterexample.has_value());
  EXPECT_EQ(gram.counterexample->engine, Engine::kGram);
  EXPECT_NE(gram.counterexample->replay.find(" --engine gram"), std::string::npos);

  const Params params = {{"n", 4}};
  EXPECT_EQ(ReplayLine(c, params, 3, Engine::kDirect),
            "./boa check test.false.product --params n=4 --seed 3 --instances 1 --engine direct");
  c.gram_form = false;  // one engine only: nothing to name, and --engine gram is bad input
  EXPECT_EQ(ReplayLine(c, params, 3, Engine::kDirect),
            "./boa check test.false.product --params n=4 --seed 3 --instances 1");
  EXPECT_EQ(EngineFor(c, EngineChoice::kAuto), Engine::kDirect);
  EXPECT_THROW(EngineFor(c, EngineChoice::kGram), InvalidInput);
  RunOptions gram_on_direct_only;
  gram_on_direct_only.engine = EngineChoice::kGram;
  EXPECT_THROW(RunClaim(c, gram_on_direct_only), InvalidInput);
  EXPECT_EQ(ResolveEngine(EngineChoice::kAuto), Engine::kGram);
  EXPECT_EQ(ResolveEngine(EngineChoice::kGram, false), Engine::kDirect);  // no Gram form
  EXPECT_THROW(ParseEngineChoice("fast"), InvalidInput);
}

TEST(Runner, ParamsRoundTripAndRejectMalformedText) {
  const Params p = {{"n", 4}, {"snr", 0.1}, {"eta", 1.0 / 3}};
  EXPECT_EQ(ParseParams(FormatParams(p)), p);
  EXPECT_THROW(ParseParams("n=4,d"), InvalidInput);
  EXPECT_THROW(ParseParams("n=four"), InvalidInput);
  EXPECT_THROW(ParseParams("n=nan"), InvalidInput);
  EXPECT_THROW(ParseParams("n=inf"), InvalidInput);
  EXPECT_THROW(IntParam({{"n", 2.5}}, "n"), InvalidInput);
}

}  // namespace runner_test
}  // namespace boa
