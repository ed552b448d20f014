// [S] train and clean test accuracy over the (d, ‖μ‖) plane: d ∈ [250, 5000] by 125 and
// ‖μ‖ ∈ [5, 100] by 2.5 — the 39 × 39 grid with --budget full, every 12th point (4 × 4) by default
// and the corners (2 × 2) at quick. Other parameters as [S] Fig. 3 (n = 20, T = 8, ρ = 0.1,
// η = 0.2). Protocol: p only, W = I, lr 1e-3, 1500 steps (Sakamoto24POnlyProtocol: the W-and-p
// protocol's one-off O(nT·d²) factored start would cost ~50 minutes on the full grid), on the
// engine --engine picks (auto: Gram, O((nT)²) per step whatever d is, so a cell costs the same at
// d = 5000 as at 250; full grid 14.5 s of CPU against 344 s direct).
#include <string>

#include "boa/engine.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24AccuracyHeatmapFigure(Budget budget) {
  const int stride = budget == Budget::kFull ? 1 : budget == Budget::kDefault ? 12 : 36;
  TokenSelectionRunOptions options = Sakamoto24POnlyProtocol();
  options.engine = ResolveEngine(EngineChoice::kAuto);
  if (budget == Budget::kQuick) options.steps = 300;  // quick draws the figure, not the end state
  Figure f;
  f.name = "sakamoto24_accuracy_heatmap";
  f.engine = ToString(options.engine);
  f.title = "Train and clean test accuracy over (d, ‖μ‖)";
  f.columns = {"d", "mu_norm", "train_accuracy", "test_accuracy"};
  for (int a = 0; a < 39; a += stride) {
    for (int b = 0; b < 39; b += stride) {
      const int d = 250 + 125 * a;
      const double mu = 5 + 2.5 * b;
      const TokenSelectionRun run = RunTokenSelection(Sakamoto24Spec(d, mu), options, 1);
      f.rows.push_back({static_cast<double>(d), mu, run.train_accuracy, run.test_accuracy});
    }
  }
  f.caption = "Measured here (seed 1, p only, lr 1e-3, " + std::to_string(options.steps) +
              " steps, " + std::to_string(f.rows.size()) +
              " grid points). Benign overfitting: train 1 and test high; harmful: train 1, test low; "
              "not overfitting: train < 1.";
  f.x_column = "d";
  f.x_label = "d";
  f.y_label = "‖μ‖";
  f.panels = HeatmapPanels{"mu_norm", {"train_accuracy", "test_accuracy"},
                      {"train accuracy", "clean test accuracy"}, 0.5, 1};
  return f;
}

}  // namespace boa::report
