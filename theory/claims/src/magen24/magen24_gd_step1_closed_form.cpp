// magen24.gd.step1_closed_form — derived from the kernel (THEORY.md §1.1, derivation in
// boa/magen_two_step.hpp): from zero initialisation, for any step sizes and any T, one GD step
// gives p₁ = 0 exactly and v₁ = (β_v¹/(2nT)) Σ_i y_i Σ_t x_it.
#include <cmath>
#include <string>

#include "boa/claim.hpp"
#include "boa/magen_two_step.hpp"
#include "boa/model.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "magen24_spec.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim Magen24GdStep1ClosedForm() {
  Claim c;
  c.id = "magen24.gd.step1_closed_form";
  c.title =
      "From zero init one GD step gives p₁ = 0 and v₁ = (β_v¹/(2nT)) Σ_i y_i Σ_t x_it, any step sizes, any T";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[M] two-step analysis; derived from the kernel (THEORY.md §1.1)";
  c.regime = {{"n", 2, 20},
              {"d", 3, 100},
              {"T", 2, 6},
              {"snr", 0, 200, 0.01},
              {"eta", 0, 40, 0.01},
              {"random_position", 0, 1},
              {"log10_beta_v1", -12, 4, 0.5},
              {"log10_beta_p1", -6, 12, 0.5}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Dataset data = GenerateSignalNoise(SignalNoiseSpecFromParams(params), seed);
    const double beta_v = std::pow(10.0, RealParam(params, "log10_beta_v1"));
    const double beta_p = std::pow(10.0, RealParam(params, "log10_beta_p1"));
    PromptAttention model(data.d);
    GradientDescent(model, data, {1, ConstantSchedule({{"v", beta_v}, {"p", beta_p}})});
    const Vector v1 = MagenStepOneValue(data, beta_v);
    // Rounding scale: every summand of v₁ is at most β_v¹/(2nT)·max|x|, and there are nT.
    const double scale = beta_v / 2 * data.X.cwiseAbs().maxCoeff();
    const double v_gap = GapRatio(model.Block("v"), v1, kTolerances.equivalence, scale);
    const double p_largest = model.Block("p").cwiseAbs().maxCoeff();
    Outcome o;
    o.measured = {{"v1_gap_over_tolerance", v_gap}, {"p1_largest_entry", p_largest}};
    o.holds = v_gap <= 1 && p_largest == 0;  // p₁ = 0 exactly: its gradient is 0·finite
    if (!o.holds) {
      o.explanation = "v₁ differs from the closed form by " + std::to_string(v_gap) +
                      "× the tolerance; largest |p₁| entry " + std::to_string(p_largest);
    }
    return o;
  };
  c.instances = 100;
  return c;
}

}  // namespace boa::claims
