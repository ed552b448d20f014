// magen24_two_step_calibration: magen24.gd.two_step_benign against the relative margin of its
// window — the claim's own instance check (CheckTwoStepConclusions on a draw of TwoStepRegime, the
// margin set) on the same draws (seeds 1000..) at margins 0, 0.05, .., 0.3. Per margin: the
// failure rate over all draws (the claim's form), among the draws inside the realised window (the
// _realised_window claim's form), and the fraction of draws inside it. It draws the claim's
// regime, so it lives here with the claims. One cell per margin.
#include <iterator>

#include "boa/sweep.hpp"
#include "magen24_two_step_regime.hpp"

namespace boa::sweeps {
namespace {

constexpr double kMargins[] = {0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3};

}  // namespace

Sweep Magen24TwoStepCalibrationSweep() {
  Sweep s;
  s.name = "magen24_two_step_calibration";
  s.description = "[M] two_step_benign's failure rate against the relative margin of its window";
  s.columns = {"margin", "failure_rate", "failure_rate_in_window", "in_window_fraction", "draws"};
  s.cells = [](Budget, Engine) { return static_cast<int>(std::size(kMargins)); };
  s.run = [](int cell, Budget budget, Engine engine) {
    const int draws = budget == Budget::kQuick ? 100 : budget == Budget::kDefault ? 500 : 2000;
    const double margin = kMargins[cell];
    int failures = 0, in_window = 0, failures_in_window = 0;
    for (int i = 0; i < draws; ++i) {
      const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
      Params params = DrawParams(claims::TwoStepRegime(), seed);
      params["margin"] = margin;
      const claims::TwoStepConclusions c =
          claims::CheckTwoStepConclusions(claims::TwoStepSpec(params), margin, 0.0, seed, engine);
      failures += !c.holds;
      in_window += c.in_window;
      failures_in_window += c.in_window && !c.holds;
    }
    return Rows{{margin, static_cast<double>(failures) / draws,
                 in_window > 0 ? static_cast<double>(failures_in_window) / in_window : 0.0,
                 static_cast<double>(in_window) / draws, double(draws)}};
  };
  return s;
}

}  // namespace boa::sweeps
