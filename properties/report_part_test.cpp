// report_part.hpp: the parts of a sharded report merge to the measurements of one run, and any
// set that is not every shard of one run at this commit is refused, naming what is wrong.
// (report_test.cpp checks the whole path: the merged report's pages equal the unsharded ones.)
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/error.hpp"
#include "boa_report/report_part.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace {

namespace fs = std::filesystem;
using report::ReadReportParts;
using report::ReportMeasurements;
using report::ReportOptions;
using report::WriteReportPart;

constexpr int kShards = 3;
constexpr int kCells = 7;

// Cell c of a sweep: its rows (two for even cells, none for c = 5).
Rows CellRows(int c) {
  if (c == 5) return {};
  Rows rows = {{double(c), 1.0 / (c + 1)}};
  if (c % 2 == 0) rows.push_back({double(c), -0.0});
  return rows;
}

// Shard k's share, as Measure takes it: claims i ≡ k and cells c ≡ k (mod kShards).
ReportMeasurements Shard(int k) {
  ReportMeasurements m;
  m.seconds = 1.5;
  const std::vector<std::string> claims = {"a.one", "a.two", "b.three", "b.four"};
  for (std::size_t i = 0; i < claims.size(); ++i) {
    if (static_cast<int>(i) % kShards != k) continue;
    Verdict v;
    v.instances = static_cast<int>(i) + 10;
    m.verdicts[claims[i]] = v;
  }
  SweepPart sweep, audit;
  for (int c = k; c < kCells; c += kShards) {
    sweep.cells.push_back(c);
    sweep.rows.push_back(CellRows(c));
    audit.cells.push_back(c);
    audit.rows.push_back({{double(c)}});
  }
  m.sweeps["fig"] = sweep;
  m.audit = audit;
  return m;
}

struct Parts {
  TempDir dir;
  std::vector<fs::path> files;
  ReportOptions options;
  Parts() {
    options.seed = 7;
    options.claims = {"a.*", "b.*"};
    for (int k = 0; k < kShards; ++k) {
      files.push_back(dir.path() / ("part-" + std::to_string(k) + ".json"));
      WriteReportPart(files.back(), options, k, kShards, Shard(k));
    }
  }
};

std::string RefusalOf(const std::vector<fs::path>& files) {
  try {
    ReadReportParts(files, ReportOptions{});
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(ReportPart, EveryShardMergesToOneRunsMeasurementsInCellOrder) {
  Parts parts;
  ReportOptions asked;
  asked.out = "elsewhere";
  // In any order of the files.
  const auto merged = ReadReportParts({parts.files[2], parts.files[0], parts.files[1]}, asked);
  EXPECT_EQ(merged.options.seed, 7u);
  EXPECT_EQ(merged.options.claims, parts.options.claims);
  EXPECT_EQ(merged.options.out, "elsewhere");  // the merge's own, not the parts'
  EXPECT_EQ(merged.measured.shards, kShards);
  EXPECT_DOUBLE_EQ(merged.measured.seconds, 4.5);
  ASSERT_EQ(merged.measured.verdicts.size(), 4u);
  EXPECT_EQ(merged.measured.verdicts.at("b.four").instances, 13);
  const SweepPart& sweep = merged.measured.sweeps.at("fig");
  ASSERT_EQ(sweep.cells.size(), static_cast<std::size_t>(kCells));
  for (int c = 0; c < kCells; ++c) {
    EXPECT_EQ(sweep.cells[c], c);
    EXPECT_EQ(sweep.rows[c], CellRows(c));
  }
  ASSERT_TRUE(merged.measured.audit.has_value());
  EXPECT_EQ(Flatten(*merged.measured.audit),
            Rows({{0.0}, {1.0}, {2.0}, {3.0}, {4.0}, {5.0}, {6.0}}));
}

TEST(ReportPart, AMissingOrDoubledShardIsRefusedByName) {
  Parts parts;
  EXPECT_NE(RefusalOf({parts.files[0], parts.files[2]}).find("run the missing shards: 1/3"),
            std::string::npos);
  const std::string doubled =
      RefusalOf({parts.files[0], parts.files[1], parts.files[1], parts.files[2]});
  EXPECT_NE(doubled.find("a shard is given twice: 1/3"), std::string::npos) << doubled;
}

TEST(ReportPart, PartsOfAnotherRunCommitOrFormatAreRefused) {
  Parts parts;
  // Another run: the same shard of a report at another seed.
  ReportOptions other = parts.options;
  other.seed = 8;
  const fs::path foreign = parts.dir.path() / "foreign.json";
  WriteReportPart(foreign, other, 1, kShards, Shard(1));
  EXPECT_NE(RefusalOf({parts.files[0], foreign, parts.files[2]}).find("another run"),
            std::string::npos);
  // Another commit: the pages would be written by other code than the shards measured with.
  auto part = nlohmann::json::parse(Slurp(parts.files[1]));
  part["commit"] = "0000000";
  std::ofstream(parts.files[1]) << part.dump();
  EXPECT_NE(RefusalOf(parts.files).find("measured at commit 0000000"), std::string::npos);
  // A cell twice (a hand-edited part) and a file that is no part.
  part = nlohmann::json::parse(Slurp(parts.files[0]));
  std::ofstream(parts.files[1]) << [&] {
    auto copy = part;
    copy["shard"] = 1;
    copy["verdicts"] = nlohmann::json::object();
    return copy.dump();
  }();
  EXPECT_NE(RefusalOf(parts.files).find("cell 0 is in more than one part"), std::string::npos);
  std::ofstream(parts.files[1]) << "{\"record\": \"rates\"}";
  EXPECT_NE(RefusalOf(parts.files).find("is not a part of a sharded report"), std::string::npos);
  // A field of the wrong type is bad input naming the part, not an internal error.
  part["shard"] = "one";
  std::ofstream(parts.files[1]) << part.dump();
  EXPECT_NE(RefusalOf(parts.files).find("is a damaged report part"), std::string::npos);
}

TEST(ReportPart, ThePeersSummaryComesFromShardZeroAndIsChecked) {
  Parts parts;
  ReportMeasurements with_peer = Shard(0);
  with_peer.peer = nlohmann::json{{"schema", 1}, {"groups", nlohmann::json::array()}};
  WriteReportPart(parts.files[0], parts.options, 0, kShards, with_peer);
  const auto merged = ReadReportParts(parts.files, ReportOptions{});
  ASSERT_TRUE(merged.measured.peer.has_value());
  EXPECT_EQ((*merged.measured.peer)["schema"], 1);
  with_peer.peer = nlohmann::json{{"schema", 2}};
  WriteReportPart(parts.files[0], parts.options, 0, kShards, with_peer);
  EXPECT_NE(RefusalOf(parts.files).find("is not a peer summary of schema 1"), std::string::npos);
}

TEST(ReportPart, AFigureOrAuditIsMadeOnlyOfEveryCell) {
  SweepPart part;
  part.cells = {0, 1, 3};
  part.rows = {{}, {}, {}};
  EXPECT_THROW(RequireEveryCell(part, 4, "the flake audit"), InvalidInput);
  EXPECT_THROW(RequireEveryCell(part, 3, "the flake audit"), InvalidInput);
  part.cells = {0, 1, 2};
  EXPECT_NO_THROW(RequireEveryCell(part, 3, "the flake audit"));
}

}  // namespace
}  // namespace boa::testing
