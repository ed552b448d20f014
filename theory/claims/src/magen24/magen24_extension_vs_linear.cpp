// magen24.extension.vs_linear — [M] rebuttal ("comparison to linear model"): the same data fitted
// by a linear classifier on averaged tokens, f = vᵀ(x₁ + x₂)/2 — M1 with p frozen at zero, so the
// attention stays uniform — trained by GD (SB step size on v, 1000 steps, no weight decay).
// Exploratory: without token selection the noise of the noisy samples is learnt together with
// the signal. Beside it, on the same draw (issue 33): the minimum-norm linear interpolator of the
// averaged tokens, v = Zᵀ(ZZᵀ)⁻¹y with z_i = (x_i1 + x_i2)/2 (the limit of that GD from zero,
// computed exactly in Gram form), and M1 after two SA steps; for each, the clean test accuracy
// (exact, T = 2) and the share of ‖v‖² in the signal plane span{μ₊, μ₋}.
#include "boa/catalog.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/linear_baseline.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/prompt_attention_run.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {

Claim Magen24ExtensionVsLinear() {
  Claim c;
  c.id = "magen24.extension.vs_linear";
  c.title = "A linear classifier on averaged tokens (no attention) on the same data";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal, comparison to a linear model";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Comparison to linear model': \"linear interpolation lacks this token "
       "selection mechanism, leading to simultaneous learning of signal and noise tokens\""},
      prov::ExtensionSetting(),
      {"linear model: p frozen at 0, SB on v, 1000 steps", Origin::kConvention,
       "THEORY.md §3 linear baseline: uniform attention, f = vᵀ(x₁ + x₂)/2"},
      {"minimum-norm linear interpolator v = Zᵀ(ZZᵀ)⁻¹y beside M1 after two SA steps",
       Origin::kConvention,
       "boa's reading of the discussion's \"linear interpolation\" (issue 33): the interpolator GD "
       "on the averaged tokens converges to from zero"},
  };
  c.check = [](const Params&, std::uint64_t seed, Engine engine) {
    const SignalNoiseSpec spec = ExtensionSpec(4 * 20 * 20);
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSB(spec.n, spec.d);
    options.steps = 1000;
    options.train_attention = false;
    options.engine = ChoiceOf(engine);
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
    Outcome o = ReportRoute(SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy,
                                           1 - run.test.error.rate));
    // The same draw in Gram form (the Gram engine's own draw; the direct one's exact Gram form).
    const GramInstance gram =
        engine == Engine::kGram ? SampleSignalNoiseGram(spec, 0.0, seed)
                                : GramFromDataset(GenerateSignalNoise(spec, seed), spec.sigma).gram;
    const double mu_norm = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
    const TestProjections min_norm =
        ProjectionsOf(gram.Zero(), MinNormLinearInterpolator(gram), gram);
    o.measured["min_norm_clean_test_accuracy"] = 1 - ExactCleanTestErrorSignalNoiseT2(min_norm);
    o.measured["min_norm_signal_share"] = SignalShare(min_norm, mu_norm, spec.sigma);
    o.measured["gd_linear_signal_share"] = SignalShare(run.projections, mu_norm, spec.sigma);
    PromptAttentionRunOptions two_steps;
    two_steps.schedule = MagenScheduleSA(spec.n, spec.d);
    two_steps.engine = ChoiceOf(engine);
    const PromptAttentionRun attention = RunPromptAttention(spec, two_steps, seed);
    o.measured["attention_clean_test_accuracy"] =
        1 - ExactCleanTestErrorSignalNoiseT2(attention.projections);
    o.measured["attention_signal_share"] = SignalShare(attention.projections, mu_norm, spec.sigma);
    return o;
  };
  c.instances = 20;
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionVsLinear);

}  // namespace boa::claims
