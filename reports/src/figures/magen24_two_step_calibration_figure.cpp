// The calibration behind magen24.gd.two_step_benign's window margin and δ: the claim's own
// verdict run (RunClaim, whole regime, seeds from 1000) at a range of relative margins. Plotted:
// the failure rate over all draws (what δ bounds), the failure rate among draws inside the
// realised window, and the fraction of draws inside it.
#include "boa/catalog.hpp"
#include "boa/engine.hpp"
#include "boa/runner.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24TwoStepCalibrationFigure(Budget budget) {
  const int draws = budget == Budget::kQuick ? 100 : budget == Budget::kDefault ? 500 : 2000;
  const Claim& claim = FindClaim("magen24.gd.two_step_benign");
  Figure f;
  f.name = "magen24_two_step_calibration";
  f.engine = ToString(ResolveEngine(EngineChoice::kAuto));
  f.title = "two_step_benign: failure rate vs window margin";
  f.caption = "Measured here: magen24.gd.two_step_benign run on " + std::to_string(draws) +
              " draws of its regime (seeds 1000.., `./boa check magen24.gd.two_step_benign --params "
              "margin=M --seed 1000 --instances " + std::to_string(draws) + "`) per relative margin M of "
              "the linearised window (THEORY.md §4.2). The claim uses margin 0.2 and δ = 0.02 on the "
              "failure rate over all draws, calibrated on 2000 draws per margin (claim file).";
  f.columns = {"margin", "failure_rate", "failure_rate_in_window", "in_window_fraction"};
  for (const double margin : {0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3}) {
    RunOptions options;
    options.instances = draws;
    options.seed_base = 1000;
    options.fixed = {{"margin", margin}};
    options.shrink = false;
    const Verdict v = RunClaim(claim, options);
    const double in_window = v.measured.at("in_realised_window_mean");
    f.rows.push_back({margin, static_cast<double>(v.failures) / draws,
                      in_window > 0 ? v.failures / (in_window * draws) : 0.0, in_window});
  }
  f.x_column = "margin";
  f.x_label = "relative window margin";
  f.y_label = "fraction of draws";
  f.series = {{"failure_rate", "failure rate (all draws; δ bounds this)", "linespoints"},
              {"failure_rate_in_window", "failure rate among in-window draws", "linespoints"},
              {"in_window_fraction", "draws inside the realised window", "linespoints"}};
  return f;
}

}  // namespace boa::report
