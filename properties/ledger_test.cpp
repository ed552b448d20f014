// The papers' ledger (boa/ledger.hpp): it agrees with the catalog both ways and quotes the
// discussions verbatim; removing a row, a claim or a word of a quote breaks that agreement; the
// status rule gives each status where it should; the list of findings whose scan is pending only
// shrinks; `boa ledger` prints what the library computes.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/checksum.hpp"
#include "boa/ledger.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace ledger_test {

// The discussions the quotes come from, by the ledger's seed path (the repository's copies).
std::map<std::string, std::string> Seeds() {
  std::map<std::string, std::string> seeds;
  for (const PaperLedger& paper : PapersLedger()) {
    seeds[paper.seed] = Slurp(SourceDir() / paper.seed);
  }
  return seeds;
}

std::string Lines(const std::vector<std::string>& problems) {
  std::string text;
  for (const std::string& p : problems) text += p + "\n";
  return text;
}

TEST(Ledger, AgreesWithTheCatalogAndQuotesTheSeedsVerbatim) {
  const auto seeds = Seeds();
  for (const auto& [path, text] : seeds) ASSERT_FALSE(text.empty()) << path << " not found";
  const auto problems = LedgerProblems(PapersLedger(), Catalog(), seeds);
  EXPECT_TRUE(problems.empty()) << Lines(problems);
  ASSERT_EQ(PapersLedger().size(), 2u);
  for (const PaperLedger& paper : PapersLedger()) EXPECT_FALSE(paper.rows.empty()) << paper.paper;
}

// The repository's copies of the discussions are the project's seeds, byte for byte: pinned by
// their checksums as copied from ../shared/seeds/ (so an edited copy fails on any machine), and
// compared with that folder wherever it lies beside the checkout (developers' machines and CI).
TEST(Ledger, SeedCopiesAreTheProjectsSeeds) {
  const std::map<std::string, std::uint64_t> pinned = {
      {"magen2024-single-head-attention-discussion.txt", 0x78cbeb709bd328a3ULL},
      {"sakamoto2024-token-selection-discussion.txt", 0xd5cec6736e61141fULL}};
  const auto shared = SourceDir().parent_path() / "shared" / "seeds";
  for (const PaperLedger& paper : PapersLedger()) {
    const auto name = std::filesystem::path(paper.seed).filename().string();
    const std::string copy = Slurp(SourceDir() / paper.seed);
    ASSERT_TRUE(pinned.count(name)) << name << " is no seed the project started from";
    EXPECT_EQ(Fnv1a(copy), pinned.at(name)) << name << " differs from the seed as copied";
    if (std::filesystem::exists(shared / name)) {
      EXPECT_TRUE(copy == Slurp(shared / name)) << name << " differs from " << shared;
    }
  }
}

TEST(Ledger, RemovingARowIsSeen) {
  const auto seeds = Seeds();
  for (std::size_t p = 0; p < PapersLedger().size(); ++p) {
    for (std::size_t r = 0; r < PapersLedger()[p].rows.size(); ++r) {
      auto ledger = PapersLedger();
      ledger[p].rows.erase(ledger[p].rows.begin() + static_cast<std::ptrdiff_t>(r));
      EXPECT_FALSE(LedgerProblems(ledger, Catalog(), seeds).empty())
          << "removing " << PapersLedger()[p].rows[r].id << " went unseen";
    }
  }
}

TEST(Ledger, RemovingAClaimIsSeenBothWays) {
  const auto seeds = Seeds();
  // A claim gone from the catalog leaves a link to an unknown id.
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      if (row.claims.empty()) continue;
      std::vector<Claim> catalog = Catalog();
      std::erase_if(catalog, [&](const Claim& c) { return c.id == row.claims.front().claim; });
      EXPECT_FALSE(LedgerProblems(PapersLedger(), catalog, seeds).empty()) << row.id;
      break;
    }
  }
  // A claim the ledger forgets (its links removed) is a claim of no row that is not boa's own.
  std::string forgotten;
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      if (forgotten.empty() && !row.claims.empty()) forgotten = row.claims.front().claim;
    }
  }
  ASSERT_FALSE(forgotten.empty()) << "no row links a claim";
  auto ledger = PapersLedger();
  for (PaperLedger& paper : ledger) {
    for (LedgerRow& row : paper.rows) {
      std::erase_if(row.claims, [&](const LedgerLink& l) { return l.claim == forgotten; });
      if (row.claims.empty() && row.not_checkable.empty()) row.not_checkable = "test";
    }
  }
  const auto problems = LedgerProblems(ledger, Catalog(), seeds);
  EXPECT_NE(Lines(problems).find(forgotten + " tests no statement"), std::string::npos)
      << Lines(problems);
}

TEST(Ledger, AQuoteMustBeVerbatimAndShort) {
  const auto seeds = Seeds();
  ASSERT_FALSE(PapersLedger()[0].rows.empty());
  auto changed = PapersLedger();
  changed[0].rows[0].quote += " indeed";
  EXPECT_NE(Lines(LedgerProblems(changed, Catalog(), seeds)).find("is not on line"),
            std::string::npos);
  auto long_quote = PapersLedger();
  long_quote[0].rows[0].quote = "a b c d e f g h i j k l m n o p";
  EXPECT_NE(Lines(LedgerProblems(long_quote, Catalog(), seeds)).find("16 words"),
            std::string::npos);
}

// A link's replacements must be a partly link's, and each an element of boa's of its claim.
TEST(Ledger, AReplacementMustBeAnElementOfBoas) {
  const auto seeds = Seeds();
  const auto with_replacement = [&](SettingMatch setting, const std::string& element) {
    auto ledger = PapersLedger();
    for (LedgerRow& row : ledger[0].rows) {
      if (row.claims.empty() || BoaElements(FindClaim(row.claims.front().claim)).empty()) continue;
      LedgerLink& link = row.claims.front();
      link.setting = setting;
      link.replaces = {element.empty() ? BoaElements(FindClaim(link.claim)).front() : element};
      return Lines(LedgerProblems(ledger, Catalog(), seeds));
    }
    return std::string("no row links a claim");
  };
  EXPECT_EQ(with_replacement(SettingMatch::kPartly, ""), "");
  EXPECT_NE(with_replacement(SettingMatch::kYes, "").find("names replacements but is not partly"),
            std::string::npos);
  EXPECT_NE(with_replacement(SettingMatch::kPartly, "the data").find("no element of boa's"),
            std::string::npos);
}

// The status rule on a synthetic row whose links point at a claim with elements of boa's and one
// without: every status where it should be, and the order of the rule's cases.
TEST(Ledger, StatusRule) {
  Claim ours;  // rests on a constant of boa's
  ours.id = "x.ours";
  ours.elements = {{"cut-off 0.95", Origin::kConvention, "boa's"}};
  Claim theirs;  // rests on the discussion's elements only
  theirs.id = "x.theirs";
  theirs.elements = {{"statement", Origin::kPaper, "the discussion"}};
  const ClaimOf claim_of = [&](const std::string& id) -> const Claim& {
    return id == ours.id ? ours : theirs;
  };
  const auto status = [&](std::vector<LedgerLink> links, std::map<std::string, LinkVerdict> v) {
    LedgerRow row;
    row.claims = std::move(links);
    return StatusOf(
        row, [&](const std::string& id) { return v.at(id); }, claim_of);
  };
  using enum LedgerStatus;
  using enum LinkVerdict;
  const LedgerLink ours_yes{"x.ours", SettingMatch::kYes, "w"};
  const LedgerLink ours_partly{"x.ours", SettingMatch::kPartly, "w"};
  const LedgerLink theirs_yes{"x.theirs", SettingMatch::kYes, "w"};
  const LedgerLink theirs_no{"x.theirs", SettingMatch::kNo, "w"};
  EXPECT_EQ(status({}, {}), kNotCheckable);
  EXPECT_EQ(status({ours_yes}, {{"x.ours", kHolds}}), kConsistent);
  EXPECT_EQ(status({ours_partly}, {{"x.ours", kHolds}}), kEncodingOnly);
  EXPECT_EQ(status({ours_yes}, {{"x.ours", kFails}}), kEncodingOnly);     // scan pending
  EXPECT_EQ(status({ours_partly}, {{"x.ours", kFails}}), kEncodingOnly);  // scan pending
  EXPECT_EQ(status({theirs_yes}, {{"x.theirs", kFails}}), kTension);
  EXPECT_EQ(status({theirs_no}, {{"x.theirs", kFails}}), kEncodingOnly);
  // Partly in the setting, a failure can be the discussion's only where the link names what it
  // replaces as elements of boa's, and their scans (with every other such element's) decide; a
  // replacement no element carries (the data, the model, the authors' code) never lets it be.
  const LedgerLink theirs_partly{"x.theirs", SettingMatch::kPartly, "w"};
  EXPECT_EQ(status({theirs_partly}, {{"x.theirs", kFails}}), kEncodingOnly);
  const LedgerLink ours_replacing{"x.ours", SettingMatch::kPartly, "w", {"cut-off 0.95"}};
  EXPECT_EQ(status({ours_replacing}, {{"x.ours", kFails}}), kEncodingOnly);  // scan pending
  EXPECT_EQ(status({ours_replacing}, {{"x.ours", kHolds}}), kEncodingOnly);  // no witness
  EXPECT_TRUE(CanBeATension(ours_yes));
  EXPECT_TRUE(CanBeATension(ours_replacing));
  EXPECT_FALSE(CanBeATension(ours_partly));
  EXPECT_FALSE(CanBeATension(theirs_no));
  EXPECT_EQ(status({ours_yes}, {{"x.ours", kReported}}), kEncodingOnly);
  EXPECT_EQ(status({ours_yes}, {{"x.ours", kUndecided}}), kEncodingOnly);
  EXPECT_EQ(status({ours_yes}, {{"x.ours", kNotRun}}), kEncodingOnly);
  // A failure in the setting keeps a holding claim from making the statement consistent, and a
  // tension outranks a holding claim.
  EXPECT_EQ(status({ours_yes, theirs_yes}, {{"x.ours", kFails}, {"x.theirs", kHolds}}),
            kEncodingOnly);
  EXPECT_EQ(status({ours_yes, theirs_yes}, {{"x.ours", kHolds}, {"x.theirs", kFails}}), kTension);
}

// A finding resting on two constants of boa's, scanned over five values each.
Claim ScannedClaim() {
  Claim c;
  c.id = "x.scanned";
  c.kind = ClaimKind::kProbabilistic;
  c.expected = Expectation::kFails;
  c.delta = 0.1;
  c.elements = {{"statement", Origin::kPaper, "the discussion"},
                {"horizon 2", Origin::kConvention, "boa's"},
                {"cut-off 0.95", Origin::kConvention, "boa's"}};
  c.budget_params = [](Budget) { return Params{{"steps", 2}, {"cutoff", 0.95}}; };
  c.scans = {{"horizon 2", "steps", {2, 4, 8, 16, 32}, "doubling"},
             {"cut-off 0.95", "cutoff", {0.9, 0.925, 0.95, 0.975, 0.99}, "around 0.95"}};
  return c;
}

std::vector<PathPoint> Points(const std::vector<double>& values, std::vector<int> failures) {
  std::vector<PathPoint> points;
  for (std::size_t i = 0; i < values.size(); ++i) points.push_back({values[i], 100, failures[i]});
  return points;
}

// What a scan says (ReadScan) and what the rule makes of it: pending until every declared value
// has its 100 instances; "fails across" when the rate is above δ at 95% everywhere, with the
// crossing located otherwise; a failure is the discussion's only when every constant of boa's
// fails across its range.
TEST(Ledger, ScanReadingsAndTheTensionRule) {
  Claim c = ScannedClaim();
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kPending);
  EXPECT_TRUE(ScanPending(c, true));
  EXPECT_FALSE(FailureIsTheDiscussions(c));
  c.scan_record["steps"] = Points({2, 4, 8, 16}, {100, 90, 40, 5});  // one value missing
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kPending);
  EXPECT_NE(ReadScan(c, "horizon 2").text.find("steps = 32 not measured"), std::string::npos);
  // A value whose draws the hypothesis mostly rejected is pending, and the reading says why.
  c.scan_record["steps"].push_back({32, 0, 0});
  const ScanReading short_value = ReadScan(c, "horizon 2");
  EXPECT_EQ(short_value.result, ScanResult::kPending);
  EXPECT_NE(short_value.text.find("only 0 of 100 instances counted"), std::string::npos)
      << short_value.text;
  EXPECT_EQ(UnscannedElements(c), (std::vector<std::string>{"horizon 2", "cut-off 0.95"}));
  c.scan_record["steps"] = Points({2, 4, 8, 16, 32}, {100, 90, 40, 5, 0});
  const ScanReading horizon = ReadScan(c, "horizon 2");
  EXPECT_EQ(horizon.result, ScanResult::kHoldsSomewhere);
  EXPECT_NE(horizon.text.find("boundary lies between steps = 8 and 16"), std::string::npos)
      << horizon.text;
  // The horizon's scan holding somewhere settles the class (an encoding note) while the cut-off
  // is still unscanned: no scan of it could make the failure the discussion's.
  EXPECT_FALSE(ScanPending(c, true));
  EXPECT_FALSE(FailureIsTheDiscussions(c));
  EXPECT_EQ(UnscannedElements(c), std::vector<std::string>{"cut-off 0.95"});
  c.scan_record["cutoff"] = Points({0.9, 0.925, 0.95, 0.975, 0.99}, {60, 70, 80, 90, 95});
  EXPECT_EQ(ReadScan(c, "cut-off 0.95").result, ScanResult::kFailsAcross);
  EXPECT_FALSE(ScanPending(c, true));
  EXPECT_TRUE(UnscannedElements(c).empty());
  EXPECT_FALSE(FailureIsTheDiscussions(c));  // the horizon's scan holds somewhere
  // Failing across one constant while the other is unscanned leaves the class open.
  Claim half = c;
  half.scan_record.erase("steps");
  EXPECT_TRUE(ScanPending(half, true));
  // Outside the discussion's setting no scan can make the failure a tension: the finding waits
  // only for its first measured scan, which its encoding note rests on.
  EXPECT_FALSE(ScanPending(half, false));
  EXPECT_TRUE(ScanPending(ScannedClaim(), false));
  c.scan_record["steps"] = Points({2, 4, 8, 16, 32}, {100, 90, 40, 30, 20});
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kFailsAcross);
  EXPECT_TRUE(FailureIsTheDiscussions(c));
  // So a row linking it partly, replacing its horizon, has a tension; without naming what it
  // replaces it has none.
  LedgerRow row;
  row.claims = {{c.id, SettingMatch::kPartly, "w", {"horizon 2"}}};
  const VerdictOf fails = [](const std::string&) { return LinkVerdict::kFails; };
  const ClaimOf claim_of = [&](const std::string&) -> const Claim& { return c; };
  EXPECT_EQ(StatusOf(row, fails, claim_of), LedgerStatus::kTension);
  row.claims.front().replaces.clear();
  EXPECT_EQ(StatusOf(row, fails, claim_of), LedgerStatus::kEncodingOnly);
  // A finite-size failure shrinks along its own limit path: never the discussion's, nothing
  // pending, whatever its scans say.
  Claim shrinking = c;
  shrinking.finding_class = FindingClass::kFiniteSize;
  EXPECT_FALSE(FailureIsTheDiscussions(shrinking));
  shrinking.scan_record.erase("steps");
  EXPECT_FALSE(ScanPending(shrinking, true));
  // A claim that is not a finding has nothing pending.
  Claim holding = c;
  holding.expected = Expectation::kHolds;
  holding.scan_record.clear();
  EXPECT_FALSE(ScanPending(holding, true));
  EXPECT_TRUE(UnscannedElements(holding).empty());
  // A second scan of the same element must fail across too.
  Claim joint = c;
  joint.scans.push_back({"horizon 2", "k", {0, 1, 2, 3, 4}, "jointly"});
  EXPECT_EQ(ReadScan(joint, "horizon 2").result, ScanResult::kPending);
  joint.scan_record["k"] = Points({0, 1, 2, 3, 4}, {100, 100, 100, 100, 0});
  EXPECT_EQ(ReadScan(joint, "horizon 2").result, ScanResult::kHoldsSomewhere);
  EXPECT_FALSE(FailureIsTheDiscussions(joint));
  // Just above δ = 0.1 is not enough: the one-sided 95% lower bound must be above it.
  c.scan_record["steps"] = Points({2, 4, 8, 16, 32}, {100, 90, 40, 30, 12});
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kHoldsSomewhere);
}

// A claim judged per cell is scanned per cell and read in its failing cells, each on its own rows:
// a holding cell's rows cannot dilute the failing one, nor can the failing cell's failure be
// read off a pooled count. Pooled rows of the whole claim are not its record.
TEST(Ledger, AClaimJudgedPerCellIsReadInItsFailingCells) {
  Claim c = ScannedClaim();
  c.scans.pop_back();  // the horizon's scan only
  c.regime = {{"n", 0, 1}};
  Cell small, large;
  small.name = "small";
  small.regime = {{"n", 0, 0}};
  small.expected = Expectation::kFails;
  large.name = "large";
  large.regime = {{"n", 1, 1}};
  c.cells = {small, large};
  c.scan_record["steps"] = Points({2, 4, 8, 16, 32}, {100, 100, 100, 100, 100});
  const ScanReading pooled = ReadScan(c, "horizon 2");
  EXPECT_EQ(pooled.result, ScanResult::kPending) << pooled.text;
  EXPECT_NE(pooled.text.find("in cell small, steps = 2 not measured"), std::string::npos)
      << pooled.text;
  EXPECT_TRUE(ScanPending(c, false));
  // The failing cell fails across; the holding cell's zero counts do not enter.
  c.cells[0].scan_record["steps"] = Points({2, 4, 8, 16, 32}, {30, 30, 30, 30, 30});
  c.cells[1].scan_record["steps"] = Points({2, 4, 8, 16, 32}, {0, 0, 0, 0, 0});
  const ScanReading across = ReadScan(c, "horizon 2");
  EXPECT_EQ(across.result, ScanResult::kFailsAcross) << across.text;
  EXPECT_NE(across.text.find("in cell small, fails at every value"), std::string::npos)
      << across.text;
  EXPECT_FALSE(ScanPending(c, false));
  // Where the failing cell stops failing, the scan holds somewhere, with its boundary.
  c.cells[0].scan_record["steps"] = Points({2, 4, 8, 16, 32}, {30, 30, 30, 5, 0});
  const ScanReading crossing = ReadScan(c, "horizon 2");
  EXPECT_EQ(crossing.result, ScanResult::kHoldsSomewhere) << crossing.text;
  EXPECT_NE(crossing.text.find("boundary lies between steps = 8 and 16"), std::string::npos)
      << crossing.text;
  // With a second failing cell, every failing cell must fail across, and one holding somewhere
  // settles the reading even while the other's scan is pending.
  Cell more = c.cells[1];
  more.name = "more";
  more.expected = Expectation::kFails;
  more.scan_record.clear();
  c.cells.push_back(more);
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kHoldsSomewhere);
  c.cells[0].scan_record["steps"] = Points({2, 4, 8, 16, 32}, {30, 30, 30, 30, 30});
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kPending);
  c.cells[2].scan_record["steps"] = Points({2, 4, 8, 16, 32}, {40, 40, 40, 40, 40});
  EXPECT_EQ(ReadScan(c, "horizon 2").result, ScanResult::kFailsAcross);
}

// A scaling finding's scan reads each value's replicate sweeps by the claim's own failing rule at
// 95% (a t interval over kScanReplicates sweeps), not by a rate.
TEST(Ledger, AScalingScanReadsTheMeanExponentAgainstThePrediction) {
  Claim c;
  c.id = "x.exponent";
  c.kind = ClaimKind::kScaling;
  c.expected = Expectation::kFails;
  c.predicted_exponent = -0.5;  // band −0.5 ± 0.1
  c.exponent_tolerance = 0.1;
  c.elements = {{"statement", Origin::kPaper, "the discussion"},
                {"d fixed", Origin::kConvention, "boa's"}};
  c.budget_params = [](Budget) { return Params{{"d", 16384}}; };
  c.scans = {{"d fixed", "d", {1, 2, 4, 8, 16}, "doubling"}};
  EXPECT_NO_THROW(RequireScansValid(c));
  const auto points = [](const std::vector<double>& means, double se, int replicates) {
    std::vector<PathPoint> p;
    for (std::size_t i = 0; i < means.size(); ++i) {
      p.push_back({static_cast<double>(1 << i), replicates, 0, "", "", means[i], se});
    }
    return p;
  };
  c.scan_record["d"] = points({-0.29, -0.29, -0.29, -0.29, -0.29}, 0.01, kScanReplicates);
  const ScanReading across = ReadScan(c, "d fixed");
  EXPECT_EQ(across.result, ScanResult::kFailsAcross) << across.text;
  EXPECT_NE(across.text.find("-0.29 ± 0.01"), std::string::npos) << across.text;
  EXPECT_TRUE(FailureIsTheDiscussions(c));
  // −0.38 ± 0.01: off −0.4 by less than the t interval's half-width (2.26 · 0.01) is not shown.
  c.scan_record["d"] = points({-0.29, -0.29, -0.38, -0.45, -0.5}, 0.01, kScanReplicates);
  const ScanReading crossing = ReadScan(c, "d fixed");
  EXPECT_EQ(crossing.result, ScanResult::kHoldsSomewhere) << crossing.text;
  EXPECT_NE(crossing.text.find("boundary lies between d = 2 and 4"), std::string::npos)
      << crossing.text;
  // Short of kScanReplicates sweeps, the value is pending.
  c.scan_record["d"] = points({-0.29, -0.29, -0.29, -0.29, -0.29}, 0.01, kScanReplicates - 1);
  EXPECT_EQ(ReadScan(c, "d fixed").result, ScanResult::kPending);
  // "The exponent lies below κ₀ − τ" fails where the one-sided lower bound reaches κ₀ − τ = −0.6
  // (−0.55 − 1.83 · 0.01 does; −0.7 − 1.83 · 0.01 does not).
  c.exponent_below = true;
  c.scan_record["d"] = points({-0.29, -0.29, -0.29, -0.29, -0.7}, 0.01, kScanReplicates);
  EXPECT_EQ(ReadScan(c, "d fixed").result, ScanResult::kHoldsSomewhere);
  c.scan_record["d"] = points({-0.29, -0.29, -0.29, -0.29, -0.55}, 0.01, kScanReplicates);
  EXPECT_EQ(ReadScan(c, "d fixed").result, ScanResult::kFailsAcross);
  // An exploratory claim decides nothing, so it has no scans.
  c.kind = ClaimKind::kExploratory;
  EXPECT_THROW(RequireScansValid(c), std::logic_error);
}

TEST(Ledger, ScansMustMoveAConstantOfBoasThroughAParameter) {
  EXPECT_NO_THROW(RequireScansValid(ScannedClaim()));
  Claim unknown_element = ScannedClaim();
  unknown_element.scans[0].element = "statement";  // the discussion's, not boa's
  EXPECT_THROW(RequireScansValid(unknown_element), std::logic_error);
  Claim unknown_param = ScannedClaim();
  unknown_param.scans[0].param = "horizon";
  EXPECT_THROW(RequireScansValid(unknown_param), std::logic_error);
  Claim too_few = ScannedClaim();
  too_few.scans[0].values = {2, 4, 8, 16};
  EXPECT_THROW(RequireScansValid(too_few), std::logic_error);
  Claim unordered = ScannedClaim();
  unordered.scans[0].values = {2, 8, 4, 16, 32};
  EXPECT_THROW(RequireScansValid(unordered), std::logic_error);
  Claim twice = ScannedClaim();
  twice.scans[1].param = "steps";
  EXPECT_THROW(RequireScansValid(twice), std::logic_error);
  Claim joint = ScannedClaim();  // a second scan of one element, by another parameter
  joint.budget_params = [](Budget) { return Params{{"steps", 2}, {"cutoff", 0.95}, {"k", 0}}; };
  joint.scans.push_back({"horizon 2", "k", {0, 1, 2, 3, 4}, "jointly"});
  EXPECT_NO_THROW(RequireScansValid(joint));
}

// Every finding whose class its scans do not settle waits for them (issue 48), and so does each
// constant of boa's a finding rests on that no scan has moved yet. Both lists may only shrink: a
// new finding comes with its scans, or raises a ceiling in a reviewed change.
TEST(Ledger, ScanPendingListOnlyShrinks) {
  // Raised by 1 and 5 in a reviewed change (issue 50 item 3): sakamoto24.frak_s.
  // rho_below_boundary_resolved came with scans of its horizon and its lower ρ; its resolution
  // rule, η grid, hypothesis, n = 40 and the constant 1 are no parameters yet.
  // Raised by 3 (issue 50 item 9): sakamoto24.gd.token_selection_settles came with scans of its
  // T₀ ≤ H/2, horizon and step size; it shares gd.token_selection's unscanned flipped-sign
  // reading, benign cut-off and test-set size, none of which moves its failures (every clean
  // test accuracy is 1; a misfit or a late switch fails it).
  // Raised by 1 and 5 (issue 50 item 1): sakamoto24.frak_s.criterion_training_tokens came with
  // scans of its cut, its C and the step size, and judges frak_s.criterion's runs, so it shares
  // criterion's unscanned constants (the four settings, where setting 0 is the whole failure;
  // the ±0.1, the η grid, n = 40 and ρ = 0.1).
  // Raised by 2 and 13 (issue 50 item 1): frak_s.eq13_only_training_tokens and
  // .map_boundary_training_tokens came with scans of their cut, C, horizon and step size; they
  // judge eq13_only's and map_boundary's runs and share their unscanned constants (the settings
  // or map columns, where the weak-signal ones are the whole failure; η range, class, grid,
  // contour, hypothesis, n = 40, ρ = 0.1).
  // Lowered to 24 (issue 48): magen24.extension.depth_first_layer's scan of the layers' step holds
  // at 16 times it. The unscanned count rose by 1 in the same change: the new
  // magen24.maxmargin.joint_min_norm (issue 49 item 1) came with scans of its SNR distance and
  // cut-off, but its reading of the minimiser (the rays refined by compass search) and the KKT
  // tolerance are no parameters; depth_first_layer's split elements left one fewer unscanned.
  // Lowered to 18 when a finite-size class came to settle a finding (issue 48): its failure
  // shrinks along the statement's own limit path, so no scan can make it the discussion's.
  // Lowered to 4 (issue 48): a finding no row links in the discussion's setting can never be a
  // tension, so it is pending only until its first scan lands; 14 of the 18 had one. The four left
  // (dimension.benign_onset, gd.linearized_thresholds, frak_s.rho_shift,
  // real_data.digits_clean_selection) have no measured scan yet. Then 2: digits_clean_selection's
  // horizon and linearized_thresholds' d/n² came with their scans (both fail across).
  // Then 1: dimension.benign_onset's bracket width came with its scan (fails across). Then 0:
  // frak_s.rho_shift's smaller ρ came with its scan, per cell (fails across in d_small).
  // Then 1, a change of rule and no new finding: a failure linked partly in the setting can be a
  // tension where the link names what it replaces as elements of boa's (`replaces`), so a partly
  // finding with such a link is pending until its scans settle it:
  // maxmargin.gd_weight_decay_above (M11 replaces its λ and horizon; its exclusion band, attention
  // scale and same-side cut-offs are unscanned).
  constexpr int kScanPendingCeiling = 1;
  // Back to 155, then 154: sakamoto24.head_only.no_overfit's head came with scans of its horizon
  // and step, sakamoto24.gd.vanishing_update's saturation cut-off with its scan.
  // 152: the same two scans; 151: benign_onset's bracket; 150: rho_shift's smaller ρ; 144: the
  // embedding findings' head norm, cut-off and test set; 142: gd_weight_decay_above's λ and
  // horizon apart.
  constexpr int kUnscannedElementCeiling = 142;
  int pending = 0, unscanned = 0;
  for (const Claim& c : Catalog()) {
    pending += ScanPending(c) ? 1 : 0;
    unscanned += static_cast<int>(UnscannedElements(c).size());
  }
  EXPECT_LE(pending, kScanPendingCeiling)
      << "a new finding without its scan records: scan each constant of boa's it rests on: "
      << pending;
  EXPECT_LE(unscanned, kUnscannedElementCeiling)
      << "a finding's constant of boa's without its scan record: " << unscanned;
}

// Which statements are tensions, on the expected verdicts, is pinned: a change of the rule, of a
// link or of a scan record that adds or removes one must be made on purpose, with its reason here.
// M22: magen24.dimension.benign_at_2n fails in the discussion's setting (d = 1000 = 2n) and every
// constant of boa's it rests on fails across its scans.
TEST(Ledger, TheTensionsArePinned) {
  const VerdictOf expected = [](const std::string& id) {
    return ExpectedLinkVerdict(FindClaim(id));
  };
  std::vector<std::string> tensions;
  for (const PaperLedger& paper : PapersLedger()) {
    for (const LedgerRow& row : paper.rows) {
      if (StatusOf(row, expected) == LedgerStatus::kTension) tensions.push_back(row.id);
    }
  }
  EXPECT_EQ(tensions, std::vector<std::string>{"M22"});
}

// `boa ledger --json` is the library's ledger judged on the expected verdicts.
TEST(Ledger, CommandPrintsTheLedger) {
  const CommandResult result = RunBoa("ledger --json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json.size(), PapersLedger().size());
  const VerdictOf expected = [](const std::string& id) {
    return ExpectedLinkVerdict(FindClaim(id));
  };
  for (std::size_t p = 0; p < json.size(); ++p) {
    const PaperLedger& paper = PapersLedger()[p];
    const LedgerCounts counts = CountStatuses(paper, expected);
    EXPECT_EQ(json[p]["paper"], paper.paper);
    EXPECT_EQ(json[p]["counts"]["statements"], counts.statements);
    EXPECT_EQ(json[p]["counts"]["consistent"], counts.consistent);
    EXPECT_EQ(json[p]["counts"]["tension"], counts.tension);
    ASSERT_EQ(json[p]["rows"].size(), paper.rows.size());
    for (std::size_t r = 0; r < paper.rows.size(); ++r) {
      EXPECT_EQ(json[p]["rows"][r]["status"], ToString(StatusOf(paper.rows[r], expected)));
    }
  }
  EXPECT_EQ(RunBoa("ledger").exit_code, 0);
  EXPECT_EQ(RunBoa("ledger --markdown").exit_code, 0);
  EXPECT_EQ(RunBoa("ledger --json --markdown").exit_code, 2);
}

}  // namespace ledger_test
}  // namespace boa::testing
