// [S] train and clean test accuracy over the (d, ‖μ‖) plane (p only, seed 1): the sweep
// sakamoto24_accuracy_heatmap, drawn as two heatmap panels.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AccuracyHeatmapFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_accuracy_heatmap";
  f.engine = ToString(run.engine);
  f.title = "Train and clean test accuracy over (d, ‖μ‖)";
  f.columns = {"d", "mu_norm", "train_accuracy", "test_accuracy"};
  f.rows = run.Select(f.columns);
  f.caption =
      "Measured here (seed 1, p only, lr 1e-3, " +
      std::to_string(static_cast<int>(run.At(0, "steps"))) + " steps, " +
      std::to_string(f.rows.size()) +
      " grid points). Benign overfitting: train 1 and test high; harmful: train 1, test low; "
      "not overfitting: train < 1.";
  f.x_column = "d";
  f.x_label = "d";
  f.y_label = "‖μ‖";
  f.panels = HeatmapPanels{"mu_norm",
                           {"train_accuracy", "test_accuracy"},
                           {"train accuracy", "clean test accuracy"},
                           0.5,
                           1};
  return f;
}

}  // namespace boa::report
