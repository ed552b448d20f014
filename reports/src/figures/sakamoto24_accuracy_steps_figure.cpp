// [S] v3 train and clean test accuracy against the GD step (log axis) in a low-SNR benign run —
// the curve behind sakamoto24.gd.delayed_generalization at (d, ‖μ‖) = (2000, 6): the sweep
// sakamoto24_accuracy_steps.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AccuracyStepsFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_accuracy_steps";
  f.engine = "direct";
  f.title = "Train and clean test accuracy over GD steps (low SNR: d = 2000, ‖μ‖ = 6)";
  f.columns = {"step", "train_accuracy", "test_accuracy"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (seed 1, " +
              std::string(run.At(0, "train_W") == 1 ? "W and p, lr 5e-3" : "p only, lr 1e-3") +
              ", " + std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps; test accuracy projected on 500 fresh samples per step).";
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "accuracy";
  f.log_x = true;
  f.series = {{"train_accuracy", "train accuracy", "lines"},
              {"test_accuracy", "clean test accuracy", "lines"}};
  return f;
}

}  // namespace boa::report
