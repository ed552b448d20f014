// magen24.extension.vs_linear — [M] rebuttal ("comparison to linear model"): the same data fitted
// by a linear classifier on averaged tokens, f = vᵀ(x₁ + x₂)/2 — M1 with p frozen at zero, so the
// attention stays uniform — trained by GD (SB step size on v, 1000 steps, no weight decay).
// Exploratory: without token selection the noise of the noisy samples is learnt together with
// the signal.
#include "boa/catalog.hpp"
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
  };
  c.check = [](const Params&, std::uint64_t seed, Engine engine) {
    const SignalNoiseSpec spec = ExtensionSpec(4 * 20 * 20);
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSB(spec.n, spec.d);
    options.steps = 1000;
    options.train_attention = false;
    options.engine = ChoiceOf(engine);
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
    return ReportRoute(SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy,
                                      1 - run.test.error.rate));
  };
  c.instances = 20;
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionVsLinear);

}  // namespace boa::claims
