#include "boa/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>

#include "boa/error.hpp"
#include "boa/threads.hpp"

namespace boa {

Engine SweepEngine(const Sweep& sweep, Engine asked) { return sweep.only_engine.value_or(asked); }

std::size_t ColumnIndex(const Sweep& sweep, const std::string& column) {
  const auto at = std::find(sweep.columns.begin(), sweep.columns.end(), column);
  if (at == sweep.columns.end())
    throw std::logic_error("sweep " + sweep.name + " has no column " + column);
  return static_cast<std::size_t>(at - sweep.columns.begin());
}

SweepPart RunSweep(const Sweep& sweep, Budget budget, Engine asked, int shard, int shards,
                   int threads, const std::function<void(int, int)>& progress) {
  Require(shards >= 1 && shard >= 0 && shard < shards, "a shard must be k/N with 0 ≤ k < N");
  Require(threads >= 0, "the thread count must be non-negative");
  const Engine engine = SweepEngine(sweep, asked);
  const int total = sweep.cells(budget, engine);
  SweepPart part;
  for (int c = shard; c < total; c += shards) part.cells.push_back(c);
  part.rows.resize(part.cells.size());
  std::atomic<int> done{0};
  std::mutex report;
  ParallelFor(part.cells.size(), threads, [&](std::size_t k) {
    part.rows[k] = sweep.run(part.cells[k], budget, engine);
    const int finished = ++done;
    if (progress) {
      const std::lock_guard lock(report);
      progress(finished, static_cast<int>(part.cells.size()));
    }
  });
  return part;
}

Rows Flatten(const SweepPart& part) {
  Rows all;
  for (const Rows& rows : part.rows) all.insert(all.end(), rows.begin(), rows.end());
  return all;
}

void RequireEveryCell(const SweepPart& part, int cells, const std::string& what) {
  // Ascending and unique (SortCells, RunSweep), so 0 … cells − 1 are there when these hold.
  const bool every = part.cells.size() == static_cast<std::size_t>(cells) &&
                     (cells == 0 || (part.cells.front() == 0 && part.cells.back() == cells - 1));
  Require(every, what + " has " + std::to_string(part.cells.size()) + " of the " +
                     std::to_string(cells) + " cells of its sweep");
}

}  // namespace boa
