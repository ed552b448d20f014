// [M] how hard the softmax selects after two SA steps: log₁₀ ε = log₁₀(1 − min clean signal
// weight) and log₁₀(max noisy signal weight) against d at n = 20, η = 0.1, r = 4 and 5.5, with
// their d → ∞ limits σ(∓10·P(r, η)) (sweep magen24_softmax_bound, Gram engine).
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24SoftmaxBoundFigure(const SweepRun& run) {
  Figure f;
  f.name = "magen24_softmax_bound";
  f.engine = "gram";
  f.title = "Softmax selection after two SA steps: n = 20, η = 0.1";
  f.caption =
      "Measured here by `boa sweep run magen24_softmax_bound` (Gram engine): means of log₁₀ ε "
      "(ε = 1 − min clean signal weight) and of log₁₀ max noisy signal weight over seeds per d. "
      "Lines: the derived d → ∞ limits log₁₀ σ(∓10·P(r, η)) at balanced classes "
      "(THEORY.md §4.2 magen24.gd.softmax_bound); realised class imbalance keeps the measured "
      "means off them.";
  f.columns = run.sweep->columns;
  f.rows = run.rows;
  f.x_column = "d";
  f.x_label = "d";
  f.y_label = "log10 of the weight";
  f.log_x = true;
  f.key = "bottom left";
  f.series = {
      {"log10_epsilon_r40", "log10 ε, r = 4", "linespoints"},
      {"limit_log10_epsilon_r40", "limit, r = 4", "lines"},
      {"log10_epsilon_r55", "log10 ε, r = 5.5", "linespoints"},
      {"limit_log10_epsilon_r55", "limit, r = 5.5", "lines"},
      {"log10_max_noisy_signal_r40", "log10 max noisy signal weight, r = 4", "linespoints"},
      {"limit_log10_max_noisy_signal_r40", "limit, r = 4", "lines"},
      {"log10_max_noisy_signal_r55", "log10 max noisy signal weight, r = 5.5", "linespoints"},
      {"limit_log10_max_noisy_signal_r55", "limit, r = 5.5", "lines"}};
  return f;
}

}  // namespace boa::report
