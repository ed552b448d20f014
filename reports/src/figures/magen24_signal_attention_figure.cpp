// [M] the signal token's softmax weight for clean vs noisy training samples over 10 GD steps of
// schedule SA, from zero init (n = 40, d = 4n², η = 0.1, r in the middle of the linearised
// window): the sweep magen24_signal_attention.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24SignalAttentionFigure(const SweepRun& run) {
  const double r = run.At(0, "r");
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_signal_attention";
  f.engine = "direct";
  f.title = "Softmax weight on the signal token over GD steps (schedule SA)";
  f.caption =
      "Measured here: M1 trained by GD with schedule SA (THEORY.md §3; steps after 2 reuse the "
      "step-2 sizes) from zero init on D1 with n = 40, d = 4n² = 6400, η = 0.1, r = n·SNR² = " +
      std::to_string(r).substr(0, 4) +
      " (middle of the linearised window, THEORY.md §4.2); "
      "means over clean and over noisy training samples, averaged over " +
      std::to_string(seeds) +
      " seeds. Paper [M]: clean samples select the signal, noisy "
      "ones their noise, after two steps.";
  f.columns = {"step", "clean_signal_attention", "noisy_signal_attention", "train_accuracy"};
  f.rows = run.Select(f.columns);
  f.x_column = "step";
  f.x_label = "GD step";
  f.y_label = "mean softmax weight on the signal token";
  f.series = {{"clean_signal_attention", "clean samples", "linespoints"},
              {"noisy_signal_attention", "noisy samples", "linespoints"},
              {"train_accuracy", "train accuracy", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
