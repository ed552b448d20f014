// [M] past two steps: the signal token's softmax weight for clean and noisy training samples,
// the noisy samples' fit and the clean test accuracy over 50 GD steps of schedule SA from zero
// init (n = 40, d = 4n², η = 0.1, r in the middle of the linearised window): the sweep
// magen24_beyond_two_steps (exploratory, magen24.gd.beyond_two_steps).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24BeyondTwoStepsFigure(const SweepRun& run) {
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_beyond_two_steps";
  f.engine = "gram";
  f.title =
      "Past two steps: signal attention, fit and clean test accuracy over 50 GD steps (schedule SA)";
  f.caption =
      "Measured here (exploratory, magen24.gd.beyond_two_steps): M1 trained by GD with schedule "
      "SA (THEORY.md §3; steps after 2 reuse the step-2 sizes) from zero init on D1 with n = 40, "
      "d = 4n² = 6400, η = 0.1, r in the middle of the linearised window (THEORY.md §4.2), Gram "
      "engine; means over the " +
      std::to_string(seeds) +
      " seeds' runs (a run that blows up leaves the mean), clean test accuracy exact (T = 2). "
      "Benign fraction: the share of seeds with train accuracy 1 and clean test accuracy ≥ 0.95 "
      "at that step. Paper [M]: benign after two steps; its discussion suspects that further "
      "steps may reduce the focus on the signal token ('Further steps for GD').";
  f.columns = {"step",      "clean_signal_attention", "noisy_signal_attention",
               "noisy_fit", "clean_test_accuracy",    "benign_fraction"};
  f.rows = run.Select(f.columns);
  f.x_column = "step";
  f.x_label = "GD step k";
  f.y_label = "mean softmax weight / fraction / accuracy";
  f.series = {{"clean_signal_attention", "clean samples: signal weight", "linespoints"},
              {"noisy_signal_attention", "noisy samples: signal weight", "linespoints"},
              {"noisy_fit", "noisy samples fitted", "lines dt 2"},
              {"clean_test_accuracy", "clean test accuracy", "lines dt 3"},
              {"benign_fraction", "share of seeds benign", "lines dt 4"}};
  return f;
}

}  // namespace boa::report
