// Finding classes (boa/finding_class.hpp): the decision rule on made-up counts, and every
// finding of the catalog against the committed path record (records/finding_paths.csv) — the
// class each claim declares is the one its measurement gives, so CI asserts it both ways.
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/finding_class.hpp"
#include "boa/rate_records.hpp"

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
  const DecayFit fit = FitDecay(PowerLaw(0.4, -1, 400));
  EXPECT_NEAR(fit.exponent, -1, 0.05);
  EXPECT_LT(fit.upper, 0);
  EXPECT_EQ(ClassifyPath(PowerLaw(0.4, -1, 400)), FindingClass::kFiniteSize);
  // Where A·x^κ = 0.1: x = 4.
  const auto where = ExtrapolatedSizeBelow(fit, 1, 0.1);
  ASSERT_TRUE(where.has_value());
  EXPECT_NEAR(*where, 4, 0.3);
}

TEST(FindingClass, AConstantOrGrowingRatePersists) {
  EXPECT_EQ(ClassifyPath(PowerLaw(0.3, 0, 400)), FindingClass::kPersists);
  EXPECT_EQ(ClassifyPath(PowerLaw(1, 0, 100)), FindingClass::kPersists);  // fails everywhere
  EXPECT_EQ(ClassifyPath(PowerLaw(0.1, 0.5, 400)), FindingClass::kPersists);
}

TEST(FindingClass, TooFewCountsAreUndetermined) {
  EXPECT_EQ(ClassifyPath(PowerLaw(0.2, -0.3, 10)), FindingClass::kUndetermined);
}

TEST(FindingClass, BadPathsAreRefused) {
  EXPECT_THROW(ClassifyPath({{1, 10, 1}, {2, 10, 1}}), InvalidInput);  // fewer than 4 points
  EXPECT_THROW(FitDecay({{0, 10, 1}, {2, 10, 1}}), InvalidInput);
  EXPECT_THROW(FitDecay({{1, 10, 11}, {2, 10, 1}}), InvalidInput);
}

// The re-measuring command, named in every failure.
std::string Remeasure(const Claim& claim) {
  return "re-measure with `python3 theory/claims/records/measure_paths.py --claims " + claim.id +
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
