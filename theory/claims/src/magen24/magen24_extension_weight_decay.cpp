// magen24.extension.weight_decay — [M] rebuttal Fig. 10: GD with small weight decay run to
// convergence (WeightDecayRoute: SB steps, λ = 1e-3·d/n, 1000 steps), which the rebuttal takes as
// the max-margin learning rule. Exploratory; magen24.maxmargin.selection compares it with the
// SVM solution instance by instance.
#include "boa/catalog.hpp"
#include "boa/max_margin_selection.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {

Claim Magen24ExtensionWeightDecay() {
  Claim c;
  c.id = "magen24.extension.weight_decay";
  c.title = "GD with small weight decay to convergence: accuracy and signal attention";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal, Fig. 10 (weight decay)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Verification of Theorem 6, 8, 10': \"we trained using GD with "
       "weight-decay (as GD with weight decay corresponds to "
       "norm-minimization/margin-maximization) and got similar plots to the ones of GD without "
       "weight decay\" (Fig. 10)"},
      prov::ExtensionSetting(),
      {"λ = 1e-3·d/n, SB steps 4n/d, 1000 steps from zero", Origin::kConvention,
       "THEORY.md §3 weight-decay route: λ‖θ‖² ≈ 1e-3 at the SVM scale ‖θ‖² ~ n/d"},
  };
  c.check = [](const Params&, std::uint64_t seed, Engine engine) {
    const SignalNoiseSpec spec = ExtensionSpec(4 * 20 * 20);
    PromptAttentionRunOptions options = WeightDecayRoute(spec.n, spec.d, 4000);
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
BOA_REGISTER_CLAIM(Magen24ExtensionWeightDecay);

}  // namespace boa::claims
