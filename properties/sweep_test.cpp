// sweep: results are bit-identical for any thread count and any sharding, and the merged CSV of
// N shards is byte for byte the unsharded one (issue 6: sweeps past one machine).
#include <algorithm>
#include <atomic>
#include <fstream>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/sweep.hpp"
#include "boa/sweep_catalog.hpp"
#include "boa/threads.hpp"
#include "boa_report/sweep_csv.hpp"
#include "paths.hpp"

namespace boa {
namespace sweep_test {

constexpr Engine kGram = Engine::kGram;

// Cells with uneven row counts and floating-point work, so ordering mistakes would show.
Sweep Synthetic() {
  Sweep s;
  s.name = "synthetic";
  s.columns = {"x", "y"};
  s.cells = [](Budget, Engine) { return 23; };
  s.run = [](int cell, Budget, Engine) {
    Rows rows;
    for (int k = 0; k <= cell % 3; ++k)
      rows.push_back({cell + 0.1 * k, std::sin(cell * 1.7 + k) / 3});
    return rows;
  };
  return s;
}

RC_GTEST_PROP(Sweep, RowsDoNotDependOnThreadsOrShards, ()) {
  const Sweep s = Synthetic();
  const int threads = *rc::gen::inRange(1, 9);
  const int shards = *rc::gen::inRange(1, 8);
  const Rows serial = Flatten(RunSweep(s, Budget::kQuick, kGram, 0, 1, 1));
  RC_ASSERT(Flatten(RunSweep(s, Budget::kQuick, kGram, 0, 1, threads)) == serial);
  std::size_t rows = 0;
  for (int k = 0; k < shards; ++k)
    rows += Flatten(RunSweep(s, Budget::kQuick, kGram, k, shards, threads)).size();
  RC_ASSERT(rows == serial.size());
}

RC_GTEST_PROP(Sweep, MergedShardsAreByteForByteTheUnshardedCsv, ()) {
  const Sweep s = Synthetic();
  const int shards = *rc::gen::inRange(1, 8);
  testing::TempDir dir;
  std::vector<std::filesystem::path> parts;
  for (int k = shards - 1; k >= 0; --k) {  // any order of parts
    parts.push_back(dir.path() / ("part" + std::to_string(k) + ".csv"));
    std::ofstream(parts.back()) << report::SweepCsv(
        s, Budget::kQuick, kGram, RunSweep(s, Budget::kQuick, kGram, k, shards), k, shards);
  }
  const std::string whole =
      report::SweepCsv(s, Budget::kQuick, kGram, RunSweep(s, Budget::kQuick, kGram), 0, 1);
  if (shards > 1) RC_ASSERT(report::MergeSweepCsv(parts) == whole);
}

// The outer parallel loop (sweep cells, report claims) runs every index exactly once on any thread
// count, and a task's exception reaches the caller with no task started after it.
TEST(ParallelFor, RunsEveryIndexOnceAndRethrowsTheFirstError) {
  for (const int threads : {0, 1, 2, 7}) {
    std::vector<std::atomic<int>> runs(50);
    ParallelFor(runs.size(), threads, [&](std::size_t k) { ++runs[k]; });
    for (const auto& r : runs) EXPECT_EQ(r.load(), 1) << threads << " threads";
  }
  std::atomic<int> started{0};
  EXPECT_THROW(ParallelFor(1000, 1,
                           [&](std::size_t k) {
                             ++started;
                             if (k == 3) throw std::runtime_error("task 3");
                           }),
               std::runtime_error);
  EXPECT_EQ(started.load(), 4);  // one thread: tasks 0 … 3, none after the error
  ParallelFor(0, 2, [](std::size_t) { FAIL() << "no task for count 0"; });
}

TEST(Sweep, MergeRefusesIncompleteOrMixedParts) {
  const Sweep s = Synthetic();
  testing::TempDir dir;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path() / name) << text;
    return dir.path() / name;
  };
  auto part = [&](int k, Budget budget, Engine engine) {
    return report::SweepCsv(s, budget, engine, RunSweep(s, budget, engine, k, 2), k, 2);
  };
  const auto p0 = write("p0.csv", part(0, Budget::kQuick, kGram));
  const auto p1 = write("p1.csv", part(1, Budget::kQuick, kGram));
  const auto full = write("f.csv", part(1, Budget::kFull, kGram));
  const auto direct = write("d.csv", part(1, Budget::kQuick, Engine::kDirect));
  EXPECT_THROW(report::MergeSweepCsv({p0}), InvalidInput);          // a shard is missing
  EXPECT_THROW(report::MergeSweepCsv({p0, p0}), InvalidInput);      // a cell twice
  EXPECT_THROW(report::MergeSweepCsv({p0, full}), InvalidInput);    // another budget
  EXPECT_THROW(report::MergeSweepCsv({p0, direct}), InvalidInput);  // another engine
  EXPECT_THROW(report::MergeSweepCsv({write("x.csv", "garbage\n")}), InvalidInput);
  EXPECT_NO_THROW(report::MergeSweepCsv({p1, p0}));
}

// A part as another machine of a mixed Slurm array would write it: the same rows, computed on
// SIMD target `target`.
std::string OnTarget(std::string part, const std::string& target) {
  const auto at = part.find(" simd=") + 6;
  return part.replace(at, part.find(' ', at) - at, target);
}

TEST(Sweep, MergeRefusesPartsFromSimdTargetsWithOtherBitsUnlessAccepted) {
  const Sweep s = Synthetic();
  testing::TempDir dir;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path() / name) << text;
    return dir.path() / name;
  };
  auto part = [&](int k) {
    return report::SweepCsv(s, Budget::kQuick, kGram, RunSweep(s, Budget::kQuick, kGram, k, 2), k,
                            2);
  };
  const auto avx2 = write("avx2.csv", OnTarget(part(0), "avx2"));
  const auto avx3 = write("avx3.csv", OnTarget(part(1), "avx3"));
  const auto scalar = write("scalar.csv", OnTarget(part(1), "scalar"));
  // Both FMA targets give the same bits: merged, and the header names both.
  EXPECT_NE(report::MergeSweepCsv({avx2, avx3}).find(" simd=avx2+avx3 "), std::string::npos);
  EXPECT_THROW(report::MergeSweepCsv({avx2, scalar}), InvalidInput);  // FMA and no FMA
  EXPECT_NE(
      report::MergeSweepCsv({avx2, scalar}, /*accept_mixed_simd=*/true).find(" simd=avx2+scalar "),
      std::string::npos);
}

// The sweep restricted to `cells` (renumbered 0..): a cheap stand-in that runs through RunSweep,
// SweepCsv and MergeSweepCsv exactly as the CLI runs the whole sweep.
Sweep Restricted(const Sweep& sweep, const std::vector<int>& cells) {
  Sweep s = sweep;
  s.cells = [cells](Budget, Engine) { return static_cast<int>(cells.size()); };
  s.run = [run = sweep.run, cells](int cell, Budget budget, Engine engine) {
    return run(cells[static_cast<std::size_t>(cell)], budget, engine);
  };
  return s;
}

// Every sweep of the catalog (so a new one is covered without a line here): its shards, run
// separately and merged, are byte for byte its unsharded CSV. At the quick budget on the default
// engine, over a seeded random choice of two of its cells (all of them when it has fewer), split
// into two shards: one cell each, which is what a merge has to put back in order.
TEST(Sweep, EveryCatalogSweepMergesToItsUnshardedCsv) {
  constexpr int kCellsPerSweep = 2, kShards = 2;
  constexpr std::uint64_t kSeed = 20241;
  const Budget budget = Budget::kQuick;
  for (const Sweep& sweep : SweepCatalog()) {
    std::vector<int> all(static_cast<std::size_t>(sweep.cells(budget, SweepEngine(sweep, kGram))));
    std::iota(all.begin(), all.end(), 0);
    std::mt19937_64 rng(kSeed);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(std::min<std::size_t>(all.size(), kCellsPerSweep));
    std::sort(all.begin(), all.end());
    const Sweep s = Restricted(sweep, all);
    SCOPED_TRACE("sweep " + sweep.name + ", cells " + ::testing::PrintToString(all) +
                 " (replay: ./boa sweep run " + sweep.name + " --budget quick --engine gram)");
    testing::TempDir dir;
    std::vector<std::filesystem::path> parts;
    for (int k = 0; k < kShards; ++k) {
      parts.push_back(dir.path() / ("part" + std::to_string(k) + ".csv"));
      const SweepPart part = RunSweep(s, budget, kGram, k, kShards, /*threads=*/1);
      std::ofstream(parts.back()) << report::SweepCsv(s, budget, kGram, part, k, kShards);
    }
    const std::string whole = report::SweepCsv(s, budget, kGram, RunSweep(s, budget, kGram), 0, 1);
    EXPECT_EQ(report::MergeSweepCsv(parts), whole);
  }
}

}  // namespace sweep_test
}  // namespace boa
