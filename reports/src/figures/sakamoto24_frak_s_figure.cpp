// [S] Eqs. (11), (13): the 𝔖 ratios R₊, R₋ and the clean test accuracy against the label-noise
// rate η in the first 𝔖 setting (d = 6000, ‖μ‖ = 20) — the sweep sakamoto24_frak_s, the runs of
// sakamoto24.frak_s.criterion on a coarser η grid. The claim runs on the same engine, over its own
// finer η grid (0.05..0.95) and a regime of four settings; both show R crossing 1 between η = 0.7
// and 0.9 at seed 1 (Gram, full grid: between 0.7 and 0.8).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24FrakSFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_frak_s";
  f.engine = ToString(run.engine);
  f.title = "𝔖 ratios and clean test accuracy vs label noise η (d = 6000, ‖μ‖ = 20)";
  f.columns = {"eta", "R_plus", "R_minus", "test_accuracy", "train_accuracy"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (seed 1, p only, lr 1e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps). R > 1 favours benign overfitting ([S] Eqs. 11, 13); log y axis.";
  f.x_column = "eta";
  f.x_label = "label-noise rate η";
  f.y_label = "R (and accuracy)";
  f.log_y = true;
  f.series = {{"R_plus", "R_+", "linespoints"},
              {"R_minus", "R_-", "linespoints"},
              {"test_accuracy", "clean test accuracy", "linespoints"},
              {"train_accuracy", "train accuracy", "linespoints"}};
  return f;
}

}  // namespace boa::report
