// [S] Section F: the fixed head rotated from the class-signal difference (0°) to a random
// direction with no class signal (90°) — train accuracy, the fitted fraction of the noisy
// samples, clean test accuracy and the clean samples' relevant-token selection, with the derived
// accuracy of attending to the relevant token alone (the sweep sakamoto24_random_head); beside
// them the same head with a learned embedding layer E ([S] discussion A1).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Sakamoto24RandomHeadFigure(const SweepRun& run) {
  Figure f;
  f.name = "sakamoto24_random_head";
  f.engine = ToString(run.engine);
  f.title = "Fixed head rotated from μ₊ − μ₋ toward a random direction (balanced data)";
  f.columns = {"angle_deg",
               "train_accuracy",
               "noisy_fitted",
               "test_accuracy",
               "relevant_only_accuracy",
               "clean_selects_relevant",
               "noisy_selects_weak_opposite",
               "embedding_train_accuracy",
               "embedding_test_accuracy",
               "embedding_clean_selects_relevant",
               "embedding_cosine"};
  f.rows = run.Select(f.columns);
  f.caption = "Measured here (mean over seeds 1.." +
              std::to_string(static_cast<int>(run.At(0, "seeds"))) + "; W and p by GD, lr 5e-3, " +
              std::to_string(static_cast<int>(run.At(0, "steps"))) +
              " steps), except the derived line Φ(cos θ·‖μ‖/(√2σ)): the clean accuracy if every "
              "test sample attended to its relevant token alone. θ = 90° is a random head. "
              "“embedding”: the same fixed head with a learned d×d embedding E on every token "
              "([S] discussion A1; boa's construction: E₀ = I, p and E by GD at lr 5e-3, no W), "
              "and its alignment cos∠(E(μ₊ − μ₋), ν) after training.";
  f.x_column = "angle_deg";
  f.x_label = "angle θ between the head and μ₊ − μ₋ (degrees)";
  f.y_label = "accuracy / fraction of samples";
  f.key = "bottom left";
  f.series = {{"train_accuracy", "train accuracy", "linespoints"},
              {"noisy_fitted", "noisy samples fitted", "linespoints"},
              {"test_accuracy", "clean test accuracy", "linespoints"},
              {"relevant_only_accuracy", "derived: relevant token alone", "lines"},
              {"clean_selects_relevant", "clean samples attend relevant", "points"},
              {"noisy_selects_weak_opposite", "noisy samples attend weak-opposite", "points"},
              {"embedding_train_accuracy", "embedding: train accuracy", "linespoints"},
              {"embedding_test_accuracy", "embedding: clean test accuracy", "linespoints"},
              {"embedding_clean_selects_relevant", "embedding: clean attend relevant", "points"},
              {"embedding_cosine", "embedding: cos(E(μ₊ − μ₋), ν)", "linespoints"}};
  return f;
}

}  // namespace boa::report
