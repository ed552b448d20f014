// sakamoto24_random_head: [S] Section F, a fixed head that is not the class-signal difference.
// The balanced Fig. 3a data (d = 2000, ‖μ‖ = 20) trained by the W-and-p protocol
// (Sakamoto24Protocol) under RotatedHead: the default head's direction rotated by θ ∈ {0, 15, …,
// 75, 80, 85, 90}° toward a random Gaussian direction, at the default norm. θ = 90° is a random
// head with no class signal at all. One cell per θ; each cell averages seeds 1..k (k = 1 quick,
// 2 default, 8 full) — train accuracy, fitted fraction of the noisy samples, clean test accuracy
// and selection by role — next to the derived reference Φ(cos θ·‖μ‖/(√2σ)), the clean accuracy
// if every test sample attended to its relevant token alone (νᵀx = ỹ cos θ/√2 + N(0, σ²/‖μ‖²)).
// Direct engine only (the rotated head leaves span{e₁, e₂}).
// Beside it ([S] discussion A1, issue 34 item 7): the same head fixed with a learned embedding
// layer E (EmbeddedTokenSelection: E₀ = I, p₀ = 0, p and E by GD at lr 5e-3, EmbeddingProtocol),
// its train and clean test accuracy, its clean samples' relevant-token selection and the
// alignment cos∠(E(μ₊ − μ₋), ν) after training (cos θ before it: E₀ = I).
#include <numbers>

#include "boa/embedding_run.hpp"
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
               "embedding_train_accuracy",
               "embedding_noisy_fitted",
               "embedding_test_accuracy",
               "embedding_clean_selects_relevant",
               "embedding_cosine",
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
    TokenSelectionRunOptions embedding = EmbeddingProtocol(budget, true);
    embedding.steps = options.steps;  // the same horizon as the head-only curves
    double train = 0, noisy = 0, test = 0, clean_relevant = 0, noisy_opposite = 0,
           noisy_irrelevant = 0, e_train = 0, e_noisy = 0, e_test = 0, e_relevant = 0, e_cosine = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      options.head = RotatedHead(spec, angle, seed);
      TokenSelectionRun run = RunTokenSelection(spec, options, seed);
      train += run.train_accuracy / seeds;
      noisy += run.noisy_fitted / seeds;
      test += run.test_accuracy / seeds;
      clean_relevant += run.clean_selects["relevant"] / seeds;
      noisy_opposite += run.noisy_selects["weak_opposite"] / seeds;
      noisy_irrelevant += run.noisy_selects["irrelevant"] / seeds;
      embedding.head = options.head;
      const EmbeddingRun e = RunEmbeddedTokenSelection(spec, embedding, seed);
      e_train += e.run.train_accuracy / seeds;
      e_noisy += e.run.noisy_fitted / seeds;
      e_test += e.run.test_accuracy / seeds;
      e_relevant += e.run.clean_selects.at("relevant") / seeds;
      e_cosine += e.final_cosine / seeds;
    }
    // The head's signal part is cos θ·u/‖μ‖ whatever the seed, so any seed's head gives it.
    const double relevant_only = RelevantTokenAccuracy(spec, RotatedHead(spec, angle, 1));
    return Rows{{degrees, train, noisy, test, relevant_only, clean_relevant, noisy_opposite,
                 noisy_irrelevant, e_train, e_noisy, e_test, e_relevant, e_cosine, double(seeds),
                 double(options.steps)}};
  };
  return s;
}

}  // namespace boa::sweeps
