// magen24.gd.two_step_benign against the relative margin of its window: the claim's own
// instance check on the same draws (whole regime, seeds from 1000) at a range of margins. Plotted:
// the failure rate over all draws (the claim's form), the failure rate among draws inside the
// realised window (the _realised_window claim's form), and the fraction of draws inside it.
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
  f.caption = "Measured here: the conclusions (i)–(iv) of magen24.gd.two_step_benign on " +
              std::to_string(draws) + " draws of its regime (seeds 1000.., one draw: `./boa check "
              "magen24.gd.two_step_benign --params margin=M,... --seed S --instances 1`) per relative "
              "margin M of the linearised window (THEORY.md §4.2). Both claims use the margin 0.2 "
              "fixed beforehand; this figure shows what another margin would have given.";
  f.columns = {"margin", "failure_rate", "failure_rate_in_window", "in_window_fraction"};
  for (const double margin : {0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3}) {
    int failures = 0, in_window = 0, failures_in_window = 0;
    for (int i = 0; i < draws; ++i) {
      const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
      Params params = DrawParams(claim.regime, seed);
      params["margin"] = margin;
      const Outcome o = CheckInstance(claim, params, seed);
      const bool inside = o.measured.at("in_realised_window") == 1;
      failures += !o.holds;
      in_window += inside;
      failures_in_window += inside && !o.holds;
    }
    f.rows.push_back({margin, static_cast<double>(failures) / draws,
                      in_window > 0 ? static_cast<double>(failures_in_window) / in_window : 0.0,
                      static_cast<double>(in_window) / draws});
  }
  f.x_column = "margin";
  f.x_label = "relative window margin";
  f.y_label = "fraction of draws";
  f.series = {{"failure_rate", "failure rate (all draws)", "linespoints"},
              {"failure_rate_in_window", "failure rate among in-window draws", "linespoints"},
              {"in_window_fraction", "draws inside the realised window", "linespoints"}};
  return f;
}

}  // namespace boa::report
