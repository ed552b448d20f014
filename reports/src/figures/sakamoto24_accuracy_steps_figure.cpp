// [S] train and clean test accuracy against the GD step (log axis), in the balanced setting of
// [S] Fig. 3 — the curve behind sakamoto24.gd.delayed_generalization. Measured here with
// Sakamoto24Protocol(budget), test accuracy projected on 500 fresh samples at every step.
#include <cmath>
#include <string>

#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AccuracyStepsFigure(Budget budget) {
  const Sakamoto24Setting& setting = Sakamoto24Settings()[0];
  TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
  if (budget == Budget::kQuick) options.steps = 300;  // quick draws the figure, not the end state
  options.record_every = 1;
  const TokenSelectionRun run =
      RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, 1);
  Figure f;
  f.name = "sakamoto24_accuracy_steps";
  f.title = "Train and clean test accuracy over GD steps (balanced, d = 2000, ‖μ‖ = 20)";
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
