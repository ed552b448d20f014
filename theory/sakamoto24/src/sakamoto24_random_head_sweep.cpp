// sakamoto24_random_head: [S] Section F, a fixed head that is not the class-signal difference.
// The balanced Fig. 3a data (d = 2000, ‖μ‖ = 20) trained by the W-and-p protocol
// (Sakamoto24Protocol) under RotatedHead: the default head's direction rotated by θ ∈ {0, 15, …,
// 75, 80, 85, 90}° toward a random Gaussian direction, at the default norm. θ = 90° is a random
// head with no class signal at all. One cell per θ; each cell averages seeds 1..k (k = 1 quick,
// 2 default, 8 full) — train accuracy, fitted fraction of the noisy samples, clean test accuracy
// and selection by role — next to the derived reference Φ(cos θ·‖μ‖/(√2σ)), the clean accuracy
// if every test sample attended to its relevant token alone (νᵀx = ỹ cos θ/√2 + N(0, σ²/‖μ‖²)).
// Direct engine only (the rotated head leaves span{e₁, e₂}).
#include <numbers>

#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24RandomHeadSweep() {
  Sweep s;
  s.name = "sakamoto24_random_head";
  s.description =
      "[S] Section F: the fixed head rotated from the class-signal difference toward a random direction";
  s.columns = {"angle_deg",
               "train_accuracy",
               "noisy_fitted",
               "test_accuracy",
               "relevant_only_accuracy",
               "clean_selects_relevant",
               "noisy_selects_weak_opposite",
               "noisy_selects_irrelevant",
               "seeds",
               "steps"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return static_cast<int>(RotatedHeadAngles().size()); };
  s.run = [](int cell, Budget budget, Engine) {
    const double degrees = RotatedHeadAngles()[static_cast<std::size_t>(cell)];
    const double angle = degrees * std::numbers::pi / 180;
    const int seeds = budget == Budget::kQuick ? 1 : budget == Budget::kDefault ? 2 : 8;
    const TokenSelectionSpec spec = Sakamoto24Spec(2000, 20);
    TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
    double train = 0, noisy = 0, test = 0, clean_relevant = 0, noisy_opposite = 0,
           noisy_irrelevant = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      options.head = RotatedHead(spec, angle, seed);
      TokenSelectionRun run = RunTokenSelection(spec, options, seed);
      train += run.train_accuracy / seeds;
      noisy += run.noisy_fitted / seeds;
      test += run.test_accuracy / seeds;
      clean_relevant += run.clean_selects["relevant"] / seeds;
      noisy_opposite += run.noisy_selects["weak_opposite"] / seeds;
      noisy_irrelevant += run.noisy_selects["irrelevant"] / seeds;
    }
    // The head's signal part is cos θ·u/‖μ‖ whatever the seed, so any seed's head gives it.
    const double relevant_only = RelevantTokenAccuracy(spec, RotatedHead(spec, angle, 1));
    return Rows{{degrees, train, noisy, test, relevant_only, clean_relevant, noisy_opposite,
                 noisy_irrelevant, double(seeds), double(options.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
