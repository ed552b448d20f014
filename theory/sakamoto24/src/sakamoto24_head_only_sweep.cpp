// sakamoto24_head_only: the contrast of [S] Fig. 1 (right) — no token selection, only the head
// trained (RunHeadOnly: uniform attention, v from 0, lr 5e-3, 1000 steps) — against the sequence
// length T ∈ {4, 8, 16, 32} on the Fig. 3a data. One cell per T; each cell averages seeds 1..k
// (k = 1 quick, 4 default, 16 full): train accuracy, fitted fraction of the noisy samples and
// clean test accuracy, next to the token mean's noise-to-signal ratio (AveragedNoiseToSignal,
// ∝ √T). p only, so both engines (Gram: O((nT)²) per step whatever d is).
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24HeadOnlySweep() {
  Sweep s;
  s.name = "sakamoto24_head_only";
  s.description =
      "[S] Fig. 1 (right): head trained, attention uniform — accuracies against T (balanced data)";
  s.columns = {"T",     "train_accuracy", "noisy_fitted", "test_accuracy", "noise_to_signal",
               "seeds", "steps"};
  s.cells = [](Budget, Engine) { return static_cast<int>(HeadOnlyTokenCounts().size()); };
  s.run = [](int cell, Budget budget, Engine engine) {
    const int T = HeadOnlyTokenCounts()[static_cast<std::size_t>(cell)];
    const int seeds = budget == Budget::kQuick ? 1 : budget == Budget::kDefault ? 4 : 16;
    const TokenSelectionSpec spec = HeadOnlySpec(T);
    const TokenSelectionRunOptions options = HeadOnlyProtocol(engine);
    double train = 0, noisy = 0, test = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const TokenSelectionRun run = RunHeadOnly(spec, options, seed);
      train += run.train_accuracy / seeds;
      noisy += run.noisy_fitted / seeds;
      test += run.test_accuracy / seeds;
    }
    return Rows{{double(T), train, noisy, test, AveragedNoiseToSignal(spec), double(seeds),
                 double(options.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
