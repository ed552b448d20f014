// [S] train and clean test accuracy over the (d, ‖μ‖) plane, seed 1, as two heatmap panels: the
// sweep sakamoto24_accuracy_heatmap (token selection, p only) and the sweep
// sakamoto24_encoder_heatmap (the one-layer encoder, every block trained).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

// The two panels over (d, ‖μ‖); `what` opens the caption.
Figure AccuracyHeatmap(const SweepRun& run, const std::string& name, const std::string& title,
                       const std::string& what) {
  Figure f;
  f.name = name;
  f.engine = ToString(run.engine);
  f.title = title;
  f.columns = {"d", "mu_norm", "train_accuracy", "test_accuracy"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (seed 1, " + what + ", " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) + " steps, " +
              std::to_string(f.rows.size()) +
              " grid points). Benign overfitting: train 1 and test high; harmful: train 1, test "
              "low; not overfitting: train < 1.";
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

}  // namespace

Figure Sakamoto24AccuracyHeatmapFigure(const SweepRun& run) {
  return AccuracyHeatmap(run, "sakamoto24_accuracy_heatmap",
                         "Train and clean test accuracy over (d, ‖μ‖)", "p only, lr 1e-3");
}

Figure Sakamoto24EncoderHeatmapFigure(const SweepRun& run) {
  return AccuracyHeatmap(
      run, "sakamoto24_encoder_heatmap",
      "One-layer encoder: train and clean test accuracy over (d, ‖μ‖)",
      "one-layer encoder, every block trained, lr 5e-3; d and ‖μ‖ as run: a tenth of the "
      "paper's d with ‖μ‖/√d kept, except under --budget full");
}

}  // namespace boa::report
