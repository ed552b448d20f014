#pragma once
// Sweeps: the figures' parameter grids as independent, seeded cells — the unit of parallelism
// and of sharding across machines (issue 6).
//
// A sweep has named columns and a number of cells (per budget); run(cell, budget) returns that
// cell's rows and depends on nothing else, so cells can run on any thread, in any process, on any
// machine, and the union of the rows in cell order is always the same.
#include <functional>
#include <string>
#include <vector>

#include "boa/budget.hpp"

namespace boa {

using Rows = std::vector<std::vector<double>>;

struct Sweep {
  std::string name;
  std::string description;
  std::vector<std::string> columns;
  std::function<int(Budget)> cells;
  std::function<Rows(int cell, Budget)> run;
};

struct SweepPart {
  std::vector<int> cells;  // the cells computed, ascending
  std::vector<Rows> rows;  // rows[k] belongs to cells[k]
};

// Runs the cells c with c % shards == shard (all cells: shard 0 of 1) on `threads` threads
// (0: one per hardware thread). Results are in cell order whatever the thread count.
SweepPart RunSweep(const Sweep& sweep, Budget budget, int shard = 0, int shards = 1,
                   int threads = 0, const std::function<void(int done, int total)>& progress = {});

// Every row of a part, in cell order.
Rows Flatten(const SweepPart& part);

}  // namespace boa
