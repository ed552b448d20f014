// magen24_dimension: the [M] two-step picture as d grows from 10² to 10⁶ at fixed n and r — do the
// finite-d conclusions converge to the d → ∞ limit the theorems speak of? Only the Gram engine
// (gram_sampling.hpp, O((nT)²) per step) reaches d = 10⁶; it runs every cell so the curve is one
// engine throughout.
//
// Setting: n = 20, T = 2, η = 0.1 (exact flips), r = n·SNR² = 4.5 (inside the linearised window
// (3.125, 6.58)), schedule SA, two steps. One cell per d (quarter decades), R seeds per cell.
#include <algorithm>
#include <cmath>

#include "boa/prompt_attention_run.hpp"
#include "boa/sweep.hpp"
#include "boa/two_step_conclusions.hpp"

namespace boa::sweeps {

Sweep Magen24DimensionSweep() {
  constexpr int kN = 20;
  constexpr double kR = 4.5, kEta = 0.1;
  auto seeds = [](Budget b) {
    return b == Budget::kQuick ? 20 : b == Budget::kDefault ? 100 : 400;
  };
  Sweep s;
  s.name = "magen24_dimension";
  s.description =
      "[M] two steps of SA at n = 20, r = 4.5, η = 0.1 against d = 10²..10⁶ (Gram engine)";
  s.columns = {"d",
               "d_over_n2",
               "seeds",
               "train_acc",
               "clean_test_acc",
               "min_clean_signal_attention",
               "max_noisy_signal_attention",
               "benign_fraction"};
  s.only_engine = Engine::kGram;
  s.cells = [](Budget, Engine) { return 17; };  // d = 10^{2 + k/4}, k = 0..16
  s.run = [seeds](int cell, Budget budget, Engine) {
    SignalNoiseSpec spec;
    spec.n = kN;
    spec.T = 2;
    spec.d = static_cast<int>(std::lround(std::pow(10.0, 2 + cell / 4.0)));
    spec.eta = kEta;
    spec.flips = FlipRule::kExact;
    spec.snr = std::sqrt(kR / kN);
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.engine = EngineChoice::kGram;
    options.n_test = 2000;
    const int R = seeds(budget);
    double train = 0, test = 0, clean = 0, noisy = 0, benign = 0;
    for (int seed = 1; seed <= R; ++seed) {
      const PromptAttentionRun run =
          RunPromptAttention(spec, options, static_cast<std::uint64_t>(seed));
      train += run.train_accuracy;
      test += 1 - run.test.error.rate;
      clean += run.min_clean_signal_attention;
      noisy += run.max_noisy_signal_attention;
      benign += TwoStepConclusionsHold(run);
    }
    return Rows{{double(spec.d), double(spec.d) / (kN * kN), double(R), train / R, test / R,
                 clean / R, noisy / R, benign / R}};
  };
  return s;
}

}  // namespace boa::sweeps
