// magen24.gd.step_size — exploratory, [M] rebuttal: with smaller step sizes more than two GD
// iterations are needed to fit the noisy samples. Schedule SA with every step size multiplied
// by a scale s ∈ {1, 1e-1, 1e-2, 1e-3, 1e-4}, zero init, regime of two_step_benign; measured: the
// first iteration with train accuracy 1 (kMaxSteps + 1 when not reached within kMaxSteps).
// SA's step-2 sizes are huge (β_p² = 3.2e5·n/d), so the scale has to fall by orders of
// magnitude before the count moves. Reported, never asserted.
#include <cmath>
#include <string>

#include "boa/claim.hpp"
#include "boa/metrics.hpp"
#include "boa/train.hpp"
#include "magen24_two_step_regime.hpp"

namespace boa::claims {
namespace {
constexpr int kMaxSteps = 200;
}  // namespace

Claim Magen24GdStepSize() {
  Claim c;
  c.id = "magen24.gd.step_size";
  c.title =
      "Iterations of GD (schedule SA scaled by s) until every training sample is fitted, against the step-size scale s";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal (step size); measured here (THEORY.md §4.2)";
  c.regime = TwoStepRegime();
  c.budget_params = [](Budget) { return Params{{"margin", kTwoStepWindowMargin}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const SignalNoiseSpec spec = TwoStepSpec(params);
    const Dataset data = GenerateSignalNoise(spec, seed);
    const StepSchedule sa = MagenScheduleSA(spec.n, spec.d);
    Outcome o;
    for (const double scale : {1.0, 1e-1, 1e-2, 1e-3, 1e-4}) {
      int first_fit = kMaxSteps + 1;
      const Observer record = [&](int step, const Model&, const Evaluation& e) {
        if (first_fit > kMaxSteps && TrainAccuracy(e, data) == 1) first_fit = step;
      };
      PromptAttention model(spec.d);
      const StepSchedule scaled = [&](int step, const std::string& block) {
        return scale * sa(step, block);
      };
      GradientDescent(model, data, {kMaxSteps, scaled}, record);
      o.measured["iterations_to_fit_at_log10_scale_" +
                 std::to_string(std::lround(std::log10(scale)))] = first_fit;
    }
    return o;
  };
  c.instances = 10;
  return c;
}

}  // namespace boa::claims
