// cells: a claim judged per cell (cells.hpp). The point of it first: a violation confined to one
// cell fails the claim judged per cell, while the averaged test of the same claim misses it; then
// the plan per cell (α/K, power ≥ 0.9 in every cell), the verdict rule, the replay lines and the
// partition rules.
#include <stdexcept>

#include <gtest/gtest.h>

#include "boa/cells.hpp"
#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/error_budget.hpp"
#include "boa/rng.hpp"
#include "boa/runner.hpp"
#include "boa/sequential_test.hpp"

namespace boa {
namespace cells_test {

// "For every x in 0 … 9, P[fail] ≤ 0.1", violated only at x ≤ 1, where an instance fails with
// probability `local_rate` (a coin of the seed's own stream); elsewhere it never fails. Drawn
// uniformly over the ten grid points, the averaged rate is local_rate / 5 — 0.1 = δ for
// local_rate = 0.5, so the averaged test has nothing to reject.
Claim LocalViolation(double local_rate) {
  Claim c;
  c.id = "test.local_violation";
  c.kind = ClaimKind::kProbabilistic;
  c.delta = 0.1;
  c.delta_alt = 0.3;
  c.regime = {{"x", 0, 9}};
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note = "a statement for every x";
  c.cells = CellsAlong(c.regime, "x", {{"low", 0, 1}, {"high", 2, 9}});
  c.check = [local_rate](const Params& p, std::uint64_t seed, Engine) {
    Rng coin(seed, kInit);
    const bool fails = IntParam(p, "x") <= 1 && coin.Uniform() < local_rate;
    return Outcome{!fails, {}, fails ? "x ≤ 1 and an unlucky seed" : ""};
  };
  return c;
}

// The same claim judged on its average over the regime, as every claim was before issue 30.
Claim Averaged(Claim c) {
  c.cells.clear();
  c.range = RangeKind::kSingleSetting;
  return c;
}

TEST(Cells, ALocalViolationFailsPerCellAndIsMissedByTheAverage) {
  RunOptions o;
  o.shrink = false;
  for (const std::uint64_t seed_base : {1ULL, 1000004ULL, 2000007ULL}) {
    o.seed_base = seed_base;
    const Verdict per_cell = RunClaim(LocalViolation(0.5), o);
    EXPECT_EQ(per_cell.status, Status::kFails) << per_cell.summary;
    ASSERT_EQ(per_cell.cells.size(), 2u);
    EXPECT_EQ(per_cell.cells[0].cell, "low");
    EXPECT_EQ(per_cell.cells[0].status, Status::kFails) << per_cell.cells[0].summary;
    EXPECT_EQ(per_cell.cells[1].status, Status::kHolds) << per_cell.cells[1].summary;
    EXPECT_EQ(per_cell.cells[1].failures, 0);
    // The averaged test of the same claim, on the same seeds, does not fail it.
    const Verdict averaged = RunClaim(Averaged(LocalViolation(0.5)), o);
    EXPECT_NE(averaged.status, Status::kFails) << averaged.summary;
    EXPECT_TRUE(per_cell.healthy && averaged.healthy);
  }
}

// Each cell is planned as a claim of its own at α/K, with power ≥ 0.9 at δ₁: a breakage δ₁
// confined to ONE cell fails the claim ("fails if any cell fails") with at least that cell's
// power, computed exactly.
TEST(Cells, EveryCellIsPlannedAtAlphaOverKWithPowerAtTheBreakage) {
  const Claim claim = LocalViolation(0.5);
  const std::vector<Claim> units = JudgedUnits(claim);
  ASSERT_EQ(units.size(), 2u);
  int total = 0;
  for (const Claim& unit : units) {
    EXPECT_EQ(unit.id, claim.id + "@" + unit.id.substr(claim.id.size() + 1));
    EXPECT_DOUBLE_EQ(unit.alpha, claim.alpha / 2);
    EXPECT_TRUE(unit.cells.empty());
    const SequentialPlan plan = PlanOf(unit, CiInstances(unit));
    EXPECT_GE(Operate(plan, unit.delta_alt).fails, 0.9) << unit.id;
    // The cell's error at δ within its share 2α/K of the claim's budget.
    EXPECT_LE(ErrorRate(plan, ExpectedDecision::kHolds, unit.delta), 2 * claim.alpha / 2);
    total += CiInstances(unit);
  }
  EXPECT_EQ(CiInstances(claim), total);
  EXPECT_THROW(PlanOf(claim, 10), InvalidInput);  // the claim itself has no single plan
  // (A run at exactly δ₁ fails with probability ≥ 0.9, not always: the power is the exact
  // statement, so no single seeded run is asserted here.)
  RunOptions o;
  o.shrink = false;
  // The run reports the smallest cell power and α split.
  const Verdict v = RunClaim(LocalViolation(0.5), o);
  ASSERT_TRUE(v.plan.has_value());
  EXPECT_GE(v.plan->power, 0.9);
  EXPECT_DOUBLE_EQ(v.plan->alpha, claim.alpha);
  EXPECT_DOUBLE_EQ(v.cells[0].plan->alpha, claim.alpha / 2);
}

// holds only if every cell holds; inconclusive when no cell fails and one is undecided.
TEST(Cells, TheVerdictIsFailsIfAnyCellFailsHoldsOnlyIfEveryCellHolds) {
  RunOptions o;
  o.shrink = false;
  const Verdict holds = RunClaim(LocalViolation(0), o);
  EXPECT_EQ(holds.status, Status::kHolds) << holds.summary;
  EXPECT_EQ(holds.instances, holds.cells[0].instances + holds.cells[1].instances);
  // A rate between δ and δ₁ in one cell, with a cap too small to decide there.
  o.instances = 15;  // per cell
  const Verdict undecided = RunClaim(LocalViolation(0.2), o);
  EXPECT_EQ(undecided.cells[1].status, Status::kHolds);
  EXPECT_EQ(undecided.cells[0].status, Status::kInconclusive) << undecided.cells[0].summary;
  EXPECT_EQ(undecided.status, Status::kInconclusive);
}

// A failing cell's counterexample replays as that cell ("<id>@<cell>"), on the cell's regime.
TEST(Cells, ACellsReplayLineNamesTheCell) {
  RunOptions o;
  const Verdict v = RunClaim(LocalViolation(0.5), o);
  ASSERT_TRUE(v.counterexample.has_value());
  EXPECT_NE(v.counterexample->replay.find("./boa check test.local_violation@low "),
            std::string::npos)
      << v.counterexample->replay;
  EXPECT_LE(IntParam(v.counterexample->params, "x"), 1);
  EXPECT_NE(v.summary.find("cell low (x 0 … 1): fails"), std::string::npos) << v.summary;
}

// The cells partition the regime, with distinct names; a finding iff a cell is expected to fail.
TEST(Cells, CellsMustPartitionTheRegime) {
  EXPECT_NO_THROW(RequireCellsValid(LocalViolation(0.5)));
  Claim overlapping = LocalViolation(0.5);
  overlapping.cells = CellsAlong(overlapping.regime, "x", {{"low", 0, 2}, {"high", 2, 9}});
  EXPECT_THROW(RequireCellsValid(overlapping), std::logic_error);
  Claim gap = LocalViolation(0.5);
  gap.cells = CellsAlong(gap.regime, "x", {{"low", 0, 1}, {"high", 3, 9}});
  EXPECT_THROW(RequireCellsValid(gap), std::logic_error);
  Claim outside = LocalViolation(0.5);
  outside.cells = CellsAlong(outside.regime, "x", {{"low", 0, 1}, {"high", 2, 10}});
  EXPECT_THROW(RequireCellsValid(outside), std::logic_error);
  Claim same_name = LocalViolation(0.5);
  same_name.cells[1].name = "low";
  EXPECT_THROW(RequireCellsValid(same_name), std::logic_error);
  Claim one = LocalViolation(0.5);
  one.cells = CellsAlong(one.regime, "x", {{"all", 0, 9}});
  EXPECT_THROW(RequireCellsValid(one), std::logic_error);
  Claim finding_without_cell = LocalViolation(0.5);
  finding_without_cell.expected = Expectation::kFails;
  EXPECT_THROW(RequireCellsValid(finding_without_cell), std::logic_error);
  finding_without_cell.cells[0].expected = Expectation::kFails;
  EXPECT_NO_THROW(RequireCellsValid(finding_without_cell));
  // The range kind is declared, with its reason; cells iff `cells`; a range refuted on its
  // average only for a finding.
  Claim undeclared = Averaged(LocalViolation(0.5));
  undeclared.range.reset();
  EXPECT_THROW(RequireCellsValid(undeclared), std::logic_error);
  Claim no_note = Averaged(LocalViolation(0.5));
  no_note.range_note.clear();
  EXPECT_THROW(RequireCellsValid(no_note), std::logic_error);
  Claim cells_without = LocalViolation(0.5);
  cells_without.cells.clear();
  EXPECT_THROW(RequireCellsValid(cells_without), std::logic_error);
  Claim refuted = Averaged(LocalViolation(0.5));
  refuted.range = RangeKind::kRangeFinding;
  EXPECT_THROW(RequireCellsValid(refuted), std::logic_error);
  refuted.expected = Expectation::kFails;
  EXPECT_NO_THROW(RequireCellsValid(refuted));
}

// The plan fingerprint names every cell's plan, so a change to one cell makes the audit stale.
TEST(Cells, TheFingerprintNamesEveryCellsPlan) {
  const Claim claim = LocalViolation(0.5);
  const std::string text = PlanFingerprint(claim);
  EXPECT_NE(text.find("cells=[low: "), std::string::npos) << text;
  EXPECT_NE(text.find("[high: "), std::string::npos) << text;
  EXPECT_NE(text.find("regime=x 0..1×1"), std::string::npos) << text;
  Claim moved = claim;
  moved.cells = CellsAlong(moved.regime, "x", {{"low", 0, 2}, {"high", 3, 9}});
  EXPECT_NE(PlanFingerprint(moved), text);
}

// The error budget carries each cell's terms under its id, and a finding's single term is its
// failing cell's.
TEST(Cells, TheErrorBudgetHasTermsPerCell) {
  Claim claim = LocalViolation(0.5);
  for (Cell& cell : claim.cells)
    cell.rate_record = RateRecord{kRecordSeedBase, 400, 0, 0, "x", "x"};
  const ErrorBudget holds = SuiteErrorBudget({claim});
  double per_claim = 0;
  for (const ErrorTerm& t : holds.terms) {
    if (t.kind == "generator test") continue;
    EXPECT_TRUE(t.source == "test.local_violation@low" || t.source == "test.local_violation@high")
        << t.source;
    if (t.kind != "health") per_claim += t.probability;
  }
  EXPECT_LE(per_claim, kClaimErrorBudget);
  claim.expected = Expectation::kFails;
  claim.cells[0].expected = Expectation::kFails;
  claim.cells[0].rate_record = RateRecord{kRecordSeedBase, 400, 200, 0, "x", "x"};
  int findings = 0;
  for (const ErrorTerm& t : SuiteErrorBudget({claim}).terms) {
    if (t.kind != "finding") continue;
    ++findings;
    EXPECT_EQ(t.source, "test.local_violation@low");
    EXPECT_LE(t.probability, kClaimErrorBudget);
  }
  EXPECT_EQ(findings, 1);
}

}  // namespace cells_test
}  // namespace boa
