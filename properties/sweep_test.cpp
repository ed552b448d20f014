// sweep: results are bit-identical for any thread count and any sharding, and the merged CSV of
// N shards is byte for byte the unsharded one (issue 6: sweeps past one machine).
#include <fstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/sweep.hpp"
#include "boa_report/sweep_csv.hpp"
#include "paths.hpp"

namespace boa {
namespace {

// Cells with uneven row counts and floating-point work, so ordering mistakes would show.
Sweep Synthetic() {
  Sweep s;
  s.name = "synthetic";
  s.columns = {"x", "y"};
  s.cells = [](Budget) { return 23; };
  s.run = [](int cell, Budget) {
    Rows rows;
    for (int k = 0; k <= cell % 3; ++k) rows.push_back({cell + 0.1 * k, std::sin(cell * 1.7 + k) / 3});
    return rows;
  };
  return s;
}

RC_GTEST_PROP(Sweep, RowsDoNotDependOnThreadsOrShards, ()) {
  const Sweep s = Synthetic();
  const int threads = *rc::gen::inRange(1, 9);
  const int shards = *rc::gen::inRange(1, 8);
  const Rows serial = Flatten(RunSweep(s, Budget::kQuick, 0, 1, 1));
  RC_ASSERT(Flatten(RunSweep(s, Budget::kQuick, 0, 1, threads)) == serial);
  std::size_t rows = 0;
  for (int k = 0; k < shards; ++k) rows += Flatten(RunSweep(s, Budget::kQuick, k, shards, threads)).size();
  RC_ASSERT(rows == serial.size());
}

RC_GTEST_PROP(Sweep, MergedShardsAreByteForByteTheUnshardedCsv, ()) {
  const Sweep s = Synthetic();
  const int shards = *rc::gen::inRange(1, 8);
  testing::TempDir dir;
  std::vector<std::filesystem::path> parts;
  for (int k = shards - 1; k >= 0; --k) {  // any order of parts
    parts.push_back(dir.path() / ("part" + std::to_string(k) + ".csv"));
    std::ofstream(parts.back()) << report::SweepCsv(s, Budget::kQuick, RunSweep(s, Budget::kQuick, k, shards), k, shards);
  }
  const std::string whole = report::SweepCsv(s, Budget::kQuick, RunSweep(s, Budget::kQuick), 0, 1);
  if (shards > 1) RC_ASSERT(report::MergeSweepCsv(parts) == whole);
}

TEST(Sweep, MergeRefusesIncompleteOrMixedParts) {
  const Sweep s = Synthetic();
  testing::TempDir dir;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path() / name) << text;
    return dir.path() / name;
  };
  const auto p0 = write("p0.csv", report::SweepCsv(s, Budget::kQuick, RunSweep(s, Budget::kQuick, 0, 2), 0, 2));
  const auto p1 = write("p1.csv", report::SweepCsv(s, Budget::kQuick, RunSweep(s, Budget::kQuick, 1, 2), 1, 2));
  const auto full = write("f.csv", report::SweepCsv(s, Budget::kFull, RunSweep(s, Budget::kFull, 1, 2), 1, 2));
  EXPECT_THROW(report::MergeSweepCsv({p0}), InvalidInput);           // a shard is missing
  EXPECT_THROW(report::MergeSweepCsv({p0, p0}), InvalidInput);       // a cell twice
  EXPECT_THROW(report::MergeSweepCsv({p0, full}), InvalidInput);     // another budget
  EXPECT_THROW(report::MergeSweepCsv({write("x.csv", "garbage\n")}), InvalidInput);
  EXPECT_NO_THROW(report::MergeSweepCsv({p1, p0}));
}

}  // namespace
}  // namespace boa
