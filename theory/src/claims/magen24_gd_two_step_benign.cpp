// magen24.gd.two_step_benign — [M] theorem "two steps of GD" with derived constants: schedule
// SA from zero initialisation, η ∈ [0.05, 0.15], d ≥ n², r = n·SNR² inside the linearised
// benign window max(r_C, r_T) < r < r_N shrunk by a relative margin. After two steps:
//   (i) y_i f_i > 0 for all i; (ii) min_{i∈C} s_i,signal ≥ 0.9; (iii) max_{i∈N} s_i,signal ≤ 0.1;
//   (iv) clean test error ≤ 0.05 (projected, 4000 fresh samples).
#include <algorithm>
#include <cmath>
#include <string>

#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/prompt_attention_run.hpp"
#include "magen24_two_step_regime.hpp"

namespace boa::claims {

Claim Magen24GdTwoStepBenign() {
  Claim c;
  c.id = "magen24.gd.two_step_benign";
  c.title = "Two GD steps (schedule SA) inside the linearised window fit every sample, select signal for clean and noise for noisy samples, and generalise";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[M] theorem on two steps of GD; window and constants derived (THEORY.md §4.2)";
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed) {
    const SignalNoiseSpec spec = TwoStepSpec(params);
    const TwoStepConclusions result =
        CheckTwoStepConclusions(spec, RealParam(params, "margin"), 0.0, seed);
    Outcome o;
    o.measured = {{"r", spec.n * spec.snr * spec.snr},
                  {"in_realised_window", result.in_window},
                  {"conclusions_hold", result.holds},
                  {"train_accuracy", result.run.train_accuracy},
                  {"min_clean_signal_attention", result.run.min_clean_signal_attention},
                  {"max_noisy_signal_attention", result.run.max_noisy_signal_attention},
                  {"clean_test_error", result.run.test.error.rate}};
    // Outside the realised window the claim says nothing (counted in in_realised_window_mean).
    o.holds = !result.in_window || result.holds;
    o.explanation = result.explanation;
    return o;
  };
  c.instances = 400;
  c.delta = kTwoStepFailureRate;
  c.gram_form = true;
  return c;
}

}  // namespace boa::claims
