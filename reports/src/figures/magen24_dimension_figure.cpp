// [M] two steps of SA as d → ∞ at fixed n = 20 and r = n·SNR² = 4.5: the sweep magen24_dimension
// (Gram engine, so d reaches 10⁶), drawn against d/n².
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24DimensionFigure(const SweepRun& run) {
  Figure f;
  f.name = "magen24_dimension";
  f.engine = "gram";
  f.title = "Two GD steps (SA) as d grows: n = 20, r = 4.5, η = 0.1";
  f.caption =
      "Measured here by `boa sweep run magen24_dimension` with the Gram engine (Bartlett-sampled "
      "Gram forms, exact Gram-space GD): means over seeds per d. benign_fraction is the share "
      "of seeds meeting all four conclusions of magen24.gd.two_step_benign.";
  f.columns = run.sweep->columns;
  f.rows = run.rows;
  f.x_column = "d_over_n2";
  f.x_label = "d / n²";
  f.y_label = "mean over seeds";
  f.log_x = true;
  f.series = {{"clean_test_acc", "clean test accuracy", "linespoints"},
              {"train_acc", "train accuracy", "linespoints"},
              {"min_clean_signal_attention", "min clean signal attention", "linespoints"},
              {"max_noisy_signal_attention", "max noisy signal attention", "linespoints"},
              {"benign_fraction", "fraction benign (all four conclusions)", "linespoints"}};
  return f;
}

}  // namespace boa::report
