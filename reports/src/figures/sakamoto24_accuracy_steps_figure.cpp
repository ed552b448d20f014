// [S] v3 train and clean test accuracy against the GD step (log axis) in a low-SNR benign run —
// the curve behind sakamoto24.gd.delayed_generalization, at the (d, ‖μ‖) = (2000, 6) where that
// claim's search finds the largest delay at seed 1 (other parameters as [S] Fig. 3). Measured
// here with Sakamoto24Protocol(budget), test accuracy projected on 500 fresh samples per step.
#include <cmath>
#include <string>

#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AccuracyStepsFigure(Budget budget) {
  constexpr int kD = 2000;
  constexpr double kMuNorm = 6;
  TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
  if (budget == Budget::kQuick) options.steps = 300;  // quick draws the figure, not the end state
  options.record_every = 1;
  const TokenSelectionRun run =
      RunTokenSelection(Sakamoto24Spec(kD, kMuNorm), options, 1);
  Figure f;
  f.name = "sakamoto24_accuracy_steps";
  f.engine = "direct";
  f.title = "Train and clean test accuracy over GD steps (low SNR: d = 2000, ‖μ‖ = 6)";
  f.columns = {"step", "train_accuracy", "test_accuracy"};
  int last = -1;
  for (int k = 0; k <= 80; ++k) {
    const int step = static_cast<int>(std::lround(std::pow(options.steps, k / 80.0)));
    if (step == last) continue;
    last = step;
    const AccuracyPoint& p = run.trace[static_cast<std::size_t>(step)];
    f.rows.push_back({static_cast<double>(p.step), p.train_accuracy, p.test_accuracy});
  }
  f.caption = "Measured here (seed 1, " +
              std::string(options.train_W ? "W and p, lr 5e-3" : "p only, lr 1e-3") + ", " +
              std::to_string(options.steps) + " steps; test accuracy projected on 500 fresh samples per step).";
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "accuracy";
  f.log_x = true;
  f.series = {{"train_accuracy", "train accuracy", "lines"},
              {"test_accuracy", "clean test accuracy", "lines"}};
  return f;
}

}  // namespace boa::report
