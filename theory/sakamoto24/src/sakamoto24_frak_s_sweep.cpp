// sakamoto24_frak_s: [S] Eqs. (11), (13), the 𝔖 ratios R₊, R₋ and the clean test accuracy against
// the label-noise rate η in the first 𝔖 setting (d = 6000, ‖μ‖ = 20; p only, 2 + 2 + 2
// relevant/weak tokens, n = 40), seed 1, on the η grid of FrakSSweepAt(budget) — the sweep of
// sakamoto24.frak_s.criterion, which runs the same FrakSRun over a finer grid and four settings.
// p only, so both engines (Gram: O((nT)²) per step instead of O(nTd) at d = 6000). One cell per η.
#include "boa/frak_s.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24FrakSSweep() {
  Sweep s;
  s.name = "sakamoto24_frak_s";
  s.description =
      "[S] 𝔖 ratios R₊, R₋ and accuracies against label noise η (d = 6000, ‖μ‖ = 20, seed 1)";
  s.columns = {"eta", "R_plus", "R_minus", "test_accuracy", "train_accuracy", "steps"};
  s.cells = [](Budget budget, Engine) {
    return static_cast<int>(FrakSSweepAt(budget).etas.size());
  };
  s.run = [](int cell, Budget budget, Engine engine) {
    const FrakSSweep sweep = FrakSSweepAt(budget);
    const double eta = sweep.etas[static_cast<std::size_t>(cell)];
    FrakS frak;
    const TokenSelectionRun run =
        FrakSRun(FrakSSpec(0, eta), sweep.lr, sweep.steps, 1, frak, engine);
    return Rows{{eta, frak.RPlus(), frak.RMinus(), run.test_accuracy, run.train_accuracy,
                 double(sweep.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
