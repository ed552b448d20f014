// [M] large steps: the clean and the noisy training samples' fitted fractions over 50 GD steps of
// schedule SA × s, s = 10, 10³, 10⁴, from zero init (n = 40, d = 4n², η = 0.1, r in the middle of
// the linearised window): the sweep magen24_step_size_oscillation (exploratory,
// magen24.gd.step_size_oscillation).
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24StepSizeOscillationFigure(const SweepRun& run) {
  const int seeds = static_cast<int>(run.At(0, "seeds"));
  Figure f;
  f.name = "magen24_step_size_oscillation";
  f.engine = "gram";
  f.title = "Large steps: fitted fractions of clean and noisy samples over GD steps (SA × s)";
  f.caption =
      "Measured here (exploratory, magen24.gd.step_size_oscillation): M1 trained by GD with "
      "schedule SA × s (THEORY.md §3, every step size times s) from zero init on D1 with n = 40, "
      "d = 4n² = 6400, η = 0.1, r in the middle of the linearised window, Gram engine; the "
      "fraction of clean and of noisy training samples fitted at each step, averaged over the " +
      std::to_string(seeds) +
      " seeds' runs that have not blown up (loss > 100·log 2 or non-finite) by that step; "
      "runs_s4 counts those at s = 10⁴. The [M] discussion suspects that a larger step size "
      "\"might alternate between fitting the noisy samples and fitting the clean samples\".";
  f.columns = {"step",         "clean_fit_s1", "noisy_fit_s1", "clean_fit_s3",
               "noisy_fit_s3", "clean_fit_s4", "noisy_fit_s4"};
  f.rows = run.Select(f.columns);
  f.x_column = "step";
  f.x_label = "GD step k";
  f.y_label = "fraction of training samples fitted";
  f.series = {{"clean_fit_s1", "clean, s = 10", "lines"},
              {"noisy_fit_s1", "noisy, s = 10", "lines dt 2"},
              {"clean_fit_s3", "clean, s = 10^3", "linespoints"},
              {"noisy_fit_s3", "noisy, s = 10^3", "linespoints dt 2"},
              {"clean_fit_s4", "clean, s = 10^4", "linespoints"},
              {"noisy_fit_s4", "noisy, s = 10^4", "linespoints dt 2"}};
  return f;
}

}  // namespace boa::report
