// Finding classes (boa/finding_class.hpp): the decision rule on made-up counts, and every
// finding of the catalog against the committed path record (records/finding_paths.csv) — the
// class each claim declares is the one its measurement gives, so CI asserts it both ways.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <boost/math/distributions/binomial.hpp>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/finding_class.hpp"
#include "boa/rate_records.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace finding_class_test {

// Counts at x = 1, 2, 4, 8 with rate A·x^κ, exactly (rounded) as expected.
std::vector<PathPoint> PowerLaw(double scale, double kappa, int instances) {
  std::vector<PathPoint> points;
  for (const double x : {1.0, 2.0, 4.0, 8.0}) {
    const double rate = std::min(1.0, scale * std::pow(x, kappa));
    points.push_back({x, instances, static_cast<int>(std::lround(rate * instances))});
  }
  return points;
}

TEST(FindingClass, ADecayingRateIsFiniteSize) {
  const PathAssessment a = AssessPath(PowerLaw(0.4, -1, 400));
  EXPECT_NEAR(a.fit.exponent, -1, 0.05);
  EXPECT_LT(a.fit.lower, -kExponentDeviation);
  EXPECT_LT(a.fit.upper, 0);
  EXPECT_FALSE(a.fit_check.misfit);
  EXPECT_EQ(a.finding_class, FindingClass::kFiniteSize);
  // Where A·x^κ = 0.1: x = 4.
  const auto where = ExtrapolatedSizeBelow(a, 1, 0.1);
  ASSERT_TRUE(where.has_value());
  EXPECT_NEAR(*where, 4, 0.3);
}

TEST(FindingClass, ADecaySlowerThanTheMarginIsSlowDecay) {
  const PathAssessment a = AssessPath(PowerLaw(0.5, -0.12, 20000));
  EXPECT_GT(a.fit.lower, -kExponentDeviation);
  EXPECT_LT(a.fit.upper, 0);
  EXPECT_EQ(a.finding_class, FindingClass::kSlowDecay);
  // At that pace δ lies beyond any path: nothing is extrapolated.
  EXPECT_FALSE(ExtrapolatedSizeBelow(a, 1, 0.1).has_value());
}

TEST(FindingClass, AConstantOrGrowingRatePersists) {
  EXPECT_EQ(ClassifyPath(PowerLaw(0.3, 0, 400)), FindingClass::kPersists);
  EXPECT_EQ(ClassifyPath(PowerLaw(1, 0, 100)), FindingClass::kPersists);  // fails everywhere
  EXPECT_EQ(ClassifyPath(PowerLaw(0.1, 0.5, 400)), FindingClass::kPersists);
}

TEST(FindingClass, TooFewCountsAreUndetermined) {
  EXPECT_EQ(ClassifyPath(PowerLaw(0.2, -0.3, 10)), FindingClass::kUndetermined);
}

// A rate that holds and then drops (issue 51's attention_growth shape) is no power law: the fit
// test rejects it, nothing is extrapolated, and the trend test calls the fall.
TEST(FindingClass, AMisfitIsDecidedByTheTrendTest) {
  const std::vector<PathPoint> drop = {{1, 100, 100}, {2, 100, 100}, {4, 100, 68}, {8, 100, 23}};
  const PathAssessment a = AssessPath(drop);
  EXPECT_TRUE(a.fit_check.misfit);
  EXPECT_EQ(a.fit_check.degrees_of_freedom, 2);
  EXPECT_LT(a.trend.z, 0);
  EXPECT_EQ(a.finding_class, FindingClass::kFiniteSize);
  EXPECT_FALSE(ExtrapolatedSizeBelow(a, 1, 0.1).has_value());
  // Up and down again: a misfit with no trend is undetermined.
  const std::vector<PathPoint> zigzag = {{1, 200, 20}, {2, 200, 120}, {4, 200, 120}, {8, 200, 20}};
  const PathAssessment z = AssessPath(zigzag);
  EXPECT_TRUE(z.fit_check.misfit);
  EXPECT_GT(z.trend.p_value, kPathTestLevel);
  EXPECT_EQ(z.finding_class, FindingClass::kUndetermined);
}

// The Cochran–Armitage statistic against a hand computation: counts 10, 20, 30 of 100 at
// scores 0, log 2, log 4 (mean score log 2, so T = 20·log 2 and Var = 0.2·0.8·200·log²2).
TEST(FindingClass, TheTrendStatisticMatchesItsFormula) {
  const TrendTest t = TrendAlongPath({{1, 100, 10}, {2, 100, 20}, {4, 100, 30}});
  EXPECT_NEAR(t.z, 20 / std::sqrt(0.2 * 0.8 * 200), 1e-12);
  EXPECT_NEAR(t.p_value, std::erfc(t.z / std::sqrt(2.0)), 1e-15);
}

// Random counts land in exactly one measured class: each is the one condition of the rule that
// holds, and the conditions never overlap.
TEST(FindingClass, RandomCountsLandInExactlyOneClass) {
  const bool ok = rc::check("every path lands in exactly one class", [] {
    const int k = *rc::gen::inRange(4, 7);
    std::vector<PathPoint> points;
    for (int i = 0; i < k; ++i) {
      const int n = *rc::gen::inRange(1, 400);
      points.push_back({std::pow(2.0, i), n, *rc::gen::inRange(0, n + 1)});
    }
    const PathAssessment a = AssessPath(points);
    RC_ASSERT(a.fit.lower <= a.fit.exponent + 1e-6);
    RC_ASSERT(a.fit.exponent <= a.fit.upper + 1e-6);
    const double margin = -kExponentDeviation;
    const bool fits = !a.fit_check.misfit, falls = a.trend.p_value < kPathTestLevel;
    const std::map<FindingClass, bool> conditions = {
        {FindingClass::kFiniteSize,
         (fits && a.fit.upper < 0 && a.fit.lower <= margin) || (!fits && falls && a.trend.z < 0)},
        {FindingClass::kSlowDecay, fits && a.fit.upper < 0 && a.fit.lower > margin},
        {FindingClass::kPersists,
         (fits && a.fit.upper >= 0 && a.fit.lower > margin) || (!fits && falls && a.trend.z > 0)},
        {FindingClass::kUndetermined,
         (fits && a.fit.upper >= 0 && a.fit.lower <= margin) || (!fits && !falls)},
    };
    int met = 0;
    for (const auto& [finding_class, holds] : conditions) met += holds ? 1 : 0;
    RC_ASSERT(met == 1);
    RC_ASSERT(conditions.at(a.finding_class));
  });
  EXPECT_TRUE(ok);
}

// The fit test at its stated level: on counts drawn from a power law it rejects at most at rate
// 0.05 (exact binomial test at α = 1e-6 on 4000 draws: a true rate of 0.065 or more fails it),
// and it catches a step that no power law follows with probability ≥ 0.9 (the same test from
// below, on 1000 draws): 2 checks in all, each at 1e-6 (error_budget.hpp counts them).
int Misfits(const std::vector<double>& rates, int instances, int draws, std::uint64_t seed) {
  Rng rng(seed);
  int misfits = 0;
  for (int r = 0; r < draws; ++r) {
    std::vector<PathPoint> points;
    for (std::size_t i = 0; i < rates.size(); ++i) {
      int failures = 0;
      for (int j = 0; j < instances; ++j) failures += rng.Bernoulli(rates[i]) ? 1 : 0;
      points.push_back({std::pow(2.0, static_cast<double>(i)), instances, failures});
    }
    misfits += AssessPath(points).fit_check.misfit ? 1 : 0;
  }
  return misfits;
}

TEST(FindingClass, TheFitTestKeepsItsLevelAndCatchesAStep) {
  constexpr int kLevelDraws = 4000, kPowerDraws = 1000;
  const boost::math::binomial_distribution<> at_level(kLevelDraws, kPathTestLevel);
  const int on_power_law =
      Misfits({0.3, 0.3 / std::sqrt(2.0), 0.15, 0.3 / std::sqrt(8.0), 0.075}, 200, kLevelDraws, 51);
  EXPECT_LE(on_power_law, boost::math::quantile(boost::math::complement(at_level, 0.5e-6)))
      << on_power_law << " of " << kLevelDraws << " power-law paths rejected at level "
      << kPathTestLevel;
  const boost::math::binomial_distribution<> at_power(kPowerDraws, 0.9);
  const int on_step = Misfits({0.4, 0.4, 0.4, 0.1, 0.1}, 100, kPowerDraws, 52);
  EXPECT_GE(on_step, boost::math::quantile(at_power, 0.5e-6))
      << on_step << " of " << kPowerDraws << " step paths rejected";
}

// The profile-likelihood interval's ends, by brute force: for each κ the binomial log-likelihood
// of rate = A·(x/x₁)^κ maximised over A by ternary search (it is concave in A); the interval is
// every κ within χ²₁(0.95)/2 = 1.9207 of the best, located on a grid of step 1e-3 and refined at
// each end on a grid of step 1e-5.
double BruteProfile(const std::vector<PathPoint>& points, double kappa) {
  double top = 0;  // A·max r ≤ 1
  std::vector<double> r;
  for (const PathPoint& p : points) {
    r.push_back(std::pow(p.value / points.front().value, kappa));
    top = std::max(top, r.back());
  }
  const auto loglik = [&](double a) {
    double l = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double q = a * r[i];
      l += points[i].failures * std::log(q) +
           (points[i].instances - points[i].failures) * std::log1p(-q);
    }
    return l;
  };
  double lo = 1e-12, hi = (1 - 1e-12) / top;
  for (int k = 0; k < 100; ++k) {
    const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (loglik(m1) < loglik(m2)) {
      lo = m1;
    } else {
      hi = m2;
    }
  }
  return loglik((lo + hi) / 2);
}

TEST(FindingClass, TheDecayIntervalIsTheProfileLikelihoodsByBruteForce) {
  const std::vector<PathPoint> points = {{1, 200, 120}, {2, 200, 80}, {4, 200, 50}, {8, 200, 30}};
  const DecayFit fit = FitDecay(points);
  const auto within = [&](double kappa, double best) {
    return best - BruteProfile(points, kappa) <= 3.841458820694124 / 2;
  };
  double best = -INFINITY;
  for (double kappa = -2; kappa <= 0.5; kappa += 1e-3) {
    best = std::max(best, BruteProfile(points, kappa));
  }
  double lower = 1, upper = -1;
  for (double kappa = -2; kappa <= 0.5; kappa += 1e-3) {
    if (!within(kappa, best)) continue;
    lower = std::min(lower, kappa);
    upper = std::max(upper, kappa);
  }
  while (within(lower - 1e-5, best)) lower -= 1e-5;
  while (within(upper + 1e-5, best)) upper += 1e-5;
  EXPECT_NEAR(fit.lower, lower, 2e-5);
  EXPECT_NEAR(fit.upper, upper, 2e-5);
  EXPECT_LT(fit.lower, fit.exponent);
  EXPECT_LT(fit.exponent, fit.upper);
}

TEST(FindingClass, BadPathsAreRefused) {
  EXPECT_THROW(ClassifyPath({{1, 10, 1}, {2, 10, 1}}), InvalidInput);  // fewer than 4 points
  EXPECT_THROW(FitDecay({{0, 10, 1}, {2, 10, 1}}), InvalidInput);
  EXPECT_THROW(FitDecay({{1, 10, 11}, {2, 10, 1}}), InvalidInput);
  EXPECT_THROW(TrendAlongPath({{1, 10, 11}, {2, 10, 1}}), InvalidInput);
}

// A scaling finding's exponent along its limit (x = 1, 2, 4, 8, 16): mean κ₀ + D(x) ± se.
std::vector<PathPoint> Exponents(double predicted, const std::vector<double>& deviations,
                                 double se) {
  std::vector<PathPoint> points;
  double x = 1;
  for (const double d : deviations) {
    PathPoint p{x, 10, 0};
    p.exponent_mean = predicted + d;
    p.exponent_se = se;
    points.push_back(p);
    x *= 2;
  }
  return points;
}

std::vector<double> DeviationLaw(double scale, double gamma) {
  std::vector<double> d;
  for (const double x : {1.0, 2.0, 4.0, 8.0, 16.0}) d.push_back(scale * std::pow(x, gamma));
  return d;
}

TEST(FindingClass, AnExponentsDeviationIsClassedByTheSamePartition) {
  // A deviation that does not shrink persists, on either side of the prediction.
  EXPECT_EQ(AssessDeviationPath(Exponents(-0.5, DeviationLaw(0.2, 0), 0.01), -0.5).finding_class,
            FindingClass::kPersists);
  EXPECT_EQ(AssessDeviationPath(Exponents(-0.5, DeviationLaw(-0.2, 0), 0.01), -0.5).finding_class,
            FindingClass::kPersists);
  // One that halves with each doubling is finite-size; the fit finds its exponent.
  const PathAssessment fast = AssessDeviationPath(Exponents(1, DeviationLaw(0.4, -1), 0.005), 1);
  EXPECT_NEAR(fast.fit.exponent, -1, 1e-6);
  EXPECT_NEAR(fast.fit.scale, 0.4, 1e-6);
  EXPECT_NEAR(fast.fit_check.deviance, 0, 1e-9);
  EXPECT_EQ(fast.finding_class, FindingClass::kFiniteSize);
  // A slow one, measured finely, is slow-decay; the same one measured coarsely is undetermined.
  EXPECT_EQ(AssessDeviationPath(Exponents(0, DeviationLaw(0.3, -0.1), 0.002), 0).finding_class,
            FindingClass::kSlowDecay);
  EXPECT_EQ(AssessDeviationPath(Exponents(0, DeviationLaw(0.3, -0.1), 0.2), 0).finding_class,
            FindingClass::kUndetermined);
}

// γ's interval is every γ whose profile χ² lies within χ²₁(0.95) of the minimum: checked at its
// ends by a brute-force weighted fit of A at γ.
TEST(FindingClass, TheDeviationIntervalIsTheProfileChiSquares) {
  const std::vector<PathPoint> points = Exponents(-0.5, {0.21, 0.17, 0.16, 0.12, 0.11}, 0.02);
  const PathAssessment a = AssessDeviationPath(points, -0.5);
  const auto chi2 = [&](double gamma) {
    double best = INFINITY;
    for (double scale = 0; scale <= 0.5; scale += 1e-5) {
      double sum = 0;
      for (const PathPoint& p : points) {
        const double r = p.exponent_mean + 0.5 - scale * std::pow(p.value, gamma);
        sum += r * r / (p.exponent_se * p.exponent_se);
      }
      best = std::min(best, sum);
    }
    return best;
  };
  const double level = chi2(a.fit.exponent) + 3.841458820694124;
  EXPECT_LT(chi2(a.fit.lower + 1e-3), level);
  EXPECT_GT(chi2(a.fit.lower - 1e-3), level);
  EXPECT_LT(chi2(a.fit.upper - 1e-3), level);
  EXPECT_GT(chi2(a.fit.upper + 1e-3), level);
  EXPECT_FALSE(a.fit_check.misfit);
  EXPECT_EQ(a.fit_check.degrees_of_freedom, 3);
}

// A deviation that stays and then vanishes is no power law: the weighted trend decides.
TEST(FindingClass, ADeviationMisfitIsDecidedByTheTrend) {
  const PathAssessment a = AssessDeviationPath(Exponents(0, {0.3, 0.3, 0.3, 0.0, 0.0}, 0.01), 0);
  EXPECT_TRUE(a.fit_check.misfit);
  EXPECT_LT(a.trend.z, 0);
  EXPECT_LT(a.trend.p_value, kPathTestLevel);
  EXPECT_EQ(a.finding_class, FindingClass::kFiniteSize);
  const PathAssessment z = AssessDeviationPath(Exponents(0, {0.1, 0.3, 0.3, 0.3, 0.1}, 0.01), 0);
  EXPECT_TRUE(z.fit_check.misfit);
  EXPECT_EQ(z.finding_class, FindingClass::kUndetermined);
}

TEST(FindingClass, BadDeviationPathsAreRefused) {
  std::vector<PathPoint> points = Exponents(0, {0.1, 0.1, 0.1, 0.1}, 0.01);
  EXPECT_NO_THROW(AssessDeviationPath(points, 0));
  EXPECT_THROW(AssessDeviationPath({points.begin(), points.begin() + 3}, 0), InvalidInput);
  points[2].exponent_se = 0;
  EXPECT_THROW(AssessDeviationPath(points, 0), InvalidInput);
  points[2].exponent_se = 0.01;
  points[1].exponent_mean = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(AssessDeviationPath(points, 0), InvalidInput);
  points[1].exponent_mean = 0.1;
  points[3].value = points[2].value;  // a path that does not move
  EXPECT_THROW(AssessDeviationPath(points, 0), InvalidInput);
}

// The re-measuring command, named in every failure.
std::string Remeasure(const Claim& claim) {
  return "re-measure with `./boa measure paths --claims " + claim.id +
         "` and declare the class it gives";
}

TEST(FindingClass, EveryFindingDeclaresTheClassItsPathRecordGives) {
  for (const Claim& claim : Catalog()) {
    if (claim.expected != Expectation::kFails) {
      EXPECT_FALSE(claim.limit_path.has_value()) << claim.id << ": a path belongs to a finding";
      continue;
    }
    if (const auto scaling = ScalingFindingClass(claim)) {
      // A decay exponent measured by the claim itself: its class follows from its record.
      EXPECT_FALSE(claim.limit_path.has_value()) << claim.id;
      EXPECT_EQ(ToString(*scaling), ToString(claim.finding_class)) << claim.id;
      EXPECT_FALSE(claim.class_note.empty()) << claim.id << ": the note names the evidence";
      continue;
    }
    if (!claim.limit_path) {
      // No path: open, refuted or undetermined, and the claim says why.
      EXPECT_NE(claim.finding_class, FindingClass::kFiniteSize) << claim.id;
      EXPECT_NE(claim.finding_class, FindingClass::kPersists) << claim.id;
      EXPECT_FALSE(claim.class_note.empty()) << claim.id << " has no path and no note saying why";
      EXPECT_TRUE(claim.path_record.empty()) << claim.id;
      continue;
    }
    ASSERT_GE(claim.limit_path->values.size(), 4u) << claim.id;
    ASSERT_EQ(claim.path_record.size(), claim.limit_path->values.size())
        << claim.id << ": the path record does not cover its path; " << Remeasure(claim);
    for (std::size_t k = 0; k < claim.path_record.size(); ++k) {
      EXPECT_EQ(claim.path_record[k].value, claim.limit_path->values[k])
          << claim.id << ": the record's path is not the claim's; " << Remeasure(claim);
    }
    // A declared class (open: the discussion leaves the question open; refuted: it fails in the
    // discussion's own setting) may show a path's evidence, which does not decide it.
    if (claim.finding_class == FindingClass::kOpen ||
        claim.finding_class == FindingClass::kRefuted) {
      EXPECT_FALSE(claim.class_note.empty()) << claim.id << " declares its class without a reason";
      continue;
    }
    EXPECT_EQ(ToString(ClassifyPath(claim.path_record)), ToString(claim.finding_class))
        << claim.id << ": " << Remeasure(claim);
  }
}

TEST(FindingClass, EveryPathRecordNamesAFindingWithAPath) {
  std::set<std::string> with_path;
  for (const Claim& claim : Catalog()) {
    if (claim.limit_path) with_path.insert(claim.id);
  }
  for (const auto& [id, points] : PathRecords()) {
    EXPECT_TRUE(with_path.count(id))
        << "records/finding_paths.csv names " << id << ", which is no finding with a limit path";
  }
}

}  // namespace finding_class_test
}  // namespace boa
