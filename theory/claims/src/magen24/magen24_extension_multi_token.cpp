// magen24.extension.multi_token — [M] rebuttal Fig. 6: T = 5 (one signal and four noise tokens),
// two GD steps with schedule SA. Exploratory: the rebuttal expects clean samples to attend to
// their signal and noisy samples to spread their attention over the noise tokens.
#include "boa/prompt_attention_run.hpp"
#include "route_outcome.hpp"

namespace boa::claims {

Claim Magen24ExtensionMultiToken() {
  Claim c;
  c.id = "magen24.extension.multi_token";
  c.title = "T = 5 tokens (one signal, four noise): two SA steps, accuracy and signal attention";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal, Fig. 6 (multi-token)";
  c.check = [](const Params&, std::uint64_t seed, Engine engine) {
    const SignalNoiseSpec spec = ExtensionSpec(4 * 20 * 20, 5);
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.steps = 2;
    options.engine = ChoiceOf(engine);
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
    return ReportRoute(SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy,
                                      1 - run.test.error.rate));
  };
  c.instances = 20;
  c.gram_form = true;
  return c;
}

}  // namespace boa::claims
