// [M] Fig. 7 (rebuttal heatmap): clean test accuracy over SNR × n, for two GD steps with schedule
// SA and for the max-margin solution, with the predicted boundaries on top: SNR = √(r_T/n) and
// √(r_N/n) (linearised two-step window, MagenLinearizedThresholds) and SNR² = 2/((1 − η)n)
// (max-margin). η = 0.1 (exact flips), d = max(16, n²) — or a fixed d such as 10⁶ ≫ n², always
// on the Gram engine (direct, that grid would draw 10⁶·2n Gaussians per cell). Every cell is
// measured here (mean over seeds); the curves are derived (THEORY.md
// magen24.gd.linearized_thresholds).
#include <algorithm>
#include <cmath>
#include <string>

#include "boa/engine.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/snr_threshold.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure MagenAccuracyHeatmapFigure(ThresholdRoute route, Budget budget, int fixed_d) {
  constexpr double kEta = 0.1;
  constexpr int kTestSamples = 1000;
  // quick: 6 × 7 cells, 1 seed; default: 21 × 39, 4 seeds; full: 41 × 39, 16 seeds.
  const double snr_step = budget == Budget::kQuick ? 0.2 : budget == Budget::kDefault ? 0.05 : 0.025;
  const int n_step = budget == Budget::kQuick ? 6 : 1;
  const int seeds = budget == Budget::kQuick ? 1 : budget == Budget::kDefault ? 4 : 16;
  const LinearizedThresholds t = MagenLinearizedThresholds(kEta);
  const bool sa = route == ThresholdRoute::kScheduleSA;
  Figure f;
  const EngineChoice engine = fixed_d > 0 ? EngineChoice::kGram : EngineChoice::kAuto;
  const std::string at_d = fixed_d > 0 ? "d = " + std::to_string(fixed_d) : "d = max(16, n²)";
  f.name = "magen_heatmap_" + ToString(route) + (fixed_d > 0 ? "_d" + std::to_string(fixed_d) : "");
  f.engine = ToString(ResolveEngine(engine));
  f.title = (sa ? "Clean test accuracy after two GD steps (schedule SA)"
                : "Clean test accuracy of the max-margin solution") +
            std::string(fixed_d > 0 ? ", " + at_d : "");
  f.caption = "Measured here: mean clean test accuracy over " + std::to_string(seeds) +
              " seed(s) per cell (η = 0.1, " + at_d + ", projected test error on " +
              std::to_string(kTestSamples) + " samples). Curves derived: SNR = √(r_T/n), "
              "√(r_N/n) (linearised two-step window) and SNR² = 2/((1−η)n) (max-margin).";
  f.columns = {"snr", "n", "d", "clean_test_acc", "train_acc", "snr_r_T", "snr_r_N",
               "snr_maxmargin"};
  for (int n = 2; n <= 40; n += n_step) {
    const int d = fixed_d > 0 ? fixed_d : std::max(16, n * n);
    for (int k = 0; k * snr_step <= 1 + 1e-9; ++k) {
      const double snr = k * snr_step;
      double test = 0, train = 0;
      for (int s = 1; s <= seeds; ++s) {
        const RouteResult r = RunThresholdRoute(route, n, d, kEta, snr, kTestSamples, s, engine);
        test += r.clean_test_accuracy / seeds;
        train += r.train_accuracy / seeds;
      }
      f.rows.push_back({snr, static_cast<double>(n), static_cast<double>(d), test, train,
                        std::sqrt(t.test / n), std::sqrt(t.noisy / n),
                        std::sqrt(MaxMarginSnrSquaredThreshold(n, kEta))});
    }
  }
  f.x_column = "snr";
  f.x_label = "SNR = ‖μ‖/(σ√d)";
  f.y_label = "n";
  f.key = "below";
  f.heatmap = Heatmap{"n", "clean_test_acc", "clean test accuracy", 0.4, 1,
                      -snr_step / 2, 1 + snr_step / 2, 2 - n_step / 2.0, 40 + n_step / 2.0};
  f.series = {{"n", "r = r_T (two-step, test)", "lines dt 2 lc rgb 'blue'", "snr_r_T"},
              {"n", "r = r_N (two-step, noisy)", "lines dt 3 lc rgb 'red'", "snr_r_N"},
              {"n", "SNR² = 2/((1−η)n) (max-margin)", "lines lc rgb 'black'", "snr_maxmargin"}};
  return f;
}

}  // namespace boa::report
