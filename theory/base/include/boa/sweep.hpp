#pragma once
// Sweeps: the figures' parameter grids as independent, seeded cells — the unit of parallelism
// and of sharding across machines (issue 6).
//
// A sweep has named columns and a number of cells (per budget and engine); run(cell, budget,
// engine) returns that cell's rows and depends on nothing else, so cells can run on any thread, in
// any process, on any machine, and the union of the rows in cell order is always the same.
//
// The engine is the caller's explicit choice (the report's --engine, `boa sweep --engine`). A
// sweep whose experiment has no Gram form, or that needs one engine (d = 10⁶ needs Gram), sets
// only_engine: it runs that engine whatever is asked, and its CSV and `boa sweep list` say so.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"

namespace boa {

using Rows = std::vector<std::vector<double>>;

struct Sweep {
  std::string name;
  std::string description;
  std::vector<std::string> columns;
  std::function<int(Budget, Engine)> cells;
  std::function<Rows(int cell, Budget, Engine)> run;
  std::optional<Engine> only_engine;  // set: the engine it runs whatever is asked
};

// The engine `sweep` runs on when `asked` is asked for.
Engine SweepEngine(const Sweep& sweep, Engine asked);

// The index of `column` in sweep.columns; throws std::logic_error when there is none.
std::size_t ColumnIndex(const Sweep& sweep, const std::string& column);

struct SweepPart {
  std::vector<int> cells;  // the cells computed, ascending
  std::vector<Rows> rows;  // rows[k] belongs to cells[k]
};

// Runs the cells c with c % shards == shard (all cells: shard 0 of 1) on `threads` threads
// (0: one per hardware thread), on SweepEngine(sweep, engine). Results are in cell order whatever
// the thread count.
SweepPart RunSweep(const Sweep& sweep, Budget budget, Engine engine, int shard = 0, int shards = 1,
                   int threads = 0, const std::function<void(int done, int total)>& progress = {});

// Every row of a part, in cell order.
Rows Flatten(const SweepPart& part);

// Throws InvalidInput naming `what` unless `part` (ascending, each cell once, as RunSweep and a
// merge give it) holds every cell 0 … cells − 1: a figure or an audit is made of a whole sweep.
void RequireEveryCell(const SweepPart& part, int cells, const std::string& what);

}  // namespace boa
