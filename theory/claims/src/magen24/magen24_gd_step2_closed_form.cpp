// magen24.gd.step2_closed_form — derived from the kernel (THEORY.md §1.1, derivation in
// boa/magen_two_step.hpp), T = 2, zero initialisation, any step sizes:
//   v₂ = v₁ + (β_v²/2n) Σ g_i y_i (u_i + ξ_i),  p₂ = (β_p²/4n) Σ g_i y_i ⟨v₁, u_i − ξ_i⟩ (u_i −
//   ξ_i)
// with f_i = ½ v₁ᵀ(u_i + ξ_i), g_i = 1/(1 + e^{y_i f_i}); and the signal weight of each sample
// after step 2 is σ(p₂ᵀ(u_i − ξ_i)). Re-derived here: THEORY.md's printed formula is correct.
// Compared with the generic trainer GradientDescent at rtol 1e-10.
#include <algorithm>
#include <cmath>
#include <string>

#include "boa/claim.hpp"
#include "boa/magen_two_step.hpp"
#include "boa/model.hpp"
#include "boa/numerics.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"
#include "magen24_spec.hpp"
#include "random_instance.hpp"

namespace boa::claims {

Claim Magen24GdStep2ClosedForm() {
  Claim c;
  c.id = "magen24.gd.step2_closed_form";
  c.title =
      "Two GD steps from zero init (T = 2) match the closed forms of v₂, p₂ and the signal weight σ(p₂ᵀ(u − ξ))";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "[M] two-step analysis; derived from the kernel (THEORY.md §1.1)";
  c.regime = {{"n", 2, 20},
              {"d", 3, 100},
              {"snr", 0, 200, 0.01},
              {"eta", 0, 40, 0.01},
              {"random_position", 0, 1},
              {"log10_beta_v1", -8, 2, 0.5},
              {"log10_beta_p1", -6, 12, 0.5},
              {"log10_beta_v2", -6, 6, 0.5},
              {"log10_beta_p2", -6, 12, 0.5}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const Dataset data = GenerateSignalNoise(SignalNoiseSpecFromParams(params), seed);
    const auto beta = [&](const char* name) { return std::pow(10.0, RealParam(params, name)); };
    const double bv1 = beta("log10_beta_v1"), bp1 = beta("log10_beta_p1");
    const double bv2 = beta("log10_beta_v2"), bp2 = beta("log10_beta_p2");
    PromptAttention model(data.d);
    const StepSchedule schedule = [&](int step, const std::string& block) {
      if (block == "v") return step == 1 ? bv1 : bv2;
      return step == 1 ? bp1 : bp2;
    };
    GradientDescent(model, data, {2, schedule});
    const MagenStepTwo closed = MagenStepTwoClosedForm(data, bv1, bv2, bp2);
    // Rounding scales: the largest summand magnitudes. |g_i| ≤ 1, |x| ≤ max|X|, and
    // |⟨v₁, u − ξ⟩| ≤ ‖v₁‖·max_i(‖u_i‖ + ‖ξ_i‖) ≤ ‖v₁‖·2 max_row ‖x‖.
    const double x_max = data.X.cwiseAbs().maxCoeff();
    const double row_max = data.X.rowwise().norm().maxCoeff();
    const double v_scale = bv1 / 2 * x_max + bv2 * x_max;
    const double p_scale = bp2 / 2 * closed.v1.norm() * 2 * row_max * 2 * x_max;
    const double v_gap = GapRatio(model.Block("v"), closed.v2, kTolerances.equivalence, v_scale);
    const double p_gap = GapRatio(model.Block("p"), closed.p2, kTolerances.equivalence, p_scale);
    // Signal weight: the softmax of the trained model against σ(p₂ᵀ(u − ξ)) with the same p₂.
    // Rounding of a logit is ≲ ε‖p₂‖·2 max‖x‖ and σ' ≤ ¼, so the absolute tolerance is
    // rtol·max(1, ‖p₂‖·2 max‖x‖).
    const Vector& p2 = model.Block("p");
    const RowMatrix attention = model.Evaluate(data, false).attention;
    double weight_gap = 0;
    for (int i = 0; i < data.n; ++i) {
      const int signal = data.Role(i, 0) == TokenRole::kSignal ? 0 : 1;
      const double logit = p2.dot(data.Tokens(i).row(signal) - data.Tokens(i).row(1 - signal));
      weight_gap = std::max(weight_gap, std::fabs(attention(i, signal) - Sigmoid(logit)));
    }
    const double weight_tolerance =
        kTolerances.equivalence * std::max(1.0, p2.norm() * 2 * row_max);
    Outcome o;
    o.measured = {{"v2_gap_over_tolerance", v_gap},
                  {"p2_gap_over_tolerance", p_gap},
                  {"signal_weight_gap_over_tolerance", weight_gap / weight_tolerance}};
    o.holds = v_gap <= 1 && p_gap <= 1 && weight_gap <= weight_tolerance;
    if (!o.holds) {
      o.explanation = "gaps over tolerance: v₂ " + std::to_string(v_gap) + ", p₂ " +
                      std::to_string(p_gap) + ", signal weight " +
                      std::to_string(weight_gap / weight_tolerance);
    }
    return o;
  };
  c.instances = 100;
  return c;
}

}  // namespace boa::claims
