// [M] the discussion's Fig. 3b at its n = 500: two SA steps against d = n … 64n (the sweep
// magen24_dimension_n500; the point d = 2n is magen24.dimension.benign_at_2n).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24DimensionN500Figure(const SweepRun& run) {
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_dimension_n500";
  f.engine = "gram";
  f.title = "Two GD steps (SA) at the discussion's n = 500 against d/n";
  f.caption =
      "Measured here (magen24.dimension.benign_at_2n's setting): M1 after two SA steps from zero "
      "on D1 with n = 500, η = 0.1 (exact flips), r = n·SNR² = 4.85, d = n·2^k (500 … 32000), Gram "
      "engine, 4000 projected test samples; means over " +
      std::to_string(seeds) +
      " seeds per d. benign_fraction: the share of seeds with train accuracy 1 and clean test "
      "accuracy ≥ 0.95 (magen24.dimension.benign_at_2n at d = 2n); clean_accuracy_fraction: the "
      "share with clean test accuracy ≥ 0.95 (magen24.dimension.clean_accuracy_vs_n_over_d for "
      "d ≥ 2n, i.e. n/d ≤ ½, the discussion's 'Accuracy vs n/d Plot'). The [M] discussion: \"benign overfitting occurs even for "
      "d=1000=2n<<n^2\" (its Fig. 3b; its η, SNR and step sizes are not stated).";
  f.columns = run.sweep->columns;
  f.rows = run.rows;
  f.x_column = "d_over_n";
  f.x_label = "d / n";
  f.y_label = "mean over seeds";
  f.log_x = true;
  f.series = {
      {"clean_test_acc", "clean test accuracy", "linespoints"},
      {"train_acc", "train accuracy", "linespoints"},
      {"min_clean_signal_attention", "min clean signal attention", "linespoints"},
      {"max_noisy_signal_attention", "max noisy signal attention", "linespoints"},
      {"benign_fraction", "fraction benign", "linespoints"},
      {"clean_accuracy_fraction", "fraction with clean test accuracy ≥ 0.95", "linespoints"}};
  return f;
}

}  // namespace boa::report
