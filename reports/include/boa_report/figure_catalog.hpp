#pragma once
// Every figure the report draws, one builder per file in reports/src/figures/, listed once in
// figure_catalog.cpp. A figure plots the rows of the sweep of its name (boa/sweep_catalog.hpp):
// the experiment lives in theory/, the builder only picks columns and writes labels and caption.
#include <functional>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"
#include "boa/sweep.hpp"
#include "boa_report/figure.hpp"

namespace boa::report {

// A finished run of a sweep: its rows in cell order, the budget and the engine it ran on.
struct SweepRun {
  const Sweep* sweep = nullptr;
  Budget budget = Budget::kDefault;
  Engine engine = Engine::kGram;  // SweepEngine(sweep, asked)
  Rows rows;

  // The value of `column` in rows[row].
  double At(std::size_t row, const std::string& column) const;
  // Every row restricted to `columns`, in that order.
  Rows Select(const std::vector<std::string>& columns) const;
};

struct FigureBuilder {
  std::string name;  // the figure's file stem and the name of the sweep it plots
  std::function<Figure(const SweepRun&)> plot;
};

const std::vector<FigureBuilder>& FigureCatalog();

// The figure of `builder` from every cell of its sweep, run at `budget` on SweepEngine(sweep,
// asked) (in one run or merged from shards: RunSweep's cells in ascending order). Throws
// InvalidInput when a cell is missing.
Figure PlotFigure(const FigureBuilder& builder, Budget budget, Engine asked,
                  const SweepPart& every_cell);

}  // namespace boa::report
