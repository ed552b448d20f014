// sakamoto24_accuracy_heatmap: [S] train and clean test accuracy over the (d, ‖μ‖) plane:
// d ∈ [250, 5000] by 125 and ‖μ‖ ∈ [5, 100] by 2.5 — the 39 × 39 grid with --budget full, every
// 12th point (4 × 4) by default and the corners (2 × 2) at quick. Other parameters as [S] Fig. 3
// (n = 20, T = 8, ρ = 0.1, η = 0.2), seed 1. Protocol: p only, W = I, lr 1e-3, 1500 steps (300 at
// quick; Sakamoto24POnlyProtocol: the W-and-p protocol's one-off O(nT·d²) factored start would
// cost ~50 minutes on the full grid), on either engine (Gram: O((nT)²) per step whatever d is, so
// a cell costs the same at d = 5000 as at 250; full grid 14.5 s of CPU against 344 s direct).
// One cell per grid point.
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

int Stride(Budget b) { return b == Budget::kFull ? 1 : b == Budget::kDefault ? 12 : 36; }

}  // namespace

Sweep Sakamoto24AccuracyHeatmapSweep() {
  Sweep s;
  s.name = "sakamoto24_accuracy_heatmap";
  s.description = "[S] train and clean test accuracy over the (d, ‖μ‖) plane (p only, seed 1)";
  s.columns = {"d", "mu_norm", "train_accuracy", "test_accuracy", "steps"};
  s.cells = [](Budget b, Engine) {
    return HeatmapGridPoints(Stride(b)) * HeatmapGridPoints(Stride(b));
  };
  s.run = [](int cell, Budget budget, Engine engine) {
    TokenSelectionRunOptions options = Sakamoto24POnlyProtocol();
    options.engine = engine;
    if (budget == Budget::kQuick) options.steps = 300;  // quick draws the figure, not the end state
    const auto [d, mu] = HeatmapGridPointAt(cell, Stride(budget));
    const TokenSelectionRun run = RunTokenSelection(Sakamoto24Spec(d, mu), options, 1);
    return Rows{{double(d), mu, run.train_accuracy, run.test_accuracy, double(options.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
