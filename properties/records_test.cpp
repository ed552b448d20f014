// The committed records (theory/claims/records/*.csv) are current: every row carries the stamp of
// the inputs it was measured under (claim.hpp RecordStamp; "backfill-…" for rows stamped after
// they were measured), and a row whose claim's inputs have changed since is stale — CI fails on it
// and names the command that re-measures it (issue 51). Every row names a clean commit.
#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "boa/rate_records.hpp"

namespace boa {
namespace records_test {

std::string Lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "\n  " + line;
  return text;
}

TEST(Records, EveryRowIsStampedWithTodaysInputs) {
  for (const Claim& claim : Catalog()) {
    const auto stale = StaleRecords(claim);
    EXPECT_TRUE(stale.empty()) << Lines(stale);
  }
}

// A row says which commit holds the code it was measured with: never none, never "-dirty" (the
// scripts write that when the checkout had changes; whoever commits such a row names the commit
// that holds the measured code instead).
TEST(Records, EveryRowNamesACleanCommit) {
  const auto clean = [](const std::string& id, const std::string& commit) {
    EXPECT_FALSE(commit.empty()) << id;
    EXPECT_FALSE(commit.ends_with("-dirty")) << id << " was measured on a dirty checkout";
  };
  for (const auto& [id, record] : RateRecords()) clean(id, record.commit);
  for (const auto& [id, points] : PathRecords()) {
    for (const PathPoint& p : points) clean(id, p.commit);
  }
  for (const auto& [id, scans] : ScanRecords()) {
    for (const auto& [param, points] : scans) {
      for (const PathPoint& p : points) clean(id + " " + param, p.commit);
    }
  }
  for (const auto& [id, record] : SigmaRecords()) clean(id, record.commit);
}

// Every scaling claim plans from a σ row: its own, or that of the claim whose replicate sweeps it
// judges with another rule (sigma_from) — which must then be measured under the same inputs.
// Every σ row is a scaling claim's own.
TEST(Records, EveryScalingClaimHasItsSigmaRecord) {
  for (const Claim& claim : Catalog()) {
    if (claim.kind != ClaimKind::kScaling) {
      EXPECT_FALSE(SigmaRecords().contains(claim.id)) << claim.id << " is not a scaling claim";
      continue;
    }
    ASSERT_TRUE(claim.sigma_record.has_value()) << claim.id << " has no row in sigma.csv";
    EXPECT_EQ(claim.exponent_sd, claim.sigma_record->sd) << claim.id;
    if (!claim.sigma_from.empty()) {
      EXPECT_FALSE(SigmaRecords().contains(claim.id))
          << claim.id << " reads " << claim.sigma_from << "'s row but has one of its own";
      EXPECT_EQ(MeasurementInputs(claim), MeasurementInputs(FindClaim(claim.sigma_from)))
          << claim.id << " does not run " << claim.sigma_from << "'s sweeps";
    }
  }
}

bool Mentions(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& line : lines) {
    if (line.find(text) != std::string::npos) return true;
  }
  return false;
}

// Making a record stale is seen: a claim whose CI-budget parameters moved has every record stale;
// one whose path moved has its path rows stale; one whose scan values moved has only that scan's
// rows stale.
TEST(Records, AClaimWhoseInputsChangedHasStaleRecords) {
  const Claim& original = FindClaim("magen24.dimension.benign_at_2n");
  ASSERT_TRUE(original.rate_record && !original.path_record.empty() && !original.scans.empty());
  EXPECT_TRUE(StaleRecords(original).empty());

  Claim moved = original;
  const auto params = original.budget_params;
  moved.budget_params = [params](Budget budget) {
    Params p = params(budget);
    p["test_samples"] += 1;
    return p;
  };
  const auto stale = StaleRecords(moved);
  EXPECT_TRUE(Mentions(stale, "./boa measure rates --claims " + original.id)) << Lines(stale);
  EXPECT_TRUE(Mentions(stale, "./boa measure paths --claims " + original.id)) << Lines(stale);
  EXPECT_TRUE(Mentions(stale, "./boa measure scans --claims " + original.id)) << Lines(stale);

  Claim repathed = original;
  repathed.limit_path->values.back() *= 2;
  const auto only_path = StaleRecords(repathed);
  ASSERT_FALSE(only_path.empty());
  for (const std::string& line : only_path) {
    EXPECT_NE(line.find("finding_paths.csv"), std::string::npos) << line;
  }

  Claim rescanned = original;
  rescanned.scans.front().values.back() *= 1.01;
  const auto only_scan = StaleRecords(rescanned);
  ASSERT_FALSE(only_scan.empty());
  for (const std::string& line : only_scan) {
    EXPECT_NE(line.find("scans.csv) of " + rescanned.scans.front().param), std::string::npos)
        << line;
  }
  // A scan the claim no longer declares leaves its rows stale too.
  Claim unscanned = original;
  unscanned.scans.erase(unscanned.scans.begin());
  EXPECT_TRUE(Mentions(StaleRecords(unscanned), "(no such scan)"));
  // A claim judged per cell is scanned per cell: rows of the whole claim are not its record.
  Claim split = original;
  split.cells.resize(2);
  split.cells[0].name = "low";
  split.cells[1].name = "high";
  EXPECT_TRUE(Mentions(StaleRecords(split), "(no such cell, or pooled: a claim with cells is"))
      << Lines(StaleRecords(split));

  // A scaling claim's σ record goes stale the same way.
  const Claim& scaling = FindClaim("magen24.snr.threshold");
  ASSERT_TRUE(scaling.sigma_record.has_value());
  EXPECT_TRUE(StaleRecords(scaling).empty());
  Claim resized = scaling;
  const auto sizes = scaling.budget_params;
  resized.budget_params = [sizes](Budget budget) {
    Params p = sizes(budget);
    p.begin()->second += 1;
    return p;
  };
  EXPECT_TRUE(Mentions(StaleRecords(resized), "./boa measure sigma --claims " + scaling.id))
      << Lines(StaleRecords(resized));
}

}  // namespace records_test
}  // namespace boa
