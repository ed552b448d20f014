// sakamoto24_accuracy_steps: [S] v3 train and clean test accuracy against the GD step in a
// low-SNR benign run — the curve behind sakamoto24.gd.delayed_generalization, at the
// (d, ‖μ‖) = (2000, 6) where that claim's search finds the largest delay at seed 1 (other
// parameters as [S] Fig. 3), with Sakamoto24FigureProtocol(budget); test accuracy projected on
// 500 fresh samples per step. Rows at 81 log-spaced steps (duplicates dropped). One run, so one
// cell; direct only (W is trained).
#include <cmath>

#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24AccuracyStepsSweep() {
  Sweep s;
  s.name = "sakamoto24_accuracy_steps";
  s.description = "[S] train and clean test accuracy over GD steps at d = 2000, ‖μ‖ = 6 (seed 1)";
  s.columns = {"step", "train_accuracy", "test_accuracy", "steps", "train_W"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 1; };
  s.run = [](int, Budget budget, Engine) {
    constexpr int kD = 2000;
    constexpr double kMuNorm = 6;
    TokenSelectionRunOptions options = Sakamoto24FigureProtocol(budget);
    options.record_every = 1;
    const TokenSelectionRun run = RunTokenSelection(Sakamoto24Spec(kD, kMuNorm), options, 1);
    Rows rows;
    int last = -1;
    for (int k = 0; k <= 80; ++k) {
      const int step = static_cast<int>(std::lround(std::pow(options.steps, k / 80.0)));
      if (step == last) continue;
      last = step;
      const AccuracyPoint& p = run.trace[static_cast<std::size_t>(step)];
      rows.push_back({double(p.step), p.train_accuracy, p.test_accuracy, double(options.steps),
                      double(options.train_W)});
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
