// magen24.extension.multi_token — [M] rebuttal Fig. 6: T = 5 (one signal and four noise tokens),
// two GD steps with schedule SA. Exploratory: the rebuttal expects clean samples to attend to
// their signal and noisy samples to spread their attention over the noise tokens.
#include "boa/catalog.hpp"
#include "boa/prompt_attention_run.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {

Claim Magen24ExtensionMultiToken() {
  Claim c;
  c.id = "magen24.extension.multi_token";
  c.title = "T = 5 tokens (one signal, four noise): two SA steps, accuracy and signal attention";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal, Fig. 6 (multi-token)";
  c.elements = {
      prov::MultiTokenStatement(),
      {"setting", Origin::kConvention,
       "boa's extensions' D1 setting (route_outcome.hpp ExtensionSpec): n = 20, η = 0.1 with exact "
       "flips, r = 4.5 — inside the SA window (3.125, 6.58) and above the max-margin boundary "
       "2.22; d = 4n² = 1600, two GD steps from zero"},
      {"T = 5", Origin::kPaper,
       "[M] discussion, 'Experiments on more complex model': \"we consider T=5 tokens, where all "
       "noise tokens are generated in the same approach\""},
      prov::ScheduleSA(),
  };
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
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionMultiToken);

}  // namespace boa::claims
