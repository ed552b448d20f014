// [M] Fig. 7 (rebuttal heatmap): clean test accuracy over SNR × n, for two GD steps with schedule
// SA, for the max-margin solution or for Kou et al.'s CNN (its pair on the same grid), with the
// predicted boundaries on top: SNR = √(r_T/n) and
// √(r_N/n) (linearised two-step window) and SNR² = 2/((1 − η)n) (max-margin) — the sweeps
// magen_heatmap_<route>[_d<D>]. Every cell is measured (mean over seeds); the curves are derived
// (THEORY.md magen24.gd.linearized_thresholds).
#include <string>

#include "boa/snr_threshold.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure MagenAccuracyHeatmapFigure(const SweepRun& run) {
  const auto route = static_cast<ThresholdRoute>(static_cast<int>(run.At(0, "route")));
  const int fixed_d = static_cast<int>(run.At(0, "fixed_d"));
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  const double snr_step = run.At(0, "snr_step");
  const int n_step = static_cast<int>(run.At(0, "n_step"));
  const bool sa = route == ThresholdRoute::kScheduleSA, cnn = route == ThresholdRoute::kCnn;
  const std::string at_d = fixed_d > 0 ? "d = " + std::to_string(fixed_d) : "d = max(16, n²)";
  Figure f;
  f.name = run.sweep->name;
  f.engine = ToString(run.engine);
  f.title = (sa    ? "Clean test accuracy after two GD steps (schedule SA)"
             : cnn ? "Clean test accuracy of the two-layer ReLU CNN (Kou et al.)"
                   : "Clean test accuracy of the max-margin solution") +
            std::string(fixed_d > 0 ? ", " + at_d : "");
  f.caption = "Measured here: mean clean test accuracy over " + std::to_string(seeds) +
              " seed(s) per cell (η = 0.1, " + at_d +
              (cnn ? ", the CNN route of magen24.cnn.threshold_dimension: m = 10, σ₀ = 0.01, step "
                     "50, 100 steps in units of the data; test accuracy on 1000 fresh samples). "
                     "The same grid and seeds as magen_heatmap_maxmargin. Attention's "
                   : ", projected test error on 1000 samples). ") +
              std::string(cnn ? "curves" : "Curves") +
              " derived: SNR = √(r_T/n), √(r_N/n) (linearised two-step window) and "
              "SNR² = 2/((1−η)n) (max-margin)" +
              (cnn ? ", drawn for comparison." : ".");
  f.columns = {"snr",       "n",       "d",       "clean_test_acc",
               "train_acc", "snr_r_T", "snr_r_N", "snr_maxmargin"};
  f.rows = run.Select(f.columns);
  f.x_column = "snr";
  f.x_label = "SNR = ‖μ‖/(σ√d)";
  f.y_label = "n";
  f.key = "below";
  f.heatmap = Heatmap{"n",
                      "clean_test_acc",
                      "clean test accuracy",
                      0.4,
                      1,
                      -snr_step / 2,
                      1 + snr_step / 2,
                      2 - n_step / 2.0,
                      40 + n_step / 2.0};
  f.series = {{"n", "r = r_T (two-step, test)", "lines dt 2 lc rgb 'blue'", "snr_r_T"},
              {"n", "r = r_N (two-step, noisy)", "lines dt 3 lc rgb 'red'", "snr_r_N"},
              {"n", "SNR² = 2/((1−η)n) (max-margin)", "lines lc rgb 'black'", "snr_maxmargin"}};
  return f;
}

}  // namespace boa::report
