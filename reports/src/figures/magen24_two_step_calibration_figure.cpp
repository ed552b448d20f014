// magen24.gd.two_step_benign against the relative margin of its window: the sweep
// magen24_two_step_calibration (the claim's own instance check on the same draws, seeds from
// 1000, at a range of margins). Plotted: the failure rate over all draws (the claim's form), the
// failure rate among draws inside the realised window (the _realised_window claim's form), and
// the fraction of draws inside it.
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24TwoStepCalibrationFigure(const SweepRun& run) {
  const int draws = static_cast<int>(run.At(0, "draws"));
  Figure f;
  f.name = "magen24_two_step_calibration";
  f.engine = ToString(run.engine);
  f.title = "two_step_benign: failure rate vs window margin";
  f.caption =
      "Measured here: the conclusions (i)–(iv) of magen24.gd.two_step_benign on " +
      std::to_string(draws) +
      " draws of its regime (seeds 1000.., one draw: `./boa check "
      "magen24.gd.two_step_benign --params margin=M,... --seed S --instances 1`) per relative "
      "margin M of the linearised window (THEORY.md §4.2). Both claims use the margin 0.2 "
      "fixed beforehand; this figure shows what another margin would have given.";
  f.columns = {"margin", "failure_rate", "failure_rate_in_window", "in_window_fraction"};
  f.rows = run.Select(f.columns);
  f.x_column = "margin";
  f.x_label = "relative window margin";
  f.y_label = "fraction of draws";
  f.series = {{"failure_rate", "failure rate (all draws)", "linespoints"},
              {"failure_rate_in_window", "failure rate among in-window draws", "linespoints"},
              {"in_window_fraction", "draws inside the realised window", "linespoints"}};
  return f;
}

}  // namespace boa::report
